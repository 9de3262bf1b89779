"""MySQL 8.0 flavour of the codec: real byte vectors, factories, writer.

No MySQL 8.0 server is reachable here, so the golden data are real event
bytes published in public repositories (tests/fixtures/binlog/mysql-8.0/
README.md lists them); each carries a CRC32 the reader verifies, which is
what makes them trustworthy.
"""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

from harness.binlog import (
    BinlogReader, ByteReader, ByteWriter, DecodeError, EventType, FormatDescriptionEvent,
    MYSQL_8_0_POST_HEADER_LENGTHS, MysqlBinlogFileWriter, MysqlGtidEvent, PreviousGtidsEvent,
    QueryEvent, RowChange, RowsQueryEvent, RowsV2Event, StreamContext, TableMapEvent,
    decode_event, encode_event, event_type_name, format_gtid_set, info_text,
    mysql80_post_header_lengths, new_mysql_begin_event, new_mysql_format_description_event,
    new_mysql_gtid_event, new_mysql_query_event, new_previous_gtids_event, new_rows_query_event,
    new_rows_v2_event, new_table_map_event, new_xid_event, parse_gtid_set, set_transaction_length,
)
from harness.binlog.header import EventHeader
from harness.binlog.mysql_gtid import decode_mysql_gtid, encode_mysql_gtid, server_version_number
from harness.binlog.query import mysql80_query_status_vars

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "binlog" / "mysql-8.0"


def _hex_events(name: str) -> list[bytes]:
    return [bytes.fromhex(x) for x in (FIX / name).read_text().split()]


def _b64_blocks(name: str) -> list[bytes]:
    return [base64.b64decode(x) for x in (FIX / name).read_text().splitlines()
            if x and not x.startswith("#")]


def _split(buf: bytes, ctx: StreamContext) -> list[tuple[bytes, object]]:
    out, pos = [], 0
    while pos < len(buf):
        ev = decode_event(buf, pos, ctx)
        out.append((buf[pos:pos + ev.header.event_size], ev))
        pos += ev.header.event_size
    return out


def _stream(name: str) -> list[tuple[bytes, object]]:
    ctx = StreamContext()
    out = []
    for b in _hex_events(name) if name.endswith(".hex") else _b64_blocks(name):
        out.extend(_split(b, ctx))
    return out


ALL = ["v8_0_18_stream.hex", "v8_0_27_fde.hex", "v8_0_35_file.b64"]


# -- real bytes: decode (CRC verified), re-encode byte-identically ----------

@pytest.mark.parametrize("name", ALL)
def test_real_events_round_trip(name):
    ctx = StreamContext()
    for raw, ev in _stream(name):
        assert ev.header.event_size == len(raw)
        assert encode_event(ev, ctx) == raw, event_type_name(ev)


def test_v8_0_18_show_binlog_events_columns():
    rows = [(event_type_name(ev), info_text(ev)) for _, ev in _stream("v8_0_18_stream.hex")]
    anon = ("Anonymous_Gtid", "SET @@SESSION.GTID_NEXT= 'ANONYMOUS'")
    assert rows[0] == ("Format_desc", "Server ver: 8.0.18-0ubuntu0.19.10.1, Binlog ver: 4")
    assert rows[1] == anon and rows[3] == anon and rows[5] == anon and rows[10] == anon
    # SUPPRESS_USE_F; Query_log_event::pack_info appends the DDL's Q_DDL_LOGGED_WITH_XID
    # (as real MySQL 9.7.4 shows `CREATE DATABASE test /* xid=8 */`)
    assert rows[2] == ("Query", "create database test_binlog_reader /* xid=80 */")
    assert rows[4][1].startswith("use `test_binlog_reader`; CREATE TABLE `test_table`")
    assert rows[6] == ("Query", "BEGIN")
    assert rows[7] == ("Table_map", "table_id: 90 (test_binlog_reader.test_table)")
    assert rows[8] == ("Write_rows", "table_id: 90 flags: STMT_END_F")
    assert rows[9] == ("Xid", "COMMIT /* xid=86 */")
    assert rows[11:15] == [("Query", "BEGIN"), ("Table_map", "table_id: 90 (test_binlog_reader.test_table)"),
                           ("Update_rows", "table_id: 90 flags: STMT_END_F"), ("Xid", "COMMIT /* xid=87 */")]


