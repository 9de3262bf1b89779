"""The 19-byte common event header and the :class:`Event` base class.

Every event dataclass carries its header so that a decoded event can be
re-encoded byte-identically (timestamp, flags and ``log_pos`` are part of the
bytes). ``event_size`` and ``log_pos`` are recomputed by the encoder/writer;
on decoded events they are the values read from the file.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from .bytes_io import ByteReader, ByteWriter
from .constants import HEADER_LEN
from .codec_errors import DecodeError, EncodeError
from .layout import HEADER

_HEADER = HEADER.struct  # the declared common header (layout.HEADER)


@dataclass(slots=True)
class EventHeader:
    timestamp: int
    type_code: int
    server_id: int
    event_size: int = 0
    log_pos: int = 0
    flags: int = 0


@dataclass(slots=True)
class Event:
    """Base of all events: the header plus body fields in subclasses."""

    header: EventHeader

    @property
    def type_code(self) -> int:
        return self.header.type_code


def decode_header(buf: bytes | memoryview, pos: int = 0, *, base: int = 0) -> EventHeader:
    """Parse the common header at ``buf[pos:]``."""
    if len(buf) - pos < HEADER_LEN:
        raise DecodeError(
            f"truncated event header: {len(buf) - pos} of {HEADER_LEN} bytes", base + pos, None
        )
    ts, tc, sid, size, log_pos, flags = _HEADER.unpack_from(buf, pos)
    return EventHeader(ts, tc, sid, size, log_pos, flags)


def read_header(r: ByteReader) -> EventHeader:
    ts, tc, sid, size, log_pos, flags = r.unpack(_HEADER)
    return EventHeader(ts, tc, sid, size, log_pos, flags)


def encode_header(w: ByteWriter, h: EventHeader) -> None:
    try:
        w.write(_HEADER.pack(h.timestamp, h.type_code, h.server_id, h.event_size, h.log_pos, h.flags))
    except struct.error as e:
        raise EncodeError(f"header field out of range: {h}") from e


def pack_header(h: EventHeader) -> bytes:
    try:
        return _HEADER.pack(h.timestamp, h.type_code, h.server_id, h.event_size, h.log_pos, h.flags)
    except struct.error as e:
        raise EncodeError(f"header field out of range: {h}") from e
