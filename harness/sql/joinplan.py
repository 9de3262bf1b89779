"""The parts of the server's join plan that show in a multi-table UPDATE/DELETE's binlog.

A multi-table UPDATE (``multi_update``) changes the first table of the join order
while it scans ("on the fly", when ``safe_update_on_fly`` allows it) and keeps the
other tables' changes in temporary tables keyed by row id, applied afterwards in
the written order (``multi_update::do_updates``).  A multi-table DELETE
(``multi_delete``) walks the deleted tables in join order: the first one while
scanning, the others from sorted row-id lists (``Unique``), i.e. in each table's
own scan order.  So the order of the row events depends on the join order; and a
Table_map marks every column nullable when the table is the inner side of an outer
join that stays outer (``Field::maybe_null()`` includes ``TABLE::maybe_null``).

What is modelled of the optimizer (docs/RULES-mariadb-10.11.md §5.9):

* the nested-loop order is the written order (``t1 RIGHT JOIN t2`` scans t2 first),
  except that *const tables* come first: a MyISAM/Aria/MEMORY table with at most
  one row (a "system" table) that is not the inner side of an outer join, and a
  table whose primary key or NOT NULL unique key is bound by ``col = constant``
  (constants may be columns of tables already const);
* an outer join whose inner table is null-rejected by WHERE becomes an inner join
  (``simplify_joins``), and a const inner table that found its row loses
  ``maybe_null`` (``join_read_const_table``).

Not modelled: the cost-based reordering of non-const tables (the server may scan a
smaller table first); then the rows list in another order than replbed's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Iterator

from harness.sql import ast as A
from harness.sql.temporal import BAD, OK, Parts, number_to_datetime, parse_datetime, parts_of
from harness.sql.types import DateTimeType, DecimalType, IntType, StringType

if TYPE_CHECKING:
    from harness.sql.catalog import TableDef
    from harness.sql.expr import Scope

_COMPARISONS = {"=", "<", ">", "<=", ">=", "<>", "!="}


@dataclass
class JoinPlan:
    """Join order and per-table facts for one multi-table statement."""

    order: list[int]  # table positions, the order the server reads them
    const: set[int]  # positions read as constants before the join
    maybe_null: set[int]  # inner tables of an outer join that stays outer, not const


def scan_order(refs: list[A.TableRef]) -> tuple[list[int], list[int]]:
    """replbed's nested-loop order and the positions of outer-join inner tables.

    The server rewrites ``t1 RIGHT JOIN t2 ON c`` as ``t2 LEFT JOIN t1 ON c``."""
    n = len(refs)
    order = list(range(n))
    inner = [i for i, r in enumerate(refs) if r.join == "LEFT"]
    if n > 1 and refs[1].join == "RIGHT":
        order[0], order[1] = 1, 0
        inner.append(0)
    return order, inner


def conjuncts(e: A.Expr | None) -> Iterator[A.Expr]:
    if e is None:
        return
    if isinstance(e, A.Binary) and e.op.upper() in ("AND", "&&"):
        yield from conjuncts(e.left)
        yield from conjuncts(e.right)
    else:
        yield e


def _columns(e: A.Expr) -> Iterator[A.ColumnRef]:
    """Column references of a plain expression (operators only); a function call,
    CASE or subquery makes it opaque (it may turn NULL into a value)."""
    if isinstance(e, A.ColumnRef):
        yield e
    elif isinstance(e, A.Binary) and e.op.upper() not in ("AND", "OR", "&&", "||", "XOR", "<=>"):
        yield from _columns(e.left)
        yield from _columns(e.right)
    elif isinstance(e, A.Unary) and e.op != "NOT":
        yield from _columns(e.operand)


def _table_of(scope: "Scope", ref: A.ColumnRef) -> int | None:
    try:
        depth, ti, _ci = scope.resolve(ref)
    except Exception:  # noqa: BLE001 - a name error surfaces when the statement runs
        return None
    return ti if depth == 0 else None


def rejects_nulls(e: A.Expr, ti: int, scope: "Scope") -> bool:
    """True when ``e`` is false or NULL whenever table ``ti``'s columns are all NULL
    (the server's ``not_null_tables()``), for the forms recognised here."""
    if isinstance(e, A.Binary):
        op = e.op.upper()
        if op in ("AND", "&&"):
            return rejects_nulls(e.left, ti, scope) or rejects_nulls(e.right, ti, scope)
        if op in ("OR", "||"):
            return rejects_nulls(e.left, ti, scope) and rejects_nulls(e.right, ti, scope)
        if op in _COMPARISONS:
            return any(_table_of(scope, c) == ti for side in (e.left, e.right) for c in _columns(side))
        return False
    if isinstance(e, A.IsNull):
        return e.negated and any(_table_of(scope, c) == ti for c in _columns(e.expr))
    if isinstance(e, (A.Like, A.Between, A.InList)):
        return any(_table_of(scope, c) == ti for c in _columns(e.expr))
    return False


def _is_constant(e: A.Expr, const: set[int], scope: "Scope") -> bool:
    if isinstance(e, A.Literal):
        return e.value is not None
    if isinstance(e, A.ColumnRef):
        return _table_of(scope, e) in const
    if isinstance(e, A.Binary) and e.op in ("+", "-", "*", "/"):
        return _is_constant(e.left, const, scope) and _is_constant(e.right, const, scope)
    if isinstance(e, A.Unary) and e.op in ("-", "+"):
        return _is_constant(e.operand, const, scope)
    return False


def _bound_columns(ti: int, conds: list[A.Expr], const: set[int], scope: "Scope") -> set[int]:
    """Columns of table ``ti`` equated to a constant (``col = const``)."""
    bound: set[int] = set()
    for c in conds:
        if not (isinstance(c, A.Binary) and c.op == "="):
            continue
        for col, other in ((c.left, c.right), (c.right, c.left)):
            if isinstance(col, A.ColumnRef) and _table_of(scope, col) == ti and _is_constant(other, const, scope):
                bound.add(scope.resolve(col)[2])
    return bound


def _unique_not_null_keys(t: "TableDef") -> Iterator[list[int]]:
    for k in t.keys:
        if k.kind == "PRIMARY" or (k.kind == "UNIQUE" and all(not t.columns[c].nullable for c in k.columns)):
            yield k.columns


def plan_join(refs: list[A.TableRef], tables: list[tuple[str, "TableDef"]], where: A.Expr | None,
              scope: "Scope") -> JoinPlan:
    order, inner = scan_order(refs)
    where_conds = list(conjuncts(where))
    # simplify_joins: WHERE rejecting NULLs of an inner table makes its join inner.
    inner = [i for i in inner if not any(rejects_nulls(c, i, scope) for c in where_conds)]
    # Conditions that can bind a table's key: WHERE and inner joins' ON; an outer
    # join's inner table also its own ON (it depends on the tables before it).
    on_of: dict[int, list[A.Expr]] = {}
    inner_join_conds = list(where_conds)
    for i, r in enumerate(refs):
        owner = 0 if i == 1 and r.join == "RIGHT" else i
        if owner in inner:
            on_of.setdefault(owner, []).extend(conjuncts(r.on))
        else:
            inner_join_conds.extend(conjuncts(r.on))
    const: list[int] = []
    for i in order:
        t = tables[i][1]
        if i not in inner and not t.engine.transactional and sum(1 for _ in t.data.scan()) <= 1:
            const.append(i)  # a system table (exact row count <= 1)
    changed = True
    while changed:
        changed = False
        for i in order:
            if i in const:
                continue
            if i in inner and not all(j in const for j in order[:order.index(i)]):
                continue  # depends on the outer side
            conds = inner_join_conds + on_of.get(i, []) if i in inner else inner_join_conds
            bound = _bound_columns(i, conds, set(const), scope)
            if any(set(cols) <= bound for cols in _unique_not_null_keys(tables[i][1])):
                const.append(i)
                changed = True
    rest = [i for i in order if i not in const]
    return JoinPlan(const + rest, set(const), {i for i in inner if i not in const})


def written_columns_read(assignments: list[tuple[A.ColumnRef, A.Expr]], ti: int, scope: "Scope") -> set[int]:
    """Columns of table ``ti`` that SET expressions read (the server's ``TABLE::tmp_set``)."""
    read: set[int] = set()

    def walk(v: object) -> None:
        if isinstance(v, A.ColumnRef):
            if _table_of(scope, v) == ti:
                read.add(scope.resolve(v)[2])
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x)
        elif isinstance(v, A.Expr):
            for name in getattr(type(v), "__slots__", ()):
                walk(getattr(v, name, None))

    for _c, e in assignments:
        walk(e)
    return read


