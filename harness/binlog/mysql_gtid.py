"""MySQL 8.0 GTID events: Gtid (33), Anonymous_gtid (34), Previous_gtids (35).

MySQL opens every transaction with a Gtid event (GTID_MODE=ON) or an
Anonymous_gtid event (GTID_MODE=OFF, WL#7592 FR1); both share one body
layout. Every binlog file starts with Format_description + Previous_gtids
(FR2), the latter holding the set of GTIDs logged in all earlier files.

Gtid/Anonymous_gtid body (MySQL 8.0, ``libbinlogevents`` ``Gtid_event``)::

    gtid_flags u8            1 = FLAG_MAY_HAVE_SBR (cleared if only row events)
    sid        16 bytes      server UUID (all zero for Anonymous_gtid)
    gno        i64           1.. for Gtid, 0 for Anonymous_gtid
    ---- post-header (42 bytes) ends here --------------------------------
    lc_typecode u8           2 = LOGICAL_TIMESTAMP_TYPECODE
    last_committed  i64
    sequence_number i64
    immediate_commit_timestamp  7 bytes, bit 55 set => original follows
    [original_commit_timestamp  7 bytes]
    transaction_length  packed int (net_store_length), includes this event
    immediate_server_version u32, bit 31 set => original follows
    [original_server_version u32]
    [commit_group_ticket u64]  only when set (8.0.33+ BGC ticket)

Previous_gtids body (untagged format, 8.0)::

    n_sids u64, then per sid: uuid(16) n_intervals u64 {start u64, end u64}*
    (``end`` is exclusive, as in Gtid_set::encode)

Every optional trailing part is kept with a presence flag so that a decoded
event re-encodes byte-identically, including events from 5.7 masters.
"""

from __future__ import annotations

import uuid as _uuid
from dataclasses import dataclass, field

from .bytes_io import ByteReader, ByteWriter
from .constants import EventType, HeaderFlag
from .context import StreamContext
from .codec_errors import EncodeError
from .header import Event, EventHeader

GTID_POST_HEADER_LEN = 42
LOGICAL_TIMESTAMP_TYPECODE = 2
FLAG_MAY_HAVE_SBR = 1
_TS_FLAG = 1 << 55
_SV_FLAG = 1 << 31
_TS_MASK = _TS_FLAG - 1
_SV_MASK = _SV_FLAG - 1
ANONYMOUS_SID = bytes(16)
UNDEFINED_SERVER_VERSION = 999999


def uuid_text(sid: bytes) -> str:
    """``3e11fa47-71ca-11e1-9e33-c80aa9429562`` for 16 raw bytes."""
    return str(_uuid.UUID(bytes=bytes(sid)))


def uuid_bytes(text: str) -> bytes:
    return _uuid.UUID(text).bytes


def server_version_number(version: str) -> int:
    """``8.0.40`` -> 80040 (the encoding of immediate/original_server_version)."""
    parts = version.split("-", 1)[0].split(".")
    nums = [int("".join(ch for ch in p if ch.isdigit()) or 0) for p in parts[:3]]
    while len(nums) < 3:
        nums.append(0)
    return nums[0] * 10000 + nums[1] * 100 + nums[2]


def packed_int_size(n: int) -> int:
    """Bytes net_store_length() uses for ``n``."""
    if n < 251:
        return 1
    if n < 1 << 16:
        return 3
    if n < 1 << 24:
        return 4
    return 9


