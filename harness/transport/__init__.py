"""Seed 003's protobuf binary-log transport: frames (length, type tag,
message, CRC-32), the six messages of its schema, and an exporter from
MariaDB binlogs. See frame.py (format), messages.py (schema codec),
length.py (length encoding), export.py (event → message mapping)."""

from .export import ExportError, ExportStats, binlog_messages, export_binlog, export_binlogs
from .frame import (
    BadLengthError, BadMessageError, Frame, FrameChecksumError, FrameError, TruncatedFrameError,
    UnknownTypeError, encode_frame, iter_frames, read_frame, read_frames, write_frames,
)
from .length import LengthError, decode_length, encode_length
from .messages import (
    MESSAGE_TYPES, Chain, Commit, Header, MessageError, Query, Rollback, Start, Variable,
    decode_message, encode_message, message_fields,
)

__all__ = [n for n in dir() if not n.startswith("_")]
