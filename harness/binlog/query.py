"""Query event (type 2): statement text plus the session context it needs.

Status variables are kept as an ordered list of typed :class:`StatusVar`
entries, exactly as they appear in the event, so decode→encode is
byte-identical; :func:`query_status_vars` builds the list MariaDB 10.11 or
MySQL 8.0 writes (a per-flavour table of order and defaults) so the
reimplementation can produce the same bytes.

:func:`read_query_body` / :func:`write_query_body` are the body every
Query-shaped event shares (post-header, status variables, database, query);
Execute_load_query (load.py) only extends the post-header, so its codec
passes its own layout instead of repeating those steps.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from .bytes_io import ByteReader, ByteWriter
from .constants import MARIADB_10_11, MYSQL_8_0, EventType, HeaderFlag, QueryStatus as Q
from .context import StreamContext
from .codec_errors import EncodeError
from .header import Event, EventHeader
from .layout import ALTER_COMPLETION_FLAGS, OVER_MAX_DBS_IN_EVENT_MTS, QUERY, STATUS_VAR_INT_WIDTH, Layout

_ENC = "utf-8"
_ERR = "surrogateescape"


@dataclass(slots=True)
class StatusVar:
    """One status variable.

    ``value`` by code: FLAGS2/SQL_MODE/LC_TIME_NAMES/CHARSET_DATABASE/
    TABLE_MAP_FOR_UPDATE/MASTER_DATA_WRITTEN/MICROSECONDS/HRNOW/XID/
    the MySQL 1-/2-/8-byte codes → int; GTID_FLAGS3 → int flags_extra, or
    (flags_extra, START ALTER seq_no) for COMMIT/ROLLBACK ALTER; AUTO_INCREMENT →
    (increment, offset); CHARSET → (client, connection, server);
    TIME_ZONE/CATALOG_NZ/CATALOG → bytes; INVOKER → (user, host) bytes;
    UPDATED_DB_NAMES → tuple of bytes (or None for "too many");
    CHARACTER_SET_COLLATIONS → tuple of (charset, collation) pairs; an
    unknown code → the raw remaining status bytes (parsing cannot continue
    past a code whose length is unknown, exactly like the server).
    """

    code: int
    value: Any


@dataclass(slots=True)
class QueryEvent(Event):
    thread_id: int
    exec_time: int
    error_code: int
    status_vars: list[StatusVar]
    database: str
    query: str
    # post-header bytes beyond the 13 standard ones (none for MariaDB 10.11)
    post_header_extra: bytes = b""

    def status(self, code: int, default: Any = None) -> Any:
        for sv in self.status_vars:
            if sv.code == code:
                return sv.value
        return default


_INT_WIDTH_I = STATUS_VAR_INT_WIDTH  # code -> width of the one-integer status variables
# Where the Query post-header's two lengths stand among its fields (and any layout's that extends it).
_DB_LEN = QUERY.prefix.index(QUERY.field("db_len"))
_STATUS_VARS_LEN = QUERY.prefix.index(QUERY.field("status_vars_len"))


def decode_status_vars(r: ByteReader) -> list[StatusVar]:
    out: list[StatusVar] = []
    while r.remaining():
        code = r.u8()
        width = _INT_WIDTH_I.get(code)
        if width is not None:
            out.append(StatusVar(code, r.uint_le(width)))
        elif code == Q.Q_AUTO_INCREMENT:
            out.append(StatusVar(code, (r.u16(), r.u16())))
        elif code == Q.Q_GTID_FLAGS3:
            f = r.u8()
            out.append(StatusVar(code, (f, r.uint_le(8)) if f & ALTER_COMPLETION_FLAGS else f))
        elif code == Q.Q_CHARSET_CODE:
            out.append(StatusVar(code, (r.u16(), r.u16(), r.u16())))
        elif code in (Q.Q_TIME_ZONE_CODE, Q.Q_CATALOG_NZ_CODE):
            out.append(StatusVar(code, r.bytes(r.u8())))
        elif code == Q.Q_CATALOG_CODE:
            n = r.u8()
            v = r.bytes(n)
            if r.u8() != 0:
                raise r.error("Q_CATALOG_CODE not NUL-terminated", r.pos - 1)
            out.append(StatusVar(code, v))
        elif code == Q.Q_INVOKER:
            user = r.bytes(r.u8())
            host = r.bytes(r.u8())
            out.append(StatusVar(code, (user, host)))
        elif code == Q.Q_UPDATED_DB_NAMES:
            n = r.u8()
            if n == OVER_MAX_DBS_IN_EVENT_MTS:
                out.append(StatusVar(code, None))
            else:
                out.append(StatusVar(code, tuple(r.cstring() for _ in range(n))))
        elif code == Q.Q_CHARACTER_SET_COLLATIONS:
            n = r.u8()
            out.append(StatusVar(code, tuple((r.u16(), r.u16()) for _ in range(n))))
        else:
            out.append(StatusVar(code, r.rest()))
    return out


def encode_status_vars(w: ByteWriter, svs: list[StatusVar]) -> None:
    for sv in svs:
        code = int(sv.code)
        v = sv.value
        w.u8(code)
        width = _INT_WIDTH_I.get(code)
        if width is not None:
            w.uint_le(v, width)
        elif code == Q.Q_AUTO_INCREMENT:
            w.u16(v[0])
            w.u16(v[1])
        elif code == Q.Q_GTID_FLAGS3:
            if isinstance(v, tuple):
                w.u8(v[0])
                w.uint_le(v[1], 8)
            else:
                w.u8(v)
        elif code == Q.Q_CHARSET_CODE:
            w.u16(v[0])
            w.u16(v[1])
            w.u16(v[2])
        elif code in (Q.Q_TIME_ZONE_CODE, Q.Q_CATALOG_NZ_CODE):
            w.u8(len(v))
            w.write(v)
        elif code == Q.Q_CATALOG_CODE:
            w.u8(len(v))
            w.write(v)
            w.u8(0)
        elif code == Q.Q_INVOKER:
            w.u8(len(v[0]))
            w.write(v[0])
            w.u8(len(v[1]))
            w.write(v[1])
        elif code == Q.Q_UPDATED_DB_NAMES:
            if v is None:
                w.u8(OVER_MAX_DBS_IN_EVENT_MTS)
            else:
                w.u8(len(v))
                for name in v:
                    w.write(bytes(name) + b"\x00")
        elif code == Q.Q_CHARACTER_SET_COLLATIONS:
            w.u8(len(v))
            for a, b in v:
                w.u16(a)
                w.u16(b)
        else:
            w.write(v)


def read_query_body(r: ByteReader, ctx: StreamContext, layout: Layout,
                    type_code: EventType) -> tuple[tuple[int, ...], bytes, list[StatusVar], str, bytes]:
    """The body every Query-shaped event shares (Query, Execute_load_query):
    ``layout``'s fixed post-header, which starts with the Query's five fields and
    may add its own, then the post-header bytes the format description declares
    beyond it, the status variables, the NUL-terminated database and the query.

    Returns (post-header fields, extra post-header bytes, status vars, database,
    raw query bytes)."""
    fixed_len = layout.prefix_len
    phl = ctx.post_header_len(type_code, fixed_len)
    if phl < fixed_len:
        raise r.error(f"{layout.name} post-header length {phl} < {fixed_len}")
    fixed = layout.read_prefix(r)
    extra = r.bytes(phl - fixed_len)
    svs = decode_status_vars(r.sub(fixed[_STATUS_VARS_LEN]))
    db = r.bytes(fixed[_DB_LEN]).decode(_ENC, _ERR)
    if r.u8() != 0:
        raise r.error("database name not NUL-terminated", r.pos - 1)
    return fixed, extra, svs, db, r.rest()


def decode_query(h: EventHeader, r: ByteReader, ctx: StreamContext) -> QueryEvent:
    (thread_id, exec_time, _, error_code, _), extra, svs, db, query = read_query_body(
        r, ctx, QUERY, EventType.QUERY_EVENT)
    return QueryEvent(h, thread_id, exec_time, error_code, svs, db, query.decode(_ENC, _ERR), extra)


# Encoded status-variable blocks: a session writes the same few blocks over and over.
_SV_BYTES: dict[tuple[Any, ...], bytes] = {}


def _status_var_bytes(svs: list[StatusVar]) -> bytes:
    key = tuple((sv.code, sv.value) for sv in svs)
    hit = _SV_BYTES.get(key)
    if hit is None:
        sw = ByteWriter()
        encode_status_vars(sw, svs)
        hit = sw.getvalue()
        if len(_SV_BYTES) > 4096:
            _SV_BYTES.clear()
        _SV_BYTES[key] = hit
    return hit


def write_query_body(w: ByteWriter, ev: QueryEvent, layout: Layout, *post_header_tail: int) -> None:
    """Inverse of :func:`read_query_body`: ``ev`` in ``layout``, whose fixed
    post-header is the Query's five fields followed by ``post_header_tail``."""
    try:
        svb = _status_var_bytes(ev.status_vars)
    except TypeError:  # an unhashable value (e.g. a list): encode without the memo
        sw = ByteWriter()
        encode_status_vars(sw, ev.status_vars)
        svb = sw.getvalue()
    db = ev.database.encode(_ENC, _ERR)
    if len(db) > 255:
        raise EncodeError("database name longer than 255 bytes")
    layout.write_prefix(w, ev.thread_id, ev.exec_time, len(db), ev.error_code, len(svb), *post_header_tail)
    w.write(ev.post_header_extra)
    w.write(svb)
    w.write(db)
    w.u8(0)
    w.write(ev.query.encode(_ENC, _ERR))


