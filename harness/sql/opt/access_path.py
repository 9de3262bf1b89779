"""Whether a statement read a table without an index: SERVER_STATUS_NO_INDEX_USED (0x20).

The server sets the bit in the status word of the statement's OK/EOF packet while it
plans the statement (probed on MariaDB 10.11.19; sql_select.cc ``make_join_readinfo``,
sql_update.cc / sql_delete.cc):

* a SELECT (any query block of the statement: a subquery, a derived table, the
  result of a UNION DISTINCT read back from its temporary table) sets it for every
  table read with JT_ALL: a table that is neither constant (a system table of at
  most one row, or a unique NOT NULL key equated to constants), nor read through
  ``ref`` (the first column of a key equated to a constant or to a column of a table
  read before it), nor through a range the optimizer chose (over the clustered key,
  always; over a secondary key, by the thresholds of range_opt.index_scan_chosen).
  A full index scan starts as JT_ALL too, so ``ORDER BY id LIMIT 1`` and InnoDB's
  COUNT(*) set it; an aggregate the optimizer answers from the index alone (MIN/MAX
  of a key's first column, MyISAM's COUNT(*)) and a loose index scan for DISTINCT
  over a key's first column do not, nor does a WHERE proven false or LIMIT 0;
* a single-table UPDATE or DELETE sets it when no key has a range over the WHERE
  (``table->opt_range_keys.is_clear_all()``), after an impossible WHERE has ended
  the statement, and not for MyISAM's delete-all-rows shortcut;
* SHOW statements that read an information_schema table set it (SHOW TABLES,
  DATABASES, VARIABLES, COLUMNS, INDEX, ENGINES); SHOW WARNINGS, CREATE TABLE,
  MASTER STATUS, BINARY LOGS, PROCESSLIST and STATUS do not.

SERVER_STATUS_NO_GOOD_INDEX_USED (0x10, "range checked for each record") needs a
join over non-constant key comparisons the optimizer re-plans per row; the model
never reports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from harness.sql.parse import parse_tree as A
from harness.sql.opt.joinplan import _bound_columns, conjuncts, plan_join
from harness.sql.opt.range_opt import const_true, range_keys

if TYPE_CHECKING:
    from harness.sql.handler.catalog import TableDef
    from harness.sql.item.expr import Scope

#: SHOW statements answered from an information_schema table (a full scan of it).
SHOW_SCANS = frozenset({"TABLES", "DATABASES", "VARIABLES", "COLUMNS", "INDEX", "ENGINES", "TABLE_STATUS",
                        "TRIGGERS", "COLLATION", "CHARACTER_SET", "PLUGINS", "EVENTS", "OPEN_TABLES"})

_AGGREGATES_FROM_INDEX = ("MIN", "MAX")


def _const_false(where: A.Expr | None) -> bool:
    """A conjunct without columns that is false or NULL: the join never runs."""
    for c in conjuncts(where):
        if isinstance(c, A.Literal) and (c.value is None or c.value == 0):
            return True
        if isinstance(c, A.Binary) and isinstance(c.left, A.Literal) and isinstance(c.right, A.Literal):
            lv, rv = c.left.value, c.right.value
            if lv is None or rv is None:
                return True
            try:
                if c.op == "=" and lv != rv:
                    return True
            except TypeError:
                return False
    return False


def _key_first_columns(t: "TableDef") -> set[int]:
    return {k.columns[0] for k in t.keys if k.columns}


def _answered_from_index(sel: A.Select, tables: list[tuple[str, "TableDef"]], scope: "Scope") -> bool:
    """opt_sum_query / a loose index scan: one table, no WHERE or GROUP BY, and every item
    MIN/MAX of a key's first column (or COUNT(*) on an engine that counts exactly), or a
    DISTINCT over a key's first column."""
    if len(tables) != 1 or sel.where is not None or sel.group_by or sel.from_[0].derived is not None:
        return False
    t = tables[0][1]
    firsts = _key_first_columns(t)

    def key_column(e: A.Expr) -> bool:
        if not isinstance(e, A.ColumnRef):
            return False
        try:
            depth, _ti, ci = scope.resolve(e)
        except Exception:  # noqa: BLE001 - a name error surfaces when the statement runs
            return False
        return depth == 0 and ci in firsts

    if sel.distinct and len(sel.items) == 1:
        return key_column(sel.items[0].expr)
    for it in sel.items:
        e = it.expr
        if isinstance(e, A.FuncCall) and e.name in _AGGREGATES_FROM_INDEX and len(e.args) == 1:
            if not key_column(e.args[0]):
                return False
        elif isinstance(e, A.FuncCall) and e.name == "COUNT" and e.star:
            if t.engine.transactional:
                return False
        else:
            return False
    return True


