"""INSERT, REPLACE and INSERT ... SELECT / ON DUPLICATE KEY UPDATE (the server's ``sql_insert.cc``)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable

from harness.sql.handler.autoinc import AutoIncrement
from harness.sql.handler.catalog import TableDef
from harness.sql.handler.check_constraints import verify_checks
from harness.sql.handler.foreign_keys import check_child_row
from harness.sql.handler.generated_columns import check_assigned, generated_write_set, has_generated, update_generated
from harness.sql.handler.prelock import on_duplicate_unique_keys, on_duplicate_write_set
from harness.sql.handler.row_locks import insert_check, lock_row, uses_row_locks
from harness.sql.handler.storage import DuplicateKey
from harness.sql.item import temporal as T
from harness.sql.item.column_types import WriteContext, ZeroDate
from harness.sql.item.expr import Compiler, Env, Scope
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import UnsupportedError
from harness.sql.item.field_store import string_field_copy
from harness.sql.opt.joinplan import plan_join
from harness.sql.sql_errors import Note, ServerError, error, note
from harness.sql.stmt.fill_record import (
    _BAD_NULL,
    FillRecord,
    FillRecordStop,
    _column_in,
    _lacks_default,
    _rows_equal,
    _warning_1364,
    dup_entry_error,
    eval_aborting_on_warning,
    raise_new_warnings,
    trigger_set_columns,
)
from harness.sql.stmt.sql_result import DmlResult, ResultColumn, SelectResult
from harness.sql.stmt.time_zone import note_buffered_rows, note_field_copy, note_row_stores
from harness.sql.stmt.sql_select import WRITE, SelectExecutor, _assigns, _pure, _walk_refs


@dataclass
class _InsertPlan:
    """What mysql_insert prepares once for all rows of one INSERT."""

    t: TableDef
    col_idx: list[int]
    source_rows: list[list[Any]] | None = None  # INSERT ... SELECT: the SELECT's rows
    row_numbers: list[int] | None = None        # and the row numbers its warnings carry
    odku_sources: list[Any] = field(default_factory=list)   # SELECT columns ON DUPLICATE KEY UPDATE names
    odku_hidden: list[list[Any]] = field(default_factory=list)  # their values, per source row
    compiled_rows: list[list[Any]] | None = None  # INSERT ... VALUES: each row's compiled values
    ondup: list[tuple[int, Any, str]] = field(default_factory=list)
    ondup_write_set: set[int] = field(default_factory=set)
    dup_scope_comp: Any = None
    n_rows: int = 0
    env: Any = None
    alloc: AutoIncrement | None = None
    stored_upto: int = 0  # the row's values fill_record has stored (the failed one included)
    # INSERT ... SELECT: each select item's column type where it is a bare column (MySQL's
    # fill_record copies those with field_conv: SqlDialect.field_copy_cuts)
    source_types: list[Any] | None = None

    @property
    def single_values_row(self) -> bool:
        return self.compiled_rows is not None and len(self.compiled_rows) == 1


@dataclass
class _InsertTally:
    """The counts mysql_insert keeps while it writes (info.copied, info.deleted + info.updated)."""

    res: DmlResult = field(default_factory=DmlResult)
    last_auto: Any = None
    copied: int = 0
    deleted_or_updated: int = 0


class InsertExecutor(SelectExecutor):
    """INSERT and REPLACE: rows in, duplicates, AUTO_INCREMENT, triggers."""

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
        plan = self._prepare_insert(ins)
        tally = _InsertTally()
        for i in range(plan.n_rows):
            self._insert_row(ins, plan, i, tally)
        return self._insert_result(ins, plan, tally)

    def _prepare_insert(self, ins: A.Insert) -> _InsertPlan:
        """mysql_insert's preparation: the table, the columns, the rows' sources, ON DUPLICATE KEY UPDATE."""
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
        plan = _InsertPlan(t, col_idx)
        if ins.select is not None:
            self.info.is_insert_select = True
            self.info.is_replace_select = ins.replace
            self.info.is_insert_ignore_select = ins.ignore
            plan.odku_sources = _odku_source_refs(thd, t, ins) if ins.on_duplicate else []
            sel = ins.select
            if plan.odku_sources:
                # The SELECT's columns the UPDATE part names ride along as hidden items.
                sel = dataclasses.replace(sel, items=[*sel.items, *(A.SelectItem(r) for r in plan.odku_sources)])
            source_rows, plan.row_numbers = self._insert_source_rows(t, sel, ins.ignore)
            if plan.odku_sources:
                k = len(plan.odku_sources)  # the hidden items are the last k columns (a * expands before them)
                plan.odku_hidden = [r[len(r) - k:] for r in source_rows]
                source_rows = [r[:len(r) - k] for r in source_rows]
            plan.source_rows = source_rows
            plan.source_types = getattr(self, "_source_types", None)
            rows_exprs = None
        else:
            rows_exprs = ins.rows or []
        scope = Scope([(t.name, t)])
        comp = Compiler(Scope([]), self.info)
        plan.dup_scope_comp = Compiler(scope, self.info)
        plan.ondup = [(_column_in(t, c.name, "UPDATE"), None if isinstance(e, A.Default) else
                       plan.dup_scope_comp.compile_in(
                           "SELECT", _bind_refs(e, {id(r): A.Literal(None) for r in plan.odku_sources})),
                       c.name)
                      for c, e in ins.on_duplicate]
        if ins.on_duplicate:
            self.info.insert_on_dup_unique_keys = on_duplicate_unique_keys(
                t, ins, thd.server.flavor.sql.odku_counts_all_unique_keys)
            self.info.insert_on_duplicate = True
        plan.ondup_write_set = on_duplicate_write_set(t, ins) if ins.on_duplicate else set()
        if rows_exprs is not None:
            compiled_rows: list[list[Any]] = []
            for r in rows_exprs:
                if len(r) != len(col_idx):
                    raise error("ER_WRONG_VALUE_COUNT_ON_ROW", len(compiled_rows) + 1)
                compiled_rows.append([None if isinstance(e, A.Default) else comp.compile_in("VALUES", e) for e in r])
            plan.compiled_rows = compiled_rows
        plan.n_rows = len(plan.compiled_rows) if plan.compiled_rows is not None else len(plan.source_rows)  # type: ignore[arg-type]
        plan.env = Env(self.ctx)
        plan.alloc = (AutoIncrement(t, plan.n_rows if plan.compiled_rows is not None else 0)
                      if t.auto_inc_col is not None else None)
        return plan

    def _fill_insert_row(self, ins: A.Insert, plan: _InsertPlan, i: int
                         ) -> tuple[list[Any], set[int], list[int]]:
        """fill_record for the ``i``-th row: (the row, its write set, the NOT NULL columns given NULL
        that a BEFORE trigger may still set)."""
        thd, t, col_idx = self.thd, plan.t, plan.col_idx
        own = plan.row_numbers[i] if plan.row_numbers else i + 1
        self.ctx.condition_row.at(own)
        wctx = WriteContext(self._insert_strict(t, i), t.db, t.name, own, self.ctx.notes, ins.ignore,
                            sql_mode=thd.vars.get('sql_mode'), counter=self.ctx.condition_row,
                            mysql_stores=thd.server.flavor.sql.mysql_field_stores,
                            timestamp_max=thd.server.sysvars.timestamp_max)
        row = self.default_row(t, wctx)
        # the write set: every listed column, a DEFAULT one too (NOBLOB/MINIMAL images)
        specified: set[int] = set(col_idx)
        fill = FillRecord(ins.columns is not None and self.thd.server.flavor.sql.fill_record_goes_on,
                          row_notes=self.ctx.notes)
        if plan.compiled_rows is not None:
            values = [eval_aborting_on_warning(f, plan.env, self.ctx.notes, wctx.strict and not ins.ignore,
                                               function_fill=fill)
                      if f is not None else _DEFAULT for f in plan.compiled_rows[i]]
        else:
            values = plan.source_rows[i]  # type: ignore[index]
            if len(values) != len(col_idx):
                raise error("ER_WRONG_VALUE_COUNT_ON_ROW", i + 1)
        # With a BEFORE INSERT trigger, a NULL for a NOT NULL column is only
        # refused after the trigger ran (it may set NEW.col): the server's
        # not_null_fields_have_null_values().
        # Table_triggers_list::prepare_record_accessors: the nullable trigger fields
        # exist for a BEFORE INSERT *or* BEFORE UPDATE trigger (probed).
        before_trg = bool(t.triggers_for("BEFORE", "INSERT") or t.triggers_for("BEFORE", "UPDATE"))
        null_cols: list[int] = []
        try:
            self._store_values(t, i, ins, plan, row, wctx, fill, values, before_trg, null_cols)
        except ServerError as err:
            if plan.compiled_rows is None and thd.server.flavor.sql.no_default_check_per_row:
                self._no_default_after_failed_store(t, ins, plan, err)
            raise
        if thd.server.flavor.sql.datetime_store_uses_time_zone:
            # MySQL: fill_record's stores read the zone whatever then becomes of the row (a
            # duplicate, IGNORE's skip; 9.7.4 observed: an INSERT ... SELECT ... ON DUPLICATE KEY
            # UPDATE whose every row is a duplicate carries SYSTEM)
            note_row_stores(thd, t, row, {ci for ci, v in zip(col_idx, values) if v is not _DEFAULT})
        if has_generated(t):
            update_generated(t, row, self.ctx, self.info, wctx, fill,
                             thd.stmt.row_format and thd.binlog_row_image != "MINIMAL"
                             or thd.server.flavor.sql.insert_stores_virtual_columns)
        fill.check()
        return row, specified, null_cols

    def _no_default_after_failed_store(self, t: TableDef, ins: A.Insert, plan: _InsertPlan,
                                       err: ServerError) -> None:
        """MySQL's Query_result_insert::store_values checks the row's columns without a
        default even after a store failed (9.7.4 observed: `REPLACE INTO t2 (id, c_dt, ...)
        SELECT ...` lists 1366 for id, then 1364 for c_dt): the failed column and those before
        it were marked given (put_value_to_field marks before it stores), the later ones not;
        ON DUPLICATE KEY UPDATE's write set makes none given (odku_columns_given; 9.7.4 probed:
        `... SELECT c_blob, id, c_dt, id FROM t1 ON DUPLICATE KEY UPDATE c_dt = VALUES(c_dt)`
        -> 1366 for id, then 1364 for c_blob)."""
        given = set(plan.col_idx[:plan.stored_upto])
        if self.thd.server.flavor.sql.odku_columns_given:
            given |= plan.ondup_write_set
        if t.triggers:
            given |= trigger_set_columns(t, "INSERT", reads=False)
        err.trailing_notes.extend(Note("Error", 1364, f"Field '{col.name}' doesn't have a default value")
                                  for ci, col in enumerate(t.columns) if ci not in given and _lacks_default(col))

    def _store_values(self, t: TableDef, i: int, ins: A.Insert, plan: _InsertPlan, row: list[Any],
                      wctx: WriteContext, fill: FillRecord, values: Any, before_trg: bool,
                      null_cols: list[int]) -> None:
        """fill_record's stores of one row's values into ``row``."""
        for k, (ci, v) in enumerate(zip(plan.col_idx, values)):
            plan.stored_upto = k + 1
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
                    self._null_into_not_null(t, row, ci, i, ins.ignore, plan.single_values_row,
                                             ins.columns is not None)
                    continue
                src = plan.source_types[k] if plan.source_types and k < len(plan.source_types) else None
                if src is not None:
                    note_field_copy(self.thd, t, ci, src, col.type)
                handled, cut = string_field_copy(src, col.type, v, col.name, wctx) if src is not None \
                    else (False, v)
                # MySQL copies a bare column with field_conv: 1265 for a cut string (9.7.4 probed)
                row[ci] = cut if handled else col.type.coerce(v, col.name, wctx) if v is not None else None
            except ServerError as err:
                fill.failed(err)
                if has_generated(t):  # the field holds the clipped value the generated columns read
                    row[ci] = col.type.coerce(v, col.name, WriteContext(False, t.db, t.name))

    def _insert_row(self, ins: A.Insert, plan: _InsertPlan, i: int, tally: _InsertTally) -> None:
        """write_record for the ``i``-th row: triggers, AUTO_INCREMENT, duplicates, the write."""
        thd, t = self.thd, plan.t
        row, specified, null_cols = self._fill_insert_row(ins, plan, i)
        self.ctx.autoinc_row = i + 1
        generated, skipped = self._triggers_and_auto_increment(
            t, row, specified, plan.alloc, {ci for ci, _f, _n in plan.ondup}, ins.ignore,
            self._insert_strict(t, i) and not ins.ignore,
            checks=lambda: self._constraints_pass(t, row, ins, plan.single_values_row))
        if skipped:
            return
        for ci in null_cols:
            if row[ci] is None:
                # not_null_fields_have_null_values: 1048 alone, fill_record's store
                # succeeded so it adds no 1105 (probed).
                self._null_into_not_null(t, row, ci, i, ins.ignore, plan.single_values_row, False)
        if not self._row_checks_pass(t, row, ins, generated, plan.alloc):
            return
        dup = self._find_duplicate_locked(t, row, "X" if ins.replace or ins.on_duplicate else "S")
        if dup is not None:
            self._insert_duplicate(ins, plan, i, tally, row, dup, specified, generated)
            return
        if t.foreign_keys and not self._child_row_ok(t, row, generated, plan.alloc, ins.ignore):
            return
        self._explicit_auto_increment(t, row, generated, plan.alloc)
        # TABLE::write_set: the columns ON DUPLICATE KEY UPDATE assigns are in it for the
        # inserted rows too (a NOBLOB/MINIMAL Write_rows image holds them; observed).
        self.write_row(t, row, specified | trigger_set_columns(t, "INSERT") | plan.ondup_write_set)
        tally.res.affected += 1
        tally.copied += 1
        if t.auto_inc_col is not None:
            tally.last_auto = row[t.auto_inc_col]
        if t.triggers:
            thd.fire_triggers(t, "AFTER", "INSERT", row, None, self.ctx)

    def _insert_duplicate(self, ins: A.Insert, plan: _InsertPlan, i: int, tally: _InsertTally, row: list[Any],
                          dup: Any, specified: set[int], generated: Any) -> None:
        """The row collides with ``dup``: REPLACE, ON DUPLICATE KEY UPDATE, IGNORE, or error 1062."""
        t = plan.t
        if ins.replace:
            replaced = self._replace_written(t, row, dup, specified, generated, plan.alloc)
            tally.res.affected += replaced
            tally.copied += 1
            tally.deleted_or_updated += replaced - 1
            return
        if generated is not None:
            # write_record: an ON DUPLICATE KEY UPDATE row whose UPDATE did not take
            # the generated value restores it for the next row (restore_auto_increment;
            # observed: the new row after a duplicate gets the value)
            plan.alloc.give_back(generated, skipped=ins.ignore or bool(ins.on_duplicate))  # type: ignore[union-attr]
        # InnoDB registered the write attempt: the group ends with Xid even if no row changes.
        self.thd.note_write_attempt(t)
        if ins.on_duplicate:
            row_ondup = plan.ondup
            if plan.odku_sources:
                # The SELECT's values of this row stand in for its columns.
                bound = {id(r): A.Literal(v) for r, v in zip(plan.odku_sources, plan.odku_hidden[i])}
                row_ondup = [(ci, plan.dup_scope_comp.compile(_bind_refs(e, bound))
                              if not isinstance(e, A.Default) else None, c.name)
                             for (ci, _f, _n), (c, e) in zip(plan.ondup, ins.on_duplicate)]
            changed = self.on_duplicate_update(
                t, row, dup, row_ondup, plan.ondup_write_set,
                null_rule=(i, ins.ignore, plan.single_values_row, plan.compiled_rows is None))
            tally.res.affected += changed
            tally.deleted_or_updated += changed == 2
            _note_ignored_row(self.thd, t)
            return
        if ins.ignore:
            self.ctx.notes.append(_as_warning(dup_entry_error(t, dup, self.thd)))
            _note_ignored_row(self.thd, t)
            return
        raise dup_entry_error(t, dup, self.thd)

    def _insert_result(self, ins: A.Insert, plan: _InsertPlan, tally: _InsertTally) -> DmlResult:
        """my_ok's figures for INSERT: the insert id and, for several rows, the info text."""
        res = tally.res
        last_auto = tally.last_auto
        n_rows = plan.n_rows
        # The OK packet's insert id (mysql_insert): the first generated value, else the
        # AUTO_INCREMENT column of the last row inserted (an explicit id; probed: 100
        # for INSERT IGNORE ... VALUES (1, 5), (100, 6) whose first row is a duplicate).
        # The id is a ulonglong: a negative explicit id (-4 stored in a signed column)
        # is sent as 2**64 - 4 (my_ok's ulonglong; observed as an OK, not an error).
        res.last_insert_id = (self.ctx.stmt_insert_id or (last_auto if isinstance(last_auto, int) else 0)) % (1 << 64)
        if n_rows > 1 or ins.select is not None:
            # ER_INSERT_INFO: with IGNORE the rows not inserted, else the rows REPLACE deleted
            # and ON DUPLICATE KEY UPDATE changed (probed: Duplicates: 1 for an ignored dup).
            dups = n_rows - tally.copied if ins.ignore and not ins.on_duplicate else tally.deleted_or_updated
            res.info = f"Records: {n_rows}  Duplicates: {dups}  Warnings: {len(self.ctx.notes)}"
        return res

    def _triggers_and_auto_increment(self, t: TableDef, row: list[Any], specified: set[int],
                                     alloc: "AutoIncrement | None", ondup_cols: set[int],
                                     ignore: bool, abort: bool,
                                     checks: Callable[[], bool] | None = None) -> tuple[int | None, bool]:
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
            # MySQL: an explicit NULL too (set_field_to_null_with_conversions resets the
            # next_number_field to 0 before a trigger field could hold NULL)
            explicit_null_zero = (self.thd.server.flavor.sql.trigger_autoinc_null_is_zero
                                  and "NO_AUTO_VALUE_ON_ZERO" not in str(self.thd.vars.get("sql_mode") or ""))
            if ai is not None and (ai not in specified or explicit_null_zero) and row[ai] is None \
                    and t.triggers_for("BEFORE", "INSERT"):
                row[ai] = 0
            self._before_insert_triggers(t, row, abort)
        elif id(t) in self.ctx.no_default_per_row:
            self._no_default_row(t, abort)
        if checks is not None and not checks():
            return None, True  # a CHECK refused the row before the engine gave it a value (probed: no INSERT_ID)
        self.ctx.autoinc_aborts = abort and not ignore
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
        self.thd.fire_triggers(t, "BEFORE", "INSERT", row, None, self.ctx)
        if self.thd.server.flavor.sql.no_default_check_per_row:
            self._null_after_triggers(t, row, abort)
        self._no_default_row(t, abort)

    def _null_after_triggers(self, t: TableDef, row: list[Any], abort: bool) -> None:
        """MySQL's fill_record_n_invoke_before_triggers -> check_inserting_record: a NOT NULL
        column the row or its triggers left NULL fails a row that aborts on warnings with 1048
        before check_that_all_fields_are_given_values' 1364 (9.7.4
        [bytes] fw_before_trigger_error_precedes_missing_field: DATE_ADD over a zero date in
        SET NEW.c_dt -> 1048 for c_dt, not 1364 for the omitted c_int)."""
        if not abort:
            return  # the row's NOT NULL check (fill loop) warns or fails as without a trigger
        omitted = {c.message for c in self.ctx.no_default_per_row.get(id(t), ())}
        for ci, col in enumerate(t.columns):
            if row[ci] is None and not (col.nullable or col.auto_increment) \
                    and f"Field '{col.name}' doesn't have a default value" not in omitted:
                raise error("ER_BAD_NULL_ERROR", col.name)

    def _no_default_row(self, t: TableDef, abort: bool) -> None:
        """The row's 1364 for each column without a default it leaves unset: warnings, or
        an error where the row aborts on warnings -- the first column's (MariaDB's
        not_null_fields_have_null_values), every column's where the flavour checks each
        row (MySQL's check_that_all_fields_are_given_values pushes one per field)."""
        conds = self.ctx.no_default_per_row.get(id(t), ())
        per_row = self.thd.server.flavor.sql.no_default_check_per_row
        if abort and conds:
            err = ServerError(conds[0].code, conds[0].message, conds[0].sqlstate)
            if per_row:
                err.trailing_notes.extend(Note("Error", c.code, c.message) for c in conds[1:])
            raise err
        if per_row:
            # 9.7.4 observed: a column's warning once per statement, however many rows
            # (`INSERT INTO t1 (c_x) VALUES (1), (2)`, non-strict: one 1364 per column)
            warned = self.ctx.warned_no_default
            conds = [c for c in conds if (id(t), c.message) not in warned]
            warned.update((id(t), c.message) for c in conds)
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
            if column_list and self.thd.server.flavor.sql.null_list_unknown_error:
                err.trailing_notes.append(note("Error", "ER_UNKNOWN_ERROR"))
            raise err
        if self._insert_strict(t, i) and not ignore:
            raise error("ER_BAD_NULL_ERROR", col.name)
        self._warn_bad_null(t, ci)
        row[ci] = col.type.default_value()

    def _warn_bad_null(self, t: TableDef, ci: int) -> None:
        """The row's 1048 warning for a NULL stored into NOT NULL column ``ci``. MySQL's
        Field::set_warning pushes ER_BAD_NULL_ERROR once per field (Field::m_warnings_pushed,
        BAD_NULL_ERROR_PUSHED; Field::reset_warnings when the INSERT starts), so an INSERT or
        REPLACE, its SELECT rows and ON DUPLICATE KEY UPDATE part included, warns once per
        column (9.7.4 probed; UPDATE and CREATE ... SELECT warn per row). MariaDB per row."""
        if self.thd.server.flavor.sql.bad_null_warned_once:
            key = (id(t), 1048, ci)
            if key in self.ctx.warned_no_default:
                return
            self.ctx.warned_no_default.add(key)
        self.ctx.notes.append(note("Warning", "ER_BAD_NULL_ERROR", t.columns[ci].name))

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
        changed = self.thd.stmt.changed_nontrans or self.thd.stmt.changed_nontrans_temp
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
        self._col_idx = col_idx  # the statement's columns, for the generated columns' 1906
        write_set = set(col_idx)
        if ins.on_duplicate and self.thd.server.flavor.sql.odku_columns_given:
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
        if before_trg and self.thd.server.flavor.sql.trigger_fields_hide_enum_default:
            # an ENUM's implicit first member does not fill the nullable trigger field
            missing += [c for ci, c in enumerate(t.columns) if ci not in write_set and c.implicit_default and not c.nullable]
        if missing and (before_trg or self.thd.server.flavor.sql.no_default_check_per_row):
            # The nullable trigger fields (prepare_record_accessors) hold NULL for the
            # column in every row: not_null_fields_have_null_values checks it per row, after
            # the row is stored (probed), in the row loop (_before_insert_triggers). MySQL
            # 8.0+ checks every row so, trigger or not (Sql_cmd_insert_values::execute_inner,
            # Query_result_insert::store_values: check_that_all_fields_are_given_values
            # after the row's fill_record; no row, no 1364).
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
            if hi is not None and self.thd.server.flavor.sql.autoinc_past_max_stores and \
                    (nxt > hi or (alloc.reserves and alloc.interval_end - 1 > hi)):
                nxt = self._autoinc_past_max(t, ai, alloc, nxt, hi)
            elif hi is not None and nxt > hi:
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

    def _autoinc_past_max(self, t: TableDef, ai: int, alloc: AutoIncrement, nxt: int, hi: int) -> int:
        """MySQL: the value handler::update_auto_increment stores past the type's maximum
        (9.7.4 probed). InnoDB's get_auto_increment fails an interval of several values
        that crosses the maximum (1467) and hands out the maximum itself for one (a
        duplicate next); another engine's value is stored like any number: 1264 and the
        maximum -- the row's error where it aborts, listed with print_error's
        HA_ERR_AUTOINC_ERANGE (1264 naming the table 'at row 167'), else a warning."""
        if alloc.reserves:
            if alloc.interval_end - nxt > 1:
                raise error("ER_AUTOINC_READ_FAILED")
            return hi
        col, row_no = t.columns[ai].name, getattr(self.ctx, "autoinc_row", 1)
        message = f"Out of range value for column '{col}' at row {row_no}"
        if getattr(self.ctx, "autoinc_aborts", False):
            err = ServerError(1264, message, "22003")
            err.trailing_notes.append(Note("Error", 1264, f"Out of range value for column '{t.name}' at row 167"))
            raise err
        self.ctx.notes.append(Note("Warning", 1264, message))
        return hi

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

    def _constraints_pass(self, t: TableDef, row: list[Any], ins: A.Insert, single_row: bool) -> bool:
        """After the BEFORE triggers, before an AUTO_INCREMENT value is generated: the
        generated columns (1906 for one the statement gave a value), then the CHECK
        constraints (4025): a row one refuses under IGNORE is skipped -- but on MariaDB 10.11
        IGNORE does not soften a CHECK of a one-row INSERT ... VALUES/SET, which fails with
        4025 (probed; INSERT IGNORE ... SELECT of one row warns; 11.8 warns: MDEV-32439)."""
        if has_generated(t):
            i = self.ctx.autoinc_row - 1
            given = {ci for ci, e in zip(self._col_idx, ins.rows[i]) if not isinstance(e, A.Default)} \
                if ins.rows is not None and i < len(ins.rows) else set(self._col_idx)
            check_assigned(self.thd, t, given, self.ctx.notes, i)
            update_generated(t, row, self.ctx, self.info)
        return not t.checks or verify_checks(self.thd, t, row, self.ctx, self.info, ins.ignore and not (
            single_row and self.thd.server.sysvars.ignore_keeps_single_row_check_error))

    def _row_checks_pass(self, t: TableDef, row: list[Any], ins: A.Insert, generated: int | None,
                         alloc: AutoIncrement | None) -> bool:
        """The view's CHECK OPTION: a row it refuses under IGNORE is skipped and its generated
        AUTO_INCREMENT value given back."""
        if ins.check_option is None or self.view_check(t, row, ins.check_option, ins.ignore):
            return True
        if generated is not None:
            alloc.give_back(generated, skipped=True)  # type: ignore[union-attr]
        return False

    def _child_row_ok(self, t: TableDef, row: list[Any], generated: int | None, alloc: AutoIncrement | None,
                      ignore: bool) -> bool:
        """InnoDB's foreign-key check of the row it inserts (row_ins_check_foreign_constraint):
        1452, or under IGNORE a warning, the row skipped and the generated AUTO_INCREMENT value
        given back (write_record's restore_auto_increment); an explicit value does not raise
        the counter (probed: the next INSERT_ID is the failed row's)."""
        try:
            check_child_row(self.thd, t, row)
        except ServerError as err:
            if not ignore:
                raise
            if not self.thd.server.flavor.sql.fk_checked_before_handler:
                self.thd.note_write_attempt(t)
            self.ctx.notes.append(_as_warning(err))
            if generated is not None:
                alloc.give_back(generated, skipped=True)  # type: ignore[union-attr]
            return False
        return True

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
        if has_generated(t):
            specified = specified | generated_write_set(
                t, by_dependency=self.thd.server.flavor.sql.generated_write_set_by_dependency)
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
        # ... and the table is not a foreign key's parent (handler::referenced_by_foreign_key;
        # probed: REPLACE over a referenced row deletes it, 1451 under RESTRICT).
        in_place = not t.triggers_for("BEFORE", "DELETE") and not t.triggers_for("AFTER", "DELETE") and not (
            t.transactional and self.thd.catalog.referencing(t.db, t.name))
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
            self._replace_delete(t, dup.slot, old, row)
            affected += 1
            dup = t.data.find_duplicate(row)  # type: ignore[assignment]
        self.write_row(t, row, specified)
        return affected + 1

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
                            sql_mode=self.thd.vars.get('sql_mode'),
                            mysql_stores=self.thd.server.flavor.sql.mysql_field_stores,
                            timestamp_max=self.thd.server.sysvars.timestamp_max)
        changed: set[int] = set()
        fill = FillRecord(self.thd.server.flavor.sql.fill_record_goes_on)
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
                        if not t.columns[ci].auto_increment and self.thd.server.flavor.sql.ignore_warns:
                            # MySQL's Ignore_error_handler turns the 1048 into a warning (9.7.4
                            # probed: INSERT IGNORE ... SELECT ... ON DUPLICATE KEY UPDATE c = NULL)
                            self._warn_bad_null(t, ci)
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
            raise dup_entry_error(t, dup2, self.thd)
        written = changed | write_set | trigger_set_columns(t, "UPDATE")
        if self.thd.server.flavor.sql.odku_update_writes_all:
            written = set(range(len(t.columns)))
        self.update_slot(t, dup.slot, old, updated, written)
        if t.triggers:
            self.thd.fire_triggers(t, "AFTER", "UPDATE", updated, old, self.ctx)
        return 2

    def _buffer_own_rows(self, sel: A.Select, res: SelectResult, abort: bool) -> None:
        """The temporary table an INSERT ... SELECT reading its own table fills first. MariaDB:
        the rows before ORDER BY/LIMIT, in the scan's order; MySQL (9.7.4 probed): the rows sent,
        unless a filesort orders them -- then every row, sorted (`... ORDER BY id LIMIT 1` reads
        one row, `ORDER BY n, id LIMIT 1` buffers them all); none for a const plan. (Run again
        only where evaluating twice changes nothing: else the rows sent.)"""
        sql = self.thd.server.flavor.sql
        mysql = sql.temporary_table_zero_date_warns
        if mysql and _plan_is_const(self.thd, sel):
            return
        hidden: list[A.SelectItem] = []
        if mysql and sel.order_by and not _index_ordered(self.thd, sel):
            # the filesort's ORDER BY columns outside the select list are hidden columns of the
            # buffer, ahead of the selected ones (9.7.4 probed: `SELECT id, id, id FROM t3 ORDER BY
            # c_dt LIMIT 3` -> 1292 for the zero 'c_dt')
            hidden = _hidden_order_columns(sel)
            cut = sel.limit is not None or bool(hidden)
        else:
            cut = not mysql and bool(sel.order_by or sel.limit is not None)
        full = res if not cut or not _pure(self.info) or _assigns(sel) else self._quiet_select(
            dataclasses.replace(sel, items=hidden + sel.items, order_by=sel.order_by if mysql else [],
                                limit=None, offset=None))
        if sql.datetime_store_uses_time_zone:
            note_buffered_rows(self.thd, full.columns, full.rows)
        if abort:
            _store_in_temporary_table(full, self.thd.vars.get("sql_mode"), sql.fill_record_goes_on, not mysql)
        else:
            _warn_in_temporary_table(full, self.thd.vars.get("sql_mode"), self.ctx.notes)

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
        raise_new_warnings(self.ctx.notes, mark, abort, self.thd)
        self.ctx.insert_select_found = len(res.rows) if res.found_rows is None else res.found_rows
        self._source_types = [rc.type if rc.type is not None and rc.org_name and rc.meta is None else None
                              for rc in res.columns] if self.thd.server.flavor.sql.field_copy_cuts else None
        if _select_reads(self.thd.db, sel, t) and (abort or self.thd.server.flavor.sql.temporary_table_zero_date_warns):
            self._buffer_own_rows(sel, res, abort)
        # Reading the table it inserts into, the SELECT fills a temporary table first: its
        # rows are then counted as read back from it, in written order (probed).
        reads_target = _select_reads(self.thd.db, sel, t)
        if reads_target or not self.thd.server.flavor.sql.insert_select_counts_examined_rows:
            return res.rows, None
        return res.rows, self._examined_row_numbers(sel, len(res.rows))


