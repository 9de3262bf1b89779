"""Format_description for MySQL 8.0 files (same codec as ``fde.py``).

The post-header length table is one byte per event type 1..N. Its length
depends on the server version (LOG_EVENT_TYPES = ENUM_END_EVENT - 1):

* 8.0.2 .. 8.0.19: 39 types (..PARTIAL_UPDATE_ROWS_EVENT) -> FDE 120 bytes
* 8.0.20 .. 8.0.27: 40 types (+TRANSACTION_PAYLOAD_EVENT)  -> FDE 121 bytes
* 8.0.28 .. 8.0.x : 41 types (+HEARTBEAT_LOG_EVENT_V2)     -> FDE 122 bytes

(with CRC32). Checked against real FDEs: 8.0.18 (120 bytes), 8.0.27 (121) and
8.0.35 (122, ends at 126 so an empty Previous_gtids ends at 157) -- see
tests/binlog/test_mysql80.py. Entry 40 is 0x28: the server puts the *type
code* TRANSACTION_PAYLOAD_EVENT (40) in the table, not its post-header length
(0); copied as written. Entry 15 (the FDE's own post-header) is
56 + 1 + N.
"""

from __future__ import annotations

from .constants import BINLOG_VERSION, HEADER_LEN, ChecksumAlg, EventType
from .fde import FormatDescriptionEvent, _version_tuple
from .header import EventHeader

MYSQL_8_0_SERVER_VERSION = "8.0.40"

# Types 1..41 (8.0.28+); shorter prefixes for older 8.0 releases.
_PHL_41 = bytes([
    0, 13, 0, 8, 0, 0, 0, 0, 4, 0,      # 1..10  START_V3 QUERY STOP ROTATE INTVAR LOAD SLAVE CREATE_FILE APPEND_BLOCK EXEC_LOAD
    4, 0, 0, 0, 0, 0, 4, 26, 8, 0,      # 11..20 DELETE_FILE NEW_LOAD RAND USER_VAR FDE(*) XID BEGIN_LOAD_QUERY EXECUTE_LOAD_QUERY TABLE_MAP PRE_GA_W
    0, 0, 8, 8, 8, 2, 0, 0, 0, 10,      # 21..30 PRE_GA_U PRE_GA_D W/U/D_ROWS_V1 INCIDENT HEARTBEAT IGNORABLE ROWS_QUERY WRITE_ROWS
    10, 10, 42, 42, 0, 18, 52, 0, 10, 40,  # 31..40 UPDATE DELETE GTID ANON_GTID PREV_GTIDS TRX_CONTEXT VIEW_CHANGE XA_PREPARE PARTIAL_UPDATE TRX_PAYLOAD
    0,                                  # 41 HEARTBEAT_LOG_EVENT_V2
])


def mysql80_event_type_count(server_version: str) -> int:
    vt = _version_tuple(server_version)
    if vt >= (8, 0, 28):
        return 41
    if vt >= (8, 0, 20):
        return 40
    return 39


def mysql80_post_header_lengths(server_version: str = MYSQL_8_0_SERVER_VERSION) -> bytes:
    n = mysql80_event_type_count(server_version)
    phl = bytearray(_PHL_41[:n])
    phl[EventType.FORMAT_DESCRIPTION_EVENT - 1] = 56 + 1 + n
    return bytes(phl)


MYSQL_8_0_POST_HEADER_LENGTHS = mysql80_post_header_lengths()


def new_mysql_format_description_event(
    *,
    timestamp: int,
    server_id: int,
    server_version: str = MYSQL_8_0_SERVER_VERSION,
    checksum_alg: int = ChecksumAlg.CRC32,
    create_timestamp: int | None = None,
    flags: int = 0,
) -> FormatDescriptionEvent:
    """An FDE as MySQL 8.0 writes it at file start.

    ``create_timestamp``: the event timestamp in the first file after server
    start (default), 0 in files opened by FLUSH LOGS / rotation. ``flags``:
    LOG_EVENT_BINLOG_IN_USE_F (1) while the file is open; the CRC32 is
    computed with that bit cleared (``codec.event_crc``).
    """
    h = EventHeader(timestamp, EventType.FORMAT_DESCRIPTION_EVENT, server_id, 0, 0, flags)
    return FormatDescriptionEvent(
        h, BINLOG_VERSION, server_version,
        timestamp if create_timestamp is None else create_timestamp,
        HEADER_LEN, mysql80_post_header_lengths(server_version), checksum_alg,
    )
