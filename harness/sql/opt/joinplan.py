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

The cost-based reordering of non-const tables (the server may scan a smaller table
first) is modelled for two tables on one column equality: the conversion warnings of
such a join (``join_conversions``, RULES 5.12.2) and the table order of a multi-table
DELETE (``two_table_join_order``) follow it.  Elsewhere (UPDATE, other join shapes)
replbed keeps the written order, and the rows may then list in another order.
MariaDB 11's cost model (the ``mariadb-11.8`` flavour's ``join_cost_model``) is in
``join_cost_11``.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Callable, Iterator

from harness.sql.item.arg_comparator import comparison_family, ref_usable
from harness.sql.parse import parse_tree as A
from harness.sql.item.temporal import BAD, OK, Parts, ZeroDate, number_to_datetime, parse_datetime, parts_of
from harness.sql.item.column_types import BinaryType, StringType, value_to_string
from harness.sql.item.number_text import scan_number

if TYPE_CHECKING:
    from harness.sql.handler.catalog import TableDef
    from harness.sql.item.expr import Scope

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


@dataclass
class _Side:
    ti: int
    ci: int
    t: "TableDef"
    family: str
    n: int  # exact row count
    unique: bool  # a PRIMARY/UNIQUE key starts with the join column
    const: tuple[Any] | None = None  # (value,) of a table bound by key = literal (a const table)
    selectivity: float = 1.0  # MySQL's filtering effect of the statement's conditions on this table alone

    @property
    def rows(self) -> int:
        """The optimizer's record count: exact for MyISAM; InnoDB's stat_n_rows, which
        ha_innobase::info() never reports as 0 (an empty table estimates 1 row)."""
        return max(self.n, 1) if self.t.engine.transactional else self.n

    @property
    def scan_cost(self) -> float:
        """handler::scan_time() of a small table: InnoDB one clustered-index page,
        MyISAM data_file_length / IO_SIZE + 2."""
        return 1.0 if self.t.engine.transactional else 2.0


def _two_table_plan(a: _Side, b: _Side, updated: set[int], mysql: bool = False
                    ) -> tuple[_Side, _Side, bool] | None:
    """(outer, inner, inner read by lookup) of a two-table join on ``a.c = b.d``, or None
    where the plan cannot be predicted.

    MariaDB 10.11's greedy search over two tables compares, for each order, the cost
    of scanning the first (``scan_time() + rows / TIME_FOR_COMPARE``) plus the cheaper
    access to the second: a scan through the join buffer (``scan_time() + rows(outer) *
    rows(inner) / TIME_FOR_COMPARE``) or one unique-key lookup per outer row (``rows(outer) *
    (1 + 1 / TIME_FOR_COMPARE)``); a strictly cheaper order wins, a tie keeps the FROM
    order.  This reproduced every probed plan (EXPLAIN over 1,700 random fuzz-shaped
    pairs) where no InnoDB table can be looked up.  An InnoDB table that can be looked
    up has costs from its statistics (clustered-index pages, rec_per_key) that the
    model does not hold: there the probes gave rules by row count only, and the
    remaining cases (close row counts) are left unpredicted."""
    la = a.unique and ref_usable(a.family, b.family, mysql)
    lb = b.unique and ref_usable(b.family, a.family, mysql)
    if mysql:
        from harness.sql.opt import join_order_mysql
        return join_order_mysql.two_table_plan(a, b, la, lb)
    if la and lb:
        return None  # same-family joins never convert; not needed
    look = a if la else b if lb else None
    if look is not None and look.t.engine.transactional:
        # Rules from 711 probed plans.  Without exception: fewer rows first; more rows
        # and not written by the UPDATE, or 2+ rows more, or the other table holds at
        # most one row: looked up; equal rows and first in FROM: read first.  The rest
        # takes the plan most probes showed: written with one row more: scanned after the
        # other table (16 of 20); equal rows, second in FROM: read first when not written
        # (16 of 21), scanned after the other table when written (15 of 17).
        other = b if look is a else a
        nl, no = look.rows, other.rows
        written = look.ti in updated
        if nl < no:
            return look, other, False
        if nl > no:
            if not written or nl - no >= 2 or no <= 1:
                return other, look, True
            return other, look, False
        if look is a:
            return a, b, False
        if no <= 1:
            return a, b, True
        return (a, b, False) if written else (b, a, False)

    def cost(o: _Side, i: _Side, i_lookup: bool) -> tuple[float, bool]:
        c = _nested_loop_cost(o, i, i_lookup)
        return c, i_lookup and c < _nested_loop_cost(o, i, False) - 1e-9

    cab, lab = cost(a, b, lb)
    cba, lba = cost(b, a, la)
    if cba < cab - 1e-9:
        return b, a, lba
    return a, b, lab


