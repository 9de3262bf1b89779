"""Column value codecs for row images, driven by Table_map type + metadata.

Temporal values get small dataclasses instead of ``datetime`` because the
binlog carries zero dates (``0000-00-00``), negative and >24h TIMEs and the
column's fractional precision, none of which ``datetime`` can hold. Integers
are decoded signed unless Table_map optional metadata (SIGNEDNESS) says
unsigned -- the row image itself does not record signedness -- and the
encoder accepts either signed or unsigned Python ints of the right width.

For each column :func:`column_codec` returns a (decode, encode) closure pair,
built once per Table_map so the per-row loop does no type dispatch.
"""

from __future__ import annotations

import calendar
import struct
import time as _time
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Callable

from .bytes_io import ByteReader, ByteWriter
from .constants import ColumnType as T
from .decimal_codec import decimal_bin_size, decode_decimal, encode_decimal
from .codec_errors import EncodeError


@dataclass(frozen=True, slots=True)
class MyDate:
    year: int
    month: int
    day: int

    def __str__(self) -> str:
        return f"{self.year:04d}-{self.month:02d}-{self.day:02d}"


def _frac_str(us: int, fsp: int) -> str:
    if fsp <= 0:
        return ""
    return "." + f"{us:06d}"[:fsp]


def _hms_str(hour: int, minute: int, second: int, us: int, fsp: int) -> str:
    return f"{hour:02d}:{minute:02d}:{second:02d}{_frac_str(us, fsp)}"


@dataclass(frozen=True, slots=True)
class MyDateTime:
    year: int
    month: int
    day: int
    hour: int
    minute: int
    second: int
    microsecond: int = 0
    fsp: int = 0

    def __str__(self) -> str:
        return (f"{self.year:04d}-{self.month:02d}-{self.day:02d} "
                + _hms_str(self.hour, self.minute, self.second, self.microsecond, self.fsp))


@dataclass(frozen=True, slots=True)
class MyTime:
    """A TIME value: a signed duration (-838:59:59 .. 838:59:59), not a time of day."""

    negative: bool
    hour: int  # up to 838
    minute: int
    second: int
    microsecond: int = 0
    fsp: int = 0

    def __str__(self) -> str:
        sign = "-" if self.negative else ""
        return sign + _hms_str(self.hour, self.minute, self.second, self.microsecond, self.fsp)


@dataclass(frozen=True, slots=True)
class MyTimestamp:
    """Seconds since the epoch (UTC) as stored; 0 is the zero timestamp."""

    seconds: int
    microsecond: int = 0
    fsp: int = 0

    def __str__(self) -> str:
        """UTC ``YYYY-MM-DD HH:MM:SS[.f]``; the zero timestamp stays zero."""
        if self.seconds == 0 and self.microsecond == 0:
            return "0000-00-00 00:00:00" + _frac_str(0, self.fsp)
        t = _time.gmtime(self.seconds)
        return (f"{t.tm_year:04d}-{t.tm_mon:02d}-{t.tm_mday:02d} "
                + _hms_str(t.tm_hour, t.tm_min, t.tm_sec, self.microsecond, self.fsp))

    @classmethod
    def from_utc(cls, year: int, month: int, day: int, hour: int = 0, minute: int = 0,
                 second: int = 0, microsecond: int = 0, fsp: int = 0) -> "MyTimestamp":
        secs = calendar.timegm((year, month, day, hour, minute, second, 0, 0, 0))
        return cls(secs, microsecond, fsp)


Decoder = Callable[[ByteReader], Any]
Encoder = Callable[[ByteWriter, Any], None]


class UnsupportedColumn(Exception):
    """Raised while building codecs for a column type we cannot decode."""


_S8 = struct.Struct("<b")
_S16 = struct.Struct("<h")
_S32 = struct.Struct("<i")
_S64 = struct.Struct("<q")
_U8 = struct.Struct("<B")
_U16 = struct.Struct("<H")
_U32 = struct.Struct("<I")
_U64 = struct.Struct("<Q")
_F32 = struct.Struct("<f")
_F64 = struct.Struct("<d")