@dataclass(slots=True)
class MysqlGtidEvent(Event):
    """Gtid (33) or Anonymous_gtid (34); which one is ``header.type_code``."""

    gtid_flags: int
    sid: bytes  # 16 bytes
    gno: int
    # None: the event ends after the post-header's GNO (MySQL 5.6 layout)
    lc_typecode: int | None = LOGICAL_TIMESTAMP_TYPECODE
    last_committed: int = 0
    sequence_number: int = 0
    # None: no commit timestamps (5.7 masters); the rest is then absent too
    immediate_commit_timestamp: int | None = None
    original_commit_timestamp: int | None = None  # None => equal to immediate
    transaction_length: int | None = None
    immediate_server_version: int | None = None
    original_server_version: int | None = None  # None => equal to immediate
    commit_group_ticket: int | None = None
    # Bytes after the parsed fields (none from a real 8.0 server).
    trailing: bytes = b""

    @property
    def anonymous(self) -> bool:
        return self.header.type_code == EventType.ANONYMOUS_GTID_LOG_EVENT

    @property
    def uuid(self) -> str:
        return uuid_text(self.sid)

    @property
    def gtid(self) -> str:
        """``uuid:gno``, or ``ANONYMOUS`` for an Anonymous_gtid event."""
        return "ANONYMOUS" if self.anonymous else f"{self.uuid}:{self.gno}"

    @property
    def may_have_sbr(self) -> bool:
        return bool(self.gtid_flags & FLAG_MAY_HAVE_SBR)

    @property
    def rbr_only(self) -> bool:
        return not self.may_have_sbr

    def effective_original_commit_timestamp(self) -> int | None:
        if self.original_commit_timestamp is None:
            return self.immediate_commit_timestamp
        return self.original_commit_timestamp

    def effective_original_server_version(self) -> int | None:
        if self.original_server_version is None:
            return self.immediate_server_version
        return self.original_server_version


@dataclass(slots=True)
class GtidInterval:
    start: int
    end: int  # inclusive, as printed (the binary form stores end + 1)


@dataclass(slots=True)
class SidIntervals:
    sid: bytes
    intervals: list[GtidInterval] = field(default_factory=list)

    @property
    def uuid(self) -> str:
        return uuid_text(self.sid)


@dataclass(slots=True)
class PreviousGtidsEvent(Event):
    sids: list[SidIntervals] = field(default_factory=list)
    # Body kept verbatim when it is not the untagged 8.0 encoding (8.3+
    # tagged GTID sets); then ``sids`` is empty and this is re-emitted.
    raw: bytes | None = None

    def gtid_set_text(self, sid_separator: str = ",\n") -> str:
        return format_gtid_set(self.sids, sid_separator)


def format_gtid_set(sids: list[SidIntervals], sid_separator: str = ",\n") -> str:
    """Gtid_set::to_string(): ``uuid:1-5:7``; sids joined by ``,\\n`` (the
    server's default string format, which SHOW BINLOG EVENTS uses)."""
    parts = []
    for s in sids:
        ivs = "".join(f":{i.start}" if i.start == i.end else f":{i.start}-{i.end}" for i in s.intervals)
        parts.append(s.uuid + ivs)
    return sid_separator.join(parts)


def parse_gtid_set(text: str) -> list[SidIntervals]:
    """``uuid:1-5:7,uuid2:3`` -> sids (inverse of :func:`format_gtid_set`)."""
    out: list[SidIntervals] = []
    for chunk in text.replace("\n", "").split(","):
        chunk = chunk.strip()
        if not chunk:
            continue
        u, *ivs = chunk.split(":")
        s = SidIntervals(uuid_bytes(u))
        for iv in ivs:
            a, _, b = iv.partition("-")
            s.intervals.append(GtidInterval(int(a), int(b or a)))
        out.append(s)
    return out


# -- codecs -----------------------------------------------------------------

