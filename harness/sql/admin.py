"""Statements that are not DML: transaction control, SET, SHOW, USE, RESET MASTER.

Transaction control is where layer 3 runs outside a DML statement: COMMIT
flushes the trx cache, ROLLBACK decides whether it must be written, and
SAVEPOINT / ROLLBACK TO follow R-log-rollback-to-savepoint as MariaDB applies it.
"""

from __future__ import annotations

import fnmatch
from typing import TYPE_CHECKING, Any, Callable

from harness.binlog.query import new_query_event
from harness.sql import alter, locked_tables, table_admin
from harness.sql import ddl as DDL
from harness.sql import xa as XA
from harness.sql.errors import Note, error
from harness.sql.executor import ResultColumn, SelectResult
from harness.sql.expr import Compiler, Env, Scope
from harness.sql.stmtinfo import StatementInfo
from harness.sql.sysvars import DEFAULT
from harness.sql.types import IntType, StringType
from harness.model import flush as L3
from harness.sql import ast as A
from harness.sql.parse_errors import UnsupportedError

if TYPE_CHECKING:
    from harness.sql.thd import OkPacket, Thd


def _ok(affected: int = 0) -> "OkPacket":
    from harness.sql.thd import OkPacket
    return OkPacket(affected)


def _text_result(names: list[str], rows: list[list[Any]], int_cols: tuple[int, ...] = ()) -> SelectResult:
    cols = []
    for i, n in enumerate(names):
        t = IntType("BIGINT", True) if i in int_cols else StringType("VARCHAR", 255)
        cols.append(ResultColumn(n, t))
    return SelectResult(cols, rows)


# ------------------------------------------------------------------ transactions


def begin(thd: "Thd", st: A.Begin) -> "OkPacket":
    XA.check_trans_control(thd)
    thd.implicit_commit(keep_one_shot=True)
    thd.locked_tables = None  # trans_begin releases LOCK TABLES locks
    # trans_begin stamps the transaction's start time from thd->query_start_sec_part(),
    # which sets query_start_sec_part_used: every Query event the rest of the statement
    # writes carries Q_HRNOW. Only a CALL body writes events after its own BEGIN (the
    # flag lives as long as the top-level statement; sub-statements do not reset it).
    thd.stmt_hrnow_used = True
    # transaction->all.reset(): a CALL's earlier non-transactional change no longer
    # takes FL_TRANSACTIONAL from the groups its later statements commit.
    thd.sp_modified_nontrans = False
    thd.trx_explicit = True
    thd.trx_active = True
    thd.trx_read_only = st.read_only
    if st.consistent_snapshot and thd.binlog_enabled():
        # binlog_start_consistent_snapshot registers the binlog in the transaction
        # (trans_register_ha): a SAVEPOINT right after it is logged (observed); InnoDB's
        # start_consistent_snapshot registers InnoDB too
        thd.trx_log.binlog_joined = thd.trx_log.xa_registered = True
    if st.consistent_snapshot and not thd.isolation_below_repeatable_read():
        thd.read_view()  # the read view opens now, not at the first consistent read
    if st.consistent_snapshot and (thd.trx_isolation or thd.vars.get("tx_isolation")) == "READ-UNCOMMITTED":
        # InnoDB's start_consistent_snapshot opens no read view there (HA_ERR_UNSUPPORTED; observed)
        thd.notes.append(Note("Warning", 138, "InnoDB: WITH CONSISTENT SNAPSHOT is ignored at "
                                              "READ UNCOMMITTED isolation level."))
    return _ok()


def commit(thd: "Thd", st: A.Commit) -> "OkPacket":
    XA.check_trans_control(thd)
    thd.commit()
    thd.sp_modified_nontrans = False  # transaction->all.reset(), as in begin()
    return _ok()


