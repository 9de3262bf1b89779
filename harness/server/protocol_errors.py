"""Typed errors for the MySQL-protocol server.

Two families, kept apart on purpose:

* :class:`SqlError` is what a *session* raises when a statement fails. The
  server turns it into an ERR packet and keeps the connection open, exactly
  like a real server answering a failed statement.
* :class:`ProtocolError` is what the *wire codecs* raise when the bytes a
  client sent do not form a valid packet. The server cannot resynchronise a
  byte stream it does not understand, so it logs the peer and the reason and
  closes that one connection (never the whole server).
"""

from __future__ import annotations

# Error codes and SQLSTATEs the protocol layer itself produces. The values are
# MariaDB's (include/mysqld_error.h, sql/share/errmsg-utf8.txt) so that
# mysql-connector-python maps them onto the same exception classes as for a
# real server.
ER_HANDSHAKE_ERROR = 1043  # 08S01 "Bad handshake"
ER_CON_COUNT_ERROR = 1040  # 08004 "Too many connections"
ER_ACCESS_DENIED_ERROR = 1045  # 28000
ER_UNKNOWN_COM_ERROR = 1047  # 08S01 "Unknown command"
ER_PARSE_ERROR = 1064  # 42000
ER_EMPTY_QUERY = 1065  # 42000 "Query was empty"
ER_UNKNOWN_ERROR = 1105  # HY000
ER_NET_PACKET_TOO_LARGE = 1153  # 08S01
ER_NET_PACKETS_OUT_OF_ORDER = 1156  # 08S01
ER_NOT_SUPPORTED_AUTH_MODE = 1251  # 08004

SQLSTATE_BY_CODE: dict[int, str] = {
    ER_HANDSHAKE_ERROR: "08S01",
    ER_CON_COUNT_ERROR: "08004",
    ER_ACCESS_DENIED_ERROR: "28000",
    ER_UNKNOWN_COM_ERROR: "08S01",
    ER_PARSE_ERROR: "42000",
    ER_EMPTY_QUERY: "42000",
    ER_UNKNOWN_ERROR: "HY000",
    ER_NET_PACKET_TOO_LARGE: "08S01",
    ER_NET_PACKETS_OUT_OF_ORDER: "08S01",
    ER_NOT_SUPPORTED_AUTH_MODE: "08004",
}


class ServerError(Exception):
    """Base class of everything the server package raises on purpose."""


class SqlError(ServerError):
    """A statement-level error, sent to the client as an ERR packet.

    ``sqlstate`` defaults from :data:`SQLSTATE_BY_CODE` (else ``HY000``) so
    session code can write ``SqlError(1146, message="Table 'd.t' doesn't
    exist")`` and still give the client the right exception class.
    """

    code: int
    sqlstate: str
    message: str

    def __init__(self, code: int, message: str = "", sqlstate: str | None = None) -> None:
        if sqlstate is None:
            sqlstate = SQLSTATE_BY_CODE.get(code, "HY000")
        if len(sqlstate) != 5 or not sqlstate.isascii():
            raise ValueError(f"SQLSTATE must be 5 ASCII characters, got {sqlstate!r}")
        if not 0 < code < 65536:
            raise ValueError(f"error code must fit in 2 bytes, got {code}")
        super().__init__(code, sqlstate, message)
        self.code = code
        self.sqlstate = sqlstate
        self.message = message

    def __str__(self) -> str:
        return f"{self.code} ({self.sqlstate}): {self.message}"


class ProtocolError(ServerError):
    """The client sent bytes that are not a valid packet for the current state.

    ``reason`` is a short human sentence for the server log; the connection
    that produced it is closed.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class PacketTooLarge(ProtocolError):
    """A packet exceeded the server's ``max_allowed_packet``.

    Separate from :class:`ProtocolError` because the server answers it with
    ERR 1153 before closing, as MariaDB does.
    """

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(f"packet of {size} bytes exceeds max_allowed_packet={limit}")
        self.size = size
        self.limit = limit


class ConnectionClosed(ServerError):
    """The peer closed the socket (cleanly or not) while we were reading."""
