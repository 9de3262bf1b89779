"""MariaDB 11.0's cost model for a two-table join on one column equality (the
``mariadb-11.8`` flavour; docs/RULES-mariadb-11.8.md row 24).

11.0 replaced the optimizer's unit costs by per-engine costs in milliseconds
(``sql/optimizer_costs.h``, ``information_schema.OPTIMIZER_COSTS``; Debian's 11.8 keeps
the defaults).  For the small tables of the corpus three terms decide the order
(``best_access_path`` / ``best_extension_by_limited_search`` in ``sql_select.cc``):

* reading the first table: a table scan costs ``optimizer_scan_setup_cost`` (0.01)
  plus the engine's pages and ``rows * (ROW_NEXT_FIND_COST + ROW_COPY_COST)``; an
  index-only scan (the key holds every column the statement reads of the table) costs
  half the setup (``INDEX_SCAN_SETUP_COST``) plus one key lookup and ``rows *
  (KEY_NEXT_FIND_COST + KEY_COPY_COST)``; each row read then costs ``WHERE_COST``;
* the second table through the join buffer: its read cost again, plus copying each
  first-table row into the buffer and comparing and copying every pair
  (``rows1 * ROW_COPY_COST + rows1 * rows2 * (WHERE_COST + ROW_COPY_COST)``);
* or one ``eq_ref`` lookup per first-table row into a unique key: a per-engine cost per
  lookup plus the index's pages read once (``cost_for_reading_multiple_times``); a key
  other than InnoDB's clustered index adds fetching the row when the statement needs
  more of the table than the key (traced: MyISAM 1.095599 µs, InnoDB 1.119822 µs a row).

The tables are tried fewer rows first; the heuristic pruning of
``optimizer_prune_level`` may leave the other order untried (``two_table_plan``); else
the plan with the lower total wins, the one tried first on a tie within ``COST_EPS``.
The constants are the ones the server's optimizer trace prints for these shapes
(``SET optimizer_trace = 'enabled=on'``; every term below reproduced the traced
``read_cost`` / ``cost`` to the last printed digit for InnoDB and MyISAM tables of up
to 7 rows).  InnoDB estimates an empty table as one row (``stat_n_rows``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from harness.sql.opt.joinplan import _Side

COST_EPS = 0.0000001
WHERE_COST = 0.000032  # optimizer_where_cost (0.032 usec)
SCAN_SETUP_COST = 0.01  # optimizer_scan_setup_cost
ROW_COPY_COST_DEFAULT = 0.000060866  # the join buffer's row copy (default_optimizer_costs)


@dataclass(frozen=True)
class EngineCosts:
    """One engine's terms, in milliseconds, for a table of at most one page / key block."""

    row_scan: float  # ROW_NEXT_FIND_COST + ROW_COPY_COST
    scan_pages: float  # its data pages: io * DISK_READ_COST * DISK_READ_RATIO + blocks * INDEX_BLOCK_COPY_COST
    key_scan: float  # KEY_NEXT_FIND_COST + KEY_COPY_COST
    key_position: float  # an index-only scan's first lookup: KEY_LOOKUP_COST + its block read and copy
    lookup: float  # one eq_ref lookup by the clustered index (InnoDB), WHERE_COST included
    lookup_pages: float  # the key's pages, read once over all lookups
    key_lookup: float  # one index-only eq_ref lookup in another key: KEY_LOOKUP + KEY_COPY + a block copy + WHERE
    row_fetch: float  # fetching the row it points to, when other columns are needed


# InnoDB: a 16 KiB page = 4 IO_SIZE blocks (4 * 10.24 * 0.02 usec) + one block copy.
INNODB = EngineCosts(row_scan=0.000131, scan_pages=0.0008192 + 0.0000356, key_scan=0.000114685,
                     key_position=0.00079112 + 0.0008192 + 0.0000356, lookup=0.00089444,
                     lookup_pages=0.0008192, key_lookup=0.000874405, row_fetch=0.001119822)
# MyISAM: data smaller than IO_SIZE reads no block, copies one 1 KiB block; a key
# block is one IO_SIZE read.
MYISAM = EngineCosts(row_scan=0.000124405, scan_pages=0.0000356, key_scan=0.00010627,
                     key_position=0.000550142 + 0.0002048 + 0.0000356, lookup=0.000633427,
                     lookup_pages=0.0002048, key_lookup=0.000633427, row_fetch=0.001095599)


def _costs(s: "_Side") -> EngineCosts:
    return INNODB if s.t.engine.transactional else MYISAM


def _clustered(s: "_Side") -> bool:
    """The join column is InnoDB's clustered index: a lookup reads the row itself."""
    if not s.t.engine.transactional:
        return False
    ck = s.t.clustered_key()
    return ck is not None and ck.columns == [s.ci]


