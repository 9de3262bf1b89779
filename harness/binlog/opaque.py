"""Events we do not model are kept as opaque bytes, never an error.

A binlog from a newer server, or one using features outside the testbed
(LOAD DATA, encryption, compression, MySQL-only events), must still stream
through the reader; such events keep their body verbatim so they re-encode
byte-identically and still show up in records with their type name.
"""

from __future__ import annotations

from dataclasses import dataclass

from .bytes_io import ByteReader, ByteWriter
from .context import StreamContext
from .header import Event, EventHeader


@dataclass(slots=True)
class OpaqueEvent(Event):
    body: bytes


def decode_opaque(h: EventHeader, r: ByteReader, ctx: StreamContext) -> OpaqueEvent:
    return OpaqueEvent(h, r.rest())


def encode_opaque(w: ByteWriter, ev: OpaqueEvent, ctx: StreamContext) -> None:
    w.write(ev.body)