def safe_update_on_fly(plan: JoinPlan, ti: int, t: "TableDef", written: set[int], read_by_set: set[int]) -> bool:
    """``safe_update_on_fly`` for the first table of the join order, assuming the
    server scans it (JT_ALL) unless it is const."""
    if ti in plan.const:
        return True  # JT_CONST / JT_SYSTEM: at most one row
    if written & read_by_set:
        return False  # a SET expression reads a column it changes
    ck = t.clustered_key() if t.engine.clustered else None
    if ck is not None and written & set(ck.columns):
        return False  # scanning the clustered index it changes
    return True


def _literal_only(e: A.Expr) -> bool:
    """A condition of literals and operators only (``1 = 1``): it reads no row."""
    if isinstance(e, A.Literal):
        return True
    if isinstance(e, A.Binary):
        return _literal_only(e.left) and _literal_only(e.right)
    if isinstance(e, A.Unary):
        return _literal_only(e.operand)
    return False


def _as_datetime(v: Any) -> tuple[Parts | None, str]:
    """A stored non-temporal value read as a datetime: (parts, verdict); BAD is the
    server's ``Incorrect datetime value``."""
    if isinstance(v, bool):
        return None, "?"
    if isinstance(v, (int, Decimal)):
        p, _verdict = number_to_datetime(v)
        return p, BAD if p is None else OK
    if isinstance(v, str):
        return parse_datetime(v)
    return None, "?"


