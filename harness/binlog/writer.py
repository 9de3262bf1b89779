"""BinlogFileWriter: write a MariaDB 10.11- or MySQL 8.0-shaped binlog file.

The reimplementation builds events with the ``new_*`` factories and hands
them here; the writer owns positions (``log_pos`` = end offset), the CRC32
footer and the file-start sequence a real server writes, which is the one
thing the flavours differ in:

* MariaDB 10.11: Format_description (LOG_EVENT_BINLOG_IN_USE_F while open),
  Gtid_list, Binlog_checkpoint(s);
* MySQL 8.0 (WL#7592 FR2, whatever GTID_MODE): Format_description (8.0
  post-header table) + Previous_gtids (the GTID set of all earlier files;
  empty set -> 31 bytes). With 8.0.28+ and CRC32 the first group starts at
  offset 157. No Gtid_list / Binlog_checkpoint.

Groups are written with one ``write`` call so a crash never leaves half a
transaction in the file.
"""

from __future__ import annotations

import os
from functools import partial
from typing import Iterable

from .codec import encode_event
from .constants import BINLOG_MAGIC, MARIADB_10_11, MYSQL_8_0, ChecksumAlg, HeaderFlag
from .context import StreamContext
from .control import new_rotate_event, new_stop_event
from .codec_errors import EncodeError
from .fde import DEFAULT_SERVER_VERSION, FormatDescriptionEvent, new_format_description_event
from .gtid import Gtid, new_binlog_checkpoint_event, new_gtid_list_event
from .header import Event
from .mysql_gtid import MysqlGtidEvent, SidIntervals, new_previous_gtids_event, set_transaction_length

_FLAGS_OFFSET = 4 + 17  # flags field of the FDE header, after the magic


