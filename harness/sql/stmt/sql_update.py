"""UPDATE, single- and multi-table (the server's ``sql_update.cc``)."""

from __future__ import annotations

import dataclasses

from typing import Any

from harness.sql.handler.catalog import TableDef
from harness.sql.handler.check_constraints import verify_checks
from harness.sql.handler.foreign_keys import parent_row_change
from harness.sql.handler.generated_columns import check_assigned, has_generated, update_generated
from harness.sql.item.column_types import WriteContext
from harness.sql.item.expr import Compiler, Env, Scope
from harness.sql.item.field_json import keep_partial_update
from harness.sql.opt.joinplan import JoinPlan, plan_join, safe_update_on_fly, two_table_join_order, written_columns_read
from harness.sql.parse.right_join import right_join_as_left, right_join_order
from harness.sql.opt.subquery_join import in_subquery_runs_as_join, mysql_switches_to_multi_table
from harness.sql.stmt.time_zone import note_row_stores
from harness.sql.parse import parse_tree as A
from harness.sql.item.field_store import string_field_copy
from harness.sql.sql_errors import Note, ServerError, error, note
from harness.sql.stmt.fill_record import (
    FillRecord,
    _blackhole_row_warning,
    _column_in,
    _lacks_default,
    _rows_equal,
    _trigger_row_refs,
    _walk_ast,
    dup_entry_error,
    eval_aborting_on_warning,
    raise_new_warnings,
    records_are_comparable,
    trigger_set_columns,
)
from harness.sql.stmt.sql_result import DmlResult
from harness.sql.stmt.sql_select import SelectExecutor, _where_may_use_key, combos_in_plan_order


