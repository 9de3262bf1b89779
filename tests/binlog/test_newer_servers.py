"""Golden binlogs from real MySQL 9.7.4 and MariaDB 11.8.9 (tests/fixtures/binlog/mysql-9.7,
mariadb-11.8): the decoder reads every field, re-encodes every event byte for byte, and the
records, the SHOW BINLOG EVENTS Info and ``decode -vv`` show what the newer servers add."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from harness.binlog.codec import encode_event
from harness.binlog.constants import GtidExtraFlag, QueryStatus as Q, RowsFlag
from harness.binlog.context import StreamContext
from harness.binlog.gtid import GtidEvent
from harness.binlog.listing import list_files
from harness.binlog.mysql_gtid import MysqlGtidEvent
from harness.binlog.query import QueryEvent
from harness.binlog.reader import BinlogReader
from harness.binlog.records import event_records
from harness.binlog.render import event_type_name, info_text
from harness.binlog.rows import RowsEvent
from harness.pipeline.normalize import normalize_event

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "binlog"
MYSQL = sorted((FIX / "mysql-9.7").glob("*.bin"))
MARIADB = sorted((FIX / "mariadb-11.8").glob("*.bin"))


def _entries(path):
    return list(BinlogReader(path).entries())


@pytest.mark.parametrize("path", MYSQL + MARIADB, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_event_decodes_and_reencodes_byte_for_byte(path):
    ctx = StreamContext()
    entries = _entries(path)
    assert entries and entries[-1].pos + len(entries[-1].raw) == path.stat().st_size
    for e in entries:
        assert type(e.event).__name__ != "OpaqueEvent", (e.pos, event_type_name(e.event))
        if isinstance(e.event, QueryEvent):  # no status variable left unread
            assert all(not isinstance(sv.value, bytes) or sv.code in (Q.Q_CATALOG_NZ_CODE, Q.Q_TIME_ZONE_CODE)
                       for sv in e.event.status_vars), (e.pos, e.event.status_vars)
        assert encode_event(e.event, ctx) == bytes(e.raw), (e.pos, event_type_name(e.event))


def test_mysql_9_7_status_var_21_on_dml_only():
    seen = {}
    for e in _entries(FIX / "mysql-9.7" / "gtid_off_statement.bin"):
        if isinstance(e.event, QueryEvent):
            seen[" ".join(e.event.query.split(" ")[:2])] = e.event.status(Q.Q_ENABLE_CASCADE_TRIGGERS)
    assert seen["DELETE FROM"] == 0 and seen["REPLACE INTO"] == 0 and seen["UPDATE t,"] == 0
    assert seen["INSERT INTO"] == 0  # the last INSERT ... VALUES
    assert seen["BEGIN"] is None and seen["COMMIT"] is None
    assert seen["CREATE DATABASE"] is None
    assert seen["TRUNCATE t2"] is None and seen["ALTER TABLE"] is None


def test_mysql_9_7_rows_flags_ddl_xid_and_gtid_fields():
    entries = _entries(FIX / "mysql-9.7" / "gtid_off_row.bin")
    infos = [(event_type_name(e.event), info_text(e.event)) for e in entries]
    assert ("Query", "CREATE DATABASE test /* xid=8 */") in infos
    assert ("Write_rows", "table_id: 125 flags: STMT_END_F USE_SQL_FOREIGN_KEY_F") in infos
    # the cascaded delete of the child row: its own rows event, before the parent's
    assert ("Delete_rows", "table_id: 128 flags: NO_FOREIGN_KEY_CHECKS_F USE_SQL_FOREIGN_KEY_F") in infos
    rows = [e.event for e in entries if isinstance(e.event, RowsEvent)]
    assert all(r.flags & RowsFlag.USE_SQL_FOREIGN_KEY_F for r in rows)
    g = entries[2].event
    assert isinstance(g, MysqlGtidEvent) and g.anonymous
    assert (g.last_committed, g.sequence_number, g.transaction_length, g.immediate_server_version) == \
        (0, 1, 185, 90704)
    assert g.transaction_length == entries[4].pos - entries[2].pos
    assert entries[0].event.server_version == "9.7.4-2" and len(entries[0].event.post_header_lengths) == 42


def test_mysql_records_compare_gtid_fields_with_uuid_and_timestamps_masked():
    recs = event_records(FIX / "mysql-9.7" / "gtid_on.bin")
    gtid = next(r for r in recs if r["event_type"] == "Gtid")
    assert "transaction_length=185" in gtid["status_vars"] and "server_version=90704" in gtid["status_vars"]
    n = normalize_event(gtid)
    assert n["status_vars"].startswith("sid=# last_committed=0 sequence_number=1 commit_ts=#")
    assert n["info"] == "SET @@SESSION.GTID_NEXT= '#uuid:1'"
    rows = [r for r in recs if r["event_type"] == "Write_rows"]
    assert rows and all(r["rows_flags"] & RowsFlag.USE_SQL_FOREIGN_KEY_F for r in rows)
    tmap = next(r for r in recs if r["event_type"] == "Table_map")
    assert tmap["status_vars"].startswith("flags=1 types=3 ")  # INT, with its optional metadata
    assert " opt" in tmap["status_vars"]


def test_mariadb_11_8_gtid_thread_id_and_end_log_pos_zero_inside_groups():
    entries = _entries(FIX / "mariadb-11.8" / "debian_default.bin")
    gtids = [e.event for e in entries if isinstance(e.event, GtidEvent)]
    assert gtids and all(g.flags_extra & GtidExtraFlag.FL_EXTRA_THREAD_ID and g.thread_id == 6 for g in gtids)
    # a transaction's inner events have End_log_pos 0; its GTID and its last event do not
    types = [(event_type_name(e.event), e.event.header.log_pos) for e in entries]
    i = next(k for k, (t, _) in enumerate(types) if t == "Annotate_rows")
    assert [p == 0 for _, p in types[i - 1:i + 4]] == [False, True, True, True, False]
    rec = next(r for r in event_records(FIX / "mariadb-11.8" / "debian_default.bin") if r["event_type"] == "Gtid")
    assert rec["status_vars"] == "flags_extra=16 thread_id=6"
    assert normalize_event(rec)["status_vars"] == "flags_extra=16 thread_id=#"


def test_mariadb_11_8_character_set_collations():
    by_text = {e.event.query: e.event for e in _entries(FIX / "mariadb-11.8" / "charset_collations.bin")
               if isinstance(e.event, QueryEvent)}
    pairs = ((33, 2048), (35, 2560), (45, 2304), (54, 2816), (60, 3072))
    assert by_text["CREATE TABLE x1 (a CHAR(3) CHARACTER SET latin1)"].status(Q.Q_CHARACTER_SET_COLLATIONS) == pairs
    assert by_text["CREATE TABLE x4 (a CHAR(3) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)"].status(
        Q.Q_CHARACTER_SET_COLLATIONS) is None
    ev = by_text["CREATE DATABASE d3"]
    assert ev.status(Q.Q_CHARSET_CODE) == (45, 45, 2304)
    # the order as written: CATALOG_NZ, CHARACTER_SET_COLLATIONS, CHARSET
    codes = [sv.code for sv in by_text["CREATE DATABASE d1 CHARACTER SET latin1"].status_vars]
    assert codes == [Q.Q_FLAGS2_CODE, Q.Q_SQL_MODE_CODE, Q.Q_CATALOG_NZ_CODE, Q.Q_CHARACTER_SET_COLLATIONS,
                     Q.Q_CHARSET_CODE]


@pytest.mark.parametrize("path", MYSQL + MARIADB, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_decode_vv_lists_the_new_fields(path):
    out = io.BytesIO()
    list_files([path], out, verbosity=2)
    text = out.getvalue().decode()
    assert text.count("# at ") == len(_entries(path))
    if path.parent.name == "mysql-9.7":
        assert "# Xid = " in text and "transaction_length=" in text
    if path.name == "gtid_off_row.bin":
        assert "# enable_cascade_triggers=0" in text and "USE_SQL_FOREIGN_KEY_F" in text
    if path.name == "debian_default.bin":
        assert "# thread_id=6" in text