def test_v8_0_18_gtid_fields_and_transaction_length():
    evs = _stream("v8_0_18_stream.hex")
    groups: list[list[tuple[bytes, object]]] = []
    for raw, ev in evs[1:]:
        if isinstance(ev, MysqlGtidEvent):
            groups.append([])
        groups[-1].append((raw, ev))
    assert len(groups) == 4
    for i, g in enumerate(groups):
        gtid = g[0][1]
        assert gtid.anonymous and gtid.gno == 0 and gtid.sid == bytes(16)
        assert gtid.lc_typecode == 2
        assert (gtid.last_committed, gtid.sequence_number) == (i, i + 1)  # one client
        assert gtid.immediate_server_version == 80018 and gtid.original_server_version is None
        assert gtid.original_commit_timestamp is None  # originating server: equal
        assert gtid.immediate_commit_timestamp // 1_000_000 == gtid.header.timestamp
        # transaction_length = bytes of the whole group, Gtid event included
        assert gtid.transaction_length == sum(len(raw) for raw, _ in g)
        assert gtid.header.flags == 0
    # DDL groups may have SBR (flag 1); row-only DML groups have flag 0 (rbr_only)
    assert [g[0][1].gtid_flags for g in groups] == [1, 1, 0, 0]
    assert [len(g[0][0]) for g in groups] == [77, 79, 79, 79]  # packed length 1 vs 3 bytes


def test_v8_0_18_query_status_vars_match_factory():
    evs = [ev for _, ev in _stream("v8_0_18_stream.hex")]
    begin = evs[6]
    assert isinstance(begin, QueryEvent) and begin.header.flags == 0x8
    assert begin.status_vars == mysql80_query_status_vars()
    ddl = evs[4]
    assert ddl.status_vars == mysql80_query_status_vars(
        updated_db_names=(b"test_binlog_reader",), ddl_xid=85, sql_require_primary_key=0)
    cdb = evs[2]
    assert cdb.status_vars == mysql80_query_status_vars(
        updated_db_names=(b"test_binlog_reader",), ddl_xid=80, default_table_encryption=0)
    assert evs[11].status_vars == mysql80_query_status_vars(table_map_for_update=1)


def test_factories_reproduce_v8_0_18_row_transaction():
    """Anonymous_Gtid + BEGIN + Table_map + Write_rows v2 + Xid, byte for byte."""
    raws = _hex_events("v8_0_18_stream.hex")
    ctx = StreamContext()
    decode_event(raws[0], 0, ctx)  # the 8.0.18 FDE
    ts = 1574295511
    gtid = new_mysql_gtid_event(timestamp=ts, server_id=1, last_committed=2, sequence_number=3,
                                commit_timestamp_us=1574295511904163, server_version=80018)
    begin = new_mysql_begin_event(database="test_binlog_reader", thread_id=17, timestamp=ts, server_id=1)
    tm = new_table_map_event(90, "test_binlog_reader", "test_table", [3, 254], [0, 0xFE50],
                             [False, False], timestamp=ts, server_id=1,
                             optional_metadata=[(1, b"\x80"), (2, b"\xfc\xff\x00")])
    wr = new_rows_v2_event("write", tm, [RowChange(None, [1, b"test1"])], timestamp=ts, server_id=1)
    xid = new_xid_event(86, timestamp=ts, server_id=1)
    rest = [begin, tm, wr, xid]
    probe = StreamContext(checksum_alg=ctx.checksum_alg, fde=ctx.fde)
    set_transaction_length(gtid, sum(len(encode_event(e, probe)) for e in rest))
    pos = 716
    out = []
    for ev in [gtid, *rest]:
        b = encode_event(ev, ctx, at=pos)
        out.append(b)
        pos += len(b)
    assert out == raws[5:10]


