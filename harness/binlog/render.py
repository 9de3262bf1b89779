"""``SHOW BINLOG EVENTS`` columns for decoded events, MariaDB 10.11 flavour.

``event_type_name`` and ``info_text`` reproduce the server's
``Log_event::get_type_str()`` and ``pack_info()`` output byte for byte, so the
pipeline can compare a replbed binlog with a reference server's listing.
Rendering lives here, never in the event classes.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Callable

from .constants import EVENT_TYPE_NAMES, GtidFlag, IntvarType, ItemResult, RowsFlag, USER_VAR_UNSIGNED_F
from .control import (
    AnnotateRowsEvent, RowsQueryEvent, IntvarEvent, RandEvent, RotateEvent, StopEvent, UserVarEvent, XidEvent,
)
from .constants import HeaderFlag, QueryStatus
from .fde import FormatDescriptionEvent
from .gtid import BinlogCheckpointEvent, GtidEvent, GtidListEvent
from .header import Event
from .load import AppendBlockEvent, DeleteFileEvent, ExecuteLoadQueryEvent
from .mysql_gtid import MysqlGtidEvent, PreviousGtidsEvent
from .query import QueryEvent
from .rows import RowsEvent, TableMapEvent
from .xa import XaPrepareEvent, xid_text

# collation id -> (charset name, collation name) for the ids a testbed meets
COLLATIONS: dict[int, tuple[str, str]] = {
    8: ("latin1", "latin1_swedish_ci"),
    11: ("ascii", "ascii_general_ci"),
    35: ("ucs2", "ucs2_general_ci"),
    54: ("utf16", "utf16_general_ci"),
    55: ("utf16", "utf16_bin"),
    60: ("utf32", "utf32_general_ci"),
    61: ("utf32", "utf32_bin"),
    90: ("ucs2", "ucs2_bin"),
    95: ("cp932", "cp932_japanese_ci"),
    96: ("cp932", "cp932_bin"),
    33: ("utf8mb3", "utf8mb3_general_ci"),
    45: ("utf8mb4", "utf8mb4_general_ci"),
    46: ("utf8mb4", "utf8mb4_bin"),
    47: ("latin1", "latin1_bin"),
    48: ("latin1", "latin1_general_ci"),
    63: ("binary", "binary"),
    65: ("ascii", "ascii_bin"),
    83: ("utf8mb3", "utf8mb3_bin"),
    192: ("utf8mb3", "utf8mb3_unicode_ci"),
    224: ("utf8mb4", "utf8mb4_unicode_ci"),
    2048 + 0: ("utf8mb4", "utf8mb4_uca1400_ai_ci"),
}


def event_type_name(ev: Event) -> str:
    return EVENT_TYPE_NAMES.get(ev.header.type_code, "Unknown")


def quote_identifier(name: str) -> str:
    return "`" + name.replace("`", "``") + "`"


def _text(s: str) -> str:
    # decoded with surrogateescape; show undecodable bytes like the server
    # would show them through a utf8 connection (replacement char)
    try:
        s.encode("utf-8")
        return s
    except UnicodeEncodeError:
        return s.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def format_double(v: float) -> str:
    """Shortest round-trip form like the server's ``my_gcvt`` (``1.5``, ``1e100``)."""
    if v != v:
        return "nan"
    if v in (float("inf"), float("-inf")):
        return "inf" if v > 0 else "-inf"
    s = repr(v)
    if s.endswith(".0"):
        s = s[:-2]
    if "e" in s:
        mant, exp = s.split("e")
        if mant.endswith(".0"):
            mant = mant[:-2]
        s = f"{mant}e{int(exp)}"
    return s


def _gtid_info(ev: GtidEvent) -> str:
    f = ev.flags2
    if f & GtidFlag.FL_STANDALONE:
        s = "GTID "
    elif f & GtidFlag.FL_PREPARED_XA:
        s = "XA START "
    else:
        s = "BEGIN GTID "
    if f & GtidFlag.FL_PREPARED_XA and ev.xa_xid is not None:
        s += xid_text(ev.xa_xid) + " GTID "
    s += f"{ev.domain_id}-{ev.header.server_id}-{ev.seq_no}"
    if f & GtidFlag.FL_GROUP_COMMIT_ID and ev.commit_id is not None:
        s += f" cid={ev.commit_id}"
    return s


