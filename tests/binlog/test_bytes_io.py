from __future__ import annotations

import pytest

from harness.binlog.bytes_io import ByteReader, ByteWriter
from harness.binlog.codec_errors import DecodeError, EncodeError


def test_fixed_width_little_endian() -> None:
    r = ByteReader(bytes.fromhex("01 0201 030201 04030201 060504030201 0807060504030201"))
    assert r.u8() == 1
    assert r.u16() == 0x0102
    assert r.u24() == 0x010203
    assert r.u32() == 0x01020304
    assert r.u48() == 0x010203040506
    assert r.u64() == 0x0102030405060708
    assert r.remaining() == 0


def test_read_past_end_names_absolute_offset_and_event_type() -> None:
    r = ByteReader(b"\x00" * 10, 4, 6, base=1000, event_type=2)
    r.u16()
    with pytest.raises(DecodeError) as ei:
        r.u8()
    assert ei.value.offset == 1006
    assert ei.value.event_type == 2
    assert "offset 1006" in str(ei.value) and "QUERY_EVENT" in str(ei.value)


@pytest.mark.parametrize("n", [0, 1, 250, 251, 0xFFFF, 0x10000, 0xFFFFFF, 0x1000000, 2**64 - 1])
def test_packed_int_round_trip(n: int) -> None:
    w = ByteWriter()
    w.packed_int(n)
    r = ByteReader(w.getvalue())
    assert r.packed_int() == n
    assert r.remaining() == 0


def test_packed_int_null_prefix_and_truncation() -> None:
    with pytest.raises(DecodeError):
        ByteReader(b"\xfb").packed_int()
    with pytest.raises(DecodeError):
        ByteReader(b"\xfe\x01\x02").packed_int()


def test_cstring_and_sub_reader() -> None:
    r = ByteReader(b"abc\x00def", base=10)
    assert r.cstring() == b"abc"
    s = r.sub(2)
    assert s.bytes(2) == b"de" and s.remaining() == 0
    with pytest.raises(DecodeError):
        s.u8()
    with pytest.raises(DecodeError):
        ByteReader(b"abc").cstring()


def test_writer_range_errors() -> None:
    w = ByteWriter()
    with pytest.raises(EncodeError):
        w.u8(256)
    with pytest.raises(EncodeError):
        w.u16(-1)
    with pytest.raises(EncodeError):
        w.packed_int(-1)


def test_big_endian_helpers() -> None:
    w = ByteWriter()
    w.uint_be(0x010203, 3)
    assert w.getvalue() == b"\x01\x02\x03"
    assert ByteReader(b"\x01\x02\x03").uint_be(3) == 0x010203
