"""Execution of DML and SELECT over replbed's storage.

The executor changes rows and reports every change to ``thd.log_row`` (which
feeds layer 2 when the statement is row-logged) and to ``thd.undo`` (which lets
a transactional engine roll back). It decides nothing about logging itself.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Callable, Iterator

from harness.errors import MESSAGES
from harness.sql.catalog import TableDef
from harness.sql.covering import covering_index, referenced_columns
from harness.sql.errors import Note, ServerError, error, note
from harness.sql.expr import Compiler, Env, Scope, compare, is_aggregate_expr, to_bool, to_number
from harness.sql.joinplan import JoinPlan, column_owners as _column_owners, conjuncts, join_conversions, plan_join, safe_update_on_fly, two_table_join_order, written_columns_read
from harness.sql.prelock import on_duplicate_unique_keys, on_duplicate_write_set
from harness.sql.send_field import statement_typer
from harness.sql.access_path import select_reads_without_index, update_reads_without_index
from harness.sql.range_opt import const_true, impossible_where, index_scan_chosen, range_keys
from harness.sql.stmtinfo import StatementInfo
from harness.sql.storage import DuplicateKey
from harness.sql.types import WriteContext, ZeroDate, value_to_string
from harness.sql import temporal as T
from harness.sql import ast as A
from harness.sql.autoinc import AutoIncrement
from harness.sql.row_locks import insert_check, lock_row, lock_scan, uses_row_locks
from harness.sql.parse_errors import UnsupportedError

if TYPE_CHECKING:
    from harness.sql.thd import Thd

# Row change kinds, as the rows events name them.
WRITE, UPDATE, DELETE = "write", "update", "delete"


@dataclass
class ResultColumn:
    name: str
    type: Any = None  # ColumnType or None for computed values
    table: str = ""
    db: str = ""
    org_name: str = ""
    nullable: bool = True
    #: The base table's real name when ``table`` is an alias (the column definition's org_table).
    org_table: str = ""
    #: A computed column's metadata from its Item (send_field.SendField), None when the
    #: column is a table's or its expression is not modelled (then ``type`` describes it).
    meta: Any = None


@dataclass
class SelectResult:
    columns: list[ResultColumn]
    rows: list[list[Any]]
    # SQL_CALC_FOUND_ROWS: the row count before LIMIT (FOUND_ROWS()); else the rows sent.
    found_rows: int | None = None


@dataclass
class DmlResult:
    affected: int = 0
    matched: int = 0
    last_insert_id: int = 0
    info: str = ""


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


def dup_entry_error(t: TableDef, dup: DuplicateKey) -> ServerError:
    """print_keydup_error: the key's values as their fields print them (a DATETIME's zero is
    '0000-00-00 00:00:00', not the bare date a typeless zero prints as; probed)."""
    def shown_value(i: int, v: Any) -> str:
        if v is None:
            return "NULL"
        if isinstance(v, ZeroDate) and i < len(dup.key_columns):
            text = t.columns[dup.key_columns[i]].type.to_text(v)
            if isinstance(text, str):
                return text
        return value_to_string(v)
    shown = "-".join(shown_value(i, v) for i, v in enumerate(dup.key_values))
    key = dup.key_name if dup.key_name != "PRIMARY" else "PRIMARY"
    return error("ER_DUP_ENTRY", shown, key)


def _column_in(t: TableDef, name: str, clause: str) -> int:
    """A target column's position; 1054 names the clause (thd->where) it was in."""
    ci = t.col_index.get(name.lower())
    if ci is None:
        raise error("ER_BAD_FIELD_ERROR", name, clause)
    return ci


def _limit_value(thd: "Thd", e: A.Expr | None, ctx: Any) -> int | None:
    if e is None:
        return None
    v = Compiler(Scope([])).compile(e)(Env(ctx))
    return int(to_number(v))  # type: ignore[arg-type]


