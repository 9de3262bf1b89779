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

Layouts assume a MariaDB 10.x binlog (19-byte header, Query post-header 13,
Table_map/rows post-header 8, 6-byte table ids) with a CRC32 footer unless
``checksum=False``.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from typing import Callable, Iterable

from .constants import CHECKSUM_LEN, HEADER_LEN, EventType as E, GtidFlag, HeaderFlag, QueryStatus as Q

# ---------------------------------------------------------------------------- layout


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    start: int
    end: int


_HEADER_FIELDS = (("header.timestamp", 0, 4), ("header.type_code", 4, 5), ("header.server_id", 5, 9),
                  ("header.event_size", 9, 13), ("header.log_pos", 13, 17), ("header.flags", 17, 19))

# Query status variables with a fixed-size value (bytes after the code).
_SV_FIXED = {
    Q.Q_FLAGS2_CODE: 4, Q.Q_SQL_MODE_CODE: 8, Q.Q_AUTO_INCREMENT: 4, Q.Q_CHARSET_CODE: 6,
    Q.Q_LC_TIME_NAMES_CODE: 2, Q.Q_CHARSET_DATABASE_CODE: 2, Q.Q_TABLE_MAP_FOR_UPDATE_CODE: 8,
    Q.Q_MASTER_DATA_WRITTEN_CODE: 4, Q.Q_MICROSECONDS: 3, Q.Q_EXPLICIT_DEFAULTS_FOR_TIMESTAMP: 1,
    Q.Q_DDL_LOGGED_WITH_XID: 8, Q.Q_DEFAULT_COLLATION_FOR_UTF8MB4: 2, Q.Q_SQL_REQUIRE_PRIMARY_KEY: 1,
    Q.Q_DEFAULT_TABLE_ENCRYPTION: 1, Q.Q_HRNOW: 3, Q.Q_XID: 8, Q.Q_GTID_FLAGS3: 1,
}
_SV_FIXED_I = {int(k): v for k, v in _SV_FIXED.items()}


class LayoutError(ValueError):
    """The bytes do not have the layout of their event type."""


def _sv_name(code: int) -> str:
    try:
        return "status." + Q(code).name
    except ValueError:
        return f"status.code{code}"


def _packed_int(b: bytes, p: int) -> tuple[int, int]:
    """Length-encoded integer at ``b[p]``; returns (value, next position)."""
    first = b[p]
    if first < 251:
        return first, p + 1
    if first == 252:
        return int.from_bytes(b[p + 1:p + 3], "little"), p + 3
    if first == 253:
        return int.from_bytes(b[p + 1:p + 4], "little"), p + 4
    if first == 254:
        return int.from_bytes(b[p + 1:p + 9], "little"), p + 9
    raise LayoutError(f"bad packed integer 0x{first:02x} at {p}")


def _query_body(b: bytes, end: int) -> list[Field]:
    p = HEADER_LEN
    out = [Field("thread_id", p, p + 4), Field("exec_time", p + 4, p + 8), Field("db_len", p + 8, p + 9),
           Field("error_code", p + 9, p + 11), Field("status_vars_len", p + 11, p + 13)]
    db_len = b[p + 8]
    sv_len = int.from_bytes(b[p + 11:p + 13], "little")
    p += 13
    sv_end = p + sv_len
    seen: dict[str, int] = {}
    while p < sv_end:
        code = b[p]
        if code in _SV_FIXED_I:
            n = 1 + _SV_FIXED_I[code]
        elif code in (Q.Q_TIME_ZONE_CODE, Q.Q_CATALOG_NZ_CODE):
            n = 2 + b[p + 1]
        elif code == Q.Q_CATALOG_CODE:
            n = 3 + b[p + 1]
        elif code == Q.Q_INVOKER:
            ulen = b[p + 1]
            n = 2 + ulen + 1 + b[p + 2 + ulen]
        elif code == Q.Q_UPDATED_DB_NAMES:
            cnt = b[p + 1]
            q = p + 2
            if cnt != 254:
                for _ in range(cnt):
                    q = b.index(b"\x00", q) + 1
            n = q - p
        elif code == Q.Q_CHARACTER_SET_COLLATIONS:
            n = 2 + 4 * b[p + 1]
        else:  # unknown code: the rest of the block, as the server does
            n = sv_end - p
        name = _sv_name(code)
        k = seen.get(name, 0)
        seen[name] = k + 1
        out.append(Field(name if k == 0 else f"{name}#{k}", p, min(p + n, sv_end)))
        p += n
    if p != sv_end:
        raise LayoutError("status variables overrun their block")
    out.append(Field("database", p, p + db_len + 1))
    out.append(Field("query", p + db_len + 1, end))
    return out


