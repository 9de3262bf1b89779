"""Semi-synchronous replication, the primary's side (MariaDB 10.11's built-in semisync_master).

With ``rpl_semi_sync_master_enabled=ON``, a replica that announces itself as
semi-synchronous (``SET @rpl_semi_sync_slave=1`` before COM_BINLOG_DUMP) gets every
event packet behind a two-byte header: the magic byte 0xef and a flag, 0x01
(SEMI_SYNC_NEED_ACK) on the event that ends a transaction a client is waiting for.
The replica answers such an event, once it is in its relay log, with an ACK packet:
0xef, the 8-byte position after the event and the binlog file name.

A client's commit (wait point AFTER_COMMIT, the default; a COM_QUERY statement or a
prepared statement's COM_STMT_EXECUTE) is written to the binary log
and committed, then its OK waits until a replica acknowledged the commit's binlog
position, or ``rpl_semi_sync_master_timeout`` milliseconds passed: then the primary
switches semi-sync off (``Rpl_semi_sync_master_status`` OFF, the transaction counts
in ``Rpl_semi_sync_master_no_tx``) and commits without waiting until a replica's ACK
catches up with the last commit again. An acknowledged commit counts in
``Rpl_semi_sync_master_yes_tx``; ``Rpl_semi_sync_master_clients`` is the number of
semi-synchronous dump connections.
"""

from __future__ import annotations

import struct
import threading
import time
from typing import Any
from harness.diagnostics import ServerError

MAGIC = 0xEF
NEED_ACK = 0x01

Position = tuple[str, int]


def _on(value: Any) -> bool:
    return str(value).upper() in ("1", "ON", "TRUE")


def decode_ack(payload: bytes) -> Position | None:
    """An ACK packet's (file, position), None for anything else the replica sent."""
    if len(payload) < 10 or payload[0] != MAGIC:
        return None
    pos = struct.unpack_from("<Q", payload, 1)[0]
    return payload[9:].rstrip(b"\0").decode("ascii", "replace"), pos


def encode_ack(file: str, pos: int) -> bytes:
    return bytes((MAGIC,)) + struct.pack("<Q", pos) + file.encode("ascii")


def event_end(ev: bytes) -> int:
    """The log_pos of an event header: the position after the event (0 for fake events)."""
    return int(struct.unpack_from("<I", ev, 13)[0]) if len(ev) >= 17 else 0


class SemiSyncMaster:
    """Shared by the server's connections: the commits waiting for an ACK, the ACKs, and
    the Rpl_semi_sync_master_* status. Thread-safe; never holds the engine mutex."""

    def __init__(self) -> None:
        self._cv = threading.Condition()
        self.clients = 0
        self.acked: Position = ("", 0)
        self.switched_off = False
        self.yes_tx = 0
        self.no_tx = 0
        self._commits: set[Position] = set()
        self._last_commit: Position = ("", 0)

    # -- settings and status

    @staticmethod
    def _settings(session: Any) -> tuple[bool, float]:
        read = getattr(session, "global_var", None)
        if not callable(read):
            return False, 0.0
        return _on(read("rpl_semi_sync_master_enabled")), int(read("rpl_semi_sync_master_timeout")) / 1000.0

    def enabled(self, session: Any) -> bool:
        # Asked before every statement: reads the one variable it needs, not the timeout too.
        # A flavour whose variable catalog has no semi-sync (mysql-8.0 without the plugin)
        # is never semi-synchronous.
        read = getattr(session, "global_var", None)
        if not callable(read):
            return False
        try:
            return _on(read("rpl_semi_sync_master_enabled"))
        except ServerError:
            return False

    def status(self, session: Any) -> dict[str, Any]:
        """The Rpl_semi_sync_master_* status variables the model keeps."""
        with self._cv:
            on = self.enabled(session) and not self.switched_off
            return {"Rpl_semi_sync_master_clients": self.clients,
                    "Rpl_semi_sync_master_status": "ON" if on else "OFF",
                    "Rpl_semi_sync_master_yes_tx": self.yes_tx, "Rpl_semi_sync_master_no_tx": self.no_tx}

    def publish(self, session: Any) -> None:
        store = getattr(session, "set_status", None)
        if callable(store):
            for name, value in self.status(session).items():
                store(name, value)

    # -- the committing client

    def before_statement(self, session: Any) -> Position | None:
        """The binlog end before a statement, when semi-sync may make it wait."""
        if not self.enabled(session):
            return None
        end = getattr(session, "binlog_end", None)
        return end() if callable(end) else None

    def after_commit(self, session: Any, before: Position | None) -> None:
        """Wait, before the client's OK, until a replica acknowledged what the statement
        wrote to the binary log (or the timeout switches semi-sync off)."""
        if before is None:
            return
        after = session.binlog_end()
        if after == before:
            return
        enabled, timeout = self._settings(session)
        with self._cv:
            self._commits.add(after)
            self._last_commit = max(self._last_commit, after)
            if not enabled or self.switched_off:
                self.no_tx += 1
            else:
                deadline = time.monotonic() + timeout
                while self.acked < after:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        self.switched_off = True
                        self.no_tx += 1
                        break
                    self._cv.wait(left)
                else:
                    self.yes_tx += 1
            self._commits = {c for c in self._commits if c > self.acked}
        self.publish(session)

    # -- the dump connection

    def add_client(self) -> None:
        with self._cv:
            self.clients += 1

    def remove_client(self) -> None:
        with self._cv:
            self.clients -= 1

    def need_ack(self, file: str, end: int) -> bool:
        """update_sync_header: the event ends a commit that waits and is not acknowledged."""
        with self._cv:
            return (file, end) in self._commits and (file, end) > self.acked

    def report_ack(self, file: str, pos: int) -> None:
        """An ACK: wake the commits up to it; a replica that caught up with the last
        commit switches semi-sync on again."""
        with self._cv:
            if (file, pos) > self.acked:
                self.acked = (file, pos)
            if self.switched_off and self.acked >= self._last_commit:
                self.switched_off = False
            self._cv.notify_all()


class AckReader:
    """Splits what a semi-synchronous replica sends on its dump connection into packets
    and hands each ACK to the master."""

    def __init__(self, master: SemiSyncMaster) -> None:
        self.master = master
        self._buf = bytearray()

    def feed(self, data: bytes) -> None:
        self._buf += data
        while len(self._buf) >= 4:
            length = int.from_bytes(self._buf[:3], "little")
            if len(self._buf) < 4 + length:
                return
            payload = bytes(self._buf[4:4 + length])
            del self._buf[:4 + length]
            ack = decode_ack(payload)
            if ack is not None:
                self.master.report_ack(*ack)