class UpdateExecutor(SelectExecutor):
    """UPDATE: the rows to change, the new values, the multi-table join."""

    def _update_target_rows(self, up: A.Update, tables: list[tuple[str, TableDef]], scope: Scope,
                            comp: Compiler) -> list[Any]:
        """The rows the WHERE selects. mysql_update sets abort_on_warning after
        init_read_record: a warning of the WHERE (``dt + INTERVAL 1 DAY`` over a zero
        date) fails a strict UPDATE, but with ORDER BY the filesort read the rows
        before, so it stays a warning (probed)."""
        mark = len(self.ctx.notes)
        aborts = not up.order_by and self._aborts_on_warning(up.ignore)
        # ... but a DATETIME compared with a constant that is no date fails it with its 1292
        # (converted before the filesort; 9.7.4 probed, fuzz seed 64101: `UPDATE t2 SET ...
        # WHERE c_dt = 'junk' ORDER BY id LIMIT 2` strict -> 1292, then Error 1525)
        self.abort_constant_conversion = self._aborts_on_warning(up.ignore)
        try:
            candidates = self._target_rows(up, tables, scope, comp, aborts)
        finally:
            self.abort_constant_conversion = False
        raise_new_warnings(self.ctx.notes, mark, aborts, self.thd)
        return candidates

    def _right_join_converted(self, up: A.Update) -> A.Update:
        """The statement as the flavour's parser leaves it: MySQL's turns a RIGHT JOIN into a
        LEFT JOIN of the swapped tables (the ``convert_right_join`` policy)."""
        swapped = right_join_as_left(up.tables) if self.thd.server.flavor.sql.convert_right_join else None
        return up if swapped is None else dataclasses.replace(up, tables=swapped)

    def update(self, up: A.Update) -> DmlResult:
        if len(up.tables) > 1:
            return self.update_multi(self._right_join_converted(up))
        thd = self.thd
        ref = up.tables[0]
        if ref.derived is not None:
            # a single-table UPDATE names the derived table or CTE itself (9.7.4 probed; _derived_target_name)
            raise error("ER_NON_UPDATABLE_TABLE", ref.ref_name, "UPDATE")
        t = thd.open_table(ref.table)
        self.info.add(t, True)
        if up.limit is not None:
            self.info.has_limit = True
        tables = [(ref.ref_name, t)]
        scope = self._scope(tables)
        comp = Compiler(scope, self.info)
        assigns = self._assignments(t, up, comp)
        if self._impossible_where(t, ref.ref_name, up.where, comp, up.limit, order_by=up.order_by):
            return DmlResult()
        self._lock_scan(t, ref.ref_name, up.where, "X", semi_consistent=True)
        candidates = self._update_target_rows(up, tables, scope, comp)
        _blackhole_row_warning(thd, t, "UPDATE")
        comparable = self._single_compares(t, ref.ref_name, up, assigns)
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
                                sql_mode=thd.vars.get("sql_mode"), counter=self.ctx.condition_row.at(n + 1),
                                mysql_stores=thd.server.flavor.sql.mysql_field_stores,
                                timestamp_max=thd.server.sysvars.timestamp_max)
            changed: set[int] = set()
            fill = FillRecord(thd.server.flavor.sql.fill_record_goes_on)
            for ci, f in assigns:
                changed.add(ci)
                self._update_store(t, new, ci, f, env, wctx, fill, up.ignore, trigger_fields)
            fill.check()
            _note_store_zone(thd, t, new, changed)
            # As mysql_update: BEFORE triggers see every matched row (they may
            # change it), then an unchanged row is skipped, then the view's
            # CHECK OPTION is checked.
            if t.triggers:
                thd.fire_triggers(t, "BEFORE", "UPDATE", new, old, self.ctx)
            if has_generated(t):  # 1906, then computed: an ignored value leaves the row unchanged
                self._generated_columns(t, new, changed, wctx)
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
            if not self._row_passes_checks(t, new, up):
                res.matched -= 1
                continue
            if not self._update_or_ignore(t, slot, old, new, changed, up.ignore):  # type: ignore[arg-type]
                continue
            res.affected += 1
            if t.triggers:
                thd.fire_triggers(t, "AFTER", "UPDATE", new, old, self.ctx)
        if self.info.multi_update_trans is not None:  # run as a join: multi_update's is_trans
            self.info.multi_update_trans = t.transactional and res.affected > 0
        res.info = f"Rows matched: {res.matched}  Changed: {res.affected}  Warnings: {len(self.ctx.notes)}"
        return res

    def _single_compares(self, t: TableDef, name: str, up: A.Update, assigns: list[Any]) -> bool:
        """Whether an unchanged row is skipped without calling the engine (records_are_comparable).
        A single-table UPDATE MariaDB 11.x runs as a join is multi_update's: it compares
        the rows and logs as a multi-table UPDATE does (``multi_update_trans``)."""
        if self.info.single_as_join:
            self.info.multi_update_trans = False
            return True
        # MariaDB 11.8 does not count the ORDER BY's columns as read (probed: ``UPDATE t SET a = 2
        # WHERE b = 2 ORDER BY a`` over an unchanged InnoDB row ends with Xid; 10.11: COMMIT)
        order = up.order_by if self.thd.server.sysvars.order_by_marks_read else []
        return records_are_comparable(t, {ci for ci, _ in assigns}, _read_columns(
            t, [name], [up.where, *(e for _c, e in up.assignments), *(o.expr for o in order)]),
            self.thd.server.flavor.sql.update_reads_key_columns)

    def _assignments(self, t: TableDef, up: A.Update, comp: Compiler) -> list[Any]:
        """The SET list compiled; on MySQL a value for a generated column is 3105 here, while
        the statement is prepared (before any row)."""
        clause = self.thd.server.sysvars.single_update_values_clause
        per_row = self.thd.server.flavor.sql.default_checked_per_row
        assigns = [_update_assignment(t, c, e, comp, clause, per_row) for c, e in up.assignments]
        if self.thd.server.flavor.sql.generated_value_error:
            check_assigned(self.thd, t, {ci for (ci, _f), (_c, e) in zip(assigns, up.assignments)
                                         if not isinstance(e, A.Default)}, self.ctx.notes, 0)
        return assigns

    def _generated_columns(self, t: TableDef, new: list[Any], changed: set[int], wctx: WriteContext) -> None:
        """1906 for an assigned one, then each computed and stored as the row's other values
        are (1264 for an out-of-range value: a warning, or in strict mode the error)."""
        if not self.thd.server.flavor.sql.generated_value_error:  # else checked once, before any row
            check_assigned(self.thd, t, changed, self.ctx.notes, 0)
        update_generated(t, new, self.ctx, self.info, wctx, None,
                         self.thd.stmt.row_format and self.thd.binlog_row_image != "MINIMAL")

    def _row_passes_checks(self, t: TableDef, new: list[Any], up: A.Update) -> bool:
        """The view's CHECK OPTION, then the table's CHECK constraints: a row either refuses
        under IGNORE is skipped and not counted as matched (probed: ``Rows matched: 0``)."""
        return (up.check_option is None or self.view_check(t, new, up.check_option, up.ignore)) and (
            not t.checks or verify_checks(self.thd, t, new, self.ctx, self.info, up.ignore))

    def _update_or_ignore(self, t: TableDef, slot: int, old: list[Any], new: list[Any], changed: set[int],
                          ignore: bool) -> bool:
        """The row's duplicate key, then ha_update_row with
        InnoDB's foreign-key checks (1451/1452); under IGNORE a failing row is skipped, a
        duplicate or a foreign-key error without a warning (probed)."""
        dup = t.data.find_duplicate(new, ignore_slot=slot)
        if dup is not None:
            err = dup_entry_error(t, dup, self.thd)
            fk_refused = False
            if t.transactional and not t.temporary:
                try:
                    parent_row_change(self.thd, t, old, new, cascade=False)  # 1451 comes first
                except ServerError as fk_err:
                    if not ignore:
                        raise
                    err = fk_err  # IGNORE: its warning (9.7.4 probed: 1451, no 1062)
                    fk_refused = True
            if ignore:
                if not (fk_refused and self.thd.server.flavor.sql.fk_checked_before_handler):
                    self.thd.note_write_attempt(t)  # skipped without a warning in 10.11 (observed)
                self._ignored_warning(err)
                return False
            raise err
        try:
            self.update_slot(t, slot, old, new, changed | trigger_set_columns(t, "UPDATE"))
        except ServerError as err:
            if not ignore or err.code not in (1451, 1452):
                raise
            if not self.thd.server.flavor.sql.fk_checked_before_handler:
                self.thd.note_write_attempt(t)  # skipped without a warning, as a duplicate is (probed)
            self._ignored_warning(err)
            return False
        return True

    def _ignored_warning(self, err: ServerError) -> None:
        """UPDATE IGNORE's skipped row: MySQL's Ignore_error_handler turns the row's error (1062,
        1451, 1452) into a warning (9.7.4 probed: `UPDATE IGNORE t SET id = 1 WHERE id = 2` ->
        Warning 1062); MariaDB's mysql_update skips it silently."""
        if self.thd.server.flavor.sql.ignore_warns:
            self.ctx.notes.append(Note("Warning", err.code, err.message))

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
                # the stored JSON of a partial update keeps its old layout (field_json)
                new[ci] = keep_partial_update(new[ci], v, col.type.coerce(v, col.name, wctx) if v is not None else None)
        except ServerError as err:
            fill.failed(err)

    def update_multi(self, up: A.Update) -> DmlResult:
        all_tables, scope, assigns, written, plan = self._multi_update_prepare(up)
        reads = [up.where, *(r.on for r in up.tables), *(e for _c, e in up.assignments)]
        self._before_join_scan(plan, up.tables, all_tables, written, up.where, scope, not up.ignore, reads)
        combos = self._join_rows_aborting(up, all_tables, scope)
        mysql = self.thd.server.flavor.sql.mysql_comparisons
        cost_model = self.thd.server.sysvars.join_cost_model
        if (cost_model == "11.0" or mysql) and not plan.const:
            # 11.0's costs order a two-table join (join_cost_11), MySQL's nested loop reads the
            # table with fewer rows first (join_order_mysql): the rows are reached, and the
            # first table updated, in that order
            order = two_table_join_order(up.tables, all_tables, up.where, scope, written, reads, cost_model,
                                         update=True, mysql=mysql)
            if order is not None:
                plan.order = order
                combos = combos_in_plan_order(combos, plan.order, all_tables)
        res = DmlResult()
        # multi_update: the first table of the join order is updated during the scan when
        # safe_update_on_fly allows it; every other table afterwards from its temporary
        # table, in the written order (do_updates).
        main = plan.order[0]
        main_cols = {ci for ti, ci, _ in assigns if ti == main}
        read_by_set = set() if self.thd.server.flavor.sql.on_fly_despite_set_reads else \
            written_columns_read(up.assignments, main, scope)
        on_fly = main in written and safe_update_on_fly(plan, main, all_tables[main][1], main_cols, read_by_set)
        apply_order = ([main] if on_fly else []) + [ti for ti in sorted(written) if not (on_fly and ti == main)]
        changes = self._multi_update_scan(up, combos, all_tables, assigns, written, main if on_fly else None,
                                          _warning_rows(plan, all_tables))
        self._multi_update_apply(up, all_tables, assigns, apply_order, changes, res, main if on_fly else None,
                                 plan.const)
        res.info = f"Rows matched: {res.matched}  Changed: {res.affected}  Warnings: {len(self.ctx.notes)}"
        return res

    def _multi_update_prepare(self, up: A.Update) -> tuple[list[tuple[str, TableDef]], Scope, list[tuple[int, int, Any]],
                                                          set[int], JoinPlan]:
        """mysql_multi_update_prepare: the tables, the assignments compiled over the join, the plan."""
        all_tables = [(r.ref_name, self._open_ref(r)) for r in up.tables]
        scope = self._scope(all_tables)
        comp = Compiler(scope, self.info)
        targets = _resolve_multi_update_names(scope, up)
        assigns = []
        written: set[int] = set()
        self._field_sources: dict[tuple[int, int], Any] = {}
        for (_depth, ti, ci), (_c, e) in zip(targets, up.assignments):
            written.add(ti)
            # multi_update reads the new values as the select list of its join.
            assigns.append((ti, ci, comp.compile_in("SELECT", e)))
            if isinstance(e, A.ColumnRef) and self.thd.server.flavor.sql.field_copy_cuts:
                depth, sti, sci = scope.resolve(e)
                if depth == 0:
                    self._field_sources[(ti, ci)] = all_tables[sti][1].columns[sci].type
        for ti, ((name, t), r) in enumerate(zip(all_tables, up.tables)):
            if r.derived is not None:
                if ti in written:
                    raise error("ER_NON_UPDATABLE_TABLE", _derived_target_name(self.thd, r, name), "UPDATE")
                continue
            self.info.add(t, ti in written)
        plan = plan_join(up.tables, all_tables, up.where, scope)
        return all_tables, scope, assigns, written, plan

    def _multi_update_scan(self, up: A.Update, combos: Any, all_tables: list[tuple[str, TableDef]],
                           assigns: list[tuple[int, int, Any]], written: set[int], on_fly_table: int | None,
                           warning_rows: tuple[int, dict[int, int]] | None = None
                           ) -> dict[int, list[tuple[int, list[Any]]]]:
        """multi_update::send_data: each written table's new rows, by slot.

        Each written table's rows in the order the join first reaches them
        (later join rows reaching the same row change nothing), with their new values,
        computed table by table in the written order (send_data). A table updated on
        the fly (``on_fly_table``) is changed in place: later values read its new row
        (observed with a const first table), and its own SET list assigns one column
        after another.

        THD::really_abort_on_warning: under STRICT_TRANS_TABLES (not STRICT_ALL_TABLES)
        a warning stops the statement only until it has changed a non-transactional
        table (``modified_non_trans_table``): once the on-the-fly table, MyISAM, changed a
        row, a later value cut to fit an InnoDB column is a warning (still worded 1406,
        abort_on_warning) and the statement goes on (probed on 10.11 and 11.8).
        ``warning_rows``: (the scanned table, its rows' 1-based scan positions) when every
        other table is const: the row a warning names is the join's examined row
        (probed: the matched rows 1 and 4 of four warn ``at row 1`` and ``at row 4``).
        """
        mode = self.thd.vars.get("sql_mode")
        nontrans_changed = False
        changes: dict[int, list[tuple[int, list[Any]]]] = {ti: [] for ti in sorted(written)}
        on_fly_rows: dict[int, list[Any]] = {}
        done: set[tuple[int, int]] = set()
        for combo_rows, slots in combos:
            rows = list(combo_rows)
            if on_fly_table is not None and slots[on_fly_table] in on_fly_rows:
                rows[on_fly_table] = on_fly_rows[slots[on_fly_table]]  # type: ignore[index]
            env = self._env(rows)
            for ti in sorted(written):
                slot = slots[ti]
                if slot is None or (ti, slot) in done:
                    continue
                done.add((ti, slot))
                cur = list(rows[ti])
                if ti == on_fly_table:
                    rows[ti] = cur
                row_no = 1
                if warning_rows is not None and slots[warning_rows[0]] is not None:
                    row_no = warning_rows[1].get(slots[warning_rows[0]], 1)
                self._multi_update_new_values(up, all_tables[ti][1], ti, cur, assigns, env,
                                              nontrans_changed and "STRICT_ALL_TABLES" not in mode, row_no)
                if ti == on_fly_table:
                    if not all_tables[ti][1].transactional and cur != list(combo_rows[ti]):
                        nontrans_changed = True
                    on_fly_rows[slot] = cur
                changes[ti].append((slot, cur))
        return changes

    def _multi_update_new_values(self, up: A.Update, t: TableDef, ti: int, cur: list[Any],
                                 assigns: list[tuple[int, int, Any]], env: Env, warn_only: bool = False,
                                 row_no: int = 1) -> None:
        """fill_record for one row of table ``ti``: its SET list stored into ``cur``
        (``warn_only``: a non-transactional table already changed, see _multi_update_scan)."""
        thd = self.thd
        fill = FillRecord(thd.server.flavor.sql.fill_record_goes_on)
        for tti, ci, f in assigns:
            if tti != ti:
                continue
            self.ctx.condition_row.at(row_no)
            wctx = WriteContext(thd.is_strict(t, 0) and not warn_only, t.db, t.name, row_no, self.ctx.notes,
                                up.ignore, sql_mode=thd.vars.get('sql_mode'), counter=self.ctx.condition_row,
                                mysql_stores=thd.server.flavor.sql.mysql_field_stores,
                                timestamp_max=thd.server.sysvars.timestamp_max)
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
                src = self._field_sources.get((ti, ci))
                if src is not None:
                    # MySQL's fill_record copies a bare column with field_conv (9.7.4 probed: a
                    # VARCHAR(20) value into a VARCHAR(3) -> 1265, not 1406)
                    handled, cut = string_field_copy(src, col.type, v, col.name, wctx)
                    if handled:
                        cur[ci] = cut
                        continue
                cur[ci] = col.type.coerce(v, col.name, wctx) if v is not None else None
            except ServerError as err:
                fill.failed(err)
        fill.check()

    def _multi_update_apply(self, up: A.Update, all_tables: list[tuple[str, TableDef]],
                            assigns: list[tuple[int, int, Any]], apply_order: list[int],
                            changes: dict[int, list[tuple[int, list[Any]]]], res: DmlResult,
                            on_fly_table: int | None = None, const_tables: set[int] | None = None) -> None:
        """multi_update::do_updates: the new rows written, table by table in ``apply_order``."""
        thd = self.thd
        sql = thd.server.flavor.sql
        reads = [up.where, *(r.on for r in up.tables), *(e for _c, e in up.assignments)]
        # multi_update's transactional_tables: raised by a transactional table whose row
        # changed (an unchanged row InnoDB could not compare makes the engine read-write,
        # which sends the Query to the trx cache all the same: stmt_has_updated_trans_table).
        self.info.multi_update_trans = False
        for ti in apply_order:
            t = all_tables[ti][1]
            changed = {ci for tti, ci, _ in assigns if tti == ti}
            # MariaDB 11.8's multi_update compares every unchanged row (probed: an InnoDB row
            # whose assigned column was not read ends with COMMIT, not Xid)
            comparable = thd.server.sysvars.multi_update_compares_rows or records_are_comparable(
                t, changed, _read_columns(t, [all_tables[ti][0], t.name], reads), sql.update_reads_key_columns) or (
                thd.server.sysvars.multi_update_whole_row_reads and _whole_row_read(thd, t, ti in (const_tables or ())))
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
                        self._ignored_warning(dup_entry_error(t, dup, thd))
                        continue
                    err = dup_entry_error(t, dup, thd)
                    if ti != on_fly_table and thd.server.flavor.sql.multi_update_deferred_error:
                        # MySQL's Query_result_update::send_eof after a failed do_updates (a table
                        # not updated during the scan): my_message(ER_UNKNOWN_ERROR, ...) follows
                        # the row's error (9.7.4 probed: `UPDATE a, b SET a.id = a.id + 1 ...`), after
                        # the binlog write of what changed (its 1592 in STATEMENT: mtr_multi_update_dup_key)
                        err.after_log_notes = [Note("Error", 1105, "An error occurred in multi-table update")]
                    raise err
                if t.triggers:
                    thd.fire_triggers(t, "BEFORE", "UPDATE", new, old, self.ctx)
                self.update_slot(t, slot, old, new, changed | trigger_set_columns(t, "UPDATE"))
                if t.transactional:
                    self.info.multi_update_trans = True
                res.affected += 1
                if t.triggers:
                    thd.fire_triggers(t, "AFTER", "UPDATE", new, old, self.ctx)

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


