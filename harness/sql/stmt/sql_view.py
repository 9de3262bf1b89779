"""Writes through a view: the MERGE algorithm for single-table views.

The server never materializes a view that a statement writes through: it
merges the view into the statement (``mysql_make_view`` with
``VIEW_ALGORITHM_MERGE``). The view's columns become expressions over its base
table, its WHERE is ANDed into the statement's, and WITH CHECK OPTION becomes
a condition every new row must meet (``TABLE_LIST::prep_check_option``). So
the statement runs, and its rows are logged, on the base table; the
statement-format event still carries the text the client sent, and whatever
makes the view unsafe (its functions, the engine of its base table) makes the
statement unsafe.

This module does that merge on the AST, before the pre-locking analysis, so
that layers 1-3 see an ordinary single-table statement. Views that cannot be
merged for writing get the server's own errors (1288, 1471, 1348, 1394, 1395);
a join view written through another way is outside the subset (1235).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Callable

from harness.sql.sql_errors import error
from harness.sql.item.expr import is_aggregate_expr
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import UnsupportedError

if TYPE_CHECKING:
    from harness.sql.thd import Thd

_Stmt = A.Insert | A.Update | A.Delete


@dataclass
class MergedView:
    """A view resolved down to its base table."""

    base: A.TableName  # the base table, database-qualified
    columns: dict[str, A.Expr]  # view column (lower case) -> expression over the base table
    order: list[str]  # the view's column names, in order
    where: A.Expr | None  # the WHERE clauses of the view and the views under it
    check: A.Expr | None  # the CHECK OPTION condition, if any view of the chain has one
    chain: list[A.CreateView]  # the views, outermost first


def merge_for_write(thd: "Thd", stmt: A.Statement) -> tuple[A.Statement, list[A.CreateView]]:
    """The statement merged onto the base table, and the views it went through."""
    if isinstance(stmt, A.Insert):
        mv = _merge_target(thd, stmt.table, "INSERT", has_fields=bool(stmt.columns))
        return (stmt, []) if mv is None else (_insert(thd, stmt, mv), mv.chain)
    if isinstance(stmt, A.LoadData):
        mv = _merge_target(thd, stmt.table, "INSERT", has_fields=bool(stmt.targets))
        return (stmt, []) if mv is None else (_load_data(stmt, mv), mv.chain)
    if isinstance(stmt, A.Update):
        if len(stmt.tables) != 1:
            _refuse_views_in(thd, stmt.tables)
            return stmt, []
        mv = _merge_target(thd, stmt.tables[0].table, "UPDATE")
        return (stmt, []) if mv is None else (_update(thd, stmt, mv), mv.chain)
    if isinstance(stmt, A.Delete):
        if len(stmt.tables) != 1 or len(stmt.targets) > 1:
            _refuse_views_in(thd, stmt.tables)
            return stmt, []
        mv = _merge_target(thd, stmt.tables[0].table, "DELETE")
        return (stmt, []) if mv is None else (_delete(thd, stmt, mv), mv.chain)
    return stmt, []


# ------------------------------------------------------------------ resolving a view


def _merge_target(thd: "Thd", name: A.TableName, verb: str, has_fields: bool = True) -> MergedView | None:
    if thd.find_table(name) is not None or thd.find_view(name) is None:
        return None
    db = name.db or thd.db or ""
    return _resolve(thd, name, verb, (db, name.name), has_fields, cascade=False)


def _resolve(thd: "Thd", name: A.TableName, verb: str, top: tuple[str, str], has_fields: bool,
             cascade: bool) -> MergedView:
    db = name.db or thd.db or ""
    t = thd.find_table(name)
    if t is not None:
        cols: dict[str, A.Expr] = {c.name.lower(): A.ColumnRef(c.name, t.name) for c in t.columns}
        return MergedView(A.TableName(t.name, t.db), cols, [c.name for c in t.columns], None, None, [])
    view = thd.find_view(name)
    if view is None or view.select is None:
        raise error("ER_NO_SUCH_TABLE", db, name.name)
    sel = view.select
    if len(sel.from_) > 1:
        # A join view: the server writes one of its tables (multi-table UPDATE,
        # INSERT naming columns of one table); not modelled.
        if verb == "INSERT" and not has_fields:
            raise error("ER_VIEW_NO_INSERT_FIELD_LIST", top[0], top[1])
        if verb == "DELETE":
            raise error("ER_VIEW_DELETE_MERGE_VIEW", top[0], top[1])
        raise UnsupportedError("changing data through a join view")
    if not _mergeable(sel, rand_blocks=not thd.server.flavor.sql.view_insert_plain_columns):
        if verb == "INSERT":
            raise error("ER_NON_INSERTABLE_TABLE", top[1], "INSERT")
        raise error("ER_NON_UPDATABLE_TABLE", top[1], verb)
    ref = sel.from_[0]
    inner_cascade = cascade or view.check_option == "CASCADED"
    inner = _resolve(thd, A.TableName(ref.table.name, ref.table.db or db), verb, top, has_fields, inner_cascade)
    quals = {ref.ref_name.lower(), ref.table.name.lower()}
    exprs: list[tuple[str, A.Expr]] = []
    for item in sel.items:
        if isinstance(item.expr, A.Star):
            exprs.extend((c, inner.columns[c.lower()]) for c in inner.order)
            continue
        e = substitute(item.expr, inner.columns, quals, "field list")
        label = item.alias or (item.expr.name if isinstance(item.expr, A.ColumnRef) else item.text)
        exprs.append((label, e))
    if view.columns:
        exprs = [(n, e) for n, (_old, e) in zip(view.columns, exprs)]
    where = substitute(sel.where, inner.columns, quals, "WHERE") if sel.where is not None else None
    check = inner.check
    if where is not None and (view.check_option is not None or cascade):
        check = _and(check, where)
    return MergedView(inner.base, {n.lower(): e for n, e in exprs}, [n for n, _e in exprs],
                      _and(inner.where, where), check, [view, *inner.chain])


# Functions that make a SELECT UNCACHEABLE_RAND: LEX::can_be_merged() refuses such a
# view (observed: a view listing LENGTH(UUID()) is not updatable, 1288).
_RAND_FUNCTIONS = frozenset({"RAND", "UUID", "UUID_SHORT"})


def _mergeable(sel: A.Select, rand_blocks: bool = True) -> bool:
    """What keeps the server from merging a view (it would need a temporary table).
    ``rand_blocks``: MariaDB's LEX::can_be_merged refuses an UNCACHEABLE_RAND select; MySQL's
    Query_expression::is_mergeable does not (9.7.4 observed: `UPDATE vu` of a view listing
    LENGTH(UUID()) succeeds)."""
    if sel.distinct or sel.group_by or sel.having is not None or sel.union or sel.limit is not None:
        return False
    if not sel.from_:
        return False
    exprs = [i.expr for i in sel.items if not isinstance(i.expr, A.Star)]
    if any(is_aggregate_expr(e) for e in exprs):
        return False
    return not rand_blocks or not any(
        _contains(e, lambda x: isinstance(x, A.FuncCall) and x.name in _RAND_FUNCTIONS) for e in [*exprs, sel.where])


def _contains(e: Any, pred: Callable[[Any], bool]) -> bool:
    """Whether an expression (subqueries left out) has a node ``pred`` accepts."""
    if pred(e):
        return True
    if isinstance(e, (list, tuple)):
        return any(_contains(x, pred) for x in e)
    if isinstance(e, (A.ScalarSubquery, A.Exists)) or not isinstance(e, A.Expr):
        return False
    return any(_contains(getattr(e, f.name), pred) for f in fields(e))  # type: ignore[arg-type]


def check_view_definition(sel: A.Select) -> None:
    """CREATE VIEW refuses a SELECT that reads a variable (ER_VIEW_SELECT_VARIABLE)."""
    exprs = [i.expr for i in sel.items] + [sel.where, sel.having]
    if _contains(exprs, lambda x: isinstance(x, (A.UserVar, A.SysVar))):
        raise error("ER_VIEW_SELECT_VARIABLE")


def _refuse_views_in(thd: "Thd", refs: list[A.TableRef]) -> None:
    for r in refs:
        if thd.find_table(r.table) is None and thd.find_view(r.table) is not None:
            raise UnsupportedError("changing data through a view in a multi-table statement")


def _and(a: A.Expr | None, b: A.Expr | None) -> A.Expr | None:
    if a is None:
        return b
    if b is None:
        return a
    return A.Binary("AND", a, b)


def substitute(e: Any, cols: dict[str, A.Expr], quals: set[str], clause: str) -> Any:
    """``e`` with every reference to a view column replaced by its expression over the base table.

    Subqueries keep their own columns (the server resolves them in their own
    scope first); a name that is no column of the view is error 1054 naming
    the clause, as the server reports it.
    """
    if isinstance(e, A.ColumnRef):
        if e.table is not None and e.table.lower() not in quals:
            raise error("ER_BAD_FIELD_ERROR", f"{e.table}.{e.name}", clause)
        m = cols.get(e.name.lower())
        if m is None:
            raise error("ER_BAD_FIELD_ERROR", f"{e.table}.{e.name}" if e.table else e.name, clause)
        return m
    if isinstance(e, (A.ScalarSubquery, A.Exists)):
        return e
    if isinstance(e, A.InSubquery):
        return replace(e, expr=substitute(e.expr, cols, quals, clause))
    if isinstance(e, A.Expr):
        changes = {f.name: substitute(getattr(e, f.name), cols, quals, clause) for f in fields(e)}  # type: ignore[arg-type]
        return replace(e, **changes)  # type: ignore[type-var]
    if isinstance(e, list):
        return [substitute(x, cols, quals, clause) for x in e]
    if isinstance(e, tuple):
        return tuple(substitute(x, cols, quals, clause) for x in e)
    return e


# ------------------------------------------------------------------ the merged statements


def _check_option(thd: "Thd", name: A.TableName, mv: MergedView) -> tuple[A.Expr, str] | None:
    if mv.check is None:
        return None
    return mv.check, f"`{name.db or thd.db or ''}`.`{name.name}`"


def _base_column(mv: MergedView, name: str, clause: str, verb: str, view: str) -> str:
    e = mv.columns.get(name.lower())
    if e is None:
        raise error("ER_BAD_FIELD_ERROR", name, clause)
    if not isinstance(e, A.ColumnRef):
        if verb == "INSERT":
            raise error("ER_NON_INSERTABLE_TABLE", view, "INSERT")
        raise error("ER_NONUPDATEABLE_COLUMN", name)
    return e.name


def _insert(thd: "Thd", st: A.Insert, mv: MergedView) -> A.Insert:
    view = st.table.name
    names = st.columns if st.columns is not None else mv.order
    # MySQL (SqlDialect.view_insert_plain_columns): a named (or, without a list, any) column
    # that is an expression is 1348, then a view with any expression column is not
    # insertable-into (1471) -- sql_insert.cc insert_view_fields, check_view_insertability
    plain = thd.server.flavor.sql.view_insert_plain_columns
    columns = [_base_column(mv, c, "INSERT INTO", "UPDATE" if plain else "INSERT", view) for c in names]
    if plain and any(not isinstance(e, A.ColumnRef) for e in mv.columns.values()):
        raise error("ER_NON_INSERTABLE_TABLE", view, "INSERT")
    quals = {view.lower()}
    ondup = [(A.ColumnRef(_base_column(mv, c.name, "SET", "UPDATE", view)),
              substitute(e, mv.columns, quals, "SET") if not isinstance(e, A.Default) else e)
             for c, e in st.on_duplicate]
    return replace(st, table=mv.base, columns=columns, on_duplicate=ondup,
                   check_option=_check_option(thd, st.table, mv),
                   through_view=f"{st.table.db or thd.db}.{view}")


def _load_data(st: A.LoadData, mv: MergedView) -> A.LoadData:
    """LOAD DATA into a view: the rows go to the base table; the logged text keeps the
    view and its column names (observed: ``INTO TABLE `v1` ... (`i`)``)."""
    view = st.table.name
    names: list[str | A.UserVar] = list(st.targets) if st.targets is not None else list(mv.order)
    targets: list[str | A.UserVar] = [x if isinstance(x, A.UserVar) else
                                      _base_column(mv, x, "field list", "INSERT", view) for x in names]
    sets = [(_base_column(mv, c, "SET", "UPDATE", view), substitute(e, mv.columns, {view.lower()}, "SET"), text)
            for c, e, text in st.set_list]
    return replace(st, table=mv.base, targets=targets, set_list=sets, logged_table=st.table, logged_targets=names)


def _update(thd: "Thd", st: A.Update, mv: MergedView) -> A.Update:
    ref = st.tables[0]
    quals = {ref.ref_name.lower(), ref.table.name.lower()}
    assigns = []
    for c, e in st.assignments:
        if c.table is not None and c.table.lower() not in quals:
            raise error("ER_BAD_FIELD_ERROR", f"{c.table}.{c.name}", "SET")
        target = A.ColumnRef(_base_column(mv, c.name, "SET", "UPDATE", ref.table.name))
        assigns.append((target, e if isinstance(e, A.Default) else substitute(e, mv.columns, quals, "SET")))
    where = substitute(st.where, mv.columns, quals, "WHERE") if st.where is not None else None
    order = [A.OrderItem(substitute(o.expr, mv.columns, quals, "ORDER BY"), o.desc) for o in st.order_by]
    return replace(st, tables=[A.TableRef(mv.base)], assignments=assigns, where=_and(mv.where, where),
                   order_by=order, check_option=_check_option(thd, ref.table, mv))


def _delete(thd: "Thd", st: A.Delete, mv: MergedView) -> A.Delete:
    ref = st.tables[0]
    quals = {ref.ref_name.lower(), ref.table.name.lower()}
    if st.targets and st.targets[0].lower() not in quals:
        raise error("ER_UNKNOWN_TABLE", st.targets[0], "MULTI DELETE")
    where = substitute(st.where, mv.columns, quals, "WHERE") if st.where is not None else None
    order = [A.OrderItem(substitute(o.expr, mv.columns, quals, "ORDER BY"), o.desc) for o in st.order_by]
    targets = [mv.base.name] if st.targets else []
    return replace(st, tables=[A.TableRef(mv.base)], targets=targets, where=_and(mv.where, where), order_by=order)