class Executor:
    """Runs one statement for a session (``thd``)."""

    def __init__(self, thd: "Thd", ctx: Any, info: StatementInfo) -> None:
        self.thd = thd
        self.ctx = ctx
        self.info = info
        # INSERT ... RETURNING: the rows written so far (None when not asked for).
        self._returning_rows: list[list[Any]] | None = None
        # The SELECT whose tables join_rows is scanning (for the covering-index rule).
        self._scanning_select: A.Select | None = None
        # The SELECT of a strict INSERT ... SELECT runs under abort_on_warning: its
        # scan stops at the first row whose WHERE warned (join_rows).
        self.abort_where_warnings = False

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
        from harness.sql.catalog import Column
        from harness.sql.storage import Engine
        from harness.sql.types import StringType
        assert r.derived is not None
        res = self.select(r.derived)
        seen: set[str] = set()
        for c in res.columns:
            if c.name.lower() in seen:
                raise error("ER_DUP_FIELDNAME", c.name)
            seen.add(c.name.lower())
        cols = [Column(c.name, c.type or StringType("VARCHAR", 255), c.nullable) for c in res.columns]
        t = TableDef("", r.ref_name, cols, [], Engine("DERIVED", transactional=True))
        for row in res.rows:
            t.data.insert(list(row))
        return t

    def _materialize_view(self, name: A.TableName, view: A.CreateView) -> TableDef:
        """A read of a view: its SELECT, run now, as a table without keys (MERGE-free)."""
        from harness.sql.catalog import Column
        from harness.sql.storage import Engine
        from harness.sql.types import StringType
        assert view.select is not None
        saved_db = self.thd.db
        self.thd.db = name.db or saved_db  # the view's names resolve in its own database
        try:
            res = self.select(view.select)
        finally:
            self.thd.db = saved_db
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
                passed = to_bool(wf(env))
                if abort_on_warning or self.abort_where_warnings:
                    raise_new_warnings(self.ctx.notes, mark, True)
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
        if thd.stmt_consistent_read and uses_row_locks(t) and not any(w is t for w in self.info.written):
            rows = t.data.consistent_scan(thd.trx_id, thd.read_view())
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
        lock_mode = self.thd.stmt_lock_mode
        if lock_mode and outer_scope is None:
            single = len(tables) == 1
            for (name, t), r in zip(tables, sel.from_):
                if r.derived is None:
                    self._lock_scan(t, name, sel.where if single else None, lock_mode, in_join=True)
        scope, outer_env = self._select_scope(tables, outer_scope, outer_env)
        comp = Compiler(scope, self.info)
        # Expand * into columns.
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
        funcs = [comp.compile_in("SELECT", e) for e, _, _ in items]
        aggregate = bool(sel.group_by) or any(is_aggregate_expr(e) for e, _, _ in items) or (
            sel.having is not None and is_aggregate_expr(sel.having))
        joined = self._joined_rows(sel, tables, scope, outer_env) if tables else None
        out_rows: list[tuple[list[Any], Env]] = []

        def make_env(rows: list[Any]) -> Env:
            env = Env(self.ctx, rows)
            env.outer = outer_env
            if outer_env is not None:
                env.locals = outer_env.locals
                env.new, env.old = outer_env.new, outer_env.old
            return env

        if aggregate:
            group_fns = [comp.compile_in("GROUP BY", g) for g in sel.group_by]
            groups: dict[tuple[Any, ...], list[list[Any]]] = {}
            order: list[tuple[Any, ...]] = []
            for rows, _slots in (joined if joined is not None else [([], [])]):
                env = make_env(rows)
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
                env = make_env(grp[0] if grp else [None] * len(tables))
                env.group = grp
                if having is not None and not to_bool(having(env)):
                    continue
                out_rows.append(([f(env) for f in funcs], env))
        else:
            source = joined if joined is not None else [([], [])]
            for rows, _slots in source:
                env = make_env(rows)
                out_rows.append(([f(env) for f in funcs], env))
        if sel.distinct:
            uniq: list[tuple[list[Any], Env]] = []
            for out in out_rows:
                if not any(all(compare(a, b) == 0 or (a is None and b is None) for a, b in zip(out[0], u[0]))
                           for u in uniq):
                    uniq.append(out)
            out_rows = uniq
        if sel.order_by:
            out_rows = self._order(out_rows, sel.order_by, comp, items)
        limit = _limit_value(self.thd, sel.limit, self.ctx)
        offset = _limit_value(self.thd, sel.offset, self.ctx) or 0
        rows_only = [r for r, _ in out_rows]
        total = len(rows_only)
        if limit is not None or offset:
            rows_only = rows_only[offset:offset + limit if limit is not None else None]
        self.ctx.found_rows = len(rows_only)
        cols = self._describe_computed(sel, scope, items, rows_only)
        return SelectResult(cols, rows_only, total if sel.calc_found_rows else None)

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
            self.thd.status_no_index_used = True  # UNION DISTINCT reads its temporary table back
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

    def _order(self, out_rows: list[tuple[list[Any], Env]], order: list[A.OrderItem], comp: Compiler,
               items: list[tuple[A.Expr, str, ResultColumn]]) -> list[tuple[list[Any], Env]]:
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

    def insert(self, ins: A.Insert) -> "DmlResult | SelectResult":
        if ins.returning is None:
            return self._insert(ins)
        if ins.on_duplicate:
            raise UnsupportedError("INSERT ... ON DUPLICATE KEY UPDATE ... RETURNING")
        written: list[list[Any]] = []
        self._returning_rows = written
        try:
            self._insert(ins)
        finally:
            self._returning_rows = None
        return self._returning(ins, written)

    def _returning(self, ins: A.Insert, written: list[list[Any]]) -> SelectResult:
        """RETURNING: the select list evaluated over each row the statement wrote, in order."""
        t = self.thd.open_table(ins.table)
        scope = Scope([(t.name, t)])
        comp = Compiler(scope, self.info)
        items: list[tuple[A.Expr, ResultColumn]] = []
        for it in ins.returning or []:
            if isinstance(it.expr, A.Star):
                for c in t.columns:
                    items.append((A.ColumnRef(c.name, t.name),
                                  ResultColumn(c.name, c.type, t.name, t.db, c.name, c.nullable)))
            elif isinstance(it.expr, A.ColumnRef) and it.expr.name.lower() in t.col_index:
                c = t.columns[t.col_index[it.expr.name.lower()]]
                items.append((it.expr, ResultColumn(it.alias or c.name, c.type, t.name, t.db, c.name, c.nullable)))
            else:
                items.append((it.expr, ResultColumn(it.alias or it.text)))
        funcs = [comp.compile(e) for e, _rc in items]
        rows = [[f(self._env([row])) for f in funcs] for row in written]
        return SelectResult([rc for _e, rc in items], rows)

    def _insert(self, ins: A.Insert) -> DmlResult:
        thd = self.thd
        t = thd.open_table(ins.table)
        self.info.add(t, True)
        if t.auto_inc_col is not None:
            self.info.writes_autoinc_table = True
        if ins.columns is None and not (ins.rows is not None and all(not r for r in ins.rows)):
            col_idx = list(range(len(t.columns)))
        else:
            # ``INSERT INTO t VALUES ()`` gives no column, like ``INSERT INTO t () VALUES ()``.
            col_idx = [_column_in(t, c, "INSERT INTO") for c in ins.columns or []]
        self._check_all_fields_given(t, ins, col_idx)
        if ins.select is not None:
            self.info.is_insert_select = True
            self.info.is_replace_select = ins.replace
            self.info.is_insert_ignore_select = ins.ignore
            odku_sources = _odku_source_refs(thd, t, ins) if ins.on_duplicate else []
            sel = ins.select
            if odku_sources:
                # The SELECT's columns the UPDATE part names ride along as hidden items.
                sel = dataclasses.replace(sel, items=[*sel.items, *(A.SelectItem(r) for r in odku_sources)])
            source_rows, row_numbers = self._insert_source_rows(t, sel, ins.ignore)
            if odku_sources:
                k = len(odku_sources)  # the hidden items are the last k columns (a * expands before them)
                odku_hidden = [r[len(r) - k:] for r in source_rows]
                source_rows = [r[:len(r) - k] for r in source_rows]
            rows_exprs = None
        else:
            source_rows = row_numbers = None  # type: ignore[assignment]
            rows_exprs = ins.rows or []
            odku_sources = []
        scope = Scope([(t.name, t)])
        comp = Compiler(Scope([]), self.info)
        dup_scope_comp = Compiler(scope, self.info)
        ondup = [(_column_in(t, c.name, "UPDATE"), None if isinstance(e, A.Default) else
                  dup_scope_comp.compile_in("SELECT", _bind_refs(e, {id(r): A.Literal(None) for r in odku_sources})),
                  c.name)
                 for c, e in ins.on_duplicate]
        if ins.on_duplicate:
            self.info.insert_on_dup_unique_keys = on_duplicate_unique_keys(t, ins)
            self.info.insert_on_duplicate = True
        ondup_write_set = on_duplicate_write_set(t, ins) if ins.on_duplicate else set()
        compiled_rows = None
        if rows_exprs is not None:
            compiled_rows = []
            for r in rows_exprs:
                if len(r) != len(col_idx):
                    raise error("ER_WRONG_VALUE_COUNT_ON_ROW", len(compiled_rows) + 1)
                compiled_rows.append([None if isinstance(e, A.Default) else comp.compile_in("VALUES", e) for e in r])
        res = DmlResult()
        last_auto: Any = None
        copied = deleted_or_updated = 0  # mysql_insert's info.copied, info.deleted + info.updated
        n_rows = len(compiled_rows) if compiled_rows is not None else len(source_rows)  # type: ignore[arg-type]
        env = Env(self.ctx)
        alloc = AutoIncrement(t, n_rows if compiled_rows is not None else 0) if t.auto_inc_col is not None else None
        for i in range(n_rows):
            wctx = WriteContext(self._insert_strict(t, i), t.db, t.name, row_numbers[i] if row_numbers else i + 1,
                                self.ctx.notes, ins.ignore, sql_mode=thd.vars.get('sql_mode'))
            row = self.default_row(t, wctx)
            # the write set: every listed column, a DEFAULT one too (NOBLOB/MINIMAL images)
            specified: set[int] = set(col_idx)
            fill = FillRecord(ins.columns is not None, row_notes=self.ctx.notes)
            if compiled_rows is not None:
                values = [eval_aborting_on_warning(f, env, self.ctx.notes, wctx.strict and not ins.ignore,
                                                   function_fill=fill)
                          if f is not None else _DEFAULT for f in compiled_rows[i]]
            else:
                values = source_rows[i]  # type: ignore[index]
                if len(values) != len(col_idx):
                    raise error("ER_WRONG_VALUE_COUNT_ON_ROW", i + 1)
            # With a BEFORE INSERT trigger, a NULL for a NOT NULL column is only
            # refused after the trigger ran (it may set NEW.col): the server's
            # not_null_fields_have_null_values().
            # Table_triggers_list::prepare_record_accessors: the nullable trigger fields
            # exist for a BEFORE INSERT *or* BEFORE UPDATE trigger (probed).
            before_trg = bool(t.triggers_for("BEFORE", "INSERT") or t.triggers_for("BEFORE", "UPDATE"))
            null_cols: list[int] = []
            for ci, v in zip(col_idx, values):
                if v is _DEFAULT:
                    self._explicit_default(t, row, ci, wctx, fill)
                    continue
                col = t.columns[ci]
                try:
                    if v is None and not col.nullable and not (col.auto_increment or col.default_now):
                        if before_trg:
                            row[ci] = None
                            null_cols.append(ci)
                            continue
                        self._null_into_not_null(t, row, ci, i, ins.ignore, compiled_rows is not None and len(compiled_rows) == 1,
                                             ins.columns is not None)
                        continue
                    row[ci] = col.type.coerce(v, col.name, wctx) if v is not None else None
                except ServerError as err:
                    fill.failed(err)
            fill.check()
            self.ctx.autoinc_row = i + 1
            generated, skipped = self._triggers_and_auto_increment(
                t, row, specified, alloc, {ci for ci, _f, _n in ondup}, ins.ignore,
                self._insert_strict(t, i) and not ins.ignore)
            if skipped:
                continue
            for ci in null_cols:
                if row[ci] is None:
                    # not_null_fields_have_null_values: 1048 alone, fill_record's store
                    # succeeded so it adds no 1105 (probed).
                    self._null_into_not_null(t, row, ci, i, ins.ignore, compiled_rows is not None and len(compiled_rows) == 1,
                                             False)
            if ins.check_option is not None and not self.view_check(t, row, ins.check_option, ins.ignore):
                if generated is not None:
                    alloc.give_back(generated, skipped=True)  # type: ignore[union-attr]
                continue
            dup = self._find_duplicate_locked(t, row, "X" if ins.replace or ins.on_duplicate else "S")
            if dup is not None:
                if ins.replace:
                    replaced = self._replace_written(t, row, dup, specified, generated, alloc)
                    res.affected += replaced
                    copied += 1
                    deleted_or_updated += replaced - 1
                    continue
                if generated is not None:
                    # write_record: an ON DUPLICATE KEY UPDATE row whose UPDATE did not take
                    # the generated value restores it for the next row (restore_auto_increment;
                    # observed: the new row after a duplicate gets the value)
                    alloc.give_back(generated, skipped=ins.ignore or bool(ins.on_duplicate))  # type: ignore[union-attr]
                # InnoDB registered the write attempt: the group ends with Xid even if no row changes.
                thd.note_write_attempt(t)
                if ins.on_duplicate:
                    row_ondup = ondup
                    if odku_sources:
                        # The SELECT's values of this row stand in for its columns.
                        bound = {id(r): A.Literal(v) for r, v in zip(odku_sources, odku_hidden[i])}
                        row_ondup = [(ci, dup_scope_comp.compile(_bind_refs(e, bound))
                                      if not isinstance(e, A.Default) else None, c.name)
                                     for (ci, _f, _n), (c, e) in zip(ondup, ins.on_duplicate)]
                    changed = self.on_duplicate_update(
                        t, row, dup, row_ondup, ondup_write_set,
                        null_rule=(i, ins.ignore, compiled_rows is not None and len(compiled_rows) == 1,
                                   compiled_rows is None))
                    res.affected += changed
                    deleted_or_updated += changed == 2
                    continue
                if ins.ignore:
                    self.ctx.notes.append(_as_warning(dup_entry_error(t, dup)))
                    continue
                raise dup_entry_error(t, dup)
            self._explicit_auto_increment(t, row, generated, alloc)
            # TABLE::write_set: the columns ON DUPLICATE KEY UPDATE assigns are in it for the
            # inserted rows too (a NOBLOB/MINIMAL Write_rows image holds them; observed).
            self.write_row(t, row, specified | trigger_set_columns(t, "INSERT") | ondup_write_set)
            res.affected += 1
            copied += 1
            if t.auto_inc_col is not None:
                last_auto = row[t.auto_inc_col]
            if t.triggers:
                thd.fire_triggers(t, "AFTER", "INSERT", row, None, self.ctx)
        # The OK packet's insert id (mysql_insert): the first generated value, else the
        # AUTO_INCREMENT column of the last row inserted (an explicit id; probed: 100
        # for INSERT IGNORE ... VALUES (1, 5), (100, 6) whose first row is a duplicate).
        # The id is a ulonglong: a negative explicit id (-4 stored in a signed column)
        # is sent as 2**64 - 4 (my_ok's ulonglong; observed as an OK, not an error).
        res.last_insert_id = (self.ctx.stmt_insert_id or (last_auto if isinstance(last_auto, int) else 0)) % (1 << 64)
        if n_rows > 1 or ins.select is not None:
            # ER_INSERT_INFO: with IGNORE the rows not inserted, else the rows REPLACE deleted
            # and ON DUPLICATE KEY UPDATE changed (probed: Duplicates: 1 for an ignored dup).
            dups = n_rows - copied if ins.ignore and not ins.on_duplicate else deleted_or_updated
            res.info = f"Records: {n_rows}  Duplicates: {dups}  Warnings: {len(self.ctx.notes)}"
        return res

    def _triggers_and_auto_increment(self, t: TableDef, row: list[Any], specified: set[int],
                                     alloc: "AutoIncrement | None", ondup_cols: set[int],
                                     ignore: bool, abort: bool) -> tuple[int | None, bool]:
        """(the AUTO_INCREMENT value generated, the row skipped) of one row to insert.

        fill_record_n_invoke_before_triggers runs the BEFORE INSERT triggers on the
        filled row, then the NOT NULL check; the AUTO_INCREMENT value is generated
        later, by write_row (handler::update_auto_increment): a trigger sees NEW.id 0
        for an omitted column, NULL for an explicit NULL, and a row that fails there
        never asked the engine for a value (probed, InnoDB and MyISAM: the counter
        stays). Past the type's maximum the value fails the row (167; INSERT IGNORE: a
        warning, the row skipped)."""
        self.assign_auto_increment(t, row, specified, alloc, ondup_cols, defer_explicit=True, generate=False)
        if t.triggers:
            ai = t.auto_inc_col
            if ai is not None and ai not in specified and row[ai] is None and t.triggers_for("BEFORE", "INSERT"):
                row[ai] = 0
            self._before_insert_triggers(t, row, abort)
        try:
            generated = self.assign_auto_increment(t, row, specified, alloc, defer_explicit=True)
        except ServerError as err:
            if err.code != 167 or not ignore:
                raise
            self.ctx.notes.append(Note("Warning", err.code, err.message))
            self.thd.note_write_attempt(t)  # the engine was asked for the value: InnoDB is read-write
            return None, True
        if alloc is not None:
            alloc.row_done()
        return generated, False

    def _before_insert_triggers(self, t: TableDef, row: list[Any], abort: bool) -> None:
        """The row's BEFORE INSERT triggers, then not_null_fields_have_null_values' 1364 for
        each NOT NULL column without default the INSERT leaves out (the nullable trigger
        fields hold NULL for it in every row; _check_all_fields_given): a warning each, or,
        where the row aborts on warnings, one error for the first column -- after the
        row's own store errors and its triggers' (observed: row 1's 1264, a trigger's 1292
        come first), before the server generates the row's AUTO_INCREMENT value (the
        InnoDB counter stays, as after a failing trigger)."""
        conds = self.ctx.no_default_per_row.get(id(t), ())
        self.thd.fire_triggers(t, "BEFORE", "INSERT", row, None, self.ctx)
        if abort and conds:
            raise ServerError(conds[0].code, conds[0].message, conds[0].sqlstate)
        self.ctx.notes.extend(Note("Warning", c.code, c.message) for c in conds)

    def _null_into_not_null(self, t: TableDef, row: list[Any], ci: int, i: int, ignore: bool,
                            single_row: bool, column_list: bool = True) -> None:
        col = t.columns[ci]
        if single_row and not ignore:
            # A one-row INSERT ... VALUES counts cut fields as CHECK_FIELD_ERROR_FOR_NULL,
            # strict or not: the NULL is an error, save_in_field() fails and fill_record
            # stores nothing more of the row. The fill_record that walks a column list
            # also adds ER_UNKNOWN_ERROR; the one over all fields (no list) does not
            # (probed: 1048 + 1105 with a list, 1048 alone without).
            err = FillRecordStop(*_BAD_NULL(col.name))
            if column_list:
                err.trailing_notes.append(note("Error", "ER_UNKNOWN_ERROR"))
            raise err
        if self._insert_strict(t, i) and not ignore:
            raise error("ER_BAD_NULL_ERROR", col.name)
        self.ctx.notes.append(note("Warning", "ER_BAD_NULL_ERROR", col.name))
        row[ci] = col.type.default_value()

    def default_row(self, t: TableDef, wctx: WriteContext) -> list[Any]:
        row: list[Any] = []
        for c in t.columns:
            if c.default_now:
                row.append(c.type.coerce(self.ctx.fn_now(), c.name, wctx))
            elif c.has_default:
                row.append(c.default)
            elif c.nullable or c.auto_increment:
                row.append(None)
            else:
                # NOT NULL without DEFAULT: error 1364 in strict mode when not given.
                row.append(_MISSING)
        return row

    def _insert_strict(self, t: TableDef, i: int) -> bool:
        """Whether INSERT's row ``i`` aborts on a warning: under STRICT_TRANS_TABLES a
        non-transactional table stops aborting once the statement has changed one
        (THD::really_abort_on_warning, marked by write_record) -- a row after rows that
        changed nothing (ON DUPLICATE KEY UPDATE to the same values) still fails (observed)."""
        changed = self.thd.stmt_changed_nontrans or self.thd.stmt_changed_nontrans_temp
        return self.thd.is_strict(t, i if changed else 0)

    def _explicit_default(self, t: TableDef, row: list[Any], ci: int, wctx: WriteContext,
                          fill: "FillRecord") -> None:
        """INSERT's DEFAULT keyword for a column without one (NO_DEFAULT_VALUE_FLAG: NOT
        NULL, no DEFAULT clause, not AUTO_INCREMENT; an ENUM has its first member): 1364
        for this row, in the row's value order -- an error that stops the statement where
        a store would abort (strict, no IGNORE), else a warning and the type's zero
        (observed: one per row and column, after the omitted columns' once-only ones)."""
        col = t.columns[ci]
        if not _lacks_default(col):
            return
        if wctx.strict and not wctx.ignore:
            # a store's error: an earlier column's (1406) is listed first (observed)
            fill.failed(error("ER_NO_DEFAULT_FOR_FIELD", col.name))
            return
        self.ctx.notes.append(_warning_1364(col.name))
        row[ci] = col.type.default_value()

    def _check_all_fields_given(self, t: TableDef, ins: A.Insert, col_idx: list[int]) -> None:
        """check_that_all_fields_are_given_values: once, while the INSERT is prepared
        (before its SELECT runs and before any row is stored), every NOT NULL column
        without a default that is outside the statement's write set -- its columns, the
        columns ON DUPLICATE KEY UPDATE assigns and those a BEFORE INSERT trigger sets --
        is 1364: an error that stops the statement when it aborts on warnings (strict,
        no IGNORE), else a warning ahead of the rows' own (probed, also for zero rows)."""
        write_set = set(col_idx)
        if ins.on_duplicate:
            write_set |= on_duplicate_write_set(t, ins)
        if t.triggers:
            # Only the assigned ones: a NEW field the trigger only reads still gives 1364 (probed).
            write_set |= trigger_set_columns(t, "INSERT", reads=False)
        strict = self.thd.is_strict(t, 0) and not ins.ignore
        checked = getattr(self.ctx, "fields_given_checked", None)
        if checked is None:
            checked = self.ctx.fields_given_checked = set()
        checked.add(id(t))  # the rows then take the type's zero silently (assign_auto_increment)
        missing = [col for ci, col in enumerate(t.columns) if ci not in write_set and _lacks_default(col)]
        def condition(col: Any) -> ServerError:
            if ins.through_view:  # ER_NO_DEFAULT_FOR_VIEW_FIELD names the view, once per column
                return error("ER_NO_DEFAULT_FOR_VIEW_FIELD", ins.through_view)
            return error("ER_NO_DEFAULT_FOR_FIELD", col.name)
        before_trg = t.triggers_for("BEFORE", "INSERT") or t.triggers_for("BEFORE", "UPDATE")
        if before_trg:
            # an ENUM's implicit first member does not fill the nullable trigger field
            missing += [c for ci, c in enumerate(t.columns) if ci not in write_set and c.implicit_default]
        if missing and before_trg:
            # The nullable trigger fields (prepare_record_accessors) hold NULL for the
            # column in every row: not_null_fields_have_null_values checks it per row, after
            # the row is stored (probed), in the row loop (_before_insert_triggers).
            self.ctx.no_default_per_row[id(t)] = [condition(col) for col in missing]
            return
        if strict and missing:
            # Each missing column raises its condition, an error under abort_on_warning.
            err = condition(missing[0])
            err.trailing_notes.extend(Note("Error", c.code, c.message) for c in map(condition, missing[1:]))
            raise err
        for col in missing:
            ci = t.col_index[col.name.lower()]
            warned = getattr(self.ctx, "warned_no_default", None)
            if warned is None:
                warned = self.ctx.warned_no_default = set()
            # once per INSERT statement: a routine's INSERT run again (the function called
            # for the next row) checks and warns again (observed: 1364 before its 1062)
            warned.add((id(t), ci))
            cond = condition(col)
            self.ctx.notes.append(Note("Warning", cond.code, cond.message))

    def assign_auto_increment(self, t: TableDef, row: list[Any], specified: set[int],
                              alloc: AutoIncrement | None = None,
                              in_write_set: set[int] | None = None, defer_explicit: bool = False,
                              generate: bool = True) -> int | None:
        """Fill defaults and the auto-increment column; returns the value generated, if any
        (``generate`` False: the defaults only).

        ``in_write_set``: columns the statement writes without giving them here (those
        ON DUPLICATE KEY UPDATE assigns): check_that_all_fields_are_given_values skips
        every column of the write set, so they take their type's zero silently (probed)."""
        for ci, v in enumerate(row):
            if v is _MISSING:
                col = t.columns[ci]
                if in_write_set and ci in in_write_set or id(t) in getattr(self.ctx, "fields_given_checked", ()):
                    row[ci] = col.type.default_value()
                    continue
                if self.thd.is_strict(t, 0):
                    raise error("ER_NO_DEFAULT_FOR_FIELD", col.name)
                # check_that_all_fields_are_given_values runs once per statement, before
                # the rows: one warning per missing column, however many rows (probed).
                warned = self.ctx.warned_no_default
                if (id(t), ci) not in warned:
                    warned.add((id(t), ci))
                    self.ctx.notes.append(_warning_1364(col.name))
                row[ci] = col.type.default_value()
        ai = t.auto_inc_col
        if ai is None or not generate:
            return None
        if alloc is None:
            alloc = AutoIncrement(t, 1)
        v = row[ai]
        if v is None or v == 0:
            nxt = alloc.generate()
            hi = getattr(t.columns[ai].type, "hi", None)
            if hi is not None and nxt > hi:
                self.ctx.note_auto_increment(nxt)  # the value tried is the statement's INSERT_ID
                # handler::update_auto_increment: HA_ERR_AUTOINC_ERANGE past the type's
                # maximum, strict or not (probed: 167; a warning and no row under IGNORE).
                raise error("ER_AUTOINC_ERANGE", t.columns[ai].name, getattr(self.ctx, "autoinc_row", 1))
            row[ai] = nxt
            self.ctx.note_auto_increment(nxt)
            return nxt
        if not defer_explicit:
            alloc.explicit(v)
        return None

    def _find_duplicate_locked(self, t: TableDef, row: list[Any], mode: str) -> DuplicateKey | None:
        """The duplicate-key check of an insert as InnoDB makes it: wait for gaps and
        uncommitted entries of others first, then lock the duplicate found (S for
        INSERT, X for REPLACE / ON DUPLICATE KEY UPDATE) and look again if that waited."""
        if not uses_row_locks(t):
            return t.data.find_duplicate(row)
        while True:
            insert_check(self.thd, t, row)
            dup = t.data.find_duplicate(row)
            if dup is None:
                return None
            old = t.data.rows[dup.slot]
            if old is None or not lock_row(self.thd, t, dup.slot, old, mode):
                return dup

    @staticmethod
    def _explicit_auto_increment(t: TableDef, row: list[Any], generated: int | None,
                                 alloc: AutoIncrement | None) -> None:
        """An explicit AUTO_INCREMENT value raises the counter only once its row is
        written: a row INSERT IGNORE drops, or one whose duplicate ON DUPLICATE KEY
        UPDATE changed instead, leaves it where it was (probed, InnoDB and MyISAM)."""
        ai = t.auto_inc_col
        if ai is None or generated is not None or alloc is None:
            return
        v = row[ai]
        if v is not None and v != 0:
            alloc.explicit(v)

    def write_row(self, t: TableDef, row: list[Any], specified: set[int]) -> int:
        if self._returning_rows is not None:
            self._returning_rows.append(list(row))
        if t.engine.blackhole:
            # BLACKHOLE accepts the row (and the binlog records it) but stores nothing.
            self.thd._changed(t)
            self.thd.log_row(t, WRITE, None, row, specified)
            return -1
        locks = uses_row_locks(t)
        if locks:
            insert_check(self.thd, t, row)
        slot = t.data.insert(row)
        if locks:  # the implicit lock of a fresh record
            lock_row(self.thd, t, slot, row, "X")
        self.thd.undo_insert(t, slot)
        self.thd.log_row(t, WRITE, None, row, specified)
        return slot

    def _replace_written(self, t: TableDef, row: list[Any], dup: DuplicateKey, specified: set[int],
                         generated: int | None, alloc: AutoIncrement | None) -> int:
        """REPLACE's row that met a duplicate: replace_row, then -- write_record's
        after_trg_n_copied_inc -- the AFTER INSERT triggers, whether the old row was
        updated in place or deleted (sql_insert.cc)."""
        self._explicit_auto_increment(t, row, generated, alloc)
        replaced = self.replace_row(t, row, dup, specified)
        if t.triggers:
            self.thd.fire_triggers(t, "AFTER", "INSERT", row, None, self.ctx)
        return replaced

    def replace_row(self, t: TableDef, row: list[Any], dup: DuplicateKey, specified: set[int]) -> int:
        """REPLACE: delete the conflicting rows, then insert (2 affected per replaced row).

        As in the server's write_record(): when the conflict is on the table's
        last unique key and no DELETE trigger exists, the old row is updated in
        place instead (logged as Update_rows). The choice is made for each conflict
        in turn: a row conflicting on the primary key and on the last unique key of
        two other rows deletes the first and updates the second (observed)."""
        affected = 0
        last_unique = t.data.unique_keys[-1][0] if t.data.unique_keys else None
        in_place = not t.triggers_for("BEFORE", "DELETE") and not t.triggers_for("AFTER", "DELETE")
        while dup is not None:
            old = t.data.rows[dup.slot]
            assert old is not None
            if in_place and dup.key_name == last_unique:
                if self._returning_rows is not None:
                    self._returning_rows.append(list(row))
                if t.engine.detects_same_record and _rows_equal(row, old):
                    # InnoDB's update_row answers HA_ERR_RECORD_IS_THE_SAME: no row event,
                    # nothing deleted (1 affected), but the engine was called (probed).
                    self.thd.note_write_attempt(t)
                    return affected + 1
                self.update_slot(t, dup.slot, old, row, specified)
                return affected + 2
            self._replace_delete(t, dup.slot, old)
            affected += 1
            dup = t.data.find_duplicate(row)  # type: ignore[assignment]
        self.write_row(t, row, specified)
        return affected + 1

    def _replace_delete(self, t: TableDef, slot: int, old: list[Any]) -> None:
        """A row delete with the table's DELETE triggers around it: REPLACE's delete of a
        conflicting row (write_record: process_triggers(TRG_EVENT_DELETE) before and
        after ha_delete_row; observed: a failing BEFORE DELETE trigger fails the REPLACE),
        and a multi-table DELETE's."""
        if t.triggers:
            self.thd.fire_triggers(t, "BEFORE", "DELETE", None, old, self.ctx)
        self.delete_slot(t, slot, old)
        if t.triggers:
            self.thd.fire_triggers(t, "AFTER", "DELETE", None, old, self.ctx)

    def on_duplicate_update(self, t: TableDef, new_row: list[Any], dup: DuplicateKey,
                            ondup: list[tuple[int, Any, str]], write_set: set[int],
                            null_rule: tuple[int, bool, bool, bool] | None = None) -> int:
        """``write_set``: the statement's write set (on_duplicate_write_set), the columns
        a MINIMAL after-image holds: the INSERT's columns as well as the assigned ones."""
        old = t.data.rows[dup.slot]
        assert old is not None
        updated = list(old)
        self.ctx.insert_values_row = new_row
        env = Env(self.ctx, [updated])
        # Its conditions count the INSERT's row ("at row N" of the row that found the duplicate).
        row_index = null_rule[0] if null_rule is not None else 0
        wctx = WriteContext(self._insert_strict(t, row_index), t.db, t.name, row_index + 1, self.ctx.notes,
                            sql_mode=self.thd.vars.get('sql_mode'))
        changed: set[int] = set()
        fill = FillRecord()
        abort = wctx.strict and not (null_rule is not None and null_rule[1])
        for ci, f, cname in ondup:
            if f is None and _lacks_default(t.columns[ci]):
                # ``col = DEFAULT`` for a column without one: as in the INSERT part
                # (_explicit_default; observed as a warning when not strict)
                if abort:
                    raise error("ER_NO_DEFAULT_FOR_FIELD", cname)
                self.ctx.notes.append(_warning_1364(cname))
                updated[ci] = t.columns[ci].type.default_value()
                changed.add(ci)
                continue
            try:
                v = eval_aborting_on_warning(f, env, self.ctx.notes, abort, fill) if f is not None else t.columns[ci].default
                if v is None and not t.columns[ci].nullable and null_rule is not None:
                    # A NULL for a NOT NULL column (``null_rule``: the row's index, IGNORE,
                    # one-row VALUES, INSERT ... SELECT; probed). After VALUES it counts as
                    # in the INSERT part: an error in a one-row VALUES (with 1105) or when
                    # strict, else a warning and the zero. After a SELECT it is 1048 + 1105,
                    # strict or not, and under IGNORE the zero without a warning.
                    row_index, ignore, single_row, from_select = null_rule
                    if from_select and ignore or t.columns[ci].auto_increment:
                        # The AUTO_INCREMENT column takes NULL as "no value": its zero, silently
                        # (set_field_to_null_with_conversions; probed: a 1062 for '0' follows).
                        updated[ci] = t.columns[ci].type.default_value()
                        continue
                    self._null_into_not_null(t, updated, ci, row_index, ignore, single_row or from_select)
                    continue
                updated[ci] = t.columns[ci].type.coerce(v, cname, wctx) if v is not None else None
            except ServerError as err:
                fill.failed(err)
            changed.add(ci)
        fill.check()
        self.ctx.insert_values_row = None
        # write_record: fill_record_n_invoke_before_triggers (BEFORE UPDATE may change
        # NEW), the update when the row differs, then AFTER UPDATE whether or not it did.
        if t.triggers:
            self.thd.fire_triggers(t, "BEFORE", "UPDATE", updated, old, self.ctx)
        if _rows_equal(updated, old):
            if t.triggers:
                self.thd.fire_triggers(t, "AFTER", "UPDATE", updated, old, self.ctx)
            return 0
        dup2 = t.data.find_duplicate(updated, ignore_slot=dup.slot)
        if dup2 is not None:
            raise dup_entry_error(t, dup2)
        self.update_slot(t, dup.slot, old, updated, changed | write_set | trigger_set_columns(t, "UPDATE"))
        if t.triggers:
            self.thd.fire_triggers(t, "AFTER", "UPDATE", updated, old, self.ctx)
        return 2

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

    def delete_slot(self, t: TableDef, slot: int, old: list[Any]) -> None:
        if uses_row_locks(t):
            lock_row(self.thd, t, slot, old, "X")
        t.data.delete(slot)
        self.thd.undo_delete(t, slot, old)
        self.thd.log_row(t, DELETE, old, None, None)

    def update_slot(self, t: TableDef, slot: int, old: list[Any], new: list[Any], changed: set[int]) -> None:
        if uses_row_locks(t):
            lock_row(self.thd, t, slot, old, "X")
            lock_row(self.thd, t, slot, new, "X")
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
        candidates = list(self.join_rows(st.tables, tables, scope, st.where, self._routine_env(), abort_on_warning))
        if not st.order_by and st.limit is None and len(candidates) > 1:
            candidates = self._range_access_order(tables[0], scope, st.where, candidates)
        if st.order_by:
            keyed = [(r[0], Env(self.ctx, r[0])) for r in candidates]
            slots_by_id = {id(k[0]): r[1] for k, r in zip(keyed, candidates)}
            ordered = self._order(keyed, st.order_by, comp, [])
            candidates = [(rows, slots_by_id[id(rows)]) for rows, _ in ordered]
        limit = _limit_value(self.thd, st.limit, self.ctx)
        if limit is not None:
            candidates = candidates[:limit]
        return candidates

    def _impossible_where(self, t: TableDef, ref_name: str, where: A.Expr | None, comp: Compiler,
                          limit: A.Expr | None, is_delete: bool = False) -> bool:
        """mysql_update / mysql_delete: a WHERE the optimizer proves empty, or LIMIT 0,
        ends the statement before any row is read or locked, and before binlog_query
        (harness/sql/range_opt.py; probed). The WHERE is resolved first (1054 comes before).
        Otherwise the statement goes on to check its range keys (NO_INDEX_USED)."""
        if where is not None:
            comp.compile_in("WHERE", where)
        zero_limit = limit is not None and _limit_value(self.thd, limit, self.ctx) == 0
        if not zero_limit and (where is None or not impossible_where(t, ref_name, where)):
            self._note_index_use(t, ref_name, where, limit, is_delete)
            return False
        self.info.impossible_where = True
        return True

    def _note_select_index_use(self, sel: A.Select, tables: list[tuple[str, TableDef]], scope: Scope) -> None:
        """SERVER_STATUS_NO_INDEX_USED of one query block (access_path.py)."""
        if tables and not self.thd.status_no_index_used:
            zero_limit = isinstance(sel.limit, A.Literal) and sel.limit.value == 0
            self.thd.status_no_index_used = select_reads_without_index(sel, tables, scope, zero_limit)

    def _note_index_use(self, t: TableDef, ref_name: str, where: A.Expr | None, limit: A.Expr | None,
                        is_delete: bool) -> None:
        """SERVER_STATUS_NO_INDEX_USED of a single-table UPDATE/DELETE (access_path.py)."""
        if update_reads_without_index(t, ref_name, where, limit, self.thd.binlog_format == "ROW", is_delete):
            self.thd.status_no_index_used = True

    def _range_access_order(self, table: tuple[str, TableDef], scope: Scope, where: A.Expr | None,
                            candidates: list[Any]) -> list[Any]:
        """The rows of a single-table UPDATE/DELETE in the order its access path visits
        them: index order when the optimizer reads a range of a secondary index
        (harness/sql/range_opt.py), else the scan order they came in."""
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
        if key is clustered or not index_scan_chosen(t, len(live), k):
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

    def _update_target_rows(self, up: A.Update, tables: list[tuple[str, TableDef]], scope: Scope,
                            comp: Compiler) -> list[Any]:
        """The rows the WHERE selects. mysql_update sets abort_on_warning after
        init_read_record: a warning of the WHERE (``dt + INTERVAL 1 DAY`` over a zero
        date) fails a strict UPDATE, but with ORDER BY the filesort read the rows
        before, so it stays a warning (probed)."""
        mark = len(self.ctx.notes)
        aborts = not up.order_by and self._aborts_on_warning(up.ignore)
        candidates = self._target_rows(up, tables, scope, comp, aborts)
        raise_new_warnings(self.ctx.notes, mark, aborts)
        return candidates

    def _join_rows_aborting(self, up: A.Update, all_tables: Any, scope: Scope) -> list[Any]:
        """mysql_multi_update sets abort_on_warning before its join runs: a warning of
        the WHERE/ON fails a strict multi-table UPDATE (probed)."""
        mark = len(self.ctx.notes)
        aborts = self._aborts_on_warning(up.ignore)
        combos = list(self.join_rows(up.tables, all_tables, scope, up.where, self._routine_env(), aborts))
        raise_new_warnings(self.ctx.notes, mark, aborts)
        return combos

    def _insert_source_rows(self, t: TableDef, sel: A.Select, ignore: bool) -> tuple[list[Any], list[int] | None]:
        """The SELECT's rows and their "at row N" (_examined_row_numbers).
        select_insert::prepare sets abort_on_warning before the SELECT runs: a
        warning of the SELECT fails a strict INSERT ... SELECT (probed)."""
        mark = len(self.ctx.notes)
        abort = self._aborts_on_warning(ignore)
        self.abort_where_warnings = abort
        try:
            res = self.select(sel)
        finally:
            self.abort_where_warnings = False
        raise_new_warnings(self.ctx.notes, mark, abort)
        if abort and _select_reads(self.thd.db, sel, t):
            # The temporary table takes the rows before ORDER BY/LIMIT, in the scan's order
            # (run again only where evaluating twice changes nothing: else the rows sent).
            cut = sel.order_by or sel.limit is not None
            full = res if not cut or not _pure(self.info) or _assigns(sel) else self._quiet_select(
                dataclasses.replace(sel, order_by=[], limit=None, offset=None))
            _store_in_temporary_table(full, self.thd.vars.get("sql_mode"))
        # Reading the table it inserts into, the SELECT fills a temporary table first: its
        # rows are then counted as read back from it, in written order (probed).
        reads_target = _select_reads(self.thd.db, sel, t)
        return res.rows, None if reads_target else self._examined_row_numbers(sel, len(res.rows))

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

    def update(self, up: A.Update) -> DmlResult:
        if len(up.tables) > 1:
            return self.update_multi(up)
        thd = self.thd
        ref = up.tables[0]
        if ref.derived is not None:
            raise error("ER_NON_UPDATABLE_TABLE", ref.ref_name, "UPDATE")
        t = thd.open_table(ref.table)
        self.info.add(t, True)
        if up.limit is not None:
            self.info.has_limit = True
        tables = [(ref.ref_name, t)]
        scope = self._scope(tables)
        comp = Compiler(scope, self.info)
        assigns = [_update_assignment(t, c, e, comp) for c, e in up.assignments]
        if self._impossible_where(t, ref.ref_name, up.where, comp, up.limit):
            return DmlResult()
        self._lock_scan(t, ref.ref_name, up.where, "X", semi_consistent=True)
        candidates = self._update_target_rows(up, tables, scope, comp)
        _blackhole_row_warning(thd, t, "UPDATE")
        comparable = records_are_comparable(t, {ci for ci, _ in assigns},
                                            _read_columns(t, [ref.ref_name],
                                                          [up.where, *(e for _c, e in up.assignments),
                                                           *(o.expr for o in up.order_by)]))
        res = DmlResult()
        scan_pos = _examined_positions(t, up, assigns)
        # Table_triggers_list::prepare_record_accessors: NOT NULL fields are nullable while
        # a BEFORE INSERT or BEFORE UPDATE trigger exists
        trigger_fields = bool(t.triggers_for("BEFORE", "INSERT") or t.triggers_for("BEFORE", "UPDATE"))
        for n, (_rows, slots) in enumerate(candidates):
            slot = slots[0]
            old = t.data.rows[slot]  # type: ignore[index]
            if old is None:
                continue
            if scan_pos is not None and slot in scan_pos:
                n = scan_pos[slot]  # type: ignore[index]
            res.matched += 1
            new = list(old)
            env = self._env([new])
            # mysql_update marks the statement as having changed a non-transactional table only
            # after its loop, so STRICT_TRANS_TABLES aborts on any row of a MyISAM UPDATE (probed),
            # unlike INSERT, whose later rows only warn.
            wctx = WriteContext(thd.is_strict(t, 0), t.db, t.name, n + 1, self.ctx.notes, up.ignore,
                                sql_mode=thd.vars.get("sql_mode"))
            changed: set[int] = set()
            fill = FillRecord()
            for ci, f in assigns:
                changed.add(ci)
                self._update_store(t, new, ci, f, env, wctx, fill, up.ignore, trigger_fields)
            fill.check()
            # As mysql_update: BEFORE triggers see every matched row (they may
            # change it), then an unchanged row is skipped, then the view's
            # CHECK OPTION is checked.
            if t.triggers:
                thd.fire_triggers(t, "BEFORE", "UPDATE", new, old, self.ctx)
            if _rows_equal(new, old):
                if not comparable:
                    thd.note_write_attempt(t)
                # Not written, but AFTER UPDATE triggers still see the matched row.
                if t.triggers:
                    thd.fire_triggers(t, "AFTER", "UPDATE", new, old, self.ctx)
                continue
            for ci, col in enumerate(t.columns):
                if col.on_update_now and ci not in changed:
                    new[ci] = col.type.coerce(self.ctx.fn_now(), col.name, wctx)
            if up.check_option is not None and not self.view_check(t, new, up.check_option, up.ignore):
                res.matched -= 1
                continue
            dup = t.data.find_duplicate(new, ignore_slot=slot)  # type: ignore[arg-type]
            if dup is not None:
                if up.ignore:
                    thd.note_write_attempt(t)  # skipped without a warning in 10.11 (observed)
                    continue
                raise dup_entry_error(t, dup)
            self.update_slot(t, slot, old, new, changed | trigger_set_columns(t, "UPDATE"))  # type: ignore[arg-type]
            res.affected += 1
            if t.triggers:
                thd.fire_triggers(t, "AFTER", "UPDATE", new, old, self.ctx)
        res.info = f"Rows matched: {res.matched}  Changed: {res.affected}  Warnings: {len(self.ctx.notes)}"
        return res

    def _update_store(self, t: TableDef, new: list[Any], ci: int, f: Any, env: Env, wctx: WriteContext,
                      fill: "FillRecord", ignore: bool, trigger_fields: bool) -> None:
        """One SET assignment of a single-table UPDATE stored into the new row; a store's
        error goes to ``fill`` (fill_record goes on with the next column)."""
        col = t.columns[ci]
        try:
            v = eval_aborting_on_warning(f, env, self.ctx.notes, wctx.strict and not ignore, fill) \
                if f is not None else col.default
            if v is None and not col.nullable and fill.errors and trigger_fields:
                # the nullable trigger field (a BEFORE INSERT/UPDATE trigger exists) takes the
                # NULL; the row already failed, so no trigger and no NOT NULL check follows
                # (observed: 1292 of the expression alone, no 1048)
                new[ci] = None
            elif v is None and not col.nullable:
                if wctx.strict and not ignore:
                    raise error("ER_BAD_NULL_ERROR", col.name)
                self.ctx.notes.append(note("Warning", "ER_BAD_NULL_ERROR", col.name))
                new[ci] = col.type.default_value()
            else:
                new[ci] = col.type.coerce(v, col.name, wctx) if v is not None else None
        except ServerError as err:
            fill.failed(err)

    def update_multi(self, up: A.Update) -> DmlResult:
        thd = self.thd
        target_names = {c.table.lower() if c.table else None for c, _ in up.assignments}
        all_tables = [(r.ref_name, self._open_ref(r)) for r in up.tables]
        scope = self._scope(all_tables)
        comp = Compiler(scope, self.info)
        targets = _resolve_multi_update_names(scope, up)
        assigns = []
        written: set[int] = set()
        for (_depth, ti, ci), (_c, e) in zip(targets, up.assignments):
            written.add(ti)
            # multi_update reads the new values as the select list of its join.
            assigns.append((ti, ci, comp.compile_in("SELECT", e)))
        for ti, ((name, t), r) in enumerate(zip(all_tables, up.tables)):
            if r.derived is not None:
                if ti in written:
                    raise error("ER_NON_UPDATABLE_TABLE", name, "UPDATE")
                continue
            self.info.add(t, ti in written)
        del target_names
        plan = plan_join(up.tables, all_tables, up.where, scope)
        self._before_join_scan(plan, up.tables, all_tables, written, up.where, scope, not up.ignore,
                               [up.where, *(r.on for r in up.tables), *(e for _c, e in up.assignments)])
        combos = self._join_rows_aborting(up, all_tables, scope)
        res = DmlResult()
        # multi_update: the first table of the join order is updated during the scan when
        # safe_update_on_fly allows it; every other table afterwards from its temporary
        # table, in the written order (do_updates).
        main = plan.order[0]
        main_cols = {ci for ti, ci, _ in assigns if ti == main}
        on_fly = main in written and safe_update_on_fly(
            plan, main, all_tables[main][1], main_cols, written_columns_read(up.assignments, main, scope))
        apply_order = ([main] if on_fly else []) + [ti for ti in sorted(written) if not (on_fly and ti == main)]
        # The scan: each written table's rows in the order the join first reaches them
        # (later join rows reaching the same row change nothing), with their new values,
        # computed table by table in the written order (send_data). A table updated on
        # the fly is changed in place: later values read its new row (observed with a
        # const first table), and its own SET list assigns one column after another.
        changes: dict[int, list[tuple[int, list[Any]]]] = {ti: [] for ti in sorted(written)}
        on_fly_rows: dict[int, list[Any]] = {}
        done: set[tuple[int, int]] = set()
        for combo_rows, slots in combos:
            rows = list(combo_rows)
            if on_fly and slots[main] in on_fly_rows:
                rows[main] = on_fly_rows[slots[main]]  # type: ignore[index]
            env = self._env(rows)
            for ti in sorted(written):
                slot = slots[ti]
                if slot is None or (ti, slot) in done:
                    continue
                done.add((ti, slot))
                t = all_tables[ti][1]
                cur = list(rows[ti])
                if on_fly and ti == main:
                    rows[ti] = cur
                fill = FillRecord()
                for tti, ci, f in assigns:
                    if tti != ti:
                        continue
                    wctx = WriteContext(thd.is_strict(t, 0), t.db, t.name, 1, self.ctx.notes, up.ignore,
                                        sql_mode=thd.vars.get('sql_mode'))
                    col = t.columns[ci]
                    try:
                        v = eval_aborting_on_warning(f, env, self.ctx.notes, wctx.strict and not up.ignore, fill)
                        if v is None and not col.nullable:
                            # As the single-table UPDATE: 1048, or (not strict, IGNORE) a warning and the zero.
                            if wctx.strict and not up.ignore:
                                raise error("ER_BAD_NULL_ERROR", col.name)
                            self.ctx.notes.append(note("Warning", "ER_BAD_NULL_ERROR", col.name))
                            cur[ci] = col.type.default_value()
                            continue
                        cur[ci] = col.type.coerce(v, col.name, wctx) if v is not None else None
                    except ServerError as err:
                        fill.failed(err)
                fill.check()
                if on_fly and ti == main:
                    on_fly_rows[slot] = cur
                changes[ti].append((slot, cur))
        reads = [up.where, *(r.on for r in up.tables), *(e for _c, e in up.assignments)]
        # multi_update's transactional_tables: raised by a transactional table whose row
        # changed (an unchanged row InnoDB could not compare makes the engine read-write,
        # which sends the Query to the trx cache all the same: stmt_has_updated_trans_table).
        self.info.multi_update_trans = False
        for ti in apply_order:
            t = all_tables[ti][1]
            changed = {ci for tti, ci, _ in assigns if tti == ti}
            comparable = records_are_comparable(
                t, changed, _read_columns(t, [all_tables[ti][0], t.name], reads))
            for slot, new in changes[ti]:
                res.matched += 1
                old = t.data.rows[slot]
                if old is None:
                    continue
                if _rows_equal(new, old):
                    if not comparable:
                        thd.note_write_attempt(t)
                    continue
                dup = t.data.find_duplicate(new, ignore_slot=slot)
                if dup is not None:
                    if up.ignore:
                        thd.note_write_attempt(t)
                        continue
                    raise dup_entry_error(t, dup)
                if t.triggers:
                    thd.fire_triggers(t, "BEFORE", "UPDATE", new, old, self.ctx)
                self.update_slot(t, slot, old, new, changed | trigger_set_columns(t, "UPDATE"))
                if t.transactional:
                    self.info.multi_update_trans = True
                res.affected += 1
                if t.triggers:
                    thd.fire_triggers(t, "AFTER", "UPDATE", new, old, self.ctx)
        res.info = f"Rows matched: {res.matched}  Changed: {res.affected}  Warnings: {len(self.ctx.notes)}"
        return res

    def _mark_maybe_null(self, plan: JoinPlan, tables: list[tuple[str, TableDef]], written: set[int]) -> None:
        """A written table on the inner side of an outer join: its Table_map marks every
        column nullable (the server's Field::maybe_null() includes TABLE::maybe_null)."""
        for ti in plan.maybe_null & written:
            self.info.maybe_null_tables.add(id(tables[ti][1]))

    # ------------------------------------------------------------ DELETE

    def delete(self, de: A.Delete) -> DmlResult:
        thd = self.thd
        if de.targets:
            return self.delete_multi(de)
        ref = de.tables[0]
        t = thd.open_table(ref.table)
        self.info.add(t, True)
        if de.limit is not None:
            self.info.has_limit = True
        tables = [(ref.ref_name, t)]
        scope = self._scope(tables)
        comp = Compiler(scope, self.info)
        if self._impossible_where(t, ref.ref_name, de.where, comp, de.limit, is_delete=True):
            return DmlResult()
        self._lock_scan(t, ref.ref_name, de.where, "X")
        candidates = self._target_rows(de, tables, scope, comp)
        _blackhole_row_warning(thd, t, "DELETE")
        res = DmlResult()
        for _rows, slots in candidates:
            slot = slots[0]
            old = t.data.rows[slot]  # type: ignore[index]
            if old is None:
                continue
            if t.triggers:
                thd.fire_triggers(t, "BEFORE", "DELETE", None, old, self.ctx)
            self.delete_slot(t, slot, old)  # type: ignore[arg-type]
            res.affected += 1
            if t.triggers:
                thd.fire_triggers(t, "AFTER", "DELETE", None, old, self.ctx)
        all_rows = (const_true(de.where) and de.limit is None and not thd.stmt_row_format
                    and not any(tr.event == "DELETE" for tr in t.triggers))
        if all_rows:
            # mysql_delete calls ha_delete_all_rows(), which makes the engine read-write
            # before InnoDB declines it and the rows go one by one: the group ends with
            # Xid even when the table was empty (probed, STATEMENT/MIXED).
            thd.note_write_attempt(t)
        if all_rows and not t.transactional:
            # mysql_delete: a whole-table DELETE not logged in rows is
            # handler::delete_all_rows(), which empties a heap table instead of
            # chaining its records as holes (later inserts append again).
            t.data.truncate()
        return res

    def _before_join_scan(self, plan: JoinPlan, refs: list[A.TableRef], tables: list[tuple[str, TableDef]],
                          written: set[int], where: A.Expr | None, scope: Scope, aborts: bool,
                          reads: list[Any]) -> None:
        """What the optimizer settles before the join runs: nullability of the written
        tables' Table_maps, and the conversions of the join condition."""
        self._mark_maybe_null(plan, tables, written)
        self._join_conversion_warnings(refs, tables, where, scope, aborts, written, reads)

    def _join_conversion_warnings(self, refs: list[A.TableRef], tables: list[tuple[str, TableDef]],
                                  where: A.Expr | None, scope: Scope, aborts: bool, written: set[int],
                                  reads: list[Any]) -> None:
        """Warn 1292 for each value the join converts (joinplan.join_conversions).

        A multi-table UPDATE in strict mode aborts on a comparison's conversion
        (abort_on_warning), not on a ref lookup's (store_key copies with
        Use_relaxed_field_copy: a warning).  Where the plan is not modelled, nothing
        is said (docs 5.12.1)."""
        strict = aborts and any(m in self.thd.vars.get("sql_mode") for m in ("STRICT_ALL_TABLES", "STRICT_TRANS_TABLES"))
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

        for conv in join_conversions(refs, tables, where, scope, written, reads, keep, aborts) or []:
            if strict and conv.how == "compare":
                raise ServerError(1292, conv.message, "22007")
            self.ctx.notes.append(Note("Warning", 1292, conv.message))

    def delete_multi(self, de: A.Delete) -> DmlResult:
        targets = {n.lower() for n in de.targets}
        for r in de.tables:
            if r.derived is not None and r.ref_name.lower() in targets:
                raise error("ER_NON_UPDATABLE_TABLE", r.ref_name, "DELETE")
        all_tables = [(r.ref_name, self._open_ref(r)) for r in de.tables]
        for (name, t), r in zip(all_tables, de.tables):
            if r.derived is None:
                self.info.add(t, name.lower() in targets or t.name.lower() in targets)
        scope = self._scope(all_tables)
        plan = plan_join(de.tables, all_tables, de.where, scope)
        if not plan.const:
            # Two tables on one column equality: the cost-based order (RULES 5.9, 5.12.2).
            deleted = {i for i, (name, t) in enumerate(all_tables) if name.lower() in targets or t.name.lower() in targets}
            plan.order = two_table_join_order(de.tables, all_tables, de.where, scope, deleted) or plan.order
        tis = [i for i in plan.order
               if all_tables[i][0].lower() in targets or all_tables[i][1].name.lower() in targets]
        self._before_join_scan(plan, de.tables, all_tables, set(tis), de.where, scope, False,
                               [de.where, *(r.on for r in de.tables)])
        combos = list(self.join_rows(de.tables, all_tables, scope, de.where, self._routine_env()))
        res = DmlResult()
        # multi_delete: the deleted tables in join order; the first is deleted from while
        # scanning (its rows come in its scan order), the others from sorted row-id lists,
        # which is their scan order too (InnoDB: primary key; MyISAM: record position).
        for ti in tis:
            t = all_tables[ti][1]
            hit = {slots[ti] for _rows, slots in combos if slots[ti] is not None}
            for slot, old in list(t.data.scan()):
                if slot not in hit:
                    continue
                # multi_delete fires each deleted table's DELETE triggers around the row
                # (observed: 1442 when a trigger writes a table of the join)
                self._replace_delete(t, slot, old)
                res.affected += 1
        return res


