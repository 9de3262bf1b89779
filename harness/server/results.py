"""The contract between the wire-protocol server and the SQL session.

The server (``server.py``) owns sockets, packets and authentication; the
session (``session.py``, another module's concern) owns statement execution.
They meet only through the types below, so either side can be tested with a
stand-in for the other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Callable, Protocol, Union, runtime_checkable

# Column type codes (enum_field_types). Only the ones a text protocol result
# is likely to use are named; any other code can be passed as an int.
MYSQL_TYPE_DECIMAL = 0
MYSQL_TYPE_TINY = 1
MYSQL_TYPE_SHORT = 2
MYSQL_TYPE_LONG = 3
MYSQL_TYPE_FLOAT = 4
MYSQL_TYPE_DOUBLE = 5
MYSQL_TYPE_NULL = 6
MYSQL_TYPE_TIMESTAMP = 7
MYSQL_TYPE_LONGLONG = 8
MYSQL_TYPE_INT24 = 9
MYSQL_TYPE_DATE = 10
MYSQL_TYPE_TIME = 11
MYSQL_TYPE_DATETIME = 12
MYSQL_TYPE_YEAR = 13
MYSQL_TYPE_VARCHAR = 15
MYSQL_TYPE_BIT = 16
MYSQL_TYPE_NEWDECIMAL = 246
MYSQL_TYPE_ENUM = 247
MYSQL_TYPE_SET = 248
MYSQL_TYPE_BLOB = 252
MYSQL_TYPE_VAR_STRING = 253
MYSQL_TYPE_STRING = 254

# Column definition flags.
NOT_NULL_FLAG = 1
PRI_KEY_FLAG = 2
UNIQUE_KEY_FLAG = 4
MULTIPLE_KEY_FLAG = 8
BLOB_FLAG = 16
UNSIGNED_FLAG = 32
ZEROFILL_FLAG = 64
BINARY_FLAG = 128
ENUM_FLAG = 256
AUTO_INCREMENT_FLAG = 512
TIMESTAMP_FLAG = 1024
SET_FLAG = 2048
NO_DEFAULT_VALUE_FLAG = 4096
PART_KEY_FLAG = 16384
NUM_FLAG = 32768

# Collation ids used in column definitions.
CHARSET_LATIN1 = 8  # latin1_swedish_ci
CHARSET_UTF8MB3 = 33  # utf8mb3_general_ci (MariaDB's default for metadata)
CHARSET_UTF8MB4 = 45  # utf8mb4_general_ci
CHARSET_BINARY = 63

# SERVER_STATUS_* bits, returned by Session.status_flags().
SERVER_STATUS_IN_TRANS = 0x0001
SERVER_STATUS_AUTOCOMMIT = 0x0002
SERVER_MORE_RESULTS_EXISTS = 0x0008
SERVER_STATUS_NO_GOOD_INDEX_USED = 0x0010
SERVER_STATUS_NO_INDEX_USED = 0x0020
SERVER_STATUS_DB_DROPPED = 0x0100
SERVER_STATUS_NO_BACKSLASH_ESCAPES = 0x0200
SERVER_STATUS_IN_TRANS_READONLY = 0x2000
SERVER_SESSION_STATE_CHANGED = 0x4000

#: What a row cell may hold. ``str`` is sent UTF-8 encoded, ``bytes`` verbatim,
#: ``None`` as SQL NULL; ints, floats and Decimals are accepted for
#: convenience and sent as ``str(value)``.
Cell = Union[str, bytes, int, float, Decimal, None]


@dataclass
class Column:
    """One column definition of a result set (Protocol::ColumnDefinition41)."""

    name: str
    type_code: int = MYSQL_TYPE_VAR_STRING
    table: str = ""
    schema: str = ""
    org_name: str = ""
    length: int = 255
    charset: int = CHARSET_UTF8MB3
    flags: int = 0
    decimals: int = 0
    # The base table's real name; defaults to ``table`` when empty.
    org_table: str = ""


@dataclass
class OkResult:
    """A statement that returned no rows (OK packet)."""

    affected_rows: int = 0
    last_insert_id: int = 0
    warnings: int = 0
    info: str = ""
    #: Session-state changes (CLIENT_SESSION_TRACK) as encoded by
    #: protocol.encode_state_changes; sent, with SERVER_SESSION_STATE_CHANGED, only to
    #: clients that negotiated session tracking.
    session_state: bytes = b""


@dataclass
class ResultSet:
    """A statement that returned rows (text-protocol result set)."""

    columns: list[Column]
    rows: list[list[Cell]] = field(default_factory=list)
    warnings: int = 0


@dataclass(frozen=True)
class HandshakeInfo:
    """What the server learned about a client while authenticating it.

    Handed to the :data:`SessionFactory` so the session starts in the state
    the client asked for (default database, character set).
    """

    connection_id: int
    user: str
    database: str | None
    # Collation id the client announced in HandshakeResponse41 (e.g. 45 =
    # utf8mb4_general_ci, 255 = utf8mb4_0900_ai_ci from MySQL 8 clients).
    charset: int
    capabilities: int
    connect_attrs: dict[str, str] = field(default_factory=dict)
    # Peer address, for 'user'@'host' messages and disconnect logging.
    host: str = ""
    port: int = 0
    auth_plugin: str = ""


@runtime_checkable
class Session(Protocol):
    """One client connection's SQL state, driven by the server.

    All methods are called with the server's global lock held, so an
    implementation need not be thread-safe.
    """

    connection_id: int

    def execute(self, sql: str) -> OkResult | ResultSet:
        """Run one statement (no trailing ';'); raise :class:`SqlError` on failure."""
        ...

    def init_db(self, db: str) -> OkResult:
        """COM_INIT_DB (``USE db`` without a statement); raise SqlError 1049 if unknown."""
        ...

    def status_flags(self) -> int:
        """SERVER_STATUS_* bits after the last command (autocommit, in_trans, ...)."""
        ...

    def close(self) -> None:
        """The client is gone (quit, disconnect, server shutdown); called exactly once."""
        ...


#: Builds the session for a freshly authenticated connection. May raise
#: :class:`SqlError` (e.g. 1049 Unknown database) to refuse the connection.
SessionFactory = Callable[[HandshakeInfo], Session]