def encode_query(w: ByteWriter, ev: QueryEvent, ctx: StreamContext) -> None:
    write_query_body(w, ev, QUERY)


# -- building Query events like the server -----------------------------------

# OPTION_EXPLICIT_DEF_TIMESTAMP (1 << 24): explicit_defaults_for_timestamp=ON,
# the 10.11 default; the only OPTIONS_WRITTEN_TO_BIN_LOG bit in our captures.
MARIADB_10_11_FLAGS2 = 1 << 24
# STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,
# NO_ENGINE_SUBSTITUTION -- the 10.11 default sql_mode as logged.
MARIADB_10_11_SQL_MODE = 1411383296
# (character_set_client, collation_connection, collation_server) for a
# mysql-connector-python client (utf8mb4_general_ci = 45) against a server
# started with --no-defaults (latin1_swedish_ci = 8).
MARIADB_10_11_CHARSET = (45, 45, 8)

# MySQL 8.0: default sql_mode 1168113696 (ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,
# NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION);
# charset triple (255,255,255) = utf8mb4_0900_ai_ci for client, connection and server.
MYSQL_8_0_SQL_MODE = 1168113696
MYSQL_8_0_CHARSET = (255, 255, 255)
MYSQL_8_0_FLAGS2 = 0
UTF8MB4_0900_AI_CI = 255

