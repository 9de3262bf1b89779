"""LOCK TABLES / UNLOCK TABLES (the server's locked_tables_list and OPTION_TABLE_LOCK).

Neither statement is ever written to the binary log; what they change is when
transactions end:

* LOCK TABLES commits the open transaction first (and releases earlier locks);
* UNLOCK TABLES commits the open transaction when tables were locked
  (autocommit=0 transactions started under LOCK TABLES end there);
* BEGIN releases the locks (after its own implicit commit).

Under LOCK TABLES with autocommit on, each statement is still its own
transaction. A statement may only use locked tables (1100) and may only change
tables locked for WRITE (1099); temporary tables are exempt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from harness.sql.sql_errors import error
from harness.sql.parse.stmtinfo import StatementInfo
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import UnsupportedError

if TYPE_CHECKING:
    from harness.sql.stmt.sql_result import OkPacket
    from harness.sql.thd import Thd


def lock_tables(thd: "Thd", st: A.LockTables) -> "OkPacket":
    thd.implicit_commit()
    thd.set_locked_tables(None)
    locks: dict[tuple[str, str], str] = {}
    for name, alias, mode in st.locks:
        if alias is not None:
            raise UnsupportedError("LOCK TABLES with an alias")
        db = name.db or thd.db
        if db is None:
            raise error("ER_NO_DB_ERROR")
        t = thd.find_table(name)
        if t is None and thd.find_view(name) is not None:
            _lock_view_tables(thd, name, mode, locks)  # a view locks the tables it reads
            continue
        if t is None:
            raise error("ER_NO_SUCH_TABLE", db, name.name)
        if t.temporary:
            continue
        key = (db, name.name.lower())
        # A table named twice keeps the stronger lock.
        locks[key] = "WRITE" if locks.get(key) == "WRITE" else mode
        if mode == "WRITE":
            _lock_trigger_tables(thd, name, locks)
    # MySQL's lock_tables runs decide_logging_format over the locked tables, after the
    # statement's implicit commit: the WRITE-locked ones take part in the engine mix, once for
    # the LOCK TABLES transaction (6414 for two engines; the statements under it then count as
    # autocommitted ones), then enforce_gtid_consistency's 1785 (9.7.4 [bytes] ddl_lock_tables:
    # `LOCK TABLES t WRITE, n WRITE, t2 WRITE`, n MyISAM -> 6414 naming n and t, in both GTID modes)
    from harness.sql.parse.stmtinfo import TableUse
    from harness.sql.stmt.deprecations import warn_engine_mix
    from harness.sql.sys_vars.sysvar_profile import gtid_dml_check
    info = StatementInfo(kind="LOCK TABLES")
    written = []
    for key, mode in locks.items():
        t = thd.catalog.get_table(*key) if mode == "WRITE" else None
        if t is not None:
            info.uses.append(TableUse(t, True))
            written.append(t)
    warn_engine_mix(thd, info)
    if thd.server.global_vars.values.get("enforce_gtid_consistency") == "ON":
        gtid_dml_check(thd, written)
    thd.set_locked_tables(locks)
    from harness.sql.stmt.sql_result import OkPacket
    return OkPacket()


def _lock_view_tables(thd: "Thd", name: A.TableName, mode: str, locks: dict[tuple[str, str], str],
                     depth: int = 0) -> None:
    """LOCK TABLES v: the view's underlying tables are locked (mariadb-dump locks every table
    and view of a database, READ LOCAL)."""
    view = thd.find_view(name)
    if view is None or view.select is None or depth > 16:
        return
    vdb = name.db or thd.db
    for ref in view.select.from_:
        if ref.derived is not None:
            continue
        base = A.TableName(ref.table.name, ref.table.db or vdb)
        t = thd.find_table(base)
        if t is not None and not t.temporary:
            key = (t.db, t.name.lower())
            locks[key] = "WRITE" if locks.get(key) == "WRITE" else mode
        elif thd.find_view(base) is not None:
            _lock_view_tables(thd, base, mode, locks, depth + 1)


def _lock_trigger_tables(thd: "Thd", name: A.TableName, locks: dict[tuple[str, str], str]) -> None:
    """LOCK TABLES prelocks what the triggers of a WRITE-locked table use (open_tables adds
    them to the locked tables list): those tables are locked too, for WRITE when a trigger
    changes them, else for READ, so statements may then use them directly (probed:
    binlog_mixed's DELETE FROM t1 under LOCK TABLES t2 WRITE, t2's trigger deleting from t1)."""
    from harness.sql.handler.prelock import Prelocker
    info = StatementInfo(kind="LOCK TABLES")
    Prelocker(thd, info).table(name, True, "INSERT|UPDATE|DELETE")
    for u in info.uses:
        t = u.table
        if t.temporary:
            continue
        key = (t.db, t.name.lower())
        if key not in locks or (u.write and locks[key] != "WRITE"):
            locks[key] = "WRITE" if u.write else "READ"


def unlock_tables(thd: "Thd", st: A.UnlockTables) -> "OkPacket":
    from harness.sql.stmt.global_read_lock import release
    release(thd)
    if thd.locked_tables is not None:
        thd.implicit_commit()
        thd.set_locked_tables(None)
    from harness.sql.stmt.sql_result import OkPacket
    return OkPacket()


def check_locked_tables(thd: "Thd", info: StatementInfo) -> None:
    """Under LOCK TABLES: every base table used must be locked, every changed one for WRITE."""
    locks = thd.locked_tables
    if locks is None:
        return
    for u in info.uses:
        t = u.table
        if t.temporary or t.db == "information_schema":  # I_S needs no lock (a per-statement copy)
            continue
        mode = locks.get((t.db, t.name.lower()))
        if mode is None:
            raise error("ER_TABLE_NOT_LOCKED", t.name)
        if u.write and mode != "WRITE":
            raise error("ER_TABLE_NOT_LOCKED_FOR_WRITE", t.name)
    for db, name in info.missing_tables:
        # open_table in locked_tables_mode looks the name up among the locked tables only: a
        # table that does not exist is not locked either (probed on 10.11 and 9.7.4: `SELECT *
        # FROM nosuch` under LOCK TABLES t2 WRITE -> 1100, not 1146)
        if locks.get((db, name.lower())) is None:
            raise error("ER_TABLE_NOT_LOCKED", name)


def refuse_under_lock_tables(thd: "Thd", stmt: A.Statement) -> None:
    """DDL under LOCK TABLES has its own rules (reopen, lock upgrade) that replbed does not model,
    but for DROP TABLE of tables locked for WRITE (temporary ones need no lock): they leave the
    locked set, the others stay locked; a base table not locked is 1100, one locked for READ
    1099 (probed on 10.11; the binlog suite's foreign_key)."""
    if thd.locked_tables is None or isinstance(stmt, _ALLOWED):
        return
    if isinstance(stmt, A.DropTable) and not stmt.temporary and not stmt.sequence:
        for n in stmt.tables:
            db = n.db or thd.db or ""
            if (db, n.name.lower()) in thd.temp_tables:
                continue
            mode = thd.locked_tables.get((db, n.name.lower()))
            if mode is None:
                if thd.catalog.get_table(db, n.name) is None:
                    raise UnsupportedError("DROP TABLE of a missing table under LOCK TABLES")
                raise error("ER_TABLE_NOT_LOCKED", n.name)
            if mode != "WRITE":
                raise error("ER_TABLE_NOT_LOCKED_FOR_WRITE", n.name)
        return
    raise UnsupportedError(f"{type(stmt).__name__} under LOCK TABLES")


_ALLOWED = (A.Insert, A.LoadData, A.Update, A.Delete, A.Select, A.Do, A.Begin, A.Commit, A.Rollback, A.Savepoint,
            A.ReleaseSavepoint, A.Set, A.SetNames, A.SetTransaction, A.Show, A.Use, A.LockTables,
            A.UnlockTables, A.FlushReadLock)
