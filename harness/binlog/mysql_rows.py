"""MySQL row events: Write/Update/Delete_rows v2 (30/31/32) and Rows_query (29).

Rows v2 = the v1 layout (``rows.py``) plus a variable-size "extra row info"
block after the 10-byte post-header (``libbinlogevents`` ``Rows_event``)::

    table_id u48 | flags u16 | var_header_len u16 (counts itself, >= 2)
    extra_row_info[var_header_len - 2]   TLVs: 0 = NDB info, 1 = partition info
    column_count packed | columns_present bitmap [| columns_present_after]
    rows ...

MySQL 8.0 writes ``var_header_len = 2`` (no extra info) except for
partitioned tables with binlog_row_... partition info or NDB; the block is
kept verbatim. Row images are those of v1 with one difference in the
padding: MySQL leaves the unused high bits of the per-row NULL bitmap 0
(MariaDB sets them to 1), while the columns-present bitmaps have all bits
set (``bitmap_set_all``), e.g. 2 columns -> ``ff``.

Rows_query (binlog_rows_query_log_events=ON; default OFF): one length byte
(the length truncated to 255, ignored by readers) then the statement text to
the end of the event; header flag LOG_EVENT_IGNORABLE_F.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .bytes_io import ByteReader, ByteWriter
from .constants import EventType, HeaderFlag, RowsFlag
from .context import StreamContext
from .errors import EncodeError
from .header import Event, EventHeader
from .rows import RowChange, RowsEvent, TableMapEvent
from .values import Decoder, Encoder

_ENC = "utf-8"
_ERR = "surrogateescape"

ROWS_V2_TYPES = frozenset(
    {EventType.WRITE_ROWS_EVENT, EventType.UPDATE_ROWS_EVENT, EventType.DELETE_ROWS_EVENT}
)
ROWS_V2_TYPES_I = frozenset(int(t) for t in ROWS_V2_TYPES)
ROWS_V2_POST_HEADER_LEN = 10


@dataclass(slots=True)
class RowsV2Event(RowsEvent):
    """A v2 rows event; renders and records exactly like v1 (``RowsEvent``)."""

    extra_row_info: bytes = b""
    # Unused high bits of the row NULL bitmaps were set (MariaDB style); MySQL
    # leaves them 0. Kept so decode -> encode is byte-identical either way.
    null_pad_ones: bool = False

    @property
    def kind(self) -> str:
        t = self.header.type_code
        return "write" if t == EventType.WRITE_ROWS_EVENT else (
            "update" if t == EventType.UPDATE_ROWS_EVENT else "delete")


class WriteRowsV2Event(RowsV2Event):
    __slots__ = ()


class UpdateRowsV2Event(RowsV2Event):
    __slots__ = ()


class DeleteRowsV2Event(RowsV2Event):
    __slots__ = ()


_CLASS = {
    int(EventType.WRITE_ROWS_EVENT): WriteRowsV2Event,
    int(EventType.UPDATE_ROWS_EVENT): UpdateRowsV2Event,
    int(EventType.DELETE_ROWS_EVENT): DeleteRowsV2Event,
}


@dataclass(slots=True)
class RowsQueryEvent(Event):
    query: str
    # The leading length byte as written (len(query) & 0xff normally).
    length_byte: int | None = None


def _present(bitmap: int, n: int) -> list[int]:
    return [i for i in range(n) if bitmap >> i & 1]


def _decode_image(r: ByteReader, decs: list[Decoder], pad: list[bool]) -> list[Any]:
    n = len(decs)
    nb = (n + 7) >> 3
    raw = r.uint_le(nb)
    if n and raw >> n:
        pad[0] = True
    nulls = raw & ((1 << n) - 1)
    if not nulls:
        return [d(r) for d in decs]
    return [None if nulls >> i & 1 else d(r) for i, d in enumerate(decs)]


def _encode_image(w: ByteWriter, encs: list[Encoder], values: list[Any], pad_ones: bool) -> None:
    if len(values) != len(encs):
        raise EncodeError(f"row image has {len(values)} values for {len(encs)} present columns")
    n = len(encs)
    nb = (n + 7) >> 3
    nulls = (((1 << (8 * nb)) - 1) ^ ((1 << n) - 1)) if pad_ones else 0
    for i, v in enumerate(values):
        if v is None:
            nulls |= 1 << i
    w.uint_le(nulls, nb)
    for e, v in zip(encs, values):
        if v is not None:
            e(w, v)


def decode_rows_v2(h: EventHeader, r: ByteReader, ctx: StreamContext) -> RowsV2Event:
    tc = h.type_code
    table_id = r.u48()
    flags = r.u16()
    vlen = r.u16()
    if vlen < 2:
        raise r.error(f"rows v2 var_header_len {vlen} < 2")
    extra = r.bytes(vlen - 2)
    ncols = r.packed_int()
    nb = (ncols + 7) >> 3
    if nb > r.remaining():
        raise r.error(f"rows event announces {ncols} columns, {r.remaining()} bytes left")
    present = r.uint_le(nb)
    is_update = tc == EventType.UPDATE_ROWS_EVENT
    present_after = r.uint_le(nb) if is_update else None
    cls = _CLASS[tc]
    tm = ctx.table_maps.get(table_id)
    codecs = tm.codecs() if tm is not None and tm.column_count == ncols else None
    if codecs is None:
        return cls(h, table_id, flags, ncols, present, present_after, None, r.rest(), 6, extra)
    decs = [codecs[i][0] for i in _present(present, ncols)]
    decs_after = [codecs[i][0] for i in _present(present_after, ncols)] if is_update else None
    pad = [False]
    rows: list[RowChange] = []
    if not decs and not decs_after and r.remaining():
        # An image of no columns takes no bytes (not even a NULL bitmap): the
        # loops below would never advance (issue 12.1: BINLOG '…' hung the server).
        raise r.error(f"rows event has no columns in its image(s) but {r.remaining()} "
                      "bytes of row data")
    if tc == EventType.WRITE_ROWS_EVENT:
        while r.remaining():
            rows.append(RowChange(None, _decode_image(r, decs, pad)))
    elif tc == EventType.DELETE_ROWS_EVENT:
        while r.remaining():
            rows.append(RowChange(_decode_image(r, decs, pad), None))
    else:
        assert decs_after is not None
        while r.remaining():
            before = _decode_image(r, decs, pad)
            rows.append(RowChange(before, _decode_image(r, decs_after, pad)))
    return cls(h, table_id, flags, ncols, present, present_after, rows, None, 6, extra, pad[0])


def encode_rows_v2(w: ByteWriter, ev: RowsEvent, ctx: StreamContext) -> None:
    tc = ev.header.type_code
    extra = getattr(ev, "extra_row_info", b"")
    pad_ones = getattr(ev, "null_pad_ones", False)
    w.u48(ev.table_id)
    w.u16(ev.flags)
    w.u16(2 + len(extra))
    w.write(extra)
    n = ev.column_count
    w.packed_int(n)
    nb = (n + 7) >> 3
    w.uint_le(ev.columns_present, nb)
    is_update = tc == EventType.UPDATE_ROWS_EVENT
    if is_update:
        if ev.columns_present_after is None:
            raise EncodeError("Update_rows needs columns_present_after")
        w.uint_le(ev.columns_present_after, nb)
    if ev.rows is None:
        w.write(ev.rows_raw or b"")
        return
    tm = ctx.table_maps.get(ev.table_id)
    if tm is None:
        raise EncodeError(f"no Table_map for table_id {ev.table_id}")
    codecs = tm.codecs()
    if codecs is None or tm.column_count != n:
        raise EncodeError(f"cannot encode rows for table_id {ev.table_id} (unsupported columns)")
    encs = [codecs[i][1] for i in _present(ev.columns_present, n)]
    encs_after = [codecs[i][1] for i in _present(ev.columns_present_after, n)] if is_update else None
    for row in ev.rows:
        if tc == EventType.WRITE_ROWS_EVENT:
            if row.after is None:
                raise EncodeError("Write_rows row needs an after image")
            _encode_image(w, encs, row.after, pad_ones)
        elif tc == EventType.DELETE_ROWS_EVENT:
            if row.before is None:
                raise EncodeError("Delete_rows row needs a before image")
            _encode_image(w, encs, row.before, pad_ones)
        else:
            if row.before is None or row.after is None or encs_after is None:
                raise EncodeError("Update_rows row needs before and after images")
            _encode_image(w, encs, row.before, pad_ones)
            _encode_image(w, encs_after, row.after, pad_ones)


def decode_rows_query(h: EventHeader, r: ByteReader, ctx: StreamContext) -> RowsQueryEvent:
    lb = r.u8() if r.remaining() else None
    return RowsQueryEvent(h, r.rest().decode(_ENC, _ERR), lb)


def encode_rows_query(w: ByteWriter, ev: RowsQueryEvent, ctx: StreamContext) -> None:
    q = ev.query.encode(_ENC, _ERR)
    w.u8(len(q) & 0xFF if ev.length_byte is None else ev.length_byte)
    w.write(q)


# -- factories --------------------------------------------------------------

def new_rows_v2_event(
    kind: str,
    table_map: TableMapEvent,
    rows: list[RowChange],
    *,
    timestamp: int,
    server_id: int,
    stmt_end: bool = True,
    columns_present: int | None = None,
    columns_present_after: int | None = None,
    flags: int | None = None,
    extra_row_info: bytes = b"",
) -> RowsV2Event:
    """Write/Update/Delete_rows (v2) as MySQL 8.0 writes them.

    Default column bitmaps: every bit of the bitmap bytes set (MySQL's
    ``bitmap_set_all`` for binlog_row_image=FULL, e.g. ``ff`` for 2 columns).
    Rows flags: STMT_END_F on the last event of the statement.
    """
    tc = {"write": EventType.WRITE_ROWS_EVENT, "update": EventType.UPDATE_ROWS_EVENT,
          "delete": EventType.DELETE_ROWS_EVENT}[kind]
    n = table_map.column_count
    full = (1 << (8 * ((n + 7) >> 3))) - 1
    if columns_present is None:
        columns_present = full
    is_update = tc == EventType.UPDATE_ROWS_EVENT
    if is_update and columns_present_after is None:
        columns_present_after = full
    if flags is None:
        flags = RowsFlag.STMT_END_F if stmt_end else 0
    h = EventHeader(timestamp, tc, server_id, 0, 0, 0)
    return _CLASS[int(tc)](h, table_map.table_id, int(flags), n, columns_present,
                           columns_present_after if is_update else None, list(rows), None, 6,
                           extra_row_info, False)


def new_rows_query_event(query: str, *, timestamp: int, server_id: int) -> RowsQueryEvent:
    """Rows_query (binlog_rows_query_log_events=ON) before the first Table_map
    of a row-logged statement; flags LOG_EVENT_IGNORABLE_F."""
    h = EventHeader(timestamp, EventType.ROWS_QUERY_LOG_EVENT, server_id, 0, 0, int(HeaderFlag.IGNORABLE))
    return RowsQueryEvent(h, query)