# Per flavour: the status variables in the order ``Query_log_event::write``
# emits them, as (keyword, code, default). A default of None = not written
# unless given.
#
# MariaDB 10.11 always writes FLAGS2, SQL_MODE, CATALOG_NZ ("std"), CHARSET.
# Conditional ones mirror the server: AUTO_INCREMENT only when increment/offset
# differ from 1/1; TIME_ZONE when the statement used the session time zone
# (e.g. touched a TIMESTAMP column) -- the zone name as set, e.g. b"+00:00" or
# b"SYSTEM"; LC_TIME_NAMES when not en_US (0); HRNOW (microseconds of the
# statement start) when NOW()/CURRENT_TIMESTAMP with fractions was evaluated;
# XID for DDL that is logged with an xid (CREATE/ALTER/DROP TABLE, DROP
# DATABASE, not TRUNCATE or CREATE DATABASE).
#
# MySQL 8.0 (observed in real 8.0.18 events, tests/binlog/test_mysql80.py)::
#
#     BEGIN              FLAGS2 SQL_MODE CATALOG_NZ CHARSET [TABLE_MAP_FOR_UPDATE]
#                        DEFAULT_COLLATION_FOR_UTF8MB4
#     CREATE DATABASE    FLAGS2 SQL_MODE CATALOG_NZ CHARSET UPDATED_DB_NAMES
#                        DDL_LOGGED_WITH_XID DEFAULT_COLLATION_FOR_UTF8MB4
#                        DEFAULT_TABLE_ENCRYPTION
#     CREATE TABLE       FLAGS2 SQL_MODE CATALOG_NZ CHARSET UPDATED_DB_NAMES
#                        DDL_LOGGED_WITH_XID DEFAULT_COLLATION_FOR_UTF8MB4
#                        SQL_REQUIRE_PRIMARY_KEY
#
# Differences: no Q_XID (129) -- the DDL xid is Q_DDL_LOGGED_WITH_XID (17);
# UPDATED_DB_NAMES (12) on DDL/DML that names databases (MTS); 8.0-only codes
# 18/19/20.
_COMMON_HEAD: tuple[tuple[str, int, Any], ...] = (
    ("catalog", Q.Q_CATALOG_NZ_CODE, b"std"), ("auto_increment", Q.Q_AUTO_INCREMENT, None))