def test_factory_reproduces_v8_0_35_fde():
    raw = _b64_blocks("v8_0_35_file.b64")[0]
    fde = new_mysql_format_description_event(timestamp=1715862439, server_id=1, server_version="8.0.35",
                                             create_timestamp=0, flags=1)
    assert encode_event(fde, StreamContext(), at=4) == raw


@pytest.mark.parametrize("name,version,n", [
    ("v8_0_18_stream.hex", "8.0.18-0ubuntu0.19.10.1", 39),
    ("v8_0_27_fde.hex", "8.0.27", 40),
    ("v8_0_35_file.b64", "8.0.35", 41),
])
def test_post_header_table_per_version(name, version, n):
    fde = _stream(name)[0][1]
    assert isinstance(fde, FormatDescriptionEvent) and fde.server_version == version
    assert fde.post_header_lengths == mysql80_post_header_lengths(version)
    assert len(fde.post_header_lengths) == n
    assert fde.post_header_lengths[EventType.FORMAT_DESCRIPTION_EVENT - 1] == 57 + n


def test_v8_0_35_table_map_minimal_metadata_and_rows():
    evs = [ev for _, ev in _stream("v8_0_35_file.b64")]
    tm, wr = evs[1], evs[2]
    assert isinstance(tm, TableMapEvent) and tm.header.log_pos == 391
    # binlog_row_metadata=MINIMAL: SIGNEDNESS (1) + DEFAULT_CHARSET (2, packed 255)
    assert tm.optional_metadata == [(1, b"\x00"), (2, b"\xfc\xff\x00")]
    assert isinstance(wr, RowsV2Event) and wr.extra_row_info == b"" and wr.columns_present == 0xFF
    assert wr.rows[0].after[0] == b"warehouse_org1_test" and wr.rows[0].after[2] == 157


def test_v8_0_27_null_bitmap_padding_is_zero():
    evs = [ev for _, ev in _stream("v8_0_27_fde.hex")]
    wr = evs[2]
    assert isinstance(wr, RowsV2Event) and not wr.null_pad_ones
    assert wr.rows[0].after[3] is None  # 4th column NULL: bitmap byte 0x08


# -- Gtid bodies from go-mysql's TestGTIDEventMysql8NewFields ----------------

_GO_MYSQL = [
    # 5.7 master, 8.0.19 replica: bit 55 / bit 31 set, original ts/version = 0
    (bytes.fromhex("005aa72a7f44a811ea947f0242ac19000202010000000000000276000000000000007700000000000000"
                   "c147811678a085000000000000"
                   "00fcc503933801800000000000"), "5aa72a7f-44a8-11ea-947f-0242ac190002:258",
     118, 119, 1583812517644225, 0, 965, 80019, 0),
    # 8.0 only
    (bytes.fromhex("005ccc103344a811eabd590242ac19000377000000000000000278000000000000007900000000000000"
                   "6a30b13e78a005fcc303933801" "00"), "5ccc1033-44a8-11ea-bd59-0242ac190003:119",
     120, 121, 1583813191872618, None, 963, 80019, None),
]


@pytest.mark.parametrize("body,gtid,lc,seq,its,ots,tlen,isv,osv", _GO_MYSQL)
def test_go_mysql_gtid_bodies(body, gtid, lc, seq, its, ots, tlen, isv, osv):
    h = EventHeader(0, EventType.GTID_LOG_EVENT, 1)
    ev = decode_mysql_gtid(h, ByteReader(body), StreamContext())
    assert ev.gtid == gtid and (ev.last_committed, ev.sequence_number) == (lc, seq)
    assert ev.immediate_commit_timestamp == its and ev.original_commit_timestamp == ots
    assert ev.transaction_length == tlen
    assert ev.immediate_server_version == isv and ev.original_server_version == osv
    w = ByteWriter()
    encode_mysql_gtid(w, ev, StreamContext())
    assert w.getvalue() == body