def _bad_datetime(v: Any) -> bool:
    return _as_datetime(v)[1] == BAD


def _misses(v: Any, stored: set[Parts]) -> bool:
    """A value that reads as a datetime cleanly and matches no stored DATETIME: its
    lookup finds nothing and warns nothing."""
    p, verdict = _as_datetime(v)
    return p is not None and verdict == OK and p not in stored


def _join_equality_sides(c: A.Expr, scope: "Scope") -> list[tuple[int, int]] | None:
    """[(ti, ci), (ti, ci)] of ``x.c = y.d`` between columns of two different tables of
    this join; None for any other condition."""
    if not (isinstance(c, A.Binary) and c.op == "=" and isinstance(c.left, A.ColumnRef)
            and isinstance(c.right, A.ColumnRef)):
        return None
    sides = []
    for ref in (c.left, c.right):
        try:
            depth, ti, ci = scope.resolve(ref)
        except Exception:  # noqa: BLE001 - a name error surfaces, naming its clause, when the join runs
            return None
        if depth != 0:
            return None
        sides.append((ti, ci))
    return None if sides[0][0] == sides[1][0] else sides


def _temporal_pair(c: A.Expr, scope: "Scope", tables: list[tuple[str, "TableDef"]]
                   ) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """((ti, ci) of the non-temporal column, (ti, ci) of the DATETIME column) of
    ``x.c = y.d`` joining two tables, or None."""
    sides = _join_equality_sides(c, scope)
    if sides is None:
        return None
    kinds = [tables[ti][1].columns[ci].type for ti, ci in sides]
    temporal = [isinstance(k, DateTimeType) for k in kinds]
    plain = [isinstance(k, (IntType, DecimalType, StringType)) for k in kinds]
    for a, b in ((0, 1), (1, 0)):
        if plain[a] and temporal[b]:
            return sides[a], sides[b]
    return None


