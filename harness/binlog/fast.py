"""The reader's fast path: the common MariaDB event types decoded straight from bytes.

:class:`~harness.binlog.reader.BinlogReader` decodes a whole file; most of
its events are Gtid / Query / Annotate_rows / Table_map / rows / Xid. For
those this module decodes with ``struct`` and slicing on the event's
``bytes`` instead of going through a :class:`ByteReader` per field, and the
rows of a rows event with a row-image decoder generated once per
(Table_map columns, event type, column bitmaps) -- a flat function with no
per-column dispatch.

It is an optimisation only, with one rule: **whatever the fast path
returns is equal to what** :func:`~harness.binlog.codec.decode_event`
**returns** for the same bytes and context. It decodes only the shapes it
knows (the post-header lengths of a 10.11 Format_description, short packed
integers, no XA/commit-id Gtid flags ...); for anything else -- and on
*any* exception or inconsistency, e.g. a read that runs past the event --
it hands the event to ``decode_event``, which then either decodes it or
raises the proper :class:`DecodeError` with the offset. So errors, and all
rare event types, keep their one implementation.

The CRC-32 is verified on every event (unless the reader was asked not
to): ``crc32(event bytes including the stored footer)`` equals the CRC-32
residue constant exactly when the footer matches, which avoids slicing the
footer off. Format_description events (whose CRC ignores the in-use flag)
always take the slow path.
"""

from __future__ import annotations

import struct
import zlib
from decimal import Decimal
from typing import Any, Callable, Iterator

from .bytes_io import ByteReader
from .codec import decode_event
from .constants import ChecksumAlg, ColumnType as T, EventType as E, GtidFlag
from .context import StreamContext
from .control import AnnotateRowsEvent, IntvarEvent, XidEvent
from .decimal_codec import DIG2BYTES, decimal_bin_size
from .gtid import GtidEvent
from .header import EventHeader
from .constants import QueryStatus as Q
from .layout import (
    COLUMN_METADATA_I, GTID, HEADER, INTVAR, QUERY, ROWS_V1, STATUS_VAR_INT_WIDTH, TABLE_MAP, XID,
)
from .query import QueryEvent, StatusVar, decode_status_vars
from .rows import DeleteRowsEvent, RowChange, TableMapEvent, UpdateRowsEvent, WriteRowsEvent
from .values import MyDate, MyDateTime, MyTimestamp, string_real_type

# The fixed leading fields of each event, as declared in harness.binlog.layout
# (the codecs read the same declarations); offsets below are 19 (the common
# header) + the declared prefix length.
_HEADER = HEADER.struct
_QUERY_PH = QUERY.struct
_QUERY_VARS = 19 + QUERY.prefix_len  # the status variables start here
_GTID = GTID.struct
_GTID_END = 19 + GTID.prefix_len  # end of seq_no, domain_id, flags2
_U64 = XID.struct
_XID_END = 19 + XID.prefix_len
_TID_FLAGS = TABLE_MAP.struct
assert ROWS_V1.struct.format == TABLE_MAP.struct.format  # table_id u48, flags u16
_ROWS_NCOLS = 19 + ROWS_V1.prefix_len  # the packed column count of a v1 rows event
_INTVAR = INTVAR.struct
_INTVAR_END = 19 + INTVAR.prefix_len
_RESIDUE = 0x2144DF1C  # crc32(data + le32(crc32(data))) for every data
_CRC32 = int(ChecksumAlg.CRC32)
_OFF = int(ChecksumAlg.OFF)

