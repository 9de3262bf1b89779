"""SHOW statements (the server's ``sql_show.cc``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from harness.sql.item.column_types import IntType, StringType
from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import error
from harness.sql.stmt.sql_result import ResultColumn, SelectResult, _text_result

if TYPE_CHECKING:
    from harness.sql.thd import Thd


def _like(rows: list[list[Any]], pattern: str | None, col: int = 0) -> list[list[Any]]:
    if pattern is None:
        return rows
    import re
    rx = re.compile("^" + "".join(".*" if c == "%" else "." if c == "_" else re.escape(c) for c in pattern) + "$",
                    re.IGNORECASE)
    return [r for r in rows if rx.match(str(r[col]))]


def show_binlog_events(thd: "Thd", st: A.Show) -> SelectResult:
    rows = [list(r) for r in thd.server.binlog.show_events(st.log_name)]
    if st.from_pos is not None:
        if not thd.server.flavor.sql.binlog_events_from_any_pos:
            _check_show_binlog_pos(thd, st, rows)
        rows = [r for r in rows if r[1] >= st.from_pos]
    if st.offset:
        rows = rows[st.offset:]
    if st.limit is not None:
        rows = rows[:st.limit]
    return _text_result(["Log_name", "Pos", "Event_type", "Server_id", "End_log_pos", "Info"], rows, (1, 3, 4))


def show_binary_logs(thd: "Thd", st: A.Show) -> SelectResult:
    if thd.server.flavor.sql.binary_logs_encrypted:
        # the harness's servers run with binlog_encryption OFF
        return _text_result(["Log_name", "File_size", "Encrypted"],
                            [[*r, "No"] for r in thd.server.binlog.list_files()], (1,))
    return _text_result(["Log_name", "File_size"], [list(r) for r in thd.server.binlog.list_files()], (1,))


def show_master_status(thd: "Thd", st: A.Show) -> SelectResult:
    name, pos = thd.server.binlog.current()
    if thd.server.config.flavor.startswith("mysql"):  # MySQL adds the executed GTID set
        return _text_result(["File", "Position", "Binlog_Do_DB", "Binlog_Ignore_DB", "Executed_Gtid_Set"],
                            [[name, pos, "", "", thd.server.binlog.gtid_executed_text()]], (1,))
    return _text_result(["File", "Position", "Binlog_Do_DB", "Binlog_Ignore_DB"], [[name, pos, "", ""]], (1,))


def show_warnings(thd: "Thd", st: A.Show) -> SelectResult:
    """SHOW WARNINGS and SHOW ERRORS."""
    notes = thd.last_notes
    if st.what == "ERRORS":
        notes = [n for n in notes if n.level == "Error"]
    rows = [[n.level, n.code, n.message] for n in notes]
    if st.limit is not None:
        rows = rows[:st.limit]
    # mysqld_show_warnings: Level VARCHAR(7), Code Item_return_int(4, MYSQL_TYPE_LONG) unsigned,
    # Message VARCHAR(MYSQL_ERRMSG_SIZE); none of them nullable.
    return SelectResult([ResultColumn("Level", StringType("VARCHAR", 7), nullable=False),
                         ResultColumn("Code", IntType("INT", True, 4), nullable=False),
                         ResultColumn("Message", StringType("VARCHAR", 512), nullable=False)], rows)


def show_warning_count(thd: "Thd", st: A.Show) -> SelectResult:
    """SHOW COUNT(*) WARNINGS and SHOW COUNT(*) ERRORS."""
    w = st.what
    notes = thd.last_notes if w == "COUNT_WARNINGS" else [n for n in thd.last_notes if n.level == "Error"]
    return _text_result(["@@session.warning_count" if w == "COUNT_WARNINGS" else "@@session.error_count"],
                        [[len(notes)]], (0,))


def show_tables(thd: "Thd", st: A.Show) -> SelectResult:
    db = st.db or thd.db
    if db is None:
        raise error("ER_NO_DB_ERROR")
    kinds = {t.name: "BASE TABLE" for t in thd.catalog.tables(db).values()}
    kinds.update({v.name.name: "VIEW" for (vdb, _n), v in thd.catalog.views.items() if vdb == db})
    rows = _like([[n] for n in sorted(kinds)], st.like)
    if st.full:
        return _text_result([f"Tables_in_{db}", "Table_type"], [[r[0], kinds[r[0]]] for r in rows])
    return _text_result([f"Tables_in_{db}"], rows)


def show_databases(thd: "Thd", st: A.Show) -> SelectResult:
    rows = _like([[d] for d in sorted(thd.catalog.databases)], st.like)
    return _text_result(["Database"], rows)


def show_processlist(thd: "Thd", st: A.Show) -> SelectResult:
    rows = []
    for cid, s in sorted(thd.server.sessions.items()):
        rows.append([cid, s.user, f"{s.host}", s.db, s.command, 0, s.command_state,
                     None if s is not thd else "SHOW PROCESSLIST",
                     "0.000"])
    return _text_result(["Id", "User", "Host", "db", "Command", "Time", "State", "Info", "Progress"], rows,
                        (0, 5))


def show_variables(thd: "Thd", st: A.Show) -> SelectResult:
    vals = thd.vars.globals.values if st.scope == "global" else thd.vars.values
    rows = [[k, _show_value(v)] for k, v in sorted(vals.items())]
    return _text_result(["Variable_name", "Value"], _like(rows, st.like))


def show_status(thd: "Thd", st: A.Show) -> SelectResult:
    from harness.sql.stmt.status_vars import status_rows
    return _text_result(["Variable_name", "Value"], _like(status_rows(thd, st.scope), st.like))


def show_create_table_stmt(thd: "Thd", st: A.Show) -> SelectResult:
    t = thd.open_table(st.table)  # type: ignore[arg-type]
    return _text_result(["Table", "Create Table"], [[t.name, show_create_table(t)]])


def show_engines(thd: "Thd", st: A.Show) -> SelectResult:
    from harness.sql.handler.storage import ENGINES
    rows = [[e.name, "YES" if e.name != "InnoDB" else "DEFAULT", "", "YES" if e.transactional else "NO",
             "NO", "NO"] for e in ENGINES.values()]
    return _text_result(["Engine", "Support", "Comment", "Transactions", "XA", "Savepoints"], rows)


def show_collation(thd: "Thd", st: A.Show) -> SelectResult:
    from harness.sql.stmt.infoschema import collation_rows
    return _text_result(["Collation", "Charset", "Id", "Default", "Compiled", "Sortlen"],
                        _like(collation_rows(), st.like), (2, 5))


def _check_show_binlog_pos(thd: "Thd", st: A.Show, rows: list[list[Any]]) -> None:
    """FROM pos must name an event's start (mysql_show_binlog_events): past the end of
    the file it is 1220 with the file size; inside an event the server reads garbage
    and fails with 1220 too (its text then depends on the bytes: not modelled)."""
    binlog = thd.server.binlog
    name = st.log_name or (binlog.files[0] if binlog.files else "")
    size = (binlog.dir / name).stat().st_size if name else 0
    pos = int(st.from_pos)  # type: ignore[arg-type]
    if pos < 4:
        return  # before the first event: read from the first event (BIN_LOG_HEADER_SIZE)
    if pos > size:
        raise error("ER_ERROR_WHEN_EXECUTING_COMMAND", "SHOW BINLOG EVENTS",
                    f"Invalid pos specified. Requested from pos:{pos} is greater than actual file size:{size}")
    if pos < size and pos not in {r[1] for r in rows}:
        raise error("ER_ERROR_WHEN_EXECUTING_COMMAND", "SHOW BINLOG EVENTS", "Wrong offset or I/O error")


def _show_value(v: Any) -> str:
    if isinstance(v, bool):
        return "ON" if v else "OFF"
    if isinstance(v, int):
        return str(v)
    return str(v)


def show_create_table(t: Any) -> str:
    from harness.sql.stmt.create_select import create_table_sql
    return create_table_sql(t, t.engine.name)