def rollback(thd: "Thd", st: A.Rollback) -> "OkPacket":
    if st.savepoint is None:
        XA.check_trans_control(thd)
        thd.rollback()
        thd.sp_modified_nontrans = False  # transaction->all.reset(), as in begin()
        return _ok()
    sp = next((s for s in reversed(thd.savepoints) if s.name.lower() == st.savepoint.lower()), None)
    if sp is None:
        raise error("ER_SP_DOES_NOT_EXIST_SAVEPOINT", st.savepoint)
    idx = thd.savepoints.index(sp)
    del thd.savepoints[idx + 1:]
    thd.engine_rollback_to(sp.undo_mark)
    thd.trx_xa_rw = thd.trx_xa_rw and sp.xa_rw
    thd.trx_log.no_2pc = thd.trx_log.no_2pc and sp.no_2pc
    trx = thd.caches.trx_cache
    # trans_has_updated_non_trans_table: all.modified_non_trans_table is set by a
    # temporary MyISAM table's change too (probed: ROLLBACK TO after one logs
    # ROLLBACK TO and warns 1196 in every format).
    cannot_undo = thd.trx_nontrans_modified or thd.trx_nontrans_temp_modified or thd.trx_keep_log
    if not sp.binlog_joined:
        # The binlog joined after the savepoint: it takes part as a plain rollback, and
        # leaves the transaction's participants (ha_rollback_to_savepoint: trans->ha_list
        # = sv->ha_list), so a later SAVEPOINT is not logged until it joins again
        # (probed: SAVEPOINT a; CREATE TEMPORARY ...; ROLLBACK TO a; SAVEPOINT b;
        # disconnect logs no SAVEPOINT b / ROLLBACK group).
        if cannot_undo:
            L3.rollback_trx_cache_to_unjoined_savepoint(thd)
        else:
            trx.truncate(sp.trx_mark)
        thd.trx_binlog_joined = False
    elif cannot_undo:
        # A non-transactional change, or a temporary table created or dropped in
        # the transaction (OPTION_KEEP_LOG), cannot be undone: ROLLBACK TO is
        # logged, in every format.
        if thd.binlog_enabled():
            trx.append(_server_query(thd, f"ROLLBACK TO {DDL.quote(sp.name)}"))
    else:
        trx.truncate(sp.trx_mark)
    if cannot_undo:
        # Observed: the transaction then counts as having changed a
        # non-transactional table (its ROLLBACK warns 1196 too).
        thd.trx_nontrans_modified = True
        thd.notes.append(Note("Warning", 1196, "Some non-transactional changed tables couldn't be rolled back"))
    return _ok()


def savepoint(thd: "Thd", st: A.Savepoint) -> "OkPacket":
    if thd.trx_log.no_2pc:
        # ha_savepoint: a registered engine without savepoint_set (Aria) refuses it (probed).
        raise error("ER_CHECK_NOT_IMPLEMENTED", "SAVEPOINT")
    thd.trx_active = True
    thd.savepoints = [s for s in thd.savepoints if s.name.lower() != st.name.lower()]
    trx = thd.caches.trx_cache
    # binlog_savepoint_set runs only when the binlog already joined the
    # transaction (something went to either cache); it logs SAVEPOINT.
    joined = not trx.empty() or thd.trx_binlog_joined
    if joined and thd.binlog_enabled():
        trx.flush_pending(thd, stmt_end=True)
        trx.append(_server_query(thd, f"SAVEPOINT {DDL.quote(st.name)}"))
    from harness.sql.thd import Savepoint
    thd.savepoints.append(Savepoint(st.name, len(thd.undo_log), trx.mark(), binlog_joined=joined,
                                    xa_rw=thd.trx_xa_rw or thd.trx_log.xa_registered, no_2pc=thd.trx_log.no_2pc))
    return _ok()


def release_savepoint(thd: "Thd", st: A.ReleaseSavepoint) -> "OkPacket":
    sp = next((s for s in thd.savepoints if s.name.lower() == st.name.lower()), None)
    if sp is None:
        raise error("ER_SP_DOES_NOT_EXIST_SAVEPOINT", st.name)
    thd.savepoints = thd.savepoints[:thd.savepoints.index(sp)]
    return _ok()


