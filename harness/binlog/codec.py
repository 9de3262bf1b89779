"""Whole-event decode/encode: header, dispatch on type code, CRC32 footer.

The per-type codecs only see the body; framing (size, checksum, the
Format_description special cases) is handled once here so that the reader,
the writer and tests all agree on it.
"""

from __future__ import annotations

import struct
import zlib
from typing import Callable

from .bytes_io import ByteReader, ByteWriter
from .constants import CHECKSUM_LEN, HEADER_LEN, ChecksumAlg, EventType as E, HeaderFlag
from .context import StreamContext
from .control import (
    decode_annotate_rows, decode_intvar, decode_rand, decode_rotate, decode_rows_query, decode_stop,
    decode_user_var, decode_xid, encode_annotate_rows, encode_intvar, encode_rand,
    encode_rotate, encode_rows_query, encode_stop, encode_user_var, encode_xid,
)
from .codec_errors import BinlogError, ChecksumError, DecodeError, EncodeError
from .fde import FormatDescriptionEvent, decode_format_description, encode_format_description, fde_has_checksum_alg
from .gtid import (
    decode_binlog_checkpoint, decode_gtid, decode_gtid_list, encode_binlog_checkpoint,
    encode_gtid, encode_gtid_list,
)
from .header import Event, EventHeader, pack_header
from .layout import HEADER
from .load import (
    decode_append_block, decode_delete_file, decode_execute_load_query, encode_append_block,
    encode_delete_file, encode_execute_load_query,
)
from .mysql_gtid import decode_mysql_gtid, decode_previous_gtids, encode_mysql_gtid, encode_previous_gtids
from .opaque import OpaqueEvent, decode_opaque, encode_opaque
from .query import decode_query, encode_query
from .rows import TableMapEvent, decode_rows, decode_table_map, encode_rows, encode_table_map
from .xa import decode_xa_prepare, encode_xa_prepare

Decoder = Callable[[EventHeader, ByteReader, StreamContext], Event]
Encoder = Callable[[ByteWriter, Event, StreamContext], None]

CODECS: dict[int, tuple[Decoder, Encoder]] = {
    E.FORMAT_DESCRIPTION_EVENT: (decode_format_description, encode_format_description),
    E.QUERY_EVENT: (decode_query, encode_query),
    E.STOP_EVENT: (decode_stop, encode_stop),
    E.ROTATE_EVENT: (decode_rotate, encode_rotate),
    E.INTVAR_EVENT: (decode_intvar, encode_intvar),
    E.RAND_EVENT: (decode_rand, encode_rand),
    E.USER_VAR_EVENT: (decode_user_var, encode_user_var),
    E.XID_EVENT: (decode_xid, encode_xid),
    E.TABLE_MAP_EVENT: (decode_table_map, encode_table_map),
    E.PRE_GA_WRITE_ROWS_EVENT: (decode_rows, encode_rows),
    E.PRE_GA_UPDATE_ROWS_EVENT: (decode_rows, encode_rows),
    E.PRE_GA_DELETE_ROWS_EVENT: (decode_rows, encode_rows),
    E.WRITE_ROWS_EVENT_V1: (decode_rows, encode_rows),
    E.UPDATE_ROWS_EVENT_V1: (decode_rows, encode_rows),
    E.DELETE_ROWS_EVENT_V1: (decode_rows, encode_rows),
    E.ANNOTATE_ROWS_EVENT: (decode_annotate_rows, encode_annotate_rows),
    E.BINLOG_CHECKPOINT_EVENT: (decode_binlog_checkpoint, encode_binlog_checkpoint),
    E.GTID_EVENT: (decode_gtid, encode_gtid),
    E.GTID_LIST_EVENT: (decode_gtid_list, encode_gtid_list),
    E.XA_PREPARE_LOG_EVENT: (decode_xa_prepare, encode_xa_prepare),
    E.BEGIN_LOAD_QUERY_EVENT: (decode_append_block, encode_append_block),
    E.APPEND_BLOCK_EVENT: (decode_append_block, encode_append_block),
    E.DELETE_FILE_EVENT: (decode_delete_file, encode_delete_file),
    E.EXECUTE_LOAD_QUERY_EVENT: (decode_execute_load_query, encode_execute_load_query),
    # MySQL 5.7/8.0 events (rows v2: rows.py; Gtid: mysql_gtid.py)
    E.ROWS_QUERY_LOG_EVENT: (decode_rows_query, encode_rows_query),
    E.WRITE_ROWS_EVENT: (decode_rows, encode_rows),
    E.UPDATE_ROWS_EVENT: (decode_rows, encode_rows),
    E.DELETE_ROWS_EVENT: (decode_rows, encode_rows),
    E.GTID_LOG_EVENT: (decode_mysql_gtid, encode_mysql_gtid),
    E.ANONYMOUS_GTID_LOG_EVENT: (decode_mysql_gtid, encode_mysql_gtid),
    E.PREVIOUS_GTIDS_LOG_EVENT: (decode_previous_gtids, encode_previous_gtids),
}
_CODECS_I = {int(k): v for k, v in CODECS.items()}
# Fixed-size bodies: anything else there is corruption, not padding.
_FDE = int(E.FORMAT_DESCRIPTION_EVENT)
_HEADER = HEADER.struct  # the declared common header (layout.HEADER)
_U32 = struct.Struct("<I")
_IN_USE = int(HeaderFlag.BINLOG_IN_USE)