def _user_var_info(ev: UserVarEvent) -> str:
    name = "@" + quote_identifier(ev.name)
    if ev.is_null or ev.value is None:
        return f"{name}=NULL"
    t = ev.value_type
    v = ev.value
    if t == ItemResult.REAL_RESULT:
        return f"{name}={format_double(float(v))}"  # type: ignore[arg-type]
    if t == ItemResult.INT_RESULT:
        iv = int(v)  # type: ignore[arg-type]
        if not (ev.flags or 0) & USER_VAR_UNSIGNED_F and iv >= 1 << 63:
            iv -= 1 << 64
        return f"{name}={iv}"
    if t == ItemResult.DECIMAL_RESULT:
        return f"{name}={format(v, 'f') if isinstance(v, Decimal) else v}"
    if t == ItemResult.STRING_RESULT and isinstance(v, (bytes, bytearray)):
        cs, coll = COLLATIONS.get(ev.charset, (f"#{ev.charset}", f"#{ev.charset}"))
        return f"{name}=_{cs} X'{bytes(v).hex().upper()}' COLLATE {coll}"
    return f"{name}=?"


def _execute_load_query_info(ev: ExecuteLoadQueryEvent) -> str:
    """Execute_load_query_log_event::pack_info: the Query's text, then the file id."""
    use = f"use {quote_identifier(_text(ev.database))}; " if ev.database else ""
    return f"{use}{_text(ev.query)} ;file_id={ev.file_id}"


# Events whose Info needs no decision (by exact class: subclasses are not these).
_SIMPLE_INFO: dict[type, Callable[[Any], str]] = {
    XidEvent: lambda ev: f"COMMIT /* xid={ev.xid} */",
    RandEvent: lambda ev: f"rand_seed1={ev.seed1},rand_seed2={ev.seed2}",
    StopEvent: lambda ev: "",
    ExecuteLoadQueryEvent: _execute_load_query_info,
    # Append_block_log_event::pack_info (Begin_load_query too), Delete_file's
    AppendBlockEvent: lambda ev: f";file_id={ev.file_id};block_len={len(ev.block)}",
    DeleteFileEvent: lambda ev: f";file_id={ev.file_id}",
}


# Rows v2 (MySQL): Rows_log_event::pack_info names every flag that is set, in bit order
# (9.7.4: `flags: STMT_END_F RELAXED_UNIQUE_CHECKS_F USE_SQL_FOREIGN_KEY_F`); MariaDB's
# v1 events show STMT_END_F only.
_ROWS_V2_FLAG_NAMES: tuple[tuple[int, str], ...] = tuple((int(f), str(f.name)) for f in (
    RowsFlag.STMT_END_F, RowsFlag.NO_FOREIGN_KEY_CHECKS_F, RowsFlag.RELAXED_UNIQUE_CHECKS_F,
    RowsFlag.COMPLETE_ROWS_F, RowsFlag.USE_SQL_FOREIGN_KEY_F))
_ROWS_V2_TYPES = frozenset((30, 31, 32))


def rows_info(table_id: int, flags: int, type_code: int) -> str:
    """The Info of a rows event: ``table_id: N`` and its flags as its server prints them."""
    if type_code in _ROWS_V2_TYPES:
        names = [name for bit, name in _ROWS_V2_FLAG_NAMES if flags & bit]
        return f"table_id: {table_id} flags: {' '.join(names)}" if names else f"table_id: {table_id}"
    return f"table_id: {table_id} flags: STMT_END_F" if flags & RowsFlag.STMT_END_F else f"table_id: {table_id}"