def _number_word(family: str) -> str:
    return {"INT": "INTEGER", "DECIMAL": "DECIMAL"}.get(family, family)


@dataclass
class JoinConversion:
    """One conversion warning of a join: its message and what made it: ``lookup`` (the
    store_key copy of the outer value into the inner index: a warning even where the
    statement aborts on warnings) or ``compare`` (the comparison of a pair of rows: the
    error of a strict multi-table UPDATE)."""

    message: str
    how: str
    # a lookup's key column and the value stored into it (MySQL words a lookup into a
    # DECIMAL key as the store's 1366: SqlDialect.mysql_comparisons)
    key_column: str = ""
    value: Any = None
    # the families of the converted value's column and of the column it is compared with (or
    # looked up in): MySQL keeps some of MariaDB's conversions quiet (sql_select.join_rows)
    family: str = ""
    other_family: str = ""
    other_keyed: bool = False  # the other column starts a unique key (a lookup into it is possible)
    # a comparison of two columns, neither a const table's (MySQL casts the string to the
    # DATETIME's type: Item_typecast_datetime's warning names no column)
    columns: bool = False


def _conversion(v: Any, v_side: _Side, other_family: str, row: int, how: str) -> tuple[str | None, bool]:
    """(message or None, modelled) of converting value ``v`` of ``v_side``'s column for a
    comparison with (or a lookup into) a column of ``other_family``."""
    if v_side.family == "STRING" and other_family in ("INT", "DECIMAL"):
        if not isinstance(v, str):
            return None, False
        _num, status = scan_number(v)
        if status in ("ok", "space"):
            return None, True
        if how == "lookup":
            word = _number_word(other_family)
        else:  # Item_func_eq of a string and a number: DECIMAL against INT, DOUBLE against DECIMAL
            word = "DECIMAL" if other_family == "INT" else "DOUBLE"
        return f"Truncated incorrect {word} value: '{v}'", True
    if other_family == "DATETIME" and v_side.family in ("INT", "DECIMAL", "STRING"):
        _parts, verdict = _as_datetime(v)
        if verdict == OK:
            return None, True
        if verdict != BAD:
            return None, False
        t = v_side.t
        return (f"Incorrect datetime value: '{value_to_string(v)}' for column "
                f"`{t.db}`.`{t.name}`.`{t.columns[v_side.ci].name}` at row {row}"), True
    return None, True


def _converted_side(x: _Side, y: _Side) -> _Side | None:
    """The side whose value a comparison of ``x`` and ``y`` converts (the string one
    against a number, the non-temporal one against a DATETIME), or None."""
    fams = {x.family, y.family}
    if "DATETIME" in fams and len(fams) == 2:
        return y if x.family == "DATETIME" else x
    if fams in ({"STRING", "INT"}, {"STRING", "DECIMAL"}):
        return x if x.family == "STRING" else y
    return None


