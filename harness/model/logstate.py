"""The logging state layer 2 keeps per transaction and per statement.

MariaDB keeps these as flags on the THD and its transaction (``thd->transaction->
all.modified_non_trans_table``, ``thread_specific_used``, ``time_zone_used`` ...).
Here they are two dataclasses the binlog layers own and read; the SQL layer sets
them while it executes (``Thd.trx_log`` / ``Thd.stmt_log``), and replaces them at
the end of a transaction or statement, so nothing is forgotten in a reset.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class TrxLogState:
    """What the binary log remembers about the open transaction."""

    nontrans_modified: bool = False  # all.modified_non_trans_table
    gtid_nontrans: bool = False  # clears FL_TRANSACTIONAL on the trx group
    xa_rw: bool = False  # an XA-capable engine changed data: the group ends with Xid
    # trans->no_2pc: a participant without prepare (a transactional Aria table, even only
    # read) makes the commit one-phase: the group ends with COMMIT, not Xid (probed).
    no_2pc: bool = False
    wrote_temp: bool = False  # a statement of it wrote a temporary table
    has_ddl: bool = False  # the group gets FL_DDL
    keep_log: bool = False  # written at ROLLBACK even without an N-write
    # MySQL's Transaction_ctx SESSION scope: a temporary table created / dropped in it, in
    # any format (9.7.4 probed: STATEMENT too) -- ROLLBACK and ROLLBACK TO then warn 1751 /
    # 1752: harness/sql/stmt/rollback_notes.py
    created_temp: bool = False
    # MySQL 9.7: a statement of it opened a table a foreign key references (Q_UPDATED_DB_NAMES over max)
    fk_tables: bool = False
    # MySQL: the unique-key hashes the transaction's groups wrote so far (its
    # Transaction_write_set_ctx, which only the transaction's end resets)
    writeset_keys: set[tuple[Any, ...]] | None = None
    writeset_missing: bool = False  # ... and its has_missing_keys (a row of a table without a key)
    # ids of the trx cache's events a ROLLBACK TO took out of the writeset (the cache kept them)
    writeset_excluded: set[int] = field(default_factory=set)
    dropped_temp: bool = False
    # a base non-transactional table changed (not a ROLLBACK TO's mark of nontrans_modified)
    changed_nontrans_base: bool = False
    did_ddl: bool = False  # a temporary-table DDL was logged inside the transaction
    # all.trans_did_wait(): a statement of the transaction waited for a lock another
    # transaction held (a row lock, a table lock) -> FL_WAITED (0x10) on its Gtid.
    did_wait: bool = False
    stmt_nontrans_logged: bool = False  # a MyISAM-changing statement was logged as a statement
    used_temp: bool = False  # a statement of the transaction used a temporary table
    nontrans_temp_in_cache: bool = False  # a temporary N-table change went to the trx cache
    # A statement that read or wrote a temporary N-table went to the trx cache: the
    # cache's changes_to_non_trans_temp_table() (MIXED keeps it at ROLLBACK).
    nontrans_temp_accessed_in_cache: bool = False
    touched_self_logging: bool = False  # R-unsafe-self-logging: an earlier statement did
    # MySQL's binlog_trx_cache_data::cannot_rollback(): an event that cannot be undone (a
    # non-transactional change, temporary-table DDL) went into the trx cache
    cannot_rollback: bool = False
    # The binlog registered in the transaction (trans_register_ha): something
    # went to one of its caches while a multi-statement transaction was open.
    binlog_joined: bool = False
    # An XA-capable engine registered before writing (START TRANSACTION WITH CONSISTENT
    # SNAPSHOT): a savepoint set now lists it, so ROLLBACK TO keeps its later writes'
    # read-write mark and the commit stays two-phase (Xid; observed).
    xa_registered: bool = False


@dataclass
class StmtLogState:
    """What every Query event of one statement copies from the session."""

    thread_specific: bool = False  # thd->thread_specific_used -> LOG_EVENT_THREAD_SPECIFIC_F (0x4)
    # lex->stmt_accessed_temp_table(): clears FL_TRANSACTIONAL of a group this statement commits
    uses_temp: bool = False
    # thd->thread_specific_used set while the statement was resolved (CONNECTION_ID()'s
    # fix_fields), so before its first row: a rows group's BEGIN has it (cache.GroupBegin)
    thread_specific_at_open: bool = False
    time_zone_used: bool = False  # thd->time_zone_used -> Q_TIME_ZONE_CODE
    # columns (by table id) the statement filled by field_conv's plain copy of an identical
    # field: no Field::store, so no THD::time_zone() (stmt/time_zone.py)
    field_copies: dict[int, set[int]] = field(default_factory=dict)
    # (time_zone_used, table_map_for_update) when the statement wrote its first row event (MySQL
    # writes a group's BEGIN with it: a later row's DATETIME store, or the AFTER trigger that
    # clears the map after the row, does not reach that BEGIN); None: no row event yet
    at_first_row: tuple[bool, int, Any, Any] | None = None  # ... and the sql_mode, foreign_key_checks then
    # the same when the statement cache got its first event (the statement's first row writes
    # every written table's map, a MyISAM one into the statement cache): its group's BEGIN
    stmt_cache_first_row: tuple[bool, int, Any, Any] | None = None
    # MySQL 9.7: its table list holds a table a foreign key references (stmt/deprecations.py
    # note_foreign_key_tables): Q_UPDATED_DB_NAMES over max, Table_maps TM_REFERRED_FK_DB_F
    fk_tables: bool = False
    # MySQL: a CREATE ... SELECT runs: the transactions it commits (its implicit commit of the
    # open one, its own row group) have no usable writeset (rows' commit-order parent, new history)
    writeset_dropped: bool = False
    # MySQL: the DDL found nothing to do (IF NOT EXISTS of an existing table), so it commits no
    # data-dictionary transaction and its Query has no Q_DDL_LOGGED_WITH_XID
    no_dd_commit: bool = False
    # thd->query_start_sec_part_used -> Q_HRNOW (NOW() and CURTIME() read the start microseconds)
    hrnow_used: bool = False
    table_map_for_update: int = 0  # thd->table_map_for_update -> Q_TABLE_MAP_FOR_UPDATE_CODE
    # MySQL: thd->binlog_accessed_db_names, as the statement's Query event carried it (the
    # Q_UPDATED_DB_NAMES StatusVar; None: the statement named none, or was logged as rows).
    # A BEGIN / COMMIT / ROLLBACK the statement builds copies it; THD::cleanup_after_query
    # clears it, so an explicit COMMIT or ROLLBACK statement's end event has none.
    binlog_accessed_dbs: Any = None
    # The databases a DDL statement names for the binlog (add_to_binlog_accessed_dbs: the
    # table's, both of a RENAME, every dropped table's so far); None: not named by the
    # statement (the default database is used), (): none (CREATE TABLE ... LIKE)
    accessed_db_names: tuple[str, ...] | None = None
    dml_dbs: tuple[str, ...] = ()  # a DML statement's tables' databases (deprecations.statement_start)
    # THD::set_binlog_flags_for_alter: a two-phase ALTER's phase (Gtid flags_extra
    # FL_START/COMMIT/ROLLBACK_ALTER_E1, also Q_GTID_FLAGS3) and the START ALTER's seq_no
    gtid_flags3: int = 0
    sa_seq_no: int | None = None
    # MariaDB 11.8: tables (by id) whose images in this statement leave the generated columns
    # out, from the statement's first UPDATE or DELETE row of the table on (EventStyle)
    images_without_generated: set[int] = field(default_factory=set)

    def read_time_zone(self) -> None:
        """THD::time_zone(): the statement read the session time zone (a temporal store or
        conversion, NOW(), @@time_zone), so each of its Query events carries Q_TIME_ZONE_CODE."""
        self.time_zone_used = True

    def for_implicit_rollback(self) -> "StmtLogState":
        """The context of the ROLLBACK a failed statement's trans_rollback_implicit writes
        (a deadlock victim): none of the statement's event flags, but its
        thd->table_map_for_update and accessed databases, which only the statement's end
        clears (9.7.4 [bytes]: the victim `UPDATE c ... => 1213`'s ROLLBACK 9=1 12=(test))."""
        return StmtLogState(table_map_for_update=self.table_map_for_update, dml_dbs=self.dml_dbs)
