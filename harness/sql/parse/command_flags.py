"""What kind of statement it is, from its parse tree alone: whether it uses tables (the server's ``sql_command_flags``)."""

from __future__ import annotations

from typing import Any

from harness.sql.parse import parse_tree as A


_TABLELESS = (A.Begin, A.Commit, A.Rollback, A.Savepoint, A.ReleaseSavepoint, A.Set, A.SetNames, A.SetTransaction,
              A.Use, A.CreateDatabase, A.DropDatabase, A.ResetMaster, A.FlushBinaryLogs, A.Do, A.CreateRoutine,
              A.DropRoutine, A.CreateView, A.DropView, A.BinlogBase64, A.UnlockTables, A.XaStart, A.XaEnd,
              A.XaPrepare, A.XaCommit, A.XaRollback, A.XaRecover, A.PurgeBinaryLogs, A.Empty,
              A.Execute, A.Deallocate, A.Kill, A.Account, A.EventStmt, A.FlushReadLock)


def _names_a_table(x: object) -> bool:
    """Whether a table reference occurs anywhere in ``x`` (a subquery's too)."""
    if isinstance(x, A.TableRef):
        return True
    if isinstance(x, (list, tuple)):
        return any(_names_a_table(y) for y in x)
    fields = getattr(x, "__dataclass_fields__", None)
    if fields is None:
        return False
    return any(_names_a_table(getattr(x, f, None)) for f in fields)


def _holds_insert(x: Any) -> bool:
    """Whether an INSERT or REPLACE statement occurs anywhere in ``x`` (a routine body)."""
    if isinstance(x, A.Insert):
        return True
    if isinstance(x, (list, tuple)):
        return any(_holds_insert(y) for y in x)
    fields = getattr(x, "__dataclass_fields__", None)
    if fields is None:
        return False
    return any(_holds_insert(getattr(x, f, None)) for f in fields)


def uses_tables(stmt: A.Statement) -> bool:
    if isinstance(stmt, (A.Set, A.Do)):
        # SET @v = (SELECT ... FROM t) and DO (SELECT ... FROM t) have tables (probed).
        return _names_a_table(stmt)
    if isinstance(stmt, _TABLELESS):
        return False
    if isinstance(stmt, A.Flush):
        return bool(stmt.tables)
    if isinstance(stmt, A.Show) and stmt.what in ("BINARY_LOGS", "MASTER_STATUS", "BINLOG_EVENTS"):
        return False  # answered from the binlog index, not from tables: the warnings stay
    if isinstance(stmt, A.Select):
        return bool(stmt.from_ or stmt.union) or _names_a_table(stmt.items) or _names_a_table(stmt.where)
    return True


def statement_clears_warnings(stmt: A.Statement) -> bool:
    """opt_clear_warning_info when the statement has tables (all_tables): besides
    uses_tables, DROP VIEW and DROP TRIGGER name a table (probed: their own Note,
    or none, replaces the previous statement's warnings)."""
    if isinstance(stmt, (A.DropView, A.CreateView)) or isinstance(stmt, A.DropRoutine) and stmt.kind == "TRIGGER":
        # The view itself is in the statement's table list (CREATE VIEW v AS SELECT 1 clears too).
        return True
    if isinstance(stmt, A.Account) and stmt.on is not None and stmt.on[1] is not None:
        # GRANT/REVOKE on a table has it in its table list (observed: a previous
        # statement's 1592 is gone after GRANT ... ON test.t1; kept after ON test.*).
        return True
    if isinstance(stmt, A.CreateRoutine):
        # The parser clears the list when it reads an INSERT or REPLACE (it resets the
        # "at row N" counter there), so a routine whose body holds one clears it while
        # CREATE runs; a body that only reads or updates tables keeps it (probed).
        return _holds_insert(stmt.body)
    return uses_tables(stmt)
