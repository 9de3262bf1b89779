"""MySQL 9.x's warnings about transactions that mix engines (issue 23, GTID-ON).

* 6414: MySQL 9.0 deprecates combining a transactional and a non-transactional table
  in one statement or transaction. The first statement that opens for writing a table
  of the other kind than the transaction's first written table warns, once per
  transaction (9.7.4 observed, every format and GTID mode): ``Combining the storage
  engines MyISAM and InnoDB is deprecated, but the statement or transaction updates
  both the MyISAM table test.m and the InnoDB table test.i.`` -- the newly written
  table first, then the transaction's first written one; a table only read, or DDL,
  does not count; a write that matches no row does; temporary tables count; the
  warning comes before the statement's own errors (1785 follows it).
* 1751 / 1752 at ROLLBACK (Transaction_ctx::push_unsafe_rollback_warnings, after
  1196): the transaction created / dropped a temporary table it did not log.

docs/RULES-mysql-9.7.md section 5 lists both. MariaDB has neither (flavour policies
``ErrorStyle.engine_mix_warning`` and ``EventStyle.rollback_temp_warnings``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from harness.sql.sql_errors import Note

if TYPE_CHECKING:
    from harness.sql.thd import Thd

_ENGINE_MIX = ("Combining the storage engines {0} and {1} is deprecated, but the statement or transaction "
               "updates both the {0} table {2} and the {1} table {3}.")


def note_engine_mix(thd: "Thd", written: list[Any]) -> None:
    """Record the statement's written tables in the transaction; warn 6414 at the first
    table of the other kind (transactional / not) than the transaction's first."""
    if not thd.flavor.errors.engine_mix_warning or not written:
        return
    trx = thd.trx
    for t in written:
        name = f"{t.db}.{t.name}"
        if trx.first_written is None:
            trx.first_written = (bool(t.transactional), t.engine.name, name)
            continue
        kind, engine, first = trx.first_written
        if bool(t.transactional) != kind and not trx.engine_mix_warned:
            trx.engine_mix_warned = True
            thd.notes.append(Note("Warning", 6414, _ENGINE_MIX.format(t.engine.name, engine, name, first)))


def rollback_notes(thd: "Thd") -> list[Note]:
    """The warnings a ROLLBACK of the open transaction gives, read before it ends."""
    out = []
    if thd.trx_log.nontrans_modified or thd.trx_nontrans_temp_modified:
        # all.modified_non_trans_table: a temporary MyISAM table counts too (probed:
        # ROLLBACK after writing one warns 1196 in every format).
        out.append(Note("Warning", 1196, "Some non-transactional changed tables couldn't be rolled back"))
    if thd.flavor.events.rollback_temp_warnings:
        if thd.trx_log.created_temp_unlogged:
            out.append(Note("Warning", 1751, "The creation of some temporary tables could not be rolled back."))
        if thd.trx_log.dropped_temp_unlogged:
            out.append(Note("Warning", 1752, "Some temporary tables were dropped, but these operations could "
                                             "not be rolled back."))
    return out
