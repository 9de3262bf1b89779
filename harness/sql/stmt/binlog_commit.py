"""What a statement's end does when the binary log refuses its group (the server's
``MYSQL_BIN_LOG::write_gtid_event`` failing the commit), and rows written before the
statement's logging format is decided. Imports nothing of the statement modules, so any
of them may use it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from harness.sql.parse.parse_errors import UnsupportedError
from harness.sql.sql_errors import ServerError

if TYPE_CHECKING:
    from harness.sql.thd import Thd


def binlog_refused(thd: "Thd", e: ServerError, failed: bool = False) -> None:
    """The binary log refused the group at commit (1950: @@gtid_seq_no out of order under
    gtid_strict_mode, MYSQL_BIN_LOG::write_gtid_event): nothing is logged, the
    transactional changes are rolled back (a non-transactional table keeps its rows), the
    one-shot @@gtid_seq_no is used up, and the statement fails with the error (``failed``:
    it failed already, with its own error)."""
    if e.code == 1950:
        thd.caches.stmt_cache.reset()
        thd.caches.trx_cache.reset()
        thd.engine_rollback_to(0)
        thd.vars.values["gtid_seq_no"] = 0
        thd.trx.undo_log.clear()
        thd._reset_trx()
        if failed:
            return
    raise e


def undecided_row() -> Any:
    """A row written before the statement's logging format is decided: a stored function
    with side effects that CREATE TABLE ... SELECT evaluates while it prepares (the server
    decides the format when it locks the tables, before): not modelled."""
    raise UnsupportedError("a stored function that changes rows, evaluated by CREATE ... SELECT before "
                           "the statement's logging format is decided")