def rows(s: "_Side") -> int:
    """records as the optimizer sees them: exact for MyISAM, at least 1 for InnoDB."""
    return max(s.n, 1) if s.t.engine.transactional else s.n


def read_cost(s: "_Side", index_only: bool) -> float:
    """Reading the whole table (``read_cost`` in the trace), without WHERE_COST."""
    c, n = _costs(s), rows(s)
    if index_only:
        return SCAN_SETUP_COST / 2 + c.key_position + n * c.key_scan
    return table_scan_cost(s.t.engine.transactional, n)


def table_scan_cost(transactional: bool, n: int) -> float:
    """A table scan of ``n`` rows (the optimizer's estimate), without WHERE_COST."""
    c = INNODB if transactional else MYISAM
    pages = c.scan_pages if n or transactional else 0.0
    return SCAN_SETUP_COST + pages + n * c.row_scan


# A range of k rows over a secondary index (any MyISAM index), fetching the rows: the
# traced ``range_scan_alternatives`` cost is linear in k (InnoDB 0.00424968 for 1 row,
# + 0.00099344 per row; MyISAM 0.002574553, + 0.001233869 per row).
_RANGE = {True: (0.00325624, 0.00099344), False: (0.001340684, 0.001233869)}


def range_chosen(transactional: bool, n_rows: int, k: int) -> bool:
    """Whether a single-table UPDATE/DELETE reads the ``k`` rows of a range instead of
    scanning its ``n_rows`` (test_quick_select: the range's cost against the table scan's
    ``read_and_compare`` cost; traced on 12-row tables, 8 of 12 rows still by range)."""
    n = max(n_rows, 1) if transactional else n_rows
    scan = table_scan_cost(transactional, n) + n * WHERE_COST
    base, per_row = _RANGE[transactional]
    return base + k * per_row + COST_EPS < scan


def plan_cost(outer: "_Side", inner: "_Side", inner_lookup: bool, index_only: set[int],
              lookup_covered: set[int] | None = None) -> tuple[float, bool]:
    """(cost, inner read by eq_ref) of reading ``outer`` first and ``inner`` per its rows
    (``index_only``: the tables scanned by a covering key; ``lookup_covered``: those whose
    eq_ref key covers what is read, ``index_only`` when not given)."""
    covered = index_only if lookup_covered is None else lookup_covered
    ro, ri = rows(outer), rows(inner)
    first = read_cost(outer, outer.ti in index_only) + ro * WHERE_COST
    buffered = (read_cost(inner, inner.ti in index_only) + ri * WHERE_COST
                + ro * ROW_COPY_COST_DEFAULT + ro * ri * (WHERE_COST + ROW_COPY_COST_DEFAULT))
    if inner_lookup:
        c = _costs(inner)
        if _clustered(inner):
            per = c.lookup
        else:
            per = c.key_lookup + (0.0 if inner.ti in covered else c.row_fetch)
        looked = c.lookup_pages + ro * per
        if looked + COST_EPS < buffered:
            return first + looked, True
    return first + buffered, False


def two_table_plan(a: "_Side", b: "_Side", a_lookup: bool, b_lookup: bool,
                   index_only: set[int], lookup_covered: set[int] | None = None) -> tuple["_Side", "_Side", bool]:
    """(first, second, second read by eq_ref).

    ``greedy_search`` tries the tables in ``join_tab_cmp`` order (fewer rows first, then
    the FROM order) and keeps the first plan that no later one beats by ``COST_EPS``.
    ``optimizer_prune_level`` prunes by heuristic: the first table tried sets the bound
    (its rows and its read cost) unless it can be looked up by the other table
    (``key_dependent``) and reads 2 rows or more; a later first table that neither reads
    fewer rows nor costs less than the bound is not tried at all."""
    p, q = (b, a) if rows(b) < rows(a) else (a, b)
    p_lookup, q_lookup = (b_lookup, a_lookup) if p is b else (a_lookup, b_lookup)
    cpq, lpq = plan_cost(p, q, q_lookup, index_only, lookup_covered)
    if not p_lookup or rows(p) < 2:
        bound = read_cost(p, p.ti in index_only) + rows(p) * WHERE_COST
        mine = read_cost(q, q.ti in index_only) + rows(q) * WHERE_COST
        if not (rows(p) > rows(q) or bound > mine):
            return p, q, lpq  # q first: pruned_by_heuristic
    cqp, lqp = plan_cost(q, p, p_lookup, index_only, lookup_covered)
    if cqp + COST_EPS < cpq:
        return q, p, lqp
    return p, q, lpq