class _Marker:
    def __repr__(self) -> str:
        return "<DEFAULT>"



# The conversion errors a strict store raises (1048 a NULL, 1264 out of range, 1265/1292/1366
# a bad value, 1406 too long).  fill_record() stores every value of the row even after
# one of them failed (Field::store pushes the condition and returns; the statement checks
# thd->is_error() once the row is filled), so a row reports all of its bad values, in
# the order of the statement's column list (probed: INSERT VALUES/SELECT, UPDATE).
FILL_RECORD_ERRORS = frozenset({1048, 1264, 1265, 1292, 1364, 1366, 1406})  # see FillRecord


def eval_aborting_on_warning(f: Callable[[Env], Any], env: Env, notes: list[Note], abort: bool,
                             fill: "FillRecord | None" = None, function_fill: "FillRecord | None" = None) -> Any:
    """Evaluate a value for a store; THD::raise_condition turns a Warning into an error
    while the statement aborts on warnings (really_abort_on_warning: strict, no IGNORE).

    So ``c_dt + INTERVAL 1 DAY`` over a zero date (Item_date_add_interval's 1292 and
    NULL) fails a strict UPDATE/INSERT where a SELECT or a non-strict statement only
    warns. The error goes through fill_record as a store's error (the row's other values
    are still stored, this NULL too). A stored function that succeeds leaves no warnings of its own
    (routines.py), so what is new here is the statement's own."""
    mark = len(notes)
    try:
        v = f(env)
    except ServerError as err:
        target = fill or function_fill
        if target is None or not err.from_function:
            raise
        # Item_func_sp::execute failed: the value is NULL and fill_record stores it (a
        # NOT NULL column adds its 1048 after the function's error; probed).
        target.function_failed(err, notes)
        return None
    try:
        raise_new_warnings(notes, mark, abort)
    except ServerError as err:
        if fill is None:
            raise
        fill.failed(err)  # the NULL is still stored: a NOT NULL column adds its 1048 (probed)
    return v


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