def join_conversions(refs: list[A.TableRef], tables: list[tuple[str, "TableDef"]], where: A.Expr | None,
                     scope: "Scope", written: set[int], reads: list[Any],
                     keep: "Callable[[int, list[Any]], bool] | None" = None, update: bool = False,
                     cost_model: str = "10.11", const_row: int = 1, mysql: bool = False
                     ) -> list[JoinConversion] | None:
    """The conversion warnings of a two-table join on one equality of columns whose
    types convert (a string against a number, anything against a DATETIME), in the
    order the server makes them, or None where the plan is not modelled (RULES 5.12.1).

    The plan comes from ``_two_table_plan`` (a one-row MyISAM table is a system table
    read first).  The outer table is read in its scan order, or in key order when a
    key on the join column holds every column the statement reads of it and it is not
    written (a covering index scan).  Then per outer row, when its value is not NULL:
    a lookup converts it once into the inner key's type (store_key: ``INTEGER`` /
    ``DECIMAL`` / ``Incorrect datetime value ... at row 1``); a scan compares it with
    each non-NULL inner row (``Truncated incorrect DECIMAL`` against an INT,
    ``DOUBLE`` against a DECIMAL, ``Incorrect datetime value ... at row N`` with N the
    inner row's position).  A system table's value is a constant: a table that can be
    looked up by it becomes const (no warning; the conversion happens while the
    optimizer reads const tables); otherwise each row of the other table is compared.
    ``keep(ti, row)`` filters rows by the statement's conditions on one table; those are
    modelled on the outer table only."""
    parsed = _join_condition(refs, tables, where, scope, cost_model)
    if parsed is None:
        return None
    sides, filtered = parsed
    left = sides[0]  # Arg_comparator evaluates the left operand first, the right only when it is not NULL
    a, b = sorted(sides, key=lambda x: x.ti)
    conv = _converted_side(a, b)
    if conv is None:
        return []
    system = [s for s in (a, b) if _is_const(s)]
    if system:
        return _system_table_conversions(a, b, system, conv, left, filtered,
                                         lambda x: _read_values(x, keep, reads, written, scope), keep, const_row,
                                         mysql)
    plan = _plan_of(a, b, written if update else set(), cost_model,
                    _index_only(a, b, reads, written if update else set(), scope), any(r.straight for r in refs),
                    mysql)
    if plan is None:
        return None
    outer, inner, lookup = plan
    values = _read_values(outer, keep, reads, written, scope)
    if lookup:  # the inner table's own conditions only see the rows a lookup finds
        return _lookup_conversions(values, outer, inner, inner.ti in filtered)
    inner_rows = [row for _slot, row in inner.t.data.scan()]
    positions = None
    if inner.ti in filtered:
        if cost_model != "11.0" or keep is None:
            return None
        # 11.8: the inner table's own conditions are checked on each of its rows before
        # the join condition (probed: only the rows they keep are compared, "at row N"
        # still their position in the scan)
        positions = [j for j, row in enumerate(inner_rows) if keep(inner.ti, row)]
        inner_rows = [inner_rows[j] for j in positions]
    out = _compare_rows(values, outer, [row[inner.ci] for row in inner_rows], inner, conv, left,
                        positions=positions)
    for c in out or []:
        c.columns = True
    return out


def two_table_join_order(refs: list[A.TableRef], tables: list[tuple[str, "TableDef"]], where: A.Expr | None,
                         scope: "Scope", written: set[int], reads: list[Any] | None = None,
                         cost_model: str = "10.11", update: bool = False, mysql: bool = False
                         ) -> list[int] | None:
    """The order the server reads a two-table inner join on one column equality in, from
    the cost model of ``_two_table_plan`` (``written``: the tables the statement changes),
    or None where it is not predicted: another join shape, or a system or const table
    (``plan_join`` puts those first).  ``cost_model`` "11.0": MariaDB 11's costs
    (``join_cost_11``; ``reads``: the expressions the statement reads, which decide an
    index-only scan).

    Where both tables can be looked up by the other's column (unique keys on both sides),
    two MyISAM tables follow the same costs with a lookup on either side, and with an
    InnoDB table the one with fewer rows is read first (probed with multi-table DELETEs);
    equal row counts are not predicted."""
    parsed = _join_condition(refs, tables, where, scope, cost_model)
    if parsed is None:
        return None
    a, b = sorted(parsed[0], key=lambda x: x.ti)
    if any(_is_const(s) for s in (a, b)):
        return None
    if cost_model == "11.0":
        plan11 = _plan_of(a, b, written, cost_model, _index_only(a, b, reads or [], written if update else set(), scope),
                          any(r.straight for r in refs))
        return None if plan11 is None else [plan11[0].ti, plan11[1].ti]
    if not mysql and a.unique and b.unique and ref_usable(a.family, b.family) and ref_usable(b.family, a.family):
        if a.t.engine.transactional or b.t.engine.transactional:
            if a.rows == b.rows:
                return None
            return [a.ti, b.ti] if a.rows < b.rows else [b.ti, a.ti]
        return [a.ti, b.ti] if _nested_loop_cost(a, b, True) <= _nested_loop_cost(b, a, True) + 1e-9 else [b.ti, a.ti]
    plan = _two_table_plan(a, b, written, mysql)
    if plan is None:
        return None
    return [plan[0].ti, plan[1].ti]


def _plan_of(a: _Side, b: _Side, updated: set[int], cost_model: str, index_only: tuple[set[int], set[int]],
             straight: bool = False, mysql: bool = False) -> tuple[_Side, _Side, bool] | None:
    """``_two_table_plan`` (MariaDB 10.11's costs) or, for ``cost_model`` "11.0", 11.0's
    (``straight``: STRAIGHT_JOIN keeps the FROM order, only the second table's access is costed)."""
    if cost_model != "11.0":
        return _two_table_plan(a, b, updated, mysql)
    from harness.sql.opt import join_cost_11
    if straight:
        cost, lookup = join_cost_11.plan_cost(a, b, b.unique and ref_usable(b.family, a.family), *index_only)
        return a, b, lookup
    return join_cost_11.two_table_plan(a, b, a.unique and ref_usable(a.family, b.family),
                                       b.unique and ref_usable(b.family, a.family), *index_only)


