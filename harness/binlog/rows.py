"""Table_map (19) and Write/Update/Delete_rows v1 (23/24/25) events.

A rows event cannot be decoded alone: column types and metadata come from
the Table_map with the same table id that precedes it in the group. The
:class:`StreamContext` holds those maps; codecs for a table's columns are
built once per Table_map (``TableMapEvent.codecs``) and reused for every
row. If any column type is unknown, the rows are kept as raw bytes
(``RowsEvent.rows is None``) instead of failing the whole stream.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .bytes_io import ByteReader, ByteWriter
from .constants import NUMERIC_TYPES, ColumnType as T, EventType, OptionalMetadata, RowsFlag
from .context import StreamContext
from .errors import EncodeError
from .header import Event, EventHeader
from .values import Decoder, Encoder, UnsupportedColumn, column_codec

_ENC = "utf-8"
_ERR = "surrogateescape"

# bytes of per-column metadata in the Table_map, and whether it is big-endian
_META_1 = frozenset({T.FLOAT, T.DOUBLE, T.BLOB, T.TINY_BLOB, T.MEDIUM_BLOB, T.LONG_BLOB,
                     T.GEOMETRY, T.JSON, T.TIMESTAMP2, T.DATETIME2, T.TIME2, T.BLOB_COMPRESSED})
_META_2_LE = frozenset({T.VARCHAR, T.VAR_STRING, T.VARCHAR_COMPRESSED, T.BIT})
_META_2_BE = frozenset({T.NEWDECIMAL, T.STRING, T.ENUM, T.SET})
_META_0 = frozenset({T.DECIMAL, T.TINY, T.SHORT, T.LONG, T.LONGLONG, T.INT24, T.NULL,
                     T.TIMESTAMP, T.DATE, T.TIME, T.DATETIME, T.YEAR, T.NEWDATE})
_META_1_I = frozenset(int(x) for x in _META_1)
_META_2_LE_I = frozenset(int(x) for x in _META_2_LE)
_META_2_BE_I = frozenset(int(x) for x in _META_2_BE)
_META_0_I = frozenset(int(x) for x in _META_0)

ROWS_EVENT_TYPES = frozenset(
    {EventType.WRITE_ROWS_EVENT_V1, EventType.UPDATE_ROWS_EVENT_V1, EventType.DELETE_ROWS_EVENT_V1}
)


@dataclass(slots=True)
class TableMapEvent(Event):
    table_id: int
    flags: int
    database: str
    table: str
    column_types: list[int]
    # Per-column metadata as one int, like the server's m_field_metadata:
    # 2-byte BE for NEWDECIMAL (precision<<8|scale) and STRING/ENUM/SET
    # (real_type<<8|length), 2-byte LE for VARCHAR and BIT (bytes<<8|bits).
    column_metadata: list[int]
    null_bitmap: int  # bit i set: column i nullable
    optional_metadata: list[tuple[int, bytes]] = field(default_factory=list)
    # Raw metadata block, only when a column type is unknown (then
    # column_metadata is empty and rows of this table stay raw).
    metadata_block: bytes | None = None
    _codecs: Any = field(default=None, repr=False, compare=False)

    @property
    def column_count(self) -> int:
        return len(self.column_types)

    def nullable(self, i: int) -> bool:
        return bool(self.null_bitmap >> i & 1)

    def optional(self, kind: int) -> bytes | None:
        for k, v in self.optional_metadata:
            if k == kind:
                return v
        return None

    def unsigned_columns(self) -> list[bool]:
        """Per column: unsigned according to SIGNEDNESS optional metadata."""
        out = [False] * len(self.column_types)
        sig = self.optional(OptionalMetadata.SIGNEDNESS)
        if sig is None:
            return out
        bits = int.from_bytes(sig, "big")
        nbits = len(sig) * 8
        k = 0
        for i, t in enumerate(self.column_types):
            if t in NUMERIC_TYPES:
                if k < nbits:
                    out[i] = bool(bits >> (nbits - 1 - k) & 1)
                k += 1
        return out

    def column_names(self) -> list[str] | None:
        raw = self.optional(OptionalMetadata.COLUMN_NAME)
        if raw is None:
            return None
        r = ByteReader(raw)
        names = []
        while r.remaining():
            names.append(r.bytes(r.packed_int()).decode(_ENC, "replace"))
        return names

    def codecs(self) -> list[tuple[Decoder, Encoder]] | None:
        """Column codecs, built on first use; None if a type is unsupported."""
        c = self._codecs
        if c is None:
            if self.metadata_block is not None:
                c = False
            else:
                try:
                    uns = self.unsigned_columns()
                    c = _CodecList(column_codec(t, m, u) for t, m, u in
                                   zip(self.column_types, self.column_metadata, uns))
                except UnsupportedColumn:
                    c = False
            self._codecs = c
        return c or None


class _CodecList(list):
    """The column codecs of a Table_map; ``fast`` caches the reader's generated
    row decoders (harness.binlog.fast) per (event type, column bitmaps)."""

    __slots__ = ("fast",)

    def __init__(self, items=()) -> None:
        super().__init__(items)
        self.fast: dict = {}


@dataclass(slots=True)
class RowChange:
    """One row of a rows event; values cover only the present columns."""

    before: list[Any] | None = None
    after: list[Any] | None = None


@dataclass(slots=True)
class RowsEvent(Event):
    table_id: int
    flags: int
    column_count: int
    # bit i set: column i is in the image (bits beyond column_count kept)
    columns_present: int
    columns_present_after: int | None  # Update only
    rows: list[RowChange] | None
    # Undecoded row data when the table map is missing or has unknown types.
    rows_raw: bytes | None = None
    # v1 post-header may be 6 bytes (4-byte table id) on very old servers
    table_id_len: int = 6

    @property
    def kind(self) -> str:
        t = self.header.type_code
        return "write" if t == EventType.WRITE_ROWS_EVENT_V1 else (
            "update" if t == EventType.UPDATE_ROWS_EVENT_V1 else "delete")


class WriteRowsEvent(RowsEvent):
    __slots__ = ()


class UpdateRowsEvent(RowsEvent):
    __slots__ = ()


class DeleteRowsEvent(RowsEvent):
    __slots__ = ()


_ROWS_CLASS = {
    EventType.WRITE_ROWS_EVENT_V1: WriteRowsEvent,
    EventType.UPDATE_ROWS_EVENT_V1: UpdateRowsEvent,
    EventType.DELETE_ROWS_EVENT_V1: DeleteRowsEvent,
}


def _bitmap_bytes(n: int) -> int:
    return (n + 7) >> 3


# -- Table_map -------------------------------------------------------------

def decode_table_map(h: EventHeader, r: ByteReader, ctx: StreamContext) -> TableMapEvent:
    phl = ctx.post_header_len(EventType.TABLE_MAP_EVENT, 8)
    table_id = r.u32() if phl == 6 else r.u48()
    flags = r.u16()
    db = r.bytes(r.u8()).decode(_ENC, _ERR)
    if r.u8() != 0:
        raise r.error("database name not NUL-terminated", r.pos - 1)
    tbl = r.bytes(r.u8()).decode(_ENC, _ERR)
    if r.u8() != 0:
        raise r.error("table name not NUL-terminated", r.pos - 1)
    ncols = r.packed_int()
    if ncols > r.remaining():
        raise r.error(f"Table_map announces {ncols} columns, {r.remaining()} bytes left")
    types = list(r.bytes(ncols))
    mlen = r.packed_int()
    mr = r.sub(mlen)
    metas: list[int] = []
    block: bytes | None = None
    start = mr.pos
    try:
        for t in types:
            if t in _META_0_I:
                metas.append(0)
            elif t in _META_1_I:
                metas.append(mr.u8())
            elif t in _META_2_LE_I:
                metas.append(mr.u16())
            elif t in _META_2_BE_I:
                metas.append(mr.uint_be(2))
            else:
                raise UnsupportedColumn(t)
        if mr.remaining():
            raise UnsupportedColumn("metadata length mismatch")
    except UnsupportedColumn:
        metas = []
        mr.pos = start
        block = mr.rest()
    null_bitmap = r.uint_le(_bitmap_bytes(ncols))
    opt: list[tuple[int, bytes]] = []
    while r.remaining():
        kind = r.u8()
        opt.append((kind, r.bytes(r.packed_int())))
    ev = TableMapEvent(h, table_id, flags, db, tbl, types, metas, null_bitmap, opt, block)
    # The server repeats the same Table_map before every statement: reuse the
    # column codecs already built for an identical map instead of rebuilding.
    prev = ctx.table_maps.get(table_id)
    if (prev is not None and prev._codecs is not None and prev.column_types == types
            and prev.column_metadata == metas and prev.optional_metadata == opt
            and prev.metadata_block == block):
        ev._codecs = prev._codecs
    return ev


def encode_table_map(w: ByteWriter, ev: TableMapEvent, ctx: StreamContext) -> None:
    w.u48(ev.table_id)
    w.u16(ev.flags)
    db = ev.database.encode(_ENC, _ERR)
    tb = ev.table.encode(_ENC, _ERR)
    if len(db) > 255 or len(tb) > 255:
        raise EncodeError("database/table name longer than 255 bytes")
    w.u8(len(db))
    w.write(db + b"\x00")
    w.u8(len(tb))
    w.write(tb + b"\x00")
    n = len(ev.column_types)
    w.packed_int(n)
    w.write(bytes(ev.column_types))
    if ev.metadata_block is not None:
        meta = ev.metadata_block
    else:
        if len(ev.column_metadata) != n:
            raise EncodeError("column_metadata length differs from column_types")
        mw = ByteWriter()
        for t, m in zip(ev.column_types, ev.column_metadata):
            if t in _META_0_I:
                continue
            if t in _META_1_I:
                mw.u8(m)
            elif t in _META_2_LE_I:
                mw.u16(m)
            elif t in _META_2_BE_I:
                mw.uint_be(m, 2)
            else:
                raise EncodeError(f"unknown metadata layout for column type {t}")
        meta = mw.getvalue()
    w.packed_int(len(meta))
    w.write(meta)
    w.uint_le(ev.null_bitmap, _bitmap_bytes(n))
    for kind, val in ev.optional_metadata:
        w.u8(kind)
        w.packed_int(len(val))
        w.write(val)


# -- rows --------------------------------------------------------------------

def _present_indexes(bitmap: int, n: int) -> list[int]:
    return [i for i in range(n) if bitmap >> i & 1]


def _decode_image(r: ByteReader, decs: list[Decoder]) -> list[Any]:
    n = len(decs)
    nulls = r.uint_le((n + 7) >> 3) & ((1 << n) - 1)
    if not nulls:
        return [d(r) for d in decs]
    out: list[Any] = []
    for i, d in enumerate(decs):
        out.append(None if nulls >> i & 1 else d(r))
    return out


def _encode_image(w: ByteWriter, encs: list[Encoder], values: list[Any]) -> None:
    if len(values) != len(encs):
        raise EncodeError(f"row image has {len(values)} values for {len(encs)} present columns")
    n = len(encs)
    nb = (n + 7) >> 3
    # MariaDB sets the unused high bits of the null bitmap to 1.
    nulls = ((1 << (8 * nb)) - 1) ^ ((1 << n) - 1)
    for i, v in enumerate(values):
        if v is None:
            nulls |= 1 << i
    w.uint_le(nulls, nb)
    for e, v in zip(encs, values):
        if v is not None:
            e(w, v)


# Public names for the row-image codec (the replbed cache sizes images with it).
decode_row_image = _decode_image
encode_row_image = _encode_image


def decode_rows(h: EventHeader, r: ByteReader, ctx: StreamContext) -> RowsEvent:
    tc = h.type_code
    phl = ctx.post_header_len(tc, 8)
    tid_len = 4 if phl == 6 else 6
    table_id = r.uint_le(tid_len)
    flags = r.u16()
    ncols = r.packed_int()
    nb = (ncols + 7) >> 3
    if nb > r.remaining():
        raise r.error(f"rows event announces {ncols} columns, {r.remaining()} bytes left")
    present = r.uint_le(nb)
    present_after = r.uint_le(nb) if tc == EventType.UPDATE_ROWS_EVENT_V1 else None
    cls = _ROWS_CLASS[tc]
    tm = ctx.table_maps.get(table_id)
    codecs = tm.codecs() if tm is not None and tm.column_count == ncols else None
    if codecs is None:
        return cls(h, table_id, flags, ncols, present, present_after, None, r.rest(), tid_len)
    decs = [codecs[i][0] for i in _present_indexes(present, ncols)]
    decs_after = ([codecs[i][0] for i in _present_indexes(present_after, ncols)]
                  if present_after is not None else None)
    rows: list[RowChange] = []
    if not decs and not decs_after and r.remaining():
        # An image of no columns takes no bytes: the loop below would never end.
        raise r.error(f"rows event has no columns in its image(s) but {r.remaining()} "
                      "bytes of row data")
    if tc == EventType.WRITE_ROWS_EVENT_V1:
        while r.remaining():
            rows.append(RowChange(None, _decode_image(r, decs)))
    elif tc == EventType.DELETE_ROWS_EVENT_V1:
        while r.remaining():
            rows.append(RowChange(_decode_image(r, decs), None))
    else:
        assert decs_after is not None
        while r.remaining():
            before = _decode_image(r, decs)
            rows.append(RowChange(before, _decode_image(r, decs_after)))
    return cls(h, table_id, flags, ncols, present, present_after, rows, None, tid_len)


def encode_rows(w: ByteWriter, ev: RowsEvent, ctx: StreamContext) -> None:
    tc = ev.header.type_code
    w.uint_le(ev.table_id, ev.table_id_len)
    w.u16(ev.flags)
    n = ev.column_count
    w.packed_int(n)
    nb = (n + 7) >> 3
    w.uint_le(ev.columns_present, nb)
    if tc == EventType.UPDATE_ROWS_EVENT_V1:
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
    encs = [codecs[i][1] for i in _present_indexes(ev.columns_present, n)]
    encs_after = ([codecs[i][1] for i in _present_indexes(ev.columns_present_after, n)]
                  if ev.columns_present_after is not None else None)
    for row in ev.rows:
        if tc == EventType.WRITE_ROWS_EVENT_V1:
            if row.after is None:
                raise EncodeError("Write_rows row needs an after image")
            _encode_image(w, encs, row.after)
        elif tc == EventType.DELETE_ROWS_EVENT_V1:
            if row.before is None:
                raise EncodeError("Delete_rows row needs a before image")
            _encode_image(w, encs, row.before)
        else:
            if row.before is None or row.after is None or encs_after is None:
                raise EncodeError("Update_rows row needs before and after images")
            _encode_image(w, encs, row.before)
            _encode_image(w, encs_after, row.after)


# -- factories ---------------------------------------------------------------

def new_table_map_event(
    table_id: int,
    database: str,
    table: str,
    column_types: list[int],
    column_metadata: list[int],
    nullable: list[bool],
    *,
    timestamp: int,
    server_id: int,
    flags: int = 1,
    optional_metadata: list[tuple[int, bytes]] | None = None,
) -> TableMapEvent:
    """A Table_map as MariaDB writes it (flags=1: TM_BIT_LEN_EXACT_F)."""
    nb = 0
    for i, x in enumerate(nullable):
        if x:
            nb |= 1 << i
    h = EventHeader(timestamp, EventType.TABLE_MAP_EVENT, server_id, 0, 0, 0)
    return TableMapEvent(h, table_id, flags, database, table, list(column_types),
                         list(column_metadata), nb, list(optional_metadata or []))


def new_rows_event(
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
) -> RowsEvent:
    """A Write/Update/Delete_rows_v1 event for ``table_map`` ("write", "update", "delete").

    Default column bitmaps are the full image (all bits of the bitmap bytes
    set, as MariaDB writes for binlog_row_image=FULL).
    """
    tc = {"write": EventType.WRITE_ROWS_EVENT_V1, "update": EventType.UPDATE_ROWS_EVENT_V1,
          "delete": EventType.DELETE_ROWS_EVENT_V1}[kind]
    n = table_map.column_count
    full = (1 << n) - 1
    if columns_present is None:
        columns_present = full
    if tc == EventType.UPDATE_ROWS_EVENT_V1 and columns_present_after is None:
        columns_present_after = full
    if flags is None:
        flags = RowsFlag.STMT_END_F if stmt_end else 0
    h = EventHeader(timestamp, tc, server_id, 0, 0, 0)
    return _ROWS_CLASS[tc](h, table_map.table_id, int(flags), n, columns_present,
                           columns_present_after if tc == EventType.UPDATE_ROWS_EVENT_V1 else None,
                           list(rows))