@dataclass
class DatetimeConversions:
    """The conversions of a join's non-temporal values to DATETIME, in the order the
    server makes them: (table, column, value, "at row" number).  ``how`` says what
    converts: ``lookup`` (store_key for a ref access: a warning even when the
    statement aborts on warnings), ``compare`` (the comparison: an error then) or
    ``unknown`` (the plan decides)."""

    items: list[tuple[int, int, Any, int]]
    how: str


def _one_row_conversions(pt: "TableDef", dtab: "TableDef", value: Any, indexed: bool) -> str | None:
    """The non-temporal table holds one row: what converts, or None when nothing warns
    (probed: a string or DECIMAL of a one-row MyISAM table, a constant, looked up in a
    transactional table's DATETIME index; store_key ignores the cut field)."""
    if not isinstance(value, int) and not pt.engine.transactional and dtab.engine.transactional and indexed:
        return None
    return "unknown" if indexed else "compare"


def join_datetime_conversions(refs: list[A.TableRef], tables: list[tuple[str, "TableDef"]],
                              where: A.Expr | None, scope: "Scope",
                              updated: set[int]) -> DatetimeConversions | None:
    """The ``Incorrect datetime value`` conversions of a two-table join (RULES 5.12.1).

    ``x.c = y.d`` with ``d`` DATETIME compares as DATETIME, so the non-temporal value
    is converted -- by the comparison (Arg_comparator::compare_datetime) or by the
    store_key copy into ``d``'s index for a ref lookup -- and warns naming its own
    column.  How often follows the plan.  Modelled for two inner-joined tables, one
    such condition and otherwise literal-only conditions, when every non-temporal
    value is a bad datetime (nothing matches), probed over 336 shapes: the table with
    fewer rows is read first; the non-temporal one first with a unique index on ``d``
    is one lookup per row ("at row 1"; not when a multi-table UPDATE writes the
    DATETIME table: it compares the pairs then); otherwise each pair is compared ("at row" =
    the inner table's row).  Equal row counts (the cost tie) are left out but for one
    row each, where every plan converts once."""
    if len(refs) != 2 or any(r.derived is not None or r.join not in (None, "INNER", "CROSS") for r in refs):
        return None
    conds = [c for r in refs for c in conjuncts(r.on)] + list(conjuncts(where))
    pairs = [_temporal_pair(c, scope, tables) for c in conds if not _literal_only(c)]
    if len(pairs) != 1 or pairs[0] is None:
        return None
    (pti, pci), (dti, dci) = pairs[0]
    pt, dtab = tables[pti][1], tables[dti][1]
    values = [row[pci] for _slot, row in pt.data.scan()]
    stored = {parts_of(row[dci]) for _slot, row in dtab.data.scan() if row[dci] is not None}
    n, m = len(values), sum(1 for _ in dtab.data.scan())
    indexed = any(k.columns[0] == dci and k.kind in ("PRIMARY", "UNIQUE") for k in dtab.keys)
    # a multi-table UPDATE of an indexed InnoDB table compares pairs instead (probed; MyISAM: lookups)
    lookup = n < m and indexed and not (dti in updated and dtab.engine.transactional)
    if n == 0 or m == 0 or not all(v is not None and (_bad_datetime(v) or lookup and _misses(v, stored))
                                   for v in values):
        return None  # a clean value that finds nothing only skips its lookup's warning
    if n == 1 and _one_row_conversions(pt, dtab, values[0], indexed) is None:
        return None
    if n == m == 1:
        return DatetimeConversions([(pti, pci, values[0], 1)], "unknown" if indexed else "compare")
    if lookup:
        return DatetimeConversions([(pti, pci, v, 1) for v in values if _bad_datetime(v)], "lookup")
    if n == m:
        return None  # the optimizer's cost tie: both plans were seen
    if n < m:
        items = [(pti, pci, v, j + 1) for v in values for j in range(m)]
    else:
        items = [(pti, pci, v, i + 1) for _j in range(m) for i, v in enumerate(values)]
    return DatetimeConversions(items, "compare")


