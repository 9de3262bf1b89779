"""BEGIN, COMMIT, ROLLBACK, SAVEPOINT and RELEASE SAVEPOINT (the server's ``transaction.cc``).

Transaction control is where layer 3 runs outside a DML statement: COMMIT
flushes the trx cache, ROLLBACK decides whether it must be written, and
SAVEPOINT / ROLLBACK TO follow R-log-rollback-to-savepoint as MariaDB applies it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from harness.model import flush as L3
from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import Note, error
from harness.sql.stmt.rollback_notes import rollback_notes
from harness.sql.stmt import sql_table as DDL
from harness.sql.stmt import xa as XA
from harness.sql.stmt.set_var import _server_query
from harness.sql.stmt.sql_result import _ok
from harness.sql.stmt.status_vars import note_snapshot

if TYPE_CHECKING:
    from harness.sql.stmt.sql_result import OkPacket
    from harness.sql.thd import Thd


@dataclass
class Savepoint:
    name: str
    undo_mark: int
    trx_mark: int
    # The binlog had joined the transaction when the savepoint was set (it is
    # in the savepoint's list of participants): only then is ROLLBACK TO a
    # binlog savepoint rollback; otherwise the binlog rolls back as a whole.
    binlog_joined: bool = True
    # An XA-capable engine was a read-write participant when the savepoint was set:
    # ha_rollback_to_savepoint rolls back and unregisters the engines that joined
    # after it, so the commit may no longer be two-phase (no Xid).
    xa_rw: bool = True
    no_2pc: bool = False  # likewise for an engine without prepare (Aria)
    # MySQL: the transaction's writeset when the savepoint was set (Rpl_transaction_write_set_ctx
    # ::add_savepoint); ROLLBACK TO takes it back to this
    writeset_keys: frozenset[Any] = frozenset()



def begin(thd: "Thd", st: A.Begin) -> "OkPacket":
    XA.check_trans_control(thd)
    thd.implicit_commit(keep_one_shot=True)
    thd.set_locked_tables(None)  # trans_begin releases LOCK TABLES locks
    # trans_begin stamps the transaction's start time from thd->query_start_sec_part(),
    # which sets query_start_sec_part_used: every Query event the rest of the statement
    # writes carries Q_HRNOW. Only a CALL body writes events after its own BEGIN (the
    # flag lives as long as the top-level statement; sub-statements do not reset it).
    # MariaDB 11.8 does not (SysvarProfile.trans_begin_marks_hrnow).
    if thd.server.sysvars.trans_begin_marks_hrnow:
        thd.stmt_log.hrnow_used = True
    # transaction->all.reset(): a CALL's earlier non-transactional change no longer
    # takes FL_TRANSACTIONAL from the groups its later statements commit.
    thd.reset_sp_modified_nontrans()
    thd.trx.explicit = True
    thd.trx.active = True
    thd.trx.read_only = st.read_only
    if st.consistent_snapshot and thd.binlog_enabled():
        # binlog_start_consistent_snapshot registers the binlog in the transaction
        # (trans_register_ha): a SAVEPOINT right after it is logged (observed); InnoDB's
        # start_consistent_snapshot registers InnoDB too
        thd.trx_log.xa_registered = True
        # MySQL has no binlog_start_consistent_snapshot: the binlog joins at its first write
        # (9.7.4 observed: ... WITH CONSISTENT SNAPSHOT; SAVEPOINT c; INSERT INTO m ...
        # logs no SAVEPOINT, and the MyISAM row is its own group)
        thd.trx_log.binlog_joined = thd.flavor.events.snapshot_registers_binlog
    thd.server.counters.snapshots.pop(thd, None)
    if st.consistent_snapshot:
        note_snapshot(thd)  # Binlog_snapshot_file / _position (binlog_start_consistent_snapshot)
    if st.consistent_snapshot and not thd.isolation_below_repeatable_read():
        thd.read_view()  # the read view opens now, not at the first consistent read
    ignored = thd.flavor.sql.snapshot_ignored(str(thd.trx.isolation or thd.vars.get("tx_isolation"))) \
        if st.consistent_snapshot else None
    if ignored is not None:
        # InnoDB's start_consistent_snapshot opens no read view there (HA_ERR_UNSUPPORTED; observed)
        thd.notes.append(Note("Warning", 138, ignored))
    return _ok()


def commit(thd: "Thd", st: A.Commit) -> "OkPacket":
    XA.check_trans_control(thd)
    thd.commit()
    thd.server.sysvars.end_transaction(thd, commit=True)
    thd.reset_sp_modified_nontrans()  # transaction->all.reset(), as in begin()
    return _ok()


def rollback(thd: "Thd", st: A.Rollback) -> "OkPacket":
    if st.savepoint is None:
        XA.check_trans_control(thd)
        thd.rollback()
        thd.server.sysvars.end_transaction(thd, commit=False)
        thd.reset_sp_modified_nontrans()  # transaction->all.reset(), as in begin()
        return _ok()
    sp = next((s for s in reversed(thd.trx.savepoints) if s.name.lower() == st.savepoint.lower()), None)
    if sp is None:
        raise error("ER_SP_DOES_NOT_EXIST_SAVEPOINT", st.savepoint)
    idx = thd.trx.savepoints.index(sp)
    del thd.trx.savepoints[idx + 1:]
    thd.engine_rollback_to(sp.undo_mark)
    thd.trx_log.xa_rw = thd.trx_log.xa_rw and sp.xa_rw
    thd.trx_log.no_2pc = thd.trx_log.no_2pc and sp.no_2pc
    trx = thd.caches.trx_cache
    # trans_has_updated_non_trans_table: all.modified_non_trans_table is set by a
    # temporary MyISAM table's change too (probed: ROLLBACK TO after one logs
    # ROLLBACK TO and warns 1196 in every format).
    cannot_undo = thd.trx_log.nontrans_modified or thd.trx_nontrans_temp_modified or thd.trx_log.keep_log
    # MySQL's binlog_savepoint_rollback asks the trx cache (trx_cache.cannot_rollback(), as
    # its ROLLBACK does): a MyISAM statement that went out as a group of its own earlier in
    # the transaction does not keep ROLLBACK TO in the binlog (9.7.4 [bytes], mixing_savepoint:
    # `INSERT INTO nt ...; INSERT INTO tt ...; SAVEPOINT s; INSERT INTO tt ...; ROLLBACK TO s`
    # truncates the cache back to the SAVEPOINT)
    logs_rollback_to = thd.trx_log.cannot_rollback if thd.flavor.events.rollback_by_cache_flag else cannot_undo
    if not sp.binlog_joined:
        # The binlog joined after the savepoint: it takes part as a plain rollback, and
        # leaves the transaction's participants (ha_rollback_to_savepoint: trans->ha_list
        # = sv->ha_list), so a later SAVEPOINT is not logged until it joins again
        # (probed: SAVEPOINT a; CREATE TEMPORARY ...; ROLLBACK TO a; SAVEPOINT b;
        # disconnect logs no SAVEPOINT b / ROLLBACK group). MySQL's binlog_rollback asks
        # the trx cache again (trans_cannot_safely_rollback = trx_cache.cannot_rollback()):
        # a temporary MyISAM change that went nowhere (ROW) leaves nothing to keep (9.7.4:
        # BEGIN; INSERT INTO tmp_myisam; SAVEPOINT s; INSERT INTO innodb; ROLLBACK TO s;
        # COMMIT logs no group).
        if logs_rollback_to:
            L3.rollback_trx_cache_to_unjoined_savepoint(thd)
        else:
            trx.truncate(sp.trx_mark)
        thd.trx_log.binlog_joined = False
    elif logs_rollback_to:
        # A non-transactional change, or a temporary table created or dropped in
        # the transaction (OPTION_KEEP_LOG), cannot be undone: ROLLBACK TO is
        # logged, in every format.
        if thd.binlog_enabled():
            trx.append(_server_query(thd, f"ROLLBACK TO {DDL.quote(sp.name)}"))
    else:
        trx.truncate(sp.trx_mark)
    _rollback_writeset(thd, sp)
    if cannot_undo:
        # Observed: the transaction then counts as having changed a
        # non-transactional table (its ROLLBACK warns 1196 too); MySQL words what it cannot
        # undo as a ROLLBACK does (stmt/rollback_notes.py)
        notes = rollback_notes(thd) if thd.server.flavor.sql.temp_rollback_warnings else \
            [Note("Warning", 1196, "Some non-transactional changed tables couldn't be rolled back")]
        thd.trx_log.nontrans_modified = True
        thd.notes.extend(notes)
    return _ok()


def savepoint(thd: "Thd", st: A.Savepoint) -> "OkPacket":
    if thd.trx_log.no_2pc:
        # ha_savepoint: a registered engine without savepoint_set (Aria) refuses it (probed).
        raise error("ER_CHECK_NOT_IMPLEMENTED", "SAVEPOINT")
    thd.trx.active = True
    thd.trx.savepoints = [s for s in thd.trx.savepoints if s.name.lower() != st.name.lower()]
    trx = thd.caches.trx_cache
    # binlog_savepoint_set runs only when the binlog already joined the
    # transaction (something went to either cache); it logs SAVEPOINT.
    joined = not trx.empty() or thd.trx_log.binlog_joined
    if joined and thd.binlog_enabled():
        trx.flush_pending(thd, stmt_end=True)
        trx.append(_server_query(thd, f"SAVEPOINT {DDL.quote(st.name)}"))
        # the first event of the trx cache: MySQL's BEGIN is written with it and takes the
        # SAVEPOINT statement's status, no database (9.7.4 observed: `BEGIN; INSERT INTO tmp
        # (MyISAM); SAVEPOINT sp2; INSERT INTO t ...; ROLLBACK TO sp2; COMMIT`: BEGIN without 12)
        L3.note_trx_begin(thd)
    thd.trx.savepoints.append(Savepoint(st.name, len(thd.trx.undo_log), trx.mark(), binlog_joined=joined,
                                    xa_rw=thd.trx_log.xa_rw or thd.trx_log.xa_registered, no_2pc=thd.trx_log.no_2pc,
                                    writeset_keys=frozenset(thd.trx_log.writeset_keys or ())))
    return _ok()


def _rollback_writeset(thd: "Thd", sp: Savepoint) -> None:
    """Rpl_transaction_write_set_ctx::rollback_to_savepoint: the keys the transaction added
    after the savepoint leave its writeset -- those of groups the statement cache already wrote,
    and those of rows the trx cache keeps when ROLLBACK TO is logged (9.7.4 observed, ROW,
    mix_savepoint_before_binlog_joined: `BEGIN; SAVEPOINT s; INSERT INTO nt_1 VALUES (9); INSERT
    INTO tt_1 VALUES (9); ROLLBACK TO s; INSERT INTO tt_1 VALUES (10); COMMIT` -- the InnoDB
    group does not depend on the MyISAM group of nt_1's 9)."""
    if thd.trx_log.writeset_keys is not None:
        thd.trx_log.writeset_keys = set(sp.writeset_keys)
    # (the events still there: those of a ROLLBACK TO that is logged; a truncated cache has none)
    thd.trx_log.writeset_excluded |= {id(e) for e in thd.caches.trx_cache.events[sp.trx_mark:]}


def release_savepoint(thd: "Thd", st: A.ReleaseSavepoint) -> "OkPacket":
    sp = next((s for s in thd.trx.savepoints if s.name.lower() == st.name.lower()), None)
    if sp is None:
        raise error("ER_SP_DOES_NOT_EXIST_SAVEPOINT", st.name)
    thd.trx.savepoints = thd.trx.savepoints[:thd.trx.savepoints.index(sp)]
    return _ok()

