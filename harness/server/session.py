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
from harness.server.results import (SERVER_STATUS_AUTOCOMMIT, SERVER_STATUS_IN_TRANS, Column, HandshakeInfo, OkResult,
                                    ResultSet)

if TYPE_CHECKING:
    from harness.server.binlog_dump import EngineBinlogSource
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
        warnings = sum(1 for n in self.thd.last_notes if n.level != "Error")
        if isinstance(res, SelectResult):
            cols = [_column(c.name, c.type, c.table, c.db, c.org_name, c.nullable) for c in res.columns]
            types = [c.type for c in res.columns]
            rows = [[_cell(t, v) for t, v in zip(types, r)] for r in res.rows]
            return ResultSet(cols, rows, warnings)
        return OkResult(res.affected_rows, res.last_insert_id, warnings, res.info)

    def init_db(self, db: str) -> OkResult:
        try:
            self.thd.use_db(db)
        except ServerError as e:
            raise SqlError(e.code, e.message, e.sqlstate) from None
        return OkResult()

    def ping(self) -> None:
        """COM_PING answers with my_ok(), which leaves ROW_COUNT() at 0 (probed: the
        Python connector pings before every statement, so workloads always see 0)."""
        self.thd.last_row_count = 0

    def binlog_source(self) -> "EngineBinlogSource":
        """What COM_BINLOG_DUMP reads: the binary log and this session's user variables."""
        from harness.server.binlog_dump import EngineBinlogSource
        return EngineBinlogSource(self.server.binlog, self.thd.user_vars)

    def status_flags(self) -> int:
        flags = SERVER_STATUS_AUTOCOMMIT if self.thd.autocommit else 0
        if self.thd.trx_explicit or (self.thd.trx_active and not self.thd.autocommit):
            flags |= SERVER_STATUS_IN_TRANS
        return flags

    def close(self) -> None:
        try:
            self.thd.disconnect()
        finally:
            self.server.sessions.pop(self.connection_id, None)
