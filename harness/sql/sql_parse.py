"""The dispatcher (the server's ``sql_parse.cc``): ``mysql_execute_command`` and its one table.

:data:`COMMANDS` maps every statement kind to the function that runs it: DML
(through ``Thd.run_dml``, which decides and logs it), DDL, transaction control,
SET, XA, CALL, LOCK TABLES, table maintenance, and each kind of SHOW (keyed
``("SHOW", what)``). ``Thd.execute`` parses a statement and calls
:func:`mysql_execute_command`; a stored routine's sub-statements come back here
through ``Thd.execute_command``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable

from harness.sql.handler.prelock import analyze
from harness.sql.parse import parse_tree as A
from harness.sql.parse.command_flags import uses_tables
from harness.sql.parse.parse_errors import ParseError, SqlParseError, UnsupportedError
from harness.sql.sql_errors import ServerError
from harness.sql.stmt import global_read_lock, locked_tables, sql_admin, sql_alter, sql_explain, sql_show
from harness.sql.stmt import sql_table as DDL
from harness.sql.stmt import sql_sequence as SEQ
from harness.sql.stmt import sql_acl, sql_event, sql_kill, sql_prepare
from harness.sql.stmt import xa as XA
from harness.sql.stmt.global_read_lock import wait_for_global_read_lock
from harness.sql.stmt.locked_tables import refuse_under_lock_tables
from harness.sql.stmt.deprecations import (PREPARE_ERRORS, drop_unresolved_values_warning, legacy_syntax,
                                           undo_engine_mix, warn_assignments)
from harness.sql.stmt.routines import call
from harness.sql.stmt.set_var import set_names, set_transaction, set_vars
from harness.sql.stmt.sql_binlog import binlog_statement
from harness.sql.stmt.sql_reload import flush, flush_logs, purge_binary_logs, reset_master
from harness.sql.stmt.sql_result import _ok
from harness.sql.stmt.sql_show_table import TABLE_SHOWS, where_filter
from harness.sql.stmt.sql_table import use
from harness.sql.stmt.transaction import begin, commit, release_savepoint, rollback, savepoint

if TYPE_CHECKING:
    from harness.sql.thd import Thd

Handler = Callable[[Any, Any], Any]


def _run_dml(thd: "Thd", st: A.Statement) -> Any:
    return thd.run_dml(st)


def _select(thd: "Thd", st: A.Select) -> Any:
    if st.into and not all(isinstance(t, A.UserVar) for t in st.into):
        raise UnsupportedError("SELECT ... INTO a local variable or a file outside a stored routine")
    return thd.run_dml(st)


def _set(thd: "Thd", st: A.Set) -> Any:
    if _assigns_user_vars_through_routines(thd, st):
        # SET @v= f(): a statement that may change data through a stored
        # function; it is decided and logged like DO/SELECT f() (as SELECT f()).
        return thd.run_dml(st)
    return set_vars(thd, st)


def _assigns_user_vars_through_routines(thd: "Thd", st: A.Set) -> bool:
    """SET of user variables only, where a value calls a stored function."""
    if not all(isinstance(a.target, A.UserVar) for a in st.assignments):
        return False
    return bool(analyze(thd, st, "SET").stored_functions)


#: Statement kind -> the function that runs it: a parse-tree class, or ("SHOW", what).
COMMANDS: dict[Any, Handler] = {
    # DML: decided (layer 1), cached (layer 2) and flushed (layer 3) by Thd.run_dml
    A.Insert: _run_dml,
    A.Update: _run_dml,
    A.Delete: _run_dml,
    A.LoadData: _run_dml,
    A.Select: _select,
    A.Do: _run_dml,
    A.BinlogBase64: binlog_statement,
    # transactions and session state
    A.Begin: begin,
    A.Commit: commit,
    A.Rollback: rollback,
    A.Savepoint: savepoint,
    A.ReleaseSavepoint: release_savepoint,
    A.Set: _set,
    A.SetNames: set_names,
    A.SetTransaction: set_transaction,
    A.Use: use,
    A.Empty: lambda thd, st: _ok(),
    # the binary log
    A.ResetMaster: reset_master,
    A.FlushBinaryLogs: flush_logs,
    A.Flush: flush,
    A.PurgeBinaryLogs: purge_binary_logs,
    # DDL
    A.CreateDatabase: DDL.create_database,
    A.DropDatabase: DDL.drop_database,
    A.CreateTable: DDL.create_table,
    A.DropTable: DDL.drop_table,
    A.CreateSequence: SEQ.create_sequence,
    A.AlterSequence: SEQ.alter_sequence,
    A.Truncate: DDL.truncate_table,
    A.CreateTrigger: DDL.create_trigger,
    A.CreateRoutine: DDL.create_routine,
    A.DropRoutine: DDL.drop_routine,
    A.Call: call,
    A.CreateView: DDL.create_view,
    A.DropView: DDL.drop_view,
    A.AlterTable: sql_alter.alter_table,
    A.CreateIndex: sql_alter.create_index,
    A.DropIndex: sql_alter.drop_index,
    A.RenameTable: sql_alter.rename_table,
    A.TableMaintenance: sql_admin.table_maintenance,
    A.LockTables: locked_tables.lock_tables,
    A.UnlockTables: locked_tables.unlock_tables,
    A.FlushReadLock: global_read_lock.flush_tables_with_read_lock,
    A.Explain: sql_explain.explain,
    # XA
    A.XaStart: XA.xa_start,
    A.XaEnd: XA.xa_end,
    A.XaPrepare: XA.xa_prepare,
    A.XaCommit: XA.xa_commit,
    A.XaRollback: XA.xa_rollback,
    A.XaRecover: XA.xa_recover,
    A.Account: sql_acl.account_statement,
    A.EventStmt: sql_event.event_statement,
    A.Prepare: sql_prepare.prepare,
    A.Execute: sql_prepare.execute,
    A.Deallocate: sql_prepare.deallocate,
    A.Kill: sql_kill.kill,
    # SHOW
    ("SHOW", "BINLOG_EVENTS"): sql_show.show_binlog_events,
    ("SHOW", "BINARY_LOGS"): sql_show.show_binary_logs,
    ("SHOW", "MASTER_STATUS"): sql_show.show_master_status,
    ("SHOW", "WARNINGS"): sql_show.show_warnings,
    ("SHOW", "ERRORS"): sql_show.show_warnings,
    ("SHOW", "COUNT_WARNINGS"): sql_show.show_warning_count,
    ("SHOW", "COUNT_ERRORS"): sql_show.show_warning_count,
    ("SHOW", "TABLES"): sql_show.show_tables,
    ("SHOW", "DATABASES"): sql_show.show_databases,
    ("SHOW", "PROCESSLIST"): sql_show.show_processlist,
    ("SHOW", "VARIABLES"): sql_show.show_variables,
    ("SHOW", "STATUS"): sql_show.show_status,
    ("SHOW", "ENGINES"): sql_show.show_engines,
    ("SHOW", "COLLATION"): sql_show.show_collation,
    ("SHOW", "CREATE_TABLE"): sql_show.show_create_table_stmt,
}
# DESCRIBE / SHOW COLUMNS, INDEX, TABLE STATUS, CREATE TABLE / VIEW / DATABASE / TRIGGER /
# PROCEDURE / FUNCTION, TRIGGERS, routine status ...: what dump tools and ORMs read (issue 27)
COMMANDS.update({("SHOW", what): h for what, h in TABLE_SHOWS.items()})


def command_of(stmt: A.Statement) -> Handler:
    """The function that runs ``stmt``; 1235 for a kind the model does not run."""
    if isinstance(stmt, A.Show):
        h = COMMANDS.get(("SHOW", stmt.what))
        if h is None:
            raise UnsupportedError(f"SHOW {stmt.what}")
        if stmt.where is not None:  # SHOW ... WHERE: a condition on the result's columns
            shown = h
            return lambda thd, st: where_filter(shown(thd, st), st.where)
        return h
    h = COMMANDS.get(type(stmt))
    if h is None:
        raise UnsupportedError(type(stmt).__name__)
    return h


def mysql_execute_command(thd: "Thd", stmt: A.Statement) -> Any:
    """Run one parsed statement: the checks every statement passes, then its command."""
    try:
        return _execute_command(thd, stmt)
    except ServerError:
        if thd.sp_unsafe is None:
            # trans_rollback_stmt: the cache's truncate drops a pending rows event a previous
            # statement kept under LOCK TABLES (BinlogCacheMngr.drop_kept_rows)
            thd.caches.drop_kept_rows()
        raise


def _execute_command(thd: "Thd", stmt: A.Statement) -> Any:
    if thd.server.sysvars.before_statement(thd, stmt):
        from harness.sql.stmt.sql_result import OkPacket
        return OkPacket(0, 0, "")  # skipped (MySQL: GTID_NEXT names an executed GTID)
    warn_assignments(thd, stmt)
    stmt = legacy_syntax(thd, stmt)
    if thd.server.flavor.sql.temporal_literal_checks:
        check_temporal_literals(thd, stmt)
    if thd.locked_tables is not None:
        refuse_under_lock_tables(thd, stmt)
    if thd.server.global_read_lock_holders:
        wait_for_global_read_lock(thd, stmt)
    if thd.xid_state is not None:
        if isinstance(stmt, (A.Insert, A.Update, A.Delete, A.Select, A.Do, A.Call)) and uses_tables(stmt):
            XA.check_rmfail(thd)
        if isinstance(stmt, (A.CreateTable, A.DropTable)) and stmt.temporary:
            raise UnsupportedError("temporary tables inside an XA transaction")
    try:
        return command_of(stmt)(thd, stmt)
    except ServerError:
        if thd.sp_unsafe is None:  # a routine's sub-statement may be handled inside it
            thd.server.sysvars.statement_failed(thd)
        raise


def check_temporal_literals(thd: "Thd", stmt: A.Statement) -> None:
    """MySQL's parser makes DATE'...' / TIMESTAMP'...' items as it reads them
    (create_temporal_literal): a bad one fails the statement before anything runs, also
    where no row would evaluate it (9.7.4 [bytes] mtrb_zero_temporal_literals: `SELECT ...
    DATE'0000-00-00' = d FROM t1` over an empty t1 is 1525)."""
    from harness.sql.item.expr import check_temporal_literal
    from harness.sql.stmt.fill_record import _walk_ast

    def visit(x: Any) -> bool:
        if isinstance(x, A.FuncCall) and x.name in ("CAST_DATE", "CAST_TIMESTAMP") and x.args \
                and isinstance(x.args[0], A.Literal) and isinstance(x.args[0].value, str):
            check_temporal_literal(thd, x.name[5:], x.args[0].value)
        return False

    _walk_ast(stmt, visit)


def in_grammar(dialect: Any, parse: Callable[[str], A.Statement], sql: str) -> A.Statement:
    """``parse(sql)``, or the statement the flavour's grammar reads where MariaDB's refuses
    the text (SqlParseError.mysql_statement: ``WITH ... UPDATE`` under MySQL's); never
    cached, the parse caches being shared by flavours."""
    try:
        return parse(sql)
    except SqlParseError as e:
        if e.mysql_statement is None or not dialect.mysql_grammar:
            raise
        return e.mysql_statement  # type: ignore[return-value]


def refuse_removed_syntax(dialect: Any, sql: str) -> None:
    """1064 for syntax the server's grammar no longer has (SqlDialect.removed_syntax), near
    the removed words, before anything runs."""
    for pattern in dialect.removed_syntax:
        m = re.match(pattern, sql, re.I)
        if m:
            raise ParseError(sql, m.start(1))


__all__ = ["COMMANDS", "command_of", "mysql_execute_command", "refuse_removed_syntax"]


def in_dialect(thd: Thd, run: Callable[[str], Any], sql: str) -> Any:
    """``run(sql)`` with the conditions it raised in the flavour's wording
    (SqlDialect.text, harness/model/flavor.py): the error sent and every SHOW WARNINGS row."""
    from harness.model.flavor import SqlDialect
    from harness.sql.sql_errors import ComparisonNote, Note, ServerError
    dialect = thd.server.flavor.sql
    if type(dialect).text is SqlDialect.text:
        return run(sql)

    raised: dict[str, str] = {}  # the error's text -> its wording (its own SHOW WARNINGS row)

    def worded(n: Note) -> str:
        t = dialect.text(n.code, n.message)
        return dialect.comparison_text(t) if isinstance(n, ComparisonNote) else raised.get(n.message, t)
    try:
        return run(sql)
    except ServerError as e:
        if e.code in PREPARE_ERRORS:
            undo_engine_mix(thd)
        drop_unresolved_values_warning(thd, e.code)
        if e.mysql is not None and dialect.mysql_grammar:
            was = (e.code, e.message)
            e.code, e.message = e.mysql
            thd.notes[:] = [Note(n.level, e.code, e.message) if (n.code, n.message) == was else n for n in thd.notes]
        old = e.message
        e.message = dialect.text(e.code, e.message)
        if e.comparison:
            e.message = dialect.comparison_text(e.message)
            raised[old] = e.message
        e.args = (e.message,)
        raise
    finally:
        kept = [n for i, n in enumerate(thd.notes) if n.code not in dialect.dropped_codes
                and not (n.code in dialect.single_report_codes and i and thd.notes[i - 1] == n)]
        thd.notes[:] = [n if (t := worded(n)) == n.message else Note(n.level, n.code, t) for n in kept]
