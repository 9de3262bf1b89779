"""The SQL session behind a client connection: protocol types in, Thd out.

This module only translates: ``Thd`` (harness/sql/thd.py) executes, and
this adapter maps its results and errors onto the wire-protocol contract of
harness/server/results.py.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from harness.sql.sql_errors import ServerError
from harness.sql.handler.catalog import TableDef
from harness.sql.stmt.sql_result import ResultColumn, SelectResult
from harness.sql.stmt.sql_select import describe_select
from harness.sql.item.charsets import CHARSETS, COLLATIONS, Charset
from harness.sql.item.column_types import ColumnType
from harness.sql.item.column_types import StringType, ZeroDate, value_to_string
from harness.sql.item.number_text import format_float
from harness.server.protocol_errors import SqlError
from harness.server.prepared import PreparedStatement, param_names
from harness.server.protocol import TRACKED_SYSTEM_VARIABLES, encode_state_changes, to_wire_text
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import SqlParseError
from harness.server.results import (AUTO_INCREMENT_FLAG, BINARY_FLAG, CHARSET_BINARY, MULTIPLE_KEY_FLAG,
                                    NO_DEFAULT_VALUE_FLAG, NOT_NULL_FLAG, NUM_FLAG,
                                    PART_KEY_FLAG, PRI_KEY_FLAG, SERVER_STATUS_AUTOCOMMIT, UNIQUE_KEY_FLAG,
                                    UNSIGNED_FLAG, ZEROFILL_FLAG, SERVER_STATUS_DB_DROPPED, SERVER_STATUS_IN_TRANS,
                                    SERVER_STATUS_NO_BACKSLASH_ESCAPES, SERVER_STATUS_NO_INDEX_USED, Column, HandshakeInfo, OkResult, ResultSet)

if TYPE_CHECKING:
    from harness.sql.item.send_field import SendField
    from harness.server.binlog_dump import EngineBinlogSource
    from harness.sql.server import ServerState
    from harness.sql.thd import Thd


def _cell(ctype: ColumnType | None, v: Any) -> Any:
    """Text-protocol rendering of a value, using the column type when known."""
    if v is None:
        return None
    if ctype is not None:
        return ctype.to_text(v)
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, float):
        return format_float(v, 17)
    if isinstance(v, (int, Decimal, str, bytes)):
        return v if isinstance(v, (str, bytes)) else str(v)
    if isinstance(v, (dt.date, dt.timedelta, ZeroDate)):
        return value_to_string(v)
    return str(v)


def _column(name: str, ctype: ColumnType | None, table: str = "", db: str = "", org: str = "",
            nullable: bool = True, results: Charset | None = None, key_flags: int = 0,
            org_table: str = "") -> Column:
    """A column definition as Protocol_text::store_field_metadata writes it.

    A character column is described in character_set_results (``results``): that
    charset's default collation and the column's characters times its mbmaxlen
    (VARCHAR(50) is 33 / 150 to a utf8mb3 client); binary and numeric columns, or no
    results charset, keep their own. A computed value has no original name.
    """
    if ctype is None:
        return Column(name=name, type_code=253, length=255, charset=45)
    # NUM_FLAG is the client library's (mysql_client: IS_NUM(type)); the server sends none.
    flags = (ctype.flags() & ~NUM_FLAG) | (0 if nullable else NOT_NULL_FLAG) | key_flags
    temporal = ctype.protocol_type in _TEMPORAL_TYPES
    charset = ctype.charset if not (ctype.is_numeric or temporal) else CHARSET_BINARY
    if temporal:
        # Dates and times are described in the binary charset (observed); YEAR as an
        # unsigned zerofill number.
        flags |= UNSIGNED_FLAG | ZEROFILL_FLAG if ctype.protocol_type == 13 else BINARY_FLAG
    length = ctype.display_length()
    if results is not None and charset != CHARSET_BINARY:
        if isinstance(ctype, StringType) and getattr(ctype, "is_blob", False):
            chars = length  # a TEXT's length counts its bytes as characters (TEXT: 65535 * 3 to utf8mb3)
        elif isinstance(ctype, StringType):
            chars = ctype.length
        else:
            chars = length // (getattr(ctype, "mbmaxlen", 0) or 4)  # ENUM / SET, sized in utf8mb4
        charset, length = results.default_id, chars * results.mbmaxlen
    decimals = ctype.decimals()
    if not table:
        # A value that is not a table column (Item, not Item_field): numbers are sent with
        # BINARY_FLAG, strings with decimals NOT_FIXED_DEC (39), as SHOW WARNINGS shows.
        if charset == CHARSET_BINARY and ctype.is_numeric:
            flags |= BINARY_FLAG
        elif charset != CHARSET_BINARY:
            decimals = 39
    return Column(name=name, type_code=ctype.protocol_type, table=table, schema=db,
                  org_name=(org or name) if table else "", length=min(length, 0xFFFFFFFF), charset=charset,
                  flags=flags, decimals=decimals, org_table=org_table)


def send_field_column(name: str, f: "SendField", results: Charset | None) -> Column:
    """A computed column's definition from its Item's metadata (Protocol_text::
    store_field_metadata): a character string in character_set_results (that charset's
    default collation, its characters times that charset's mbmaxlen), or in its own
    collation when no results charset is set; everything else in the binary charset,
    with BINARY_FLAG."""
    flags = (0 if f.nullable else NOT_NULL_FLAG) | (UNSIGNED_FLAG if f.unsigned else 0)
    if f.charset is None:
        charset, length = CHARSET_BINARY, f.length
        flags |= BINARY_FLAG
    elif results is not None:
        charset, length = results.default_id, f.length * results.mbmaxlen
    else:
        charset, length = f.collation_id, f.length * f.charset.mbmaxlen
    return Column(name=name, type_code=f.type_code, length=min(length, 0xFFFFFFFF), charset=charset,
                  flags=flags, decimals=f.decimals)


#: DATE, DATETIME, TIMESTAMP, TIME, YEAR.
_TEMPORAL_TYPES = frozenset({10, 12, 7, 11, 13})
#: Collation id -> (charset, collation), for the collation a client names in its handshake.
_COLLATION_BY_ID = {cid: (cs, name) for name, (cs, cid, _sens) in COLLATIONS.items() if not name.startswith("utf8_")}


def key_flags(table: TableDef, column: int) -> int:
    """PRI_KEY / UNIQUE_KEY / MULTIPLE_KEY / PART_KEY / AUTO_INCREMENT / NO_DEFAULT_VALUE of a table column, as
    open_binary_frm sets them: every part of the primary key is PRI_KEY; the first part
    of another key is UNIQUE_KEY when that key is unique on one column, else
    MULTIPLE_KEY; every part of any key is PART_KEY."""
    flags = AUTO_INCREMENT_FLAG if table.auto_inc_col == column else 0
    col = table.columns[column]
    if not col.nullable and not col.has_default and not col.default_now and not col.auto_increment:
        flags |= NO_DEFAULT_VALUE_FLAG  # a NOT NULL column an INSERT must name
    for k in table.keys:
        if column not in k.columns:
            continue
        flags |= PART_KEY_FLAG
        if k.kind == "PRIMARY":
            flags |= PRI_KEY_FLAG
        elif k.columns[0] == column:
            flags |= UNIQUE_KEY_FLAG if k.kind == "UNIQUE" and len(k.columns) == 1 else MULTIPLE_KEY_FLAG
    return flags


class ReplbedSession:
    """One client connection of ``replbed serve``."""

    def __init__(self, server: "ServerState", info: HandshakeInfo) -> None:
        from harness.sql.thd import Thd
        self.server = server
        self.connection_id = info.connection_id
        try:
            self.thd: Thd = Thd(server, info.connection_id, info.user or "root", info.host or "127.0.0.1",
                                db=info.database or None)
        except ServerError as e:
            raise SqlError(e.code, e.message, e.sqlstate) from None
        server.sessions[self.connection_id] = self.thd
        server.counters.connected(len(server.sessions))
        known = _COLLATION_BY_ID.get(info.charset)
        if known is not None:
            # thd_init_client_charset: the handshake's collation sets character_set_client,
            # _connection and _results (a utf8mb3 client gets utf8mb3 metadata).
            self.thd.vars.set_names(*known)
        self._db_dropped = False  # SERVER_STATUS_DB_DROPPED: set by DROP DATABASE, for that statement
        for name, value in (("Rpl_semi_sync_master_clients", 0), ("Rpl_semi_sync_master_status", "OFF"),
                            ("Rpl_semi_sync_master_yes_tx", 0), ("Rpl_semi_sync_master_no_tx", 0)):
            server.status.setdefault(name, value)  # type: ignore[arg-type]  # semisync.py keeps them

    def execute(self, sql: str) -> OkResult | ResultSet:
        db_before = self.thd.db
        self._db_dropped = False
        try:
            res = self.thd.execute(sql)
        except ServerError as e:
            raise SqlError(e.code, e.message, e.sqlstate) from None
        warnings = sum(1 for n in self.thd.last_notes if n.level != "Error") if self.thd.stmt.warn_count else 0
        if isinstance(res, SelectResult):
            cols = self._definitions(res.columns)
            types = [c.type for c in res.columns]
            rows = [[_cell(t, v) for t, v in zip(types, r)] for r in res.rows]
            return ResultSet(cols, rows, warnings)
        return OkResult(res.affected_rows, res.last_insert_id, warnings, res.info,
                        self._state_changes(sql, db_before))

    def _definitions(self, columns: list[ResultColumn]) -> list[Column]:
        """The column definitions of a result, in character_set_results."""
        results = CHARSETS.get(str(self.thd.vars.get("character_set_results") or "binary"))
        return [send_field_column(c.name, c.meta, results) if c.meta is not None else
                _column(c.name, c.type, c.table, c.db, c.org_name, c.nullable, results, self._key_flags(c),
                        c.org_table)
                for c in columns]

    def _key_flags(self, c: ResultColumn) -> int:
        if not c.table or c.type is None:
            return 0
        table = self.thd.catalog.get_table(c.db, c.org_table or c.table) if c.db else None
        if table is None:
            return 0
        try:
            return key_flags(table, table.column(c.org_name or c.name))
        except ServerError:
            return 0

    def _state_changes(self, sql: str, db_before: str | None) -> bytes:
        """What MariaDB's session trackers report after a statement (CLIENT_SESSION_TRACK):
        every tracked system variable the statement SET in session scope, even to its old
        value, and the schema after USE (probed on 10.11 with the default
        session_track_* settings)."""
        stmt = self.thd.parse(sql)  # cached by execute
        if isinstance(stmt, A.Use):
            return encode_state_changes(schema=self.thd.db or "")
        if isinstance(stmt, A.DropDatabase):
            # mysql_rm_db sets SERVER_STATUS_DB_DROPPED for the statement (observed even
            # when IF EXISTS found nothing); dropping the current database empties the
            # schema, which the tracker reports.
            self._db_dropped = True
            if db_before is not None and self.thd.db is None:
                return encode_state_changes(schema="")
        names: set[str] = set()
        if isinstance(stmt, A.SetNames):
            names = {"character_set_client", "character_set_connection", "character_set_results"}
        elif isinstance(stmt, A.Set):
            names = {a.target.name.lower() for a in stmt.assignments
                     if isinstance(a.target, A.SysVar) and a.target.scope != "global"}
        tracked = [n for n in TRACKED_SYSTEM_VARIABLES if n in names]
        if not tracked:
            return b""
        return encode_state_changes([(n, self._tracked_value(n)) for n in tracked])

    def _tracked_value(self, name: str) -> str:
        if name == "autocommit":
            return "ON" if self.thd.autocommit else "OFF"
        value = self.thd.vars.get(name)
        return "" if value is None else str(value)

    def init_db(self, db: str) -> OkResult:
        self._db_dropped = False
        try:
            self.thd.use_db(db)
        except ServerError as e:
            raise SqlError(e.code, e.message, e.sqlstate) from None
        return OkResult(session_state=encode_state_changes(schema=db))

    def ping(self) -> None:
        """COM_PING answers with my_ok(), which leaves ROW_COUNT() at 0 (probed: the
        Python connector pings before every statement, so workloads always see 0)."""
        self.thd.reset_row_count()

    def global_var(self, name: str) -> Any:
        """A global system variable's value (semi-sync reads its settings with it)."""
        return self.thd.vars.read(name, "global", self.thd)

    def statistics(self) -> str:
        """COM_STATISTICS' line (mariadb-admin status), from the status variables."""
        from harness.sql.stmt.status_vars import statistics_text
        return statistics_text(self.thd)

    def binlog_end(self) -> tuple[str, int]:
        """The binary log's current file and end position."""
        name, pos = self.server.binlog.current()
        return str(name), int(pos)

    def set_status(self, name: str, value: Any) -> None:
        """Set a global status variable (SHOW STATUS)."""
        self.server.status[name] = value

    def binlog_source(self) -> "EngineBinlogSource":
        """What COM_BINLOG_DUMP reads: the binary log and this session's user variables."""
        from harness.server.binlog_dump import EngineBinlogSource
        return EngineBinlogSource(self.server.binlog, self.thd.user_vars)

    def status_flags(self) -> int:
        flags = SERVER_STATUS_AUTOCOMMIT if self.thd.autocommit else 0
        if self.thd.in_active_multi_stmt_transaction():
            flags |= SERVER_STATUS_IN_TRANS
        if self._db_dropped:
            flags |= SERVER_STATUS_DB_DROPPED
        if self.thd.status_no_index_used:
            flags |= SERVER_STATUS_NO_INDEX_USED
        if "NO_BACKSLASH_ESCAPES" in self.thd.vars.get("sql_mode"):
            # MariaDB reports the mode in every status word, so that clients escape
            # strings the way the server will read them (mysql_real_escape_string).
            flags |= SERVER_STATUS_NO_BACKSLASH_ESCAPES
        return flags

    def client_charset(self) -> str:
        """character_set_client: how a prepared statement's string values are escaped."""
        return str(self.thd.vars.get("character_set_client"))

    def mysql_param_text(self) -> bool:
        """Whether parameters are expanded as MySQL writes them (SqlPolicy.mysql_param_text)."""
        return bool(self.thd.server.flavor.sql.mysql_param_text)

    def prepare(self, pieces: list[str]) -> list[Column]:
        """COM_STMT_PREPARE: the statement must parse (errors are reported at prepare
        time, as MariaDB does); a placeholder is checked as the literal ``0``, which is
        valid wherever the grammar takes ``?`` (LIMIT included). A SELECT's column
        definitions are derived without running it (executor.describe_select), with
        each placeholder as the untyped NULL MariaDB's Item_param is at that point; none
        are sent when that needs the statement to run (EXECUTE sends them)."""
        try:
            self.thd.parse("0".join(pieces))
        except SqlParseError as e:
            raise SqlError(e.code, str(e), e.sqlstate) from None
        text, spans = pieces[0], []
        for piece in pieces[1:]:
            start = len(to_wire_text(text))
            text += "NULL"
            spans.append((start, start + 4))
            text += piece
        try:
            stmt = self.thd.parse(text)
        except SqlParseError:
            return []
        described = describe_select(self.thd, stmt) if isinstance(stmt, A.Select) else None
        if not described:
            return []
        columns = self._definitions(described)
        named = PreparedStatement(0, text, pieces)
        named.value_spans = spans
        param_names(named, text, columns)
        return columns

    def close(self) -> None:
        try:
            self.thd.disconnect()
        finally:
            self.server.sessions.pop(self.connection_id, None)