def _update_assignment(t: TableDef, c: A.ColumnRef, e: A.Expr, comp: Compiler,
                       clause: str = "SET", default_per_row: bool = False) -> tuple[int, Any]:
    """One ``col = expr`` of a single-table UPDATE: the column and its compiled value
    (None: DEFAULT). DEFAULT for a column without one is refused while the UPDATE is
    prepared (Item_default_value::fix_fields), whatever the sql_mode (observed: 1364
    with sql_mode='', no row changed). ``clause``: what 1054 names for the value (the
    flavour's; 11.8 resolves it as a multi-table UPDATE does, 'SELECT'). ``default_per_row``
    (MySQL): Item_default_value::save_in_field warns 1364 for each row it stores, an error
    where the store aborts, else the type's zero (9.7.4 probed; no row, no 1364)."""
    ci = _column_in(t, c.name, "SET")
    if isinstance(e, A.Default):
        if _lacks_default(t.columns[ci]) and default_per_row:
            col = t.columns[ci]

            def no_default(env: Any) -> Any:
                env.ctx.notes.append(Note("Warning", 1364, f"Field '{col.name}' doesn't have a default value"))
                return col.type.default_value()
            return ci, no_default
        if _lacks_default(t.columns[ci]):
            raise error("ER_NO_DEFAULT_FOR_FIELD", t.columns[ci].name)
        return ci, None
    return ci, comp.compile_in(clause, e)