def test_gtid_5_7_layout_without_timestamps_round_trips():
    body = bytes.fromhex("005aa72a7f44a811ea947f0242ac190002030100000000000002"
                         "35000000000000003600000000000000")
    ev = decode_mysql_gtid(EventHeader(0, 33, 1), ByteReader(body), StreamContext())
    assert ev.gtid.endswith(":259") and ev.immediate_commit_timestamp is None
    w = ByteWriter()
    encode_mysql_gtid(w, ev, StreamContext())
    assert w.getvalue() == body


def test_gtid_event_with_uuid_renders_gtid_next():
    ev = new_mysql_gtid_event(timestamp=1, server_id=1, server_uuid="3e11fa47-71ca-11e1-9e33-c80aa9429562",
                              gno=5, may_have_sbr=True)
    assert event_type_name(ev) == "Gtid"
    assert info_text(ev) == "SET @@SESSION.GTID_NEXT= '3e11fa47-71ca-11e1-9e33-c80aa9429562:5'"
    ctx = StreamContext()
    raw = encode_event(ev, ctx)
    assert len(raw) == 77  # 19 + 42 + 7 + 1 + 4 + CRC32 (binlog_gtid_show_binlog_events.result: 155 -> 232)
    assert encode_event(decode_event(raw, 0, ctx), ctx) == raw


def test_transaction_length_packed_size_boundary():
    ev = new_mysql_gtid_event(timestamp=1, server_id=1)
    size1 = len(encode_event(ev, StreamContext()))
    # rest such that total hits 250/251: the length field grows to 3 bytes
    assert set_transaction_length(ev, 250 - size1) == 250
    assert set_transaction_length(ev, 251 - size1) == 253
    ev.transaction_length = 253
    assert len(encode_event(ev, StreamContext())) == size1 + 2


def test_server_version_number():
    assert server_version_number("8.0.40") == 80040
    assert server_version_number("8.0.18-0ubuntu0.19.10.1") == 80018


# -- Previous_gtids --------------------------------------------------------------

def test_previous_gtids_empty_is_31_bytes_and_renders_empty():
    ev = new_previous_gtids_event("", timestamp=1, server_id=1)
    raw = encode_event(ev, StreamContext())
    assert len(raw) == 31
    assert event_type_name(ev) == "Previous_gtids" and info_text(ev) == ""


def test_previous_gtids_set_round_trip_and_text():
    text = "3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5:7,\n4e11fa47-71ca-11e1-9e33-c80aa9429562:3"
    ev = new_previous_gtids_event(text, timestamp=1, server_id=1)
    ctx = StreamContext()
    raw = encode_event(ev, ctx)
    assert len(raw) == 19 + 8 + (16 + 8 + 2 * 16) + (16 + 8 + 16) + 4
    back = decode_event(raw, 0, ctx)
    assert isinstance(back, PreviousGtidsEvent) and info_text(back) == text
    assert encode_event(back, ctx) == raw
    assert format_gtid_set(parse_gtid_set(text), ",") == text.replace("\n", "")


def test_previous_gtids_tagged_format_kept_verbatim():
    body = (1 << 56 | 1).to_bytes(8, "little") + b"\x01" * 40
    h = EventHeader(0, EventType.PREVIOUS_GTIDS_LOG_EVENT, 1)
    from harness.binlog.mysql_gtid import decode_previous_gtids, encode_previous_gtids
    ev = decode_previous_gtids(h, ByteReader(body), StreamContext())
    assert ev.raw == body
    w = ByteWriter()
    encode_previous_gtids(w, ev, StreamContext())
    assert w.getvalue() == body


# -- Rows_query and rows v2 extra info -----------------------------------------

def test_rows_query_round_trip_and_info():
    ev = new_rows_query_event("INSERT INTO t1 VALUES (1)", timestamp=1, server_id=1)
    ctx = StreamContext()
    raw = encode_event(ev, ctx)
    assert raw[19] == len("INSERT INTO t1 VALUES (1)") and ev.header.flags == 0x80
    back = decode_event(raw, 0, ctx)
    assert isinstance(back, RowsQueryEvent) and back.query == "INSERT INTO t1 VALUES (1)"
    assert event_type_name(back) == "Rows_query" and info_text(back) == "# INSERT INTO t1 VALUES (1)"
    assert encode_event(back, ctx) == raw


