"""The parts of the server's range optimizer (opt_range.cc) that show in the binary log.

A single-table UPDATE or DELETE whose WHERE the optimizer proves empty before it
reads a row returns "no matching records" at once (``mysql_update`` /
``mysql_delete``: ``!limit`` after ``remove_eq_conds`` found the condition
false, or ``SQL_SELECT::check_quick`` found no range to read), and never reaches
``binlog_query``: in STATEMENT and MIXED nothing is logged, where a statement
that only happens to find no row is logged all the same (probed, MariaDB 10.11):

* a conjunct without columns that is false or NULL (``WHERE 1 = 0``);
* an empty range over a column of some index: ``col = NULL`` (any comparison
  with a NULL literal), ``col IS NULL`` for a NOT NULL column (not DATE/DATETIME,
  whose zero date matches IS NULL), or bounds that exclude each other
  (``id > 5 AND id < 3``). On a column no index has, the same conditions are
  checked row by row and the statement is logged;
* an empty table whose engine counts its rows exactly (MyISAM, Aria, MEMORY:
  ``records_in_range`` is 0) and a WHERE with a range over the first column of
  one of its keys (``WHERE id IN (6, 4)``). InnoDB never estimates 0 rows, so an
  empty InnoDB table is scanned and the statement logged.

Only literals count as constants here; anything else (``@v``, functions) is left
to the row-by-row check, i.e. the statement is logged, as before.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from harness.sql.item.column_types import DateTimeType, DateType
from harness.sql.item.column_types import DecimalType, IntType
from harness.sql.parse import parse_tree as A

if TYPE_CHECKING:
    from harness.sql.handler.catalog import TableDef

#: Engines with HA_STATS_RECORDS_IS_EXACT whose records_in_range says 0 for an empty table.
_EXACT_COUNT_ENGINES = frozenset({"MyISAM", "Aria", "MEMORY"})
_COMPARISONS = {"=", "<", ">", "<=", ">="}
_FLIPPED = {"=": "=", "<": ">", ">": "<", "<=": ">=", ">=": "<="}


def _conjuncts(e: A.Expr | None) -> list[A.Expr]:
    if e is None:
        return []
    if isinstance(e, A.Binary) and e.op.upper() in ("AND", "&&"):
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]


def _literal(e: A.Expr) -> tuple[bool, Any]:
    """(is a literal, its value); a negated number literal counts."""
    if isinstance(e, A.Literal):
        return True, e.value
    if (isinstance(e, A.Unary) and e.op == "-" and isinstance(e.operand, A.Literal)
            and isinstance(e.operand.value, (int, Decimal)) and not isinstance(e.operand.value, bool)):
        return True, -e.operand.value
    return False, None


def _column(t: TableDef, names: set[str], e: A.Expr) -> int | None:
    if isinstance(e, A.ColumnRef) and (e.table is None or e.table.lower() in names):
        return t.col_index.get(e.name.lower())
    return None


def _const_false(e: A.Expr) -> bool:
    """A condition of literals only that is false or NULL (remove_eq_conds: COND_FALSE)."""
    if isinstance(e, A.Binary) and e.op in _COMPARISONS:
        lit_l, a = _literal(e.left)
        lit_r, b = _literal(e.right)
        if not (lit_l and lit_r):
            return False
        if a is None or b is None:
            return True
        if _is_number(a) and _is_number(b):
            return not _holds(e.op, Decimal(a), Decimal(b))
        return False
    lit, v = _literal(e)
    if lit:
        return v is None or (_is_number(v) and v == 0)
    return False


def unique_key_equality(t: TableDef, ref_name: str, where: A.Expr | None) -> bool:
    """The WHERE pins every column of the primary key or of a unique key to a literal
    (``id = 1``): the optimizer reads the table as a const table, one row, never sorted."""
    pinned = set()
    for c in _conjuncts(where):
        if isinstance(c, A.Binary) and c.op == "=":
            for a, b in ((c.left, c.right), (c.right, c.left)):
                col = _column(t, {ref_name.lower(), t.name.lower()}, a)
                if col is not None and _literal(b)[0] and _literal(b)[1] is not None:
                    pinned.add(col)
    return any(k.kind in ("PRIMARY", "UNIQUE") and k.columns and set(k.columns) <= pinned for k in t.keys)


def const_true(e: A.Expr | None) -> bool:
    """No WHERE, or one of literals only that is true (remove_eq_conds: COND_TRUE, the
    condition is dropped): mysql_delete may then empty the table with delete_all_rows."""
    if e is None:
        return True
    for c in _conjuncts(e):
        if isinstance(c, A.Binary) and c.op in _COMPARISONS:
            lit_l, a = _literal(c.left)
            lit_r, b = _literal(c.right)
            if not (lit_l and lit_r and _is_number(a) and _is_number(b) and _holds(c.op, Decimal(a), Decimal(b))):
                return False
            continue
        lit, v = _literal(c)
        if not (lit and _is_number(v) and v != 0):
            return False
    return True


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, Decimal)) and not isinstance(v, bool)


def _holds(op: str, a: Decimal, b: Decimal) -> bool:
    return {"=": a == b, "<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[op]


class _Interval:
    """The values of one numeric column the conjuncts leave: bounds and point sets."""

    def __init__(self) -> None:
        self.low: tuple[Decimal, bool] | None = None   # (value, inclusive)
        self.high: tuple[Decimal, bool] | None = None
        self.points: set[Decimal] | None = None

    def add(self, op: str, v: Decimal) -> None:
        if op == "=":
            self.restrict({v})
        elif op in (">", ">="):
            b = (v, op == ">=")
            if self.low is None or b[0] > self.low[0] or (b[0] == self.low[0] and not b[1]):
                self.low = b
        else:
            b = (v, op == "<=")
            if self.high is None or b[0] < self.high[0] or (b[0] == self.high[0] and not b[1]):
                self.high = b

    def restrict(self, points: set[Decimal]) -> None:
        self.points = points if self.points is None else self.points & points

    def _inside(self, v: Decimal) -> bool:
        if self.low is not None and (v < self.low[0] or (v == self.low[0] and not self.low[1])):
            return False
        return not (self.high is not None and (v > self.high[0] or (v == self.high[0] and not self.high[1])))

    def empty(self) -> bool:
        if self.points is not None:
            return not any(self._inside(p) for p in self.points)
        if self.low is not None and self.high is not None:
            lo, hi = self.low, self.high
            return lo[0] > hi[0] or (lo[0] == hi[0] and not (lo[1] and hi[1]))
        return False


def _exact_number(t: TableDef, col: int, v: Any) -> Decimal | None:
    """A literal the column stores unchanged, as a Decimal (else None: not modelled)."""
    ty = t.columns[col].type
    if not _is_number(v):
        return None
    if isinstance(ty, IntType) and isinstance(v, int):
        return Decimal(v)
    if isinstance(ty, DecimalType):
        return Decimal(v)
    return None


def _range_pred(t: TableDef, names: set[str], e: A.Expr) -> tuple[int, str, list[Any]] | None:
    """``col OP literal`` / ``col IN (literals)`` / ``col BETWEEN literals`` / ``col IS NULL``
    over a column of ``t``: (column, op, literal values)."""
    if isinstance(e, A.Binary) and e.op in _COMPARISONS:
        for colside, other, op in ((e.left, e.right, e.op), (e.right, e.left, _FLIPPED[e.op])):
            col = _column(t, names, colside)
            lit, v = _literal(other)
            if col is not None and lit:
                return col, op, [v]
        return None
    if isinstance(e, A.InList) and not e.negated:
        col = _column(t, names, e.expr)
        vals = [_literal(i) for i in e.items]
        if col is not None and vals and all(lit for lit, _v in vals):
            return col, "IN", [v for _lit, v in vals]
        return None
    if isinstance(e, A.Between) and not e.negated:
        col = _column(t, names, e.expr)
        lo, hi = _literal(e.low), _literal(e.high)
        if col is not None and lo[0] and hi[0]:
            return col, "BETWEEN", [lo[1], hi[1]]
        return None
    if isinstance(e, A.IsNull) and not e.negated:
        col = _column(t, names, e.expr)
        if col is not None:
            return col, "IS NULL", []
    return None


def _usable_for_range(t: TableDef, col: int, values: list[Any]) -> bool:
    """Whether an index on ``col`` can serve the comparison: a string column compared
    with a number cannot (the comparison is numeric), the other way round it can."""
    ty = t.columns[col].type
    return not (ty.is_string and any(_is_number(v) for v in values))


def not_null_is_null(t: TableDef, ref_name: str, where: A.Expr | None) -> bool:
    """Whether a conjunct of ``where`` is ``col IS NULL`` over a NOT NULL column of ``t``
    (not DATE/DATETIME, whose NOT NULL zero date IS NULL matches): MySQL's single-table
    UPDATE/DELETE folds it to false whether or not the column is indexed (optimize_cond ->
    remove_eq_conds, Item_func_isnull::update_used_tables: a non-nullable argument is the
    constant 0), so the statement is an impossible WHERE; probed on 9.7.4, where MariaDB
    10.11 logs it (only the range optimizer sees it there, on an indexed column)."""
    names = {ref_name.lower(), t.name.lower()}
    for c in _conjuncts(where):
        if isinstance(c, A.IsNull) and not c.negated:
            col = _column(t, names, c.expr)
            if col is not None and not t.columns[col].nullable \
                    and not isinstance(t.columns[col].type, (DateType, DateTimeType)):
                return True
    return False


def folds_to_false(t: TableDef, ref_name: str, where: A.Expr | None) -> bool:
    """Whether a conjunct of ``where`` compares an INT or DECIMAL column of ``t`` with a number
    the column cannot hold so that it is never true: MySQL 8.0.16+'s constant folding
    (sql/sql_const_folding.cc ``fold_condition``, analyze_int_field_constant /
    analyze_decimal_field_constant) turns it into FALSE while the condition is optimized,
    indexed column or not, and a single-table UPDATE/DELETE is then an impossible WHERE, not
    logged. Never true: ``=`` with a number out of the column's range or with more fraction
    than it keeps (``c_int = 2147483648``, ``c_int = 1.5``, ``dec52 = 1.005``); ``>``/``>=``
    above its maximum; ``<``/``<=`` below its minimum. (9.7.4 observed, fuzz seed 131301:
    ``DELETE FROM t1 WHERE c_dec = 1234.5`` on a DECIMAL(5,2), ``UPDATE ... WHERE c_int =
    2147483648``, none logged; MariaDB reads every row and logs them.)"""
    names = {ref_name.lower(), t.name.lower()}
    for c in _conjuncts(where):
        pred = _range_pred(t, names, c)
        if pred is None or pred[1] not in _COMPARISONS:
            continue
        col, op, (value,) = pred
        if not _is_number(value):
            continue
        bounds = _number_bounds(t.columns[col].type)
        if bounds is None:
            continue
        lo, hi, quantum = bounds
        v = Decimal(value)
        if op == "=" and (v < lo or v > hi or v % quantum != 0):
            return True
        if op in (">", ">=") and v > hi or op in ("<", "<=") and v < lo:
            return True
    return False


def _number_bounds(ty: Any) -> tuple[Decimal, Decimal, Decimal] | None:
    """(least, greatest, smallest step) of what an INT or DECIMAL column stores."""
    if isinstance(ty, IntType):
        return Decimal(ty.lo), Decimal(ty.hi), Decimal(1)
    if isinstance(ty, DecimalType):
        return (Decimal(0) if ty.unsigned else -ty.max), ty.max, ty.quantum
    return None


def impossible_where(t: TableDef, ref_name: str, where: A.Expr | None, empty_table_range: bool = True) -> bool:
    """Whether the optimizer of a single-table UPDATE/DELETE proves ``where`` empty on ``t``
    before it reads a row (the statement then logs nothing; module docstring).
    ``empty_table_range``: a range over an empty table of an exact-count engine is empty
    (MariaDB); MySQL reads it and logs the statement (9.7.4 observed:
    ``SysvarProfile.empty_table_range_impossible``)."""
    conds = _conjuncts(where)
    if not conds:
        return False
    if any(_const_false(c) for c in conds):
        return True
    names = {ref_name.lower(), t.name.lower()}
    indexed = {c for k in t.keys for c in k.columns}
    key_firsts = {k.columns[0] for k in t.keys if k.columns}
    intervals: dict[int, _Interval] = {}
    ranged_first = False
    for c in conds:
        pred = _range_pred(t, names, c)
        if pred is None:
            continue
        col, op, values = pred
        if col not in indexed:
            continue
        column = t.columns[col]
        if op == "IS NULL":
            if not column.nullable and not isinstance(column.type, (DateType, DateTimeType)):
                return True
            ranged_first = ranged_first or col in key_firsts
            continue
        if op == "IN" and all(v is None for v in values):
            return True
        if op != "IN" and any(v is None for v in values):
            return True  # a comparison with NULL (BETWEEN with a NULL bound too)
        if not _usable_for_range(t, col, values):
            continue
        ranged_first = ranged_first or col in key_firsts
        nums = [_exact_number(t, col, v) for v in values if v is not None]
        if any(n is None for n in nums):
            continue
        iv = intervals.setdefault(col, _Interval())
        if op == "IN":
            iv.restrict({n for n in nums if n is not None})
        elif op == "BETWEEN":
            iv.add(">=", nums[0])  # type: ignore[arg-type]
            iv.add("<=", nums[1])  # type: ignore[arg-type]
        else:
            iv.add(op, nums[0])  # type: ignore[arg-type]
    if any(iv.empty() for iv in intervals.values()):
        return True
    return empty_table_range and ranged_first and t.engine.name in _EXACT_COUNT_ENGINES and t.data.count == 0


# ---------------------------------------------------------------- range access order
#
# A single-table UPDATE or DELETE reads its rows through the access path the
# optimizer picked, and its rows events list them in that order. With a range
# over the first column of a secondary index (any index of MyISAM, whose scan
# is in record order), the rows come in index order (key value, then the
# clustered key or the record position); a full scan and a range over InnoDB's
# clustered index both give the clustered order. The choice is a cost
# comparison (test_quick_select: range cost against a table scan) that the
# model reduces to the thresholds MariaDB 10.11 showed on small tables
# (probed: N rows, k of them in the range, one range):
#
# * MyISAM: the index is read when 6k < N + 20 (2 of 2, 3 of 3, 3 of 4, 4 of 6,
#   4 of 10 by index; 4 of 4, 5 of 6, 5 of 10 by scan);
# * InnoDB (secondary index): when 2k <= N + 2 and k <= 4 (2 of 3, 3 of 5,
#   4 of 6 by index; 3 of 3, 4 of 5, 5 of 6 by scan).
#
# When several keys have a range, the one with the fewest rows wins (InnoDB's
# clustered index on a tie).


def range_keys(t: TableDef, ref_name: str, where: A.Expr | None) -> list[tuple[Any, list[A.Expr]]]:
    """Keys whose first column the WHERE bounds by literals (a range the optimizer could
    read), each with the conjuncts that bound it."""
    names = {ref_name.lower(), t.name.lower()}
    by_col: dict[int, list[A.Expr]] = {}
    for c in _conjuncts(where):
        pred = _range_pred(t, names, c)
        if pred is None or pred[1] == "IS NULL" or not _usable_for_range(t, pred[0], pred[2]):
            continue
        by_col.setdefault(pred[0], []).append(c)
    return [(k, by_col[k.columns[0]]) for k in t.keys if k.columns and k.columns[0] in by_col]


def index_scan_chosen(t: TableDef, n_rows: int, k: int, cost_model: str = "10.11", mysql: bool = False) -> bool:
    """Whether the optimizer reads ``k`` of ``n_rows`` rows through a secondary index
    rather than scanning the table (the fitted thresholds above; ``cost_model`` "11.0":
    MariaDB 11's costs for InnoDB and MyISAM, ``join_cost_11.range_chosen``).

    ``mysql``: MySQL 9.7's single-table UPDATE/DELETE (test_quick_select against the table
    scan); fitted to 9.7.4 EXPLAIN over tables of 2 to 30 rows with a range over a secondary
    UNIQUE key (every k of every n): MyISAM reads the range while ``4k < n + 29``, InnoDB
    while ``7k < 2n + 42`` (a whole table of up to 9 / 8 rows still by its range)."""
    if mysql and t.engine.name in ("InnoDB", "MyISAM"):
        return 7 * k < 2 * n_rows + 42 if t.engine.transactional else 4 * k < n_rows + 29
    if cost_model == "11.0" and t.engine.name in ("InnoDB", "MyISAM"):
        from harness.sql.opt.join_cost_11 import range_chosen
        return range_chosen(t.engine.transactional, n_rows, k)
    if t.engine.clustered:
        return 2 * k <= n_rows + 2 and k <= 4
    return 6 * k < n_rows + 20