_COMMON_MID: tuple[tuple[str, int, Any], ...] = (
    ("time_zone", Q.Q_TIME_ZONE_CODE, None), ("lc_time_names", Q.Q_LC_TIME_NAMES_CODE, None),
    ("charset_database", Q.Q_CHARSET_DATABASE_CODE, None),
    ("table_map_for_update", Q.Q_TABLE_MAP_FOR_UPDATE_CODE, None), ("invoker", Q.Q_INVOKER, None))
QUERY_STATUS_VAR_ORDER: dict[str, tuple[tuple[str, int, Any], ...]] = {
    MARIADB_10_11: (
        ("flags2", Q.Q_FLAGS2_CODE, MARIADB_10_11_FLAGS2), ("sql_mode", Q.Q_SQL_MODE_CODE, MARIADB_10_11_SQL_MODE),
        *_COMMON_HEAD,
        # 11.8: between CATALOG_NZ and CHARSET (observed)
        ("character_set_collations", Q.Q_CHARACTER_SET_COLLATIONS, None),
        ("charset", Q.Q_CHARSET_CODE, MARIADB_10_11_CHARSET), *_COMMON_MID,
        ("hrnow", Q.Q_HRNOW, None), ("xid", Q.Q_XID, None), ("gtid_flags3", Q.Q_GTID_FLAGS3, None)),
    MYSQL_8_0: (
        ("flags2", Q.Q_FLAGS2_CODE, MYSQL_8_0_FLAGS2), ("sql_mode", Q.Q_SQL_MODE_CODE, MYSQL_8_0_SQL_MODE),
        *_COMMON_HEAD, ("charset", Q.Q_CHARSET_CODE, MYSQL_8_0_CHARSET), *_COMMON_MID,
        ("updated_db_names", Q.Q_UPDATED_DB_NAMES, None), ("microseconds", Q.Q_MICROSECONDS, None),
        ("explicit_defaults_for_timestamp", Q.Q_EXPLICIT_DEFAULTS_FOR_TIMESTAMP, None),
        ("ddl_xid", Q.Q_DDL_LOGGED_WITH_XID, None),
        ("default_collation_for_utf8mb4", Q.Q_DEFAULT_COLLATION_FOR_UTF8MB4, UTF8MB4_0900_AI_CI),
        ("sql_require_primary_key", Q.Q_SQL_REQUIRE_PRIMARY_KEY, None),
        ("default_table_encryption", Q.Q_DEFAULT_TABLE_ENCRYPTION, None),
        # 9.7 only (its flavour passes it): after DEFAULT_COLLATION_FOR_UTF8MB4 on DML
        ("enable_cascade_triggers", Q.Q_ENABLE_CASCADE_TRIGGERS, None)),
}