_FDE = int(E.FORMAT_DESCRIPTION_EVENT)
_QUERY = int(E.QUERY_EVENT)
_XID = int(E.XID_EVENT)
_INTVAR_T = int(E.INTVAR_EVENT)
_TABLE_MAP = int(E.TABLE_MAP_EVENT)
_WRITE = int(E.WRITE_ROWS_EVENT_V1)
_UPDATE = int(E.UPDATE_ROWS_EVENT_V1)
_DELETE = int(E.DELETE_ROWS_EVENT_V1)
_ANNOTATE = int(E.ANNOTATE_ROWS_EVENT)
_GTID_T = int(E.GTID_EVENT)
_GTID_SLOW_FLAGS = int(GtidFlag.FL_GROUP_COMMIT_ID | GtidFlag.FL_PREPARED_XA | GtidFlag.FL_COMPLETED_XA)
_ROWS_CLASS = {_WRITE: WriteRowsEvent, _UPDATE: UpdateRowsEvent, _DELETE: DeleteRowsEvent}
_CACHE_MAX = 4096


class _Fallback(Exception):
    """The fast path declines this event; decode it with ``decode_event``."""


# -- row images ------------------------------------------------------------------------


def _decimal_parts(prec: int, scale: int) -> Callable[[bytes, int], tuple[str, str, str | None]] | None:
    """``(buf, pos) -> (sign, integer digits, fraction digits or None without a scale)``
    of a binary DECIMAL, as ``decode_decimal`` reads it; raises on invalid digits. None
    for a DECIMAL of no bytes (precision 0)."""
    size = decimal_bin_size(prec, scale)
    intg = prec - scale
    intg0, intg0x = divmod(intg, 9)
    frac0, frac0x = divmod(scale, 9)
    top = 1 << (8 * size - 1)
    flip = ((1 << (8 * size)) - 1) ^ top
    # (shift, mask, limit, width-for-format or 0 for plain str) per group, msb first
    groups: list[tuple[int, int, int, int]] = []
    bits = 8 * size
    if intg0x:
        k = DIG2BYTES[intg0x]
        bits -= 8 * k
        groups.append((bits, (1 << 8 * k) - 1, 10 ** intg0x, 0))
    for _ in range(intg0):
        bits -= 32
        groups.append((bits, 0xFFFFFFFF, 10 ** 9, 9))
    n_int = len(groups)
    for _ in range(frac0):
        bits -= 32
        groups.append((bits, 0xFFFFFFFF, 10 ** 9, 9))
    if frac0x:
        k = DIG2BYTES[frac0x]
        bits -= 8 * k
        groups.append((bits, (1 << 8 * k) - 1, 10 ** frac0x, frac0x))
    assert bits == 0
    int_groups = groups[:n_int]
    frac_groups = groups[n_int:]
    from_bytes = int.from_bytes

    if size == 0:
        return None

    def parts(b: bytes, p: int) -> tuple[str, str, str | None]:
        """(sign, integer digits, fraction digits or None without a scale)."""
        n = from_bytes(b[p:p + size], "big")
        if n & top:
            n ^= top
            sign = ""
        else:
            n ^= flip
            sign = "-"
        ip = []
        for shift, mask, limit, width in int_groups:
            v = (n >> shift) & mask
            if v >= limit:
                raise ValueError("invalid decimal digits")
            ip.append(f"{v:0{width}d}" if width else str(v))
        if not frac_groups:
            return sign, "".join(ip), None
        fp = []
        for shift, mask, limit, width in frac_groups:
            v = (n >> shift) & mask
            if v >= limit:
                raise ValueError("invalid decimal digits")
            fp.append(f"{v:0{width}d}")
        return sign, "".join(ip), "".join(fp)

    return parts


def _decimal_decoder(prec: int, scale: int) -> Callable[[bytes, int], Decimal]:
    """``(buf, pos) -> Decimal`` equal to ``decode_decimal``; raises on invalid digits."""
    parts = _decimal_parts(prec, scale)
    if parts is None:
        zero = Decimal(0)
        return lambda b, p: zero

    def dec(b: bytes, p: int) -> Decimal:
        sign, ip, fp = parts(b, p)
        return Decimal(sign + (ip or "0") + ("." + fp if fp is not None else ""))

    return dec


