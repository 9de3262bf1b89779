"""MariaDB GTID events: Gtid (162), Gtid_list (163), Binlog_checkpoint (161).

A Gtid event opens every event group (replacing the old ``BEGIN`` Query);
its ``flags2`` byte tells the replica whether the group is standalone DDL,
transactional, may run in parallel, etc. Gtid_list at file start records the
binlog state so a replica can find its position; Binlog_checkpoint names the
oldest file crash recovery still needs.
"""

from __future__ import annotations

from dataclasses import dataclass

from .bytes_io import ByteReader, ByteWriter
from .constants import EventType, GtidExtraFlag, GtidFlag
from .context import StreamContext
from .codec_errors import EncodeError
from .header import Event, EventHeader
from .layout import GTID, GTID_HEADER_LEN
_XA_FLAGS = GtidFlag.FL_PREPARED_XA | GtidFlag.FL_COMPLETED_XA


@dataclass(slots=True, frozen=True)
class XaXid:
    format_id: int
    gtrid: bytes
    bqual: bytes


@dataclass(slots=True)
class GtidEvent(Event):
    """Domain-server-seq; the server id is ``header.server_id``."""

    seq_no: int
    domain_id: int
    flags2: int
    commit_id: int | None = None  # present iff FL_GROUP_COMMIT_ID
    xa_xid: XaXid | None = None  # present iff FL_PREPARED_XA / FL_COMPLETED_XA
    flags_extra: int = 0
    extra_engines: int | None = None  # iff FL_EXTRA_MULTI_ENGINE_E1
    sa_seq_no: int | None = None  # iff FL_COMMIT_ALTER_E1 / FL_ROLLBACK_ALTER_E1
    thread_id: int | None = None  # iff FL_EXTRA_THREAD_ID (MariaDB 11.5+)
    # Bytes after the parsed fields, kept for byte-exact round trips; None
    # means "zero-pad to the 19-byte post-header like the server".
    padding: bytes | None = None

    @property
    def server_id(self) -> int:
        return self.header.server_id

    @property
    def gtid(self) -> str:
        return f"{self.domain_id}-{self.header.server_id}-{self.seq_no}"


@dataclass(slots=True, frozen=True)
class Gtid:
    domain_id: int
    server_id: int
    seq_no: int

    def __str__(self) -> str:
        return f"{self.domain_id}-{self.server_id}-{self.seq_no}"


@dataclass(slots=True)
class GtidListEvent(Event):
    gtids: list[Gtid]
    list_flags: int = 0  # top 4 bits of the count word
    # Trailing bytes after the list. MariaDB 10.11 writes two zero bytes
    # after an empty list; None means "what the server would write".
    padding: bytes | None = None


@dataclass(slots=True)
class BinlogCheckpointEvent(Event):
    binlog_file: str


def decode_gtid(h: EventHeader, r: ByteReader, ctx: StreamContext) -> GtidEvent:
    seq_no, domain_id, flags2 = GTID.read_prefix(r)
    commit_id = None
    xa = None
    if flags2 & GtidFlag.FL_GROUP_COMMIT_ID:
        commit_id = r.u64()
    if flags2 & _XA_FLAGS:
        fmt = r.u32()
        glen = r.u8()
        blen = r.u8()
        if glen > 64 or blen > 64:
            raise r.error(f"XA xid lengths out of range ({glen}, {blen})")
        data = r.bytes(glen + blen)
        xa = XaXid(fmt, data[:glen], data[glen:])
    flags_extra = 0
    extra_engines = sa_seq_no = thread_id = None
    if r.remaining() and r.buf[r.pos] != 0:
        flags_extra = r.u8()
        if flags_extra & GtidExtraFlag.FL_EXTRA_MULTI_ENGINE_E1:
            extra_engines = r.u8()
        if flags_extra & (GtidExtraFlag.FL_COMMIT_ALTER_E1 | GtidExtraFlag.FL_ROLLBACK_ALTER_E1):
            sa_seq_no = r.u64()
        if flags_extra & GtidExtraFlag.FL_EXTRA_THREAD_ID:
            thread_id = r.u32()
    padding = r.rest()
    return GtidEvent(h, seq_no, domain_id, flags2, commit_id, xa, flags_extra, extra_engines, sa_seq_no,
                     thread_id, padding)


def encode_gtid(w: ByteWriter, ev: GtidEvent, ctx: StreamContext) -> None:
    start = len(w)
    GTID.write_prefix(w, ev.seq_no, ev.domain_id, ev.flags2)
    if ev.flags2 & GtidFlag.FL_GROUP_COMMIT_ID:
        if ev.commit_id is None:
            raise EncodeError("FL_GROUP_COMMIT_ID set but commit_id is None")
        w.u64(ev.commit_id)
    if ev.flags2 & _XA_FLAGS:
        if ev.xa_xid is None:
            raise EncodeError("XA flag set but xa_xid is None")
        w.u32(ev.xa_xid.format_id & 0xFFFFFFFF)
        w.u8(len(ev.xa_xid.gtrid))
        w.u8(len(ev.xa_xid.bqual))
        w.write(ev.xa_xid.gtrid + ev.xa_xid.bqual)
    if ev.flags_extra:
        w.u8(ev.flags_extra)
        if ev.flags_extra & GtidExtraFlag.FL_EXTRA_MULTI_ENGINE_E1:
            w.u8(ev.extra_engines or 0)
        if ev.flags_extra & (GtidExtraFlag.FL_COMMIT_ALTER_E1 | GtidExtraFlag.FL_ROLLBACK_ALTER_E1):
            w.u64(ev.sa_seq_no or 0)
        if ev.flags_extra & GtidExtraFlag.FL_EXTRA_THREAD_ID:
            w.u32(ev.thread_id or 0)
    if ev.padding is not None:
        w.write(ev.padding)
    else:
        n = len(w) - start
        if n < GTID_HEADER_LEN:
            w.write(bytes(GTID_HEADER_LEN - n))


