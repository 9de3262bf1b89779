from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from _binlog_golden import golden_files, golden_ids
from harness.binlog import (
    AnnotateRowsEvent, BinlogReader, ByteReader, ByteWriter, EncodeError, GtidEvent, IntvarEvent,
    MyDateTime, MyTime, QueryEvent, RandEvent, RowsEvent, StreamContext, TableMapEvent,
    UserVarEvent, XidEvent, encode_event, mariadb_query_status_vars, new_annotate_rows_event,
    new_gtid_event, new_intvar_event, new_query_event, new_rand_event, new_rows_event,
    new_table_map_event, new_user_var_event, new_xid_event, read_binlog_file,
)
from harness.binlog.constants import ColumnType as T
from harness.binlog.decimal_codec import decimal_to_bin, decode_decimal
from harness.binlog.values import column_codec


@pytest.mark.parametrize("path", golden_files(), ids=golden_ids())
def test_decode_encode_is_byte_identical(path: Path) -> None:
    ctx = StreamContext()
    for e in BinlogReader(path).entries():
        assert encode_event(e.event, ctx) == e.raw, f"event at {e.pos}"


def _golden(name: str, n: str = "1") -> list:
    p = next(p for p in golden_files() if p.parent.name == name and p.name.endswith(n))
    return list(BinlogReader(p).entries())


def _same_bytes(built, golden_entry, ctx: StreamContext) -> None:
    built.header.log_pos = golden_entry.event.header.log_pos
    assert encode_event(built, ctx) == golden_entry.raw


def test_factories_reproduce_server_bytes_row_format() -> None:
    entries = _golden("dml_autocommit_row")
    ctx = StreamContext()
    encode_event(entries[0].event, ctx)  # FDE installs the checksum alg
    for e in entries[1:]:
        ev = e.event
        ts, sid = ev.header.timestamp, ev.header.server_id
        if isinstance(ev, GtidEvent):
            ddl = bool(ev.flags2 & 32)
            built = new_gtid_event(ev.domain_id, sid, ev.seq_no, timestamp=ts, standalone=ddl, ddl=ddl,
                                   transactional=bool(ev.flags2 & 4))
        elif isinstance(ev, QueryEvent):
            if ev.query == "COMMIT":
                built = new_query_event("COMMIT", database="test", thread_id=ev.thread_id, timestamp=ts,
                                        server_id=sid, suppress_use=True)
            else:
                built = new_query_event(ev.query, database="test", thread_id=ev.thread_id, timestamp=ts,
                                        server_id=sid, status_vars=mariadb_query_status_vars(xid=ev.status(129)))
        elif isinstance(ev, AnnotateRowsEvent):
            built = new_annotate_rows_event(ev.query, timestamp=ts, server_id=sid)
        elif isinstance(ev, TableMapEvent):
            built = new_table_map_event(ev.table_id, ev.database, ev.table, ev.column_types,
                                        ev.column_metadata, [ev.nullable(i) for i in range(ev.column_count)],
                                        timestamp=ts, server_id=sid)
        elif isinstance(ev, RowsEvent):
            tm = ctx.table_maps[ev.table_id]
            built = new_rows_event(ev.kind, tm, ev.rows, timestamp=ts, server_id=sid)
        elif isinstance(ev, XidEvent):
            built = new_xid_event(ev.xid, timestamp=ts, server_id=sid)
        else:
            encode_event(ev, ctx)
            continue
        _same_bytes(built, e, ctx)


def test_factories_reproduce_context_events() -> None:
    ctx = StreamContext()
    entries = _golden("intvar_rand_uservar_stmt")
    encode_event(entries[0].event, ctx)
    checked = 0
    for e in entries:
        ev = e.event
        ts, sid = ev.header.timestamp, ev.header.server_id
        if isinstance(ev, IntvarEvent):
            built = new_intvar_event(ev.kind, ev.value, timestamp=ts, server_id=sid)
        elif isinstance(ev, RandEvent):
            built = new_rand_event(ev.seed1, ev.seed2, timestamp=ts, server_id=sid)
        elif isinstance(ev, UserVarEvent):
            value = ev.value
            if ev.value_type == 2 and value >= 1 << 63:  # type: ignore[operator]
                value -= 1 << 64  # type: ignore[operator]
            built = new_user_var_event(ev.name, value, timestamp=ts, server_id=sid)
        else:
            continue
        _same_bytes(built, e, ctx)
        checked += 1
    assert checked >= 13


