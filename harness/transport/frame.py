"""Transport frames (seed 003, "The missing pieces in the protobuf binary log").

One frame per message::

    +--------+------+-----------------+--------+
    | length | type | message         | CRC-32 |
    +--------+------+-----------------+--------+
      1/3/5    1      length bytes      4

* **length** -- the message's length only (not the tag, the checksum or the
  length itself), in the seed's encoding (:mod:`harness.transport.length`);
* **type** -- one byte: 1 Start, 2 Chain, 3 Query, 4 Commit, 5 Rollback
  (0 and 6..255 are unknown and rejected);
* **message** -- the protobuf wire bytes (:mod:`harness.transport.messages`);
* **CRC-32** -- 4 raw bytes (the seed prefers fixed bytes to a varint, so a
  corrupted checksum cannot make the frame unreadable). It is the IEEE
  CRC-32 (``zlib.crc32``) of *everything before it in the frame* -- length
  bytes, type tag and message -- so a flipped bit in the length or the tag is
  caught too, not only in the message. Byte order: **little-endian**, the
  order of the MariaDB binlog's own CRC32 footer and of the seed's own
  multi-byte length, so the whole frame has one byte order.

A stream is frames back to back, no file header. Reading checks, in this
order: the length can be decoded and is >= 2, the frame fits in the stream,
the CRC matches, the tag is known, the message decodes. Each failure is a
:class:`FrameError` subclass naming the byte offset of the frame (and the
frame's index).
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from typing import Any, BinaryIO, Iterable, Iterator

from .length import MIN_LENGTH, LengthError, decode_length, encode_length
from .messages import MESSAGE_TYPES, MessageError, decode_message, encode_message

_CRC = struct.Struct("<I")
CRC_LEN = 4


class FrameError(ValueError):
    """A frame that cannot be read; ``offset`` is where the frame starts."""

    def __init__(self, reason: str, offset: int, index: int | None = None) -> None:
        self.reason = reason
        self.offset = offset
        self.index = index
        where = f"frame at offset {offset}" + (f" (#{index})" if index is not None else "")
        super().__init__(f"{reason} ({where})")

    def __reduce__(self):
        return (self.__class__, (self.reason, self.offset, self.index))


class TruncatedFrameError(FrameError):
    """The stream ends inside a frame."""


class BadLengthError(FrameError):
    """The length field cannot be decoded or is impossible (< 2)."""


class FrameChecksumError(FrameError):
    """The stored CRC-32 does not match the frame's bytes."""


class UnknownTypeError(FrameError):
    """The type tag names no message of the schema."""


class BadMessageError(FrameError):
    """The CRC is right but the message bytes do not decode as the tagged type."""


@dataclass
class Frame:
    offset: int  # where the frame starts in the stream
    size: int  # bytes of the whole frame
    tag: int
    message: Any


def encode_frame(msg: Any) -> bytes:
    body = encode_message(msg)
    head = encode_length(len(body)) + bytes((msg.TAG,))
    data = head + body
    return data + _CRC.pack(zlib.crc32(data))


def write_frames(messages: Iterable[Any], out: BinaryIO) -> int:
    """Write one frame per message to ``out``; returns the number of frames."""
    n = 0
    for msg in messages:
        out.write(encode_frame(msg))
        n += 1
    return n


def read_frame(buf: bytes | memoryview, pos: int = 0, *, index: int | None = None) -> Frame:
    """The frame starting at ``buf[pos]``."""
    n = len(buf)
    try:
        length, p = decode_length(buf, pos)
    except LengthError as e:
        cls = TruncatedFrameError if "truncated" in e.reason else BadLengthError
        raise cls(f"bad length field: {e.reason}", pos, index) from None
    if length < MIN_LENGTH:
        raise BadLengthError(f"message length {length} < {MIN_LENGTH}", pos, index)
    end = p + 1 + length + CRC_LEN
    if end > n:
        raise TruncatedFrameError(f"frame needs {end - pos} bytes, {n - pos} left "
                                  f"(message length {length})", pos, index)
    body_end = end - CRC_LEN
    stored = _CRC.unpack_from(buf, body_end)[0]
    calc = zlib.crc32(buf[pos:body_end])
    if stored != calc:
        raise FrameChecksumError(f"CRC-32 mismatch: stored {stored:#010x}, computed "
                                 f"{calc:#010x}", pos, index)
    tag = buf[p]
    cls = MESSAGE_TYPES.get(tag)
    if cls is None:
        raise UnknownTypeError(f"unknown type tag {tag}", pos, index)
    try:
        msg = decode_message(cls, buf, p + 1, body_end)
    except MessageError as e:
        raise BadMessageError(f"{cls.__name__}: {e.reason}"
                              + (f" at byte {e.offset}" if e.offset is not None else ""),
                              pos, index) from None
    return Frame(pos, end - pos, tag, msg)


def iter_frames(data: bytes | bytearray | memoryview) -> Iterator[Frame]:
    """Every frame of a stream, in order; raises :class:`FrameError` on the first bad one."""
    buf = bytes(data)
    pos = 0
    i = 0
    while pos < len(buf):
        f = read_frame(buf, pos, index=i)
        yield f
        pos += f.size
        i += 1


def read_frames(source: str | bytes | bytearray | memoryview | BinaryIO) -> list[Frame]:
    """All frames of a file path, byte string or binary file object."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
    elif isinstance(source, str) or hasattr(source, "__fspath__"):
        with open(source, "rb") as f:  # type: ignore[arg-type]
            data = f.read()
    else:
        data = source.read()
    return list(iter_frames(data))
