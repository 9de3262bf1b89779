"""A minimal raw MySQL client built on the server's own codecs.

Used where mysql-connector-python cannot go: unknown commands, exact query
bytes, garbage on the wire, hand-made handshake responses.
"""

from __future__ import annotations

import socket
import time
from typing import Callable

from harness.server import protocol as p
from harness.server.server import PacketChannel

CLIENT_CAPS = (
    p.CLIENT_LONG_PASSWORD
    | p.CLIENT_LONG_FLAG
    | p.CLIENT_PROTOCOL_41
    | p.CLIENT_TRANSACTIONS
    | p.CLIENT_SECURE_CONNECTION
    | p.CLIENT_PLUGIN_AUTH
    | p.CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA
    | p.CLIENT_CONNECT_ATTRS
)


class RawClient:
    def __init__(self, port: int, host: str = "127.0.0.1", timeout: float = 5.0) -> None:
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.io = PacketChannel(self.sock, 1 << 30)
        self.handshake = p.decode_handshake_v10(self.io.read_packet())

    def login(
        self,
        user: str = "root",
        password: str = "pw",
        *,
        plugin: str = p.NATIVE_PASSWORD_PLUGIN,
        caps: int = CLIENT_CAPS,
        database: str | None = None,
    ) -> bytes:
        """Send HandshakeResponse41; answer one auth switch; return the final packet."""
        if database is not None:
            caps |= p.CLIENT_CONNECT_WITH_DB
        auth = p.native_password_scramble(password, self.handshake.scramble) if plugin == p.NATIVE_PASSWORD_PLUGIN else b"\x01" * 32
        resp = p.HandshakeResponse(caps, 1 << 24, 45, user, auth, database, plugin, {"_client_name": "raw"})
        self.io.write(p.encode_handshake_response(resp))
        pkt = self.io.read_packet()
        if pkt[0] == p.AUTH_SWITCH_HEADER and len(pkt) > 1:
            r = p.PayloadReader(pkt[1:])
            name = r.nul_bytes().decode()
            salt = r.rest().rstrip(b"\0")
            assert name == p.NATIVE_PASSWORD_PLUGIN
            self.io.write(p.native_password_scramble(password, salt))
            pkt = self.io.read_packet()
        return pkt

    def command(self, cmd: int, body: bytes = b"") -> bytes:
        """Send a command and return the first reply packet."""
        self.io.seq = 0
        self.io.write(bytes((cmd,)) + body)
        return self.io.read_packet()

    def read(self) -> bytes:
        return self.io.read_packet()

    def query_rows(self, sql: str) -> list[list[bytes | None]]:
        """COM_QUERY with a result set (no DEPRECATE_EOF): the rows as raw cells."""
        first = self.command(p.COM_QUERY, sql.encode())
        if first[0] == p.ERR_HEADER:
            e = p.decode_err(first)
            raise RuntimeError(f"{e.code} {e.sqlstate} {e.message}")
        ncols = p.PayloadReader(first).lenenc_int() or 0
        for _ in range(ncols):
            self.read()
        assert self.read()[0] == p.EOF_HEADER
        rows = []
        while True:
            pkt = self.read()
            if pkt[0] == p.EOF_HEADER and len(pkt) < 9:
                return rows
            r = p.PayloadReader(pkt)
            rows.append([r.lenenc_bytes() for _ in range(ncols)])

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


def wait_until(pred: Callable[[], bool], timeout: float = 5.0) -> bool:
    """Poll ``pred`` until true or timeout; the server finishes connections asynchronously."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return True
        time.sleep(0.01)
    return pred()