def _int_codec(nbytes: int, unsigned: bool) -> tuple[Decoder, Encoder]:
    bits = 8 * nbytes
    mask = (1 << bits) - 1
    lo = -(1 << (bits - 1))
    st = {1: (_U8 if unsigned else _S8), 2: (_U16 if unsigned else _S16),
          4: (_U32 if unsigned else _S32), 8: (_U64 if unsigned else _S64)}.get(nbytes)

    if st is not None:
        unpack = st.unpack_from

        def dec(r: ByteReader) -> int:
            return unpack(r.buf, r._need(nbytes))[0]
    elif unsigned:
        def dec(r: ByteReader) -> int:
            return r.uint_le(nbytes)
    else:
        half = 1 << (bits - 1)

        def dec(r: ByteReader) -> int:
            v = r.uint_le(nbytes)
            return v - (1 << bits) if v >= half else v

    def enc(w: ByteWriter, v: Any) -> None:
        if not isinstance(v, int) or v < lo or v > mask:
            raise EncodeError(f"{v!r} does not fit a {nbytes}-byte integer column")
        w.uint_le(v & mask, nbytes)

    return dec, enc


def _frac_len(fsp: int) -> int:
    return (fsp + 1) // 2


def _read_frac(r: ByteReader, fsp: int) -> int:
    n = (fsp + 1) // 2
    if n == 0:
        return 0
    v = r.uint_be(n)
    return v * (10000 if n == 1 else 100 if n == 2 else 1)