def _read_by_key(i: int, first: bool, tables: list[tuple[str, "TableDef"]], where: A.Expr | None,
                 conds: list[A.Expr], before: set[int], scope: "Scope") -> bool:
    """Table ``i`` read by ``ref`` (a key's first column equated to a constant or to an
    earlier table's column) or, as the first table, through a chosen range."""
    name, t = tables[i]
    firsts = _key_first_columns(t)
    if set(_bound_columns(i, conds, before, scope)) & firsts:
        return True
    if any(isinstance(c, A.IsNull) and not c.negated and _column_of(c.expr, i, scope) in firsts for c in conds):
        return True  # ref_or_null
    if not first:
        return False
    ranges = range_keys(t, name, where)
    if any(k.kind == "PRIMARY" and t.engine.clustered for k, _c in ranges):
        return True  # a range over the clustered key is always taken
    if t.engine.clustered and any(_or_of_ranges(t, name, c) for c in conjuncts(where)):
        return True
    return bool(ranges) and _secondary_range_chosen(t, name, where)


def _column_of(e: A.Expr, ti: int, scope: "Scope") -> int | None:
    if not isinstance(e, A.ColumnRef):
        return None
    try:
        depth, tj, ci = scope.resolve(e)
    except Exception:  # noqa: BLE001 - a name error surfaces when the statement runs
        return None
    return ci if depth == 0 and tj == ti else None


def _disjuncts(e: A.Expr) -> list[A.Expr]:
    if isinstance(e, A.Binary) and e.op.upper() in ("OR", "||"):
        return _disjuncts(e.left) + _disjuncts(e.right)
    return [e]


def _or_of_ranges(t: "TableDef", name: str, c: A.Expr) -> bool:
    """``id = 1 OR id = 2``: every disjunct a range over the clustered key (one range read)."""
    parts = _disjuncts(c)
    if len(parts) < 2:
        return False
    return all(any(k.kind == "PRIMARY" for k, _c in range_keys(t, name, p)) for p in parts)


def _secondary_range_chosen(t: "TableDef", name: str, where: A.Expr | None) -> bool:
    """The fitted range-or-scan choice of range_opt.index_scan_chosen, over the rows the
    range's conjuncts accept (counted on the table's current rows)."""
    from harness.sql.opt.range_opt import index_scan_chosen
    rows = [r for r in t.data.scan()]
    n_rows = len(rows)
    best: int | None = None
    for key, key_conds in range_keys(t, name, where):
        col = key.columns[0]
        k = sum(1 for _slot, row in rows if _in_range(row[col], key_conds))
        best = k if best is None else min(best, k)
    return best is not None and index_scan_chosen(t, n_rows, best)


def _in_range(value: Any, key_conds: list[A.Expr]) -> bool:
    """Whether a column value satisfies the literal bounds (``col OP literal``, IN, BETWEEN)."""
    from harness.sql.item.expr import compare
    for c in key_conds:
        try:
            if isinstance(c, A.Binary):
                left_is_col = isinstance(c.left, A.ColumnRef)
                lit = c.right if left_is_col else c.left
                if not isinstance(lit, A.Literal) or value is None:
                    return False
                r = compare(value, lit.value) if left_is_col else compare(lit.value, value)
                if r is None or not {"=": r == 0, "<": r < 0, ">": r > 0, "<=": r <= 0, ">=": r >= 0}[c.op]:
                    return False
            elif isinstance(c, A.InList):
                if value is None or not any(isinstance(x, A.Literal) and compare(value, x.value) == 0
                                            for x in c.items):
                    return False
            elif isinstance(c, A.Between):
                lo, hi = c.low, c.high
                if value is None or not (isinstance(lo, A.Literal) and isinstance(hi, A.Literal)):
                    return False
                a, b = compare(value, lo.value), compare(value, hi.value)
                if a is None or b is None or a < 0 or b > 0:
                    return False
        except (TypeError, KeyError):
            return False
    return True


def select_reads_without_index(sel: A.Select, tables: list[tuple[str, "TableDef"]], scope: "Scope",
                               zero_limit: bool) -> bool:
    """Whether one query block reads a table with JT_ALL (module docstring)."""
    if not tables or zero_limit or _const_false(sel.where):
        return False
    if _answered_from_index(sel, tables, scope):
        return False
    plan = plan_join(sel.from_, tables, sel.where, scope)
    conds = list(conjuncts(sel.where)) + [c for r in sel.from_ for c in conjuncts(r.on)]
    before = set(plan.const)
    first = True
    for i in plan.order:
        if i in plan.const or sel.from_[i].derived is not None:
            # A derived table is merged into this block or materialized from its own
            # query block, which reports its own reads when it runs.
            continue
        if not _read_by_key(i, first, tables, sel.where, conds, before, scope):
            return True
        before.add(i)
        first = False
    return False


def update_reads_without_index(t: "TableDef", ref_name: str, where: A.Expr | None, limit: A.Expr | None,
                               row_format: bool, is_delete: bool) -> bool:
    """mysql_update / mysql_delete: no key has a range over the WHERE; MyISAM's (Aria's,
    MEMORY's) delete of all rows without a WHERE or LIMIT, statement-logged and without
    triggers, takes ``delete_all_rows`` before that check."""
    if is_delete and (where is None or const_true(where)) and limit is None and not row_format \
            and not t.triggers and not t.engine.transactional:
        return False
    return not range_keys(t, ref_name, where)