def _index_only(a: _Side, b: _Side, reads: list[Any], written: set[int], scope: "Scope") -> tuple[set[int], set[int]]:
    """(the tables the server scans by a covering index, the tables whose eq_ref key on
    the join column covers what the statement reads of them).

    A table not written by an UPDATE (a DELETE's tables need only their row ids: probed,
    a deleted InnoDB table is costed index-only) is read index-only when a key holds every
    column the statement reads of it (``TABLE::covering_keys``; an InnoDB secondary key
    also holds the primary key's columns): a scan takes the cheapest such key
    (``find_shortest_key``), never InnoDB's clustered index, which is the table itself
    (traced on 11.8: a child table joined on its primary key is scanned by its foreign
    key's index, ``"index_only": true``)."""
    scans: set[int] = set()
    lookups: set[int] = set()
    for s in (a, b):
        if s.ti in written:
            continue
        used: set[int] = set()
        for e in reads:
            owned = column_owners(e, scope)
            if owned is None:
                used.add(-1)
                break
            used |= {ci for ti, ci in owned if ti == s.ti}
        ck = s.t.clustered_key() if s.t.engine.clustered else None
        extra = set(ck.columns) if ck is not None else set()
        for k in s.t.keys:
            if k is ck or any(s.t.columns[c].type.is_blob for c in k.columns):
                continue
            if used <= set(k.columns) | extra:
                scans.add(s.ti)
                if s.unique and k.columns == [s.ci]:
                    lookups.add(s.ti)
    return scans, lookups


def _nested_loop_cost(o: "_Side", i: "_Side", i_lookup: bool) -> float:
    """Reading ``o`` and, per row, ``i`` by a unique-key lookup or through the join buffer,
    whichever is cheaper (``_two_table_plan``'s formula)."""
    scan = i.scan_cost + o.rows * i.rows / 5
    if i_lookup:
        lk = o.rows * (1 + 1 / 5)
        if lk < scan - 1e-9:
            return o.scan_cost + o.rows / 5 + lk
    return o.scan_cost + o.rows / 5 + scan


def _join_condition(refs: list[A.TableRef], tables: list[tuple[str, "TableDef"]], where: A.Expr | None,
                    scope: "Scope", cost_model: str = "10.11") -> tuple[list[_Side], set[int]] | None:
    """The two sides of the join's one column equality (left operand first) and the
    tables other conditions filter, or None for a shape not modelled: not two
    inner-joined tables, another cross-table condition, a condition on a key column
    other than ``key = literal`` (a range changes the row estimate and the read
    order), a filter other than ``IS [NOT] NULL`` (its selectivity changes the cost), a non-unique or
    multi-column index on a join column (rec_per_key costs), a type or engine outside
    the probes.

    Under 11.0's cost model (``cost_model`` "11.0") a ``col <op> literal`` filter on a
    non-key column of a table that is not const is kept too: without column statistics
    its selectivity is 1 (traced on 11.8: ``rows_after_filter`` equals ``rows``, the
    plan's costs are those of the join without it)."""
    if len(refs) != 2 or any(r.derived is not None or r.join not in (None, "INNER", "CROSS") for r in refs):
        return None
    conditions = _classify_conditions(refs, tables, where, scope, cost_model)
    if conditions is None:
        return None
    pair, filtered, const_only, bound = conditions
    parsed = _join_sides(pair, tables, filtered, const_only, bound)
    if parsed is not None:
        for c in [c for r in refs for c in conjuncts(r.on)] + list(conjuncts(where)):
            if isinstance(c, A.IsNull) and not _always_true(c, tables, scope):
                owned = column_owners(c, scope) or set()
                for side in parsed[0]:
                    if {ti for ti, _ci in owned} == {side.ti}:
                        # Item_func_isnull / Item_func_isnotnull::get_filtering_effect on a column
                        # without an index: COND_FILTER_EQUALITY (0.1), its complement
                        side.selectivity *= 0.9 if c.negated else 0.1
    return parsed