def decimal_text_decoder(prec: int, scale: int) -> Callable[[bytes, int], str]:
    """``(buf, pos) -> format(value, "f")`` of the ``_decimal_decoder`` value without
    building the ``Decimal``: the digits with the integer part's leading zeros dropped
    (one ``0`` kept) and the sign kept even on zero, as ``Decimal`` formats them. The
    ``decode -vv`` listing prints DECIMAL values this way (``rowtext.py``)."""
    parts = _decimal_parts(prec, scale)
    if parts is None:
        return lambda b, p: "0"

    def text(b: bytes, p: int) -> str:
        sign, ip, fp = parts(b, p)
        return sign + (ip.lstrip("0") or "0") + ("." + fp if fp is not None else "")

    return text


def _column_snippet(i: int, t: int, meta: int, unsigned: bool, env: dict[str, Any],
                    slow_dec: Callable) -> list[str]:
    """Source lines that decode column value ``v{i}`` at ``b[p]`` and advance ``p``.

    Types without a snippet call the column's own ByteReader codec (``slow_dec``).
    """
    v = f"v{i}"
    if t in (T.TINY, T.SHORT, T.LONG, T.LONGLONG):
        n = {T.TINY: 1, T.SHORT: 2, T.LONG: 4, T.LONGLONG: 8}[t]
        fmt = {1: "b", 2: "h", 4: "i", 8: "q"}[n]
        if unsigned:
            fmt = fmt.upper()
        if n == 1 and unsigned:
            return [f"{v} = b[p]", "p += 1"]
        env[f"S{i}"] = struct.Struct("<" + fmt).unpack_from
        return [f"{v}, = S{i}(b, p)", f"p += {n}"]
    if t == T.INT24:
        lines = [f"{v} = b[p] | (b[p + 1] << 8) | (b[p + 2] << 16)", "p += 3"]
        if not unsigned:
            lines.insert(1, f"if {v} >= 0x800000: {v} -= 0x1000000")
        return lines
    prefix = 0
    if t in (T.VARCHAR, T.VAR_STRING, T.VARCHAR_COMPRESSED):
        prefix = 1 if meta < 256 else 2
    elif t in (T.BLOB, T.TINY_BLOB, T.MEDIUM_BLOB, T.LONG_BLOB, T.GEOMETRY,
               T.BLOB_COMPRESSED):  # T.JSON: the slow codec (a JsonBinary)
        prefix = meta
    elif t == T.STRING:
        real, length = string_real_type(meta)
        if real not in (T.ENUM, T.SET):
            prefix = 1 if length < 256 else 2
    if prefix == 1:
        return ["n = b[p]", f"{v} = b[p + 1:p + 1 + n]", "p += 1 + n"]
    if prefix == 2:
        return ["n = b[p] | (b[p + 1] << 8)", f"{v} = b[p + 2:p + 2 + n]", "p += 2 + n"]
    if prefix in (3, 4):
        return [f"n = from_bytes(b[p:p + {prefix}], 'little')", f"p += {prefix}",
                f"if p > end: raise Overrun", f"{v} = b[p:p + n]", "p += n"]
    # DECIMAL and temporal values are immutable (Decimal, frozen dataclasses)
    # and repeat a lot: intern them per column type by their bytes.
    fixed = fixed_width_decode(i, t, meta, env)
    if fixed is not None:
        return _interned(i, fixed[0], fixed[1], fixed[2], env)
    if t == T.DOUBLE:
        env[f"S{i}"] = struct.Struct("<d").unpack_from
        return [f"{v}, = S{i}(b, p)", "p += 8"]
    if t == T.FLOAT:
        env[f"S{i}"] = struct.Struct("<f").unpack_from
        return [f"{v}, = S{i}(b, p)", "p += 4"]
    # anything else: the column's ByteReader codec on a window up to the event end
    env[f"C{i}"] = slow_dec
    return ["r = ByteReader(b, p, end)", f"{v} = C{i}(r)", "p = r.pos"]


