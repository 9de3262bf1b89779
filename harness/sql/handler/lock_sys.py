"""InnoDB's lock system and read views, as far as they change what a session sees or logs.

Concurrent sessions share one engine mutex (``ServerState.lock``); a session
gives it up whenever it waits (a row lock, ``SLEEP``), so a waiting session
never stalls the others and a statement's changes are atomic with respect to
every other statement except at those waits.

What is modelled (docs/CONCURRENCY.md lists what is not):

* record locks, S or X, keyed by an index entry: the clustered key of a row
  (its slot, the row id, when the table has no unique key) and each unique key
  value of it. They are held by the transaction until commit or rollback;
* gap locks as key intervals of the clustered index; an insert whose key falls
  into another transaction's gap waits (insert intention);
* a FIFO wait queue per record (a request conflicts with earlier waiters too,
  which is what makes the S-then-X upgrade of two sessions a deadlock);
* lock waits that give up after ``innodb_lock_wait_timeout`` (1205) and a
  wait-for graph checked whenever a session starts to wait (1213). The victim
  is the transaction of the cycle with the smallest weight (undo entries plus
  locks, a transaction that changed a non-transactional table weighing more
  than any other), the requester on a tie (probed on MariaDB 10.11);
* read views: a consistent read sees the rows committed before the view was
  opened plus the reader's own changes (see :class:`harness.sql.handler.storage.TableData`
  for the version chains).
"""

from __future__ import annotations

import itertools
import threading
import time
from typing import TYPE_CHECKING, Any

from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import ServerError, error

if TYPE_CHECKING:
    from harness.sql.thd import Thd

ER_LOCK_WAIT_TIMEOUT = 1205
ER_LOCK_DEADLOCK = 1213
ER_CHECKREAD = 1020

LockKey = tuple[int, Any, Any]  # (id of the table's TableData, index name, key value)


def lock_wait_timeout_error() -> ServerError:
    return error("ER_LOCK_WAIT_TIMEOUT")


def deadlock_error() -> ServerError:
    return error("ER_LOCK_DEADLOCK")


def record_changed_error(table: str) -> ServerError:
    return error("ER_CHECKREAD", table)


def reported_twice(err: ServerError) -> ServerError:
    """A lock error met while reading through an index (a unique lookup or a range,
    the server's quick select) is reported by the handler and again by the
    statement: SHOW WARNINGS lists the Error twice. Met in a full table scan or
    while inserting, it is listed once (probed on MariaDB 10.11, 1205 and 1213; on
    MariaDB 11.8 1020 the same way)."""
    err.times_reported = 2
    return err


