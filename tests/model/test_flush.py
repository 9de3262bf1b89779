"""Layer 3 (harness/model/flush.py) on its own: the caches become GTID-framed
groups in a real binary log (seed 002's R-flush-SC, R-log-commit, R-log-rollback,
R-clear-TC; MariaDB 10.11's framing, docs/RULES-mariadb-10.11.md section 1.1).
The session is tests/model/_fakes.py's dataclass; no parser, no engine."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _fakes import Session, open_session, written_events

from harness.binlog.query import new_query_event
from harness.model import flush as L3
from harness.model.logstate import TrxLogState


def _query(text: str) -> Any:
    return new_query_event(text, database="test", thread_id=7, timestamp=0, server_id=1)


def shape(s: Session) -> list[str]:
    out = []
    for typ, info in written_events(s):
        if typ == "Gtid":
            out.append("G" if info.startswith("BEGIN") else "DDL")
        elif typ == "Query":
            out.append(info if info in ("COMMIT", "ROLLBACK") else "Q:" + info.split("; ", 1)[-1])
        else:
            out.append(typ)
    return out


def test_stmt_cache_is_its_own_group_ended_by_commit(tmp_path: Path) -> None:
    """(R-flush-SC) 'At the end of S, write BEGIN + SC + COMMIT to the binlog and clear the SC.'"""
    s = open_session(tmp_path)
    s.caches.stmt_cache.append(_query("INSERT INTO n VALUES (1)"))
    L3.flush_stmt_cache(s)
    assert shape(s) == ["G", "Q:INSERT INTO n VALUES (1)", "COMMIT"]
    assert s.caches.stmt_cache.empty()
    assert s.server is not None and s.server.status["Binlog_stmt_cache_use"] == 1


def test_empty_stmt_cache_writes_nothing(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    L3.flush_stmt_cache(s)
    assert shape(s) == []


def test_commit_writes_the_trx_cache_ended_by_xid(tmp_path: Path) -> None:
    """(R-log-commit) 'If the TC is non-empty, write BEGIN + TC + COMMIT': an XA-capable engine
    changed data, so the group ends with Xid; (R-clear-TC) the TC is then empty."""
    s = open_session(tmp_path, trx_log=TrxLogState(xa_rw=True))
    s.caches.trx_cache.append(_query("INSERT INTO t VALUES (1)"))
    L3.commit_trx_cache(s)
    assert shape(s) == ["G", "Q:INSERT INTO t VALUES (1)", "Xid"]
    assert s.caches.trx_cache.empty()


def test_commit_without_an_xa_engine_ends_with_commit(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    s.caches.trx_cache.append(_query("INSERT INTO t VALUES (1)"))
    L3.commit_trx_cache(s)
    assert shape(s) == ["G", "Q:INSERT INTO t VALUES (1)", "COMMIT"]


def test_commit_of_an_empty_trx_cache_writes_nothing(tmp_path: Path) -> None:
    """(R-log-commit) 'If the TC is empty, do nothing.'"""
    s = open_session(tmp_path)
    L3.commit_trx_cache(s)
    assert shape(s) == []


def test_autocommit_statement_with_both_caches_is_one_group_stmt_cache_first(tmp_path: Path) -> None:
    s = open_session(tmp_path, trx_log=TrxLogState(xa_rw=True))
    s.caches.trx_cache.append(_query("INSERT INTO t VALUES (1)"))
    s.caches.stmt_cache.append(_query("INSERT INTO n VALUES (1)"))
    L3.commit_trx_cache(s, with_stmt_cache=True)
    assert shape(s) == ["G", "Q:INSERT INTO n VALUES (1)", "Q:INSERT INTO t VALUES (1)", "Xid"]


def test_rollback_keeps_a_trx_cache_with_an_n_write(tmp_path: Path) -> None:
    """(R-log-rollback) 'If the TC contains any N-write, write BEGIN + TC + ROLLBACK.'"""
    s = open_session(tmp_path, binlog_format="STATEMENT", trx_log=TrxLogState(nontrans_modified=True))
    s.caches.trx_cache.append(_query("INSERT INTO t VALUES (1)"))
    s.caches.trx_cache.append(_query("INSERT INTO n VALUES (1)"))
    L3.rollback_trx_cache(s, single_statement=False)
    assert shape(s) == ["G", "Q:INSERT INTO t VALUES (1)", "Q:INSERT INTO n VALUES (1)", "ROLLBACK"]
    assert s.caches.trx_cache.empty()


def test_rollback_drops_a_trx_cache_without_an_n_write(tmp_path: Path) -> None:
    """(R-log-rollback) 'If the TC does not contain any N-write, do nothing.'"""
    s = open_session(tmp_path, binlog_format="STATEMENT")
    s.caches.trx_cache.append(_query("INSERT INTO t VALUES (1)"))
    L3.rollback_trx_cache(s, single_statement=False)
    assert shape(s) == []
    assert s.caches.trx_cache.empty()


def test_rollback_keeps_a_trx_cache_after_a_temporary_myisam_change_in_the_stmt_cache(tmp_path: Path) -> None:
    """MariaDB: all.modified_non_trans_table counts a temporary MyISAM change whose
    statement went to the statement cache (STATEMENT; not MIXED, where the statement
    rollback alone keeps it)."""
    for fmt, kept in (("STATEMENT", True), ("MIXED", False)):
        s = open_session(tmp_path / fmt, binlog_format=fmt, trx_nontrans_temp_modified=True)
        s.caches.trx_cache.append(_query("DELETE FROM t WHERE a IS NULL"))
        L3.rollback_trx_cache(s, single_statement=False)
        assert shape(s) == (["G", "Q:DELETE FROM t WHERE a IS NULL", "ROLLBACK"] if kept else [])


def test_ddl_is_written_directly_as_a_standalone_group(tmp_path: Path) -> None:
    """(R-log-commit-statement) 'All other statements that have a pre-commit are written
    directly to the binlog.'"""
    s = open_session(tmp_path)
    L3.write_direct(s, [_query("CREATE TABLE x (a INT)")])
    assert shape(s) == ["DDL", "Q:CREATE TABLE x (a INT)"]