def _whole_row_read(thd: Any, t: TableDef, const: bool) -> bool:
    """MySQL's read set holds the whole row (so records_are_comparable): a const table's, read
    at optimization (9.7.4 probed: `UPDATE t JOIN n ON t.a = n.a SET t.b = n.b WHERE t.a = 1`
    over an unchanged row ends with COMMIT, without the WHERE with Xid), and a row-logged
    statement's with binlog_row_image FULL or a table without a primary key
    (TABLE::mark_columns_per_binlog_row_image; the same UPDATE in ROW logs nothing)."""
    if const:
        return True
    no_pk = not any(k.kind == "PRIMARY" for k in t.keys)
    return bool(thd.stmt.row_format) and (thd.binlog_row_image == "FULL" or no_pk)


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


def _note_store_zone(thd: Any, t: TableDef, new: list[Any], changed: set[int]) -> None:
    """MySQL: an UPDATE's stores read the zone before the row is compared, so an unchanged row
    counts too (9.7.4 observed: `UPDATE t1 SET c_dt = '2023-04-18 03:30:00'` that changes no
    row: SYSTEM, fidlog_innodb_reads_its_primary_key)."""
    if thd.server.flavor.sql.datetime_store_uses_time_zone:
        note_row_stores(thd, t, new, changed)


