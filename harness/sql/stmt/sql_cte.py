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
from harness.sql.sql_errors import Note, ServerError, error as note_error, note

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
    if mysql:
        return _recursive_mysql(ex, cte, members, recursive)
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
                    if _admit(r, distinct, seen):
                        added.append(r)
        finally:
            del ex.cte_work[id(cte)]
        rows.extend(added)
        new = added
    return names, cols, rows


def _key(row: list[Any]) -> tuple[Any, ...]:
    return tuple(v.lower() if isinstance(v, str) else v for v in row)


def _admit(row: list[Any], distinct: bool, seen: set[tuple[Any, ...]]) -> bool:
    """Whether a recursive step stores ``row``: under UNION DISTINCT only a row the table
    has not got (``seen`` grows with it); under UNION ALL every row."""
    if not distinct:
        return True
    k = _key(row)
    if k in seen:
        return False
    seen.add(k)
    return True


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


class _TailReader:
    """One recursive query block's FollowTailIterator (sql/iterators/basic_row_iterators.cc):
    it reads the CTE's table from where it stopped up to the rows stored so far, rows
    appended meanwhile included; an iteration ends at the row count it saw when it began."""

    def __init__(self) -> None:
        self.read = 0
        self.end_of_iteration = 0
        self.iterations = 0


def _recursive_mysql(ex: SelectExecutor, cte: A.Cte, members: list[tuple[bool, A.Select]],
                     recursive: list[bool]) -> tuple[list[str], list[Any], list[list[Any]]]:
    """MySQL 8.0+'s recursive CTE (9.7.4 probed; sql/iterators/composite_iterators.cc
    MaterializeIterator::MaterializeRecursive): the anchors are stored once, then every
    recursive block in turn follows the table's tail (_TailReader) until a whole pass
    stores no row. The union's DISTINCT operators work as in any union: the blocks up to
    the last DISTINCT one (Query_expression::union_distinct) store only rows the table has
    not got, the ones after it every row -- so DISTINCT in the anchors and ALL in the
    recursive part is allowed (`SELECT 1 UNION SELECT 1 UNION ALL SELECT n + 1 FROM c ...`:
    1, 2, 3), while a recursive block after a recursive DISTINCT one is refused (1235)."""
    last_distinct = max((i for i in range(1, len(members)) if not members[i][0]), default=0)
    if last_distinct and recursive[last_distinct] and last_distinct < len(members) - 1:
        raise note_error("ER_NOT_SUPPORTED_YET", "recursive query blocks with UNION DISTINCT then UNION ALL, "
                         "in recursive Common Table Expression")
    # a trailing ORDER BY (the parser leaves it, and a LIMIT after it, on the last block)
    if cte.select.order_by or members[-1][1].order_by:
        raise note_error("ER_NOT_SUPPORTED_YET", "ORDER BY over UNION in recursive Common Table Expression")
    first_recursive = recursive.index(True)
    anchors = members[:first_recursive]
    distinct = last_distinct >= first_recursive  # every block is in the DISTINCT part
    # the anchors' own union: its DISTINCT operators dedupe what precedes them; a recursive
    # DISTINCT block (the last one) makes every anchor DISTINCT too
    union = [(False, m) for _all, m in anchors[1:]] if distinct else anchors[1:]
    res = ex.select(dataclasses.replace(anchors[0][1], union=union))
    cols = res.columns
    names = _names(cte, cols, True)
    # LIMIT [OFFSET] over the union: the table stops growing once it holds offset + limit
    # rows (9.7.4 probed: LIMIT 3 with cte_max_recursion_depth = 3 needs no 4th iteration)
    count = _limit(ex, cte.select.limit)
    skip = _limit(ex, cte.select.offset) or 0
    cap = None if count is None else skip + count
    rows = [list(r) for r in res.rows][:cap]
    seen = {_key(r) for r in rows}
    limit = int(ex.thd.get_sysvar("cte_max_recursion_depth", "SESSION"))
    blocks = [(dataclasses.replace(m, union=[]), _TailReader()) for (_all, m), rec in zip(members, recursive) if rec]
    while cap is None or len(rows) < cap:
        stored = len(rows)
        for block, reader in blocks:
            # the condition's row number counts the rows this block's pass wrote (9.7.4
            # observed, query_cte_recursive: 'a' then CONCAT(s, 'a') is 1406 "at row 1")
            pass_start = len(rows)
            while reader.read < len(rows):
                if reader.read == reader.end_of_iteration:
                    reader.iterations += 1
                    if reader.iterations > limit:
                        raise ServerError(3636, f"Recursive query aborted after {reader.iterations} iterations. Try "
                                          "increasing @@cte_max_recursion_depth to a larger value.", "HY000")
                    reader.end_of_iteration = len(rows)
                ex.cte_work[id(cte)] = (cols, rows[reader.read:reader.end_of_iteration])
                reader.read = reader.end_of_iteration
                try:
                    out = ex.select(block).rows
                finally:
                    del ex.cte_work[id(cte)]
                for r in out:
                    r = _fit(ex, cte, names, cols, list(r), len(rows) - pass_start + 1)
                    if not _admit(r, distinct, seen):
                        continue
                    rows.append(r)
                    if len(rows) == cap:
                        return names, cols, rows[skip:]
        if len(rows) == stored:
            break
    return names, cols, rows[skip:]


def _limit(ex: SelectExecutor, e: A.Expr | None) -> int | None:
    """A LIMIT / OFFSET value (as SelectExecutor reads one)."""
    if e is None:
        return None
    from harness.sql.item.expr import Compiler, Env, Scope, to_number
    return int(to_number(Compiler(Scope([])).compile(e)(Env(ex.ctx))))  # type: ignore[arg-type]