def decode_gtid_list(h: EventHeader, r: ByteReader, ctx: StreamContext) -> GtidListEvent:
    word = r.u32()
    count = word & 0x0FFFFFFF
    if count * 16 > r.remaining():
        raise r.error(f"Gtid_list announces {count} GTIDs, only {r.remaining()} bytes left")
    gtids = []
    for _ in range(count):
        d = r.u32()
        s = r.u32()
        q = r.u64()
        gtids.append(Gtid(d, s, q))
    return GtidListEvent(h, gtids, word >> 28, r.rest())


def encode_gtid_list(w: ByteWriter, ev: GtidListEvent, ctx: StreamContext) -> None:
    if len(ev.gtids) >= 1 << 28:
        raise EncodeError("too many GTIDs")
    w.u32(len(ev.gtids) | (ev.list_flags << 28))
    for g in ev.gtids:
        w.u32(g.domain_id)
        w.u32(g.server_id)
        w.u64(g.seq_no)
    if ev.padding is not None:
        w.write(ev.padding)
    elif not ev.gtids:
        w.write(b"\x00\x00")


def decode_binlog_checkpoint(h: EventHeader, r: ByteReader, ctx: StreamContext) -> BinlogCheckpointEvent:
    n = r.u32()
    name = r.bytes(n).decode("utf-8", "surrogateescape")
    if r.remaining():
        raise r.error("trailing bytes in Binlog_checkpoint")
    return BinlogCheckpointEvent(h, name)


def encode_binlog_checkpoint(w: ByteWriter, ev: BinlogCheckpointEvent, ctx: StreamContext) -> None:
    b = ev.binlog_file.encode("utf-8", "surrogateescape")
    w.u32(len(b))
    w.write(b)


# -- factories --------------------------------------------------------------

def new_gtid_event(
    domain_id: int,
    server_id: int,
    seq_no: int,
    *,
    timestamp: int,
    standalone: bool = False,
    transactional: bool = False,
    ddl: bool = False,
    allow_parallel: bool = True,
    waited: bool = False,
    commit_id: int | None = None,
    flags_extra: int = 0,
    extra_engines: int | None = None,
    xa_xid: XaXid | None = None,
    xa_completed: bool = False,
) -> GtidEvent:
    """A Gtid event with the flags MariaDB 10.11 computes.

    What 10.11.19 writes (golden captures): a group that only changed
    transactional (InnoDB) tables and ends in Xid: 12 =
    FL_TRANSACTIONAL|FL_ALLOW_PARALLEL; any group that touched MyISAM (ends
    in Query COMMIT, or Xid when mixed with InnoDB) and groups ending in
    ROLLBACK: 8 = FL_ALLOW_PARALLEL; every DDL (CREATE/ALTER/DROP/TRUNCATE
    TABLE, CREATE/DROP DATABASE, CREATE TEMPORARY TABLE): 41 =
    FL_STANDALONE|FL_ALLOW_PARALLEL|FL_DDL, whatever the engine. A group
    writing a temporary table additionally had flags_extra=1
    (FL_EXTRA_MULTI_ENGINE_E1) with extra_engines=255. The header flags
    are LOG_EVENT_SUPPRESS_USE_F (0x8), as the server writes them.

    ``xa_xid``: the group of a user XA transaction carries its xid, with
    FL_PREPARED_XA for the ``XA PREPARE`` group and FL_COMPLETED_XA
    (``xa_completed``) for the ``XA COMMIT`` / ``XA ROLLBACK`` one.
    """
    f = 0
    if standalone:
        f |= GtidFlag.FL_STANDALONE
    if commit_id is not None:
        f |= GtidFlag.FL_GROUP_COMMIT_ID
    if transactional:
        f |= GtidFlag.FL_TRANSACTIONAL
    if allow_parallel:
        f |= GtidFlag.FL_ALLOW_PARALLEL
    if waited:
        f |= GtidFlag.FL_WAITED
    if ddl:
        f |= GtidFlag.FL_DDL
    if xa_xid is not None:
        f |= GtidFlag.FL_COMPLETED_XA if xa_completed else GtidFlag.FL_PREPARED_XA
    h = EventHeader(timestamp, EventType.GTID_EVENT, server_id, 0, 0, 0x8)
    return GtidEvent(h, seq_no, domain_id, int(f), commit_id, xa_xid, flags_extra, extra_engines)


def new_gtid_list_event(gtids: list[Gtid], *, timestamp: int, server_id: int) -> GtidListEvent:
    return GtidListEvent(EventHeader(timestamp, EventType.GTID_LIST_EVENT, server_id, 0, 0, 0), list(gtids))


def new_binlog_checkpoint_event(binlog_file: str, *, timestamp: int, server_id: int) -> BinlogCheckpointEvent:
    return BinlogCheckpointEvent(
        EventHeader(timestamp, EventType.BINLOG_CHECKPOINT_EVENT, server_id, 0, 0, 0), binlog_file
    )