def _server_query(thd: "Thd", text: str) -> Any:
    return new_query_event(text, database=thd.db or "", thread_id=thd.connection_id, timestamp=thd.stmt_timestamp,
                           server_id=thd.server_id, suppress_use=True, status_vars=thd.query_status_vars())


# ------------------------------------------------------------------ SET


def set_vars(thd: "Thd", st: A.Set) -> "OkPacket":
    from harness.sql.context import ExecContext
    info = StatementInfo(kind="SET")
    ctx = ExecContext(thd, info)
    env = Env(ctx)
    for a in st.assignments:
        target = a.target
        if isinstance(target, A.UserVar):
            value = Compiler(Scope([]), info).compile(a.value)(env)
            thd.user_vars[target.name.lower()] = value
            continue
        assert isinstance(target, A.SysVar)
        if isinstance(a.value, A.Default):
            value = DEFAULT
        elif isinstance(a.value, A.ColumnRef) and a.value.table is None:
            value = a.value.name  # SET binlog_format=ROW: a bare word is a value
        else:
            value = Compiler(Scope([]), info).compile(a.value)(env)
        set_sysvar(thd, target.name, target.scope, value)
    return _ok()


def set_sysvar(thd: "Thd", name: str, scope: str, value: Any) -> None:
    n = thd.vars.canonical(name)
    in_trx = thd.trx_explicit or thd.trx_active and not thd.autocommit
    if n == "binlog_format" and scope != "global" and thd.temp_tables and str(value).upper() == "STATEMENT" and (
            thd.binlog_format == "ROW" or thd.binlog_format == "MIXED" and thd.mixed_temp_row):
        # A temporary table's CREATE may be missing from a row-format binlog (checked first).
        raise error("ER_TEMP_TABLE_PREVENTS_SWITCH_OUT_OF_RBR")
    if n == "binlog_format" and scope != "global" and (in_trx or not thd.caches.trx_cache.empty()):
        raise error("ER_INSIDE_TRANSACTION_PREVENTS_SWITCH_BINLOG_FORMAT")
    if n == "binlog_direct_non_transactional_updates" and scope != "global" and in_trx:
        raise error("ER_INSIDE_TRANSACTION_PREVENTS_SWITCH_BINLOG_DIRECT")
    if n == "sql_log_bin" and scope != "global" and in_trx:
        raise error("ER_INSIDE_TRANSACTION_PREVENTS_SWITCH_SQL_LOG_BIN")
    if n == "autocommit" and scope != "global" and thd.xid_state is not None and value not in (0, "0", "OFF", False):
        raise UnsupportedError("SET autocommit inside an XA transaction")
    if n == "tx_isolation" and scope != "global" and thd.trx_explicit and thd.trx_active and False:
        raise error("ER_CANT_CHANGE_TX_CHARACTERISTICS")
    thd.server.sysvars.check_set(thd, n, scope, value)
    was_autocommit = thd.autocommit
    store = thd.vars.globals.values if scope == "global" else thd.vars.values
    previous = store.get(n)
    warnings = thd.vars.set(n, value, scope)
    refused = thd.server.sysvars.unmodelled_setting(thd, n, store[n])
    if refused is not None:
        # Accepting it would silently write a binlog the server would not: refuse clearly.
        store[n] = previous
        raise UnsupportedError(refused)
    for code, message in warnings:
        thd.notes.append(Note("Warning", code, message))
    if n == "autocommit" and scope != "global" and thd.autocommit and not was_autocommit:
        # Switching autocommit on commits the open transaction. In ROW format the
        # group keeps FL_TRANSACTIONAL despite a non-transactional change, as for an
        # implicit commit (observed; an explicit COMMIT clears it).
        if thd.binlog_format == "ROW":
            thd.trx_gtid_nontrans = False
        thd.commit()


def set_names(thd: "Thd", st: A.SetNames) -> "OkPacket":
    thd.vars.set_names(st.charset, st.collation)
    return _ok()