def _select_reads(db: str | None, sel: Any, t: TableDef) -> bool:
    """The SELECT of an INSERT ... SELECT names its target table in FROM."""
    for r in getattr(sel, "from_", None) or []:
        table = getattr(r, "table", None)
        if isinstance(table, A.TableName) and table.name == t.name and (table.db or db) == t.db:
            return True
    return False


def _store_in_temporary_table(res: SelectResult, sql_mode: str) -> None:
    """An INSERT ... SELECT that reads its own table first stores the SELECT's rows in a
    temporary table whose columns copy the selected columns' types; there a zero date
    refused by NO_ZERO_DATE fails the strict statement before any row
    is inserted, worded for ``.`(temporary)`.`item` at the SELECT's row, one error per
    zero column of that row (probed)."""
    wctx = WriteContext(True, "", "(temporary)", 1, [], sql_mode=sql_mode)
    for i, row in enumerate(res.rows):
        wctx.row = i + 1
        fill = FillRecord()  # the row's every column is stored, then the first error raised
        for col, v in zip(res.columns, row):
            if isinstance(v, ZeroDate) and getattr(col.type, "kind_word", None) in ("date", "datetime"):
                if T.parts_of(v).zero_date:  # a date with a zero part only fails in the target (probed)
                    try:
                        col.type.coerce(v, col.name, wctx)
                    except ServerError as err:
                        fill.failed(err)
        fill.check()


