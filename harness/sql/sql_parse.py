"""The dispatcher (the server's ``sql_parse.cc``, ``mysql_execute_command``): statement kind → statement module.

One table maps each statement class to the function that runs it: DDL,
transaction control, SET, SHOW, XA, CALL, LOCK TABLES, table maintenance. DML
runs through ``Thd.run_dml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import UnsupportedError
from harness.sql.stmt import global_read_lock, locked_tables, sql_admin, sql_alter, sql_explain
from harness.sql.stmt import sql_table as DDL
from harness.sql.stmt import xa as XA
from harness.sql.stmt.routines import call
from harness.sql.stmt.set_var import set_names, set_transaction, set_vars
from harness.sql.stmt.sql_reload import flush, flush_logs, purge_binary_logs, reset_master
from harness.sql.stmt.sql_result import _ok
from harness.sql.stmt.sql_show import show
from harness.sql.stmt.sql_table import use
from harness.sql.stmt.transaction import begin, commit, release_savepoint, rollback, savepoint

if TYPE_CHECKING:
    from harness.sql.thd import Thd


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
    A.AlterTable: sql_alter.alter_table,
    A.CreateIndex: sql_alter.create_index,
    A.DropIndex: sql_alter.drop_index,
    A.RenameTable: sql_alter.rename_table,
    A.TableMaintenance: sql_admin.table_maintenance,
    A.LockTables: locked_tables.lock_tables,
    A.FlushReadLock: global_read_lock.flush_tables_with_read_lock,
    A.Explain: sql_explain.explain,
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


__all__ = ["dispatch"]