def set_transaction(thd: "Thd", st: A.SetTransaction) -> "OkPacket":
    if st.isolation is not None:
        if st.scope == "next":
            if thd.trx_explicit and thd.trx_active:
                raise error("ER_CANT_CHANGE_TX_CHARACTERISTICS")
            thd.trx_isolation = st.isolation
        else:
            thd.vars.set("tx_isolation", st.isolation, st.scope)
    return _ok()


# ------------------------------------------------------------------ SHOW


def _like(rows: list[list[Any]], pattern: str | None, col: int = 0) -> list[list[Any]]:
    if pattern is None:
        return rows
    import re
    rx = re.compile("^" + "".join(".*" if c == "%" else "." if c == "_" else re.escape(c) for c in pattern) + "$",
                    re.IGNORECASE)
    return [r for r in rows if rx.match(str(r[col]))]


def show(thd: "Thd", st: A.Show) -> SelectResult:
    w = st.what
    if w == "BINLOG_EVENTS":
        rows = [list(r) for r in thd.server.binlog.show_events(st.log_name)]
        if st.from_pos is not None:
            _check_show_binlog_pos(thd, st, rows)
            rows = [r for r in rows if r[1] >= st.from_pos]
        if st.offset:
            rows = rows[st.offset:]
        if st.limit is not None:
            rows = rows[:st.limit]
        return _text_result(["Log_name", "Pos", "Event_type", "Server_id", "End_log_pos", "Info"], rows, (1, 3, 4))
    if w == "BINARY_LOGS":
        return _text_result(["Log_name", "File_size"], [list(r) for r in thd.server.binlog.list_files()], (1,))
    if w == "MASTER_STATUS":
        name, pos = thd.server.binlog.current()
        return _text_result(["File", "Position", "Binlog_Do_DB", "Binlog_Ignore_DB"], [[name, pos, "", ""]], (1,))
    if w in ("WARNINGS", "ERRORS"):
        notes = thd.last_notes
        if w == "ERRORS":
            notes = [n for n in notes if n.level == "Error"]
        rows = [[n.level, n.code, n.message] for n in notes]
        if st.limit is not None:
            rows = rows[:st.limit]
        # mysqld_show_warnings: Level VARCHAR(7), Code Item_return_int(4, MYSQL_TYPE_LONG) unsigned,
        # Message VARCHAR(MYSQL_ERRMSG_SIZE); none of them nullable.
        return SelectResult([ResultColumn("Level", StringType("VARCHAR", 7), nullable=False),
                             ResultColumn("Code", IntType("INT", True, 4), nullable=False),
                             ResultColumn("Message", StringType("VARCHAR", 512), nullable=False)], rows)
    if w in ("COUNT_WARNINGS", "COUNT_ERRORS"):
        notes = thd.last_notes if w == "COUNT_WARNINGS" else [n for n in thd.last_notes if n.level == "Error"]
        return _text_result(["@@session.warning_count" if w == "COUNT_WARNINGS" else "@@session.error_count"],
                            [[len(notes)]], (0,))
    if w == "TABLES":
        db = st.db or thd.db
        if db is None:
            raise error("ER_NO_DB_ERROR")
        kinds = {t.name: "BASE TABLE" for t in thd.catalog.tables(db).values()}
        kinds.update({v.name.name: "VIEW" for (vdb, _n), v in thd.catalog.views.items() if vdb == db})
        rows = _like([[n] for n in sorted(kinds)], st.like)
        if st.full:
            return _text_result([f"Tables_in_{db}", "Table_type"], [[r[0], kinds[r[0]]] for r in rows])
        return _text_result([f"Tables_in_{db}"], rows)
    if w == "DATABASES":
        rows = _like([[d] for d in sorted(thd.catalog.databases)], st.like)
        return _text_result(["Database"], rows)
    if w == "PROCESSLIST":
        rows = []
        for cid, s in sorted(thd.server.sessions.items()):
            rows.append([cid, s.user, f"{s.host}", s.db, s.command, 0, "", None if s is not thd else "SHOW PROCESSLIST",
                         "0.000"])
        return _text_result(["Id", "User", "Host", "db", "Command", "Time", "State", "Info", "Progress"], rows,
                            (0, 5))
    if w == "VARIABLES":
        vals = thd.vars.globals.values if st.scope == "global" else thd.vars.values
        rows = [[k, _show_value(v)] for k, v in sorted(vals.items())]
        return _text_result(["Variable_name", "Value"], _like(rows, st.like))
    if w == "STATUS":
        rows = [[k, str(v)] for k, v in sorted(thd.server.status.items())]
        return _text_result(["Variable_name", "Value"], _like(rows, st.like))
    if w in _CATALOG_SHOWS:
        return _CATALOG_SHOWS[w](st)
    if w == "CREATE_TABLE":
        t = thd.open_table(st.table)  # type: ignore[arg-type]
        return _text_result(["Table", "Create Table"], [[t.name, show_create_table(t)]])
    raise UnsupportedError(f"SHOW {w}")


