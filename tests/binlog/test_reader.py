from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from _binlog_golden import golden_files, golden_ids, show_binlog_events
from harness.binlog import (
    BinlogReader, ChecksumError, DecodeError, EventType, FormatDescriptionEvent, OpaqueEvent,
    QueryEvent, RowsEvent, StopEvent, read_binlog_file,
)

GOLDEN = golden_files()


def test_fixtures_present() -> None:
    assert len(GOLDEN) >= 14


@pytest.mark.parametrize("path", GOLDEN, ids=golden_ids())
def test_decodes_every_golden_file(path: Path) -> None:
    entries = list(BinlogReader(path).entries())
    expected = show_binlog_events(path)
    assert [e.pos for e in entries] == [int(r[1]) for r in expected]
    assert [e.event.header.log_pos for e in entries] == [int(r[4]) for r in expected]
    assert isinstance(entries[0].event, FormatDescriptionEvent)
    assert entries[-1].end_pos == path.stat().st_size
    for e in entries:
        assert not isinstance(e.event, OpaqueEvent)
        if isinstance(e.event, RowsEvent):
            assert e.event.rows is not None and e.event.rows


def test_read_binlog_file_and_stream_sources() -> None:
    path = GOLDEN[0]
    evs = read_binlog_file(path)
    data = path.read_bytes()
    with open(path, "rb") as f:
        assert len(list(BinlogReader(f))) == len(evs)
    assert len(list(BinlogReader(data))) == len(evs)
    assert len(list(BinlogReader(memoryview(data[4:]), has_magic=False))) == len(evs)


def _file(name: str) -> bytes:
    return next(p for p in GOLDEN if p.parent.name == name).read_bytes()


def _event_starts(data: bytes) -> list[tuple[int, int]]:
    return [(e.pos, e.event.header.type_code) for e in BinlogReader(data).entries()]


def test_bad_magic() -> None:
    with pytest.raises(DecodeError) as ei:
        list(BinlogReader(b"\xfebim" + _file("dml_autocommit_row")[4:]))
    assert ei.value.offset == 0


def test_truncation_everywhere_raises_decode_error_with_offset() -> None:
    data = _file("dml_autocommit_row")
    starts = dict(_event_starts(data))
    ends = {p for p in starts} | {len(data)}
    for cut in range(5, len(data), 7):
        if cut in ends:
            continue  # a file cut between events is a valid (shorter) binlog
        with pytest.raises(DecodeError) as ei:
            list(BinlogReader(data[:cut]))
        err = ei.value
        assert err.offset is not None and 0 <= err.offset <= cut
        # the event being decoded is named whenever its header was complete
        if err.offset in starts and cut - err.offset >= 19:
            assert err.event_type == starts[err.offset]


def test_truncated_body_names_event_type_and_start() -> None:
    data = _file("mixed_trx_statement")
    (pos, tc) = [(p, t) for p, t in _event_starts(data) if t == EventType.QUERY_EVENT][0]
    with pytest.raises(DecodeError) as ei:
        list(BinlogReader(data[: pos + 40]))
    assert ei.value.offset == pos
    assert ei.value.event_type == EventType.QUERY_EVENT
    assert f"offset {pos}" in str(ei.value) and "QUERY_EVENT" in str(ei.value)


def test_flipped_body_byte_is_a_checksum_error() -> None:
    data = bytearray(_file("dml_autocommit_row"))
    for pos, tc in _event_starts(bytes(data)):  # noqa: B007 -- pos is used after the loop
        if tc == EventType.WRITE_ROWS_EVENT_V1:
            break
    data[pos + 25] ^= 0x40
    with pytest.raises(ChecksumError) as ei:
        list(BinlogReader(bytes(data)))
    assert ei.value.offset == pos
    assert ei.value.event_type == EventType.WRITE_ROWS_EVENT_V1
    assert isinstance(ei.value, DecodeError)


def test_bad_checksum_footer() -> None:
    data = bytearray(_file("intvar_rand_uservar_stmt"))
    entries = list(BinlogReader(bytes(data)).entries())
    e = next(x for x in entries if x.event.header.type_code == EventType.RAND_EVENT)
    data[e.end_pos - 1] ^= 0xFF
    with pytest.raises(ChecksumError) as ei:
        list(BinlogReader(bytes(data)))
    assert (ei.value.offset, ei.value.event_type) == (e.pos, EventType.RAND_EVENT)
    # without verification the corrupted footer is ignored
    assert len(list(BinlogReader(bytes(data), verify_checksum=False))) == len(entries)


def test_fde_checksum_ignores_in_use_flag() -> None:
    """The server sets BINLOG_IN_USE while the file is open and clears it on
    close without recomputing the CRC, so both states must verify."""
    data = bytearray(_file("rotate_stop"))
    data[4 + 17] |= 1
    evs = list(BinlogReader(bytes(data)))
    assert evs[0].header.flags & 1


def test_unknown_event_type_is_opaque() -> None:
    data = bytearray(_file("dml_autocommit_row"))
    entries = list(BinlogReader(bytes(data)).entries())
    stop = entries[-1]
    assert isinstance(stop.event, StopEvent)
    # retype the Stop event as an unknown type 200 with a 3-byte body
    body = b"xyz"
    size = 19 + len(body) + 4
    hdr = struct.pack("<IBIIIH", stop.event.header.timestamp, 200, 1, size, stop.pos + size, 0)
    ev = hdr + body
    ev += struct.pack("<I", zlib.crc32(ev))
    out = bytes(data[: stop.pos]) + ev
    last = list(BinlogReader(out))[-1]
    assert isinstance(last, OpaqueEvent) and last.body == b"xyz"


def test_rows_without_table_map_stay_raw() -> None:
    data = _file("dml_autocommit_row")
    entries = list(BinlogReader(data).entries())
    keep = [e for e in entries if e.event.header.type_code != EventType.TABLE_MAP_EVENT]
    out = data[:4] + b"".join(e.raw for e in keep)
    # positions no longer match log_pos, which the reader does not enforce
    evs = list(BinlogReader(out))
    rows = [e for e in evs if isinstance(e, RowsEvent)]
    assert rows and all(r.rows is None and r.rows_raw for r in rows)


def test_query_decodes_text_and_status() -> None:
    evs = read_binlog_file(next(p for p in GOLDEN if p.parent.name == "mixed_trx_statement"))
    q = [e for e in evs if isinstance(e, QueryEvent)]
    assert q[0].database == "test" and q[0].query.startswith("CREATE TABLE ti")
    assert q[0].status(0) == 1 << 24