def raise_new_warnings(notes: list[Note], mark: int, abort: bool) -> None:
    """The Warnings pushed since ``mark`` as the error they are while the statement
    aborts on warnings: the first is the statement's error, the others listed after it."""
    if not abort or len(notes) == mark:
        return
    raised = [n for n in notes[mark:] if n.level == "Warning"]
    if not raised:
        return
    del notes[mark:]
    first = raised[0]
    err = ServerError(first.code, first.message, _sqlstate_of(first.code))
    err.trailing_notes = [Note("Error", n.code, n.message) for n in raised[1:]]
    raise err


def _sqlstate_of(code: int) -> str:
    return next((state for c, state, _f in MESSAGES.values() if c == code), "HY000")


class FillRecordStop(ServerError):
    """A store that failed outright (save_in_field() < 0): the row is not filled further."""


def _BAD_NULL(col: str) -> tuple[int, str, str]:
    e = error("ER_BAD_NULL_ERROR", col)
    return e.code, e.message, e.sqlstate


class FillRecord:
    """The errors of one row's stores, raised together once the row is filled.

    Only the fill_record that walks a list of columns (an INSERT's column list, an
    UPDATE's SET list) goes on after an error; the one over all the table's fields
    (INSERT/REPLACE without a column list, CREATE ... SELECT) stops at the first
    (probed)."""

    __slots__ = ("errors", "column_list", "function_error", "notes", "notes_mark", "row_notes", "error_marks")

    def __init__(self, column_list: bool = True, row_notes: list[Note] | None = None) -> None:
        self.errors: list[ServerError] = []
        self.column_list = column_list
        # The statement's condition list, when the row's errors are to be listed in the
        # order they were raised among its notes (a 1048 before a later column's 1265).
        self.row_notes = row_notes
        self.error_marks: list[int] = []
        # A stored function that failed while a value was computed: the statement's
        # error, with every condition the rest of the row raised listed after it.
        self.function_error: ServerError | None = None
        self.notes: list[Note] = []
        self.notes_mark = 0

    def function_failed(self, err: ServerError, notes: list[Note]) -> None:
        if self.function_error is None:
            self.function_error, self.notes, self.notes_mark = err, notes, len(notes)

    def failed(self, err: ServerError) -> None:
        """Keep a store's error and go on with the next value; other errors stop at once."""
        if err.code not in FILL_RECORD_ERRORS or err.noted:
            raise err
        self.errors.append(err)
        if self.row_notes is not None:
            self.error_marks.append(len(self.row_notes))
        if isinstance(err, FillRecordStop) or not self.column_list:
            self.check()

    def check(self) -> None:
        """The row is filled: raise its first error, the others listed after it."""
        if self.function_error is not None:
            first, self.function_error = self.function_error, None
            later = self.notes[self.notes_mark:]
            del self.notes[self.notes_mark:]
            for e in self.errors:
                later.append(Note("Error", e.code, e.message))
                later.extend(e.trailing_notes)
            self.errors, self.error_marks = [], []
            first.trailing_notes = [*first.trailing_notes, *later]
            raise first
        if not self.errors:
            return
        if self.row_notes is not None and self.error_marks and len(self.row_notes) > self.error_marks[0]:
            # Conditions the row raised after its first error are listed after it, in
            # the order they came (Diagnostics_area keeps the raise order).
            start = self.error_marks[0]
            later = self.row_notes[start:]
            del self.row_notes[start:]
            merged: list[Note] = []
            cursor = 0
            for e, mark in zip(self.errors[1:], self.error_marks[1:]):
                merged.extend(later[cursor:mark - start])
                cursor = mark - start
                merged.append(Note("Error", e.code, e.message))
                merged.extend(e.trailing_notes)
            merged.extend(later[cursor:])
            first = self.errors[0]
            first.trailing_notes = [*merged, *first.trailing_notes]
            self.errors, self.error_marks = [], []
            raise first
        first, rest = self.errors[0], self.errors[1:]
        more = [Note("Error", e.code, e.message) for e in rest]
        for e in rest:
            more.extend(e.trailing_notes)
        first.trailing_notes[:0] = more
        self.errors, self.error_marks = [], []
        raise first