def _classify_conditions(refs: list[A.TableRef], tables: list[tuple[str, "TableDef"]], where: A.Expr | None,
                         scope: "Scope", cost_model: str
                         ) -> tuple[list[tuple[int, int]], set[int], set[int], dict[int, tuple[int, Any]]] | None:
    """(the join equality's (table, column) pairs, the filtered tables, those whose filter
    only a constant table may have, the tables bound by ``key = literal``) of
    ``_join_condition``, or None for a condition it does not model."""
    pair = None
    filtered: set[int] = set()
    const_only: set[int] = set()  # tables with a filter that only a constant table may have
    bound: dict[int, tuple[int, Any]] = {}
    for c in [c for r in refs for c in conjuncts(r.on)] + list(conjuncts(where)):
        if _literal_only(c):
            continue
        eq = _join_equality_sides(c, scope)
        if eq is not None:
            if pair is not None:
                return None
            pair = eq
            continue
        if _always_true(c, tables, scope):
            continue
        owned = column_owners(c, scope)
        if owned is None or len({ti for ti, _ci in owned}) != 1:
            return None
        ti = next(iter(owned))[0]
        key_cols = {k.columns[0] for k in tables[ti][1].keys if k.columns}
        if any(ci in key_cols for _ti, ci in owned):
            lit = _key_equals_literal(c, tables[ti][1], owned)
            if lit is None or ti in bound:
                return None
            bound[ti] = (next(iter(owned))[1], lit)
            continue
        if not isinstance(c, A.IsNull):
            if not _quiet_filter(c, tables[ti][1], owned):
                return None  # a filter's selectivity changes the cost, and the order it is evaluated in (probed)
            if cost_model != "11.0":
                const_only.add(ti)
        filtered.add(ti)
    if pair is None:
        return None
    return pair, filtered, const_only, bound


def _join_sides(pair: list[tuple[int, int]], tables: list[tuple[str, "TableDef"]], filtered: set[int],
                const_only: set[int], bound: dict[int, tuple[int, Any]]) -> tuple[list[_Side], set[int]] | None:
    """The two ``_Side`` of the join equality, or None for a key, type or engine not modelled."""
    sides: list[_Side] = []
    for ti, ci in pair:
        t = tables[ti][1]
        fam = comparison_family(t.columns[ci].type)
        if fam is None or t.engine.name not in ("InnoDB", "MyISAM"):
            return None
        if any(k.columns[:1] == [ci] and (k.kind not in ("PRIMARY", "UNIQUE") or len(k.columns) > 1) for k in t.keys):
            return None
        unique = any(k.columns == [ci] and k.kind in ("PRIMARY", "UNIQUE") for k in t.keys)
        side = _Side(ti, ci, t, fam, sum(1 for _ in t.data.scan()), unique)
        if ti in bound:
            if bound[ti][0] != ci:
                return None
            found = _const_row_value(side, bound[ti][1])
            if found is None:
                return None
            side.const = found
        sides.append(side)
    if any(s.ti in const_only and not _is_const(s) for s in sides):
        return None
    return sides, filtered


def _is_const(s: _Side) -> bool:
    """A const table: bound by ``key = literal``, or a system table (a non-transactional
    table with at most one row: its exact count is known)."""
    return s.const is not None or (not s.t.engine.transactional and s.n <= 1)


def _quiet_filter(c: A.Expr, t: "TableDef", owned: set[tuple[int, int]]) -> bool:
    """``col <op> literal`` on a non-key column whose literal needs no conversion that
    could warn. On a const table such a filter neither costs anything nor warns: the
    optimizer reads the const tables (and looks up tables bound by them) before the
    WHERE is evaluated on their rows (make_join_statistics, then "Impossible WHERE
    noticed after reading const tables")."""
    if not (isinstance(c, A.Binary) and c.op in ("=", "<>", "!=", "<", "<=", ">", ">=") and len(owned) == 1):
        return False
    col, lit = (c.left, c.right) if isinstance(c.left, A.ColumnRef) else (c.right, c.left)
    if not isinstance(col, A.ColumnRef) or not isinstance(lit, A.Literal):
        return False
    ctype = t.columns[next(iter(owned))[1]].type
    fam = "STRING" if isinstance(ctype, (StringType, BinaryType)) else comparison_family(ctype)  # a BLOB too
    v = lit.value
    if v is None:
        return True
    if fam == "DATETIME":
        return isinstance(v, str) and _as_datetime(v)[1] == OK
    if fam in ("INT", "DECIMAL"):
        return isinstance(v, (int, Decimal)) and not isinstance(v, bool)
    return fam == "STRING" and isinstance(v, str)