def info_text(ev: Event) -> str:
    """The ``Info`` column of ``SHOW BINLOG EVENTS`` for ``ev``."""
    simple = _SIMPLE_INFO.get(type(ev))
    if simple is not None:
        return simple(ev)
    if isinstance(ev, QueryEvent):
        prefix = ""
        if ev.database and not ev.header.flags & HeaderFlag.SUPPRESS_USE:
            prefix = f"use {quote_identifier(_text(ev.database))}; "
        # MySQL's Query_log_event::pack_info: DDL logged with an xid (Q_DDL_LOGGED_WITH_XID)
        # shows it after the text (`CREATE DATABASE test /* xid=8 */`, 8.0 and 9.7.4)
        ddl_xid = ev.status(QueryStatus.Q_DDL_LOGGED_WITH_XID)
        suffix = f" /* xid={ddl_xid} */" if ddl_xid is not None else ""
        return prefix + _text(ev.query) + suffix
    if isinstance(ev, GtidEvent):
        return _gtid_info(ev)
    if isinstance(ev, RowsEvent):
        return rows_info(ev.table_id, ev.flags, int(ev.header.type_code))
    if isinstance(ev, TableMapEvent):
        return f"table_id: {ev.table_id} ({_text(ev.database)}.{_text(ev.table)})"
    if isinstance(ev, XaPrepareEvent):
        # XA_prepare_log_event::pack_info; MariaDB prints the one-phase form too
        return ("XA COMMIT " if ev.one_phase else "XA PREPARE ") + xid_text(ev.xid) + \
            (" ONE PHASE" if ev.one_phase else "")
    if isinstance(ev, AnnotateRowsEvent):
        return _text(ev.query)
    if isinstance(ev, FormatDescriptionEvent):
        return f"Server ver: {ev.server_version}, Binlog ver: {ev.binlog_version}"
    if isinstance(ev, GtidListEvent):
        return "[" + ",".join(str(g) for g in ev.gtids) + "]"
    if isinstance(ev, BinlogCheckpointEvent):
        return _text(ev.binlog_file)
    if isinstance(ev, IntvarEvent):
        name = ("LAST_INSERT_ID" if ev.kind == IntvarType.LAST_INSERT_ID_EVENT else
                "INSERT_ID" if ev.kind == IntvarType.INSERT_ID_EVENT else "INVALID_INT")
        return f"{name}={ev.value}"
    if isinstance(ev, UserVarEvent):
        return _user_var_info(ev)
    if isinstance(ev, RotateEvent):
        return f"{_text(ev.next_file)};pos={ev.position}"
    # MySQL 5.7/8.0 events (Gtid_log_event / Previous_gtids_log_event /
    # Rows_query_log_event ::pack_info)
    if isinstance(ev, MysqlGtidEvent):
        return f"SET @@SESSION.GTID_NEXT= '{ev.gtid}'"
    if isinstance(ev, PreviousGtidsEvent):
        return ev.gtid_set_text() if ev.raw is None else ""
    if isinstance(ev, RowsQueryEvent):
        return "# " + _text(ev.query)
    return ""


# MariaDB's Query_log_event::pack_info names the session options its Q_FLAGS2 holds
# that differ from the defaults, in this order (observed on 10.11.19: `use `test`; set
# foreign_key_checks=0, sql_auto_is_null=1, unique_checks=0, check_constraint_checks=0,
# @@sql_if_exists=1; insert ...`); mariadb-binlog prints them as SET statements instead.
_PACK_INFO_OPTIONS = ((0x04000000, "foreign_key_checks=0"), (0x00004000, "sql_auto_is_null=1"),
                      (0x08000000, "unique_checks=0"), (0x00008000, "check_constraint_checks=0"),
                      (0x10000000, "@@sql_if_exists=1"))


def show_binlog_events_row(ev: Event, log_name: str, pos: int,
                           session_options: bool = False) -> tuple[str, int, str, int, int, str]:
    """(Log_name, Pos, Event_type, Server_id, End_log_pos, Info). ``session_options``: a
    Query's Info names its non-default Q_FLAGS2 options (MariaDB's pack_info)."""
    h = ev.header
    info = info_text(ev)
    if session_options and isinstance(ev, QueryEvent):
        flags2 = ev.status(QueryStatus.Q_FLAGS2_CODE) or 0
        names = [name for bit, name in _PACK_INFO_OPTIONS if flags2 & bit]
        if names:
            at = len(f"use {quote_identifier(_text(ev.database))}; ") \
                if ev.database and not ev.header.flags & HeaderFlag.SUPPRESS_USE else 0
            info = info[:at] + "set " + ", ".join(names) + "; " + info[at:]
    return (log_name, pos, event_type_name(ev), h.server_id, h.log_pos, info)


def mysqlbinlog_like(ev: Event, pos: int) -> str:
    """A compact one-event text view for humans and test failure messages."""
    h = ev.header
    return (f"# at {pos}\n#{h.timestamp} server id {h.server_id} end_log_pos {h.log_pos} "
            f"{event_type_name(ev)}\t{info_text(ev)}")