def event_crc(data: bytes | memoryview, type_code: int) -> int:
    """CRC32 of header+body; an FDE is checksummed with BINLOG_IN_USE cleared
    so the server can clear the flag on close without rewriting the CRC."""
    if type_code == _FDE and data[17] & _IN_USE:
        b = bytearray(data)
        b[17] &= ~_IN_USE & 0xFF
        return zlib.crc32(b)
    return zlib.crc32(data)


def _fde_checksum_alg(buf: memoryview, pos: int, size: int, base: int) -> int | None:
    """Checksum alg of an FDE at ``pos``, or None if its server predates it."""
    vstart = pos + HEADER_LEN + 2
    if size < HEADER_LEN + 2 + 50 + 4 + 1 + 1 + CHECKSUM_LEN:
        version = bytes(buf[vstart : pos + size]).split(b"\x00", 1)[0].decode("ascii", "replace")
        if fde_has_checksum_alg(version):
            raise DecodeError("Format_description event too short", base + pos, _FDE)
        return None
    version = bytes(buf[vstart : vstart + 50]).split(b"\x00", 1)[0].decode("ascii", "replace")
    if not fde_has_checksum_alg(version):
        return None
    return buf[pos + size - CHECKSUM_LEN - 1]


def decode_event(
    buf: bytes | memoryview,
    pos: int,
    ctx: StreamContext,
    *,
    base: int = 0,
    verify_checksum: bool = True,
) -> Event:
    """Decode the event starting at ``buf[pos]`` and update ``ctx``.

    ``base`` is added to buffer offsets in errors (absolute file offset).
    Installs a Format_description into ``ctx`` and records Table_maps.
    """
    mv = buf if isinstance(buf, memoryview) else memoryview(buf)
    avail = len(mv) - pos
    if avail < HEADER_LEN:
        raise DecodeError(f"truncated event header: {avail} of {HEADER_LEN} bytes", base + pos, None)
    ts, tc, sid, size, log_pos, flags = _HEADER.unpack_from(mv, pos)
    if size < HEADER_LEN:
        raise DecodeError(f"event size {size} smaller than the header", base + pos, tc)
    if size > avail:
        raise DecodeError(f"truncated event: size {size}, {avail} bytes left", base + pos, tc)
    h = EventHeader(ts, tc, sid, size, log_pos, flags)
    if tc == _FDE:
        alg = _fde_checksum_alg(mv, pos, size, base)
        has_crc = alg is not None
        do_verify = alg == ChecksumAlg.CRC32
    else:
        has_crc = ctx.checksum_alg == ChecksumAlg.CRC32
        do_verify = has_crc
    body_end = pos + size - (CHECKSUM_LEN if has_crc else 0)
    if body_end < pos + HEADER_LEN:
        raise DecodeError("event too short for its checksum", base + pos, tc)
    if do_verify and verify_checksum:
        stored = _U32.unpack_from(mv, body_end)[0]
        calc = event_crc(mv[pos:body_end], tc)
        if stored != calc:
            raise ChecksumError(
                f"CRC32 mismatch: stored {stored:#010x}, computed {calc:#010x}", base + pos, tc
            )
    codec = _CODECS_I.get(tc)
    r = ByteReader(mv, pos + HEADER_LEN, body_end, base=base, event_type=tc)
    try:
        if codec is None:
            ev = decode_opaque(h, r, ctx)
        else:
            ev = codec[0](h, r, ctx)
            if r.pos != r.end:
                raise r.error(f"{r.end - r.pos} unexpected trailing bytes")
    except BinlogError:
        raise
    except (ValueError, IndexError, KeyError, OverflowError, TypeError, struct.error) as e:
        raise DecodeError(f"malformed event body: {e}", base + r.pos, tc) from e
    if tc == _FDE:
        assert isinstance(ev, FormatDescriptionEvent)
        ctx.fde = ev
        ctx.checksum_alg = ev.checksum_alg if ev.checksum_alg is not None else ChecksumAlg.OFF
        ctx.table_maps.clear()
    elif isinstance(ev, TableMapEvent):
        ctx.table_maps[ev.table_id] = ev
    return ev