def _show_engines(st: A.Show) -> SelectResult:
    from harness.sql.storage import ENGINES
    rows = [[e.name, "YES" if e.name != "InnoDB" else "DEFAULT", "", "YES" if e.transactional else "NO",
             "NO", "NO"] for e in ENGINES.values()]
    return _text_result(["Engine", "Support", "Comment", "Transactions", "XA", "Savepoints"], rows)


def _show_collation(st: A.Show) -> SelectResult:
    from harness.sql.infoschema import collation_rows
    return _text_result(["Collation", "Charset", "Id", "Default", "Compiled", "Sortlen"],
                        _like(collation_rows(), st.like), (2, 5))


#: SHOW statements that list what the model knows, whatever the session.
_CATALOG_SHOWS = {"ENGINES": _show_engines, "COLLATION": _show_collation}


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
    from harness.sql.create_select import create_table_sql
    return create_table_sql(t, t.engine.name)


# ------------------------------------------------------------------ misc


def use(thd: "Thd", st: A.Use) -> "OkPacket":
    thd.use_db(st.db)
    return _ok()


def reset_master(thd: "Thd", st: A.ResetMaster) -> "OkPacket":
    thd.server.binlog.reset(timestamp=thd.stmt_timestamp)
    return _ok()


def flush_logs(thd: "Thd", st: A.FlushBinaryLogs) -> "OkPacket":
    thd.server.binlog.rotate(timestamp=thd.stmt_timestamp)
    return _ok()


def purge_binary_logs(thd: "Thd", st: A.PurgeBinaryLogs) -> "OkPacket":
    """PURGE BINARY LOGS TO 'f' removes the files before ``f``; BEFORE t the files last
    written before ``t``; never the active file. Not logged (it changes no data)."""
    import datetime as dt
    import os
    binlog = thd.server.binlog
    files = list(binlog.files)
    if st.to is not None:
        name = st.to.rsplit("/", 1)[-1]
        if name not in files:
            raise error("ER_UNKNOWN_TARGET_BINLOG")
        doomed = files[:files.index(name)]
    else:
        assert st.before is not None
        when = Compiler(Scope([])).compile(st.before)(Env(None))
        if isinstance(when, str):
            when = dt.datetime.fromisoformat(when)
        if not isinstance(when, dt.datetime):
            raise UnsupportedError("PURGE BINARY LOGS BEFORE a value that is not a datetime")
        cutoff = when.timestamp()
        doomed = []
        for f in files[:-1]:
            if os.stat(binlog.dir / f).st_mtime >= cutoff:
                break
            doomed.append(f)
    binlog.purge(doomed)
    return _ok()


