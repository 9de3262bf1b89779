"""Byte-exact comparison of two binlog events, outside the fields that vary by nature.

replbed must write every event with the same size and the same bytes as MariaDB
10.11 for the same workload, except the fields whose value no two runs of the
real server share either: wall-clock time, connection ids, counters allocated
server-wide (xid, table id) and the CRC32 computed over them.

:func:`event_fields` cuts a raw event into named byte ranges (``header.timestamp``,
``thread_id``, ``status.Q_XID``, ``table_id``, ``row_data`` ...).
:data:`VARYING` says, per event type, which of those names may differ, and why
(the server behaviour each entry rests on is in :data:`VARYING_WHY`).
:func:`compare_events` compares two events field by field and returns the
names of the fields that differ although they must not; ``[]`` = byte-exact.

The layouts are the declared ones of :mod:`harness.binlog.layout` (which the
codecs and the fast path use too), as MariaDB 10.x writes them (19-byte
header, Query post-header 13, Table_map/rows post-header 8, 6-byte table ids),
with a CRC32 footer unless ``checksum=False``; so are the varying fields.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from typing import Iterable

from .constants import CHECKSUM_LEN, HEADER_LEN, EventType as E, HeaderFlag
from .layout import HEADER, body_ranges, varying_fields_by_type

# ---------------------------------------------------------------------------- layout


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    start: int
    end: int


def _header_fields() -> tuple[tuple[str, int, int], ...]:
    out, p = [], 0
    for f in HEADER.prefix:
        w = f.width or 0
        out.append((f"header.{f.name}", p, p + w))
        p += w
    return tuple(out)


_HEADER_FIELDS = _header_fields()


class LayoutError(ValueError):
    """The bytes do not have the layout of their event type."""


def event_fields(raw: bytes, type_code: int | None = None, *, checksum: bool = True) -> list[Field]:
    """The named byte ranges of one raw event (header, body fields, ``checksum``)."""
    raw = bytes(raw)
    if len(raw) < HEADER_LEN + (CHECKSUM_LEN if checksum else 0):
        raise LayoutError(f"event of {len(raw)} bytes is shorter than its header")
    tc = raw[4] if type_code is None else int(type_code)
    end = len(raw) - (CHECKSUM_LEN if checksum else 0)
    fields = [Field(n, s, e) for n, s, e in _HEADER_FIELDS]
    try:
        body = [Field(n, s, e) for n, s, e in body_ranges(raw, tc, end)]
    except (IndexError, ValueError) as e:
        raise LayoutError(f"cannot lay out event type {tc}: {e}") from e
    for f in body:
        if f.start > f.end or f.end > end:
            raise LayoutError(f"field {f.name} [{f.start}, {f.end}) outside the body (end {end})")
    fields += body
    if checksum:
        fields.append(Field("checksum", end, len(raw)))
    return fields


# ---------------------------------------------------------------------------- what may differ

_ALL = "*"  # key: applies to every event type
_IN_USE = "header.flags.BINLOG_IN_USE"

# Derived from the declared layouts (harness.binlog.layout, ``varies``), plus
# the two that are not a field of one event: the CRC and the FDE's in-use bit.
VARYING_WHY: dict[str, str] = {
    **{f"header.{f.name}": f.varies for f in HEADER.fields if f.varies},
    "checksum": "CRC32 of header+body: follows the varying fields it covers "
                "(checked for validity instead of equality)",
    **{name: why for fields in varying_fields_by_type().values() for name, why in fields.items()},
    _IN_USE: "Format_description: LOG_EVENT_BINLOG_IN_USE_F (0x1) is set "
             "while the file is open and cleared at close; depends on when "
             "the file was copied (only this bit may differ)",
}
VARYING: dict[int | str, frozenset[str]] = {
    _ALL: frozenset({*(f"header.{f.name}" for f in HEADER.fields if f.varies), "checksum"}),
    **{tc: frozenset(fields) for tc, fields in varying_fields_by_type().items()},
}
VARYING[E.FORMAT_DESCRIPTION_EVENT] = VARYING.get(E.FORMAT_DESCRIPTION_EVENT, frozenset()) | {_IN_USE}


def varying_fields(type_code: int) -> frozenset[str]:
    """Field names that may differ for events of ``type_code``."""
    return VARYING[_ALL] | VARYING.get(int(type_code), frozenset())


def _crc_ok(raw: bytes, type_code: int) -> bool:
    body = bytearray(raw[:-CHECKSUM_LEN])
    if type_code == E.FORMAT_DESCRIPTION_EVENT:
        body[17] &= ~HeaderFlag.BINLOG_IN_USE & 0xFF
    return zlib.crc32(body) == struct.unpack_from("<I", raw, len(raw) - CHECKSUM_LEN)[0]


def compare_events(ref_raw: bytes, rb_raw: bytes, type_code: int | None = None, *,
                   checksum: bool = True) -> list[str]:
    """Fields of ``rb_raw`` that differ from ``ref_raw`` outside the varying ones.

    ``[]`` means byte-exact up to :data:`VARYING`. A size difference shows up
    as the fields whose bytes differ (and ``header.event_size``); a field
    present on one side only as ``<name> (reference only)`` /
    ``<name> (replbed only)``; an invalid CRC32 on the replbed side as
    ``checksum (invalid)``.
    """
    ref_raw, rb_raw = bytes(ref_raw), bytes(rb_raw)
    tc = ref_raw[4] if type_code is None else int(type_code)
    if len(rb_raw) > 4 and rb_raw[4] != tc:
        return [f"header.type_code ({tc} vs {rb_raw[4]})"]
    try:
        fa = event_fields(ref_raw, tc, checksum=checksum)
    except LayoutError as e:
        return [f"reference layout: {e}"]
    try:
        fb = event_fields(rb_raw, tc, checksum=checksum)
    except LayoutError as e:
        return [f"replbed layout: {e}"]
    allowed = varying_fields(tc)
    da = {f.name: ref_raw[f.start:f.end] for f in fa}
    db = {f.name: rb_raw[f.start:f.end] for f in fb}
    diffs: list[str] = []
    order_a = [f.name for f in fa]
    order_b = [f.name for f in fb]
    for name in order_a:
        if name not in db:
            diffs.append(f"{name} (reference only)")
            continue
        if name in allowed:
            continue
        a, b = da[name], db[name]
        if name == "header.flags" and "header.flags.BINLOG_IN_USE" in allowed:
            a = bytes([a[0] & ~HeaderFlag.BINLOG_IN_USE & 0xFF, a[1]])
            b = bytes([b[0] & ~HeaderFlag.BINLOG_IN_USE & 0xFF, b[1]])
        if a != b:
            diffs.append(name)
    diffs += [f"{n} (replbed only)" for n in order_b if n not in da]
    common_a = [n for n in order_a if n in db]
    common_b = [n for n in order_b if n in da]
    if common_a != common_b:
        diffs.append("field order")
    if checksum and not _crc_ok(rb_raw, tc):
        diffs.append("checksum (invalid)")
    return diffs


def describe_difference(ref_raw: bytes, rb_raw: bytes, type_code: int | None = None, *,
                        checksum: bool = True) -> str:
    """``compare_events`` with the differing bytes in hex, for assertion messages."""
    names = compare_events(ref_raw, rb_raw, type_code, checksum=checksum)
    if not names:
        return ""
    tc = bytes(ref_raw)[4] if type_code is None else int(type_code)
    try:
        fa = {f.name: bytes(ref_raw)[f.start:f.end] for f in event_fields(ref_raw, tc, checksum=checksum)}
        fb = {f.name: bytes(rb_raw)[f.start:f.end] for f in event_fields(rb_raw, tc, checksum=checksum)}
    except LayoutError:
        return "; ".join(names)
    parts = []
    for n in names:
        key = n.split(" (")[0]
        parts.append(f"{n}: ref={fa.get(key, b'').hex() or '-'} replbed={fb.get(key, b'').hex() or '-'}")
    return "; ".join(parts)


def exact_counts(pairs: Iterable[tuple[bytes, bytes]]) -> tuple[int, int]:
    """(byte-exact pairs, all pairs) over ``(ref_raw, rb_raw)`` pairs."""
    n = ok = 0
    for a, b in pairs:
        n += 1
        ok += not compare_events(a, b)
    return ok, n


__all__ = ["Field", "LayoutError", "VARYING", "VARYING_WHY", "compare_events", "describe_difference",
           "event_fields", "exact_counts", "varying_fields"]
