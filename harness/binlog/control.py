"""Small control events: Xid, Intvar, Rand, User_var, Rotate, Stop, and the
statement text of row-logged statements: Annotate_rows (MariaDB) and
Rows_query (MySQL, binlog_rows_query_log_events=ON).

Each is a dataclass plus a stateless decode/encode pair and a ``new_*``
factory, so the reimplementation can build exactly what the server writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from .bytes_io import ByteReader, ByteWriter
from .constants import EventType, HeaderFlag, IntvarType, ItemResult, USER_VAR_UNSIGNED_F
from .context import StreamContext
from .decimal_codec import decimal_bin_size, decode_decimal, encode_decimal
from .codec_errors import EncodeError
from .header import Event, EventHeader
from .layout import INTVAR, RAND, ROTATE, XID

_ENC = "utf-8"
_ERR = "surrogateescape"


@dataclass(slots=True)
class XidEvent(Event):
    xid: int


@dataclass(slots=True)
class IntvarEvent(Event):
    kind: int  # IntvarType
    value: int


@dataclass(slots=True)
class RandEvent(Event):
    seed1: int
    seed2: int


@dataclass(slots=True)
class UserVarEvent(Event):
    """``SET @name = value`` as logged before a statement that reads it.

    ``value`` is None for NULL, ``int`` for INT_RESULT (raw unsigned 64-bit
    pattern unless ``flags`` has UNSIGNED_F), ``float`` for REAL_RESULT,
    ``Decimal`` for DECIMAL_RESULT (with ``decimal_precision``/``scale``)
    and ``bytes`` for STRING_RESULT (with ``charset``).
    """

    name: str
    is_null: bool
    value_type: int = ItemResult.STRING_RESULT
    charset: int = 0
    value: int | float | Decimal | bytes | None = None
    flags: int | None = None  # trailing flags byte; None when absent
    decimal_precision: int = 0
    decimal_scale: int = 0


@dataclass(slots=True)
class RotateEvent(Event):
    position: int
    next_file: str


@dataclass(slots=True)
class StopEvent(Event):
    pass


@dataclass(slots=True)
class AnnotateRowsEvent(Event):
    query: str


@dataclass(slots=True)
class RowsQueryEvent(Event):
    """Rows_query: one length byte (the length truncated to 255, ignored by
    readers) then the statement text to the end of the event."""

    query: str
    # The leading length byte as written (len(query) & 0xff normally).
    length_byte: int | None = None


# -- codecs -----------------------------------------------------------------

def decode_xid(h: EventHeader, r: ByteReader, ctx: StreamContext) -> XidEvent:
    return XidEvent(h, *XID.read_prefix(r))


def encode_xid(w: ByteWriter, ev: XidEvent, ctx: StreamContext) -> None:
    XID.write_prefix(w, ev.xid)


def decode_intvar(h: EventHeader, r: ByteReader, ctx: StreamContext) -> IntvarEvent:
    return IntvarEvent(h, *INTVAR.read_prefix(r))


def encode_intvar(w: ByteWriter, ev: IntvarEvent, ctx: StreamContext) -> None:
    INTVAR.write_prefix(w, ev.kind, ev.value & 0xFFFFFFFFFFFFFFFF)


def decode_rand(h: EventHeader, r: ByteReader, ctx: StreamContext) -> RandEvent:
    return RandEvent(h, *RAND.read_prefix(r))


def encode_rand(w: ByteWriter, ev: RandEvent, ctx: StreamContext) -> None:
    RAND.write_prefix(w, ev.seed1, ev.seed2)


def decode_user_var(h: EventHeader, r: ByteReader, ctx: StreamContext) -> UserVarEvent:
    name_len = r.u32()
    name = r.bytes(name_len).decode(_ENC, _ERR)
    is_null = r.u8() != 0
    if is_null:
        flags = r.u8() if r.remaining() else None
        return UserVarEvent(h, name, True, ItemResult.STRING_RESULT, 0, None, flags)
    vtype = r.u8()
    charset = r.u32()
    vlen = r.u32()
    vr = r.sub(vlen)
    prec = scale = 0
    value: int | float | Decimal | bytes
    if vtype == ItemResult.INT_RESULT:
        value = vr.u64()
        vr.rest()
    elif vtype == ItemResult.REAL_RESULT:
        value = vr.f64()
        vr.rest()
    elif vtype == ItemResult.DECIMAL_RESULT:
        prec = vr.u8()
        scale = vr.u8()
        if scale > prec or prec > 65 or scale > 38:
            raise vr.error(f"bad decimal precision/scale {prec}/{scale}")
        value = decode_decimal(vr, prec, scale)
        if vr.remaining():
            raise vr.error("trailing bytes in decimal user variable")
    else:
        value = vr.rest()
    flags = r.u8() if r.remaining() else None
    return UserVarEvent(h, name, False, vtype, charset, value, flags, prec, scale)


def encode_user_var(w: ByteWriter, ev: UserVarEvent, ctx: StreamContext) -> None:
    name = ev.name.encode(_ENC, _ERR)
    w.u32(len(name))
    w.write(name)
    if ev.is_null:
        w.u8(1)
    else:
        w.u8(0)
        w.u8(ev.value_type)
        w.u32(ev.charset)
        v = ev.value
        if ev.value_type == ItemResult.INT_RESULT:
            if not isinstance(v, int):
                raise EncodeError("INT_RESULT user variable needs an int")
            w.u32(8)
            w.u64(v & 0xFFFFFFFFFFFFFFFF)
        elif ev.value_type == ItemResult.REAL_RESULT:
            w.u32(8)
            w.f64(float(v))  # type: ignore[arg-type]
        elif ev.value_type == ItemResult.DECIMAL_RESULT:
            if not isinstance(v, Decimal):
                raise EncodeError("DECIMAL_RESULT user variable needs a Decimal")
            w.u32(2 + decimal_bin_size(ev.decimal_precision, ev.decimal_scale))
            w.u8(ev.decimal_precision)
            w.u8(ev.decimal_scale)
            encode_decimal(w, v, ev.decimal_precision, ev.decimal_scale)
        else:
            if not isinstance(v, (bytes, bytearray)):
                raise EncodeError("STRING_RESULT user variable needs bytes")
            w.u32(len(v))
            w.write(v)
    if ev.flags is not None:
        w.u8(ev.flags)


def decode_rotate(h: EventHeader, r: ByteReader, ctx: StreamContext) -> RotateEvent:
    (position,) = ROTATE.read_prefix(r)
    return RotateEvent(h, position, r.rest().decode(_ENC, _ERR))


def encode_rotate(w: ByteWriter, ev: RotateEvent, ctx: StreamContext) -> None:
    ROTATE.write_prefix(w, ev.position)
    w.write(ev.next_file.encode(_ENC, _ERR))


def decode_stop(h: EventHeader, r: ByteReader, ctx: StreamContext) -> StopEvent:
    if r.remaining():
        raise r.error("Stop event has a body")
    return StopEvent(h)


def encode_stop(w: ByteWriter, ev: StopEvent, ctx: StreamContext) -> None:
    return None


def decode_annotate_rows(h: EventHeader, r: ByteReader, ctx: StreamContext) -> AnnotateRowsEvent:
    return AnnotateRowsEvent(h, r.rest().decode(_ENC, _ERR))


def encode_annotate_rows(w: ByteWriter, ev: AnnotateRowsEvent, ctx: StreamContext) -> None:
    w.write(ev.query.encode(_ENC, _ERR))


def decode_rows_query(h: EventHeader, r: ByteReader, ctx: StreamContext) -> RowsQueryEvent:
    lb = r.u8() if r.remaining() else None
    return RowsQueryEvent(h, r.rest().decode(_ENC, _ERR), lb)


def encode_rows_query(w: ByteWriter, ev: RowsQueryEvent, ctx: StreamContext) -> None:
    q = ev.query.encode(_ENC, _ERR)
    w.u8(len(q) & 0xFF if ev.length_byte is None else ev.length_byte)
    w.write(q)


# -- factories --------------------------------------------------------------

def _h(type_code: int, timestamp: int, server_id: int, flags: int = 0) -> EventHeader:
    return EventHeader(timestamp, type_code, server_id, 0, 0, flags)


def new_xid_event(xid: int, *, timestamp: int, server_id: int) -> XidEvent:
    return XidEvent(_h(EventType.XID_EVENT, timestamp, server_id), xid)


def new_intvar_event(kind: int, value: int, *, timestamp: int, server_id: int) -> IntvarEvent:
    """``kind`` is IntvarType.INSERT_ID_EVENT or LAST_INSERT_ID_EVENT."""
    return IntvarEvent(_h(EventType.INTVAR_EVENT, timestamp, server_id), int(IntvarType(kind)), value)


def new_rand_event(seed1: int, seed2: int, *, timestamp: int, server_id: int) -> RandEvent:
    return RandEvent(_h(EventType.RAND_EVENT, timestamp, server_id), seed1, seed2)


def new_user_var_event(
    name: str,
    value: int | float | Decimal | bytes | str | None,
    *,
    timestamp: int,
    server_id: int,
    charset: int = 45,
    unsigned: bool = False,
    decimal_precision: int | None = None,
    decimal_scale: int | None = None,
) -> UserVarEvent:
    """A User_var event as MariaDB 10.11 logs it (flags byte always present).

    Observed on 10.11: strings carry the connection collation (45 =
    utf8mb4_general_ci for mysql-connector-python); ints/reals/decimals
    carry 8 (latin1, the server's numeric charset). Only INT values get the
    trailing flags byte (UNSIGNED_F or 0). Decimal precision/scale default
    to the value's own digits (3.250 -> 4/3).
    """
    h = _h(EventType.USER_VAR_EVENT, timestamp, server_id)
    if value is None:
        return UserVarEvent(h, name, True, ItemResult.STRING_RESULT, 0, None, None)
    if isinstance(value, bool) or isinstance(value, int):
        flags = USER_VAR_UNSIGNED_F if unsigned else 0
        return UserVarEvent(h, name, False, ItemResult.INT_RESULT, 8, int(value), flags)
    if isinstance(value, float):
        return UserVarEvent(h, name, False, ItemResult.REAL_RESULT, 8, value, None)
    if isinstance(value, Decimal):
        t = value.as_tuple()
        scale = decimal_scale if decimal_scale is not None else max(0, -int(t.exponent))
        # str2decimal counts the "0" of "0.001" as an integer digit: precision 4 (observed).
        prec = decimal_precision if decimal_precision is not None else max(len(t.digits) - scale, 1) + scale
        return UserVarEvent(h, name, False, ItemResult.DECIMAL_RESULT, 8, value, None, prec, scale)
    raw = value.encode("utf-8") if isinstance(value, str) else bytes(value)
    return UserVarEvent(h, name, False, ItemResult.STRING_RESULT, charset, raw, None)


def new_rotate_event(next_file: str, position: int = 4, *, timestamp: int, server_id: int) -> RotateEvent:
    return RotateEvent(_h(EventType.ROTATE_EVENT, timestamp, server_id), position, next_file)


def new_stop_event(*, timestamp: int, server_id: int) -> StopEvent:
    return StopEvent(_h(EventType.STOP_EVENT, timestamp, server_id))


def new_annotate_rows_event(query: str, *, timestamp: int, server_id: int) -> AnnotateRowsEvent:
    return AnnotateRowsEvent(_h(EventType.ANNOTATE_ROWS_EVENT, timestamp, server_id), query)


def new_rows_query_event(query: str, *, timestamp: int, server_id: int) -> RowsQueryEvent:
    """Rows_query (binlog_rows_query_log_events=ON) before the first Table_map
    of a row-logged statement; flags LOG_EVENT_IGNORABLE_F."""
    h = EventHeader(timestamp, EventType.ROWS_QUERY_LOG_EVENT, server_id, 0, 0, int(HeaderFlag.IGNORABLE))
    return RowsQueryEvent(h, query)