def test_query_status_vars_for_ddl_dml_and_time_zone() -> None:
    by_query = {e.event.query: e.event for e in _golden("ddl_misc_stmt") if isinstance(e.event, QueryEvent)}
    base = mariadb_query_status_vars()
    assert by_query["INSERT INTO dd VALUES (5, 5, 5)"].status_vars != base  # sql_mode=ANSI_QUOTES
    assert by_query["TRUNCATE TABLE ddm"].status_vars == base
    alter = by_query["ALTER TABLE dd ADD COLUMN w INT"]
    assert alter.status_vars == mariadb_query_status_vars(xid=alter.status(129))
    tz = by_query["INSERT INTO dd VALUES (7, UNIX_TIMESTAMP(NOW()) % 2, 7)"]
    assert tz.status_vars == mariadb_query_status_vars(time_zone=b"+02:00", hrnow=tz.status(128))
    latin1 = by_query["INSERT INTO dd VALUES (6, 6, 6)"]
    assert latin1.status_vars == mariadb_query_status_vars(charset=(8, 8, 8))


@pytest.mark.parametrize(
    "value,prec,scale,hexs",
    [
        (Decimal("1234567890.1234"), 14, 4, "810dfb38d204d2"),
        (Decimal("-1234567890.1234"), 14, 4, "7ef204c72dfb2d"),
        (Decimal("0.00"), 10, 2, "8000000000"),
    ],
)
def test_decimal_vectors(value: Decimal, prec: int, scale: int, hexs: str) -> None:
    assert decimal_to_bin(value, prec, scale).hex() == hexs
    assert decode_decimal(ByteReader(bytes.fromhex(hexs)), prec, scale) == value


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 65).flatmap(lambda p: st.tuples(st.just(p), st.integers(0, min(p, 30)))), st.data())
def test_decimal_round_trip(ps: tuple[int, int], data: st.DataObject) -> None:
    prec, scale = ps
    mag = data.draw(st.integers(0, 10**prec - 1))
    neg = data.draw(st.booleans()) and mag != 0
    v = Decimal((1 if neg else 0, tuple(int(c) for c in str(mag)), -scale))
    b = decimal_to_bin(v, prec, scale)
    r = ByteReader(b)
    assert decode_decimal(r, prec, scale) == v and r.remaining() == 0


def test_decimal_encode_rejects_out_of_range() -> None:
    with pytest.raises(EncodeError):
        decimal_to_bin(Decimal("1000"), 5, 2)
    with pytest.raises(EncodeError):
        decimal_to_bin(Decimal("1.234"), 5, 2)


def _rt(col_type: int, meta: int, value, unsigned: bool = False):
    dec, enc = column_codec(col_type, meta, unsigned)
    w = ByteWriter()
    enc(w, value)
    r = ByteReader(w.getvalue())
    out = dec(r)
    assert r.remaining() == 0
    return out


@settings(max_examples=200, deadline=None)
@given(st.booleans(), st.integers(0, 838), st.integers(0, 59), st.integers(0, 59),
       st.integers(0, 999999), st.integers(0, 6))
def test_time2_round_trip(neg: bool, h: int, m: int, s: int, us: int, fsp: int) -> None:
    us = int(str(us).zfill(6)[:fsp].ljust(6, "0")) if fsp else 0
    v = MyTime(neg and (h or m or s or us) > 0, h, m, s, us, fsp)
    assert _rt(T.TIME2, fsp, v) == v


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 9999), st.integers(0, 12), st.integers(0, 31), st.integers(0, 23),
       st.integers(0, 59), st.integers(0, 59), st.integers(0, 999999), st.integers(0, 6))