def query_status_vars(flavor: str = MARIADB_10_11, **values: Any) -> list[StatusVar]:
    """Status variables in the order ``flavor``'s server writes them
    (:data:`QUERY_STATUS_VAR_ORDER`); keywords override the defaults, None =
    not written."""
    order = QUERY_STATUS_VAR_ORDER[flavor]
    unknown = set(values) - {name for name, _, _ in order}
    if unknown:
        raise TypeError(f"{flavor} Query events have no status variable {sorted(unknown)}")
    return present_status_vars(*((code, values.get(name, default)) for name, code, default in order))


mariadb_query_status_vars = partial(query_status_vars, MARIADB_10_11)
mariadb_query_status_vars.__doc__ = "Status variables in the order MariaDB 10.11 writes them."
mysql80_query_status_vars = partial(query_status_vars, MYSQL_8_0)
mysql80_query_status_vars.__doc__ = "Status variables in MySQL 8.0's order (None = not written)."


def present_status_vars(*pairs: tuple[int, Any]) -> list[StatusVar]:
    """The status variables that are set (not None), in the order given: the server's order.

    AUTO_INCREMENT is written only when increment/offset differ from 1/1; tuple
    values are normalized to tuples.
    """
    out = []
    for code, value in pairs:
        if value is None or (code == Q.Q_AUTO_INCREMENT and tuple(value) == (1, 1)):
            continue
        out.append(StatusVar(code, tuple(value) if isinstance(value, (list, tuple)) else value))
    return out


def new_query_event(
    query: str,
    *,
    database: str,
    thread_id: int,
    timestamp: int,
    server_id: int,
    exec_time: int = 0,
    error_code: int = 0,
    status_vars: list[StatusVar] | None = None,
    suppress_use: bool = False,
    thread_specific: bool = False,
    flavor: str = MARIADB_10_11,
) -> QueryEvent:
    """A Query event; default status vars are ``flavor``'s (:func:`query_status_vars`).

    Header flags as the server sets them: ``suppress_use`` (0x8) for the
    ``COMMIT``/``ROLLBACK`` that ends a non-transactional group and for
    CREATE/DROP DATABASE (database = the affected schema; MySQL also on
    ``BEGIN``), ``thread_specific`` (0x4) when the statement uses a temporary table.
    """
    flags = (HeaderFlag.SUPPRESS_USE if suppress_use else 0) | (
        HeaderFlag.THREAD_SPECIFIC if thread_specific else 0)
    h = EventHeader(timestamp, EventType.QUERY_EVENT, server_id, 0, 0, int(flags))
    svs = query_status_vars(flavor) if status_vars is None else list(status_vars)
    return QueryEvent(h, thread_id, exec_time, error_code, svs, database, query)


new_mysql_query_event = partial(new_query_event, flavor=MYSQL_8_0)
new_mysql_query_event.__doc__ = "A Query event with MySQL 8.0's default status variables."


def new_mysql_begin_event(*, database: str, thread_id: int, timestamp: int, server_id: int,
                          table_map_for_update: bool = False) -> QueryEvent:
    """The ``BEGIN`` Query MySQL writes after the Gtid of every non-DDL group
    (LOG_EVENT_SUPPRESS_USE_F, as in the 8.0.18 vectors)."""
    svs = mysql80_query_status_vars(table_map_for_update=1 if table_map_for_update else None)
    return new_query_event("BEGIN", database=database, thread_id=thread_id, timestamp=timestamp,
                           server_id=server_id, status_vars=svs, suppress_use=True, flavor=MYSQL_8_0)
