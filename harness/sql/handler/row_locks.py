"""Which InnoDB locks a statement takes, from its table and WHERE clause.

InnoDB locks what it scans, so the locks of an UPDATE, DELETE or locking read
depend on the access path. The model knows three paths on the clustered index:

* ``eq``: every column of the primary key (or of another unique key) equals a
  constant: a unique search, the matching record alone is locked; with no
  match, the gap where it would be (REPEATABLE READ);
* ``in``: a single-column primary key ``IN (constants)``: a unique lookup per key;
* ``range``: a single-column primary key compared with constants (``<``,
  ``<=``, ``>``, ``>=``, ``BETWEEN``): next-key locks on the records in the
  range and on the first record past it (REPEATABLE READ; InnoDB reads that
  record, locks it, and the server then sees the range has ended);
* ``full``: anything else is a full scan: at REPEATABLE READ every record and
  every gap is locked; at READ COMMITTED only the rows that match stay locked
  (an UPDATE reads a row another transaction locked in its last committed
  version and skips it when it does not match: the semi-consistent read).

A constant is a literal or anything without a column of the scanned table, a
subquery, a volatile function or a stored function: ``@k``, ``NEW.col``, a
routine variable (evaluated once, as the optimizer does). A secondary
(non-unique) index is never used for locking: a condition on one is a full
scan here (docs/CONCURRENCY.md).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from harness.sql.sql_errors import ServerError
from harness.sql.item.expr import FUNCTIONS
from harness.sql.handler.lock_sys import (
    ER_CHECKREAD,
    ER_LOCK_DEADLOCK,
    ER_LOCK_WAIT_TIMEOUT,
    record_changed_error,
    reported_twice,
)
from harness.sql.parse import parse_tree as A

if TYPE_CHECKING:
    from harness.sql.handler.catalog import TableDef
    from harness.sql.thd import Thd

CLUSTER = "CLUSTER"


def uses_row_locks(t: TableDef) -> bool:
    """InnoDB-like tables shared between sessions (a temporary table is private)."""
    return t.engine.transactional and t.engine.clustered and not t.temporary and not t.engine.blackhole


def row_keys(t: TableDef, slot: int, row: list[Any]) -> list[tuple[str, Any]]:
    """The index entries of a row a lock on it covers: the clustered record and each unique key."""
    data = t.data
    keys: list[tuple[str, Any]] = [(CLUSTER, data.clustered_sort_key(slot, row))]
    for i, (name, _cols, _fns) in enumerate(data.unique_keys):
        k = data._key(i, row)
        if k is not None:
            keys.append((name, k))
    return keys


def lock_row(thd: Thd, t: TableDef, slot: int, row: list[Any], mode: str) -> bool:
    """Lock every entry of a row; True when the session waited (the row may have changed)."""
    waited = False
    for index, key in row_keys(t, slot, row):
        waited |= thd.server.lock_sys.lock_record(thd, t.data, index, key, mode)
    if snapshot_isolation(thd) and _changed_since_view(thd, t, slot):
        raise record_changed_error(t.name)
    return waited


def snapshot_isolation(thd: Thd) -> bool:
    """``innodb_snapshot_isolation`` (MariaDB 10.6.18+, ON by default since 11.6.2): a locking
    read checks the record against the transaction's read view (write/write conflict
    detection), and READ COMMITTED reads no semi-consistent version (MDEV-34108)."""
    return thd.vars.values.get("innodb_snapshot_isolation") in (1, True, "ON", "1")


def _changed_since_view(thd: Thd, t: TableDef, slot: int) -> bool:
    """lock_clust_rec_read_check_and_lock() with snapshot isolation: the record just locked
    carries a version another transaction committed after this transaction's read view
    opened (REPEATABLE READ / SERIALIZABLE, a view already open): DB_RECORD_CHANGED, 1020."""
    view = thd.server.lock_sys.views.get(thd)
    if view is None or thd.isolation_below_repeatable_read():
        return False
    chain = t.data.versions.get(slot)
    own = thd.trx.id
    if not chain:
        return False
    return any(owner != own and c is not None and c > view for owner, c, _img in chain)


def lock_key(thd: Thd, t: TableDef, key: tuple[Any, ...], mode: str) -> bool:
    """Lock a clustered key whose row is not in the table (a delete-marked record)."""
    return thd.server.lock_sys.lock_record(thd, t.data, CLUSTER, key, mode)


# ---------------------------------------------------------------- access path


Evaluate = Callable[[A.Expr], Any]

# Functions whose value may change from row to row: the optimizer does not use
# them as an index constant.
_VOLATILE = frozenset({"RAND", "UUID", "UUID_SHORT", "SLEEP", "SYSDATE", "GET_LOCK", "RELEASE_LOCK",
                       "LAST_INSERT_ID", "NEXTVAL", "BENCHMARK"})


def _constant_for(t: TableDef, e: Any) -> bool:
    """No column of the scanned table, no subquery, nothing volatile: a constant for
    the scan (a literal, @user_var, NEW.col of a trigger, a routine variable)."""
    if isinstance(e, (A.ScalarSubquery, A.Exists, A.InSubquery)):
        return False
    if isinstance(e, A.ColumnRef):
        return e.table is None and e.name.lower() not in t.col_index
    if isinstance(e, A.Assign):
        return False
    if isinstance(e, A.FuncCall) and (e.name.upper() in _VOLATILE or e.name.upper() not in FUNCTIONS):
        return False  # volatile, or a stored function (it may change data): never run early
    for f in getattr(e, "__dataclass_fields__", {}):
        v = getattr(e, f)
        for x in (v if isinstance(v, (list, tuple)) else [v]):
            if isinstance(x, A.Expr) and not _constant_for(t, x):
                return False
    return True


def _const(e: A.Expr, t: TableDef, evaluate: Evaluate | None) -> tuple[bool, Any]:
    if isinstance(e, A.Literal) and e.value is not None:
        return True, e.value
    if isinstance(e, A.Unary) and e.op == "-" and isinstance(e.operand, A.Literal) \
            and isinstance(e.operand.value, (int, float)) and not isinstance(e.operand.value, bool):
        return True, -e.operand.value
    if evaluate is not None and not isinstance(e, A.Literal) and _constant_for(t, e):
        try:
            v = evaluate(e)
        except Exception:  # noqa: BLE001 - not evaluable here: not an index constant
            return False, None
        if v is not None:
            return True, v
    return False, None


def _conjuncts(e: A.Expr | None) -> list[A.Expr]:
    if e is None:
        return []
    if isinstance(e, A.Binary) and e.op.upper() == "AND":
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]


_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "="}


def _column_of(t: TableDef, ref_name: str, e: A.Expr) -> int | None:
    if not isinstance(e, A.ColumnRef):
        return None
    if e.table is not None and e.table.lower() not in (ref_name.lower(), t.name.lower()):
        return None
    return t.col_index.get(e.name.lower())


def access_path(t: TableDef, ref_name: str, where: A.Expr | None,
                evaluate: Evaluate | None = None) -> tuple[Any, ...]:
    """("eq", index name, key) | ("range", low, low_incl, high, high_incl) | ("full",)."""
    eqs: dict[int, Any] = {}
    bounds: dict[int, list[tuple[str, Any]]] = {}
    ins: dict[int, list[Any]] = {}
    for c in _conjuncts(where):
        if isinstance(c, A.InList) and not c.negated:
            col = _column_of(t, ref_name, c.expr)
            consts = [_const(x, t, evaluate) for x in c.items]
            if col is not None and consts and all(ok for ok, _v in consts):
                ins[col] = [v for _ok, v in consts]
            continue
        if isinstance(c, A.Between) and not c.negated:
            col = _column_of(t, ref_name, c.expr)
            ok1, lo = _const(c.low, t, evaluate)
            ok2, hi = _const(c.high, t, evaluate)
            if col is not None and ok1 and ok2:
                bounds.setdefault(col, []).extend([(">=", lo), ("<=", hi)])
            continue
        if not isinstance(c, A.Binary) or c.op not in _FLIP:
            continue
        col, op = _column_of(t, ref_name, c.left), c.op
        ok, v = _const(c.right, t, evaluate) if col is not None else (False, None)
        if col is None or not ok:
            col, op = _column_of(t, ref_name, c.right), _FLIP[c.op]
            ok, v = _const(c.left, t, evaluate) if col is not None else (False, None)
        if col is None or not ok:
            continue
        if op == "=":
            eqs[col] = v
        else:
            bounds.setdefault(col, []).append((op, v))
    data = t.data
    try:
        for name, cols, fns in data.unique_keys:
            if all(c in eqs for c in cols):
                key = tuple(fn(_coerce(t, c, eqs[c])) for c, fn in zip(cols, fns))
                if data.clustered_key is not None and list(cols) == list(data.clustered_key[0]):
                    return ("eq", CLUSTER, key)
                return ("eq", name, key)
        if data.clustered_key is not None and len(data.clustered_key[0]) == 1:
            col = data.clustered_key[0][0]
            fn = data.clustered_key[1][0]
            if col in ins:
                return ("in", sorted({(fn(_coerce(t, col, v)),) for v in ins[col]}))
            if col in bounds:
                lo = hi = None
                lo_incl = hi_incl = False
                for op, v in bounds[col]:
                    k = (fn(_coerce(t, col, v)),)
                    if op in (">", ">=") and (lo is None or k >= lo):
                        lo, lo_incl = k, op == ">="
                    elif op in ("<", "<=") and (hi is None or k <= hi):
                        hi, hi_incl = k, op == "<="
                return ("range", lo, lo_incl, hi, hi_incl)
    except Exception:  # noqa: BLE001 - a constant the index cannot compare: the server scans the table
        return ("full",)
    return ("full",)


def _coerce(t: TableDef, col: int, v: Any) -> Any:
    """A constant as the index compares it, for the column types whose stored values
    the model can order against it (integers, decimals, floats, character strings);
    anything else (dates, binary strings, ENUM, a string against a number) is left
    to a full scan."""
    ctype = t.columns[col].type
    name = type(ctype).__name__
    if name in ("IntType", "DecimalType", "FloatType"):
        if isinstance(v, bool) or not isinstance(v, (int, Decimal, float)):
            raise ValueError("not a number")
        if isinstance(v, (float, Decimal)) and v != int(v):
            raise ValueError("fractional constant")
        return int(v) if isinstance(v, float) else v
    if name == "StringType" and isinstance(v, str):
        return v
    raise ValueError("a constant the model does not compare with this column")

def _in_range(key: tuple[Any, ...], path: tuple[Any, ...]) -> bool:
    _kind, lo, lo_incl, hi, hi_incl = path
    if lo is not None and (key < lo or (key == lo and not lo_incl)):
        return False
    return not (hi is not None and (key > hi or (key == hi and not hi_incl)))


def _past_range(key: tuple[Any, ...], path: tuple[Any, ...]) -> bool:
    _kind, _lo, _lo_incl, hi, hi_incl = path
    return hi is not None and (key > hi or (key == hi and not hi_incl))


def lock_scan(thd: Thd, t: TableDef, ref_name: str, where: A.Expr | None, mode: str,
              matches: Callable[[list[Any]], bool], semi_consistent: bool = False,
              in_join: bool = False, evaluate: Evaluate | None = None) -> None:
    """Take the locks InnoDB's scan of ``t`` for ``where`` would take, waiting as it would.

    Runs before the statement reads the rows it changes: once it returns, every
    row the statement may change is locked by this transaction, so the rows it
    then reads are committed (or its own). After any wait the scan starts over,
    since the waited-for transaction may have changed the table.
    """
    path = access_path(t, ref_name, where, evaluate)
    try:
        _lock_scan(thd, t, path, mode, matches, semi_consistent)
    except ServerError as e:
        # Through a range (the server's quick select) the error is listed twice; a unique
        # lookup too in UPDATE/DELETE, but not in a join, which reads it as a const
        # table; a full scan once (probed).
        if e.code in (ER_LOCK_WAIT_TIMEOUT, ER_LOCK_DEADLOCK, ER_CHECKREAD) and \
                (path[0] in ("range", "in") or (path[0] == "eq" and not in_join)):
            reported_twice(e)
        raise


def _lock_scan(thd: Thd, t: TableDef, path: tuple[Any, ...], mode: str,
               matches: Callable[[list[Any]], bool], semi_consistent: bool) -> None:
    ls = thd.server.lock_sys
    rc = thd.isolation_below_repeatable_read()
    # MySQL 8.0.18+'s InnoDB checks a range's end before it locks the record it read
    # (row_search_mvcc: the end-range check): no next-key lock on the first record past it
    end_checked = thd.server.flavor.sql.range_end_checked_before_lock
    data = t.data
    while True:
        waited = False
        if path[0] in ("eq", "in"):
            lookups = [(path[1], path[2])] if path[0] == "eq" else [(CLUSTER, k) for k in path[1]]
            for index, key in lookups:
                waited |= _lock_lookup(thd, t, index, key, mode, rc)
        else:
            recs = data.index_records()
            prev_key: Any = None
            first = True
            gap_low: Any = None
            gap_high: Any = None
            last_in: Any = None
            no_gap = False
            for slot, row, ckey in recs:
                if path[0] == "range" and not _in_range(ckey, path):
                    if _past_range(ckey, path):
                        if not rc and not end_checked:  # the record past the range: next-key lock
                            waited |= (lock_row(thd, t, slot, row, mode) if row is not None
                                       else lock_key(thd, t, ckey, mode))
                            gap_high = ckey
                        elif not rc:  # MySQL: nothing past the range, not the gap before it
                            gap_high, no_gap = last_in, last_in is None
                        break
                    prev_key = ckey
                    continue
                if first:
                    gap_low, first = prev_key, False
                last_in = ckey
                if row is None:
                    waited |= lock_key(thd, t, ckey, mode)
                    continue
                if rc:
                    if semi_consistent and not snapshot_isolation(thd) and \
                            ls.record_blockers(thd, data, CLUSTER, ckey):
                        committed = data.visible(slot, -1, ls.commit_no)
                        if committed is None or not matches(committed):
                            continue
                    if not matches(row) and not ls.record_blockers(thd, data, CLUSTER, ckey):
                        continue  # read, found not matching, unlocked at once
                waited |= lock_row(thd, t, slot, row, mode)
            else:
                gap_high = None
            if first and path[0] == "range":
                gap_low = prev_key
            if not rc and not no_gap:
                ls.lock_gap(thd, data, gap_low if path[0] == "range" else None,
                            gap_high if path[0] == "range" else None)
        if not waited:
            return


def insert_check(thd: Thd, t: TableDef, row: list[Any]) -> None:
    """Before the duplicate-key check of an insert: wait on gaps others locked
    (insert intention) and on index entries another transaction changed but did
    not commit (InnoDB finds the record, delete-marked or not, and waits for its lock)."""
    ls = thd.server.lock_sys
    data = t.data
    while True:
        waited = False
        if data.clustered_key is not None:
            waited |= ls.insert_intention(thd, data, data.clustered_sort_key(-1, row))
        elif ls.gaps.get(id(data)):
            waited |= ls.insert_intention(thd, data, (len(data.rows),))
        for index, key in row_keys(t, -1, row)[0 if data.clustered_key is not None else 1:]:
            if ls.record_blockers(thd, data, index, key):
                waited |= ls.lock_record(thd, data, index, key, "S")
        if not waited:
            return


def _lock_lookup(thd: Thd, t: TableDef, index: str, key: Any, mode: str, rc: bool) -> bool:
    """A unique lookup: the record (or the delete-marked one), else at REPEATABLE READ
    the gap where the key would be. True when the session waited."""
    ls = thd.server.lock_sys
    data = t.data
    waited = False
    if index == CLUSTER:
        hit = [r for r in data.index_records() if r[2] == key]
    else:
        i = next(n for n, uk in enumerate(data.unique_keys) if uk[0] == index)
        slot = data.indexes[i].get(key)
        hit = []
        if slot is not None:
            row = data.rows[slot]
            hit = [(slot, row, data.clustered_sort_key(slot, row))]  # type: ignore[arg-type]
        if not hit and ls.record_blockers(thd, data, index, key):
            waited |= ls.lock_record(thd, data, index, key, mode)
    for slot, row, ckey in hit:
        waited |= lock_row(thd, t, slot, row, mode) if row is not None else lock_key(thd, t, ckey, mode)
    if not hit and not rc and index == CLUSTER:
        recs = data.index_records()
        prev = max((r[2] for r in recs if r[2] < key), default=None)
        nxt = min((r[2] for r in recs if r[2] > key), default=None)
        ls.lock_gap(thd, data, prev, nxt)
    return waited