def _table_map_body(b: bytes, end: int) -> list[Field]:
    p = HEADER_LEN
    out = [Field("table_id", p, p + 6), Field("table_map_flags", p + 6, p + 8)]
    p += 8
    q = p + 1 + b[p] + 1
    out.append(Field("database", p, q))
    p, q = q, q + 1 + b[q] + 1
    out.append(Field("table", p, q))
    p = q
    ncols, q = _packed_int(b, p)
    q += ncols
    out.append(Field("column_types", p, q))
    p = q
    mlen, q = _packed_int(b, p)
    q += mlen
    out.append(Field("column_metadata", p, q))
    p = q
    q = p + (ncols + 7) // 8
    out.append(Field("null_bitmap", p, q))
    out.append(Field("optional_metadata", q, end))
    return out


def _rows_body(b: bytes, end: int, type_code: int) -> list[Field]:
    p = HEADER_LEN
    out = [Field("table_id", p, p + 6), Field("rows_flags", p + 6, p + 8)]
    p += 8
    ncols, q = _packed_int(b, p)
    out.append(Field("column_count", p, q))
    nb = (ncols + 7) // 8
    out.append(Field("columns_present", q, q + nb))
    q += nb
    if type_code == E.UPDATE_ROWS_EVENT_V1:
        out.append(Field("columns_present_after", q, q + nb))
        q += nb
    out.append(Field("row_data", q, end))
    return out


def _gtid_body(b: bytes, end: int) -> list[Field]:
    p = HEADER_LEN
    out = [Field("seq_no", p, p + 8), Field("domain_id", p + 8, p + 12), Field("flags2", p + 12, p + 13)]
    flags2 = b[p + 12]
    p += 13
    if flags2 & GtidFlag.FL_GROUP_COMMIT_ID:
        out.append(Field("commit_id", p, p + 8))
        p += 8
    if flags2 & (GtidFlag.FL_PREPARED_XA | GtidFlag.FL_COMPLETED_XA):
        glen, blen = b[p + 4], b[p + 5]
        out.append(Field("xa_xid", p, p + 6 + glen + blen))
        p += 6 + glen + blen
    # flags_extra (+ extra_engines / sa_seq_no) and the zero padding to 19 bytes
    out.append(Field("flags_extra_and_padding", p, end))
    return out


def _fde_body(b: bytes, end: int) -> list[Field]:
    p = HEADER_LEN
    return [Field("binlog_version", p, p + 2), Field("server_version", p + 2, p + 52),
            Field("create_timestamp", p + 52, p + 56), Field("header_length", p + 56, p + 57),
            Field("post_header_lengths", p + 57, end - 1), Field("checksum_alg", end - 1, end)]


def _simple(*parts: tuple[str, int | None]) -> Callable[[bytes, int], list[Field]]:
    """Consecutive fixed-size fields; a size of None takes the rest of the body."""
    def layout(b: bytes, end: int) -> list[Field]:
        p = HEADER_LEN
        out = []
        for name, n in parts:
            q = end if n is None else p + n
            out.append(Field(name, p, q))
            p = q
        return out
    return layout