def fixed_width_decode(i: str | int, t: int, meta: int,
                       env: dict[str, Any]) -> tuple[tuple[int, int], int, list[str]] | None:
    """For a DECIMAL, DATE or DATETIME2/TIMESTAMP2 column: ``(intern key, width, lines)``,
    where ``lines`` set ``v{i}`` from the ``width`` bytes in ``k`` alone (a value is a
    function of its bytes and the column type); None for any other column. The
    ``decode -vv`` listing's row printer (``rowtext.py``) keys its text by the same bytes."""
    v = f"v{i}"
    if t == T.NEWDECIMAL:
        prec, scale = meta >> 8, meta & 0xFF
        size = decimal_bin_size(prec, scale)
        env[f"D{i}"] = _decimal_decoder(prec, scale)
        return (t, meta), size, [f"{v} = D{i}(k, 0)"]
    if t in (T.DATETIME2, T.TIMESTAMP2) and 0 <= meta <= 6:
        fn = (meta + 1) // 2
        mult = {0: 1, 1: 10000, 2: 100, 3: 1}[fn]
        w = 5 if t == T.DATETIME2 else 4
        if t == T.DATETIME2:
            lines = ["x = from_bytes(k[0:5], 'big') - 0x8000000000"]
        else:
            lines = ["x = from_bytes(k[0:4], 'big')"]
        lines += [f"us = from_bytes(k[{w}:{w + fn}], 'big') * {mult}" if fn else "us = 0"]
        if t == T.DATETIME2:
            lines += ["ymd = x >> 17", "hms = x & 0x1FFFF", "ym = ymd >> 5",
                      f"{v} = MyDateTime(ym // 13, ym % 13, ymd & 31, hms >> 12, "
                      f"(hms >> 6) & 63, hms & 63, us, {meta})"]
        else:
            lines += [f"{v} = MyTimestamp(x, us, {meta})"]
        return (t, meta), w + fn, lines
    if t in (T.DATE, T.NEWDATE):
        return (T.DATE, 0), 3, ["x = k[0] | (k[1] << 8) | (k[2] << 16)",
                                f"{v} = MyDate(x >> 9, (x >> 5) & 15, x & 31)"]
    return None


_INTERN: dict[tuple[int, int], dict[bytes, Any]] = {}
_INTERN_MAX = 1 << 16
_INTERN_KEYS_MAX = 256


def _interned(i: str, key: tuple[int, int], width: int, decode: list[str],
              env: dict[str, Any]) -> list[str]:
    """Look ``v{i}`` up by its ``width`` bytes ``k``; ``decode`` (reading only
    ``k``) runs on a miss. A value depends on its bytes and the column type
    only, so sharing the (immutable) objects cannot change a result."""
    if key not in _INTERN and len(_INTERN) >= _INTERN_KEYS_MAX:
        # hostile metadata can name endless (type, meta) keys: bound the map
        _INTERN.clear()
    env[f"I{i}"] = _INTERN.setdefault(key, {})
    v = f"v{i}"
    return ([f"k = b[p:p + {width}]", f"p += {width}", f"{v} = I{i}.get(k)",
             f"if {v} is None:"] + ["    " + ln for ln in decode]
            + [f"    if len(I{i}) >= {_INTERN_MAX}: I{i}.clear()", f"    I{i}[k] = {v}"])


def _image_lines(cols: list[int], types: list[int], metas: list[int], uns: list[bool],
                 codecs: list, env: dict[str, Any], target: str, tag: str) -> list[str]:
    n = len(cols)
    nb = (n + 7) >> 3
    lines: list[str] = []
    if nb == 0:
        lines.append("nl = 0")
    elif nb == 1:
        lines.append("nl = b[p]")
    else:
        lines.append(f"nl = from_bytes(b[p:p + {nb}], 'little')")
    lines.append(f"p += {nb}")
    names = []
    for k, c in enumerate(cols):
        i = f"{tag}{k}"
        names.append(f"v{i}")
        snippet = _column_snippet(i, types[c], metas[c], uns[c], env, codecs[c][0])  # type: ignore[arg-type]
        lines.append(f"if nl & {1 << k}:")
        lines.append(f"    v{i} = None")
        lines.append("else:")
        lines.extend("    " + s for s in snippet)
    lines.append(f"{target} = [{', '.join(names)}]")
    return lines


