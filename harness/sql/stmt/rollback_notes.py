"""The warnings a ROLLBACK (or ROLLBACK TO SAVEPOINT) gives for what it cannot undo.

MariaDB 10.11: 1196 when the transaction changed a non-transactional table, a temporary
MyISAM table too (probed: ROLLBACK after writing one warns 1196 in every format).

MySQL 9.7 (Transaction_ctx::push_unsafe_rollback_warnings, sql/transaction_info.cc; 9.7.4
[bytes]): in this order, 1196 when it changed a non-transactional table (a temporary MyISAM
table too; not merely for a temporary table's creation, nor for a ROLLBACK TO that could not
undo), 1751 when it created a temporary table, 1752 when it dropped one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from harness.sql.sql_errors import Note

if TYPE_CHECKING:
    from harness.sql.thd import Thd

NOT_COMPLETE = "Some non-transactional changed tables couldn't be rolled back"
CREATED_TEMP = "The creation of some temporary tables could not be rolled back."
DROPPED_TEMP = "Some temporary tables were dropped, but these operations could not be rolled back."


def rollback_notes(thd: Thd) -> list[Note]:
    log = thd.trx_log
    if not thd.server.flavor.sql.temp_rollback_warnings:
        nontrans = log.nontrans_modified or thd.trx_nontrans_temp_modified
        return [Note("Warning", 1196, NOT_COMPLETE)] if nontrans else []
    out = []
    if log.changed_nontrans_base or thd.trx_nontrans_temp_modified:
        out.append(Note("Warning", 1196, NOT_COMPLETE))
    if log.created_temp:
        out.append(Note("Warning", 1751, CREATED_TEMP))
    if log.dropped_temp:
        out.append(Note("Warning", 1752, DROPPED_TEMP))
    return out
