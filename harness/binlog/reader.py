"""BinlogReader: iterate the events of a binlog file or byte stream.

The reader is the one owner of stream state (Format_description, checksum
algorithm, table maps); everything it yields has been CRC-checked. Any
malformed input -- bad magic, truncation, checksum mismatch, impossible
field values -- raises :class:`DecodeError` naming the absolute offset and
the event type, never another exception type.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import BinaryIO, Iterator

from .codec import decode_event
from .constants import BINLOG_MAGIC
from .context import StreamContext
from .codec_errors import DecodeError
from .fast import FastDecoder
from .header import Event


@dataclass(slots=True)
class BinlogEntry:
    """One event with where it came from and its exact bytes."""

    pos: int
    event: Event
    raw: bytes

    @property
    def end_pos(self) -> int:
        return self.pos + len(self.raw)


class BinlogReader:
    def __init__(
        self,
        source: str | os.PathLike[str] | bytes | bytearray | memoryview | BinaryIO,
        *,
        verify_checksum: bool = True,
        has_magic: bool = True,
        ctx: StreamContext | None = None,
        fast: bool = True,
    ) -> None:
        if isinstance(source, (str, os.PathLike)):
            with open(source, "rb") as f:
                data = f.read()
            self.name: str | None = os.path.basename(os.fspath(source))
        elif isinstance(source, (bytes, bytearray, memoryview)):
            data = bytes(source)
            self.name = None
        else:
            data = source.read()
            self.name = getattr(source, "name", None)
        self.data = data
        self.verify_checksum = verify_checksum
        self.has_magic = has_magic
        self.ctx = ctx if ctx is not None else StreamContext()
        # fast=False: every event through decode_event (the reference path
        # the fast path must agree with; see harness/binlog/fast.py)
        self.fast = fast

    def _start(self) -> int:
        if self.has_magic:
            data = self.data
            if len(data) < 4 or data[:4] != BINLOG_MAGIC:
                raise DecodeError("not a binlog file (bad magic)", 0, None)
            return 4
        return 0

    def entries(self) -> Iterator[BinlogEntry]:
        pos = self._start()
        if self.fast:
            for p, ev, raw in FastDecoder(self.ctx).iter(self.data, pos, self.verify_checksum):
                yield BinlogEntry(p, ev, raw)
            return
        data = self.data
        mv = memoryview(data)
        n = len(data)
        ctx = self.ctx
        verify = self.verify_checksum
        while pos < n:
            ev = decode_event(mv, pos, ctx, verify_checksum=verify)
            size = ev.header.event_size
            yield BinlogEntry(pos, ev, data[pos : pos + size])
            pos += size

    def __iter__(self) -> Iterator[Event]:
        if self.fast:
            pos = self._start()
            yield from FastDecoder(self.ctx).iter(self.data, pos, self.verify_checksum, False)
            return
        for e in self.entries():
            yield e.event


def read_binlog_file(path: str | os.PathLike[str], *, verify_checksum: bool = True) -> list[Event]:
    return list(BinlogReader(path, verify_checksum=verify_checksum))
