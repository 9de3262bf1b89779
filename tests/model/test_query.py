"""Layer 2 for statement-format events (harness/model/query.py), without a parser or an engine."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _fakes import INNODB, MYISAM, SELF_LOGGING, Facts, Table, Use, open_session

from harness.binlog.control import IntvarEvent, RandEvent, UserVarEvent
from harness.binlog.query import QueryEvent
from harness.model.decide import LoggingDecision
from harness.model.query import binlog_query, context_events, write_ddl
from harness.model.unsafe import Unsafe, bit


@dataclass
class Ctx:
    used_last_insert_id: int | None = None
    stmt_insert_id: int | None = None
    rand_seeds: tuple[int, int] | None = None
    user_vars_read: dict[str, Any] = field(default_factory=dict)


def test_context_events_precede_the_query_in_the_servers_order(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    evs = context_events(s, Ctx(used_last_insert_id=5, stmt_insert_id=7, rand_seeds=(1, 2), user_vars_read={"a": 1}))
    assert [type(e) for e in evs] == [IntvarEvent, IntvarEvent, RandEvent, UserVarEvent]
    assert context_events(s, None) == []


def test_statement_on_an_n_table_goes_to_the_stmt_cache(tmp_path: Path) -> None:
    s = open_session(tmp_path, stmt_info=Facts([Use(Table("n", MYISAM), write=True)]))
    binlog_query(s, "INSERT INTO n VALUES (1)", False, 0, None, None)
    assert [type(e) for e in s.caches.stmt_cache.events] == [QueryEvent]
    assert s.caches.trx_cache.empty()


def test_statement_that_made_innodb_read_write_goes_to_the_trx_cache(tmp_path: Path) -> None:
    """Query_log_event: stmt_has_updated_trans_table() overrides is_trans=false (a MyISAM
    statement whose trigger wrote InnoDB; multi_update that called InnoDB without a change)."""
    s = open_session(tmp_path, stmt_info=Facts([Use(Table("n", MYISAM), write=True)]), stmt_changed_xa=True)
    binlog_query(s, "UPDATE n, t SET t.a = 2 WHERE n.id = t.id", False, 0, None, None)
    assert not s.caches.trx_cache.empty() and s.caches.stmt_cache.empty()
    # DDL sets no per-statement change flags: what they hold is an earlier statement's.
    s2 = open_session(tmp_path / "ddl", stmt_info=None, stmt_changed_xa=True)
    binlog_query(s2, "DROP TEMPORARY TABLE IF EXISTS tt", False, 0, None, None, ddl=True)
    assert s2.caches.trx_cache.empty() and not s2.caches.stmt_cache.empty()


def test_mixed_unsafe_statement_goes_to_the_trx_cache(tmp_path: Path) -> None:
    s = open_session(tmp_path, stmt_info=Facts([Use(Table("n", MYISAM), write=True)]))
    d = LoggingDecision(row=False, unsafe=bit(Unsafe.MIXED_STATEMENT), warn_unsafe=0)
    binlog_query(s, "INSERT INTO n SELECT * FROM t", False, 0, None, d)
    assert not s.caches.trx_cache.empty() and s.caches.stmt_cache.empty()


def test_unsafe_warnings_are_issued_only_when_the_statement_is_logged(tmp_path: Path) -> None:
    s = open_session(tmp_path, stmt_info=Facts([Use(Table("t", INNODB), write=True)]))
    d = LoggingDecision(row=False, unsafe=bit(Unsafe.LIMIT), warn_unsafe=bit(Unsafe.LIMIT))
    binlog_query(s, "UPDATE t SET a = 1 LIMIT 1", True, 0, None, d)
    assert s.unsafe_warnings == [bit(Unsafe.LIMIT)]


def test_a_statement_only_on_self_logging_tables_is_not_logged(tmp_path: Path) -> None:
    """Seed 001: the self-logging engine writes its own changes."""
    s = open_session(tmp_path, stmt_info=Facts([Use(Table("sl", SELF_LOGGING), write=True)]))
    binlog_query(s, "INSERT INTO sl VALUES (1)", True, 0, None, None)
    assert s.caches.trx_cache.empty() and s.caches.stmt_cache.empty()


def test_ddl_is_not_written_when_binary_logging_is_off(tmp_path: Path) -> None:
    s = open_session(tmp_path, sql_log_bin=False)
    write_ddl(s, "CREATE TABLE x (a INT)")
    assert s.server is not None and s.server.binlog.seq_no == 0
    s.sql_log_bin = True
    write_ddl(s, "CREATE TABLE x (a INT)")
    assert s.server.binlog.seq_no == 1