def flush(thd: "Thd", st: A.Flush) -> "OkPacket":
    """FLUSH TABLES / PRIVILEGES / STATUS ...: only the status counters change (STATUS), but the
    statement commits implicitly and is logged (reload_acl_and_cache), except with
    NO_WRITE_TO_BINLOG / LOCAL or when a log is among the options: a logged FLUSH LOGS
    would rotate again when the binlog is replayed."""
    for name in st.tables:
        if thd.find_table(name) is None and thd.find_view(name) is None:
            raise error("ER_NO_SUCH_TABLE", name.db or thd.db, name.name)
    thd.implicit_commit()
    if "STATUS" in st.options:
        # refresh_status(): the global status counters start again (the binlog caches' too).
        for k in thd.server.status:
            thd.server.status[k] = 0
    rotates = any(o in ("LOGS", "BINARY LOGS") for o in st.options)
    if rotates:
        thd.server.binlog.rotate(timestamp=thd.stmt_timestamp)
    if not st.no_write_to_binlog and not any(o.endswith("LOGS") for o in st.options):
        # A FLUSH is flagged DDL in its GTID (FL_DDL), except when it reloads the privilege
        # tables: reading them ends in a commit of its own that clears the statement's DDL
        # mark (observed on 10.11.19: FLUSH PRIVILEGES and FLUSH STATUS, PRIVILEGES give
        # flags 9, FLUSH STATUS / TABLES / HOSTS 41; workloads/mtr_support.wl).
        thd.write_ddl(st.text, ddl="PRIVILEGES" not in st.options)
    return _ok()


def call(thd: "Thd", st: A.Call) -> "OkPacket":
    from harness.sql.routines import call_procedure
    if st.db is not None and st.db != thd.db:
        # CALL db.p(): the routine runs in its own database (sp_head::execute changes the
        # current database for the call, so its statements are logged with `use db`).
        if not thd.catalog.has_db(st.db):
            raise error("ER_SP_DOES_NOT_EXIST", "PROCEDURE", f"{st.db}.{st.name}")
        saved = thd.db
        thd.db = st.db
        try:
            return call_procedure(thd, st)
        finally:
            thd.db = saved
    return call_procedure(thd, st)


_HANDLERS: dict[type, Callable[[Any, Any], Any]] = {
    A.Begin: begin,
    A.Commit: commit,
    A.Rollback: rollback,
    A.Savepoint: savepoint,
    A.ReleaseSavepoint: release_savepoint,
    A.Set: set_vars,
    A.SetNames: set_names,
    A.SetTransaction: set_transaction,
    A.Show: show,
    A.Use: use,
    A.ResetMaster: reset_master,
    A.FlushBinaryLogs: flush_logs,
    A.Flush: flush,
    A.PurgeBinaryLogs: purge_binary_logs,
    A.Empty: lambda thd, st: _ok(),
    A.CreateDatabase: DDL.create_database,
    A.DropDatabase: DDL.drop_database,
    A.CreateTable: DDL.create_table,
    A.DropTable: DDL.drop_table,
    A.Truncate: DDL.truncate_table,
    A.CreateTrigger: DDL.create_trigger,
    A.CreateRoutine: DDL.create_routine,
    A.DropRoutine: DDL.drop_routine,
    A.Call: call,
    A.CreateView: DDL.create_view,
    A.DropView: DDL.drop_view,
    A.AlterTable: alter.alter_table,
    A.CreateIndex: alter.create_index,
    A.DropIndex: alter.drop_index,
    A.RenameTable: alter.rename_table,
    A.TableMaintenance: table_admin.table_maintenance,
    A.LockTables: locked_tables.lock_tables,
    A.UnlockTables: locked_tables.unlock_tables,
    A.XaStart: XA.xa_start,
    A.XaEnd: XA.xa_end,
    A.XaPrepare: XA.xa_prepare,
    A.XaCommit: XA.xa_commit,
    A.XaRollback: XA.xa_rollback,
    A.XaRecover: XA.xa_recover,
}


def dispatch(thd: "Thd", stmt: A.Statement) -> Any:
    h = _HANDLERS.get(type(stmt))
    if h is None:
        raise UnsupportedError(type(stmt).__name__)
    return h(thd, stmt)


__all__ = ["dispatch", "show_create_table", "fnmatch"]
