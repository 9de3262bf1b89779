"""SELECT, and the joins, scans and row access every DML statement shares (the server's ``sql_select.cc``).

The executor changes rows and reports every change to ``thd.log_row`` (which
feeds layer 2 when the statement is row-logged) and to ``thd.undo`` (which lets
a transactional engine roll back). It decides nothing about logging itself.
"""

from __future__ import annotations

import dataclasses
import itertools
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

from harness.sql.handler.catalog import TableDef
from harness.sql.handler.foreign_keys import check_child_row, parent_row_change
from harness.sql.handler.generated_columns import generated_write_set, has_generated, update_generated
from harness.sql.handler.row_locks import lock_row, lock_scan, uses_row_locks
from harness.sql.item.expr import Compiler, Env, Scope, compare, is_aggregate_expr, to_bool, to_number
from harness.sql.item.send_field import statement_typer
from harness.sql.item.column_types import value_to_string
from harness.sql.item.field_json import note_non_scalar_json_sort
from harness.sql.opt.access_path import select_reads_without_index, update_reads_without_index
from harness.sql.opt.covering import covering_index, referenced_columns
from harness.sql.opt.joinplan import JoinPlan, conjuncts, join_conversions
from harness.sql.opt.joinplan import column_owners as _column_owners
from harness.sql.opt.range_opt import (const_true, folds_to_false, impossible_where, index_scan_chosen, not_null_is_null,
                                        range_keys, unique_key_equality)
from harness.sql.parse import parse_tree as A
from harness.sql.parse.stmtinfo import StatementInfo
from harness.sql.sql_errors import ComparisonNote, Note, ServerError, error, note
from harness.sql.item.arg_comparator_mysql import ConstantConversionError
from harness.sql.stmt.fill_record import raise_new_warnings
from harness.sql.stmt.sql_cte import cte_rows
from harness.sql.stmt.sql_window import compute_windows, window_funcs
from harness.sql.stmt.sql_result import ResultColumn, SelectResult

if TYPE_CHECKING:
    from harness.sql.thd import Thd

# Row change kinds, as the rows events name them.
WRITE, UPDATE, DELETE = "write", "update", "delete"


# ---------------------------------------------------------------- helpers


def covering_scan(t: TableDef, key: Any, rows: Any = None) -> Iterator[tuple[int, list[Any]]]:
    """``t``'s rows (or the ``rows`` a consistent read sees) in ``key`` order (NULL first,
    equal keys in data-file order)."""
    fns = [(c, t.columns[c].type.sort_key) for c in key.columns]
    live = list(t.data.scan() if rows is None else rows)

    def order(item: tuple[int, list[Any]]) -> tuple[Any, ...]:
        row = item[1]
        return tuple((row[c] is not None, fn(row[c]) if row[c] is not None else 0) for c, fn in fns)

    live.sort(key=order)
    return iter(live)


def _limit_value(thd: "Thd", e: A.Expr | None, ctx: Any) -> int | None:
    if e is None:
        return None
    v = Compiler(Scope([])).compile(e)(Env(ctx))
    return int(to_number(v))  # type: ignore[arg-type]