def _always_true(c: A.Expr, tables: list[tuple[str, "TableDef"]], scope: "Scope") -> bool:
    """``col IS NOT NULL`` of a NOT NULL column (of an inner join): a constant the
    optimizer removes before it plans (the item is not maybe_null), so it neither
    filters nor makes a range on a key (observed: ``t1.id IS NOT NULL`` on a primary
    key leaves the plan and its conversion warnings as without it)."""
    if not (isinstance(c, A.IsNull) and c.negated and isinstance(c.expr, A.ColumnRef)):
        return False
    owned = column_owners(c.expr, scope)
    if not owned or len(owned) != 1:
        return False
    ti, ci = next(iter(owned))
    return not tables[ti][1].columns[ci].nullable


def _key_equals_literal(c: A.Expr, t: "TableDef", owned: set[tuple[int, int]]) -> Any:
    """The literal of ``col = literal`` binding a PRIMARY/NOT NULL UNIQUE key (a const
    table: ``join_read_const``), or None for any other condition on a key column (a
    range or ref changes the estimate and the read order: not modelled)."""
    if not (isinstance(c, A.Binary) and c.op == "=" and len(owned) == 1):
        return None
    lit = c.right if isinstance(c.left, A.ColumnRef) else c.left
    if not isinstance(lit, A.Literal) or lit.value is None or isinstance(lit.value, (bytes, float)):
        return None
    ci = next(iter(owned))[1]
    if not any(cols == [ci] for cols in _unique_not_null_keys(t)):
        return None
    return lit.value


def _const_row_value(side: _Side, literal: Any) -> tuple[Any] | None:
    """(join-column value,) of the row a const table's key lookup by ``literal`` finds --
    (None,) when none matches -- or None when the literal is not of the column's kind."""
    want: Any
    if side.family == "DATETIME":
        parts, verdict = _as_datetime(literal)
        if verdict != OK:
            return None
        want = parts
    elif side.family == "STRING":
        if not isinstance(literal, str) or literal.lower() != literal or literal.strip() != literal:
            return None
        want = literal
    elif isinstance(literal, (int, Decimal)) and not isinstance(literal, bool):
        want = Decimal(literal)
    else:
        return None
    for _slot, row in side.t.data.scan():
        v = row[side.ci]
        if v is None:
            continue
        got = parts_of(v) if side.family == "DATETIME" else v if side.family == "STRING" else Decimal(v)
        if got == want:
            return (v,)
    return (None,)


def _first_value(x: _Side) -> Any:
    """The join-column value of a const table (None when it found no row)."""
    if x.const is not None:
        return x.const[0]
    return next((row[x.ci] for _slot, row in x.t.data.scan()), None)


