"""MySQL 9.7's order of a two-table multi-table UPDATE/DELETE on one column equality
(the ``mysql-9.7`` flavour; docs/RULES-mysql-9.7.md, "join order").

A multi-table UPDATE/DELETE runs the old optimizer's nested loop (no hash join:
``EXPLAIN FORMAT=TREE`` shows ``Nested loop inner join`` where the same SELECT shows
``Inner hash join``).  ``Optimize_table_order`` sorts the tables by their row estimate
before the greedy search (``Join_tab_compare_default``: ``found_records`` ascending)
and keeps the first plan unless another is strictly cheaper; for the small tables of the
corpus the costs (InnoDB: one page in the buffer pool, 0.25 a page read; MyISAM:
``data_file_length / IO_SIZE + 2`` pages; 0.1 a row evaluated; an ``eq_ref`` lookup per
outer row) give these rules, which reproduced every one of the 312 of 384 probed plans it predicts (9.7.4
``EXPLAIN FORMAT=TREE``: InnoDB and MyISAM tables of 2 to 5 rows, a primary key or none
on either side, UPDATE of either table, DELETE of either):

* the table with fewer rows is read first, the other looked up by its unique key when
  the value can be looked up in it (``comparable_in_index``), else scanned per outer row;
* equal rows: a table that can be looked up is read second (looked up); both, the InnoDB
  one first (its scan is cheaper), else the FROM order; neither, the FROM order.

Where the probes showed the costs decide otherwise (a MyISAM table with a key and fewer
rows than an unkeyed table; two-row tables one of which an InnoDB key) the plan is not
predicted (None)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from harness.sql.opt.joinplan import _Side


def two_table_plan(a: "_Side", b: "_Side", la: bool, lb: bool) -> tuple["_Side", "_Side", bool] | None:
    """(outer, inner, inner read by lookup) of ``a`` JOIN ``b`` (FROM order) where ``la`` /
    ``lb``: the table's unique key on the join column can be looked up by the other's
    value; None where not predicted."""
    ra, rb = _estimate(a), _estimate(b)
    if ra != rb:
        outer, inner = (a, b) if ra < rb else (b, a)
        inner_lookup = lb if inner is b else la
        outer_lookup = la if outer is a else lb
        if outer_lookup and not inner_lookup and not outer.t.engine.transactional and min(ra, rb) >= 3:
            # probed: a keyed MyISAM table of 3 rows is looked up from 5 unkeyed ones (its
            # lookups are cheaper than 3 scans), one of 2 rows read first and the 3 scanned
            return None
        return outer, inner, inner_lookup
    small = a.rows <= 2
    if la != lb:
        look, other = (a, b) if la else (b, a)
        if small and (look.t.engine.transactional or other.t.engine.transactional):
            return None  # two-row tables with an InnoDB side: the costs are within a row's evaluation
        return other, look, True
    if la and lb:
        if small:
            return None
        if a.t.engine.transactional != b.t.engine.transactional:
            # an InnoDB scan (one buffer-pool page) is cheaper than a MyISAM one (two pages):
            # the InnoDB table first, the MyISAM one looked up
            return (a, b, True) if a.t.engine.transactional else (b, a, True)
    return a, b, lb


def _estimate(s: "_Side") -> float:
    """The rows the optimizer expects of ``s`` after its own conditions (``IS NULL`` on a
    column without an index keeps a tenth, ``IS NOT NULL`` nine tenths: 9.7.4 EXPLAIN
    ``Filter: (a.c_blob is null)`` ``rows=1`` over 2 rows, read before the other table's 2)."""
    return s.rows * s.selectivity