_BODY: dict[int, Callable[[bytes, int], list[Field]]] = {
    E.QUERY_EVENT: _query_body,
    E.TABLE_MAP_EVENT: _table_map_body,
    E.GTID_EVENT: _gtid_body,
    E.FORMAT_DESCRIPTION_EVENT: _fde_body,
    E.XID_EVENT: _simple(("xid", 8)),
    E.INTVAR_EVENT: _simple(("intvar_type", 1), ("value", 8)),
    E.RAND_EVENT: _simple(("seed1", 8), ("seed2", 8)),
    E.USER_VAR_EVENT: _simple(("body", None)),
    E.ROTATE_EVENT: _simple(("position", 8), ("next_file", None)),
    E.STOP_EVENT: _simple(),
    E.ANNOTATE_ROWS_EVENT: _simple(("query", None)),
    E.BINLOG_CHECKPOINT_EVENT: _simple(("name_len", 4), ("binlog_file", None)),
    E.GTID_LIST_EVENT: _simple(("count_and_flags", 4), ("gtids_and_padding", None)),
}
_BODY_I = {int(k): v for k, v in _BODY.items()}
_ROWS_TYPES = frozenset({int(E.WRITE_ROWS_EVENT_V1), int(E.UPDATE_ROWS_EVENT_V1), int(E.DELETE_ROWS_EVENT_V1)})


def event_fields(raw: bytes, type_code: int | None = None, *, checksum: bool = True) -> list[Field]:
    """The named byte ranges of one raw event (header, body fields, ``checksum``)."""
    raw = bytes(raw)
    if len(raw) < HEADER_LEN + (CHECKSUM_LEN if checksum else 0):
        raise LayoutError(f"event of {len(raw)} bytes is shorter than its header")
    tc = raw[4] if type_code is None else int(type_code)
    end = len(raw) - (CHECKSUM_LEN if checksum else 0)
    fields = [Field(n, s, e) for n, s, e in _HEADER_FIELDS]
    try:
        if tc in _ROWS_TYPES:
            body = _rows_body(raw, end, tc)
        elif tc in _BODY_I:
            body = _BODY_I[tc](raw, end)
        else:
            body = [Field("body", HEADER_LEN, end)]
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

VARYING: dict[int | str, frozenset[str]] = {
    _ALL: frozenset({"header.timestamp", "checksum"}),
    E.FORMAT_DESCRIPTION_EVENT: frozenset({"create_timestamp", "header.flags.BINLOG_IN_USE"}),
    E.QUERY_EVENT: frozenset({"thread_id", "exec_time", "status.Q_XID", "status.Q_HRNOW",
                              "status.Q_MICROSECONDS"}),
    E.XID_EVENT: frozenset({"xid"}),
    E.TABLE_MAP_EVENT: frozenset({"table_id"}),
    E.WRITE_ROWS_EVENT_V1: frozenset({"table_id"}),
    E.UPDATE_ROWS_EVENT_V1: frozenset({"table_id"}),
    E.DELETE_ROWS_EVENT_V1: frozenset({"table_id"}),
    E.RAND_EVENT: frozenset({"seed1", "seed2"}),
    E.GTID_EVENT: frozenset({"commit_id"}),
}

VARYING_WHY: dict[str, str] = {
    "header.timestamp": "every event: the statement's start time (time(0) of the session)",
    "checksum": "CRC32 of header+body: follows the varying fields it covers "
                "(checked for validity instead of equality)",
    "create_timestamp": "Format_description: the binlog's creation time, set in the first file "
                        "after startup and after RESET MASTER",
    "header.flags.BINLOG_IN_USE": "Format_description: LOG_EVENT_BINLOG_IN_USE_F (0x1) is set "
                                  "while the file is open and cleared at close; depends on when "
                                  "the file was copied (only this bit may differ)",
    "thread_id": "Query: the connection id (pseudo_thread_id) of the session",
    "exec_time": "Query: seconds between statement start and logging (wall clock)",
    "status.Q_XID": "Query (DDL): the xid allocated for DDL crash recovery (server-wide counter)",
    "status.Q_HRNOW": "Query: microseconds of the statement start time",
    "status.Q_MICROSECONDS": "Query: microseconds of the statement start time",
    "xid": "Xid: the transaction id (server-wide counter, InnoDB)",
    "table_id": "Table_map/rows: id of the table share in the table definition cache "
                "(server-wide counter)",
    "seed1": "RAND: random seeds of the session (random by nature)",
    "seed2": "RAND: random seeds of the session (random by nature)",
    "commit_id": "Gtid: group-commit id, depends on which transactions committed together",
}


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