def decode_mysql_gtid(h: EventHeader, r: ByteReader, ctx: StreamContext) -> MysqlGtidEvent:
    flags = r.u8()
    sid = r.bytes(16)
    gno = r.u64()
    if gno >= 1 << 63:
        raise r.error(f"GNO {gno} out of range")
    ev = MysqlGtidEvent(h, flags, sid, gno, None)
    if not r.remaining():
        return ev
    ev.lc_typecode = r.u8()
    if ev.lc_typecode != LOGICAL_TIMESTAMP_TYPECODE:
        ev.trailing = r.rest()
        return ev
    ev.last_committed = r.u64()
    ev.sequence_number = r.u64()
    if r.remaining() < 7:
        ev.trailing = r.rest()
        return ev
    ts = r.uint_le(7)
    ev.immediate_commit_timestamp = ts & _TS_MASK
    if ts & _TS_FLAG:
        ev.original_commit_timestamp = r.uint_le(7)
    if r.remaining():
        ev.transaction_length = r.packed_int()
    if r.remaining() >= 4:
        sv = r.u32()
        ev.immediate_server_version = sv & _SV_MASK
        if sv & _SV_FLAG:
            ev.original_server_version = r.u32()
        if r.remaining() >= 8:
            ev.commit_group_ticket = r.u64()
    ev.trailing = r.rest()
    return ev


def encode_mysql_gtid(w: ByteWriter, ev: MysqlGtidEvent, ctx: StreamContext) -> None:
    if len(ev.sid) != 16:
        raise EncodeError("Gtid sid must be 16 bytes")
    w.u8(ev.gtid_flags)
    w.write(bytes(ev.sid))
    w.u64(ev.gno)
    if ev.lc_typecode is None:
        w.write(ev.trailing)
        return
    w.u8(ev.lc_typecode)
    if ev.lc_typecode != LOGICAL_TIMESTAMP_TYPECODE:
        w.write(ev.trailing)
        return
    w.u64(ev.last_committed & 0xFFFFFFFFFFFFFFFF)
    w.u64(ev.sequence_number & 0xFFFFFFFFFFFFFFFF)
    if ev.immediate_commit_timestamp is not None:
        ts = ev.immediate_commit_timestamp & _TS_MASK
        orig = ev.original_commit_timestamp
        if orig is not None:
            w.uint_le(ts | _TS_FLAG, 7)
            w.uint_le(orig & _TS_MASK, 7)
        else:
            w.uint_le(ts, 7)
        if ev.transaction_length is not None:
            w.packed_int(ev.transaction_length)
            if ev.immediate_server_version is not None:
                sv = ev.immediate_server_version & _SV_MASK
                if ev.original_server_version is not None:
                    w.u32(sv | _SV_FLAG)
                    w.u32(ev.original_server_version & 0xFFFFFFFF)
                else:
                    w.u32(sv)
                if ev.commit_group_ticket is not None:
                    w.u64(ev.commit_group_ticket)
    w.write(ev.trailing)


def decode_previous_gtids(h: EventHeader, r: ByteReader, ctx: StreamContext) -> PreviousGtidsEvent:
    body = r.rest()
    br = ByteReader(body)
    if len(body) < 8:
        raise r.error("Previous_gtids body shorter than 8 bytes")
    n = br.u64()
    if n >> 56:  # 8.3+ tagged GTID set format: keep verbatim
        return PreviousGtidsEvent(h, [], body)
    if n * 24 > br.remaining():
        raise r.error(f"Previous_gtids announces {n} sids, {br.remaining()} bytes left")
    sids = []
    for _ in range(n):
        sid = br.bytes(16)
        k = br.u64()
        if k * 16 > br.remaining():
            raise r.error(f"Previous_gtids announces {k} intervals, {br.remaining()} bytes left")
        ivs = []
        for _ in range(k):
            a = br.u64()
            b = br.u64()
            ivs.append(GtidInterval(a, b - 1))
        sids.append(SidIntervals(sid, ivs))
    if br.remaining():
        return PreviousGtidsEvent(h, [], body)
    return PreviousGtidsEvent(h, sids, None)


def encode_previous_gtids(w: ByteWriter, ev: PreviousGtidsEvent, ctx: StreamContext) -> None:
    if ev.raw is not None:
        w.write(ev.raw)
        return
    w.u64(len(ev.sids))
    for s in ev.sids:
        w.write(bytes(s.sid))
        w.u64(len(s.intervals))
        for i in s.intervals:
            w.u64(i.start)
            w.u64(i.end + 1)


