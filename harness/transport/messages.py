"""The seed's protobuf messages (``binlog.proto``) and a hand-written wire codec.

No generated code and no protobuf runtime: proto2 wire format for exactly the
field kinds these six messages use -- varint (``uint32``), 64-bit
(``fixed64``) and length-delimited (``string``, embedded and repeated
messages). Encoding writes fields in field-number order, as protobuf does, so
the bytes equal ``SerializeToString()`` of the official runtime
(tests/transport checks that against ``google.protobuf`` built from
``binlog.proto``). Decoding follows protobuf's rules: fields in any order,
unknown fields skipped, a repeated scalar/embedded field merges (the last
scalar wins, embedded messages merge), missing ``required`` fields are an
error, a ``uint32`` keeps the low 32 bits of its varint.

Strings are UTF-8; text a binlog carried that is not valid UTF-8 (held as
surrogate escapes by the binlog codec) is written as its original bytes, so
export → read gives back exactly what the binlog said.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

_ENC = "utf-8"
_ERR = "surrogateescape"
_U64 = struct.Struct("<Q")
U32_MAX = (1 << 32) - 1
U64_MAX = (1 << 64) - 1

WT_VARINT, WT_I64, WT_LEN, WT_I32 = 0, 1, 2, 5


class MessageError(ValueError):
    """Bytes that are not a valid encoding of the expected message."""

    def __init__(self, reason: str, offset: int | None = None) -> None:
        self.reason = reason
        self.offset = offset
        super().__init__(reason if offset is None else f"{reason} (at offset {offset})")


# -- messages ---------------------------------------------------------------------------

@dataclass
class Header:
    timestamp: int  # fixed64: microseconds since the epoch (see export.py)
    server_id: int  # uint32
    trans_id: int  # uint32

    FIELDS: ClassVar = ((1, "timestamp", "fixed64", None), (2, "server_id", "uint32", None),
                        (3, "trans_id", "uint32", None))


@dataclass
class Variable:
    name: str
    value: str

    FIELDS: ClassVar = ((1, "name", "string", None), (2, "value", "string", None))


@dataclass
class Start:
    header: Header
    server_version: int
    server_signature: str

    TAG: ClassVar[int] = 1
    FIELDS: ClassVar = ((1, "header", "message", Header), (2, "server_version", "uint32", None),
                        (3, "server_signature", "string", None))


@dataclass
class Chain:
    header: Header
    next: int

    TAG: ClassVar[int] = 2
    FIELDS: ClassVar = ((1, "header", "message", Header), (2, "next", "uint32", None))


@dataclass
class Query:
    header: Header
    variable: list[Variable] = field(default_factory=list)
    session_id: int = 0
    query: str = ""

    TAG: ClassVar[int] = 3
    FIELDS: ClassVar = ((1, "header", "message", Header), (2, "variable", "repeated", Variable),
                        (3, "session_id", "uint32", None), (4, "query", "string", None))


@dataclass
class Commit:
    header: Header

    TAG: ClassVar[int] = 4
    FIELDS: ClassVar = ((1, "header", "message", Header),)


@dataclass
class Rollback:
    header: Header

    TAG: ClassVar[int] = 5
    FIELDS: ClassVar = ((1, "header", "message", Header),)


MESSAGE_TYPES: dict[int, type] = {cls.TAG: cls for cls in (Start, Chain, Query, Commit, Rollback)}
Message = Start | Chain | Query | Commit | Rollback


# -- varints ----------------------------------------------------------------------------

def encode_varint(v: int) -> bytes:
    if v < 0 or v > U64_MAX:
        raise MessageError(f"varint out of range: {v}")
    out = bytearray()
    while v > 0x7F:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)
    return bytes(out)


def decode_varint(buf: bytes | memoryview, pos: int, end: int) -> tuple[int, int]:
    v = 0
    shift = 0
    start = pos
    while True:
        if pos >= end:
            raise MessageError("truncated varint", start)
        b = buf[pos]
        pos += 1
        v |= (b & 0x7F) << shift
        if not b & 0x80:
            return v & U64_MAX, pos
        shift += 7
        if shift >= 70:
            raise MessageError("varint longer than 10 bytes", start)


# -- encode -----------------------------------------------------------------------------

def encode_message(msg: Any) -> bytes:
    """Wire bytes of ``msg`` (fields in number order, like ``SerializeToString``)."""
    out = bytearray()
    for num, attr, kind, sub in msg.FIELDS:
        v = getattr(msg, attr)
        if kind == "uint32":
            if not isinstance(v, int) or not 0 <= v <= U32_MAX:
                raise MessageError(f"{type(msg).__name__}.{attr}: uint32 out of range: {v!r}")
            out += encode_varint(num << 3 | WT_VARINT) + encode_varint(v)
        elif kind == "fixed64":
            if not isinstance(v, int) or not 0 <= v <= U64_MAX:
                raise MessageError(f"{type(msg).__name__}.{attr}: fixed64 out of range: {v!r}")
            out += encode_varint(num << 3 | WT_I64) + _U64.pack(v)
        elif kind == "string":
            if not isinstance(v, str):
                raise MessageError(f"{type(msg).__name__}.{attr}: needs str, got {v!r}")
            b = v.encode(_ENC, _ERR)
            out += encode_varint(num << 3 | WT_LEN) + encode_varint(len(b)) + b
        elif kind == "message":
            if not isinstance(v, sub):
                raise MessageError(f"{type(msg).__name__}.{attr}: needs {sub.__name__}")
            b = encode_message(v)
            out += encode_varint(num << 3 | WT_LEN) + encode_varint(len(b)) + b
        elif kind == "repeated":
            for item in v:
                if not isinstance(item, sub):
                    raise MessageError(f"{type(msg).__name__}.{attr}: needs {sub.__name__} items")
                b = encode_message(item)
                out += encode_varint(num << 3 | WT_LEN) + encode_varint(len(b)) + b
    return bytes(out)


# -- decode -----------------------------------------------------------------------------

_WIRE_OF = {"uint32": WT_VARINT, "fixed64": WT_I64, "string": WT_LEN, "message": WT_LEN,
            "repeated": WT_LEN}


def _skip(buf: bytes | memoryview, pos: int, end: int, wt: int, at: int) -> int:
    if wt == WT_VARINT:
        return decode_varint(buf, pos, end)[1]
    if wt == WT_I64:
        n = 8
    elif wt == WT_I32:
        n = 4
    elif wt == WT_LEN:
        n, pos = decode_varint(buf, pos, end)
    else:
        raise MessageError(f"unsupported wire type {wt}", at)
    if pos + n > end:
        raise MessageError("truncated unknown field", at)
    return pos + n


def _decode_into(cls: type, buf: bytes | memoryview, pos: int, end: int,
                 values: dict[str, Any]) -> None:
    spec = {num: (attr, kind, sub) for num, attr, kind, sub in cls.FIELDS}
    while pos < end:
        at = pos
        key, pos = decode_varint(buf, pos, end)
        num, wt = key >> 3, key & 7
        if num == 0:
            raise MessageError("field number 0", at)
        f = spec.get(num)
        if f is None:
            pos = _skip(buf, pos, end, wt, at)
            continue
        attr, kind, sub = f
        if wt != _WIRE_OF[kind]:
            raise MessageError(f"{cls.__name__}.{attr}: wire type {wt}, expected "
                               f"{_WIRE_OF[kind]}", at)
        if kind == "uint32":
            v, pos = decode_varint(buf, pos, end)
            values[attr] = v & U32_MAX
        elif kind == "fixed64":
            if pos + 8 > end:
                raise MessageError(f"{cls.__name__}.{attr}: truncated fixed64", at)
            values[attr] = _U64.unpack_from(buf, pos)[0]
            pos += 8
        else:
            n, pos = decode_varint(buf, pos, end)
            if pos + n > end:
                raise MessageError(f"{cls.__name__}.{attr}: length {n} runs past the message",
                                   at)
            if kind == "string":
                values[attr] = bytes(buf[pos:pos + n]).decode(_ENC, _ERR)
            elif kind == "message":
                # protobuf merges a repeated occurrence of an embedded message
                _decode_into(sub, buf, pos, pos + n, values.setdefault(attr, {}))
            else:
                item: dict[str, Any] = {}
                _decode_into(sub, buf, pos, pos + n, item)
                values.setdefault(attr, []).append(item)
            pos += n
    if pos != end:
        raise MessageError("field runs past the message", pos)


def _build(cls: type, values: dict[str, Any], offset: int) -> Any:
    kw: dict[str, Any] = {}
    for num, attr, kind, sub in cls.FIELDS:
        if kind == "repeated":
            kw[attr] = [_build(sub, v, offset) for v in values.get(attr, [])]
            continue
        if attr not in values:
            raise MessageError(f"{cls.__name__}: required field {attr!r} ({num}) missing", offset)
        v = values[attr]
        kw[attr] = _build(sub, v, offset) if kind == "message" else v
    return cls(**kw)


def decode_message(cls: type, buf: bytes | memoryview, pos: int = 0, end: int | None = None,
                   *, base: int = 0) -> Any:
    """Decode one ``cls`` from ``buf[pos:end]``; errors carry ``base`` + offset."""
    end = len(buf) if end is None else end
    values: dict[str, Any] = {}
    try:
        _decode_into(cls, buf, pos, end, values)
    except MessageError as e:
        raise MessageError(e.reason, None if e.offset is None else base + e.offset) from None
    return _build(cls, values, base + pos)


def message_fields(msg: Any) -> dict[str, Any]:
    """``msg`` as plain dicts/lists (for printing and JSON)."""
    out = {}
    for f in fields(msg):
        v = getattr(msg, f.name)
        if isinstance(v, list):
            out[f.name] = [message_fields(x) for x in v]
        elif hasattr(v, "FIELDS"):
            out[f.name] = message_fields(v)
        else:
            out[f.name] = v
    return out