def build_rows_decoder(tm: TableMapEvent, tc: int, present: int,
                       present_after: int | None) -> Callable[[bytes, int, int], list]:
    """``(event bytes, start of rows, end of rows) -> list[RowChange]``.

    Raises (anything) when the bytes do not end exactly at ``end``; the
    caller then falls back to the ByteReader decoder for the exact error.
    """
    codecs = tm.codecs()
    assert codecs is not None
    types = tm.column_types
    metas = tm.column_metadata
    uns = tm.unsigned_columns()
    ncols = len(types)
    cols = [i for i in range(ncols) if present >> i & 1]
    env: dict[str, Any] = {
        "RowChange": RowChange, "from_bytes": int.from_bytes, "ByteReader": ByteReader,
        "MyDateTime": MyDateTime, "MyTimestamp": MyTimestamp, "MyDate": MyDate,
        "Overrun": _Fallback,
    }
    body = ["out = []", "append = out.append", "while p < end:"]
    img = _image_lines(cols, types, metas, uns, codecs, env, "img", "a")
    if tc == _UPDATE:
        assert present_after is not None
        cols2 = [i for i in range(ncols) if present_after >> i & 1]
        img2 = _image_lines(cols2, types, metas, uns, codecs, env, "img2", "b")
        body += ["    " + s for s in img + img2] + ["    append(RowChange(img, img2))"]
        if not cols and not cols2:
            return _empty_images
    elif tc == _WRITE:
        body += ["    " + s for s in img] + ["    append(RowChange(None, img))"]
    else:
        body += ["    " + s for s in img] + ["    append(RowChange(img, None))"]
    if not cols and tc != _UPDATE:
        return _empty_images
    body += ["if p != end: raise Overrun", "return out"]
    src = "def rows_decoder(b, p, end):\n" + "\n".join("    " + s for s in body) + "\n"
    exec(compile(src, f"<rows decoder {tm.database}.{tm.table}>", "exec"), env)
    fn = env["rows_decoder"]
    fn.source = src  # type: ignore[attr-defined]
    return fn


def _empty_images(b: bytes, p: int, end: int) -> list:
    # An image of zero columns takes zero bytes: let decode_rows decide.
    raise _Fallback


# -- the event loop --------------------------------------------------------------------