def table_map_for_update(thd: Any, stmt: A.Update) -> int:
    """thd->table_map_for_update: bit i set when the i-th table of a multi-table UPDATE is
    assigned to (table->map). MySQL 9.7 sets it for a single-table UPDATE too (1); MariaDB
    does not. A trigger the statement fires clears it (routines.py)."""
    if len(stmt.tables) == 1:
        return 1 if thd.server.flavor.events.single_update_map else 0
    # MySQL's parser turns `a RIGHT JOIN b` into `b LEFT JOIN a` (the convert_right_join
    # policy): b's table->map comes first (9.7.4: `UPDATE t2 RIGHT JOIN t1 ... SET t2.b = 5` 9=2)
    order = right_join_order(stmt.tables) if thd.server.flavor.sql.convert_right_join else stmt.tables
    refs = [(r.ref_name.lower(), thd.find_table(r.table)) for r in order]
    bits = 0
    for col, _e in stmt.assignments:
        for i, (name, t) in enumerate(refs):
            if (col.table.lower() == name if col.table else
                    t is not None and any(c.name.lower() == col.name.lower() for c in t.columns)):
                bits |= 1 << i
                break
    return bits


def runs_as_join(thd: Any, stmt: A.Statement) -> bool:
    """MariaDB 11.x (``SysvarProfile.single_table_subquery_as_join``): a single-table DELETE
    or UPDATE with an IN subquery runs as the multi-table statement
    (harness/sql/opt/subquery_join.py); an UPDATE not with both ORDER BY and LIMIT
    (``processing_as_multitable_update_prohibited``). The statement as written: a view's
    own IN subquery does not count (probed: ``UPDATE vs SET b = 's'`` logs as 10.11 does)."""
    if not thd.server.sysvars.single_table_subquery_as_join:
        return False
    if isinstance(stmt, A.Delete):
        return not stmt.targets and len(stmt.tables) == 1 and in_subquery_runs_as_join(stmt.where)
    return (isinstance(stmt, A.Update) and len(stmt.tables) == 1 and not (stmt.order_by and stmt.limit is not None)
            and in_subquery_runs_as_join(stmt.where))