class LockSys:
    """Record and gap locks of every session, the wait-for graph and the read views."""

    def __init__(self, mutex: threading.RLock) -> None:
        self.mutex = mutex
        self.cond = threading.Condition(mutex)
        self.records: dict[LockKey, dict[Thd, str]] = {}
        self.queues: dict[LockKey, list[tuple[Thd, str]]] = {}
        # (id of TableData) -> [(owner, low, high)] with exclusive bounds, None = infinite.
        self.gaps: dict[int, list[tuple[Thd, Any, Any]]] = {}
        self.held: dict[Thd, list[LockKey]] = {}
        self.gap_owners: dict[Thd, set[int]] = {}
        self.waiting: dict[Thd, set[Thd]] = {}
        self.victims: set[Thd] = set()
        # Read views: the commit number each was opened at.
        self.commit_no = 0
        self.views: dict[Thd, int] = {}
        self._trx_ids = itertools.count(1)
        # id(TableDef) -> {session: READ | WRITE | CONCURRENT} for the running statement.
        self.table_locks: dict[int, dict[Thd, str]] = {}

    def new_trx_id(self) -> int:
        return next(self._trx_ids)

    # ------------------------------------------------------------ waits

    def owned(self) -> bool:
        return self.mutex._is_owned()  # type: ignore[attr-defined]

    def sleep(self, seconds: float) -> None:
        """SLEEP(): wait without holding the engine mutex."""
        if not self.owned():
            time.sleep(seconds)
            return
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            self.cond.wait(left)

    def _block(self, thd: Thd, blockers: set[Thd], deadline: float) -> None:
        """Wait once for the blockers to change; raises 1213 (victim) or 1205 (timeout)."""
        if self.waiting.get(thd) != blockers:
            self.waiting[thd] = blockers
            self._detect_deadlock(thd)
        try:
            if thd in self.victims:
                raise deadlock_error()
            left = deadline - time.monotonic()
            if left <= 0:
                raise lock_wait_timeout_error()
            if not self.owned():  # a caller without the mutex (unit tests): nothing can change
                raise lock_wait_timeout_error()
            thd.set_command_state("Waiting for row lock")
            thd.trx_log.did_wait = True  # the Gtid of the transaction gets FL_WAITED
            self.cond.wait(left)
            thd.set_command_state("")
            if thd in self.victims:
                raise deadlock_error()
        except ServerError:
            self.victims.discard(thd)
            self.waiting.pop(thd, None)
            thd.set_command_state("")
            raise

    def _done_waiting(self, thd: Thd) -> None:
        if self.waiting.pop(thd, None) is not None:
            self.cond.notify_all()  # the wait-for graph changed

    def _detect_deadlock(self, start: Thd) -> None:
        """Find a cycle through ``start`` in the wait-for graph and pick its victim."""
        path: list[Thd] = []
        seen: set[Thd] = set()

        def dfs(node: Thd) -> list[Thd] | None:
            for nxt in self.waiting.get(node, ()):
                if nxt is start:
                    return path + [node]
                if nxt in seen or nxt in self.victims:
                    continue
                seen.add(nxt)
                path.append(node)
                found = dfs(nxt)
                path.pop()
                if found:
                    return found
            return None

        cycle = dfs(start)
        if not cycle:
            return
        victim = start
        best = self.weight(start)
        for trx in cycle:
            w = self.weight(trx)
            if w < best:
                victim, best = trx, w
        self.victims.add(victim)
        self.cond.notify_all()

    def weight(self, thd: Thd) -> int:
        """TRX_WEIGHT: undo entries + locks; a transaction that changed a
        non-transactional table is never preferred as the victim."""
        w = len(thd.trx.undo_log) + len(self.held.get(thd, ())) + len(self.gap_owners.get(thd, ()))
        if thd.trx_log.nontrans_modified or thd.stmt.changed_nontrans:
            w += 1 << 40
        return w

    # ------------------------------------------------------------ record locks

    def lock_record(self, thd: Thd, data: Any, index: Any, key: Any, mode: str) -> bool:
        """Take an S or X lock on one index entry; True when the session had to wait."""
        k: LockKey = (id(data), index, key)
        holders = self.records.get(k)
        if holders is not None and (holders.get(thd) == "X" or holders.get(thd) == mode):
            return False
        deadline = time.monotonic() + thd.lock_wait_timeout()
        queued = False
        waited = False
        try:
            while True:
                holders = self.records.setdefault(k, {})
                blockers = {o for o, m in holders.items() if o is not thd and (m == "X" or mode == "X")}
                for o, m in self.queues.get(k, ()):
                    if o is thd:
                        break
                    if m == "X" or mode == "X":
                        blockers.add(o)
                if not blockers:
                    holders[thd] = "X" if mode == "X" or holders.get(thd) == "X" else "S"
                    self.held.setdefault(thd, []).append(k)
                    return waited
                if not queued:
                    self.queues.setdefault(k, []).append((thd, mode))
                    queued = True
                waited = True
                self._block(thd, blockers, deadline)
        finally:
            if queued:
                q = self.queues.get(k, [])
                self.queues[k] = [e for e in q if e[0] is not thd]
                if not self.queues[k]:
                    del self.queues[k]
                self._done_waiting(thd)
            if k in self.records and not self.records[k]:
                del self.records[k]

    def record_blockers(self, thd: Thd, data: Any, index: Any, key: Any) -> bool:
        """Whether another transaction holds a lock on the entry (an uncommitted change)."""
        holders = self.records.get((id(data), index, key))
        return holders is not None and any(o is not thd for o in holders)

    def holds(self, thd: Thd, data: Any, index: Any, key: Any) -> bool:
        holders = self.records.get((id(data), index, key))
        return holders is not None and thd in holders

    # ------------------------------------------------------------ gap locks

    def lock_gap(self, thd: Thd, data: Any, low: Any, high: Any) -> None:
        """A gap (or the gap part of next-key locks): never waits, gaps are compatible."""
        self.gaps.setdefault(id(data), []).append((thd, low, high))
        self.gap_owners.setdefault(thd, set()).add(id(data))

    def insert_intention(self, thd: Thd, data: Any, key: Any) -> bool:
        """Wait while another transaction holds a gap lock covering ``key``; True if it waited."""
        deadline = time.monotonic() + thd.lock_wait_timeout()
        waited = False
        try:
            while True:
                blockers = {o for o, lo, hi in self.gaps.get(id(data), ())
                            if o is not thd and (lo is None or lo < key) and (hi is None or key < hi)}
                if not blockers:
                    return waited
                waited = True
                self._block(thd, blockers, deadline)
        finally:
            if waited:
                self._done_waiting(thd)

    # ------------------------------------------------------------ release

    def release_all(self, thd: Thd) -> None:
        """Commit or rollback: every lock of the transaction goes, waiters re-check."""
        keys = self.held.pop(thd, None)
        gap_tables = self.gap_owners.pop(thd, None)
        changed = False
        if keys:
            for k in keys:
                holders = self.records.get(k)
                if holders is not None and holders.pop(thd, None) is not None:
                    changed = True
                    if not holders:
                        del self.records[k]
        if gap_tables:
            for tid in gap_tables:
                self.gaps[tid] = [g for g in self.gaps.get(tid, ()) if g[0] is not thd]
                if not self.gaps[tid]:
                    del self.gaps[tid]
            changed = True
        if changed and self.owned():
            self.cond.notify_all()

    def transfer(self, thd: Thd, owner: Any) -> None:
        """A prepared transaction leaves its session (MySQL's XA PREPARE, detached): its
        record and gap locks stay, held by ``owner``, until XA COMMIT / ROLLBACK releases
        them (``release_all(owner)``). ``owner`` never waits, so it is never a deadlock
        victim (9.7.4 probed: the branch's rows stay locked, for its own session too)."""
        keys = self.held.pop(thd, None)
        if keys:
            for k in keys:
                holders = self.records.get(k)
                if holders is not None and thd in holders:
                    holders[owner] = holders.pop(thd)
            self.held[owner] = keys
        gap_tables = self.gap_owners.pop(thd, None)
        if gap_tables:
            for tid in gap_tables:
                self.gaps[tid] = [(owner if o is thd else o, lo, hi) for o, lo, hi in self.gaps.get(tid, ())]
            self.gap_owners[owner] = gap_tables

    # ------------------------------------------------------------ table locks (MyISAM, thr_lock)

    def lock_tables(self, thd: Thd, wanted: list[tuple[Any, str]], timeout: float) -> None:
        """Statement-long table locks of a non-transactional engine: READ locks share,
        WRITE excludes; ``CONCURRENT`` (an INSERT into a table without holes,
        concurrent_insert=AUTO) shares with READ but not with another writer.

        These waits are not in the wait-for graph: InnoDB does not see them, so a
        cycle through a table lock ends in a lock wait timeout, as on the server."""
        deadline = time.monotonic() + timeout
        taken: list[Any] = []
        try:
            for table, mode in wanted:
                key = id(table)
                while True:
                    holders = self.table_locks.setdefault(key, {})
                    if not any(o is not thd and not _table_modes_compatible(m, mode) for o, m in holders.items()):
                        holders[thd] = mode if holders.get(thd) in (None, "READ") else holders[thd]
                        taken.append(key)
                        break
                    left = deadline - time.monotonic()
                    if left <= 0 or not self.owned():
                        raise lock_wait_timeout_error()
                    thd.set_command_state("Waiting for table level lock")
                    # (no FL_WAITED: a thr_lock wait is not a transaction wait; observed 0x08)
                    self.cond.wait(left)
                    thd.set_command_state("")
        except ServerError:
            thd.set_command_state("")
            self.unlock_tables(thd)
            raise

    def unlock_tables(self, thd: Thd) -> None:
        released = False
        for key in [k for k, holders in self.table_locks.items() if thd in holders]:
            del self.table_locks[key][thd]
            if not self.table_locks[key]:
                del self.table_locks[key]
            released = True
        if released and self.owned():
            self.cond.notify_all()

    # ------------------------------------------------------------ read views

    def open_view(self, thd: Thd) -> int:
        view = self.views.get(thd)
        if view is None:
            view = self.views[thd] = self.commit_no
        return view

    def close_view(self, thd: Thd) -> None:
        self.views.pop(thd, None)

    def oldest_view(self) -> int | None:
        return min(self.views.values(), default=None)

    def next_commit_no(self) -> int:
        self.commit_no += 1
        return self.commit_no

    def end_versions(self, versions: list[tuple[Any, int]], trx_id: int) -> None:
        """The end of transaction ``trx_id`` in the engine: each row version it left
        becomes the row as it now stands (after a rollback, the restored image), under
        one commit number. Versions no read view needs any more are purged."""
        if not versions:
            return
        commit_no = self.next_commit_no()
        purge = self.oldest_view() is None
        for data, slot in versions:
            data.end_change(slot, trx_id, commit_no, purge)


