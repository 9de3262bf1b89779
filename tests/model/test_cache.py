"""Layer 2 (harness/model/cache.py) on its own: which cache an event goes to, and
how row events fill it (seed 002's R-log-statement-format and R-log-row-format,
seed 000's two caches). The session is tests/model/_fakes.py's dataclass."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _fakes import INNODB, MYISAM, Facts, Session, Table, Use, open_session

from harness.binlog.constants import RowsFlag
from harness.binlog.control import AnnotateRowsEvent
from harness.binlog.query import new_query_event
from harness.binlog.rows import RowsEvent, TableMapEvent
from harness.model.cache import binlog_write_row, use_trans_cache

t = Table("t", INNODB, table_id=70)
n = Table("n", MYISAM, table_id=71)


def shape(events: list[Any]) -> list[str]:
    """A = Annotate_rows, TM(x) = Table_map, write/update/delete = rows event (* = STMT_END_F)."""
    out = []
    for e in events:
        if isinstance(e, AnnotateRowsEvent):
            out.append("A")
        elif isinstance(e, TableMapEvent):
            out.append(f"TM({e.table})")
        elif isinstance(e, RowsEvent):
            out.append(e.kind + ("*" if e.flags & RowsFlag.STMT_END_F else ""))
        else:
            out.append(type(e).__name__)
    return out


def _query(text: str) -> Any:
    return new_query_event(text, database="test", thread_id=1, timestamp=0, server_id=1)


def test_statement_of_a_transactional_table_goes_to_the_trx_cache() -> None:
    assert use_trans_cache(Session(), is_transactional=True)


def test_nontransactional_statement_goes_to_the_stmt_cache_when_the_trx_cache_is_empty() -> None:
    """'Otherwise, log to SC.'"""
    assert not use_trans_cache(Session(), is_transactional=False)


def test_nontransactional_statement_follows_earlier_transactional_writes() -> None:
    """'if either S or any previous statement in the same transaction reads or writes in
    any T-tables, log to TC.'"""
    s = Session()
    s.caches.trx_cache.append(_query("INSERT INTO t VALUES (1)"))
    assert use_trans_cache(s, is_transactional=False)
    s.binlog_direct_non_trans_update = True
    assert not use_trans_cache(s, is_transactional=False)
    s.binlog_direct_non_trans_update = False
    s.stmt.row_format = True
    assert not use_trans_cache(s, is_transactional=False)


def _row_session(tmp: Path, *uses: Use, text: str = "INSERT ...") -> Session:
    s = open_session(tmp, stmt_text=text)
    s.stmt.info = Facts(list(uses))
    s.caches.start_statement()
    return s


def test_rows_go_to_the_cache_of_their_table(tmp_path: Path) -> None:
    """'Log row events that write to non-temporary N-tables to SC ... T-tables to TC.'"""
    s = _row_session(tmp_path, Use(t, write=True), Use(n, write=True))
    binlog_write_row(s, t, "write", None, [1, 1], {0, 1})
    binlog_write_row(s, n, "write", None, [2, 2], {0, 1})
    s.caches.end_statement_rows(s)
    # Non-transactional maps come first, so Annotate_rows goes with the MyISAM table's map.
    assert shape(s.caches.stmt_cache.events) == ["A", "TM(n)", "write*"]
    assert shape(s.caches.trx_cache.events) == ["TM(t)", "write*"]


def test_rows_of_temporary_tables_are_not_logged(tmp_path: Path) -> None:
    """'Do not log row events that write to temporary tables.'"""
    tmp = Table("tmp", INNODB, temporary=True)
    s = _row_session(tmp_path, Use(tmp, write=True))
    binlog_write_row(s, tmp, "write", None, [1, 1], {0, 1})
    s.caches.end_statement_rows(s)
    assert s.caches.trx_cache.empty() and s.caches.stmt_cache.empty()


def test_consecutive_rows_share_one_event_and_one_table_map(tmp_path: Path) -> None:
    s = _row_session(tmp_path, Use(t, write=True))
    for i in range(3):
        binlog_write_row(s, t, "write", None, [i, i], {0, 1})
    s.caches.end_statement_rows(s)
    events = s.caches.trx_cache.events
    assert shape(events) == ["A", "TM(t)", "write*"]
    assert len(events[2].rows) == 3  # type: ignore[attr-defined]


def test_minimal_row_image_logs_the_key_before_and_the_assigned_columns_after(tmp_path: Path) -> None:
    """Seed 002's table: update, minimal -> BI = PKE, AI = the columns where a value was specified."""
    s = _row_session(tmp_path, Use(t, write=True))
    s.binlog_row_image = "MINIMAL"
    binlog_write_row(s, t, "update", [1, 1], [1, 5], {1})
    s.caches.end_statement_rows(s)
    ev = s.caches.trx_cache.events[-1]
    assert (ev.columns_present, ev.columns_present_after) == (0b01, 0b10)  # type: ignore[attr-defined]
