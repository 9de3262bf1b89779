"""XA_prepare_log_event (type 38) and the text form of an XA xid.

MariaDB 10.5+ logs ``XA PREPARE`` as the end event of the prepared group
(``Gtid`` with FL_PREPARED_XA + body + ``Query XA END`` + this event), so a
replica can prepare the branch too. The body carries the whole xid (observed
``00 01000000 02000000 00000000 7831`` for ``'x1'``)::

    one_phase u8 | formatID u32 | gtrid_length u32 | bqual_length u32 | data

``xid_text`` is the server's ``X'..',X'..',N`` form used in the ``XA END`` /
``XA COMMIT`` / ``XA ROLLBACK`` Query texts, the ``Info`` of this event and of
an XA Gtid.
"""

from __future__ import annotations

from dataclasses import dataclass

from .bytes_io import ByteReader, ByteWriter
from .constants import EventType
from .context import StreamContext
from .codec_errors import EncodeError
from .gtid import XaXid
from .header import Event, EventHeader

# XIDDATASIZE: gtrid and bqual are at most 64 bytes each (128 together).
MAXGTRIDSIZE = 64
MAXBQUALSIZE = 64


@dataclass(slots=True)
class XaPrepareEvent(Event):
    one_phase: bool
    xid: XaXid


def xid_text(xid: XaXid) -> str:
    """``X'<gtrid hex>',X'<bqual hex>',<formatID>`` (lower-case hex, signed formatID)."""
    fmt = xid.format_id - (1 << 32) if xid.format_id >= 1 << 31 else xid.format_id
    return f"X'{xid.gtrid.hex()}',X'{xid.bqual.hex()}',{fmt}"


def decode_xa_prepare(h: EventHeader, r: ByteReader, ctx: StreamContext) -> XaPrepareEvent:
    one_phase = r.u8()
    fmt = r.u32()
    glen = r.u32()
    blen = r.u32()
    if glen > MAXGTRIDSIZE or blen > MAXBQUALSIZE:
        raise r.error(f"XA xid lengths out of range ({glen}, {blen})")
    data = r.bytes(glen + blen)
    if r.remaining():
        raise r.error("trailing bytes in XA_prepare")
    return XaPrepareEvent(h, bool(one_phase), XaXid(fmt, data[:glen], data[glen:]))


def encode_xa_prepare(w: ByteWriter, ev: XaPrepareEvent, ctx: StreamContext) -> None:
    x = ev.xid
    if len(x.gtrid) > MAXGTRIDSIZE or len(x.bqual) > MAXBQUALSIZE:
        raise EncodeError(f"XA xid too long ({len(x.gtrid)}, {len(x.bqual)})")
    w.u8(1 if ev.one_phase else 0)
    w.u32(x.format_id & 0xFFFFFFFF)
    w.u32(len(x.gtrid))
    w.u32(len(x.bqual))
    w.write(x.gtrid + x.bqual)


def new_xa_prepare_event(xid: XaXid, *, timestamp: int, server_id: int, one_phase: bool = False) -> XaPrepareEvent:
    """The event as MariaDB 10.11 writes it: header flags 0 (observed)."""
    return XaPrepareEvent(EventHeader(timestamp, EventType.XA_PREPARE_LOG_EVENT, server_id, 0, 0, 0), one_phase, xid)


__all__ = ["XaPrepareEvent", "XaXid", "xid_text", "decode_xa_prepare", "encode_xa_prepare", "new_xa_prepare_event",
           "MAXGTRIDSIZE", "MAXBQUALSIZE"]