class FastDecoder:
    """Per-stream caches of the fast path; one per :class:`BinlogReader` run."""

    def __init__(self, ctx: StreamContext) -> None:
        self.ctx = ctx
        self.table_cache: dict[bytes, tuple] = {}
        self.mode: tuple[dict[int, Callable], int] | None = None  # step()'s cached _mode()

    def _mode(self) -> tuple[dict[int, Callable], int]:
        """(fast decoders by type code, CRC footer length) for the current
        stream state; no fast decoders when it is not the usual 10.11 shape.
        Only a Format_description changes the state, and it takes the slow path."""
        ctx = self.ctx
        alg = ctx.checksum_alg
        fde = ctx.fde
        ok = alg == _CRC32 or alg == _OFF
        if ok and fde is not None:
            phl = fde.post_header_lengths
            ok = len(phl) >= _DELETE and (
                phl[_QUERY - 1] == 13 and phl[_TABLE_MAP - 1] == 8 and phl[_WRITE - 1] == 8
                and phl[_UPDATE - 1] == 8 and phl[_DELETE - 1] == 8)
        if not ok:
            return {}, 0
        return ({tc: fn.__get__(self) for tc, fn in _FAST_TYPES.items()},
                4 if alg == _CRC32 else 0)

    def _fast_event(self, fast: dict[int, Any], trailer: int, data: bytes, pos: int,
                    verify: bool) -> tuple[Any, bytes] | None:
        """The event at ``pos`` and its bytes through its type's fast decoder; None when the
        slow path must take it (no fast decoder, a short or bad event, a checksum to fail)."""
        n = len(data)
        if n - pos < 19:
            return None
        ts, tc, sid, size, log_pos, flags = _HEADER.unpack_from(data, pos)
        fn = fast.get(tc)
        if fn is None or not 19 <= size <= n - pos:
            return None
        raw = data[pos:pos + size]
        end = size - trailer
        if end < 19 or (trailer and verify and zlib.crc32(raw) != _RESIDUE):
            return None  # the slow path raises the ChecksumError
        try:
            ev = fn(EventHeader(ts, tc, sid, size, log_pos, flags), raw, end)
        except Exception:  # noqa: BLE001 - decode_event gives the verdict
            return None
        return None if ev is None else (ev, raw)

    def iter(self, data: bytes, pos: int, verify: bool,
             entries: bool = True) -> Iterator[Any]:
        """Yield ``(pos, event, raw)`` (only the event if not ``entries``) for
        every event from ``pos`` to the end of ``data``."""
        ctx = self.ctx
        n = len(data)
        mv = memoryview(data)
        fast_event = self._fast_event
        fast, trailer = self._mode()
        while pos < n:
            hit = fast_event(fast, trailer, data, pos, verify)
            if hit is not None:
                yield (pos, hit[0], hit[1]) if entries else hit[0]
                pos += len(hit[1])
                continue
            ev = decode_event(mv, pos, ctx, verify_checksum=verify)
            size = ev.header.event_size
            fast, trailer = self._mode()
            yield (pos, ev, data[pos:pos + size]) if entries else ev
            pos += size

    def step(self, data: bytes, pos: int, verify: bool) -> tuple[Any, bytes]:
        """The one event at ``pos`` and its bytes, as :meth:`iter` would yield it (for a
        caller that handles some events itself, e.g. the ``decode -vv`` listing)."""
        if self.mode is None:
            self.mode = self._mode()
        hit = self._fast_event(*self.mode, data, pos, verify)
        if hit is not None:
            return hit
        ev = decode_event(memoryview(data), pos, self.ctx, verify_checksum=verify)
        self.mode = self._mode()  # only a slow-path event (a Format_description) changes it
        return ev, data[pos:pos + ev.header.event_size]

    # -- per type (return None or raise to fall back) -----------------------------------

    def gtid(self, h: EventHeader, b: bytes, end: int) -> GtidEvent | None:
        seq_no, domain_id, flags2 = _GTID.unpack_from(b, 19)
        if flags2 & _GTID_SLOW_FLAGS or end < _GTID_END or (end > _GTID_END and b[_GTID_END] != 0):
            return None
        return GtidEvent(h, seq_no, domain_id, flags2, None, None, 0, None, None, None, b[_GTID_END:end])

    def xid(self, h: EventHeader, b: bytes, end: int) -> XidEvent | None:
        if end != _XID_END:
            return None
        return XidEvent(h, _U64.unpack_from(b, 19)[0])

    def intvar(self, h: EventHeader, b: bytes, end: int) -> IntvarEvent | None:
        if end != _INTVAR_END:
            return None
        kind, value = _INTVAR.unpack_from(b, 19)
        return IntvarEvent(h, kind, value)

    def annotate(self, h: EventHeader, b: bytes, end: int) -> AnnotateRowsEvent:
        return AnnotateRowsEvent(h, b[19:end].decode("utf-8", "surrogateescape"))

    def query(self, h: EventHeader, b: bytes, end: int) -> QueryEvent | None:
        thread_id, exec_time, db_len, error_code, sv_len = _QUERY_PH.unpack_from(b, 19)
        p = _QUERY_VARS + sv_len
        if p + db_len + 1 > end or b[p + db_len] != 0:
            return None
        svs = _status_vars(b, _QUERY_VARS, p)
        db = b[p:p + db_len].decode("utf-8", "surrogateescape")
        query = b[p + db_len + 1:end].decode("utf-8", "surrogateescape")
        return QueryEvent(h, thread_id, exec_time, error_code, svs, db, query, b"")

    def table_map(self, h: EventHeader, b: bytes, end: int) -> TableMapEvent | None:
        body = b[19:end]
        hit = self.table_cache.get(body)
        if hit is None:
            hit = _parse_table_map(body)
            if hit is None:
                return None
            if len(self.table_cache) >= _CACHE_MAX:
                self.table_cache.clear()
            self.table_cache[body] = hit
        table_id, flags, db, tbl, types, metas, null_bitmap, opt, holder = hit
        ev = TableMapEvent(h, table_id, flags, db, tbl, list(types), list(metas), null_bitmap,
                           list(opt), None)
        # Identical maps share their column codecs (and generated row decoders).
        first = holder[0]
        if first is None:
            holder[0] = ev
        elif first._codecs is not None:
            ev._codecs = first._codecs
        self.ctx.table_maps[table_id] = ev
        return ev

    def rows(self, h: EventHeader, b: bytes, end: int):
        tc = h.type_code
        # post-header (8 bytes): table id (u48) + flags (u16)
        tid, hi, flags = _TID_FLAGS.unpack_from(b, 19)
        tid |= hi << 32
        ncols = b[_ROWS_NCOLS]
        if ncols >= 251:
            return None
        nb = (ncols + 7) >> 3
        p = _ROWS_NCOLS + 1
        present = int.from_bytes(b[p:p + nb], "little")
        p += nb
        present_after = None
        if tc == _UPDATE:
            present_after = int.from_bytes(b[p:p + nb], "little")
            p += nb
        if p > end:
            return None
        tm = self.ctx.table_maps.get(tid)
        if tm is None or len(tm.column_types) != ncols:
            return None
        codecs = tm.codecs()
        if codecs is None:
            return None
        fast = getattr(codecs, "fast", None)
        if fast is None:
            return None
        key = (tc, present, present_after)
        dec = fast.get(key)
        if dec is None:
            dec = fast[key] = build_rows_decoder(tm, tc, present, present_after)
        rows = dec(b, p, end)
        return _ROWS_CLASS[tc](h, tid, flags, ncols, present, present_after, rows, None, 6)


