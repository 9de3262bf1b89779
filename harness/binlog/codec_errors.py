"""Typed errors of the binlog codec.

Callers (reader, pipeline, fuzz tests) rely on one promise: malformed input
only ever surfaces as :class:`DecodeError` (or its subclass
:class:`ChecksumError`), and that error says *where* (absolute file offset)
and *in which event type* it happened, so a bad byte can be found with a hex
dump.
"""

from __future__ import annotations


class BinlogError(Exception):
    """Base of every error raised by ``harness.binlog``."""


class DecodeError(BinlogError):
    """Input bytes cannot be decoded.

    ``offset`` is the absolute offset in the file or stream (None when
    unknown); ``event_type`` is the numeric type code of the event being
    decoded (None before the header was read).
    """

    def __init__(self, reason: str, offset: int | None = None, event_type: int | None = None) -> None:
        self.reason = reason
        self.offset = offset
        self.event_type = event_type
        super().__init__(reason)

    def __str__(self) -> str:
        where = f"offset {self.offset}" if self.offset is not None else "unknown offset"
        if self.event_type is None:
            what = "event type unknown"
        else:
            from .constants import event_type_label

            what = f"event type {event_type_label(self.event_type)}"
        return f"{self.reason} (at {where}, {what})"

    def __reduce__(self):  # keep pickling (multiprocessing, Spark) working
        return (self.__class__, (self.reason, self.offset, self.event_type))


class ChecksumError(DecodeError):
    """The CRC32 footer of an event does not match its bytes."""


class EncodeError(BinlogError):
    """An event cannot be encoded (value out of range, missing table map, ...)."""
