"""DELETE, single- and multi-table (the server's ``sql_delete.cc``)."""

from __future__ import annotations

import dataclasses
from typing import Any

from harness.sql.item.expr import Compiler
from harness.sql.opt.joinplan import plan_join, two_table_join_order
from harness.sql.parse.right_join import right_join_as_left
from harness.sql.opt.range_opt import const_true
from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import Note, ServerError, error
from harness.sql.stmt.fill_record import _blackhole_row_warning, raise_new_warnings
from harness.sql.stmt.sql_result import DmlResult
from harness.sql.stmt.sql_select import SelectExecutor, combos_in_plan_order


class DeleteExecutor(SelectExecutor):
    """DELETE: the rows to remove, single- and multi-table."""

    def delete(self, de: A.Delete) -> DmlResult:
        thd = self.thd
        if de.targets:
            swapped = right_join_as_left(de.tables) if thd.server.flavor.sql.convert_right_join else None
            return self.delete_multi(de if swapped is None else dataclasses.replace(de, tables=swapped))
        ref = de.tables[0]
        t = thd.open_table(ref.table)
        self.info.add(t, True)
        if de.limit is not None:
            self.info.has_limit = True
        tables = [(ref.ref_name, t)]
        scope = self._scope(tables)
        comp = Compiler(scope, self.info)
        if self._impossible_where(t, ref.ref_name, de.where, comp, de.limit, is_delete=True,
                                  order_by=de.order_by):
            return DmlResult()
        self._lock_scan(t, ref.ref_name, de.where, "X")
        mark = len(self.ctx.notes)
        aborts = self._delete_aborts_on_warning(de)
        candidates = self._target_rows(de, tables, scope, comp, aborts)
        raise_new_warnings(self.ctx.notes, mark, aborts)
        _blackhole_row_warning(thd, t, "DELETE")
        res = DmlResult()
        for _rows, slots in candidates:
            slot = slots[0]
            old = t.data.rows[slot]  # type: ignore[index]
            if old is None:
                continue
            if t.triggers:
                thd.fire_triggers(t, "BEFORE", "DELETE", None, old, self.ctx)
            try:
                self.delete_slot(t, slot, old)  # type: ignore[arg-type]
            except ServerError as err:
                if not de.ignore or err.code != 1451:
                    raise
                # DELETE IGNORE skips a row its foreign keys refuse, with the error as a warning
                # (MySQL's Ignore_error_handler; MariaDB's mysql_delete: not a fatal error).
                # 10.11 and 9.7.4 observed: `DELETE IGNORE FROM p` -> OK, Warning 1451 per row
                self.ctx.notes.append(Note("Warning", err.code, err.message))
                continue
            res.affected += 1
            if t.triggers:
                thd.fire_triggers(t, "AFTER", "DELETE", None, old, self.ctx)
        all_rows = (const_true(de.where) and de.limit is None and not thd.stmt.row_format
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

    def _delete_aborts_on_warning(self, de: A.Delete) -> bool:
        """A strict DELETE without IGNORE fails on its WHERE's (and ON's) conversion warnings
        where the flavour says so (MySQL's Strict_error_handler; MariaDB: never)."""
        return self.thd.server.flavor.sql.delete_aborts_on_warning and self._aborts_on_warning(de.ignore)

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
            plan.order = two_table_join_order(de.tables, all_tables, de.where, scope, deleted,
                                              [de.where, *(r.on for r in de.tables)],
                                              self.thd.server.sysvars.join_cost_model,
                                              mysql=self.thd.server.flavor.sql.mysql_comparisons) or plan.order
        tis = [i for i in plan.order
               if all_tables[i][0].lower() in targets or all_tables[i][1].name.lower() in targets]
        self._before_join_scan(plan, de.tables, all_tables, set(tis), de.where, scope, False,
                               [de.where, *(r.on for r in de.tables)], self._delete_aborts_on_warning(de),
                               delete=True)
        mark = len(self.ctx.notes)
        aborts = self._delete_aborts_on_warning(de)
        combos = list(self.join_rows(de.tables, all_tables, scope, de.where, self._routine_env(), aborts))
        raise_new_warnings(self.ctx.notes, mark, aborts)
        res = DmlResult()
        # multi_delete: the deleted tables in join order; the first is deleted from while
        # scanning (its rows come in its scan order), the others from sorted row-id lists,
        # which is their scan order too (InnoDB: primary key; MyISAM: record position).
        # MariaDB 11.8 deletes the others' rows in the order the join reached them
        # (SysvarProfile.multi_delete_reach_order).
        reach_order = self.thd.server.sysvars.multi_delete_reach_order
        if reach_order:
            combos = combos_in_plan_order(combos, plan.order, all_tables)
        if self.thd.server.flavor.sql.multi_delete_const_immediate:
            tis = self._delete_immediate(de, all_tables, plan, tis, combos, res)
        for ti in tis:
            t = all_tables[ti][1]
            hit = {slots[ti] for _rows, slots in combos if slots[ti] is not None}
            rows = list(t.data.scan())
            if reach_order:  # MariaDB 11.8: every table's rows in the order the join first reaches them
                by_slot = dict(rows)
                reached = [slot for _rows, slots in combos if (slot := slots[ti]) is not None]
                rows = [(slot, by_slot[slot]) for slot in dict.fromkeys(reached)]
            for slot, old in rows:
                if slot not in hit:
                    continue
                # multi_delete fires each deleted table's DELETE triggers around the row
                # (observed: 1442 when a trigger writes a table of the join)
                self._replace_delete(t, slot, old)
                res.affected += 1
        return res

    def _delete_immediate(self, de: A.Delete, all_tables: list[Any], plan: Any, tis: list[int], combos: list[Any],
                          res: DmlResult) -> list[int]:
        """MySQL's Query_result_delete: the first non-const table of the join order and every
        const table are deleted from while the join runs ("Delete from t1 (immediate), t2
        (immediate)"), per join row in the DELETE list's order; the tables left (returned)
        afterwards from their row-id lists (9.7.4 probed: `DELETE t1, t2 FROM t1, t2 WHERE
        t2.id = 2 AND t1.id > 1` logs t1's row 2, t2's row 2, then t1's row 3)."""
        if not plan.const:
            return tis
        first = next((ti for ti in plan.order if ti not in plan.const), None)
        immediate = [ti for ti in tis if ti in plan.const or ti == first]
        if len(immediate) < 2:
            return tis
        names = [n.lower() for n in de.targets]

        def listed(ti: int) -> int:
            name, t = all_tables[ti]
            return next((i for i, n in enumerate(names) if n in (name.lower(), t.name.lower())), len(names))

        immediate.sort(key=listed)
        done: set[tuple[int, int]] = set()
        for _rows, slots in combos:
            for ti in immediate:
                slot = slots[ti]
                if slot is None or (ti, slot) in done:
                    continue
                done.add((ti, slot))
                t = all_tables[ti][1]
                self._replace_delete(t, slot, dict(t.data.scan())[slot])
                res.affected += 1
        return [ti for ti in tis if ti not in immediate]