class SelectExecutor:
    """Runs one statement for a session (``thd``)."""

    def __init__(self, thd: "Thd", ctx: Any, info: StatementInfo) -> None:
        self.thd = thd
        self.ctx = ctx
        self.info = info
        # INSERT ... RETURNING: the rows written so far (None when not asked for).
        self._returning_rows: list[list[Any]] | None = None
        # The SELECT whose tables join_rows is scanning (for the covering-index rule).
        self._scanning_select: A.Select | None = None
        # A recursive CTE's working table per CTE being evaluated (sql_cte.cc).
        self.cte_work: dict[int, tuple[list[Any], list[list[Any]]]] = {}
        # The SELECT of a strict INSERT ... SELECT runs under abort_on_warning: its
        # scan stops at the first row whose WHERE warned (join_rows).
        self.abort_where_warnings = False
        # A strict UPDATE converts a comparison's constant while it is optimized, before
        # an ORDER BY's filesort reads a row: its 1292 is the statement's error even where
        # the rows' own warnings stay warnings (sql_update.UpdateExecutor).
        self.abort_constant_conversion = False

    # ------------------------------------------------------------ joins

    def _open(self, refs: list[A.TableRef], write_names: set[str] | None = None) -> list[tuple[str, TableDef]]:
        out = []
        seen: set[str] = set()
        for r in refs:
            if r.derived is not None:
                view = None
                t = self._materialize_derived(r)
            else:
                view = self.thd.find_view(r.table) if self.thd.find_table(r.table) is None else None
                t = self._materialize_view(r.table, view) if view is not None else self.thd.open_table(r.table)
            name = r.ref_name
            if name.lower() in seen:
                raise error("ER_NONUNIQ_TABLE", name)
            seen.add(name.lower())
            write = write_names is not None and (name.lower() in write_names or r.table.name.lower() in write_names)
            if view is None and r.derived is None:  # a view's / derived table's own tables were added already
                self.info.add(t, write)
            out.append((name, t))
        return out

    def _open_ref(self, r: A.TableRef) -> TableDef:
        """One table of a multi-table UPDATE/DELETE: a base table, or a derived table's rows."""
        return self._materialize_derived(r) if r.derived is not None else self.thd.open_table(r.table)

    def _materialize_derived(self, r: A.TableRef) -> TableDef:
        """``(SELECT ...) AS d``, run now, as a keyless table named after its alias. The
        server may merge it into the outer query instead; for the rows a statement writes
        (and so for the binlog) the two are the same in the modelled subset."""
        from harness.sql.handler.storage import Engine
        from harness.sql.item.column_types import StringType
        from harness.sql.item.field import Column
        assert r.derived is not None
        if r.cte is not None:
            names, rcols, rows = cte_rows(self, r.cte)
        else:
            res = self.select(r.derived)
            names, rcols, rows = [c.name for c in res.columns], res.columns, res.rows
        seen: set[str] = set()
        for n in names:
            if n.lower() in seen:
                raise error("ER_DUP_FIELDNAME", n)
            seen.add(n.lower())
        cols = [Column(n, c.type or StringType("VARCHAR", 255), c.nullable) for n, c in zip(names, rcols)]
        t = TableDef("", r.ref_name, cols, [], Engine("DERIVED", transactional=True))
        for row in rows:
            t.data.insert(list(row))
        return t

    def _materialize_view(self, name: A.TableName, view: A.CreateView) -> TableDef:
        """A read of a view: its SELECT, run now, as a table without keys (MERGE-free)."""
        from harness.sql.handler.storage import Engine
        from harness.sql.item.column_types import StringType
        from harness.sql.item.field import Column
        assert view.select is not None
        saved_db = self.thd.db
        self.thd.set_current_db(name.db or saved_db)  # the view's names resolve in its own database
        try:
            res = self.select(view.select)
        finally:
            self.thd.set_current_db(saved_db)
        names = view.columns or [c.name for c in res.columns]
        cols = [Column(n, c.type or StringType("VARCHAR", 255), c.nullable) for n, c in zip(names, res.columns)]
        t = TableDef(name.db or self.thd.db or "", view.name.name, cols, [], Engine("VIEW", transactional=True))
        for row in res.rows:
            t.data.insert(list(row))
        return t

    def join_rows(self, refs: list[A.TableRef], tables: list[tuple[str, TableDef]], scope: Scope,
                  where: A.Expr | None, outer_env: Env | None,
                  abort_on_warning: bool = False) -> Iterator[tuple[list[Any], list[int | None]]]:
        """Nested-loop join; yields (rows per table, slots per table) passing ON and WHERE.

        ``abort_on_warning``: a warning of the WHERE is the statement's error, and the
        scan stops at the row that raised it (the read loop checks thd->is_error() after
        each row; the row's other conditions were evaluated and listed after it)."""
        comp = Compiler(scope, self.info)
        _check_using(refs, tables)
        # setup_conds fixes the WHERE clause before the ON clauses (1054 names 'WHERE' first)
        wf = comp.compile_in("WHERE", where) if where is not None else None
        ons = [comp.compile_in("ON", r.on) if r.on is not None else None for r in refs]
        outer_join = [r.join == "LEFT" for r in refs]
        n = len(tables)
        # The server rewrites t1 RIGHT JOIN t2 ON c as t2 LEFT JOIN t1 ON c: t2 is scanned
        # first (its order is the rows' order), t1 is the inner side; the tables keep their
        # written positions for column resolution and SELECT *.
        order = list(range(n))
        if n > 1 and refs[1].join == "RIGHT":
            order[0], order[1] = 1, 0
            ons[0], ons[1] = ons[1], None
            outer_join[0], outer_join[1] = True, False
        base = outer_env.child() if outer_env is not None else Env(self.ctx)
        rows: list[Any] = [None] * n
        slots: list[int | None] = [None] * n

        def rec(k: int) -> Iterator[tuple[list[Any], list[int | None]]]:
            if k == n:
                env = base.child(rows) if outer_env is not None else Env(self.ctx, rows)
                env.outer = base.outer if outer_env is not None else None
                if outer_env is not None:
                    env.outer = outer_env
                if wf is None:
                    yield list(rows), list(slots)
                    return
                mark = len(self.ctx.notes)
                try:
                    passed = to_bool(wf(env))
                except ConstantConversionError as err:
                    # MySQL: a statement that aborts on warnings fails with the constant's
                    # 1292 (Strict_error_handler), the 1525 listed after it
                    if abort_on_warning or self.abort_where_warnings or self.abort_constant_conversion:
                        raise_new_warnings(self.ctx.notes, mark, True, then=err)
                    raise
                if abort_on_warning or self.abort_where_warnings:
                    raise_new_warnings(self.ctx.notes, mark, True, self.thd)
                if passed:
                    yield list(rows), list(slots)
                return
            i = order[k]
            t = tables[i][1]
            matched = False
            for slot, row in self._scan_table(t):
                rows[i], slots[i] = row, slot
                ok = True
                if ons[i] is not None:
                    env = Env(self.ctx, list(rows))
                    env.outer = outer_env
                    ok = bool(to_bool(ons[i](env)))  # type: ignore[misc]
                if ok:
                    matched = True
                    yield from rec(k + 1)
                rows[i], slots[i] = None, None
            if not matched and outer_join[i]:
                yield from rec(k + 1)

        yield from rec(0)

    def _scan_table(self, t: TableDef) -> Any:
        """The rows a read of ``t`` sees: InnoDB's consistent read (a snapshot) for a
        plain SELECT, the latest rows for DML and locking reads (they lock first)."""
        thd = self.thd
        covering = self._covering_key(t)
        if thd.stmt.consistent_read and uses_row_locks(t) and not any(w is t for w in self.info.written):
            rows = t.data.consistent_scan(thd.trx.id, thd.read_view())
            return rows if covering is None else covering_scan(t, covering, rows)
        if covering is not None:
            return covering_scan(t, covering)
        return t.data.scan()

    def _covering_key(self, t: TableDef) -> Any:
        """The index a MyISAM/Aria read goes through instead of the data file.

        The join optimizer turns a full scan into an index scan when an index covers
        every column the query reads (make_join_readinfo: JT_ALL -> JT_NEXT on
        find_shortest_key(covering_keys)), so the rows come in index order. Only the
        certain case is modelled: one index holding every column of the table, read
        (not written) by a SELECT or an INSERT ... SELECT."""
        if self.info.kind not in ("SELECT", "INSERT", "REPLACE"):
            return None
        sel = self._scanning_select
        if sel is not None and len(sel.from_) == 1 and sel.from_[0].derived is None:
            # INSERT ... SELECT from its own table reads another TABLE instance (buffered).
            return covering_index(t, referenced_columns(sel), sel.where)
        if t.engine.name not in ("MyISAM", "Aria") or not t.keys or any(w is t for w in self.info.written):
            return None
        n = len(t.columns)
        covering = [k for k in t.keys if len(set(k.columns)) == n]
        return min(covering, key=lambda k: len(k.columns)) if covering else None

    def _joined_rows(self, sel: A.Select, tables: list[tuple[str, TableDef]], scope: Scope,
                     outer_env: Env | None) -> list[tuple[list[Any], list[int | None]]]:
        """The SELECT's joined rows, with the statement known to ``_covering_key``."""
        self._note_select_index_use(sel, tables, scope)
        saved, self._scanning_select = self._scanning_select, sel
        try:
            rows = list(self.join_rows(sel.from_, tables, scope, sel.where, outer_env))
        finally:
            self._scanning_select = saved
        if self._reads_in_range_order(sel, tables) and len(rows) > 1:
            # The rows an INSERT/REPLACE ... SELECT writes come in the order its access
            # path reads them: index order for a range over a secondary index, as for a
            # single-table UPDATE/DELETE (range_opt.py; probed with MyISAM DATETIME and
            # DECIMAL UNIQUE keys under >, >=).
            rows = self._range_access_order(tables[0], scope, sel.where, rows)
        return rows

    def _reads_in_range_order(self, sel: A.Select, tables: list[tuple[str, TableDef]]) -> bool:
        """The SELECT of an INSERT/REPLACE ... SELECT over one table whose rows go out in
        the order they are read (no ORDER BY, GROUP BY, DISTINCT, LIMIT or UNION, and no
        covering index, which _covering_key already reads in its order)."""
        if self.info.kind not in ("INSERT", "REPLACE") or len(tables) != 1 or sel.from_[0].derived is not None:
            return False
        if sel.order_by or sel.group_by or sel.distinct or sel.limit is not None or sel.union or sel.where is None:
            return False
        return covering_index(tables[0][1], referenced_columns(sel), sel.where) is None

    def _lock_scan(self, t: TableDef, ref_name: str, where: A.Expr | None, mode: str,
                   semi_consistent: bool = False, in_join: bool = False) -> None:
        """InnoDB's locking scan before a statement reads the rows it changes or locks."""
        if not uses_row_locks(t):
            return
        scope = self._scope([(ref_name, t)])
        wf = Compiler(scope, self.info).compile(where) if where is not None else None

        def matches(row: list[Any]) -> bool:
            if wf is None:
                return True
            try:
                return bool(to_bool(wf(self._env([row]))))
            except ServerError:
                return True

        comp = Compiler(scope, self.info)

        def evaluate(e: A.Expr) -> Any:
            """The optimizer's look at a constant: leaves no warning and no trace in
            the statement's context (the WHERE clause reads it again)."""
            ctx = self.ctx
            n_notes, read = len(ctx.notes), dict(ctx.user_vars_read)
            try:
                return comp.compile(e)(self._env([None]))
            finally:
                del ctx.notes[n_notes:]
                ctx.user_vars_read = read

        lock_scan(self.thd, t, ref_name, where, mode, matches, semi_consistent, in_join, evaluate)

    # ------------------------------------------------------------ SELECT

    def select(self, sel: A.Select, outer_scope: Scope | None = None, outer_env: Env | None = None) -> SelectResult:
        if sel.union:
            return self._union(sel, outer_scope, outer_env)
        tables = self._open(sel.from_) if sel.from_ else []
        lock_mode = self.thd.stmt.lock_mode
        if lock_mode and outer_scope is None:
            single = len(tables) == 1
            for (name, t), r in zip(tables, sel.from_):
                if r.derived is None:
                    self._lock_scan(t, name, sel.where if single else None, lock_mode, in_join=True)
        scope, outer_env = self._select_scope(tables, outer_scope, outer_env)
        comp = Compiler(scope, self.info)
        items = self._select_items(sel, tables, scope)
        funcs = [comp.compile_in("SELECT", e) for e, _, _ in items]
        aggregate = bool(sel.group_by) or any(is_aggregate_expr(e) for e, _, _ in items) or (
            sel.having is not None and is_aggregate_expr(sel.having))
        if tables:
            joined = self._joined_rows(sel, tables, scope, outer_env)
        else:
            joined = self._dual_rows(sel, comp, lambda rows: self._row_env(rows, outer_env))
        if aggregate:
            envs = self._grouped_envs(sel, comp, joined, len(tables), outer_env)
        else:
            having = comp.compile_in("HAVING", sel.having) if sel.having is not None else None
            envs = [env for env in (self._row_env(rows, outer_env) for rows, _slots in joined)
                    if having is None or to_bool(having(env))]
        wins = window_funcs([e for e, _, _ in items] + [o.expr for o in sel.order_by])
        if wins:
            envs = compute_windows(envs, wins, scope, self.info, self.thd.server.flavor.sql.window_clauses)
        out_rows = [([f(env) for f in funcs], env) for env in envs]
        if sel.distinct:
            uniq: list[tuple[list[Any], Env]] = []
            for out in out_rows:
                if not any(all(compare(a, b) == 0 or (a is None and b is None) for a, b in zip(out[0], u[0]))
                           for u in uniq):
                    uniq.append(out)
            out_rows = uniq
        if sel.order_by:
            out_rows = self._order(out_rows, sel.order_by, comp, items, self._const_single(tables, sel.where))
        limit = _limit_value(self.thd, sel.limit, self.ctx)
        offset = _limit_value(self.thd, sel.offset, self.ctx) or 0
        rows_only = [r for r, _ in out_rows]
        total = len(rows_only)
        if limit is not None or offset:
            rows_only = rows_only[offset:offset + limit if limit is not None else None]
        self.ctx.found_rows = len(rows_only)
        cols = self._describe_computed(sel, scope, items, rows_only)
        return SelectResult(cols, rows_only, total if sel.calc_found_rows else None)

    def _select_items(self, sel: A.Select, tables: list[tuple[str, TableDef]], scope: Scope
                      ) -> list[tuple[A.Expr, str, ResultColumn]]:
        """The select list with ``*`` expanded into columns: (expression, name, result column)."""
        items: list[tuple[A.Expr, str, ResultColumn]] = []
        for it in sel.items:
            if isinstance(it.expr, A.Star):
                for rname, t in tables:
                    if it.expr.table is not None and it.expr.table.lower() not in (rname.lower(), t.name.lower()):
                        continue
                    for c in t.columns:
                        ref = A.ColumnRef(c.name, rname)
                        items.append((ref, c.name, ResultColumn(c.name, c.type, rname, t.db, c.name, c.nullable, t.name)))
                if not tables:
                    raise error("ER_NO_TABLES_USED")
            else:
                name = it.alias or _item_name(it)
                rc = ResultColumn(name)
                if isinstance(it.expr, A.ColumnRef) and tables:
                    d, ti, ci = scope.resolve(it.expr, "SELECT")
                    if d == 0:
                        t = tables[ti][1]
                        c = t.columns[ci]
                        rc = ResultColumn(it.alias or c.name, c.type, tables[ti][0], t.db, c.name, c.nullable, t.name)
                items.append((it.expr, name, rc))
        return items

    def _row_env(self, rows: list[Any], outer_env: Env | None) -> Env:
        """The environment one joined row (or one group's first row) is evaluated in."""
        env = Env(self.ctx, rows)
        env.outer = outer_env
        if outer_env is not None:
            env.locals = outer_env.locals
            env.new, env.old = outer_env.new, outer_env.old
        return env

    def _grouped_envs(self, sel: A.Select, comp: Compiler, joined: Any, n_tables: int,
                      outer_env: Env | None) -> list[Env]:
        """GROUP BY / aggregates: one row (its environment) per group that passes HAVING,
        groups in key order."""
        envs: list[Env] = []
        group_fns = [comp.compile_in("GROUP BY", g) for g in sel.group_by]
        groups: dict[tuple[Any, ...], list[list[Any]]] = {}
        order: list[tuple[Any, ...]] = []
        for rows, _slots in joined:
            env = self._row_env(rows, outer_env)
            key = tuple(_group_key(f(env)) for f in group_fns)
            if key not in groups:
                groups[key] = []
                order.append(key)
            groups[key].append(rows)
        if not sel.group_by and not order:
            groups[()] = []
            order.append(())
        having = comp.compile_in("HAVING", sel.having) if sel.having is not None else None
        if sel.group_by:
            order.sort()
        for key in order:
            grp = groups[key]
            env = self._row_env(grp[0] if grp else [None] * n_tables, outer_env)
            env.group = grp
            if having is not None and not to_bool(having(env)):
                continue
            envs.append(env)
        return envs

    def _dual_rows(self, sel: A.Select, comp: Compiler,
                   make_env: Callable[[list[Any]], Env]) -> list[tuple[list[Any], list[int | None]]]:
        """The one row of a SELECT without tables (FROM DUAL), or none when its WHERE
        is not true: JOIN::optimize evaluates a table-less WHERE as a constant
        condition and gives the "Impossible WHERE" empty result (zero_result_cause),
        so `INSERT ... SELECT ... FROM DUAL WHERE NOT EXISTS (...)` inserts nothing."""
        if sel.where is None:
            return [([], [])]
        where = comp.compile_in("WHERE", sel.where)
        return [([], [])] if to_bool(where(make_env([]))) else []

    def _describe_computed(self, sel: A.Select, scope: Scope, items: list[tuple[A.Expr, str, ResultColumn]],
                           rows: list[list[Any]]) -> list[ResultColumn]:
        """The result columns, a computed one with its Item's metadata (send_field.py) and,
        for the text it is rendered as, a type inferred from its values."""
        cols = [rc for _, _, rc in items]
        if all(rc.type is not None for rc in cols):
            return cols
        typer = statement_typer(self.thd, scope, sel.from_)
        texts = {id(it.expr): it.text for it in sel.items}
        for i, (expr, _name, rc) in enumerate(items):
            if rc.type is None:
                rc.meta = typer.send_field(expr, texts.get(id(expr), ""))
                rc.type = infer_type([r[i] for r in rows])
        return cols

    def _select_scope(self, tables: list[tuple[str, TableDef]], outer_scope: Scope | None,
                      outer_env: Env | None) -> tuple[Scope, Env | None]:
        """A subquery resolves through its outer query; a routine's statement (INSERT ...
        SELECT in a trigger) sees NEW/OLD and the routine's variables; a top-level SELECT
        gets a plain scope."""
        if outer_scope is not None:
            return Scope(tables, outer_scope), outer_env
        return self._scope(tables), outer_env if outer_env is not None else self._routine_env()

    def _union(self, sel: A.Select, outer_scope: Scope | None, outer_env: Env | None) -> SelectResult:
        head = A.Select(items=sel.items, from_=sel.from_, where=sel.where, group_by=sel.group_by,
                        having=sel.having, distinct=sel.distinct)
        res = self.select(head, outer_scope, outer_env)
        if any(not all_ for all_, _other in sel.union):
            self.thd.set_no_index_used(True)  # UNION DISTINCT reads its temporary table back
        rows = list(res.rows)
        for all_, other in sel.union:
            r = self.select(other, outer_scope, outer_env)
            rows.extend(r.rows)
            if not all_:
                uniq: list[list[Any]] = []
                for row in rows:
                    if row not in uniq:
                        uniq.append(row)
                rows = uniq
        total = len(rows)
        limit = _limit_value(self.thd, sel.limit, self.ctx)
        offset = _limit_value(self.thd, sel.offset, self.ctx) or 0
        if limit is not None or offset:
            rows = rows[offset:offset + limit if limit is not None else None]
        return SelectResult(res.columns, rows, total if sel.calc_found_rows else None)

    def _const_single(self, tables: list[tuple[str, TableDef]], where: A.Expr | None) -> bool:
        """One table read as a const table (only asked where the flavour sorts JSON)."""
        if not self.thd.server.flavor.sql.native_json or len(tables) != 1:
            return False
        t = tables[0][1]
        return isinstance(t, TableDef) and unique_key_equality(t, tables[0][0], where)

    def _order(self, out_rows: list[tuple[list[Any], Env]], order: list[A.OrderItem], comp: Compiler,
               items: list[tuple[A.Expr, str, ResultColumn]], const: bool = False) -> list[tuple[list[Any], Env]]:
        """ORDER BY (``const``: the row was read as a const table, filesort never runs)."""
        keyfns = []
        for o in order:
            e = o.expr
            if isinstance(e, A.Literal) and isinstance(e.value, int):
                idx = e.value - 1
                keyfns.append((lambda r, env, idx=idx: r[idx], o.desc))
                continue
            if isinstance(e, A.ColumnRef) and e.table is None:
                alias_idx = next((i for i, (_, name, _) in enumerate(items) if name.lower() == e.name.lower()), None)
                if alias_idx is not None:
                    keyfns.append((lambda r, env, idx=alias_idx: r[idx], o.desc))
                    continue
            f = comp.compile_in("ORDER BY", e)
            keyfns.append((lambda r, env, f=f: f(env), o.desc))
        if out_rows and not (const and len(out_rows) == 1) and self.thd.server.flavor.sql.native_json:
            note_non_scalar_json_sort(self.ctx.notes, out_rows, [fn for (fn, _), o in zip(keyfns, order)
                                                                 if isinstance(o.expr, (A.ColumnRef, A.Literal))])
        import functools

        def cmp(a: tuple[list[Any], Env], b: tuple[list[Any], Env]) -> int:
            for fn, desc in keyfns:
                va, vb = fn(a[0], a[1]), fn(b[0], b[1])
                if va is None and vb is None:
                    c = 0
                elif va is None:
                    c = -1
                elif vb is None:
                    c = 1
                else:
                    c = compare(va, vb) or 0
                if c:
                    return -c if desc else c
            return 0
        return sorted(out_rows, key=functools.cmp_to_key(cmp))

    # ------------------------------------------------------------ INSERT

    def _replace_delete(self, t: TableDef, slot: int, old: list[Any], new: list[Any] | None = None) -> None:
        """A row delete with the table's DELETE triggers around it: REPLACE's delete of a
        conflicting row (write_record: process_triggers(TRG_EVENT_DELETE) before and
        after ha_delete_row; observed: a failing BEFORE DELETE trigger fails the REPLACE),
        and a multi-table DELETE's."""
        if t.triggers:
            self.thd.fire_triggers(t, "BEFORE", "DELETE", None, old, self.ctx)
        self.delete_slot(t, slot, old, new)
        if t.triggers:
            self.thd.fire_triggers(t, "AFTER", "DELETE", None, old, self.ctx)

    def view_check(self, t: TableDef, row: list[Any], check: tuple[A.Expr, str], ignore: bool) -> bool:
        """WITH CHECK OPTION (view_check_option): a new row the view would not show is
        an error, or with IGNORE a warning and the row is skipped."""
        cond, view = check
        ok = to_bool(Compiler(Scope([(t.name, t)]), self.info).compile(cond)(Env(self.ctx, [row])))
        if ok:
            return True
        if not ignore:
            raise error("ER_VIEW_CHECK_FAILED", view)
        self.ctx.notes.append(note("Warning", "ER_VIEW_CHECK_FAILED", view))
        return False

    def delete_slot(self, t: TableDef, slot: int, old: list[Any], replaced_by: list[Any] | None = None) -> None:
        """``replaced_by``: REPLACE's new row, where the flavour checks the foreign keys referencing
        the deleted row as one update to it (SqlDialect.replace_fk_as_update)."""
        if uses_row_locks(t):
            lock_row(self.thd, t, slot, old, "X")
        if t.transactional and not t.temporary:
            # 1451, or InnoDB's own cascades
            parent_row_change(self.thd, t, old, replaced_by if self.thd.server.flavor.sql.replace_fk_as_update
                              else None)
        t.data.delete(slot)
        self.thd.undo_delete(t, slot, old)
        self.thd.log_row(t, DELETE, old, None, None)

    def update_slot(self, t: TableDef, slot: int, old: list[Any], new: list[Any], changed: set[int]) -> None:
        if uses_row_locks(t):
            lock_row(self.thd, t, slot, old, "X")
            lock_row(self.thd, t, slot, new, "X")
        if has_generated(t):
            update_generated(t, new, self.ctx, self.info)
            changed = changed | generated_write_set(
                t, changed, by_dependency=self.thd.server.flavor.sql.generated_write_set_by_dependency)
        if t.foreign_keys:
            check_child_row(self.thd, t, new, old)
        if t.transactional and not t.temporary:
            parent_row_change(self.thd, t, old, new)
        t.data.update(slot, new)
        ai = t.auto_inc_col
        if ai is not None and isinstance(new[ai], int) and new[ai] >= t.data.auto_increment > 0:
            # An UPDATE that moves the AUTO_INCREMENT column past the counter raises it
            # (MyISAM's update_auto_increment, InnoDB's persistent counter; probed: the
            # next INSERT's INSERT_ID follows the updated value). It never goes down.
            t.data.auto_increment = new[ai] + 1
        self.thd.undo_update(t, slot, old)
        self.thd.log_row(t, UPDATE, old, new, changed)

    # -- sub-statements of triggers and stored functions: their locals and NEW/OLD

    def _routine_env(self) -> Env | None:
        return self.ctx.outer_env

    def _scope(self, tables: list[tuple[str, TableDef]]) -> Scope:
        rs = self.ctx.outer_scope
        if rs is None:
            return Scope(tables)
        return Scope(tables, trigger_table=rs.trigger_table, local_names=rs.local_names)

    def _env(self, rows: list[Any]) -> Env:
        env = Env(self.ctx, rows)
        outer = self._routine_env()
        if outer is not None:
            env.locals, env.new, env.old = outer.locals, outer.new, outer.old
        return env

    def _target_rows(self, st: "A.Update | A.Delete", tables: list[tuple[str, TableDef]], scope: Scope,
                     comp: Compiler, abort_on_warning: bool = False) -> list[tuple[list[Any], list[int | None]]]:
        """Rows a single-table UPDATE/DELETE changes: WHERE, then ORDER BY, then LIMIT,
        in the engine's scan order (the order the row events list them)."""
        rows = self.join_rows(st.tables, tables, scope, st.where, self._routine_env(), abort_on_warning)
        if st.limit is not None and not st.order_by:
            # mysql_update / mysql_delete stop reading once LIMIT rows matched: the WHERE of
            # the rows after them is never evaluated (no conversion warning of theirs)
            n = _limit_value(self.thd, st.limit, self.ctx)
            candidates = list(itertools.islice(rows, n)) if n is not None else list(rows)
        else:
            candidates = list(rows)
        if not st.order_by and st.limit is None and len(candidates) > 1:
            candidates = self._range_access_order(tables[0], scope, st.where, candidates)
        if st.order_by:
            keyed = [(r[0], Env(self.ctx, r[0])) for r in candidates]
            slots_by_id = {id(k[0]): r[1] for k, r in zip(keyed, candidates)}
            ordered = self._order(keyed, st.order_by, comp, [], self._const_single(tables, st.where))
            candidates = [(rows, slots_by_id[id(rows)]) for rows, _ in ordered]
        limit = _limit_value(self.thd, st.limit, self.ctx)
        if limit is not None:
            candidates = candidates[:limit]
        return candidates

    def _impossible_where(self, t: TableDef, ref_name: str, where: A.Expr | None, comp: Compiler,
                          limit: A.Expr | None, is_delete: bool = False,
                          order_by: Sequence[A.OrderItem] = ()) -> bool:
        """mysql_update / mysql_delete: a WHERE the optimizer proves empty, or LIMIT 0,
        ends the statement before any row is read or locked, and before binlog_query
        (harness/sql/opt/range_opt.py; probed). The WHERE is resolved first (1054 comes before).
        Otherwise the statement goes on to check its range keys (NO_INDEX_USED)."""
        if where is not None:
            comp.compile_in("WHERE", where)
        zero_limit = limit is not None and _limit_value(self.thd, limit, self.ctx) == 0
        if not zero_limit and self.thd.server.sysvars.empty_table_is_const and t.engine.exact_record_count \
                and t.data.count == 0 and not (is_delete and const_true(where) and limit is None):
            for o in order_by:
                comp.compile_in("ORDER BY", o.expr)  # resolved while preparing: 1054 first
            # MariaDB 11.8 prepares a single-table UPDATE/DELETE as a join (Sql_cmd_update /
            # Sql_cmd_delete, 11.1): an empty table of an engine with an exact row count is a
            # const table without a row, so the statement ends as an impossible WHERE, not
            # logged (probed: MyISAM, Aria, MEMORY, temporary MyISAM; not InnoDB, BLACKHOLE;
            # DELETE without WHERE -- or with a constant true one -- and LIMIT still deletes
            # all rows (delete_all_rows) and is logged).
            zero_limit = True
        if not zero_limit and self.thd.server.sysvars.not_null_is_null_false and not_null_is_null(t, ref_name, where):
            zero_limit = True  # MySQL folds the IS NULL before it reads a row
        if not zero_limit and self.thd.server.sysvars.out_of_range_constant_false and folds_to_false(t, ref_name, where):
            zero_limit = True  # ... and a comparison with a number the column cannot hold
        if not zero_limit and (where is None or not impossible_where(
                t, ref_name, where, self.thd.server.sysvars.empty_table_range_impossible)):
            self._note_index_use(t, ref_name, where, limit, is_delete)
            return False
        if self.ctx.outer_env is None:
            # a trigger's or stored function's sub-statement ends alone: the statement that
            # fired it is still logged (fuzz seed 118301, an AFTER INSERT trigger's UPDATE
            # of an empty MyISAM table on 11.8)
            self.info.impossible_where = True
        return True

    def _note_select_index_use(self, sel: A.Select, tables: list[tuple[str, TableDef]], scope: Scope) -> None:
        """SERVER_STATUS_NO_INDEX_USED of one query block (access_path.py)."""
        if tables and not self.thd.status_no_index_used:
            zero_limit = isinstance(sel.limit, A.Literal) and sel.limit.value == 0
            self.thd.set_no_index_used(select_reads_without_index(sel, tables, scope, zero_limit))

    def _note_index_use(self, t: TableDef, ref_name: str, where: A.Expr | None, limit: A.Expr | None,
                        is_delete: bool) -> None:
        """SERVER_STATUS_NO_INDEX_USED of a single-table UPDATE/DELETE (access_path.py)."""
        if update_reads_without_index(t, ref_name, where, limit, self.thd.binlog_format == "ROW", is_delete):
            self.thd.set_no_index_used(True)

    def _range_access_order(self, table: tuple[str, TableDef], scope: Scope, where: A.Expr | None,
                            candidates: list[Any]) -> list[Any]:
        """The rows of a single-table UPDATE/DELETE in the order its access path visits
        them: index order when the optimizer reads a range of a secondary index
        (harness/sql/opt/range_opt.py), else the scan order they came in."""
        ref_name, t = table
        keys = range_keys(t, ref_name, where)
        if not keys:
            return candidates
        comp = Compiler(scope, self.info)
        live = [row for _slot, row in t.data.scan()]
        clustered = t.clustered_key() if t.engine.clustered else None
        best: tuple[int, int, Any] | None = None
        for pos, (key, conds) in enumerate(keys):
            fns = [comp.compile(c) for c in conds]
            k = sum(1 for row in live if all(to_bool(f(self._env([row]))) for f in fns))
            rank = (k, 0 if key is clustered else 1 + pos, key)
            if best is None or rank[:2] < best[:2]:
                best = rank
        assert best is not None
        k, _rank, key = best
        if key is clustered or not index_scan_chosen(t, len(live), k, self.thd.server.sysvars.join_cost_model,
                                                     self.thd.server.flavor.sql.mysql_comparisons):
            return candidates
        fns = [t.columns[c].type.sort_key for c in key.columns]
        data = t.data

        def index_entry(c: Any) -> tuple[Any, ...]:
            row, slot = c[0][0], c[1][0]
            # NULLs first, as in the index; equal keys by the clustered key / record position
            vals = tuple((v is not None, fn(v) if v is not None else 0)
                         for v, fn in zip((row[i] for i in key.columns), fns))
            return vals + (data.clustered_sort_key(slot, row),)

        return sorted(candidates, key=index_entry)

    # ------------------------------------------------------------ UPDATE

    def _aborts_on_warning(self, ignore: bool) -> bool:
        """THD::abort_on_warning of an INSERT/UPDATE: strict sql_mode and no IGNORE."""
        mode = self.thd.vars.get("sql_mode")
        return not ignore and ("STRICT_TRANS_TABLES" in mode or "STRICT_ALL_TABLES" in mode)

    def _join_rows_aborting(self, up: A.Update, all_tables: Any, scope: Scope) -> list[Any]:
        """mysql_multi_update sets abort_on_warning before its join runs: a warning of
        the WHERE/ON fails a strict multi-table UPDATE (probed)."""
        mark = len(self.ctx.notes)
        aborts = self._aborts_on_warning(up.ignore)
        combos = list(self.join_rows(up.tables, all_tables, scope, up.where, self._routine_env(), aborts))
        raise_new_warnings(self.ctx.notes, mark, aborts, self.thd)
        return combos

    def _examined_row_numbers(self, sel: A.Select, n: int) -> list[int] | None:
        """The "at row N" of each row an INSERT/REPLACE/CREATE ... SELECT writes: the
        statement's row counter (current_row_for_warning) counts the rows the SELECT
        examined, those its WHERE rejected too (probed). Modelled over a full scan of
        one table (no key can serve the WHERE; no ORDER BY, GROUP BY, DISTINCT,
        aggregate or OFFSET), where it is the row's position in scan order; elsewhere
        None (the rows are numbered as written)."""
        if (len(sel.from_) != 1 or sel.where is None or sel.union or sel.group_by or sel.having is not None
                or sel.distinct or sel.order_by or sel.offset is not None or sel.from_[0].derived is not None
                or any(is_aggregate_expr(i.expr) for i in sel.items if i.expr is not None)
                or not _pure(self.info) or _assigns(sel)):
            return None
        ref = sel.from_[0]
        t = self.thd.open_table(ref.table)
        if _where_may_use_key(t, sel.where):
            return None
        where = Compiler(self._scope([(ref.ref_name, t)]), self.info).compile_in("where clause", sel.where)
        mark = len(self.ctx.notes)
        try:
            numbers = [i + 1 for i, (_slot, row) in enumerate(t.data.scan()) if to_bool(where(self._env([row])))]
        except ServerError:
            return None
        finally:
            del self.ctx.notes[mark:]  # evaluated again only to count: its warnings were said
        return numbers[:n] if len(numbers) >= n else None

    def _quiet_select(self, sel: A.Select) -> SelectResult:
        """A SELECT run again only to see its rows: its conditions were already raised."""
        mark = len(self.ctx.notes)
        try:
            return self.select(sel)
        finally:
            del self.ctx.notes[mark:]

    def _mark_maybe_null(self, plan: JoinPlan, tables: list[tuple[str, TableDef]], written: set[int]) -> None:
        """A written table on the inner side of an outer join: its Table_map marks every
        column nullable (the server's Field::maybe_null() includes TABLE::maybe_null)."""
        for ti in plan.maybe_null & written:
            self.info.maybe_null_tables.add(id(tables[ti][1]))

    # ------------------------------------------------------------ DELETE

    def _before_join_scan(self, plan: JoinPlan, refs: list[A.TableRef], tables: list[tuple[str, TableDef]],
                          written: set[int], where: A.Expr | None, scope: Scope, aborts: bool,
                          reads: list[Any], delete_aborts: bool = False, delete: bool = False) -> None:
        """What the optimizer settles before the join runs: nullability of the written
        tables' Table_maps, and the conversions of the join condition (``aborts``: a
        multi-table UPDATE's abort_on_warning; ``delete_aborts``: a DELETE's, MySQL's)."""
        self._mark_maybe_null(plan, tables, written)
        self._join_conversion_warnings(refs, tables, where, scope, aborts, written, reads, delete_aborts, delete)

    def _join_conversion_warnings(self, refs: list[A.TableRef], tables: list[tuple[str, TableDef]],
                                  where: A.Expr | None, scope: Scope, aborts: bool, written: set[int],
                                  reads: list[Any], delete_aborts: bool = False, delete: bool = False) -> None:
        """Warn 1292 for each value the join converts (joinplan.join_conversions).

        A multi-table UPDATE in strict mode aborts on a comparison's conversion
        (abort_on_warning), not on a ref lookup's (store_key copies with
        Use_relaxed_field_copy: a warning).  Where the plan is not modelled, nothing
        is said (docs 5.12.1)."""
        strict = (aborts or delete_aborts) and \
            any(m in self.thd.vars.get("sql_mode") for m in ("STRICT_ALL_TABLES", "STRICT_TRANS_TABLES"))
        single: dict[int, list[Any]] = {}
        for c in [c for r in refs for c in conjuncts(r.on)] + list(conjuncts(where)):
            owners = {ti for ti, _ci in _column_owners(c, scope) or ()}
            if len(owners) == 1:
                single.setdefault(owners.pop(), []).append(c)
        compiled: dict[int, list[Any]] = {}

        def keep(ti: int, row: list[Any]) -> bool:
            """The statement's conditions on table ``ti`` alone (compiled only when the
            plan is modelled, so that a name error keeps its clause)."""
            if ti not in compiled:
                comp = Compiler(scope, self.info)
                compiled[ti] = [comp.compile(c) for c in single.get(ti, [])]
            rows: list[Any] = [None] * len(tables)
            rows[ti] = row
            env = self._env(rows)
            return all(to_bool(f(env)) for f in compiled[ti])

        mysql = self.thd.server.flavor.sql.mysql_comparisons
        sysvars = self.thd.server.sysvars
        const_row = sysvars.multi_delete_const_row if delete else 1
        for conv in join_conversions(refs, tables, where, scope, written, reads, keep, aborts,
                                     sysvars.join_cost_model, const_row, mysql) or []:
            if mysql and conv.how == "lookup" and conv.other_family == "INT":
                # MySQL's store_key::copy stores with CHECK_FIELD_IGNORE: an INT key takes a string or
                # DATETIME quietly (9.7.4 probed: `DELETE a FROM s a JOIN ni b ON a.id = b.id`, 'k3'
                # looked up in ni's PRIMARY, no warning)
                continue
            if mysql and conv.how == "compare" and {conv.family, conv.other_family} in (
                    {"DATETIME", "INT"}, {"DATETIME", "DECIMAL"}) and not conv.other_keyed:
                # Arg_comparator compares a DATETIME and a number as numbers: no conversion (9.7.4
                # probed: `UPDATE i a, di b SET a.c = 5 WHERE a.id = b.id` strict, OK); a unique
                # DATETIME key is looked up instead, the number stored into it (`DELETE a FROM z a
                # JOIN dk b ON a.id = b.id`: 1292, fid_err_join_datetime_conversion_*)
                continue
            if mysql and conv.how == "lookup" and conv.message.startswith("Truncated incorrect DECIMAL value"):
                # MySQL's store_key stores the value into the DECIMAL key (Field_new_decimal::store:
                # 1366), the error of a statement that aborts on warnings (9.7.4 [bytes] fid_plan_*)
                message = f"Incorrect decimal value: '{conv.value}' for column '{conv.key_column}' at row 1"
                if strict:
                    raise ServerError(1366, message, "HY000")
                self.ctx.notes.append(Note("Warning", 1366, message))
                continue
            if mysql and conv.how == "compare" and conv.columns and conv.family == "STRING" \
                    and conv.other_family == "DATETIME":
                # MySQL compares a string column with a DATETIME column through CAST(s AS DATETIME(6))
                # (EXPLAIN: `cast(a.id as datetime(6)) = b.id`): the cast's warning names no column
                # (9.7.4 probed: `DELETE a FROM s a JOIN d b ON a.id = b.id` -> "Incorrect datetime
                # value: 'k4'"); against a const table's DATETIME the field's conversion names it
                text = f"Incorrect datetime value: '{value_to_string(conv.value)}'"
                if strict:
                    raise ServerError(1292, text, "22007")
                self.ctx.notes.append(Note("Warning", 1292, text))
                continue
            if strict and (conv.how == "compare" or mysql and conv.other_family == "DATETIME"):
                # MySQL: the store into a DATETIME key fails a statement that aborts on warnings too
                # (9.7.4 probed: strict `DELETE a FROM z a JOIN dk b ON a.id = b.id` -> 1292)
                err = ServerError(1292, conv.message, "22007")
                err.comparison = True  # worded by the flavour (SqlDialect.comparison_text)
                raise err
            self.ctx.notes.append(ComparisonNote("Warning", 1292, conv.message))