def deletes_as_multi_table(thd: Any, stmt: A.Statement) -> bool:
    """Whether a DELETE runs through the multi-table code, whose send_eof sets
    thread_specific_used before logging (header flags 0x4, observed): the multi-table syntax,
    and on MySQL a single-table DELETE its IN/EXISTS subquery switches there (the statement
    with its views merged; 9.7.4 observed: `DELETE FROM u WHERE a IN (WITH c AS (SELECT 2 AS
    a) SELECT a FROM c)` and `DELETE FROM vs`, vs a view `WHERE a IN (SELECT a FROM n)`: 0x4)."""
    if not isinstance(stmt, A.Delete):
        return False
    return bool(stmt.targets) or (thd.server.sysvars.subquery_delete_as_multi_table
                                  and mysql_switches_to_multi_table(stmt))


def log_as_multi_table(thd: Any, stmt: A.Statement) -> None:
    """What the multi-table code gives a statement ``runs_as_join`` picked: the DELETE's Query
    thread-specific (multi_delete::send_eof), the UPDATE's Q_TABLE_MAP_FOR_UPDATE = 1."""
    if isinstance(stmt, A.Delete):
        thd.stmt_log.thread_specific = True
    else:
        thd.stmt_log.table_map_for_update = 1


def _warning_rows(plan: Any, tables: list[tuple[str, TableDef]]) -> tuple[int, dict[int, int]] | None:
    """(the one non-const table, its slots' 1-based scan positions) when every other table
    of the join is const, else None (the examined-row count of deeper joins is not modelled)."""
    rest = [ti for ti in plan.order if ti not in plan.const]
    if len(rest) != 1:
        return None
    return rest[0], {slot: i + 1 for i, (slot, _row) in enumerate(tables[rest[0]][1].data.scan())}


def _derived_target_name(thd: Any, ref: A.TableRef, name: str) -> str:
    """The table 1288 names for a multi-table UPDATE of a derived table: MySQL merges a simple
    one (one base table, no grouping, DISTINCT, LIMIT or UNION) -- a non-recursive CTE too -- into
    the query and names its base table (9.7.4 observed: `UPDATE t, (SELECT a FROM n) AS d SET d.a
    = 1` -> `The target table n of the UPDATE is not updatable`; `WITH c AS (SELECT a FROM t)
    UPDATE t, c SET c.a = 1` -> `t`; SqlDialect.derived_merge_names_base); MariaDB the alias."""
    d = ref.derived
    if d is None or (ref.cte is not None and ref.cte.recursive) or not thd.server.flavor.sql.derived_merge_names_base:
        return name
    simple = (len(d.from_) == 1 and d.from_[0].derived is None and not d.group_by and d.having is None
              and not d.distinct and d.limit is None and not d.union)
    return d.from_[0].table.name if simple else name
