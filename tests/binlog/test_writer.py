from __future__ import annotations

from pathlib import Path

import pytest

from _binlog_golden import golden_files, golden_ids
from harness.binlog import (
    BinlogFileWriter, BinlogReader, Gtid, HeaderFlag, RowChange, StreamContext, new_annotate_rows_event,
    new_gtid_event, new_query_event, new_rows_event, new_table_map_event, new_xid_event,
    read_binlog_file, show_binlog_events_row,
)
from harness.binlog.constants import ColumnType as T
from harness.binlog.codec_errors import EncodeError


@pytest.mark.parametrize("path", golden_files(), ids=golden_ids())
def test_rewriting_decoded_events_reproduces_the_file(path: Path, tmp_path: Path) -> None:
    out = tmp_path / path.name
    with BinlogFileWriter(out) as w:
        for ev in read_binlog_file(path):
            ev.header.log_pos = 0  # the writer must recompute it
            w.write_event(ev)
    assert out.read_bytes() == path.read_bytes()


def test_writer_builds_a_mariadb_file_from_scratch(tmp_path: Path) -> None:
    ts, sid = 1_700_000_000, 1
    p = tmp_path / "binlog.000001"
    w = BinlogFileWriter(p, server_id=sid)
    w.write_header_events(timestamp=ts, gtid_list=[])
    assert w.position == 325  # same as a real 10.11 server
    w.write_group([
        new_gtid_event(0, sid, 1, timestamp=ts, standalone=True, ddl=True),
        new_query_event("CREATE TABLE t1 (a INT)", database="test", thread_id=5, timestamp=ts, server_id=sid),
    ])
    tm = new_table_map_event(32, "test", "t1", [T.LONG], [0], [True], timestamp=ts, server_id=sid)
    starts = w.write_group([
        new_gtid_event(0, sid, 2, timestamp=ts, transactional=True),
        new_annotate_rows_event("INSERT INTO t1 VALUES (1)", timestamp=ts, server_id=sid),
        tm,
        new_rows_event("write", tm, [RowChange(None, [1])], timestamp=ts, server_id=sid),
        new_xid_event(12, timestamp=ts, server_id=sid),
    ])
    assert starts[0] == 325 + 42 + len("CREATE TABLE t1 (a INT)") + 19 + 13 + 26 + 5 + 4
    # the in-use flag is visible while the file is open
    assert p.read_bytes()[4 + 17] & HeaderFlag.BINLOG_IN_USE
    w.rotate("binlog.000002", timestamp=ts)
    assert p.read_bytes()[4 + 17] & HeaderFlag.BINLOG_IN_USE == 0
    rows = [show_binlog_events_row(e.event, p.name, e.pos) for e in BinlogReader(p).entries()]
    assert [(r[2], r[5]) for r in rows] == [
        ("Format_desc", "Server ver: 10.11.19-MariaDB-0+deb12u1-log, Binlog ver: 4"),
        ("Gtid_list", "[]"),
        ("Binlog_checkpoint", "binlog.000001"),
        ("Gtid", "GTID 0-1-1"),
        ("Query", "use `test`; CREATE TABLE t1 (a INT)"),
        ("Gtid", "BEGIN GTID 0-1-2"),
        ("Annotate_rows", "INSERT INTO t1 VALUES (1)"),
        ("Table_map", "table_id: 32 (test.t1)"),
        ("Write_rows_v1", "table_id: 32 flags: STMT_END_F"),
        ("Xid", "COMMIT /* xid=12 */"),
        ("Rotate", "binlog.000002;pos=4"),
    ]
    assert all(r[4] == e.end_pos for r, e in zip(rows, BinlogReader(p).entries()))
    with pytest.raises(EncodeError):
        w.write_event(new_xid_event(1, timestamp=ts, server_id=sid))


def test_header_events_after_rotation_match_golden(tmp_path: Path) -> None:
    golden = next(p for p in golden_files() if p.parent.name == "rotate_stop" and p.name.endswith("2"))
    g = read_binlog_file(golden)
    ts = g[0].header.timestamp
    p = tmp_path / "binlog.000002"
    with BinlogFileWriter(p) as w:
        w.write_header_events(timestamp=ts, gtid_list=[Gtid(0, 1, 2)], checkpoint_files=["binlog.000001"],
                              create_timestamp=0, in_use=False)
        n = w.position
    assert p.read_bytes() == golden.read_bytes()[:n]


def test_stop_closes_and_group_write_is_atomic(tmp_path: Path) -> None:
    p = tmp_path / "binlog.000009"
    w = BinlogFileWriter(p)
    w.write_header_events(timestamp=1)
    before = w.position
    tm = new_table_map_event(1, "d", "t", [T.LONG], [0], [False], timestamp=1, server_id=1)
    with pytest.raises(EncodeError):
        w.write_group([tm, new_rows_event("write", tm, [RowChange(None, ["not an int"])], timestamp=1, server_id=1)])
    assert w.position == before and p.stat().st_size == before
    w.stop(timestamp=2)
    evs = read_binlog_file(p)
    assert type(evs[-1]).__name__ == "StopEvent"
    assert StreamContext  # exported
