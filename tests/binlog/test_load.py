"""LOAD DATA's events (harness/binlog/load.py) against a real MariaDB 10.11 capture."""

from __future__ import annotations

import pytest

from _binlog_golden import FIXTURES, show_binlog_events
from harness.binlog.codec import decode_event, encode_event
from harness.binlog.constants import EventType as E
from harness.binlog.context import StreamContext
from harness.binlog.codec_errors import DecodeError
from harness.binlog.layout import body_ranges, varying_fields_by_type
from harness.binlog.load import (
    AppendBlockEvent, DeleteFileEvent, ExecuteLoadQueryEvent, LoadDupHandling, new_append_block_event,
    new_delete_file_event, new_execute_load_query_event, pretty_print_str, replay_query,
)
from harness.binlog.query import mariadb_query_status_vars
from harness.binlog.reader import read_binlog_file
from harness.binlog.render import info_text

GOLDEN = FIXTURES / "load_data_statement" / "binlog.000001"


def _events():
    return list(read_binlog_file(GOLDEN))


def test_golden_has_every_load_event_type() -> None:
    kinds = [type(ev) for ev in _events()]
    assert kinds.count(ExecuteLoadQueryEvent) == 4
    assert kinds.count(DeleteFileEvent) == 1
    blocks = [ev for ev in _events() if isinstance(ev, AppendBlockEvent)]
    # the LOCAL file of 14493 bytes came in 4096-byte packets: Begin + 3 Append
    assert [(ev.header.type_code, len(ev.block)) for ev in blocks if ev.file_id == 23] == [
        (E.BEGIN_LOAD_QUERY_EVENT, 4096), (E.APPEND_BLOCK_EVENT, 4096), (E.APPEND_BLOCK_EVENT, 4096),
        (E.APPEND_BLOCK_EVENT, 2205)]


def test_info_matches_show_binlog_events() -> None:
    rows = show_binlog_events(GOLDEN)
    evs = _events()
    assert [info_text(ev) for ev in evs] == [r[5] for r in rows]


def test_fn_pos_cuts_the_infile_part() -> None:
    ev = next(e for e in _events() if isinstance(e, ExecuteLoadQueryEvent) and "LOCAL" in e.query)
    raw = ev.query.encode()
    assert raw[:ev.fn_pos_start] == b"LOAD DATA"
    assert raw[ev.fn_pos_start:ev.fn_pos_end] == b" LOCAL INFILE '/tmp/mlref/d1.txt' REPLACE INTO"
    assert ev.dup_handling == LoadDupHandling.LOAD_DUP_REPLACE


def test_replay_query_is_what_mariadb_binlog_prints() -> None:
    evs = [e for e in _events() if isinstance(e, ExecuteLoadQueryEvent)]
    # IGNORE is dropped, REPLACE kept (Execute_load_query_log_event::print)
    assert replay_query(evs[2], "/x/SQL_LOAD_MB-17-0") == (
        "LOAD DATA LOCAL INFILE '/x/SQL_LOAD_MB-17-0' INTO TABLE `li` FIELDS TERMINATED BY '\\t' ENCLOSED BY '' "
        "ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' IGNORE 1 LINES  (`a`, `b`)")
    assert replay_query(evs[3], "f").startswith("LOAD DATA CONCURRENT LOCAL INFILE 'f' REPLACE INTO TABLE `lm`")


def test_factories_round_trip_byte_exact() -> None:
    ctx = StreamContext()
    q = "LOAD DATA INFILE 'a\\'b' INTO TABLE `t` FIELDS TERMINATED BY '\\t'"
    start = len("LOAD DATA")
    end = len("LOAD DATA INFILE 'a\\'b' INTO")
    built = [
        new_append_block_event(7, b"1\t2\n", first=True, timestamp=5, server_id=1),
        new_append_block_event(7, b"3\t4\n", first=False, timestamp=5, server_id=1),
        new_execute_load_query_event(q, database="test", thread_id=9, timestamp=5, server_id=1,
                                     status_vars=mariadb_query_status_vars(), file_id=7, fn_pos_start=start,
                                     fn_pos_end=end, dup_handling=LoadDupHandling.LOAD_DUP_ERROR),
        new_delete_file_event(7, timestamp=5, server_id=1),
    ]
    for ev in built:
        raw = encode_event(ev, ctx)
        back = decode_event(raw, 0, ctx)
        assert type(back) is type(ev)
        assert encode_event(back, ctx) == raw
    assert built[0].header.type_code == E.BEGIN_LOAD_QUERY_EVENT
    assert built[1].header.type_code == E.APPEND_BLOCK_EVENT


def test_golden_events_reencode_byte_exact() -> None:
    data = GOLDEN.read_bytes()
    ctx = StreamContext()
    pos = 4
    while pos < len(data):
        size = int.from_bytes(data[pos + 9:pos + 13], "little")
        ev = decode_event(data, pos, ctx)
        if ev.header.type_code in (9, 11, 17, 18):
            assert encode_event(ev, ctx, at=pos) == data[pos:pos + size]
        pos += size


def test_fn_pos_outside_the_query_is_a_decode_error() -> None:
    ctx = StreamContext()
    ev = new_execute_load_query_event("LOAD DATA INFILE 'f' INTO TABLE t", database="", thread_id=1, timestamp=0,
                                      server_id=1, status_vars=[], file_id=1, fn_pos_start=9, fn_pos_end=999,
                                      dup_handling=0)
    raw = encode_event(ev, ctx)
    with pytest.raises(DecodeError, match="outside"):
        decode_event(raw, 0, ctx)


def test_file_id_is_a_varying_field_and_ranges_cover_the_body() -> None:
    why = varying_fields_by_type()
    for tc in (E.BEGIN_LOAD_QUERY_EVENT, E.APPEND_BLOCK_EVENT, E.DELETE_FILE_EVENT, E.EXECUTE_LOAD_QUERY_EVENT):
        assert "file_id" in why[int(tc)]
    data = GOLDEN.read_bytes()
    ev = next(e for e in _events() if isinstance(e, ExecuteLoadQueryEvent))
    end = ev.header.log_pos
    start = end - ev.header.event_size
    names = [n for n, _, _ in body_ranges(data[start:end], 18, ev.header.event_size - 4)]
    assert names[:9] == ["thread_id", "exec_time", "db_len", "error_code", "status_vars_len", "file_id",
                         "fn_pos_start", "fn_pos_end", "dup_handling"]


def test_pretty_print_str_escapes_like_the_server() -> None:
    assert pretty_print_str("a'\t\n\\\0") == "'a\\'\\t\\n\\\\\\0'"