class _Marker:
    def __repr__(self) -> str:
        return "<DEFAULT>"


def _hidden_order_columns(sel: A.Select) -> list[A.SelectItem]:
    """The ORDER BY column references the select list neither selects nor names as an alias."""
    named = {(it.alias or (it.expr.name if isinstance(it.expr, A.ColumnRef) else "")).lower() for it in sel.items}
    out: list[A.SelectItem] = []
    for o in sel.order_by:
        if isinstance(o.expr, A.ColumnRef) and o.expr.name.lower() not in named:
            named.add(o.expr.name.lower())
            out.append(A.SelectItem(o.expr, None, o.expr.name))
    return out


def _index_ordered(thd: Any, sel: A.Select) -> bool:
    """The ORDER BY of a one-table SELECT is the order of its primary key (a prefix of its
    columns, one direction): the rows come sorted from the index, no filesort."""
    if len(sel.from_) != 1 or not isinstance(sel.from_[0].table, A.TableName):
        return False
    st = thd.find_table(sel.from_[0].table)
    pk = next((k.columns for k in st.keys if k.kind == "PRIMARY"), None) if st is not None else None
    cols = [st.col_index.get(o.expr.name.lower()) if isinstance(o.expr, A.ColumnRef) else None
            for o in sel.order_by] if st is not None else [None]
    return pk is not None and len(cols) <= len(pk) and cols == pk[:len(cols)] \
        and len({o.desc for o in sel.order_by}) == 1