_DEFAULT = _Marker()
_MISSING = _Marker()


def _blackhole_row_warning(thd: "Thd", t: TableDef, verb: str) -> None:
    """In row format the server cannot log UPDATE/DELETE on BLACKHOLE (no before image) and says so."""
    if t.engine.blackhole and thd.stmt_row_format and thd.stmt_decision.logged:
        from harness.sql.errors import Note
        thd.notes.append(Note("Warning", 1105, f"Row events are not logged for {verb} statements that modify "
                                               f"BLACKHOLE tables in row format. Table(s): '{t.name}.'"))


def _resolve_multi_update_names(scope: Scope, up: A.Update) -> list[tuple[int, int, int]]:
    """A multi-table UPDATE resolves its names in the server's order: the SET targets
    (mysql_multi_update_prepare; returned), then WHERE and the ON clauses (setup_conds),
    and only then the SET values (multi_update::prepare, by the caller) -- 1054 names the
    first clause that fails (observed: 'WHERE' before a bad SET value). Resolution only:
    the conditions are compiled again, with the statement's record, by the join."""
    targets = [scope.resolve(c, "SET") for c, _e in up.assignments]
    check = Compiler(scope)
    for clause, e in (("WHERE", up.where), *(("ON", r.on) for r in up.tables)):
        if e is not None:
            check.compile_in(clause, e)
    return targets