def test_each_group_gets_the_next_gtid(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    for i in range(3):
        L3.write_direct(s, [_query(f"CREATE TABLE x{i} (a INT)")])
    assert s.server is not None and s.server.binlog.gtid_pos_text() == "0-1-3"


def test_reset_master_file_has_created_set_like_a_server_start(tmp_path: Path) -> None:
    """RESET MASTER's new binlog.000001 carries `created` (the replica drops its temporary
    tables on it); a file opened by FLUSH BINARY LOGS has 0."""
    from harness.binlog.fde import FormatDescriptionEvent
    from harness.binlog.reader import read_binlog_file

    log = L3.BinaryLog(tmp_path)
    log.open()
    log.rotate()
    log.reset()
    log.rotate()
    log.close()
    fde = [next(e for e in read_binlog_file(tmp_path / f) if isinstance(e, FormatDescriptionEvent))
           for f in ("binlog.000001", "binlog.000002")]
    assert fde[0].create_timestamp != 0 and fde[1].create_timestamp == 0


def _maps_of_a_failed_statement(s: Session) -> None:
    """What a statement leaves in the statement cache when its first row went to an
    InnoDB table and its trigger's MyISAM row failed: Annotate_rows + the Table_map."""
    from harness.binlog.control import new_annotate_rows_event
    from harness.binlog.rows import new_table_map_event
    s.caches.stmt_cache.append(new_annotate_rows_event("DELETE FROM t2", timestamp=0, server_id=1))
    s.caches.stmt_cache.append(new_table_map_event(70, "test", "t1", [3], [0], [True], timestamp=0, server_id=1))


def test_a_map_only_stmt_cache_is_kept_for_the_next_group(tmp_path: Path) -> None:
    """binlog_cache_data::empty() counts rows only: the maps are not written and not reset,
    so they go out in front of the cache's next group."""
    s = open_session(tmp_path)
    _maps_of_a_failed_statement(s)
    L3.flush_stmt_cache(s)
    assert shape(s) == []
    s.caches.stmt_cache.append(_query("INSERT INTO t1 VALUES (1)"))
    L3.flush_stmt_cache(s)
    assert shape(s) == ["G", "Annotate_rows", "Table_map", "Q:INSERT INTO t1 VALUES (1)", "COMMIT"]
    assert s.caches.stmt_cache.empty()


def test_an_xid_commit_resets_a_map_only_stmt_cache_without_writing_it(tmp_path: Path) -> None:
    """binlog_commit_flush_xid_caches flushes both caches: the maps are dropped."""
    s = open_session(tmp_path, trx_log=TrxLogState(xa_rw=True))
    _maps_of_a_failed_statement(s)
    s.caches.trx_cache.append(_query("INSERT INTO t3 VALUES (1)"))
    L3.commit_trx_cache(s)
    assert shape(s) == ["G", "Q:INSERT INTO t3 VALUES (1)", "Xid"]
    assert s.caches.stmt_cache.empty()


def test_a_commit_without_xid_leaves_a_map_only_stmt_cache_alone(tmp_path: Path) -> None:
    """binlog_commit_flush_trx_cache flushes the trx cache only (using_stmt false)."""
    s = open_session(tmp_path)
    _maps_of_a_failed_statement(s)
    s.caches.trx_cache.append(_query("INSERT INTO t5 VALUES (1)"))
    L3.commit_trx_cache(s, with_stmt_cache=True)
    assert shape(s) == ["G", "Q:INSERT INTO t5 VALUES (1)", "COMMIT"]
    assert len(s.caches.stmt_cache.events) == 2