def _write_frac(w: ByteWriter, us: int, fsp: int) -> None:
    n = (fsp + 1) // 2
    if n:
        w.uint_be(us // (10000 if n == 1 else 100 if n == 2 else 1), n)


def _check_fsp(fsp: int) -> int:
    if fsp > 6:
        raise UnsupportedColumn(f"fractional precision {fsp}")
    return fsp


def _datetime2_codec(fsp: int) -> tuple[Decoder, Encoder]:
    _check_fsp(fsp)

    def dec(r: ByteReader) -> MyDateTime:
        v = r.uint_be(5) - 0x8000000000
        us = _read_frac(r, fsp)
        ymd = v >> 17
        hms = v & 0x1FFFF
        ym = ymd >> 5
        return MyDateTime(ym // 13, ym % 13, ymd & 31, hms >> 12, (hms >> 6) & 63, hms & 63, us, fsp)

    def enc(w: ByteWriter, v: Any) -> None:
        if not isinstance(v, MyDateTime):
            raise EncodeError(f"DATETIME2 needs MyDateTime, got {v!r}")
        ym = v.year * 13 + v.month
        packed = (((ym << 5) | v.day) << 17) | (v.hour << 12) | (v.minute << 6) | v.second
        w.uint_be(packed + 0x8000000000, 5)
        _write_frac(w, v.microsecond, fsp)

    return dec, enc


def _timestamp2_codec(fsp: int) -> tuple[Decoder, Encoder]:
    _check_fsp(fsp)

    def dec(r: ByteReader) -> MyTimestamp:
        secs = r.uint_be(4)
        return MyTimestamp(secs, _read_frac(r, fsp), fsp)

    def enc(w: ByteWriter, v: Any) -> None:
        if not isinstance(v, MyTimestamp):
            raise EncodeError(f"TIMESTAMP2 needs MyTimestamp, got {v!r}")
        w.uint_be(v.seconds, 4)
        _write_frac(w, v.microsecond, fsp)

    return dec, enc


_TIMEF_INT_OFS = 0x800000
_TIMEF_OFS = 0x800000000000


def _time2_codec(fsp: int) -> tuple[Decoder, Encoder]:
    """TIME2: the server's ``my_time_packed_{to,from}_binary``.

    Negative values store a floored int part and a (wrapped) truncated
    fraction so that the bytes sort; decode undoes exactly that.
    """
    _check_fsp(fsp)

    def dec(r: ByteReader) -> MyTime:
        if fsp >= 5:
            packed = r.uint_be(6) - _TIMEF_OFS
        else:
            intpart = r.uint_be(3) - _TIMEF_INT_OFS
            if fsp == 0:
                packed = intpart << 24
            elif fsp <= 2:
                frac = r.u8()
                if intpart < 0 and frac:
                    intpart += 1
                    frac -= 0x100
                packed = (intpart << 24) + frac * 10000
            else:
                frac = r.uint_be(2)
                if intpart < 0 and frac:
                    intpart += 1
                    frac -= 0x10000
                packed = (intpart << 24) + frac * 100
        neg = packed < 0
        if neg:
            packed = -packed
        hms = packed >> 24
        us = packed & 0xFFFFFF
        return MyTime(neg, (hms >> 12) & 0x3FF, (hms >> 6) & 63, hms & 63, us, fsp)

    def enc(w: ByteWriter, v: Any) -> None:
        if not isinstance(v, MyTime):
            raise EncodeError(f"TIME2 needs MyTime, got {v!r}")
        hms = (v.hour << 12) | (v.minute << 6) | v.second
        packed = (hms << 24) + v.microsecond
        if v.negative:
            packed = -packed
        if fsp >= 5:
            w.uint_be(packed + _TIMEF_OFS, 6)
            return
        intpart = packed >> 24  # arithmetic shift: floor
        # C's % truncates toward zero, so the fraction carries the sign
        frac = -((-packed) & 0xFFFFFF) if packed < 0 else packed & 0xFFFFFF
        w.uint_be(intpart + _TIMEF_INT_OFS, 3)
        if fsp == 0:
            return
        if fsp <= 2:
            q = -((-frac) // 10000) if frac < 0 else frac // 10000
            w.u8(q & 0xFF)
        else:
            q = -((-frac) // 100) if frac < 0 else frac // 100
            w.uint_be(q & 0xFFFF, 2)

    return dec, enc


def _date_codec() -> tuple[Decoder, Encoder]:
    def dec(r: ByteReader) -> MyDate:
        v = r.u24()
        return MyDate(v >> 9, (v >> 5) & 15, v & 31)

    def enc(w: ByteWriter, v: Any) -> None:
        if not isinstance(v, MyDate):
            raise EncodeError(f"DATE needs MyDate, got {v!r}")
        w.u24((v.year << 9) | (v.month << 5) | v.day)

    return dec, enc


def _year_codec() -> tuple[Decoder, Encoder]:
    def dec(r: ByteReader) -> int:
        v = r.u8()
        return 1900 + v if v else 0

    def enc(w: ByteWriter, v: Any) -> None:
        if not isinstance(v, int) or not (v == 0 or 1901 <= v <= 2155):
            raise EncodeError(f"bad YEAR {v!r}")
        w.u8(v - 1900 if v else 0)

    return dec, enc


def _length_prefixed(prefix: int) -> tuple[Decoder, Encoder]:
    if prefix not in (1, 2, 3, 4):
        raise UnsupportedColumn(f"length prefix {prefix}")

    def dec(r: ByteReader) -> bytes:
        return r.bytes(r.uint_le(prefix))

    def enc(w: ByteWriter, v: Any) -> None:
        if not isinstance(v, (bytes, bytearray)):
            raise EncodeError(f"string/blob column needs bytes, got {type(v).__name__}")
        w.uint_le(len(v), prefix)
        w.write(v)

    return dec, enc


def _json_codec(prefix: int) -> tuple[Decoder, Encoder]:
    """MySQL's JSON column: a blob of binary JSON (json_binary.py); the decoder keeps the
    bytes as a JsonBinary, whose text is the document's."""
    from .json_binary import JsonBinary
    dec0, enc = _length_prefixed(prefix)

    def dec(r: ByteReader) -> JsonBinary:
        return JsonBinary(dec0(r))

    return dec, enc


def _float_codec(st: struct.Struct) -> tuple[Decoder, Encoder]:
    unpack = st.unpack_from
    n = st.size

    def dec(r: ByteReader) -> float:
        return unpack(r.buf, r._need(n))[0]

    def enc(w: ByteWriter, v: Any) -> None:
        try:
            w.write(st.pack(v))
        except (struct.error, OverflowError, TypeError) as e:
            raise EncodeError(f"bad float {v!r}") from e

    return dec, enc


def _decimal_codec(meta: int) -> tuple[Decoder, Encoder]:
    prec, scale = meta >> 8, meta & 0xFF
    if scale > prec or prec > 65 or prec == 0:
        raise UnsupportedColumn(f"DECIMAL({prec},{scale})")
    decimal_bin_size(prec, scale)

    def dec(r: ByteReader) -> Decimal:
        return decode_decimal(r, prec, scale)

    def enc(w: ByteWriter, v: Any) -> None:
        encode_decimal(w, v, prec, scale)

    return dec, enc


def _uint_codec(n: int, big_endian: bool, what: str) -> tuple[Decoder, Encoder]:
    """An unsigned integer of ``n`` bytes: BIT (big-endian), ENUM/SET (little-endian)."""
    read = ByteReader.uint_be if big_endian else ByteReader.uint_le
    write = ByteWriter.uint_be if big_endian else ByteWriter.uint_le

    def dec(r: ByteReader) -> int:
        return read(r, n)

    def enc(w: ByteWriter, v: Any) -> None:
        if not isinstance(v, int):
            raise EncodeError(f"{what} needs int, got {v!r}")
        write(w, v, n)

    return dec, enc


def _bit_codec(meta: int) -> tuple[Decoder, Encoder]:
    return _uint_codec(((meta >> 8) & 0xFF) + (1 if meta & 0xFF else 0), True, "BIT")


def _uint_le_codec(n: int) -> tuple[Decoder, Encoder]:
    return _uint_codec(n, False, "ENUM/SET")


def string_real_type(meta: int) -> tuple[int, int]:
    """(real_type, max_length) of a MYSQL_TYPE_STRING column's metadata."""
    b0, b1 = meta >> 8, meta & 0xFF
    if (b0 & 0x30) != 0x30:
        return b0 | 0x30, b1 | (((b0 & 0x30) ^ 0x30) << 4)
    return b0, b1


def column_codec(col_type: int, meta: int, unsigned: bool = False) -> tuple[Decoder, Encoder]:
    t = col_type
    if t == T.TINY:
        return _int_codec(1, unsigned)
    if t == T.SHORT:
        return _int_codec(2, unsigned)
    if t == T.INT24:
        return _int_codec(3, unsigned)
    if t == T.LONG:
        return _int_codec(4, unsigned)
    if t == T.LONGLONG:
        return _int_codec(8, unsigned)
    if t == T.FLOAT:
        return _float_codec(_F32)
    if t == T.DOUBLE:
        return _float_codec(_F64)
    if t == T.NEWDECIMAL:
        return _decimal_codec(meta)
    if t in (T.VARCHAR, T.VAR_STRING, T.VARCHAR_COMPRESSED):
        return _length_prefixed(1 if meta < 256 else 2)
    if t in (T.BLOB, T.TINY_BLOB, T.MEDIUM_BLOB, T.LONG_BLOB, T.GEOMETRY, T.JSON, T.BLOB_COMPRESSED):
        return _json_codec(meta) if t == T.JSON else _length_prefixed(meta)
    if t in (T.STRING, T.ENUM, T.SET):
        real, length = string_real_type(meta)
        if real == T.ENUM:
            if length not in (1, 2):
                raise UnsupportedColumn(f"ENUM pack length {length}")
            return _uint_le_codec(length)
        if real == T.SET:
            if not 1 <= length <= 8:
                raise UnsupportedColumn(f"SET pack length {length}")
            return _uint_le_codec(length)
        return _length_prefixed(1 if length < 256 else 2)
    if t in (T.DATE, T.NEWDATE):
        return _date_codec()
    if t == T.DATETIME2:
        return _datetime2_codec(meta)
    if t == T.TIMESTAMP2:
        return _timestamp2_codec(meta)
    if t == T.TIME2:
        return _time2_codec(meta)
    if t == T.YEAR:
        return _year_codec()
    if t == T.BIT:
        return _bit_codec(meta)
    if t == T.TIMESTAMP:
        return _timestamp_old_codec()
    if t == T.NULL:
        return (lambda r: None), (lambda w, v: None)
    raise UnsupportedColumn(f"column type {t}")


def _timestamp_old_codec() -> tuple[Decoder, Encoder]:
    def dec(r: ByteReader) -> MyTimestamp:
        return MyTimestamp(r.u32())

    def enc(w: ByteWriter, v: Any) -> None:
        if not isinstance(v, MyTimestamp):
            raise EncodeError(f"TIMESTAMP needs MyTimestamp, got {v!r}")
        w.u32(v.seconds)

    return dec, enc
