"""Pre-locking analysis: every table a statement may touch, before it runs.

The server opens and locks all tables a statement needs, including those used
by triggers and stored functions, before ``decide_logging_format`` is called.
This module does the same over the AST so that layer 1 sees the complete set
of engines, and it carries sub-statement properties (unsafe functions, LIMIT,
auto-increment writes) up into the top statement, as
``sp_head::propagate_attributes`` does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from harness.sql.item.expr import UNSAFE_FUNCTIONS, sysvar_read_name
from harness.sql.parse.stmtinfo import StatementInfo
from harness.sql.parse import parse_tree as A
from harness.sql.parse.right_join import right_join_as_left

if TYPE_CHECKING:
    from harness.sql.thd import Thd


class Prelocker:
    def __init__(self, thd: "Thd", info: StatementInfo) -> None:
        self.thd = thd
        self.info = info
        self.depth = 0  # > 0 inside a trigger / stored function body
        self._seen_routines: set[str] = set()
        self._seen_triggers: set[int] = set()
        self._seen_fk: set[tuple[int, str]] = set()
        self._in_fk_child = False
        self._mysql_fk = bool(thd.server.flavor.sql.fk_opens_checked_tables)
        # The routine whose body is being walked ("" for the statement itself):
        # sp_head merges the tables of one routine, not across routines.
        self.opener = ""
        # The server's ``sql_command`` while an expression is parsed: RAND() is
        # unsafe everywhere except in an INSERT (its seed is logged, but the
        # order in which other statements visit rows is not).
        self.command = info.kind

    # -- tables

    def table(self, name: A.TableName, write: bool, event: str | None = None) -> Any:
        t = self.thd.find_table(name)
        if t is None:
            view = self.thd.find_view(name)
            if view is not None and view.select is not None and id(view) not in self._seen_triggers:
                # A view's tables and functions belong to the statement (its unsafeness propagates).
                self._seen_triggers.add(id(view))
                self.info.note_order(None, False, self.depth == 0, self.opener)  # a placeholder
                self.s_Select(view.select)
            elif view is None and self.depth == 0 and (name.db or self.thd.db):
                self.info.missing_tables.append((name.db or self.thd.db or "", name.name))
            return None
        self.info.add(t, write)
        self.info.note_order(t, write, self.depth == 0 and not self._in_fk_child, self.opener)
        if self.depth == 0:
            self.info.own_uses.add(id(t))
        if write:
            self.info.write_openers.setdefault(id(t), set()).add(self.opener)
        if write and self.depth > 0 and t.auto_inc_col is not None and (not self._in_fk_child or self._mysql_fk):
            # MySQL: a child a cascade changes is in the prelocked list too, first_not_own_table's
            # AUTOINC_COLUMNS (9.7.4 observed: DELETE FROM p with ON DELETE CASCADE into an
            # AUTO_INCREMENT child -> 1592 `... invokes a trigger or a stored function that inserts
            # into an AUTO_INCREMENT column ...`)
            self.info.autoinc_in_substatement = True
        if write and t.auto_inc_col is not None and (not self._in_fk_child or self._mysql_fk):
            # has_write_table_with_auto_increment walks the whole prelocked list: a
            # table a trigger or function writes counts too (observed); MySQL: a cascade's
            # child too, unsafe with a read table (its parents, for an ON UPDATE CASCADE)
            self.info.writes_autoinc_table = True
        if write and event is not None:
            for trg in t.triggers:
                if trg.event in event.split("|") and id(trg) not in self._seen_triggers:
                    self._seen_triggers.add(id(trg))
                    self.depth += 1
                    self.info.has_triggers = True
                    outer, self.opener = self.opener, f"trigger {trg.name}"
                    for st in trg.body:
                        self.statement(st)
                    self.opener = outer
                    self.depth -= 1
        if write and event is not None and t.transactional and self.thd.server.flavor.sql.fk_opens_checked_tables:
            self._fk_checked_tables(t, event)
        if write and event is not None and ("UPDATE" in event or "DELETE" in event) and t.transactional:
            # prepare_fk_prelocking_list: a child whose ON UPDATE/DELETE action writes it
            # is opened for write (a Table_map in row format); its triggers do not fire.
            from harness.sql.handler.foreign_keys import modified_children
            sql_layer = self.thd.server.flavor.sql.sql_layer_foreign_keys
            for child, op in modified_children(self.thd, t, event):
                if sql_layer and child is t:
                    # MySQL 9.x opens a self-referencing child during execution, not in the
                    # table list (sql_foreign_key_constraint.cc check_all_child_fk_ref): one
                    # Table_map (9.7.4 observed, fkp_self_ref ROW)
                    continue
                if (id(child), op) not in self._seen_fk:
                    self._seen_fk.add((id(child), op))
                    # Its AUTO_INCREMENT makes nothing unsafe (probed: a cascade into an
                    # AUTO_INCREMENT child is logged as a statement in MIXED).
                    # Its own TABLE_LIST: a child the statement writes too is opened, and mapped,
                    # twice (probed: DELETE a, b FROM parent a JOIN child b logs two child maps).
                    self.depth += 1
                    outer_fk, self._in_fk_child = self._in_fk_child, True
                    outer, self.opener = self.opener, f"foreign key of {t.name}"
                    self.table(A.TableName(child.name, child.db), True, op)
                    self.depth, self._in_fk_child, self.opener = self.depth - 1, outer_fk, outer
        return t

    # -- statements

    def statement(self, st: A.Statement) -> None:
        m = getattr(self, "s_" + type(st).__name__, None)
        if m is not None:
            # Each statement (a routine's too) is parsed with its own sql_command.
            outer = self.command
            self.command = type(st).__name__.upper()
            if isinstance(st, A.Insert) and st.replace:
                self.command = "REPLACE"
            try:
                m(st)
            finally:
                self.command = outer

    def limit(self, e: A.Expr | None, query: bool = False) -> None:
        """The grammar's ``limit_clause`` marks the statement unsafe (LIMIT) wherever the
        clause is, in a subquery or a derived table too, unless it is the literal 0 --
        MySQL's marks a query expression's LIMIT 0 too (``query``; 9.7.4 observed:
        `INSERT INTO n SELECT ... FROM (SELECT ... LIMIT 0) d` -> 1592, `DELETE FROM n LIMIT 0` none)."""
        if e is None:
            return
        if not (type(e) is A.Literal and e.value == 0) or query and self.thd.server.flavor.sql.query_limit_zero_unsafe:
            self.info.has_limit = True
        self.expr(e)

    def table_ref(self, r: A.TableRef, write: bool, event: str | None = None) -> None:
        if r.derived is not None:
            self.info.note_order(None, False, self.depth == 0, self.opener)  # a placeholder
            self.s_Select(r.derived)  # a derived table is only read; its tables belong to the statement
        else:
            self.table(r.table, write, event)
        if r.on is not None:
            self.expr(r.on)

    def s_Select(self, s: A.Select) -> None:
        for r in s.from_:
            self.table_ref(r, False)
        for it in s.items:
            self.expr(it.expr)
        for e in (s.where, s.having):
            if e is not None:
                self.expr(e)
        self.limit(s.limit, query=True)
        for g in s.group_by:
            self.expr(g)
        for o in s.order_by:
            self.expr(o.expr)
        for _all, u in s.union:
            self.s_Select(u)

    def view_expressions(self, s: A.Select) -> None:
        """The select list and WHERE of a view merged into a write (its table is the statement's)."""
        for it in s.items:
            if not isinstance(it.expr, A.Star):
                self.expr(it.expr)
        if s.where is not None:
            self.expr(s.where)

    def s_Insert(self, s: A.Insert) -> None:
        event = "INSERT"
        if s.replace:
            event = "INSERT|DELETE"
        if s.on_duplicate:
            event = "INSERT|UPDATE"
        self.table(s.table, True, event)
        if s.delayed:
            self.info.insert_delayed = True
        if self.depth == 0:
            # Known at parse time in the server; layer 1 needs them before execution.
            self.info.is_insert_select = s.select is not None
            self.info.is_replace_select = s.select is not None and s.replace
            self.info.is_insert_ignore_select = s.select is not None and s.ignore
            self.info.insert_on_duplicate = bool(s.on_duplicate)
            t = self.thd.find_table(s.table) if s.on_duplicate else None
            if t is not None:
                self.info.insert_on_dup_unique_keys = on_duplicate_unique_keys(
                    t, s, self.thd.server.flavor.sql.odku_counts_all_unique_keys)
        for row in s.rows or []:
            for e in row:
                self.expr(e)
        if s.select is not None:
            self.s_Select(s.select)
        for _c, e in s.on_duplicate:
            self.expr(e)

    def user_var(self, e: A.UserVar) -> None:
        self.info.user_vars_read.append(e.name.lower())
        if self.depth == 0:  # a routine's or trigger's are fixed when its statement runs
            self.info.user_vars_fixed.append(e.name.lower())

    def s_LoadData(self, s: A.LoadData) -> None:
        self.table(s.table, True, "INSERT|DELETE" if s.replace else "INSERT")
        for _c, e, _text in s.set_list:
            self.expr(e)
        # the column list's variables are the statement's own (stmt/sql_load.py): not logged
        own = {x.name.lower() for x in s.targets or [] if isinstance(x, A.UserVar)}
        self.info.user_vars_fixed = [n for n in self.info.user_vars_fixed if n not in own]

    def _leaf_order(self, refs: list[A.TableRef]) -> list[A.TableRef]:
        """The tables in the order they are opened, locked and mapped: MySQL's parser has
        swapped a RIGHT JOIN's tables (the ``convert_right_join`` flavour policy)."""
        if self.thd.server.flavor.sql.convert_right_join:
            return right_join_as_left(refs) or refs
        return refs

    def s_Update(self, s: A.Update) -> None:
        targets = {c.table.lower() for c, _ in s.assignments if c.table}
        single = len(s.tables) == 1
        for r in self._leaf_order(s.tables):
            write = single or r.ref_name.lower() in targets or r.table.name.lower() in targets
            if not single and not targets:
                write = True
            self.table_ref(r, write, "UPDATE" if write else None)
        for _c, e in s.assignments:
            self.expr(e)
        if s.where is not None:
            self.expr(s.where)
        self.limit(s.limit)

    def s_Delete(self, s: A.Delete) -> None:
        targets = {n.lower() for n in s.targets}
        for r in self._leaf_order(s.tables) if targets else s.tables:
            write = not targets or r.ref_name.lower() in targets or r.table.name.lower() in targets
            self.table_ref(r, write, "DELETE" if write else None)
        if s.where is not None:
            self.expr(s.where)
        self.limit(s.limit)

    def s_Do(self, s: A.Do) -> None:
        for e in s.exprs:
            self.expr(e)

    def s_Set(self, s: A.Set) -> None:
        for a in s.assignments:
            self.expr(a.value)

    def s_Return(self, s: A.Return) -> None:
        if s.expr is not None:
            self.expr(s.expr)

    def s_SetLocal(self, s: A.SetLocal) -> None:
        if s.value is not None:
            self.expr(s.value)

    def s_If(self, s: A.If) -> None:
        for cond, body in s.branches:
            if cond is not None:
                self.expr(cond)
            for st in body:
                self.statement(st)

    def s_Declare(self, s: A.Declare) -> None:
        if s.default is not None:
            self.expr(s.default)

    def s_Call(self, s: A.Call) -> None:
        for e in s.args:
            self.expr(e)

    # -- expressions

    def _fk_checked_tables(self, t: Any, event: str) -> None:
        """MySQL 8.0 also opens, for read, the tables a foreign key check reads: the parents of
        a table an INSERT/UPDATE writes, and the children an UPDATE/DELETE of a parent checks
        without changing them (RESTRICT / NO ACTION) -- none under foreign_key_checks=0. A
        read table: an AUTO_INCREMENT write is then unsafe for statement logging (9.7.4
        observed: `INSERT INTO c (pid) VALUES (1)` into an AUTO_INCREMENT child, `UPDATE p SET v
        = 3` / `DELETE FROM p` of an AUTO_INCREMENT parent -> 1592; `DELETE FROM c` of the
        child, or foreign_key_checks=0, none)."""
        from harness.sql.handler.foreign_keys import fk_checks, modified_children
        if not fk_checks(self.thd):
            return
        if "INSERT" in event or "UPDATE" in event:
            for fk in t.foreign_keys:
                parent = self.thd.catalog.get_table(fk.ref_db, fk.ref_table)
                if parent is not None and parent is not t:
                    self.info.add(parent, False)
                    self.info.note_order(parent, False, False, f"foreign key of {t.name}")
        if "UPDATE" in event or "DELETE" in event:
            changed = {id(c) for c, _op in modified_children(self.thd, t, event)}
            for child, _fk in self.thd.catalog.referencing(t.db, t.name):
                if child is not t and id(child) not in changed:
                    self.info.add(child, False)
                    self.info.note_order(child, False, False, f"foreign key of {t.name}")

    def _itemized_unsafe(self, name: str) -> bool:
        """A function that marks the statement unsafe when itemized: RAND() (MariaDB: outside an
        INSERT), and the flavour's own (MySQL: AES_ENCRYPT/AES_DECRYPT)."""
        sql = self.thd.server.flavor.sql
        return name == "RAND" and (self.command != "INSERT" or sql.rand_always_unsafe) \
            or name in sql.unsafe_itemized_functions

    def expr(self, e: Any) -> None:
        if type(e) is A.Literal or type(e) is A.ColumnRef:  # the common leaves: nothing to collect
            return
        if isinstance(e, A.FuncCall):
            self.info.functions.add(e.name)
            if self._itemized_unsafe(e.name):
                self.info.function_unsafe = True
            if e.name == "RAND" and not e.args and self.depth == 0:
                self.info.rand_used = True
            if e.name == "CONNECTION_ID" and self.depth == 0:
                self.info.thread_specific_used = True
            if e.name not in UNSAFE_FUNCTIONS:
                r = self.thd.find_routine("FUNCTION", e.name)
                if r is not None and e.name not in self._seen_routines:
                    self._seen_routines.add(e.name)
                    self.info.stored_functions.append(e.name)
                    self.depth += 1
                    outer, self.opener = self.opener, f"function {e.name}"
                    for st in r.definition.body:
                        self.statement(st)
                    self.opener = outer
                    self.depth -= 1
            for a in e.args:
                self.expr(a)
            return
        if isinstance(e, A.UserVar):
            self.user_var(e)
            return
        if isinstance(e, A.SysVar):
            self.info.sysvars_read.append(sysvar_read_name(e))
            return
        if isinstance(e, (A.ScalarSubquery, A.Exists)):
            self.s_Select(e.query)
            return
        if isinstance(e, A.InSubquery):
            self.expr(e.expr)
            self.s_Select(e.query)
            return
        if isinstance(e, A.Assign):
            self.expr(e.expr)
            return
        if isinstance(e, A.Case):
            if e.operand is not None:
                self.expr(e.operand)
            for c, r in e.whens:
                self.expr(c)
                self.expr(r)
            if e.else_ is not None:
                self.expr(e.else_)
            return
        if isinstance(e, A.InList):
            self.expr(e.expr)
            for i in e.items:
                self.expr(i)
            return
        for attr in ("left", "right", "operand", "expr", "low", "high", "pattern"):
            sub = getattr(e, attr, None)
            if isinstance(sub, A.Expr):
                self.expr(sub)


def on_duplicate_write_set(t: Any, s: A.Insert) -> set[int]:
    """TABLE::write_set of INSERT ... ON DUPLICATE KEY UPDATE: the INSERT's columns
    (all without a list), the columns the UPDATE part assigns, the AUTO_INCREMENT column."""
    if s.columns is None:
        written = set(range(len(t.columns)))
    else:
        written = {t.col_index[c.lower()] for c in s.columns if c.lower() in t.col_index}
    written |= {t.col_index[c.name.lower()] for c, _e in s.on_duplicate if c.name.lower() in t.col_index}
    if t.auto_inc_col is not None:
        written.add(t.auto_inc_col)
    return written


def on_duplicate_unique_keys(t: Any, s: A.Insert, all_keys: bool = False) -> int:
    """Unique keys decide_logging_format_low counts for INSERT ... ON DUPLICATE KEY
    UPDATE: those whose every column is in the write set -- the INSERT's columns (all
    without a list), the columns the UPDATE part assigns, and the AUTO_INCREMENT
    column (probed). More than one makes the statement unsafe (INSERT_TWO_KEYS).
    ``all_keys`` (SqlDialect.odku_counts_all_unique_keys): every unique key, written or not
    (MySQL's decide_logging_format; 9.7.4 observed: `INSERT INTO u2 (id, b) VALUES (2, 1) ON
    DUPLICATE KEY UPDATE b = 3` over PRIMARY KEY (id) and UNIQUE (a) -> 1592)."""
    if all_keys:
        return sum(1 for k in t.keys if k.kind in ("PRIMARY", "UNIQUE"))
    written = on_duplicate_write_set(t, s)
    return sum(1 for k in t.keys if k.kind in ("PRIMARY", "UNIQUE") and all(c in written for c in k.columns))


def analyze(thd: "Thd", stmt: A.Statement, kind: str, views: list[A.CreateView] | None = None) -> StatementInfo:
    """``views``: the views a write was merged through (their functions and
    subqueries belong to the statement, whichever columns it names)."""
    info = StatementInfo(kind=kind)
    # a write merged through a view names the view first: a placeholder in the table list
    info.own_order = [(None, False)] if views else []
    pre = Prelocker(thd, info)
    pre.statement(stmt)
    for v in views or []:
        if v.select is not None:
            pre.view_expressions(v.select)
    return info