def _system_table_conversions(a: _Side, b: _Side, system: list[_Side], conv: _Side, left: _Side,
                              filtered: set[int], read_values: "Callable[[_Side], list[Any]]",
                              keep: "Callable[[int, list[Any]], bool] | None" = None, const_row: int = 1,
                              mysql: bool = False) -> list[JoinConversion] | None:
    """A one-row MyISAM table is a system table: a constant read before the join (an
    empty one makes the join empty).  Two constants: the condition is evaluated once.
    Otherwise the other table is scanned and each row compared with the constant --
    unless the other table can be looked up by it; then it becomes const too, its key
    looked up while the optimizer reads const tables.  Probed: that warns once, worded
    as the comparison, when the system table's column is the left operand (a strict
    UPDATE fails on it), and not at all when it is the right one.  ``const_row``: the row
    a conversion made while the const tables are read names (MariaDB 11.8's multi-table
    DELETE: 0, before its first row)."""
    if mysql and any(x.n == 0 if x.const is None else x.const[0] is None for x in system):
        # MySQL: an empty const table, or one whose key finds no row, makes the join empty before
        # any condition is evaluated (9.7.4 EXPLAIN: "Zero rows (no matching row in const
        # table)"; `DELETE b FROM s1 a JOIN e b ON a.id = b.id`, s1 one 'k1' row, e empty: OK)
        return []
    if len(system) == 2:  # the condition is evaluated once, an empty/unmatched table's column NULL
        if any(x.ti in filtered for x in system):
            return None  # which of the constant conditions is evaluated first: not probed
        return _const_compared(_compare_rows([_first_value(a)], a, [_first_value(b)], b, conv, left, const_row))
    const = system[0]
    other = b if const is a else a
    v = _first_value(const)
    if v is None and (const.const is not None or const.n == 0):
        return []  # an empty const table: "Impossible WHERE noticed after reading const tables"
    if other.ti in filtered:
        return None
    if v is None:
        # its one row's join column is NULL: the other table is still scanned and each of
        # its rows compared with the NULL, converted when it is the left operand (probed on
        # 10.11 and 11.8: a strict UPDATE fails on the first row's 1292)
        if const.ti in filtered or (other.unique and ref_usable(other.family, const.family, mysql)):
            return None  # a NULL looked up in the other's key, or its own conditions: not probed
        return _const_compared(_compare_rows([v], const, read_values(other), other, conv, left))
    if other.unique and ref_usable(other.family, const.family, mysql):
        # The lookup happens while make_join_statistics reads the const tables, before the
        # WHERE is evaluated on their rows: a condition on the const table, true or false,
        # does not stop it (probed: WHERE a.c_dt = '...' on a NULL c_dt still warns).
        if mysql:
            # MySQL: the const table's value is copied into the other's key (store_key), whichever
            # operand it is -- quiet into an INT key, 1366 into a DECIMAL one (9.7.4 [bytes]
            # fid_plan_system_filter_still_looks_up, fid_plan_system_table_is_a_constant); a
            # DATETIME into a numeric key quietly too (store_key::copy stores with
            # CHECK_FIELD_IGNORE; 9.7.4 probed: `DELETE a FROM i a JOIN d b ON a.id = b.id`, d a
            # one-row MyISAM DATETIME table, i an INT key: OK, "no matching row in const table")
            if const.family == "DATETIME":
                return []
            msg, ok = _conversion(v, const, other.family, const_row, "lookup")
            return None if not ok else [JoinConversion(msg, "lookup", other.t.columns[other.ci].name, v,
                                                       const.family, other.family)] if msg else []
        if conv is not const:
            return None
        if left is not const:
            return []
        msg, ok = _conversion(v, const, other.family, const_row, "compare")
        return None if not ok else [JoinConversion(msg, "compare", family=const.family,
                                                   other_family=other.family)] if msg else []
    if const.ti in filtered:
        # The scan runs only when the system row passes its own conditions, evaluated once
        # after the const tables are read ("Impossible WHERE noticed after reading const tables").
        row = next((r for _slot, r in const.t.data.scan()), None) if const.const is None else None
        if row is None or keep is None:
            return None  # a key-bound const table's row: not modelled
        if not keep(const.ti, row):
            return []
    return _const_compared(_compare_rows([v], const, read_values(other), other, conv, left))


def _const_compared(out: list[JoinConversion] | None) -> list[JoinConversion] | None:
    """Conversions of rows compared with a const table's value: the const table is read
    already, never looked up (MySQL's DATETIME against a number then compares as doubles,
    quietly: 9.7.4 probed, fuzz seed 11971 case 70, `UPDATE t2 a, t1 b SET a.c_dt = b.id
    WHERE a.id = b.id` with t1 a one-row MyISAM table keyed on its DATETIME id: OK)."""
    for c in out or []:
        c.other_keyed = False
    return out


def _lookup_conversions(values: list[Any], outer: _Side, inner: _Side, inner_filtered: bool = False
                        ) -> list[JoinConversion] | None:
    """One store_key conversion per non-NULL outer value looked up in the inner key.  A
    cut string whose number finds a row has the join condition evaluated on that row too
    (eq_ref's "Using where"): the comparison converts the string again, worded as a
    comparison (probed on 10.11 and 11.8: ``'k2'`` looked up in an INT key holding 0
    warns ``INTEGER`` then ``DECIMAL``; a strict UPDATE stops on the second)."""
    out: list[JoinConversion] = []
    inner_numbers = {x for _slot, row in inner.t.data.scan() if isinstance(x := row[inner.ci], (int, Decimal))}
    zero_key = inner.family == "DATETIME" and any(_is_zero_datetime(row[inner.ci]) for _slot, row in inner.t.data.scan())
    for v in values:
        if v is None:
            continue
        found = (isinstance(v, str) and inner.family in ("INT", "DECIMAL")
                 and (scan_number(v)[0] or 0) in inner_numbers)
        # a value no DATETIME reads is stored into the key as the zero datetime: it finds
        # a zero key, and the condition converts it again on that row (probed on 10.11 and
        # 11.8: 'k6' and 6 against a '0000-00-00 00:00:00' key warn twice each)
        found = found or (zero_key and _as_datetime(v)[1] == BAD)
        if found and (inner_filtered or (inner.family == "INT" and (scan_number(v)[0] or 0) % 1)):
            return None  # the inner table's own conditions, or a rounded key value: not modelled
        msg, ok = _conversion(v, outer, inner.family, 1, "lookup")
        if not ok:
            return None
        if msg is not None:
            out.append(JoinConversion(msg, "lookup", inner.t.columns[inner.ci].name, v, outer.family, inner.family))
        if found:
            cmp_msg, ok = _conversion(v, outer, inner.family, 1, "compare")
            if not ok:
                return None
            if cmp_msg is not None:
                out.append(JoinConversion(cmp_msg, "compare", family=outer.family, other_family=inner.family))
    return out