_NUMERIC_PREFIX = re.compile(r"\s*[-+]?(\d|\.\d)")


def _number_pair(c: A.Expr, scope: "Scope", tables: list[tuple[str, "TableDef"]]
                 ) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """((ti, ci) of the VARCHAR column, (ti, ci) of the INT/DECIMAL column) of
    ``x.s = y.n`` joining two tables, or None."""
    sides = _join_equality_sides(c, scope)
    if sides is None:
        return None
    kinds = [tables[ti][1].columns[ci].type for ti, ci in sides]
    for a, b in ((0, 1), (1, 0)):
        if isinstance(kinds[a], StringType) and isinstance(kinds[b], (IntType, DecimalType)):
            return sides[a], sides[b]
    return None


def join_number_conversions(refs: list[A.TableRef], tables: list[tuple[str, "TableDef"]],
                            where: A.Expr | None, scope: "Scope", updated: set[int]) -> tuple[str, list[str]] | None:
    """The ``Truncated incorrect ... value`` warnings of a two-table join on a VARCHAR
    and an INT/DECIMAL column, with what converts (``lookup``/``compare``, as for
    DATETIME) (RULES 5.12.1), or None when not modelled.

    The same plan as the DATETIME joins (the table with fewer rows first): a lookup
    per string row into a unique INT/DECIMAL index converts it to the key's type
    (``INTEGER``/``DECIMAL``); a compared pair converts it to the comparison's type
    (``DECIMAL`` against an INT column, ``DOUBLE`` against a DECIMAL one).  Modelled
    with at least two string rows, all non-numeric, and no numeric 0 (which they would
    match); equal row counts are the cost tie."""
    if len(refs) != 2 or any(r.derived is not None or r.join not in (None, "INNER", "CROSS") for r in refs):
        return None
    conds = [c for r in refs for c in conjuncts(r.on)] + list(conjuncts(where))
    pairs = [_number_pair(c, scope, tables) for c in conds if not _literal_only(c)]
    if len(pairs) != 1 or pairs[0] is None:
        return None
    (sti, sci), (nti, nci) = pairs[0]
    st, nt = tables[sti][1], tables[nti][1]
    values = [row[sci] for _slot, row in st.data.scan()]
    numbers = [row[nci] for _slot, row in nt.data.scan()]
    n, m = len(values), len(numbers)
    if n < 2 or m == 0 or n == m or any(v == 0 for v in numbers if v is not None):
        return None
    if not all(isinstance(v, str) and v.strip() and not _NUMERIC_PREFIX.match(v) for v in values):
        return None
    is_int = isinstance(nt.columns[nci].type, IntType)
    indexed = any(k.columns[0] == nci and k.kind in ("PRIMARY", "UNIQUE") for k in nt.keys)
    if n < m and indexed and not (nti in updated and nt.engine.transactional):  # see join_datetime_conversions
        word = "INTEGER" if is_int else "DECIMAL"
        return "lookup", [f"Truncated incorrect {word} value: '{v}'" for v in values]
    word = "DECIMAL" if is_int else "DOUBLE"
    if n < m:
        return "compare", [f"Truncated incorrect {word} value: '{v}'" for v in values for _j in range(m)]
    return "compare", [f"Truncated incorrect {word} value: '{v}'" for _j in range(m) for v in values]


__all__ = ["JoinPlan", "DatetimeConversions", "join_datetime_conversions", "join_number_conversions", "plan_join", "scan_order", "conjuncts", "rejects_nulls", "written_columns_read",
           "safe_update_on_fly"]