# -- factories --------------------------------------------------------------

def new_mysql_gtid_event(
    *,
    timestamp: int,
    server_id: int,
    server_uuid: str | bytes | None = None,
    gno: int = 0,
    last_committed: int = 0,
    sequence_number: int = 1,
    commit_timestamp_us: int | None = None,
    original_commit_timestamp_us: int | None = None,
    transaction_length: int = 0,
    server_version: int = 80040,
    original_server_version: int | None = None,
    may_have_sbr: bool = False,
) -> MysqlGtidEvent:
    """A Gtid event (``server_uuid`` given) or Anonymous_gtid (``server_uuid=None``)
    as MySQL 8.0 writes it on the originating server.

    ``commit_timestamp_us`` is microseconds since the epoch (default:
    ``timestamp * 10**6``); on the originating server immediate == original,
    so only one 7-byte timestamp and one server version are written.
    ``transaction_length`` must be the size of the whole transaction,
    including this event: use :func:`set_transaction_length` once the group
    is built. Header flags are 0 (what 8.0 writes).
    """
    if server_uuid is None:
        tc, sid, gno = EventType.ANONYMOUS_GTID_LOG_EVENT, ANONYMOUS_SID, 0
    else:
        tc = EventType.GTID_LOG_EVENT
        sid = uuid_bytes(server_uuid) if isinstance(server_uuid, str) else bytes(server_uuid)
        if gno < 1:
            raise EncodeError("a Gtid event needs gno >= 1")
    ts = timestamp * 1_000_000 if commit_timestamp_us is None else commit_timestamp_us
    h = EventHeader(timestamp, tc, server_id, 0, 0, 0)
    return MysqlGtidEvent(
        h, FLAG_MAY_HAVE_SBR if may_have_sbr else 0, sid, gno, LOGICAL_TIMESTAMP_TYPECODE,
        last_committed, sequence_number, ts,
        original_commit_timestamp_us if original_commit_timestamp_us not in (None, ts) else None,
        transaction_length, server_version,
        original_server_version if original_server_version not in (None, server_version) else None,
    )


def gtid_event_size(ev: MysqlGtidEvent, *, checksum: bool = True) -> int:
    """Encoded size of ``ev`` (header + body [+ CRC32])."""
    w = ByteWriter()
    encode_mysql_gtid(w, ev, StreamContext())
    return 19 + len(w.getvalue()) + (4 if checksum else 0)


def set_transaction_length(ev: MysqlGtidEvent, rest_size: int, *, checksum: bool = True) -> int:
    """Set ``ev.transaction_length`` = its own size + ``rest_size`` (bytes of the
    other events of the transaction), accounting for the packed length field
    growing with its own value (Gtid_event::update_untagged_transaction_length)."""
    ev.transaction_length = 0
    base = gtid_event_size(ev, checksum=checksum) - 1  # without the length field
    total = base + rest_size
    n = packed_int_size(total + 1)
    while packed_int_size(total + n) != n:
        n = packed_int_size(total + n)
    ev.transaction_length = total + n
    return ev.transaction_length


def new_previous_gtids_event(
    gtid_set: str | list[SidIntervals] = "",
    *,
    timestamp: int,
    server_id: int,
    flags: int = HeaderFlag.IGNORABLE,
) -> PreviousGtidsEvent:
    """Previous_gtids as MySQL 8.0 writes it after the FDE (``""`` = empty set,
    a 31-byte event with CRC32)."""
    sids = parse_gtid_set(gtid_set) if isinstance(gtid_set, str) else list(gtid_set)
    h = EventHeader(timestamp, EventType.PREVIOUS_GTIDS_LOG_EVENT, server_id, 0, 0, int(flags))
    return PreviousGtidsEvent(h, sids, None)