def _examined_positions(t: TableDef, up: A.Update, assigns: list[tuple[int, Any]]) -> dict[int, int] | None:
    """UPDATE's "at row N" counts the rows the access path examined, those the WHERE then
    rejected too: over a full scan (no key can serve the WHERE) that is the row's
    position in scan order (probed) -- {slot: position}. None where the count is the
    matched rows': with a usable key (the rows a range reads are not modelled), with
    ORDER BY, and when the scan is of the clustered primary key the UPDATE changes
    (used_key_is_modified: the matching rows are collected first and updated in a
    second pass that counts only those; observed: notes at rows 2 and 3)."""
    pk = next((k.columns for k in t.keys if k.kind == "PRIMARY"), [])
    if t.engine.clustered and any(ci in pk for ci, _f in assigns):
        return None
    if up.where is None or up.order_by or _where_may_use_key(t, up.where):
        return None
    return {sl: i for i, sl in enumerate(t.data.slots())}


def _update_assignment(t: TableDef, c: A.ColumnRef, e: A.Expr, comp: Compiler) -> tuple[int, Any]:
    """One ``col = expr`` of a single-table UPDATE: the column and its compiled value
    (None: DEFAULT). DEFAULT for a column without one is refused while the UPDATE is
    prepared (Item_default_value::fix_fields), whatever the sql_mode (observed: 1364
    with sql_mode='', no row changed)."""
    ci = _column_in(t, c.name, "SET")
    if isinstance(e, A.Default):
        if _lacks_default(t.columns[ci]):
            raise error("ER_NO_DEFAULT_FOR_FIELD", t.columns[ci].name)
        return ci, None
    return ci, comp.compile_in("SET", e)