def test_datetime2_round_trip(y, mo, d, h, mi, s, us, fsp) -> None:
    us = int(str(us).zfill(6)[:fsp].ljust(6, "0")) if fsp else 0
    v = MyDateTime(y, mo, d, h, mi, s, us, fsp)
    assert _rt(T.DATETIME2, fsp, v) == v


@pytest.mark.parametrize("t,n", [(T.TINY, 1), (T.SHORT, 2), (T.INT24, 3), (T.LONG, 4), (T.LONGLONG, 8)])
def test_int_ranges(t: int, n: int) -> None:
    lo, hi = -(1 << (8 * n - 1)), (1 << (8 * n)) - 1
    assert _rt(t, 0, lo) == lo
    assert _rt(t, 0, hi, unsigned=True) == hi
    assert _rt(t, 0, hi) == -1  # raw pattern read back signed
    with pytest.raises(EncodeError):
        _rt(t, 0, hi + 1)


def test_string_metadata_real_types() -> None:
    assert _rt(T.STRING, (0xF7 << 8) | 1, 3) == 3  # ENUM, 1 byte
    assert _rt(T.STRING, (0xF8 << 8) | 2, 0x1FF) == 0x1FF  # SET, 2 bytes
    long_char = ((0xFE ^ 0x30) << 8) | (1200 & 0xFF)  # CHAR(300) utf8mb4: 1200 bytes
    assert _rt(T.STRING, long_char, b"x" * 300) == b"x" * 300


def test_new_rows_event_rejects_bad_rows() -> None:
    tm = new_table_map_event(1, "d", "t", [T.LONG], [0], [True], timestamp=0, server_id=1)
    ctx = StreamContext()
    encode_event(tm, ctx)
    from harness.binlog import RowChange

    ev = new_rows_event("write", tm, [RowChange(None, [1, 2])], timestamp=0, server_id=1)
    with pytest.raises(EncodeError):
        encode_event(ev, ctx)
    ok = new_rows_event("write", tm, [RowChange(None, [None]), RowChange(None, [-5])], timestamp=0, server_id=1)
    assert encode_event(ok, ctx)


def test_golden_gtid_flags() -> None:
    evs = read_binlog_file(next(p for p in golden_files() if p.parent.name == "dml_autocommit_row"))
    flags = [e.flags2 for e in evs if isinstance(e, GtidEvent)]
    assert flags == [41, 12, 12, 12, 41, 8, 8, 8]


def test_golden_xa_groups_rebuilt_by_factories() -> None:
    """XA Gtids (FL_PREPARED_XA / FL_COMPLETED_XA + xid) and XA_prepare from the factories
    equal the server's bytes (ROW golden: x1 T-only commit, x2 rollback, X'00ff' N-only)."""
    from harness.binlog import XaPrepareEvent, XaXid, new_xa_prepare_event, xid_text
    entries = _golden("xa_row")
    ctx = StreamContext()
    for e in entries:
        encode_event(e.event, ctx)  # installs the FDE
    preps = [e for e in entries if isinstance(e.event, XaPrepareEvent)]
    assert [xid_text(e.event.xid) for e in preps] == ["X'7831',X'',1", "X'7832',X'6271',7", "X'00ff',X'',3"]
    for e in preps:
        ev = e.event
        built = new_xa_prepare_event(ev.xid, timestamp=ev.header.timestamp, server_id=1)
        _same_bytes(built, e, ctx)
    gtids = [e for e in entries if isinstance(e.event, GtidEvent) and e.event.xa_xid is not None]
    # prepared: 0x4c / 0x48 (+ flags_extra 01 ff); completed: 0x8d / 0x89, 01 ff only for the
    # ro_1pc commit of the N-only branch
    assert [(g.event.flags2, g.event.extra_engines) for g in gtids] == [
        (0x4c, 255), (0x8d, None), (0x48, 255), (0x89, None), (0x48, 255), (0x89, 255)]
    for g in gtids:
        ev = g.event
        completed = bool(ev.flags2 & 0x80)
        built = new_gtid_event(ev.domain_id, 1, ev.seq_no, timestamp=ev.header.timestamp,
                               standalone=completed, transactional=bool(ev.flags2 & 4), xa_xid=ev.xa_xid,
                               xa_completed=completed, flags_extra=ev.flags_extra,
                               extra_engines=ev.extra_engines)
        _same_bytes(built, g, ctx)
    assert XaXid(1, b"x1", b"") == preps[0].event.xid


