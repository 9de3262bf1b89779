"""Table_map (19) and Write/Update/Delete_rows events, v1 (23-25) and v2 (30-32).

Rows v2 = the v1 layout plus a variable-size "extra row info" block after
the post-header (libbinlogevents ``Rows_event``)::

    table_id u48 | flags u16 [| var_header_len u16 (counts itself, >= 2)
    extra_row_info[var_header_len - 2]]   (v2 only; TLVs: 0 = NDB, 1 = partition)
    column_count packed | columns_present bitmap [| columns_present_after]
    rows ...

One event type (:class:`RowsEvent`, ``version`` 1 or 2) and one row-image
codec serve both: the only other difference is the padding of the per-row
NULL bitmap -- MySQL leaves its unused high bits 0, MariaDB sets them to 1.

A rows event cannot be decoded alone: column types and metadata come from
the Table_map with the same table id that precedes it in the group. The
:class:`StreamContext` holds those maps; codecs for a table's columns are
built once per Table_map (``TableMapEvent.codecs``) and reused for every
row. If any column type is unknown, the rows are kept as raw bytes
(``RowsEvent.rows is None``) instead of failing the whole stream.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any

from .bytes_io import ByteReader, ByteWriter
from .constants import NUMERIC_TYPES, EventType, OptionalMetadata, RowsFlag
from .context import StreamContext
from .codec_errors import EncodeError
from .header import Event, EventHeader
from .layout import COLUMN_METADATA_I, ROWS_HEADER_LEN, ROWS_V1, ROWS_V2, TABLE_MAP
from .values import Decoder, Encoder, UnsupportedColumn, column_codec

_ENC = "utf-8"
_ERR = "surrogateescape"


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
    # Pre-GA 5.1: the event ends after the column types (no metadata, no null bitmap).
    metadata_absent: bool = False

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


# Write/Update/Delete_rows in both versions: v1 (23-25, MariaDB's default) and
# v2 (30-32, MySQL 5.6+: v1 plus a variable "extra row info" block after the
# post-header, libbinlogevents Rows_event).
ROWS_V1_TYPES = frozenset(
    {EventType.WRITE_ROWS_EVENT_V1, EventType.UPDATE_ROWS_EVENT_V1, EventType.DELETE_ROWS_EVENT_V1}
)
ROWS_V2_TYPES = frozenset(
    {EventType.WRITE_ROWS_EVENT, EventType.UPDATE_ROWS_EVENT, EventType.DELETE_ROWS_EVENT}
)
ROWS_EVENT_TYPES = ROWS_V1_TYPES  # the MariaDB writer's rows events (historic name)
ROWS_PRE_GA_TYPES = frozenset(
    {EventType.PRE_GA_WRITE_ROWS_EVENT, EventType.PRE_GA_UPDATE_ROWS_EVENT, EventType.PRE_GA_DELETE_ROWS_EVENT}
)
_KIND = {int(EventType.PRE_GA_WRITE_ROWS_EVENT): "write", int(EventType.PRE_GA_UPDATE_ROWS_EVENT): "update",
         int(EventType.PRE_GA_DELETE_ROWS_EVENT): "delete", int(EventType.WRITE_ROWS_EVENT_V1): "write", int(EventType.UPDATE_ROWS_EVENT_V1): "update",
         int(EventType.DELETE_ROWS_EVENT_V1): "delete", int(EventType.WRITE_ROWS_EVENT): "write",
         int(EventType.UPDATE_ROWS_EVENT): "update", int(EventType.DELETE_ROWS_EVENT): "delete"}
_TYPE = {("write", 1): EventType.WRITE_ROWS_EVENT_V1, ("update", 1): EventType.UPDATE_ROWS_EVENT_V1,
         ("delete", 1): EventType.DELETE_ROWS_EVENT_V1, ("write", 2): EventType.WRITE_ROWS_EVENT,
         ("update", 2): EventType.UPDATE_ROWS_EVENT, ("delete", 2): EventType.DELETE_ROWS_EVENT}
_V2_I = frozenset(int(t) for t in ROWS_V2_TYPES)
_PRE_GA_I = frozenset(int(t) for t in ROWS_PRE_GA_TYPES)


@dataclass(slots=True)
class RowsEvent(Event):
    """Write/Update/Delete_rows, v1 or v2 (``version``, from the type code)."""

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
    # v2 only: the extra row info block (NDB / partition TLVs), kept verbatim.
    extra_row_info: bytes = b""
    # Unused high bits of the per-row NULL bitmaps: MariaDB sets them to 1,
    # MySQL leaves them 0. None = the version's writer default (v1: ones,
    # v2: zeros); v2 decoding records what it saw, so decode -> encode is
    # byte-identical either way.
    null_pad_ones: bool | None = None

    @property
    def kind(self) -> str:
        return _KIND[self.header.type_code]

    @property
    def version(self) -> int:
        """2 (MySQL 5.6+), 1 (5.1 GA, MariaDB) or 0 (pre-GA 5.1: record images in rows_raw)."""
        tc = self.header.type_code
        return 2 if tc in _V2_I else 0 if tc in _PRE_GA_I else 1

    def pads_with_ones(self) -> bool:
        return self.version == 1 if self.null_pad_ones is None else self.null_pad_ones


class WriteRowsEvent(RowsEvent):
    __slots__ = ()


class UpdateRowsEvent(RowsEvent):
    __slots__ = ()


class DeleteRowsEvent(RowsEvent):
    __slots__ = ()


_ROWS_CLASS: dict[int, type[RowsEvent]] = {
    EventType.PRE_GA_WRITE_ROWS_EVENT: WriteRowsEvent,
    EventType.PRE_GA_UPDATE_ROWS_EVENT: UpdateRowsEvent,
    EventType.PRE_GA_DELETE_ROWS_EVENT: DeleteRowsEvent,
    EventType.WRITE_ROWS_EVENT_V1: WriteRowsEvent,
    EventType.UPDATE_ROWS_EVENT_V1: UpdateRowsEvent,
    EventType.DELETE_ROWS_EVENT_V1: DeleteRowsEvent,
    EventType.WRITE_ROWS_EVENT: WriteRowsEvent,
    EventType.UPDATE_ROWS_EVENT: UpdateRowsEvent,
    EventType.DELETE_ROWS_EVENT: DeleteRowsEvent,
}
# The v2 names of the same classes (one rows event type, two versions).
RowsV2Event = RowsEvent
WriteRowsV2Event = WriteRowsEvent
UpdateRowsV2Event = UpdateRowsEvent
DeleteRowsV2Event = DeleteRowsEvent


def _bitmap_bytes(n: int) -> int:
    return (n + 7) >> 3


# -- Table_map -------------------------------------------------------------

def decode_table_map(h: EventHeader, r: ByteReader, ctx: StreamContext) -> TableMapEvent:
    phl = ctx.post_header_len(EventType.TABLE_MAP_EVENT, TABLE_MAP.prefix_len)
    if phl == 6:  # very old servers: 4-byte table id
        table_id, flags = r.u32(), r.u16()
    else:
        table_id, flags = TABLE_MAP.read_prefix(r)
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
    if not r.remaining():
        # Pre-GA 5.1 servers wrote no metadata block and no null bitmap (the server reads
        # them only when bytes are left: Table_map_log_event's constructor).
        # Types that take no metadata (INT, ...) decode as usual; others stay undecoded.
        plain = all(COLUMN_METADATA_I.get(t, (1, False))[0] == 0 for t in types)
        return TableMapEvent(h, table_id, flags, db, tbl, types, [0] * ncols if plain else [], 0, [], None,
                             metadata_absent=True)
    mlen = r.packed_int()
    mr = r.sub(mlen)
    metas: list[int] = []
    block: bytes | None = None
    start = mr.pos
    try:
        for t in types:
            spec = COLUMN_METADATA_I.get(t)
            if spec is None:
                raise UnsupportedColumn(t)
            width, big_endian = spec
            metas.append(mr.uint_be(width) if big_endian else mr.uint_le(width))
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
    TABLE_MAP.write_prefix(w, ev.table_id, ev.flags)
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
    if ev.metadata_absent:
        return
    if ev.metadata_block is not None:
        meta = ev.metadata_block
    else:
        if len(ev.column_metadata) != n:
            raise EncodeError("column_metadata length differs from column_types")
        mw = ByteWriter()
        for t, m in zip(ev.column_types, ev.column_metadata):
            spec = COLUMN_METADATA_I.get(t)
            if spec is None:
                raise EncodeError(f"unknown metadata layout for column type {t}")
            width, big_endian = spec
            if width:
                (mw.uint_be if big_endian else mw.uint_le)(m, width)
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


def decode_row_image(r: ByteReader, decs: list[Decoder], pad: list[bool] | None = None) -> list[Any]:
    """One row image: NULL bitmap over the present columns, then the non-NULL
    values. ``pad[0]`` is set when an unused high bit of the bitmap is 1."""
    n = len(decs)
    raw = r.uint_le((n + 7) >> 3)
    if pad is not None and raw >> n:
        pad[0] = True
    nulls = raw & ((1 << n) - 1)
    if not nulls:
        return [d(r) for d in decs]
    return [None if nulls >> i & 1 else d(r) for i, d in enumerate(decs)]


def encode_row_image(w: ByteWriter, encs: list[Encoder], values: list[Any], pad_ones: bool = True) -> None:
    """Inverse of :func:`decode_row_image`; ``pad_ones``: set the unused high
    bits of the NULL bitmap (MariaDB) or leave them 0 (MySQL)."""
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


# Historic private names (harness.model.rowimage sizes images with the encoder).
_decode_image = decode_row_image
_encode_image = encode_row_image


def decode_rows(h: EventHeader, r: ByteReader, ctx: StreamContext) -> RowsEvent:
    """Write/Update/Delete_rows, v1 or v2."""
    tc = h.type_code
    v2 = tc in _V2_I
    phl = ctx.post_header_len(tc, ROWS_HEADER_LEN[1]) if not v2 else 0
    extra = b""
    tid_len = 6
    if not v2 and phl == 6:  # very old servers: 4-byte table id
        tid_len = 4
        table_id, flags = r.u32(), r.u16()
    elif not v2:
        table_id, flags = ROWS_V1.read_prefix(r)
    else:
        table_id, flags, vlen = ROWS_V2.read_prefix(r)
        if vlen < 2:
            raise r.error(f"rows v2 var_header_len {vlen} < 2")
        extra = r.bytes(vlen - 2)
    ncols = r.packed_int()
    nb = (ncols + 7) >> 3
    if nb > r.remaining():
        raise r.error(f"rows event announces {ncols} columns, {r.remaining()} bytes left")
    present = r.uint_le(nb)
    cls = _ROWS_CLASS[tc]
    if tc in _PRE_GA_I:
        # One bitmap for both images; the rows are record images (layout.ROWS_PRE_GA).
        return cls(h, table_id, flags, ncols, present, None, None, r.rest(), tid_len, extra)
    is_update = _KIND[tc] == "update"
    present_after = r.uint_le(nb) if is_update else None
    tm = ctx.table_maps.get(table_id)
    codecs = tm.codecs() if tm is not None and tm.column_count == ncols else None
    if codecs is None:
        return cls(h, table_id, flags, ncols, present, present_after, None, r.rest(), tid_len, extra)
    decs = [codecs[i][0] for i in _present_indexes(present, ncols)]
    decs_after = ([codecs[i][0] for i in _present_indexes(present_after, ncols)]
                  if present_after is not None else None)
    if not decs and not decs_after and r.remaining():
        # An image of no columns takes no bytes (not even a NULL bitmap): the
        # loop below would never advance (issue 12.1: BINLOG '…' hung the server).
        raise r.error(f"rows event has no columns in its image(s) but {r.remaining()} "
                      "bytes of row data")
    # v1 does not record the NULL bitmap padding (MariaDB always writes ones).
    pad: list[bool] | None = [False] if v2 else None
    rows: list[RowChange] = []
    kind = _KIND[tc]
    while r.remaining():
        if kind == "write":
            rows.append(RowChange(None, decode_row_image(r, decs, pad)))
        elif kind == "delete":
            rows.append(RowChange(decode_row_image(r, decs, pad), None))
        else:
            assert decs_after is not None
            before = decode_row_image(r, decs, pad)
            rows.append(RowChange(before, decode_row_image(r, decs_after, pad)))
    return cls(h, table_id, flags, ncols, present, present_after, rows, None, tid_len, extra,
               pad[0] if pad is not None else None)


def encode_rows(w: ByteWriter, ev: RowsEvent, ctx: StreamContext) -> None:
    if ev.version == 2:
        ROWS_V2.write_prefix(w, ev.table_id, ev.flags, 2 + len(ev.extra_row_info))
        w.write(ev.extra_row_info)
    else:
        w.uint_le(ev.table_id, ev.table_id_len)
        w.u16(ev.flags)
    n = ev.column_count
    w.packed_int(n)
    nb = (n + 7) >> 3
    w.uint_le(ev.columns_present, nb)
    kind = ev.kind
    if ev.version == 0:
        w.write(ev.rows_raw or b"")
        return
    if kind == "update":
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
    pad_ones = ev.pads_with_ones()
    for row in ev.rows:
        if kind == "write":
            if row.after is None:
                raise EncodeError("Write_rows row needs an after image")
            encode_row_image(w, encs, row.after, pad_ones)
        elif kind == "delete":
            if row.before is None:
                raise EncodeError("Delete_rows row needs a before image")
            encode_row_image(w, encs, row.before, pad_ones)
        else:
            if row.before is None or row.after is None or encs_after is None:
                raise EncodeError("Update_rows row needs before and after images")
            encode_row_image(w, encs, row.before, pad_ones)
            encode_row_image(w, encs_after, row.after, pad_ones)


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
    version: int = 1,
    extra_row_info: bytes = b"",
) -> RowsEvent:
    """A Write/Update/Delete_rows event for ``table_map`` ("write", "update", "delete").

    ``version`` 1: as MariaDB writes it; default column bitmaps are the full
    image (the column bits set, binlog_row_image=FULL). ``version`` 2: as
    MySQL 8.0 writes it; default bitmaps have every bit of the bitmap bytes
    set (MySQL's ``bitmap_set_all``, e.g. ``ff`` for 2 columns), NULL bitmap
    padding 0. Rows flags: STMT_END_F on the last event of the statement.
    """
    tc = _TYPE[(kind, version)]
    n = table_map.column_count
    full = (1 << n) - 1 if version == 1 else (1 << (8 * ((n + 7) >> 3))) - 1
    if columns_present is None:
        columns_present = full
    is_update = kind == "update"
    if is_update and columns_present_after is None:
        columns_present_after = full
    if flags is None:
        flags = RowsFlag.STMT_END_F if stmt_end else 0
    h = EventHeader(timestamp, tc, server_id, 0, 0, 0)
    return _ROWS_CLASS[tc](h, table_map.table_id, int(flags), n, columns_present,
                           columns_present_after if is_update else None, list(rows), None, 6,
                           extra_row_info, None if version == 1 else False)


new_rows_v2_event = partial(new_rows_event, version=2)
new_rows_v2_event.__doc__ = "Write/Update/Delete_rows (v2) as MySQL 8.0 writes them: ``new_rows_event(version=2)``."