def _select_reads(db: str | None, sel: Any, t: TableDef) -> bool:
    """The SELECT of an INSERT ... SELECT names its target table in FROM."""
    for r in getattr(sel, "from_", None) or []:
        table = getattr(r, "table", None)
        if isinstance(table, A.TableName) and table.name == t.name and (table.db or db) == t.db:
            return True
    return False


def _store_in_temporary_table(res: SelectResult, sql_mode: str, goes_on: bool = True, counts_rows: bool = True) -> None:
    """An INSERT ... SELECT that reads its own table first stores the SELECT's rows in a
    temporary table whose columns copy the selected columns' types; there a zero date
    refused by NO_ZERO_DATE fails the strict statement before any row
    is inserted, worded for ``.`(temporary)`.`item` at the SELECT's row, one error per
    zero column of that row (probed); MySQL's fill_record the first alone (``goes_on`` False;
    9.7.4 probed: `INSERT INTO t1 (id, c_dt, c_str) SELECT c_dt, c_dt, c_dt FROM t1 ...`: one 1292),
    counted as row 1 (``counts_rows`` False: no row is inserted yet)."""
    wctx = WriteContext(True, "", "(temporary)", 1, [], sql_mode=sql_mode)
    for i, row in enumerate(res.rows):
        wctx.row = i + 1 if counts_rows else 1
        fill = FillRecord(goes_on)  # the row's every column is stored, then the first error raised
        for col, v in zip(res.columns, row):
            if isinstance(v, ZeroDate) and getattr(col.type, "kind_word", None) in ("date", "datetime"):
                if T.parts_of(v).zero_date:  # a date with a zero part only fails in the target (probed)
                    try:
                        col.type.coerce(v, col.name, wctx)
                    except ServerError as err:
                        fill.failed(err)
        fill.check()