_SV_INT = STATUS_VAR_INT_WIDTH
_SV_CHARSET = int(Q.Q_CHARSET_CODE)
_SV_AUTO_INC = int(Q.Q_AUTO_INCREMENT)
_SV_LEN_BYTES = (int(Q.Q_TIME_ZONE_CODE), int(Q.Q_CATALOG_NZ_CODE))
_U16X3 = struct.Struct("<HHH").unpack_from
_U16X2 = struct.Struct("<HH").unpack_from


_SV_LISTED = frozenset((int(Q.Q_DDL_LOGGED_WITH_XID), int(Q.Q_ENABLE_CASCADE_TRIGGERS)))


def status_vars_fit(b: bytes, p: int, end: int) -> bool | None:
    """Whether :func:`_status_vars` reads ``b[p:end]`` without an error, found by walking
    the codes without building them (the ``decode -vv`` listing prints a Query from its
    bytes only when the decoder would read it); None when a code other than the common
    ones appears (ask ``_status_vars``). A read past ``end`` leaves ``p > end``: False."""
    int_width = _SV_INT.get
    while p < end:
        code = b[p]
        p += 1
        w = int_width(code)
        if w is not None:
            if code in _SV_LISTED:
                return None  # MySQL's DDL xid / enable_cascade_triggers: the listing shows them
            p += w
        elif code == _SV_CHARSET:
            p += 6
        elif code in _SV_LEN_BYTES:
            if p >= end:
                return False
            p += 1 + b[p]
        elif code == _SV_AUTO_INC:
            p += 4
        else:
            return None
    return p == end


