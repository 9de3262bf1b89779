"""MySQL's parser turns a RIGHT JOIN into a LEFT JOIN of the swapped tables
(``Query_block::convert_right_join``, sql/sql_parse.cc): the statement's table list itself
is in the new order (the ``convert_right_join`` flavour policy)."""

from __future__ import annotations

import dataclasses

from harness.sql.parse.parse_tree import TableRef


def right_join_order(refs: list[TableRef]) -> list[TableRef]:
    """The tables' order after ``convert_right_join``: each RIGHT-joined table goes before
    everything joined to its left (``a JOIN b RIGHT JOIN c`` is ``c LEFT JOIN (a JOIN b)``),
    which is the order of their ``table->map`` bits (9.7.4: `UPDATE t RIGHT JOIN n ON t.a =
    n.a SET n.b = ...` logs Q_TABLE_MAP_FOR_UPDATE 1). Only the order: nested joins' ON
    clauses are not rewritten here."""
    order: list[TableRef] = []
    for r in refs:
        order = [r, *order] if r.join is not None and r.join.upper() == "RIGHT" else [*order, r]
    return order


def right_join_as_left(refs: list[TableRef]) -> list[TableRef] | None:
    """``t1 RIGHT JOIN t2 ON c`` as MySQL's parser leaves it: ``t2 LEFT JOIN t1 ON c``, the
    table list itself swapped (``Query_block::convert_right_join``), so every later order --
    the locked tables' Table_maps, a multi-table UPDATE's tables (send_data, do_updates) --
    is t2's first (9.7.4: `UPDATE t1 RIGHT JOIN t2 ... SET t1.a = t2.b, t2.b = t2.b + 1` maps
    t2 then t1, and t1 reads t2's new b). None where there is no such join to turn (only two
    tables are modelled)."""
    if len(refs) != 2 or refs[1].join != "RIGHT":
        return None
    return [dataclasses.replace(refs[1], join=None, on=None),
            dataclasses.replace(refs[0], join="LEFT", on=refs[1].on)]
