"""Format_description event: the first event of every binlog file.

It fixes the header length, the post-header length of each event type and the
checksum algorithm for the rest of the file, which is why the reader installs
it into the :class:`StreamContext` as soon as it is decoded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .bytes_io import ByteReader, ByteWriter
from .constants import BINLOG_VERSION, HEADER_LEN, SERVER_VERSION_LEN, ChecksumAlg, EventType
from .context import StreamContext
from .errors import EncodeError
from .header import Event, EventHeader

# Post-header lengths written by MariaDB 10.11.19 (one byte per event type
# 1..N), copied from the captured golden Format_description events.
MARIADB_10_11_POST_HEADER_LENGTHS = bytes.fromhex(
    "380d000800120004040404120000e400041a08000000080808020000000a0a0a"
    "0000000000000a0a0a0000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000"
    "041304000d0808080a0a0a"
)
MARIADB_10_11_SERVER_VERSION = "10.11.19-MariaDB-0+deb12u1-log"


@dataclass(slots=True)
class FormatDescriptionEvent(Event):
    binlog_version: int
    server_version: str
    create_timestamp: int
    header_length: int
    post_header_lengths: bytes
    # None when the server predates checksums (no algorithm byte in the FDE).
    checksum_alg: int | None


def _version_tuple(v: str) -> tuple[int, int, int]:
    m = re.match(r"(\d+)\.(\d+)\.(\d+)", v)
    return (int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else (0, 0, 0)


def fde_has_checksum_alg(server_version: str) -> bool:
    """Servers from MySQL 5.6.1 / MariaDB 5.3 on append the checksum-alg byte."""
    vt = _version_tuple(server_version)
    if "MariaDB" in server_version:
        return vt >= (5, 3, 0)
    return vt >= (5, 6, 1)


def decode_format_description(h: EventHeader, r: ByteReader, ctx: StreamContext) -> FormatDescriptionEvent:
    binlog_version = r.u16()
    raw_version = r.bytes(SERVER_VERSION_LEN)
    server_version = raw_version.split(b"\x00", 1)[0].decode("ascii", "replace")
    create_ts = r.u32()
    header_len = r.u8()
    if fde_has_checksum_alg(server_version):
        n = r.remaining() - 1
        if n < 0:
            raise r.error("format description too short for the checksum algorithm byte")
        phl = r.bytes(n)
        alg = r.u8()
    else:
        phl = r.rest()
        alg = None
    if header_len != HEADER_LEN:
        raise r.error(f"unsupported common header length {header_len}")
    return FormatDescriptionEvent(h, binlog_version, server_version, create_ts, header_len, phl, alg)


def encode_format_description(w: ByteWriter, ev: FormatDescriptionEvent, ctx: StreamContext) -> None:
    w.u16(ev.binlog_version)
    sv = ev.server_version.encode("ascii")
    if len(sv) >= SERVER_VERSION_LEN:
        raise EncodeError("server version too long")
    w.write(sv.ljust(SERVER_VERSION_LEN, b"\x00"))
    w.u32(ev.create_timestamp)
    w.u8(ev.header_length)
    w.write(ev.post_header_lengths)
    if ev.checksum_alg is not None:
        w.u8(ev.checksum_alg)


def new_format_description_event(
    *,
    timestamp: int,
    server_id: int,
    server_version: str = MARIADB_10_11_SERVER_VERSION,
    checksum_alg: int = ChecksumAlg.CRC32,
    create_timestamp: int | None = None,
    flags: int = 0,
) -> FormatDescriptionEvent:
    """An FDE as MariaDB 10.11 writes it at file start.

    MariaDB sets ``create_timestamp`` to 0 except in the first file after
    startup; pass it explicitly to mimic that. ``flags`` should include
    ``HeaderFlag.BINLOG_IN_USE`` for the active file.
    """
    h = EventHeader(timestamp, EventType.FORMAT_DESCRIPTION_EVENT, server_id, 0, 0, flags)
    return FormatDescriptionEvent(
        h, BINLOG_VERSION, server_version,
        timestamp if create_timestamp is None else create_timestamp,
        HEADER_LEN, MARIADB_10_11_POST_HEADER_LENGTHS, checksum_alg,
    )