def _status_vars(b: bytes, p: int, end: int) -> list[StatusVar]:
    """decode_status_vars for the codes MariaDB writes on every Query; any
    other code is parsed by decode_status_vars itself."""
    out = []
    append = out.append
    from_bytes = int.from_bytes
    while p < end:
        code = b[p]
        p += 1
        w = _SV_INT.get(code)
        if w is not None:
            append(StatusVar(code, from_bytes(b[p:p + w], "little")))
            p += w
        elif code == _SV_CHARSET:
            append(StatusVar(code, _U16X3(b, p)))
            p += 6
        elif code in _SV_LEN_BYTES:
            n = b[p]
            append(StatusVar(code, b[p + 1:p + 1 + n]))
            p += 1 + n
        elif code == _SV_AUTO_INC:
            append(StatusVar(code, _U16X2(b, p)))
            p += 4
        else:
            if p - 1 > end:
                raise _Fallback
            return out + decode_status_vars(ByteReader(b, p - 1, end))
    if p != end:
        raise _Fallback
    return out


def _parse_table_map(body: bytes) -> tuple | None:
    """Table_map body fields as decode_table_map reads them; None for the uncommon shapes."""
    tid_lo, tid_hi, flags = _TID_FLAGS.unpack_from(body, 0)
    p = 8
    dl = body[p]
    db = body[p + 1:p + 1 + dl]
    p += 1 + dl
    if body[p] != 0:
        return None
    p += 1
    tl = body[p]
    tbl = body[p + 1:p + 1 + tl]
    p += 1 + tl
    if body[p] != 0:
        return None
    p += 1
    ncols = body[p]
    p += 1
    if ncols >= 251 or p + ncols > len(body):
        return None
    types = tuple(body[p:p + ncols])
    p += ncols
    mlen = body[p]
    p += 1
    if mlen >= 251 or p + mlen > len(body):
        return None
    metas = []
    mp = p
    for t in types:
        spec = COLUMN_METADATA_I.get(t)
        if spec is None:
            return None  # unknown column type: metadata_block, slow path
        width, big_endian = spec
        if width == 0:
            metas.append(0)
        elif width == 1:
            metas.append(body[mp])
        elif big_endian:
            metas.append((body[mp] << 8) | body[mp + 1])
        else:
            metas.append(body[mp] | (body[mp + 1] << 8))
        mp += width
    if mp != p + mlen:
        return None
    p += mlen
    nbm = (ncols + 7) >> 3
    if p + nbm > len(body):
        return None
    null_bitmap = int.from_bytes(body[p:p + nbm], "little")
    p += nbm
    opt = []
    while p < len(body):
        kind = body[p]
        ln = body[p + 1]
        if ln >= 251 or p + 2 + ln > len(body):
            return None
        opt.append((kind, body[p + 2:p + 2 + ln]))
        p += 2 + ln
    return (tid_lo | (tid_hi << 32), flags, db.decode("utf-8", "surrogateescape"),
            tbl.decode("utf-8", "surrogateescape"), types, tuple(metas), null_bitmap,
            tuple(opt), [None])


_FAST_TYPES: dict[int, Callable] = {
    _GTID_T: FastDecoder.gtid,
    _XID: FastDecoder.xid,
    _INTVAR_T: FastDecoder.intvar,
    _ANNOTATE: FastDecoder.annotate,
    _QUERY: FastDecoder.query,
    _TABLE_MAP: FastDecoder.table_map,
    _WRITE: FastDecoder.rows,
    _UPDATE: FastDecoder.rows,
    _DELETE: FastDecoder.rows,
}
