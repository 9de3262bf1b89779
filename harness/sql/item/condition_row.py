"""MySQL's statement row counter as a subquery moves it: the "at row N" of a stored value.

MySQL 9.7 numbers a condition with the statement Diagnostics_area's row counter
(``current_row_for_condition``). The statement's own loop advances it per row (mysql_update,
write_record, Query_result_insert::send_data), and every execution of a query expression
(``Query_expression::ExecuteIteratorQuery``, sql_union.cc) *resets it to 1* and advances it per
row it sends -- a scalar subquery's too. An uncorrelated subquery runs once, when first
evaluated; a correlated one for each outer row (9.7.4 probed: `UPDATE w SET c = (SELECT v FROM
one)` warns at rows 2, 3, 4; with `WHERE k > 2` at rows 2, 3; a correlated one at row 2 for every
row; `IF(k = 3, (SELECT ...), 999)` at rows 1, 2, 2, 3; `(SELECT 300)` without a table is folded,
never executed: rows 1, 2, 3). A semi-join IN / EXISTS is no query expression of its own.

:class:`ConditionRow` keeps the statement's own numbering and the shift the last subquery
execution left; WriteContext.condition_row applies it. MariaDB has no such reset (no shift).
"""

from __future__ import annotations

from typing import Any, Callable


class ConditionRow:
    def __init__(self, correlated: Callable[[Any], bool]) -> None:
        self.own = 1  # the statement loop's number for the row being evaluated
        self.delta = 0  # what the last subquery execution added to the own numbering
        self._correlated = correlated  # whether a subquery reads the outer row (re-executed per row)
        self._ran: set[int] = set()  # uncorrelated subqueries already executed (cached)
        self._verdicts: dict[int, bool] = {}

    def at(self, own: int) -> "ConditionRow":
        """The statement's loop evaluates its row numbered ``own`` (for WriteContext.counter)."""
        self.own = own
        return self

    def subquery_sent(self, query: Any, rows: int) -> None:
        """A scalar subquery reading a table ran and sent ``rows``: the counter is 1 + rows."""
        key = id(query)
        if key not in self._verdicts:
            self._verdicts[key] = self._correlated(query)
        if not self._verdicts[key]:
            if key in self._ran:
                return  # executed once, its value cached
            self._ran.add(key)
        self.delta = 1 + rows - self.own

    def shifted(self, row: int) -> int:
        return row + self.delta