class BinlogFileWriter:
    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        server_id: int = 1,
        checksum_alg: int = ChecksumAlg.CRC32,
        server_version: str | None = None,
        fsync: bool = False,
        flavor: str = MARIADB_10_11,
    ) -> None:
        self.path = os.fspath(path)
        self.server_id = server_id
        self.flavor = flavor
        self.server_version = DEFAULT_SERVER_VERSION[flavor] if server_version is None else server_version
        self.fsync = fsync
        self.ctx = StreamContext(checksum_alg=checksum_alg)
        self._f = open(self.path, "w+b")
        self._f.write(BINLOG_MAGIC)
        self._pos = len(BINLOG_MAGIC)
        self._in_use_fde = False
        self.closed = False

    # -- state -------------------------------------------------------------
    @property
    def position(self) -> int:
        """Offset where the next event will start (= size of the file)."""
        return self._pos

    @property
    def name(self) -> str:
        return os.path.basename(self.path)

    def __enter__(self) -> "BinlogFileWriter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing -----------------------------------------------------------
    def _encode(self, ev: Event, at: int) -> bytes:
        if self.closed:
            raise EncodeError("writer is closed")
        return encode_event(ev, self.ctx, at=at)

    def write_event(self, ev: Event) -> int:
        """Append one event; returns its start offset (``log_pos`` is its end)."""
        start = self._pos
        data = self._encode(ev, start)
        self._f.write(data)
        self._pos += len(data)
        if isinstance(ev, FormatDescriptionEvent) and ev.header.flags & HeaderFlag.BINLOG_IN_USE:
            self._in_use_fde = start == len(BINLOG_MAGIC)
        self._flush()
        return start

    def write_group(self, events: Iterable[Event], *, inner_log_pos: bool = True) -> list[int]:
        """Append an event group atomically (one write); returns start offsets.

        ``inner_log_pos=False``: the events between the group's first (its GTID) and its
        last have End_log_pos 0, as MariaDB 11.8 writes them with
        ``binlog_legacy_event_pos=OFF`` (docs/RULES-mariadb-11.8.md 1)."""
        parts: list[bytes] = []
        starts: list[int] = []
        pos = self._pos
        evs = list(events)
        last = len(evs) - 1
        for i, ev in enumerate(evs):
            if not inner_log_pos and 0 < i < last:
                if self.closed:
                    raise EncodeError("writer is closed")
                ev.header.log_pos = 0
                data = encode_event(ev, self.ctx)
            else:
                data = self._encode(ev, pos)
            starts.append(pos)
            parts.append(data)
            pos += len(data)
        self._f.write(b"".join(parts))
        self._pos = pos
        self._flush()
        return starts

    def _flush(self) -> None:
        self._f.flush()
        if self.fsync:
            os.fsync(self._f.fileno())

    def write_transaction(self, events: Iterable[Event]) -> list[int]:
        """Write a group whose first event may be a MySQL Gtid/Anonymous_gtid,
        filling that event's ``transaction_length`` (bytes of the whole group)."""
        evs = list(events)
        if evs and isinstance(evs[0], MysqlGtidEvent):
            probe = StreamContext(checksum_alg=self.ctx.checksum_alg, fde=self.ctx.fde,
                                  table_maps=dict(self.ctx.table_maps))
            rest = sum(len(encode_event(e, probe)) for e in evs[1:])
            set_transaction_length(evs[0], rest, checksum=self.ctx.has_checksum)
        return self.write_group(evs)

    def write_header_events(
        self,
        *,
        timestamp: int,
        gtid_list: Iterable[Gtid] = (),
        checkpoint_files: Iterable[str] | None = None,
        previous_gtids: str | list[SidIntervals] = "",
        create_timestamp: int | None = None,
        in_use: bool = True,
    ) -> None:
        """The file-start events of the flavour.

        MariaDB: Format_description, Gtid_list and Binlog_checkpoint(s).
        ``gtid_list`` is the binlog state (last GTID per domain) at the
        moment of rotation; ``checkpoint_files`` are the files named by the
        checkpoint events (default: this file).

        MySQL: Format_description + Previous_gtids. ``previous_gtids``:
        gtid_executed at the moment this file was opened (e.g.
        ``"3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5"``; empty with GTID_MODE=OFF).

        Both set the FDE's ``create_timestamp`` to the event timestamp only in
        the first file after startup (the default here) and to 0 in files
        opened by a rotation: pass ``create_timestamp=0`` for those.
        """
        fde = new_format_description_event(
            timestamp=timestamp, server_id=self.server_id, server_version=self.server_version,
            checksum_alg=self.ctx.checksum_alg, create_timestamp=create_timestamp,
            flags=HeaderFlag.BINLOG_IN_USE if in_use else 0, flavor=self.flavor,
        )
        self.write_event(fde)
        if self.flavor == MYSQL_8_0:
            self.write_event(new_previous_gtids_event(previous_gtids, timestamp=timestamp,
                                                      server_id=self.server_id))
            return
        self.write_event(new_gtid_list_event(list(gtid_list), timestamp=timestamp, server_id=self.server_id))
        files = [self.name] if checkpoint_files is None else list(checkpoint_files)
        for f in files:
            self.write_event(new_binlog_checkpoint_event(f, timestamp=timestamp, server_id=self.server_id))

    def rotate(self, next_file: str, *, timestamp: int) -> int:
        """Write the Rotate to ``next_file`` and close this file."""
        start = self.write_event(new_rotate_event(next_file, 4, timestamp=timestamp, server_id=self.server_id))
        self.close()
        return start

    def stop(self, *, timestamp: int) -> int:
        """Write the Stop event of a clean shutdown and close."""
        start = self.write_event(new_stop_event(timestamp=timestamp, server_id=self.server_id))
        self.close()
        return start

    def close(self, *, clear_in_use: bool = True) -> None:
        """Close; like the server, clear BINLOG_IN_USE in the FDE (its CRC excludes it)."""
        if self.closed:
            return
        if clear_in_use and self._in_use_fde:
            self._f.seek(_FLAGS_OFFSET)
            b = self._f.read(1) if self._f.readable() else None
            self._f.seek(_FLAGS_OFFSET)
            self._f.write(bytes([0]) if b is None else bytes([b[0] & ~HeaderFlag.BINLOG_IN_USE & 0xFF]))
            self._f.seek(0, os.SEEK_END)
        self._f.flush()
        if self.fsync:
            os.fsync(self._f.fileno())
        self._f.close()
        self.closed = True


MysqlBinlogFileWriter = partial(BinlogFileWriter, flavor=MYSQL_8_0)