def _is_zero_datetime(x: Any) -> bool:
    return isinstance(x, ZeroDate) and not any((x.year, x.month, x.day, x.hour, x.minute, x.second, x.microsecond))


def _read_values(outer: _Side, keep: "Callable[[int, list[Any]], bool] | None", reads: list[Any],
                 written: set[int], scope: "Scope") -> list[Any]:
    """The join-column values of the first non-const table in the order it is read: its
    scan order, or key order when the key on the join column holds every column the
    statement reads of it and it is not written (make_join_readinfo's covering index
    scan; NULLs first)."""
    rows = [(slot, row) for slot, row in outer.t.data.scan() if keep is None or keep(outer.ti, row)]
    if outer.ti not in written and outer.unique:
        used: set[int] = set()
        for e in reads:
            owned = column_owners(e, scope)
            if owned is None:
                return _rows_values(rows, outer)
            used |= {ci for ti, ci in owned if ti == outer.ti}
        if used <= {outer.ci}:
            fn = outer.t.columns[outer.ci].type.sort_key
            rows.sort(key=lambda e: (e[1][outer.ci] is not None,
                                     fn(e[1][outer.ci]) if e[1][outer.ci] is not None else 0))
    return _rows_values(rows, outer)


def _rows_values(rows: list[tuple[int, list[Any]]], side: _Side) -> list[Any]:
    return [row[side.ci] for _slot, row in rows]


def _compare_rows(values: list[Any], outer: _Side, inner_values: list[Any], inner: _Side, conv: _Side,
                  left: _Side, first_row: int = 1, positions: list[int] | None = None) -> list[JoinConversion] | None:
    """The conversions of comparing each outer value with each inner row (a scan of the
    inner table per outer row).  The left operand is evaluated first and the right one
    only when the left is not NULL (Arg_comparator::compare_decimal/compare_datetime);
    "at row" is the inner row's position in its scan, NULL rows counted (``positions``:
    the scan positions of ``inner_values`` when some rows were filtered out)."""
    out: list[JoinConversion] = []
    outer_left = left.ti == outer.ti
    for v in values:
        for j, w in enumerate(inner_values):
            lv, rv = (v, w) if outer_left else (w, v)
            if lv is None:
                continue
            cv = lv if conv.ti == left.ti else rv
            if cv is None:
                continue
            other = inner if conv is outer else outer
            row_no = (j if positions is None else positions[j]) + first_row
            msg, ok = _conversion(cv, conv, other.family, row_no, "compare")
            if not ok:
                return None
            if msg is not None:
                # other_keyed (read by MySQL only): the other column's unique key can be looked up by
                # the converted value (MySQL's comparable_in_index), the value then stored into it
                out.append(JoinConversion(msg, "compare", value=cv, family=conv.family, other_family=other.family,
                                          other_keyed=other.unique and ref_usable(other.family, conv.family, True)))
    return out


def column_owners(e: Any, scope: "Scope") -> set[tuple[int, int]] | None:
    """(table, column) of every column of this join an expression reads (outer
    references left out); None when a name does not resolve (the join reports it,
    naming its clause)."""
    out: set[tuple[int, int]] = set()
    for ref in _all_columns(e):
        try:
            depth, ti, ci = scope.resolve(ref)
        except Exception:  # noqa: BLE001 - a name error surfaces when the statement runs
            return None
        if depth == 0:
            out.add((ti, ci))
    return out


def _all_columns(e: Any) -> Iterator[A.ColumnRef]:
    """Every column reference inside an expression (functions and subqueries included)."""
    if isinstance(e, A.ColumnRef):
        yield e
    elif isinstance(e, (list, tuple)):
        for x in e:
            yield from _all_columns(x)
    elif isinstance(e, A.Expr):
        for name in getattr(type(e), "__slots__", ()):
            yield from _all_columns(getattr(e, name, None))


__all__ = ["JoinPlan", "JoinConversion", "join_conversions", "column_owners", "plan_join", "scan_order", "conjuncts", "rejects_nulls", "written_columns_read",
           "safe_update_on_fly"]
