"""FLUSH TABLES WITH READ LOCK and UNLOCK TABLES (the server's ``lock.cc``:
``Global_read_lock``, its MDL_BACKUP_FTWRL1/2 locks).

What the binary log sees (probed on 10.11):

* FTWRL commits the session's open transaction (its changes are logged then) and is
  not itself logged; under LOCK TABLES it is 1192.
* While one session holds the lock, its own writes fail with 1223; another session's
  write (DML that changes a table, DDL, a COMMIT of a transaction with changes) waits
  in "Waiting for global read lock" until UNLOCK TABLES or the holder's disconnect, or
  gives 1205 after ``lock_wait_timeout``. Reads go on.
* UNLOCK TABLES releases it (and LOCK TABLES' locks, see locked_tables.py).

mariadb-dump takes it for ``--master-data`` / ``--lock-all-tables`` and for a moment
with ``--single-transaction`` when the server lacks Binlog_snapshot_file; CDC
snapshots take it around reading the binlog position.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from harness.sql.handler.lock_sys import lock_wait_timeout_error
from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import error, register

register({
    "ER_LOCK_OR_ACTIVE_TRANSACTION": (1192, "HY000", "Can't execute the given command because you have active "
                                                     "locked tables or an active transaction"),
    "ER_CANT_UPDATE_WITH_READLOCK": (1223, "HY000", "Can't execute the query because you have a conflicting "
                                                    "read lock"),
})

if TYPE_CHECKING:
    from harness.sql.stmt.sql_result import OkPacket
    from harness.sql.thd import Thd

#: statements that change data or the catalog: they wait for (or, in the holder, fail on)
#: the global read lock. SELECT, SHOW, SET, BEGIN ... do not.
_WRITES = (A.Insert, A.Update, A.Delete, A.LoadData, A.Truncate, A.CreateTable, A.DropTable, A.AlterTable,
           A.CreateIndex, A.DropIndex, A.RenameTable, A.CreateDatabase, A.DropDatabase, A.CreateTrigger,
           A.CreateRoutine, A.DropRoutine, A.CreateView, A.DropView, A.Flush, A.FlushBinaryLogs,
           A.ResetMaster, A.PurgeBinaryLogs)


def flush_tables_with_read_lock(thd: "Thd", st: A.FlushReadLock) -> "OkPacket":
    from harness.sql.stmt.sql_result import OkPacket
    if thd.locked_tables is not None:
        raise error("ER_LOCK_OR_ACTIVE_TRANSACTION")
    thd.implicit_commit()
    # A second session's FTWRL shares the lock (both hold MDL_BACKUP_FTWRL1): the holders are a set.
    thd.server.global_read_lock_holders.add(thd.connection_id)
    return OkPacket()


def release(thd: "Thd") -> bool:
    """UNLOCK TABLES / disconnect: give back the global read lock; True when held."""
    server = thd.server
    if thd.connection_id not in server.global_read_lock_holders:
        return False
    server.global_read_lock_holders.discard(thd.connection_id)
    lock_sys = server.lock_sys
    if lock_sys.owned():
        lock_sys.cond.notify_all()
    return True


def wait_for_global_read_lock(thd: "Thd", stmt: A.Statement) -> None:
    """Before a write: 1223 in the holder, a wait (or 1205) in any other session."""
    server = thd.server
    if not server.global_read_lock_holders or not _is_write(thd, stmt):
        return
    if thd.connection_id in server.global_read_lock_holders:
        raise error("ER_CANT_UPDATE_WITH_READLOCK")
    lock_sys = server.lock_sys
    deadline = time.monotonic() + float(thd.vars.values.get("lock_wait_timeout", 86400))
    while server.global_read_lock_holders:
        left = deadline - time.monotonic()
        if left <= 0 or not lock_sys.owned():
            raise lock_wait_timeout_error()
        thd.command_state = "Waiting for global read lock"
        try:
            lock_sys.cond.wait(min(left, 0.5))
        finally:
            thd.command_state = ""


def _is_write(thd: "Thd", stmt: A.Statement) -> bool:
    if isinstance(stmt, A.Commit):
        return thd.trx.active and not thd.caches.trx_cache.empty()
    if isinstance(stmt, (A.CreateTable, A.DropTable)) and getattr(stmt, "temporary", False):
        return False
    return isinstance(stmt, _WRITES)