def _plan_is_const(thd: Any, sel: A.Select) -> bool:
    """Every table of the SELECT is read as a constant (JOIN::plan_is_const: a unique NOT
    NULL key equated to constants, a system table): its row is read while the statement
    is optimized and no temporary table buffers the result."""
    if sel.union or not sel.from_ or any(r.derived is not None or not isinstance(r.table, A.TableName)
                                         for r in sel.from_):
        return False
    tables = []
    for r in sel.from_:
        st = thd.find_table(r.table)
        if st is None:
            return False
        tables.append((r.ref_name, st))
    return len(plan_join(sel.from_, tables, sel.where, Scope(tables)).const) == len(tables)


def _warn_in_temporary_table(res: SelectResult, sql_mode: str, notes: list[Note]) -> None:
    """MySQL: an INSERT ... SELECT that reads its own table (not as a constant) buffers the
    SELECT's rows in a temporary table (OPTION_BUFFER_RESULT); storing a zero date, or a
    date with a zero part, there is checked against NO_ZERO_DATE / NO_ZERO_IN_DATE like any
    store: a 1292 `Incorrect datetime value ... for column 'c' at row 1` for each such value,
    row by row in the order the rows are sent, all counted as row 1 (no row is inserted
    yet) -- before the rows' own warnings (9.7.4 probed: INSERT IGNORE INTO t1 (id, c_dt)
    SELECT id+40, c_dt FROM t1 WHERE id < 10; none with WHERE id = 1)."""
    for row in res.rows:
        for col, v in zip(res.columns, row):
            if not isinstance(v, ZeroDate) or getattr(col.type, "kind_word", None) not in ("date", "datetime"):
                continue
            p = T.parts_of(v)
            if p.zero_date and "NO_ZERO_DATE" in sql_mode or \
                    not p.zero_date and p.zero_in_date and "NO_ZERO_IN_DATE" in sql_mode:
                e = error("ER_TRUNCATED_WRONG_VALUE_IN_FIELD", col.type.kind_word, col.type.to_text(v), "",
                          "(temporary)", col.name, 1)
                notes.append(Note("Warning", e.code, e.message))


_DEFAULT = _Marker()


_MISSING = _Marker()


def _as_warning(e: ServerError) -> Any:
    from harness.sql.sql_errors import Note
    return Note("Warning", e.code, e.message)


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


def _note_ignored_row(thd: Any, t: Any) -> None:
    """write_record ended on a row it did not write (an ignored duplicate, an ODKU row
    left as it was): MySQL's ``ok_or_after_trg_err`` marks a non-transactional table
    modified all the same (mark_modified_non_trans_table(STMT)), so a transaction holding
    it cannot be rolled back: ROLLBACK writes the cache and warns 1196 (9.7.4 observed);
    MariaDB 10.11 does not (SqlDialect.ignored_row_modifies_nontrans)."""
    if t.transactional or not thd.server.flavor.sql.ignored_row_modifies_nontrans:
        return
    if t.temporary:
        thd.stmt.changed_nontrans_temp = True
    elif not thd.stmt.changed_nontrans:
        # no engine committed a row: the engine mix is kept as after a statement that
        # changed nothing (deprecations.engine_mix_kept)
        thd.stmt.changed_nontrans = thd.stmt.ignored_nontrans = True
