"""The SQL session behind a client connection: protocol types in, Thd out.

This module only translates: ``Thd`` (harness/engine/thd.py) executes, and
this adapter maps its results and errors onto the wire-protocol contract of
harness/server/results.py.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from harness.engine.errors import ServerError
from harness.engine.executor import SelectResult
from harness.engine.types import ColumnType, ZeroDate, format_float, value_to_string
from harness.server.errors import SqlError
from harness.server.protocol import TRACKED_SYSTEM_VARIABLES, encode_state_changes
from harness.sql import ast as A
from harness.sql.errors import SqlParseError
from harness.server.results import (SERVER_STATUS_AUTOCOMMIT, SERVER_STATUS_IN_TRANS,
                                    SERVER_STATUS_NO_BACKSLASH_ESCAPES, Column, HandshakeInfo, OkResult, ResultSet)

if TYPE_CHECKING:
    from harness.engine.server import ServerState
    from harness.engine.thd import Thd


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
            nullable: bool = True) -> Column:
    if ctype is None:
        return Column(name=name, type_code=253, length=255, charset=45)
    flags = ctype.flags() | (0 if nullable else 1)
    return Column(name=name, type_code=ctype.protocol_type, table=table, schema=db, org_name=org or name,
                  length=ctype.display_length(), charset=ctype.charset if not ctype.is_numeric else 63, flags=flags,
                  decimals=ctype.decimals())


class ReplbedSession:
    """One client connection of ``replbed serve``."""

    def __init__(self, server: "ServerState", info: HandshakeInfo) -> None:
        from harness.engine.thd import Thd
        self.server = server
        self.connection_id = info.connection_id
        try:
            self.thd: Thd = Thd(server, info.connection_id, info.user or "root", info.host or "127.0.0.1",
                                db=info.database or None)
        except ServerError as e:
            raise SqlError(e.code, e.message, e.sqlstate) from None
        server.sessions[self.connection_id] = self.thd

    def execute(self, sql: str) -> OkResult | ResultSet:
        try:
            res = self.thd.execute(sql)
        except ServerError as e:
            raise SqlError(e.code, e.message, e.sqlstate) from None
        warnings = sum(1 for n in self.thd.last_notes if n.level != "Error") if self.thd.stmt_warn_count else 0
        if isinstance(res, SelectResult):
            cols = [_column(c.name, c.type, c.table, c.db, c.org_name, c.nullable) for c in res.columns]
            types = [c.type for c in res.columns]
            rows = [[_cell(t, v) for t, v in zip(types, r)] for r in res.rows]
            return ResultSet(cols, rows, warnings)
        return OkResult(res.affected_rows, res.last_insert_id, warnings, res.info, self._state_changes(sql))

    def _state_changes(self, sql: str) -> bytes:
        """What MariaDB's session trackers report after a statement (CLIENT_SESSION_TRACK):
        every tracked system variable the statement SET in session scope, even to its old
        value, and the schema after USE (probed on 10.11 with the default
        session_track_* settings)."""
        stmt = self.thd.parse(sql)  # cached by execute
        if isinstance(stmt, A.Use):
            return encode_state_changes(schema=self.thd.db or "")
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
        try:
            self.thd.use_db(db)
        except ServerError as e:
            raise SqlError(e.code, e.message, e.sqlstate) from None
        return OkResult(session_state=encode_state_changes(schema=db))

    def ping(self) -> None:
        """COM_PING answers with my_ok(), which leaves ROW_COUNT() at 0 (probed: the
        Python connector pings before every statement, so workloads always see 0)."""
        self.thd.last_row_count = 0

    def status_flags(self) -> int:
        flags = SERVER_STATUS_AUTOCOMMIT if self.thd.autocommit else 0
        if self.thd.trx_explicit or (self.thd.trx_active and not self.thd.autocommit):
            flags |= SERVER_STATUS_IN_TRANS
        if "NO_BACKSLASH_ESCAPES" in self.thd.vars.get("sql_mode"):
            # MariaDB reports the mode in every status word, so that clients escape
            # strings the way the server will read them (mysql_real_escape_string).
            flags |= SERVER_STATUS_NO_BACKSLASH_ESCAPES
        return flags

    def client_charset(self) -> str:
        """character_set_client: how a prepared statement's string values are escaped."""
        return str(self.thd.vars.get("character_set_client"))

    def prepare(self, pieces: list[str]) -> list[Column]:
        """COM_STMT_PREPARE: the statement must parse (errors are reported at prepare
        time, as MariaDB does); a placeholder is checked as the literal ``0``, which is
        valid wherever the grammar takes ``?`` (LIMIT included). No column metadata is
        sent at prepare time: it would need the statement to run; EXECUTE sends it."""
        try:
            self.thd.parse("0".join(pieces))
        except SqlParseError as e:
            raise SqlError(e.code, str(e), e.sqlstate) from None
        return []

    def close(self) -> None:
        try:
            self.thd.disconnect()
        finally:
            self.server.sessions.pop(self.connection_id, None)
