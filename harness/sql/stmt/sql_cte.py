"""Common table expressions: ``WITH [RECURSIVE] name [(columns)] AS (query) ...``.

The parser binds every reference to a CTE as a derived table holding the CTE
(parse_dml.bind_ctes); this module gives the rows one reference sees, as MariaDB 10.11's
sql_cte.cc and sql_union.cc (st_select_lex_unit::exec_recursive) compute them:

* a non-recursive CTE is its query's rows, with the column list's names;
* a recursive CTE runs its anchor parts (the union members that do not refer to it)
  once, then its recursive parts over the rows the previous step added (the working
  table), until a step adds none; UNION (DISTINCT) keeps only rows not seen before;
* the columns take the anchor's types: a longer string from a recursive step is 1406
  in a strict sql_mode (Data too long, at the row the result table has reached),
  truncated with 1265 otherwise;
* at most ``@@max_recursive_iterations`` steps (1000 by default): past that, Warning
  1931 and the rows so far.

MySQL 8.0+ (``SqlDialect.mysql_cte``): the limit is ``@@cte_max_recursion_depth`` and going
past it is error 3636 (sql/iterators/basic_row_iterators.cc: ``++recursive_iteration_count >
cte_max_recursion_depth`` when a step with rows begins); the anchors must come first (3574;
none at all, without a UNION: 3573 -- sql/sql_resolver.cc / parse_tree_nodes.cc); a column list
of the wrong length is 1353 (ER_VIEW_WRONG_LIST, shared with views and derived tables).

Nothing here is logged: a CTE is read by the statement around it, which is logged as
that statement is (the text as written in STATEMENT format; the rows it changes in
ROW format). WITH before UPDATE or DELETE is a syntax error in 10.11 (1064).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import Note, ServerError, note

#: The SelectExecutor running the statement (stmt/sql_select.py, which imports this module).
SelectExecutor = Any

_MSG_WITH_COL_WRONG_LIST = "WITH column list and SELECT field list have different column counts"
_MSG_VIEW_WRONG_LIST = ("In definition of view, derived table or common table expression, SELECT list and "
                        "column names list have different column counts")
_MSG_RECURSION_LIMIT = ("Query execution was interrupted. The query exceeded max_recursive_iterations = {}. "
                        "The query result may be incomplete")


def cte_rows(ex: SelectExecutor, cte: A.Cte) -> tuple[list[str], list[Any], list[list[Any]]]:
    """(column names, result columns, rows) of one reference to ``cte``."""
    work = ex.cte_work.get(id(cte))
    if work is not None:  # the recursive CTE's reference to itself: the working table
        cols, rows = work
        return _names(cte, cols, _mysql(ex)), cols, [list(r) for r in rows]
    if not cte.recursive:
        res = ex.select(cte.select)
        return _names(cte, res.columns, _mysql(ex)), res.columns, res.rows
    return _recursive(ex, cte)


def _names(cte: A.Cte, cols: list[Any], mysql: bool = False) -> list[str]:
    if cte.columns is None:
        return [c.name for c in cols]
    if len(cte.columns) != len(cols):
        if mysql:
            raise ServerError(1353, _MSG_VIEW_WRONG_LIST, "HY000")
        raise ServerError(4002, _MSG_WITH_COL_WRONG_LIST, "HY000")
    return list(cte.columns)


def _mysql(ex: SelectExecutor) -> bool:
    return bool(ex.thd.server.flavor.sql.mysql_cte)


def _refers_to(node: object, cte: A.Cte) -> bool:
    if isinstance(node, A.TableRef):
        return node.cte is cte or (node.derived is not None and node.cte is None and _refers_to(node.derived, cte))
    if isinstance(node, list | tuple):
        return any(_refers_to(x, cte) for x in node)
    if hasattr(node, "__dataclass_fields__"):
        return any(_refers_to(getattr(node, f, None), cte)
                   for f in node.__dataclass_fields__ if f not in ("text", "cte"))  # type: ignore[attr-defined]
    return False


def _recursive(ex: SelectExecutor, cte: A.Cte) -> tuple[list[str], list[Any], list[list[Any]]]:
    head = dataclasses.replace(cte.select, union=[], order_by=[], limit=None, offset=None)
    members = [(True, head)] + list(cte.select.union)
    anchors = [(all_, m) for all_, m in members if not _refers_to(m, cte)]
    steps = [(all_, m) for all_, m in members if _refers_to(m, cte)]
    mysql = _mysql(ex)
    if mysql and not cte.select.union:
        raise ServerError(3573, f"Recursive Common Table Expression '{cte.name}' should contain a UNION", "HY000")
    recursive = [_refers_to(m, cte) for _all, m in members]
    if mysql and (not anchors or recursive != sorted(recursive)):
        raise ServerError(3574, f"Recursive Common Table Expression '{cte.name}' should have one or more "
                          "non-recursive query blocks followed by one or more recursive ones", "HY000")
    if not anchors:
        raise ServerError(4005, f"No anchors for recursive WITH element '{cte.name}'", "HY000")
    # The anchors run first wherever they stand in the union (observed: `SELECT n+1 FROM c
    # UNION ALL SELECT 1` starts with 1).
    anchor = dataclasses.replace(anchors[0][1], union=anchors[1:])
    res = ex.select(anchor)
    cols = res.columns
    names = _names(cte, cols, mysql)
    rows = [list(r) for r in res.rows]
    seen = {_key(r) for r in rows}
    flags = {all_ for all_, _ in members[1:]}
    if len(flags) > 1:  # the server's own refusal (sql_cte.cc)
        raise ServerError(1235, "This version of MariaDB doesn't yet support 'mix of ALL and DISTINCT UNION "
                          "operations in recursive CTE spec'", "42000")
    distinct = flags == {False}
    limit = int(ex.thd.get_sysvar("cte_max_recursion_depth" if mysql else "max_recursive_iterations", "SESSION"))
    new, iterations = rows, 0
    while new:
        if iterations >= limit and mysql:
            raise ServerError(3636, f"Recursive query aborted after {iterations + 1} iterations. Try increasing "
                              "@@cte_max_recursion_depth to a larger value.", "HY000")
        if iterations >= limit:
            ex.ctx.notes.append(Note("Warning", 1931, _MSG_RECURSION_LIMIT.format(limit)))
            break
        iterations += 1
        ex.cte_work[id(cte)] = (cols, new)
        try:
            added: list[list[Any]] = []
            for _all, m in steps:
                for r in ex.select(dataclasses.replace(m, union=[])).rows:
                    r = _fit(ex, cte, names, cols, list(r), len(rows) + len(added) + 1)
                    if distinct:
                        k = _key(r)
                        if k in seen:
                            continue
                        seen.add(k)
                    added.append(r)
        finally:
            del ex.cte_work[id(cte)]
        rows.extend(added)
        new = added
    return names, cols, rows


def _key(row: list[Any]) -> tuple[Any, ...]:
    return tuple(v.lower() if isinstance(v, str) else v for v in row)


def _fit(ex: SelectExecutor, cte: A.Cte, names: list[str], cols: list[Any], row: list[Any],
         row_no: int) -> list[Any]:
    """A recursive step's row stored in the anchor's column types (a string longer than
    the anchor's is 1406 in a strict mode, else cut with Warning 1265)."""
    for i, (v, c) in enumerate(zip(row, cols)):
        length = getattr(c.type, "length", None)
        if length is None and c.meta is not None and c.meta.charset is not None:
            length = c.meta.length  # a computed string column: its max_length in characters
        if isinstance(v, str) and isinstance(length, int) and len(v) > length:
            mode = ex.thd.vars.get("sql_mode")
            sql = ex.thd.server.flavor.sql
            if not sql.cte_rows_counted:
                row_no = 1  # the statement's counter, which the materialisation does not move
            if "STRICT_ALL_TABLES" in mode or "STRICT_TRANS_TABLES" in mode:
                raise ServerError(1406, f"Data too long for column '{names[i]}' at row {row_no}", "22001")
            if sql.cte_rows_counted:
                ex.ctx.notes.append(note("Warning", "WARN_DATA_TRUNCATED", names[i], row_no))
            row[i] = v[:length]
    return row