def test_rows_v2_extra_row_info_round_trip():
    ctx = StreamContext()
    tm = new_table_map_event(7, "db", "t", [3], [0], [True], timestamp=1, server_id=1)
    encode_event(tm, ctx)
    ev = new_rows_v2_event("delete", tm, [RowChange([None], None), RowChange([5], None)],
                           timestamp=1, server_id=1, extra_row_info=b"\x01\x02\x00")  # partition id 2
    raw = encode_event(ev, ctx)
    back = decode_event(raw, 0, ctx)
    assert back.extra_row_info == b"\x01\x02\x00" and back.rows == ev.rows
    assert event_type_name(back) == "Delete_rows"
    assert encode_event(back, ctx) == raw


@pytest.mark.parametrize("cut", [20, 30, 45, 55])
def test_truncated_gtid_body_raises_decode_error_or_decodes_prefix(cut):
    ev = new_mysql_gtid_event(timestamp=1, server_id=1, server_uuid="3e11fa47-71ca-11e1-9e33-c80aa9429562", gno=1)
    raw = encode_event(ev, StreamContext(checksum_alg=0))
    short = bytearray(raw[:cut])
    short[9:13] = len(short).to_bytes(4, "little")
    try:
        back = decode_event(bytes(short), 0, StreamContext(checksum_alg=0))
    except DecodeError:
        return
    assert encode_event(back, StreamContext(checksum_alg=0)) == bytes(short)


# -- writer: MySQL 8.0 file start and a transaction ------------------------------

def test_mysql_writer_header_and_transaction(tmp_path):
    p = tmp_path / "binlog.000001"
    with MysqlBinlogFileWriter(p, server_id=1) as w:
        w.write_header_events(timestamp=1700000000)
        assert w.position == 157  # FDE 4..126, Previous_gtids 126..157 (8.0.28+)
        ts = 1700000001
        tm = new_table_map_event(80, "test", "t1", [3], [0], [True], timestamp=ts, server_id=1,
                                 optional_metadata=[(1, b"\x00"), (2, b"\xfc\xff\x00")])
        w.write_transaction([
            new_mysql_gtid_event(timestamp=ts, server_id=1, last_committed=0, sequence_number=1),
            new_mysql_begin_event(database="test", thread_id=8, timestamp=ts, server_id=1),
            tm,
            new_rows_v2_event("write", tm, [RowChange(None, [1])], timestamp=ts, server_id=1),
            new_xid_event(10, timestamp=ts, server_id=1),
        ])
        w.write_transaction([
            new_mysql_gtid_event(timestamp=ts, server_id=1, last_committed=1, sequence_number=2,
                                 may_have_sbr=True),
            new_mysql_query_event("DROP TABLE `t1` /* generated by server */", database="test",
                                  thread_id=8, timestamp=ts, server_id=1,
                                  status_vars=mysql80_query_status_vars(ddl_xid=11)),
        ])
    entries = list(BinlogReader(p).entries())
    rows = [(e.pos, event_type_name(e.event), e.end_pos, info_text(e.event)) for e in entries]
    assert rows[0][:3] == (4, "Format_desc", 126)
    assert rows[0][3] == "Server ver: 8.0.40, Binlog ver: 4"
    assert rows[1] == (126, "Previous_gtids", 157, "")
    assert [r[1] for r in rows[2:]] == ["Anonymous_Gtid", "Query", "Table_map", "Write_rows", "Xid",
                                        "Anonymous_Gtid", "Query"]
    assert rows[3][3] == "BEGIN" and rows[6][3] == "COMMIT /* xid=10 */"
    assert rows[8][3] == "use `test`; DROP TABLE `t1` /* generated by server */ /* xid=11 */"
    g1, g2 = entries[2].event, entries[7].event
    assert g1.transaction_length == entries[7].pos - entries[2].pos
    assert g2.transaction_length == entries[-1].end_pos - entries[7].pos
    assert entries[0].event.post_header_lengths == MYSQL_8_0_POST_HEADER_LENGTHS
    assert p.read_bytes()[4 + 17] == 0  # IN_USE cleared on close
