"""Format_description event: the first event of every binlog file.

It fixes the header length, the post-header length of each event type and the
checksum algorithm for the rest of the file, which is why the reader installs
it into the :class:`StreamContext` as soon as it is decoded.

The post-header length table is one byte per event type 1..N. MariaDB 10.11's
is copied from captured golden FDEs. MySQL 8.0's length depends on the server
version (LOG_EVENT_TYPES = ENUM_END_EVENT - 1):

* 8.0.2 .. 8.0.19: 39 types (..PARTIAL_UPDATE_ROWS_EVENT) -> FDE 120 bytes
* 8.0.20 .. 8.0.27: 40 types (+TRANSACTION_PAYLOAD_EVENT)  -> FDE 121 bytes
* 8.0.28 .. 8.0.x : 41 types (+HEARTBEAT_LOG_EVENT_V2)     -> FDE 122 bytes

(with CRC32). Checked against real FDEs: 8.0.18 (120 bytes), 8.0.27 (121) and
8.0.35 (122, ends at 126 so an empty Previous_gtids ends at 157) -- see
tests/binlog/test_mysql80.py. Entry 40 is 0x28: the server puts the *type
code* TRANSACTION_PAYLOAD_EVENT (40) in the table, not its post-header length
(0); copied as written. Entry 15 (the FDE's own post-header) is 56 + 1 + N.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial

from .bytes_io import ByteReader, ByteWriter
from .constants import MARIADB_10_11, MYSQL_8_0, BINLOG_VERSION, HEADER_LEN, SERVER_VERSION_LEN, ChecksumAlg, EventType
from .context import StreamContext
from .codec_errors import EncodeError
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
MYSQL_8_0_SERVER_VERSION = "8.0.40"
# Debian sid's mysql-server-core 9.7.4-2 (the FDE and SELECT VERSION() say exactly this)
MYSQL_9_7_SERVER_VERSION = "9.7.4-2"
# Debian trixie's mariadb-server 11.8 (the FDE's server version; observed)
MARIADB_11_8_SERVER_VERSION = "11.8.9-MariaDB-0+deb13u1 from Debian-log"

# MySQL 8.0 types 1..41 (8.0.28+); shorter prefixes for older 8.0 releases.
_MYSQL_PHL_41 = bytes([
    0, 13, 0, 8, 0, 0, 0, 0, 4, 0,      # 1..10  START_V3 QUERY STOP ROTATE INTVAR LOAD SLAVE CREATE_FILE APPEND_BLOCK EXEC_LOAD
    4, 0, 0, 0, 0, 0, 4, 26, 8, 0,      # 11..20 DELETE_FILE NEW_LOAD RAND USER_VAR FDE(*) XID BEGIN_LOAD_QUERY EXECUTE_LOAD_QUERY TABLE_MAP PRE_GA_W
    0, 0, 8, 8, 8, 2, 0, 0, 0, 10,      # 21..30 PRE_GA_U PRE_GA_D W/U/D_ROWS_V1 INCIDENT HEARTBEAT IGNORABLE ROWS_QUERY WRITE_ROWS
    10, 10, 42, 42, 0, 18, 52, 0, 10, 40,  # 31..40 UPDATE DELETE GTID ANON_GTID PREV_GTIDS TRX_CONTEXT VIEW_CHANGE XA_PREPARE PARTIAL_UPDATE TRX_PAYLOAD
    0,                                  # 41 HEARTBEAT_LOG_EVENT_V2
])

DEFAULT_SERVER_VERSION = {MARIADB_10_11: MARIADB_10_11_SERVER_VERSION, MYSQL_8_0: MYSQL_8_0_SERVER_VERSION}


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


def mysql80_event_type_count(server_version: str) -> int:
    vt = _version_tuple(server_version)
    if vt >= (8, 3, 0):  # + GTID_TAGGED_LOG_EVENT (42); 9.7.4's FDE: 42 entries [bytes]
        return 42
    if vt >= (8, 0, 28):
        return 41
    if vt >= (8, 0, 20):
        return 40
    return 39


def mysql80_post_header_lengths(server_version: str = MYSQL_8_0_SERVER_VERSION) -> bytes:
    n = mysql80_event_type_count(server_version)
    phl = bytearray(_MYSQL_PHL_41[:n].ljust(n, b"\x00"))  # GTID_TAGGED (42): 0
    phl[EventType.FORMAT_DESCRIPTION_EVENT - 1] = 56 + 1 + n
    if _version_tuple(server_version) >= (9, 7, 0):
        # 9.7.4 declares 0 for the v1 rows events it never writes (types 23-25; 8.0.35: 8)
        # [bytes]; the versions in between are unverified
        for t in (EventType.WRITE_ROWS_EVENT_V1, EventType.UPDATE_ROWS_EVENT_V1, EventType.DELETE_ROWS_EVENT_V1):
            phl[t - 1] = 0
    return bytes(phl)


MYSQL_8_0_POST_HEADER_LENGTHS = mysql80_post_header_lengths()


def post_header_lengths(flavor: str, server_version: str) -> bytes:
    """The post-header length table ``flavor``'s server writes."""
    if flavor == MYSQL_8_0:
        return mysql80_post_header_lengths(server_version)
    return MARIADB_10_11_POST_HEADER_LENGTHS


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
    server_version: str | None = None,
    checksum_alg: int = ChecksumAlg.CRC32,
    create_timestamp: int | None = None,
    flags: int = 0,
    flavor: str = MARIADB_10_11,
) -> FormatDescriptionEvent:
    """An FDE as ``flavor``'s server writes it at file start.

    ``create_timestamp``: the event timestamp in the first file after server
    start (the default), 0 in files opened by a rotation / FLUSH LOGS -- pass
    it explicitly to mimic that. ``flags``: ``HeaderFlag.BINLOG_IN_USE`` while
    the file is open; the CRC32 is computed with that bit cleared
    (``codec.event_crc``).
    """
    version = DEFAULT_SERVER_VERSION[flavor] if server_version is None else server_version
    h = EventHeader(timestamp, EventType.FORMAT_DESCRIPTION_EVENT, server_id, 0, 0, flags)
    return FormatDescriptionEvent(
        h, BINLOG_VERSION, version,
        timestamp if create_timestamp is None else create_timestamp,
        HEADER_LEN, post_header_lengths(flavor, version), checksum_alg,
    )


new_mysql_format_description_event = partial(new_format_description_event, flavor=MYSQL_8_0)
new_mysql_format_description_event.__doc__ = "An FDE as MySQL 8.0 writes it at file start."