@given(st.binary(min_size=1, max_size=64), st.binary(max_size=64), st.integers(0, 2**32 - 1), st.booleans())
def test_xa_prepare_round_trip(gtrid: bytes, bqual: bytes, fmt: int, one_phase: bool) -> None:
    from harness.binlog import XaPrepareEvent, XaXid, decode_event, new_xa_prepare_event
    ctx = StreamContext()
    ev = new_xa_prepare_event(XaXid(fmt, gtrid, bqual), timestamp=5, server_id=1, one_phase=one_phase)
    raw = encode_event(ev, ctx)
    back = decode_event(raw, 0, ctx)
    assert isinstance(back, XaPrepareEvent)
    assert (back.xid, back.one_phase) == (ev.xid, one_phase)
    assert encode_event(back, ctx) == raw


def test_xa_prepare_rejects_long_xid() -> None:
    from harness.binlog import XaXid, new_xa_prepare_event
    with pytest.raises(EncodeError):
        encode_event(new_xa_prepare_event(XaXid(1, b"g" * 65, b""), timestamp=0, server_id=1), StreamContext())


def test_a_pre_ga_table_map_without_metadata_decodes() -> None:
    """MySQL 5.1 pre-GA servers wrote Table_map without the metadata block and null
    bitmap (binlog suite std_data/bug32407.001); the server reads both only when bytes
    are left."""
    import base64

    from harness.binlog.codec import decode_event
    from harness.binlog.context import StreamContext
    from harness.binlog.constants import ChecksumAlg
    raw = base64.b64decode("4CdYRxMBAAAAJwAAAPIAAAAAABEAAAAAAAAABHRlc3QAAnQxAAED")
    ev = decode_event(raw, 0, StreamContext(checksum_alg=ChecksumAlg.OFF))
    assert (ev.table_id, ev.database, ev.table, ev.column_types, ev.column_metadata) == (17, "test", "t1", [3], [0])


@pytest.mark.parametrize("type_code, body_hex, kind", [
    (20, "100000000000010002fff900000000036f6e65f9010000000374776f", "write"),
    (21, "100000000000010002fff900000000036f6e65f901000000036f6e65f9010000000374776ff9020000000374776f", "update"),
    (22, "100000000000010002fff9020000000374776f", "delete"),
])
def test_pre_ga_rows_events_decode_with_one_bitmap_and_raw_records(type_code: int, body_hex: str, kind: str) -> None:
    """Write/Update/Delete_rows_event_old (MySQL 5.1.17, binlog suite std_data/ver_5_1_17.001):
    the v1 post-header, one column bitmap also for an update (layout.ROWS_PRE_GA), the rows
    left as record images for the SQL layer; encoding gives the same bytes back."""
    import struct

    from harness.binlog.codec import decode_event
    from harness.binlog.context import StreamContext
    from harness.binlog.constants import ChecksumAlg
    body = bytes.fromhex(body_hex)
    raw = struct.pack("<IBIIIH", 1199978447, type_code, 1, 19 + len(body), 0, 0) + body
    ctx = StreamContext(checksum_alg=ChecksumAlg.OFF)
    ev = decode_event(raw, 0, ctx)
    assert (ev.kind, ev.version, ev.table_id, ev.flags, ev.column_count) == (kind, 0, 16, 1, 2)
    assert (ev.columns_present, ev.columns_present_after, ev.rows) == (0xFF, None, None)
    assert ev.rows_raw == body[10:]
    assert encode_event(ev, ctx) == raw
    from harness.binlog import layout
    assert layout.LAYOUTS[type_code] is layout.ROWS_PRE_GA