def _lacks_default(col: Any) -> bool:
    """The server's NO_DEFAULT_VALUE_FLAG (an ENUM NOT NULL has its first member: catalog)."""
    return not (col.nullable or col.has_default or col.default_now or col.auto_increment)


def _warning_1364(col: str) -> Any:
    from harness.sql.errors import Note
    return Note("Warning", 1364, f"Field '{col}' doesn't have a default value")


def _as_warning(e: ServerError) -> Any:
    from harness.sql.errors import Note
    return Note("Warning", e.code, e.message)


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


def _odku_source_refs(thd: Any, t: TableDef, ins: A.Insert) -> list[A.ColumnRef]:
    """The column references of INSERT ... SELECT ... ON DUPLICATE KEY UPDATE that name
    the SELECT's tables: the UPDATE part resolves names over the target and the
    SELECT's FROM list together, and a name both have is ambiguous (1052, probed).
    Not for a UNION or a grouped SELECT (the UPDATE part then sees the target only)."""
    sel = ins.select
    assert sel is not None
    if sel.union or sel.group_by or sel.distinct:
        return []
    sources: list[tuple[str, set[str]]] = []
    for r in sel.from_:
        if r.derived is not None:
            names = {(it.alias or (it.expr.name if isinstance(it.expr, A.ColumnRef) else "")).lower()
                     for it in r.derived.items}
        else:
            st = thd.find_table(r.table)
            if st is None:
                return []
            names = set(st.col_index)
        sources.append((r.ref_name.lower(), names))
    target_names = {t.name.lower(), (ins.table.name or "").lower()}
    refs: list[Any] = []
    _walk_refs([e for _c, e in ins.on_duplicate], refs)
    out = []
    for ref in refs:
        name, q = ref.name.lower(), (ref.table or "").lower()
        if q:
            if q in target_names:
                if any(q == n for n, _cols in sources):
                    # The SELECT reads the target under its own name (no alias): ``t.c``
                    # names a column of both tables (probed: 1052; 1054 if neither has it).
                    if name in t.col_index:
                        raise error("ER_NON_UNIQ_ERROR", f"{ref.table}.{ref.name}", "UPDATE")
                    raise error("ER_BAD_FIELD_ERROR", f"{ref.table}.{ref.name}", "UPDATE")
                continue
            if any(q == n and name in cols for n, cols in sources):
                out.append(ref)
            continue
        in_source = sum(1 for _n, cols in sources if name in cols)
        if name in t.col_index and in_source or in_source > 1:
            raise error("ER_NON_UNIQ_ERROR", ref.name, "UPDATE")
        if in_source:
            out.append(ref)
    return out


def _bind_refs(e: Any, bound: dict[int, Any]) -> Any:
    """A copy of ``e`` with the references in ``bound`` (by identity) replaced."""
    if id(e) in bound:
        return bound[id(e)]
    if isinstance(e, (A.ScalarSubquery, A.Exists, A.InSubquery, A.Select)) or not bound:
        return e
    if isinstance(e, list):
        return [_bind_refs(x, bound) for x in e]
    if isinstance(e, tuple):
        return tuple(_bind_refs(x, bound) for x in e)
    if hasattr(e, "__dataclass_fields__"):
        changes = {}
        for f in e.__dataclass_fields__:
            v = getattr(e, f, None)
            nv = _bind_refs(v, bound)
            if nv is not v:
                changes[f] = nv
        return dataclasses.replace(e, **changes) if changes else e
    return e


def _where_may_use_key(t: TableDef, where: Any) -> bool:
    """Whether the WHERE names the first column of one of ``t``'s keys (a range or
    lookup may then serve it instead of a full scan)."""
    refs: list[Any] = []
    _walk_refs(where, refs)
    firsts = {k.columns[0] for k in t.keys if k.columns}
    return any(r.name.lower() in t.col_index and t.col_index[r.name.lower()] in firsts for r in refs)


def _read_columns(t: TableDef, names: list[str], exprs: list[Any]) -> set[int]:
    """Columns of ``t`` in the statement's read set: those its expressions name (a
    qualifier naming another table excluded; an unqualified name of a multi-table
    statement is counted for ``t`` too) and those its UPDATE triggers use
    (Table_triggers_list::mark_fields_used)."""
    lowered = {n.lower() for n in names}
    cols: set[int] = set()

    def visit(x: Any) -> bool:
        if isinstance(x, A.ColumnRef):
            q = (x.table or "").lower()
            if (not q or q in lowered) and x.name.lower() in t.col_index:
                cols.add(t.col_index[x.name.lower()])
            return True
        return False

    _walk_ast(exprs, visit)
    for trg in t.triggers:
        if trg.event == "UPDATE":
            for x in _trigger_row_refs(trg.body):
                if x.column.lower() in t.col_index:
                    cols.add(t.col_index[x.column.lower()])
    return cols


def _trigger_row_refs(body: Any) -> list[Any]:
    """The OLD.x / NEW.x references (A.RowValue) of a trigger body."""
    out: list[Any] = []

    def visit(x: Any) -> bool:
        if isinstance(x, A.RowValue):
            out.append(x)
            return True
        return False

    _walk_ast(body, visit)
    return out


def trigger_set_columns(t: TableDef, event: str, reads: bool = True) -> set[int]:
    """Columns a BEFORE ``event`` trigger of ``t`` assigns with ``SET NEW.col`` (and, with
    ``reads``, those it only reads as ``NEW.col``): they are in the statement's write set
    (Item_trigger_field marks them when the trigger is opened), so a MINIMAL or NOBLOB
    after-image holds them whether or not the SET ran."""
    cols: set[int] = set()

    def visit(x: Any) -> bool:
        if isinstance(x, A.SetLocal) and x.row == "NEW" and x.name.lower() in t.col_index:
            cols.add(t.col_index[x.name.lower()])
        if reads and isinstance(x, A.RowValue) and x.which == "NEW" and x.column.lower() in t.col_index:
            # A NEW field in a BEFORE trigger is settable, read or not: mark_fields_used
            # puts it in the write set too (probed: a MINIMAL after-image holds the key
            # a BEFORE UPDATE trigger only reads).
            cols.add(t.col_index[x.column.lower()])
        return False

    for trg in t.triggers:
        if trg.timing == "BEFORE" and trg.event == event:
            _walk_ast(trg.body, visit)
    return cols


def _walk_ast(x: Any, visit: Callable[[Any], bool]) -> None:
    """Every node under ``x`` (AST dataclasses, lists, tuples), depth first; ``visit``
    returning True stops the descent below that node."""
    if visit(x):
        return
    if isinstance(x, (list, tuple)):
        for y in x:
            _walk_ast(y, visit)
    elif hasattr(x, "__dataclass_fields__"):
        for f in x.__dataclass_fields__:
            _walk_ast(getattr(x, f, None), visit)


def records_are_comparable(t: TableDef, written: set[int], read: set[int]) -> bool:
    """The server skips an unchanged row only when it can compare the old and new
    records: always for engines that read whole rows, and for InnoDB only when every
    assigned column was read. Otherwise it calls ha_update_row, which makes the
    engine a read-write participant (the group ends with Xid) though nothing changed.
    For InnoDB (HA_REQUIRES_KEY_COLUMNS_FOR_DELETE, HA_PRIMARY_KEY_REQUIRED_FOR_DELETE)
    TABLE::mark_columns_needed_for_update reads the primary key and every column of a
    key that has an assigned column: an assigned key column is always read (probed:
    ``UPDATE t SET id = 9`` over the row 9 ends with COMMIT, id a primary or unique key)."""
    if not t.engine.partial_column_read:
        return True
    return written <= read | {c for k in t.keys for c in k.columns}


def _rows_equal(a: list[Any], b: list[Any]) -> bool:
    for x, y in zip(a, b):
        if x is None or y is None:
            if x is not y:
                return False
        elif type(x) is not type(y) or x != y:
            if isinstance(x, (int, Decimal, float)) and isinstance(y, (int, Decimal, float)) and x == y:
                continue
            return False
    return True


def infer_type(values: list[Any]) -> Any:
    """Result-set type of a computed column, from its values (clients convert by type code)."""
    import datetime as dt

    from harness.sql.types import DateTimeType, DateType, DecimalType, FloatType, IntType
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



__all__ = ["Executor", "SelectResult", "DmlResult", "ResultColumn", "WRITE", "UPDATE", "DELETE", "UnsupportedError"]
