"""MySQL's binary JSON (the row-image value of a MYSQL_TYPE_JSON column).

Written from the format MySQL documents in ``sql-common/json_binary.h``: a document is
one type byte and the value. Types: 0x00/0x01 small/large object, 0x02/0x03 small/large
array, 0x04 literal (0 null, 1 true, 2 false), 0x05 int16, 0x06 uint16, 0x07 int32,
0x08 uint32, 0x09 int64, 0x0a uint64, 0x0b double, 0x0c string (a variable-length
length, 7 bits a byte, then UTF-8), 0x0f opaque (a MySQL field type byte, a
variable-length length, the data).

An object is its element count, its size in bytes (2 bytes each when small, 4 when
large), one key entry per key (offset, 2-byte length), one value entry per value (type
byte, then the offset or -- for literals, int16 and uint16, and in the large format int32
and uint32 -- the value itself), the keys, then the values; an array the same without
keys. Offsets count from the start of the container (after its type byte). Keys are
sorted by length, then by their bytes. A container is small when it and everything in it
fit 16-bit offsets and sizes, else large (json_binary.cc retries a too-big small
container in the large format; a small parent of a too-big child grows too).

The values the codec works with are plain Python ones: dict (str keys), list, str,
True/False/None, ``JInt`` / ``JUint`` (the two integer kinds of a document), float,
``JOpaque`` (a field type and its bytes: DECIMAL, DATE, TIME, DATETIME, binary strings).
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from decimal import Decimal

SMALL_OBJECT, LARGE_OBJECT, SMALL_ARRAY, LARGE_ARRAY = 0x00, 0x01, 0x02, 0x03
LITERAL, INT16, UINT16, INT32, UINT32, INT64, UINT64, DOUBLE, STRING, OPAQUE = (
    0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0F)
_LIT = {None: 0, True: 1, False: 2}
_LIT_BACK = {0: None, 1: True, 2: False}


class JInt(int):
    """A signed integer of a document (the parser's Json_int)."""


class JUint(int):
    """An unsigned integer of a document (Json_uint: a text number above 2^32 - 1, an
    UNSIGNED SQL value)."""


@dataclass(frozen=True)
class JOpaque:
    """A value of another MySQL type kept with its field type (``enum_field_types``)."""

    field_type: int
    data: bytes


class JsonBinary(bytes):
    """The binary JSON of one row-image value; ``str()`` is the document's text."""

    def __str__(self) -> str:
        try:
            return to_text(decode(bytes(self)))
        except (ValueError, IndexError, struct.error):
            return "0x" + bytes(self).hex()


class _TooBig(Exception):
    pass


def key_order(k: str) -> tuple[int, bytes]:
    """Object keys sort by their UTF-8 length, then bytes (Json_key_comparator)."""
    b = k.encode("utf-8")
    return len(b), b


def _int_type(v: int, unsigned: bool) -> int:
    if unsigned:
        return UINT16 if v <= 0xFFFF else UINT32 if v <= 0xFFFFFFFF else UINT64
    if -0x8000 <= v <= 0x7FFF:
        return INT16
    return INT32 if -0x80000000 <= v <= 0x7FFFFFFF else INT64


_INT_FMT = {INT16: "<h", UINT16: "<H", INT32: "<i", UINT32: "<I", INT64: "<q", UINT64: "<Q"}


def _varlen(n: int) -> bytes:
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def type_of(v: object) -> int:
    """The type byte of a value (containers: their small format)."""
    if v is None or isinstance(v, bool):
        return LITERAL
    if isinstance(v, dict):
        return SMALL_OBJECT
    if isinstance(v, list):
        return SMALL_ARRAY
    if isinstance(v, str):
        return STRING
    if isinstance(v, JOpaque):
        return OPAQUE
    if isinstance(v, float):
        return DOUBLE
    if isinstance(v, int):
        return _int_type(v, isinstance(v, JUint))
    raise TypeError(f"not a JSON value: {type(v).__name__}")


def _scalar(v: object, t: int) -> bytes:
    if t == LITERAL:
        return bytes([_LIT[v]])  # type: ignore[index]
    if t in _INT_FMT:
        return bytes(struct.pack(_INT_FMT[t], v))
    if t == DOUBLE:
        return struct.pack("<d", v)
    if t == STRING:
        b = str(v).encode("utf-8")
        return _varlen(len(b)) + b
    assert isinstance(v, JOpaque)
    return bytes([v.field_type]) + _varlen(len(v.data)) + v.data


def _inlined(t: int, large: bool) -> bool:
    return t in (LITERAL, INT16, UINT16) or (large and t in (INT32, UINT32))


def _value(v: object, small_parent: bool) -> tuple[int, bytes]:
    """(type byte, bytes) of a value inside a container or at the top."""
    t = type_of(v)
    if t not in (SMALL_OBJECT, SMALL_ARRAY):
        return t, _scalar(v, t)
    try:
        return t, _container(v, False)  # type: ignore[arg-type]
    except _TooBig:
        if small_parent:
            raise
        return t + 1, _container(v, True)  # type: ignore[arg-type]


def _container(v: dict[str, object] | list[object], large: bool) -> bytes:
    size_fmt, n = ("<I", 4) if large else ("<H", 2)
    limit = 0xFFFFFFFF if large else 0xFFFF
    if isinstance(v, dict):
        keys = sorted((k.encode("utf-8") for k in v), key=lambda b: (len(b), b))  # key_order
        items: list[tuple[bytes | None, object]] = [(k, v[k.decode("utf-8")]) for k in keys]
    else:
        items = [(None, x) for x in v]
    count = len(items)
    header = 2 * n + (count * (n + 2) if isinstance(v, dict) else 0) + count * (1 + n)
    offset = header + sum(len(k) for k, _ in items if k is not None)
    key_entries, value_entries, tail = bytearray(), bytearray(), bytearray()
    koff = header
    for k, _ in items:
        if k is not None:
            if koff > limit or len(k) > 0xFFFF:
                raise _TooBig
            key_entries += struct.pack(size_fmt, koff) + struct.pack("<H", len(k))
            koff += len(k)
    for _, x in items:
        t, data = _value(x, not large)
        if _inlined(t, large):
            value_entries += bytes([t]) + data.ljust(n, b"\0")
            continue
        if offset > limit:
            raise _TooBig
        value_entries += bytes([t]) + struct.pack(size_fmt, offset)
        tail += data
        offset += len(data)
    if offset > limit:
        raise _TooBig
    keys_bytes = b"".join(k for k, _ in items if k is not None)
    return struct.pack(size_fmt, count) + struct.pack(size_fmt, offset) + key_entries + value_entries \
        + keys_bytes + tail


def encode(v: object) -> JsonBinary:
    """A document's binary form (type byte first)."""
    t, data = _value(v, False)
    return JsonBinary(bytes([t]) + data)


# -- partial update (json_binary.cc Value::update_in_shadow / remove_in_shadow) ---------


def _entries(buf: bytearray, base: int, t: int) -> tuple[int, int, list[tuple[object, int, int]]]:
    """(offset width, count, [(key or index, value entry position, key entry position)]) of the
    container whose data starts at ``buf[base]``."""
    large = t in (LARGE_OBJECT, LARGE_ARRAY)
    fmt, n = ("<I", 4) if large else ("<H", 2)
    count = struct.unpack_from(fmt, buf, base)[0]
    is_obj = t in (SMALL_OBJECT, LARGE_OBJECT)
    ve0 = base + 2 * n + (count * (n + 2) if is_obj else 0)
    out: list[tuple[object, int, int]] = []
    for i in range(count):
        if is_obj:
            ke = base + 2 * n + i * (n + 2)
            ko = struct.unpack_from(fmt, buf, ke)[0]
            kl = struct.unpack_from("<H", buf, ke + n)[0]
            out.append((bytes(buf[base + ko:base + ko + kl]).decode("utf-8"), ve0 + i * (1 + n), ke))
        else:
            out.append((i, ve0 + i * (1 + n), -1))
    return n, count, out


def _locate(buf: bytearray, steps: list[object]) -> tuple[int, int] | None:
    """(type, data position) of the container holding the last step, following the others
    through non-inlined entries; None when a step is missing or not a container."""
    t, base = buf[0], 1
    for step in steps[:-1]:
        if t not in (SMALL_OBJECT, LARGE_OBJECT, SMALL_ARRAY, LARGE_ARRAY):
            return None
        n, _c, ents = _entries(buf, base, t)
        hit = [ve for k, ve, _ke in ents if k == step]
        if not hit:
            return None
        vt = buf[hit[0]]
        if vt not in (SMALL_OBJECT, LARGE_OBJECT, SMALL_ARRAY, LARGE_ARRAY):
            return None
        fmt = "<I" if n == 4 else "<H"
        t, base = vt, base + struct.unpack_from(fmt, buf, hit[0] + 1)[0]
    if t not in (SMALL_OBJECT, LARGE_OBJECT, SMALL_ARRAY, LARGE_ARRAY):
        return None
    return t, base


def remove_in_place(buf: bytearray, steps: list[object]) -> bool:
    """JSON_REMOVE of one path on the stored bytes: the container's count drops by one and
    its later key and value entries move left; its size, its keys and values stay where they
    were (the freed bytes keep what they held). False: the path is not there."""
    if not steps:
        return False
    where = _locate(buf, steps)
    if where is None:
        return True  # nothing to remove: the document is unchanged
    t, base = where
    n, count, ents = _entries(buf, base, t)
    idx = [i for i, (k, _ve, _ke) in enumerate(ents) if k == steps[-1]]
    if not idx:
        return True
    i = idx[0]
    fmt = "<I" if n == 4 else "<H"
    keys = [bytes(buf[ke:ke + n + 2]) for j, (_k, _ve, ke) in enumerate(ents) if j != i and ke >= 0]
    values = [bytes(buf[ve:ve + 1 + n]) for j, (_k, ve, _ke) in enumerate(ents) if j != i]
    header = struct.pack(fmt, count - 1) + b"".join(keys) + b"".join(values)
    buf[base:base + n] = header[:n]
    buf[base + 2 * n:base + 2 * n + len(header) - n] = header[n:]
    return True


def replace_in_place(buf: bytearray, steps: list[object], value: object, missing_ok: bool = False) -> bool:
    """JSON_SET / JSON_REPLACE of an existing path on the stored bytes: a value the entry can
    inline goes in the entry; another is written over the old value when it fits the space
    up to the container's next value (or its end); False when it does not fit or the path
    is not there (the server then writes the whole document again; ``missing_ok``: JSON_REPLACE,
    for which a missing path changes nothing)."""
    if not steps:
        return False
    where = _locate(buf, steps)
    if where is None:
        return missing_ok
    t, base = where
    n, _count, ents = _entries(buf, base, t)
    hit = [ve for k, ve, _ke in ents if k == steps[-1]]
    if not hit:
        return missing_ok
    ve = hit[0]
    fmt = "<I" if n == 4 else "<H"
    large = n == 4
    try:
        vt, data = _value(value, not large)
    except _TooBig:
        return False
    if _inlined(vt, large):
        buf[ve:ve + 1 + n] = bytes([vt]) + data.ljust(n, b"\0")
        return True
    if _inlined(buf[ve], large):
        return False
    off = struct.unpack_from(fmt, buf, ve + 1)[0]
    size = struct.unpack_from(fmt, buf, base + n)[0]
    later = [struct.unpack_from(fmt, buf, e + 1)[0] for _k, e, _ke in ents
             if not _inlined(buf[e], large) and struct.unpack_from(fmt, buf, e + 1)[0] > off]
    if len(data) > min(later, default=size) - off:
        return False
    buf[ve] = vt
    buf[base + off:base + off + len(data)] = data
    return True


# -- decoding -------------------------------------------------------------------------


def _read_varlen(b: bytes, p: int) -> tuple[int, int]:
    n = shift = 0
    while True:
        c = b[p]
        p += 1
        n |= (c & 0x7F) << shift
        shift += 7
        if not c & 0x80:
            return n, p


def _decode_at(t: int, b: bytes, p: int, end: int) -> object:
    if t in (SMALL_OBJECT, LARGE_OBJECT, SMALL_ARRAY, LARGE_ARRAY):
        large = t in (LARGE_OBJECT, LARGE_ARRAY)
        fmt, n = ("<I", 4) if large else ("<H", 2)
        count = struct.unpack_from(fmt, b, p)[0]
        q = p + 2 * n
        keys: list[str] = []
        if t in (SMALL_OBJECT, LARGE_OBJECT):
            for _ in range(count):
                ko = struct.unpack_from(fmt, b, q)[0]
                kl = struct.unpack_from("<H", b, q + n)[0]
                keys.append(b[p + ko:p + ko + kl].decode("utf-8"))
                q += n + 2
        vals = []
        for _ in range(count):
            vt = b[q]
            if _inlined(vt, large):
                vals.append(_decode_at(vt, b, q + 1, q + 1 + n))
            else:
                off = struct.unpack_from(fmt, b, q + 1)[0]
                vals.append(_decode_at(vt, b, p + off, end))
            q += 1 + n
        return dict(zip(keys, vals)) if keys or t in (SMALL_OBJECT, LARGE_OBJECT) else vals
    if t == LITERAL:
        return _LIT_BACK[b[p]]
    if t in _INT_FMT:
        v = struct.unpack_from(_INT_FMT[t], b, p)[0]
        return JUint(v) if t in (UINT16, UINT32, UINT64) else JInt(v)
    if t == DOUBLE:
        return struct.unpack_from("<d", b, p)[0]
    if t == STRING:
        ln, q = _read_varlen(b, p)
        return b[q:q + ln].decode("utf-8", "replace")
    if t == OPAQUE:
        ft = b[p]
        ln, q = _read_varlen(b, p + 1)
        return JOpaque(ft, bytes(b[q:q + ln]))
    raise ValueError(f"JSON type byte {t:#x}")


def decode(b: bytes) -> object:
    """A document from its binary form; an empty value (a JSON column's NULL-like empty
    string) is JSON null, as the server reads it."""
    if not b:
        return None
    return _decode_at(b[0], b, 1, len(b))


# -- text -----------------------------------------------------------------------------

_ESC = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def quote(s: str) -> str:
    """A JSON string as the server prints it (json_dom.cc double_quote)."""
    out = ['"']
    for ch in s:
        if ch in _ESC:
            out.append(_ESC[ch])
        elif ord(ch) < 0x20:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def double_text(d: float) -> str:
    """A JSON double as MySQL 9.7 prints it: the shortest digits that read back, fixed
    notation for exponents -15..14 (an integral value gets ``.0``), else ``1.5e15`` /
    ``1e-16`` (9.7.4 probed: 1e14 -> 100000000000000.0, 1e15 -> 1e15, 1e-15 ->
    0.000000000000001, 1e-16 -> 1e-16)."""
    if math.isnan(d) or math.isinf(d):
        return repr(d)
    sign = "-" if math.copysign(1.0, d) < 0 else ""
    digits, exp = _shortest(abs(d))
    x = exp + len(digits) - 1  # the decimal exponent of the first digit
    if -15 <= x <= 14:
        if x >= len(digits) - 1:
            return sign + digits + "0" * (x - len(digits) + 1) + ".0"
        if x >= 0:
            return sign + digits[:x + 1] + "." + digits[x + 1:]
        return sign + "0." + "0" * (-x - 1) + digits
    mant = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return f"{sign}{mant}e{x}"


def _shortest(d: float) -> tuple[str, int]:
    if d == 0:
        return "0", 0
    t = Decimal(repr(d)).as_tuple()
    digits = "".join(map(str, t.digits)).rstrip("0") or "0"
    exp = int(t.exponent) + (len(t.digits) - len(digits))
    return digits, exp


def packed_datetime(year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0,
                    usec: int = 0) -> bytes:
    """An opaque DATE/DATETIME's 8 bytes (TIME_to_longlong_datetime_packed)."""
    ymd = ((year * 13 + month) << 5) | day
    hms = (hour << 12) | (minute << 6) | second
    return struct.pack("<q", (((ymd << 17) | hms) << 24) | usec)


def packed_time(negative: bool, hour: int, minute: int, second: int, usec: int) -> bytes:
    """An opaque TIME's 8 bytes (TIME_to_longlong_time_packed)."""
    v = (((hour << 12) | (minute << 6) | second) << 24) | usec
    return struct.pack("<q", -v if negative else v)


def _packed_datetime(data: bytes, with_date: bool, with_time: bool) -> str:
    v = struct.unpack("<q", data[:8])[0]
    neg = v < 0
    v = abs(v)
    usec = v % (1 << 24)
    ymdhms = v >> 24
    ymd, hms = ymdhms >> 17, ymdhms % (1 << 17)
    out = ""
    if with_date:
        ym, day = ymd >> 5, ymd % 32
        out = f"{ym // 13:04d}-{ym % 13:02d}-{day:02d}"
    if with_time:
        hh = ymdhms >> 12 if not with_date else hms >> 12
        mm, ss = (hms >> 6) % 64, hms % 64
        t = f"{'-' if neg else ''}{hh:02d}:{mm:02d}:{ss:02d}.{usec:06d}"
        out = f"{out} {t}" if out else t
    return out


def _opaque_text(o: JOpaque) -> str:
    import base64
    ft = o.field_type
    if ft == 246 and len(o.data) >= 2:  # NEWDECIMAL: precision, scale, decimal2bin
        from .bytes_io import ByteReader
        from .decimal_codec import decode_decimal
        return format(decode_decimal(ByteReader(o.data[2:]), o.data[0], o.data[1]), "f")
    if ft in (10, 14):  # DATE
        return quote(_packed_datetime(o.data, True, False))
    if ft in (7, 12, 17, 18):  # TIMESTAMP, DATETIME
        return quote(_packed_datetime(o.data, True, True))
    if ft in (11, 19):  # TIME
        return quote(_packed_datetime(o.data, False, True))
    return quote(f"base64:type{ft}:{base64.b64encode(o.data).decode()}")


def to_text(v: object) -> str:
    """The document's text as the server prints it (``{"a": 1, "b": [true, null]}``)."""
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, dict):
        keys = sorted(v, key=key_order)  # Json_object's map order, as the binary form keeps it
        return "{" + ", ".join(f"{quote(k)}: {to_text(v[k])}" for k in keys) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(to_text(x) for x in v) + "]"
    if isinstance(v, str):
        return quote(v)
    if isinstance(v, float):
        return double_text(v)
    if isinstance(v, int):
        return str(int(v))
    if isinstance(v, JOpaque):
        return _opaque_text(v)
    raise TypeError(f"not a JSON value: {type(v).__name__}")


__all__ = ["remove_in_place", "replace_in_place", "packed_datetime", "packed_time", "JInt", "JUint", "JOpaque", "JsonBinary", "encode", "decode", "to_text", "quote", "double_text"]