_SIDE_EFFECT_FUNCTIONS = frozenset({"RAND", "UUID", "UUID_SHORT", "SLEEP", "GET_LOCK", "RELEASE_LOCK",
                                    "LAST_INSERT_ID", "NEXTVAL", "SETVAL", "BENCHMARK", "RELEASE_ALL_LOCKS"})


def _pure(info: StatementInfo) -> bool:
    """Evaluating the statement's expressions again changes nothing (no stored function,
    no random or locking function, no user variable assignment)."""
    return (not info.stored_functions and not info.rand_used and not info.subqueries
            and not {f.upper() for f in info.functions} & _SIDE_EFFECT_FUNCTIONS)


def _assigns(node: Any) -> bool:
    """``@v := expr`` anywhere in the tree."""
    if isinstance(node, A.Assign):
        return True
    if isinstance(node, list):
        return any(_assigns(n) for n in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return any(_assigns(getattr(node, f.name)) for f in dataclasses.fields(node))
    return False


def _walk_refs(x: Any, out: list[Any]) -> None:
    if isinstance(x, A.ColumnRef):
        out.append(x)
        return
    if isinstance(x, (A.ScalarSubquery, A.Exists, A.InSubquery, A.Select)):
        return  # a subquery resolves its own names
    if isinstance(x, A.FuncCall) and x.name == "VALUES":
        return  # VALUES(col) names the INSERT's column
    if isinstance(x, (list, tuple)):
        for y in x:
            _walk_refs(y, out)
        return
    if hasattr(x, "__dataclass_fields__"):
        for f in x.__dataclass_fields__:
            _walk_refs(getattr(x, f, None), out)


def _where_may_use_key(t: TableDef, where: Any) -> bool:
    """Whether the WHERE names the first column of one of ``t``'s keys (a range or
    lookup may then serve it instead of a full scan)."""
    refs: list[Any] = []
    _walk_refs(where, refs)
    firsts = {k.columns[0] for k in t.keys if k.columns}
    return any(r.name.lower() in t.col_index and t.col_index[r.name.lower()] in firsts for r in refs)


def infer_type(values: list[Any]) -> Any:
    """Result-set type of a computed column, from its values (clients convert by type code)."""
    import datetime as dt

    from harness.sql.item.column_types import DateTimeType, DateType, DecimalType, FloatType, IntType
    seen = [v for v in values if v is not None]
    if seen and all(isinstance(v, int) and not isinstance(v, bool) for v in seen):
        return IntType("BIGINT", any(v >= 1 << 63 for v in seen), 21)
    if seen and all(isinstance(v, Decimal) for v in seen):
        scale = max(max(-v.as_tuple().exponent, 0) for v in seen)  # type: ignore[operator]
        return DecimalType(65, min(scale, 30))
    if seen and all(isinstance(v, float) for v in seen):
        return FloatType(True)
    if seen and all(isinstance(v, dt.datetime) for v in seen):
        return DateTimeType(False, 6 if any(v.microsecond for v in seen) else 0)
    if seen and all(isinstance(v, dt.date) and not isinstance(v, dt.datetime) for v in seen):
        return DateType()
    return None


def describe_select(thd: "Thd", sel: A.Select) -> list[ResultColumn] | None:
    """The result columns of a SELECT as COM_STMT_PREPARE describes them, without running
    it: base tables' columns as they are, computed items by their Items' metadata
    (send_field.py). None when that takes running something (a derived table, a view,
    a UNION whose types aggregate over its selects) or a table is missing."""
    if sel.union or sel.into:
        return None
    tables: list[tuple[str, TableDef]] = []
    for r in sel.from_:
        t = thd.find_table(r.table) if r.derived is None else None
        if t is None:
            return None
        tables.append((r.ref_name, t))
    scope = Scope(tables, None)
    typer = statement_typer(thd, scope, sel.from_)
    cols: list[ResultColumn] = []
    for it in sel.items:
        e = it.expr
        if isinstance(e, A.Star):
            cols += [ResultColumn(c.name, c.type, rname, t.db, c.name, c.nullable, t.name) for rname, t in tables
                     if e.table is None or e.table.lower() in (rname.lower(), t.name.lower()) for c in t.columns]
            continue
        if isinstance(e, A.ColumnRef):
            try:
                depth, ti, ci = scope.resolve(e, "SELECT")
            except ServerError:
                return None
            rname, t = tables[ti]
            c = t.columns[ci]
            cols.append(ResultColumn(it.alias or c.name, c.type, rname, t.db, c.name, c.nullable, t.name))
            continue
        rc = ResultColumn(it.alias or _item_name(it))
        rc.meta = typer.send_field(e, it.text)
        cols.append(rc)
    return cols


def _item_name(it: A.SelectItem) -> str:
    """A select item's name without an alias: its text, except that a string literal is
    named by its value (Item_string's name; ``SELECT 'x'`` has a column ``x``)."""
    if isinstance(it.expr, A.Literal) and isinstance(it.expr.value, str) and it.text[:1] in ("'", '"'):
        return it.expr.value
    return it.text


def _group_key(v: Any) -> Any:
    if isinstance(v, str):
        return ("s", v.rstrip(" ").upper())
    if isinstance(v, (int, float, Decimal)) and not isinstance(v, bool):
        return ("n", Decimal(repr(v)) if isinstance(v, float) else Decimal(v))
    return ("o", repr(v))


def combos_in_plan_order(combos: list[Any], order: list[int], tables: list[tuple[str, TableDef]]) -> list[Any]:
    """The join's rows as the nested loop in the plan's table order makes them: by the
    first table's scan position, then the next's (``join_rows`` gives them in the FROM
    order). A table looked up by key finds its one row; a table scanned per outer row
    (no join buffer in a multi-table DELETE) meets its rows in its scan order."""
    pos = [{slot: i for i, (slot, _row) in enumerate(t.data.scan())} for _name, t in tables]
    return sorted(combos, key=lambda c: tuple(-1 if c[1][ti] is None else pos[ti].get(c[1][ti], -1)
                                              for ti in order))



def _check_using(refs: list[A.TableRef], tables: list[tuple[str, TableDef]]) -> None:
    """JOIN ... USING (c): a column either table lacks is 1054 naming it bare, in the FROM clause,
    before the WHERE resolves (setup_natural_join_row_types; MariaDB 10.11 `in 'FROM'`, MySQL 9.7.4
    `in 'from clause'`, both probed)."""
    for i, r in enumerate(refs):
        for c in r.using or ():
            if i == 0 or any(t.col_index.get(c.lower()) is None for _n, t in (tables[i - 1], tables[i])):
                raise error("ER_BAD_FIELD_ERROR", c, "FROM")