def encode_event(ev: Event, ctx: StreamContext, *, at: int | None = None) -> bytes:
    """Full event bytes (header, body, CRC32 footer when the stream has one).

    Sets ``ev.header.event_size``; with ``at`` (the event's start offset)
    also sets ``log_pos`` to the end offset, as the server does, otherwise
    keeps the header's ``log_pos``. Updates ``ctx`` like decoding would.
    """
    h = ev.header
    tc = h.type_code
    codec = _CODECS_I.get(tc)
    w = ByteWriter()
    if isinstance(ev, OpaqueEvent):
        encode_opaque(w, ev, ctx)
    elif codec is None:
        raise EncodeError(f"no encoder for event type {tc}")
    else:
        codec[1](w, ev, ctx)
    body = w.getvalue()
    if tc == _FDE:
        assert isinstance(ev, FormatDescriptionEvent)
        has_crc = ev.checksum_alg is not None
        alg = ev.checksum_alg if ev.checksum_alg is not None else ChecksumAlg.OFF
    else:
        alg = ctx.checksum_alg
        has_crc = alg == ChecksumAlg.CRC32
    size = HEADER_LEN + len(body) + (CHECKSUM_LEN if has_crc else 0)
    h.event_size = size
    if at is not None:
        h.log_pos = at + size
    data = pack_header(h) + body
    if has_crc:
        # A Format_description always carries a real CRC32 after its algorithm byte, also
        # when the algorithm it announces is OFF (observed on 10.11.19 after SET GLOBAL
        # binlog_checksum=NONE: the new file's FDE ends in the CRC32 of its bytes).
        crc = event_crc(data, tc) if alg == ChecksumAlg.CRC32 or tc == _FDE else 0
        data += _U32.pack(crc)
    if tc == _FDE:
        ctx.fde = ev  # type: ignore[assignment]
        ctx.checksum_alg = alg
        ctx.table_maps.clear()
    elif isinstance(ev, TableMapEvent):
        ctx.table_maps[ev.table_id] = ev
    return data
