"""MariaDB 11.x runs a single-table UPDATE/DELETE with an IN subquery as a multi-table one.

11.1's MDEV-28883 (``Sql_cmd_update`` / ``Sql_cmd_delete``) lets a single-table statement
use the join optimizer's subquery rewrites by running it through the multi-table code.

What shows in the binlog (probed on 11.8.9, docs/RULES-mariadb-11.8.md row 16): the DELETE's
Query carries LOG_EVENT_THREAD_SPECIFIC_F (``multi_delete::send_eof`` sets
``thd->thread_specific_used`` before ``binlog_query``), the UPDATE's carries
Q_TABLE_MAP_FOR_UPDATE_CODE = 1 (``mysql_multi_update_prepare`` sets
``thd->table_map_for_update``), unless the UPDATE has both ORDER BY and LIMIT
(``processing_as_multitable_update_prohibited``).

The subquery qualifies when it is a positive ``IN`` / ``NOT ... NOT IN`` predicate that is a
top-level AND conjunct of the WHERE (not under OR, not wrapped in IS TRUE), and its query is
one SELECT (no UNION) that reads a table, a derived table or a CTE (``IN (SELECT 8)`` does
not); an aggregate or a correlation in it does not matter (probed).
"""

from __future__ import annotations

import dataclasses

from harness.sql.parse import parse_tree as A


def _qualifies(e: A.Expr, positive: bool) -> bool:
    if isinstance(e, A.Binary) and e.op.upper() in ("AND", "&&"):
        return positive and (_qualifies(e.left, positive) or _qualifies(e.right, positive))
    if isinstance(e, A.Unary) and e.op.upper() in ("NOT", "!"):
        return _qualifies(e.operand, not positive)
    if isinstance(e, A.InSubquery):
        q = e.query
        return e.negated != positive and not q.union and bool(q.from_)
    return False


def in_subquery_runs_as_join(where: A.Expr | None) -> bool:
    """Whether the WHERE of a single-table UPDATE/DELETE makes 11.x run it as a join."""
    return where is not None and _qualifies(where, True)


def _has_in_or_exists(x: object) -> bool:
    """An IN or EXISTS subquery anywhere in the expression (not looking into subqueries)."""
    if isinstance(x, (A.InSubquery, A.Exists)):
        return True
    if isinstance(x, A.Select):
        return False
    if isinstance(x, (list, tuple)):
        return any(_has_in_or_exists(y) for y in x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return any(_has_in_or_exists(getattr(x, f.name)) for f in dataclasses.fields(x))
    return False


def mysql_switches_to_multi_table(stmt: A.Statement) -> bool:
    """MySQL 8.0/9.x ``should_switch_to_multi_table_if_subqueries`` (sql/sql_update.cc), used
    by ``Sql_cmd_delete::prepare_inner`` and ``Sql_cmd_update::prepare_inner``: a single-table
    DELETE/UPDATE without ORDER BY and LIMIT whose query block (a merged view's WHERE included)
    holds an IN or EXISTS subquery that semijoin or materialization may serve (the default
    optimizer_switch) runs through the multi-table code -- anywhere in the block, under OR
    or NOT too (MariaDB 11.x's rule above is narrower)."""
    if isinstance(stmt, A.Delete):
        if stmt.targets or len(stmt.tables) != 1:
            return False
        exprs: list[object] = [stmt.where]
    elif isinstance(stmt, A.Update):
        if len(stmt.tables) != 1:
            return False
        exprs = [stmt.where, *(e for _c, e in stmt.assignments)]
    else:
        return False
    return not stmt.order_by and stmt.limit is None and _has_in_or_exists(exprs)


__all__ = ["in_subquery_runs_as_join", "mysql_switches_to_multi_table"]
