"""Auto-increment values as the server hands them out to one statement.

This matters to the binary log beyond the table contents: the first value is
the statement's ``INSERT_ID`` Intvar event, and every later statement's values
depend on what earlier ones used up. Observed on MariaDB 10.11.19
(docs/RULES-mariadb-10.11.md 4.6):

* InnoDB (``innodb_autoinc_lock_mode=1``) reserves values in intervals
  (``handler::update_auto_increment`` asking ``ha_innobase::get_auto_increment``).
  The first interval of an INSERT … VALUES holds as many values as it has
  rows; an INSERT … SELECT does not know its row count, so it asks for 1, 2,
  4, … values. Reserved values the statement does not use are lost. A row that
  fails (duplicate key error) keeps its value used; a row skipped by IGNORE, or
  turned into an update by ON DUPLICATE KEY UPDATE, hands its value to the next
  row of the statement (restore_auto_increment).
  InnoDB counts the statement's remaining rows (``trx->n_autoinc_rows``), so a
  later interval of a multi-row INSERT is no larger than the rows left.
* MyISAM and the other engines take the next value only for a row they store:
  a failed or skipped row gives its value back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from harness.sql.handler.catalog import TableDef

_NB_MAX = 65535  # AUTO_INC_DEFAULT_NB_MAX


class AutoIncrement:
    """One statement's auto-increment state for one table."""

    __slots__ = ("table", "reserves", "estimated", "next_id", "interval_end", "intervals", "rows_left", "opened")

    def __init__(self, table: "TableDef", estimated_rows: int) -> None:
        self.table = table
        self.reserves = table.engine.reserves_autoinc_intervals
        self.estimated = estimated_rows  # rows of INSERT ... VALUES; 0 when unknown (… SELECT)
        self.next_id = 0  # handler::next_insert_id (0: no interval yet)
        self.interval_end = 0
        self.intervals = 0
        self.rows_left = 0  # InnoDB's trx->n_autoinc_rows
        self.opened: tuple[int, int] | None = None  # (first value, counter before) of the last interval

    def generate(self) -> int:
        data = self.table.data
        if not self.reserves:
            value = data.auto_increment
            data.auto_increment = value + 1
            return value
        if self.next_id == 0 or self.next_id >= self.interval_end:
            if self.intervals == 0 and self.estimated > 0:
                wanted = self.estimated
            else:
                wanted = min(1 << self.intervals, _NB_MAX) if self.intervals <= 16 else _NB_MAX
            if self.rows_left <= 0:
                self.rows_left = wanted
            start = max(data.auto_increment, self.next_id)
            self.opened = (start, data.auto_increment)
            data.auto_increment = start + self.rows_left
            self.next_id = start
            self.interval_end = start + self.rows_left
            self.intervals += 1
        value = self.next_id
        self.next_id += 1
        return value

    def explicit(self, value: int) -> None:
        """A row gave its own value: later generated ones come after it."""
        data = self.table.data
        if value >= data.auto_increment:
            data.auto_increment = value + 1
        if self.next_id and value >= self.next_id:
            self.next_id = value + 1

    def row_done(self) -> None:
        """InnoDB counts every row the statement sends to the engine."""
        if self.rows_left > 0:
            self.rows_left -= 1

    def give_back(self, value: int, *, skipped: bool) -> None:
        """The row with generated ``value`` was not stored.

        ``skipped``: IGNORE passed over it (``restore_auto_increment``): the next
        row of the statement takes the value. Otherwise (an error, or ON
        DUPLICATE KEY UPDATE changed another row) InnoDB keeps it used.
        """
        if not self.reserves:
            if self.table.data.auto_increment == value + 1:
                self.table.data.auto_increment = value
        elif skipped:
            self.next_id = value


__all__ = ["AutoIncrement"]