def _table_modes_compatible(held: str, wanted: str) -> bool:
    if held == "READ" and wanted == "READ":
        return True
    return {held, wanted} == {"READ", "CONCURRENT"}


def lock_myisam_tables(thd: Thd, stmt: Any, info: Any) -> None:
    """thr_lock: a non-transactional table is locked for the whole statement, READ
    or WRITE; readers and writers of other sessions wait (an INSERT ... VALUES into
    a MyISAM table without holes is a concurrent insert, which readers let through)."""
    if thd.locked_tables is not None or thd.sp_unsafe is not None:
        return  # LOCK TABLES holds its own locks; a CALL's sub-statements run inside it
    wanted: dict[int, tuple[Any, str]] = {}
    for u in info.uses:
        t = u.table
        if t.temporary or t.engine.transactional:
            continue
        mode = "READ"
        if not u.write and isinstance(stmt, A.Select) and t.data.count <= 1:
            # A table of at most one row is a const (system) table: the optimizer reads
            # it and unlocks it at once (mysql_unlock_some_tables; probed).
            continue
        if u.write:
            concurrent = (isinstance(stmt, A.Insert) and stmt.select is None and not stmt.replace
                          and not stmt.on_duplicate and not t.data.free and t.engine.name == "MyISAM"
                          and not t.triggers)
            mode = "CONCURRENT" if concurrent else "WRITE"
        if wanted.get(id(t), (None, "READ"))[1] == "READ":
            wanted[id(t)] = (t, mode)
    if wanted:
        order = sorted(wanted.values(), key=lambda e: (e[0].db, e[0].name))
        thd.server.lock_sys.lock_tables(thd, order, float(thd.vars.values.get("lock_wait_timeout", 86400)))
