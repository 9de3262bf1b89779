"""Numeric codes of the binary-log format (MariaDB 10.11 and MySQL).

Values follow the servers' ``enum Log_event_type``, ``Query_log_event`` status
variable codes, ``Gtid_log_event`` flags and ``enum_field_types``; names are
kept close to the server's so grep across both code bases works.
"""

from __future__ import annotations

from enum import IntEnum, IntFlag

BINLOG_MAGIC = b"\xfebin"
HEADER_LEN = 19
CHECKSUM_LEN = 4
BINLOG_VERSION = 4
SERVER_VERSION_LEN = 50

# The two binlog flavours replbed writes (harness.config.FLAVORS): the codecs
# decode both; the factories and the writer take one of these as ``flavor``.
MARIADB_10_11 = "mariadb-10.11"
MYSQL_8_0 = "mysql-8.0"


class EventType(IntEnum):
    UNKNOWN_EVENT = 0
    START_EVENT_V3 = 1
    QUERY_EVENT = 2
    STOP_EVENT = 3
    ROTATE_EVENT = 4
    INTVAR_EVENT = 5
    LOAD_EVENT = 6
    SLAVE_EVENT = 7
    CREATE_FILE_EVENT = 8
    APPEND_BLOCK_EVENT = 9
    EXEC_LOAD_EVENT = 10
    DELETE_FILE_EVENT = 11
    NEW_LOAD_EVENT = 12
    RAND_EVENT = 13
    USER_VAR_EVENT = 14
    FORMAT_DESCRIPTION_EVENT = 15
    XID_EVENT = 16
    BEGIN_LOAD_QUERY_EVENT = 17
    EXECUTE_LOAD_QUERY_EVENT = 18
    TABLE_MAP_EVENT = 19
    PRE_GA_WRITE_ROWS_EVENT = 20
    PRE_GA_UPDATE_ROWS_EVENT = 21
    PRE_GA_DELETE_ROWS_EVENT = 22
    WRITE_ROWS_EVENT_V1 = 23
    UPDATE_ROWS_EVENT_V1 = 24
    DELETE_ROWS_EVENT_V1 = 25
    INCIDENT_EVENT = 26
    HEARTBEAT_LOG_EVENT = 27
    IGNORABLE_LOG_EVENT = 28
    ROWS_QUERY_LOG_EVENT = 29
    WRITE_ROWS_EVENT = 30
    UPDATE_ROWS_EVENT = 31
    DELETE_ROWS_EVENT = 32
    GTID_LOG_EVENT = 33
    ANONYMOUS_GTID_LOG_EVENT = 34
    PREVIOUS_GTIDS_LOG_EVENT = 35
    TRANSACTION_CONTEXT_EVENT = 36
    VIEW_CHANGE_EVENT = 37
    XA_PREPARE_LOG_EVENT = 38
    PARTIAL_UPDATE_ROWS_EVENT = 39
    TRANSACTION_PAYLOAD_EVENT = 40
    HEARTBEAT_LOG_EVENT_V2 = 41
    GTID_TAGGED_LOG_EVENT = 42
    # MariaDB range
    ANNOTATE_ROWS_EVENT = 160
    BINLOG_CHECKPOINT_EVENT = 161
    GTID_EVENT = 162
    GTID_LIST_EVENT = 163
    START_ENCRYPTION_EVENT = 164
    QUERY_COMPRESSED_EVENT = 165
    WRITE_ROWS_COMPRESSED_EVENT_V1 = 166
    UPDATE_ROWS_COMPRESSED_EVENT_V1 = 167
    DELETE_ROWS_COMPRESSED_EVENT_V1 = 168
    WRITE_ROWS_COMPRESSED_EVENT = 169
    UPDATE_ROWS_COMPRESSED_EVENT = 170
    DELETE_ROWS_COMPRESSED_EVENT = 171


def event_type_label(code: int) -> str:
    """``NAME(code)`` for error messages; works for codes outside the enum."""
    try:
        return f"{EventType(code).name}({code})"
    except ValueError:
        return f"UNKNOWN({code})"


class HeaderFlag(IntFlag):
    """Common-header ``flags`` (``LOG_EVENT_*_F``)."""

    BINLOG_IN_USE = 0x1
    FORCED_ROTATE = 0x2
    THREAD_SPECIFIC = 0x4
    SUPPRESS_USE = 0x8
    UPDATE_TABLE_MAP_VERSION = 0x10
    ARTIFICIAL = 0x20
    RELAY_LOG = 0x40
    IGNORABLE = 0x80
    NO_FILTER = 0x100
    MTS_ISOLATE = 0x200
    SKIP_REPLICATION = 0x8000  # MariaDB


class GtidFlag(IntFlag):
    """MariaDB ``Gtid_log_event::flags2``."""

    FL_STANDALONE = 1
    FL_GROUP_COMMIT_ID = 2
    FL_TRANSACTIONAL = 4
    FL_ALLOW_PARALLEL = 8
    FL_WAITED = 16
    FL_DDL = 32
    FL_PREPARED_XA = 64
    FL_COMPLETED_XA = 128


class GtidExtraFlag(IntFlag):
    """MariaDB ``Gtid_log_event::flags_extra`` (byte after the fixed part; 10.5+)."""

    FL_EXTRA_MULTI_ENGINE_E1 = 1
    FL_START_ALTER_E1 = 2
    FL_COMMIT_ALTER_E1 = 4
    FL_ROLLBACK_ALTER_E1 = 8
    # 11.5+ (MDEV-7850): the id of the thread that ran the transaction, u32 after sa_seq_no
    FL_EXTRA_THREAD_ID = 16


class QueryStatus(IntEnum):
    """Query event status-variable codes."""

    Q_FLAGS2_CODE = 0
    Q_SQL_MODE_CODE = 1
    Q_CATALOG_CODE = 2
    Q_AUTO_INCREMENT = 3
    Q_CHARSET_CODE = 4
    Q_TIME_ZONE_CODE = 5
    Q_CATALOG_NZ_CODE = 6
    Q_LC_TIME_NAMES_CODE = 7
    Q_CHARSET_DATABASE_CODE = 8
    Q_TABLE_MAP_FOR_UPDATE_CODE = 9
    Q_MASTER_DATA_WRITTEN_CODE = 10
    Q_INVOKER = 11
    Q_UPDATED_DB_NAMES = 12
    Q_MICROSECONDS = 13
    Q_COMMIT_TS = 14
    Q_COMMIT_TS2 = 15
    Q_EXPLICIT_DEFAULTS_FOR_TIMESTAMP = 16
    Q_DDL_LOGGED_WITH_XID = 17
    Q_DEFAULT_COLLATION_FOR_UTF8MB4 = 18
    Q_SQL_REQUIRE_PRIMARY_KEY = 19
    Q_DEFAULT_TABLE_ENCRYPTION = 20
    # MySQL 9.7: @@session.enable_cascade_triggers, one byte, on DML statements
    # (mysqlbinlog 9.7.4 prints `/*!90700 SET @@session.enable_cascade_triggers=%d*/`)
    Q_ENABLE_CASCADE_TRIGGERS = 21
    # MariaDB
    Q_HRNOW = 128
    Q_XID = 129
    Q_GTID_FLAGS3 = 130
    Q_CHARACTER_SET_COLLATIONS = 131


class Option(IntFlag):
    """Bits of ``Q_FLAGS2_CODE`` (``OPTION_*`` kept in the binlog)."""

    OPTION_AUTO_IS_NULL = 1 << 14
    OPTION_NOT_AUTOCOMMIT = 1 << 19
    OPTION_NO_FOREIGN_KEY_CHECKS = 1 << 26
    OPTION_RELAXED_UNIQUE_CHECKS = 1 << 27
    OPTION_EXPLICIT_DEF_TIMESTAMP = 1 << 24  # MariaDB 10.10+


class RowsFlag(IntFlag):
    STMT_END_F = 1
    NO_FOREIGN_KEY_CHECKS_F = 2
    RELAXED_UNIQUE_CHECKS_F = 4
    COMPLETE_ROWS_F = 8
    # MySQL 9.x: the statement ran with foreign keys enforced by the SQL layer
    # (cascaded changes are logged as rows events of their own; observed 9.7.4)
    USE_SQL_FOREIGN_KEY_F = 16
    NO_CHECK_CONSTRAINT_CHECKS_F = 128  # MariaDB


class ChecksumAlg(IntEnum):
    OFF = 0
    CRC32 = 1
    UNDEF = 255


class IntvarType(IntEnum):
    INVALID_INT_EVENT = 0
    LAST_INSERT_ID_EVENT = 1
    INSERT_ID_EVENT = 2


class ItemResult(IntEnum):
    """``User_var_log_event`` value type."""

    STRING_RESULT = 0
    REAL_RESULT = 1
    INT_RESULT = 2
    ROW_RESULT = 3
    DECIMAL_RESULT = 4


USER_VAR_UNSIGNED_F = 1


class ColumnType(IntEnum):
    """``enum_field_types`` as written in Table_map events."""

    DECIMAL = 0
    TINY = 1
    SHORT = 2
    LONG = 3
    FLOAT = 4
    DOUBLE = 5
    NULL = 6
    TIMESTAMP = 7
    LONGLONG = 8
    INT24 = 9
    DATE = 10
    TIME = 11
    DATETIME = 12
    YEAR = 13
    NEWDATE = 14
    VARCHAR = 15
    BIT = 16
    TIMESTAMP2 = 17
    DATETIME2 = 18
    TIME2 = 19
    BLOB_COMPRESSED = 140  # MariaDB
    VARCHAR_COMPRESSED = 141  # MariaDB
    JSON = 245
    NEWDECIMAL = 246
    ENUM = 247
    SET = 248
    TINY_BLOB = 249
    MEDIUM_BLOB = 250
    LONG_BLOB = 251
    BLOB = 252
    VAR_STRING = 253
    STRING = 254
    GEOMETRY = 255


class OptionalMetadata(IntEnum):
    """Table_map optional metadata TLV types (``binlog_row_metadata``)."""

    SIGNEDNESS = 1
    DEFAULT_CHARSET = 2
    COLUMN_CHARSET = 3
    COLUMN_NAME = 4
    SET_STR_VALUE = 5
    ENUM_STR_VALUE = 6
    GEOMETRY_TYPE = 7
    SIMPLE_PRIMARY_KEY = 8
    PRIMARY_KEY_WITH_PREFIX = 9
    ENUM_AND_SET_DEFAULT_CHARSET = 10
    ENUM_AND_SET_COLUMN_CHARSET = 11


# Columns whose signedness the SIGNEDNESS optional metadata describes.
NUMERIC_TYPES = frozenset(
    {
        ColumnType.TINY, ColumnType.SHORT, ColumnType.INT24, ColumnType.LONG,
        ColumnType.LONGLONG, ColumnType.FLOAT, ColumnType.DOUBLE,
        ColumnType.NEWDECIMAL, ColumnType.DECIMAL,
    }
)

# Event_type column of SHOW BINLOG EVENTS (MariaDB ``Log_event::get_type_str``).
EVENT_TYPE_NAMES: dict[int, str] = {
    EventType.START_EVENT_V3: "Start_v3",
    EventType.QUERY_EVENT: "Query",
    EventType.STOP_EVENT: "Stop",
    EventType.ROTATE_EVENT: "Rotate",
    EventType.INTVAR_EVENT: "Intvar",
    EventType.LOAD_EVENT: "Load",
    EventType.SLAVE_EVENT: "Slave",
    EventType.CREATE_FILE_EVENT: "Create_file",
    EventType.APPEND_BLOCK_EVENT: "Append_block",
    EventType.EXEC_LOAD_EVENT: "Exec_load",
    EventType.DELETE_FILE_EVENT: "Delete_file",
    EventType.NEW_LOAD_EVENT: "New_load",
    EventType.RAND_EVENT: "RAND",
    EventType.USER_VAR_EVENT: "User var",
    EventType.FORMAT_DESCRIPTION_EVENT: "Format_desc",
    EventType.XID_EVENT: "Xid",
    EventType.BEGIN_LOAD_QUERY_EVENT: "Begin_load_query",
    EventType.EXECUTE_LOAD_QUERY_EVENT: "Execute_load_query",
    EventType.TABLE_MAP_EVENT: "Table_map",
    EventType.PRE_GA_WRITE_ROWS_EVENT: "Write_rows_event_old",
    EventType.PRE_GA_UPDATE_ROWS_EVENT: "Update_rows_event_old",
    EventType.PRE_GA_DELETE_ROWS_EVENT: "Delete_rows_event_old",
    EventType.WRITE_ROWS_EVENT_V1: "Write_rows_v1",
    EventType.UPDATE_ROWS_EVENT_V1: "Update_rows_v1",
    EventType.DELETE_ROWS_EVENT_V1: "Delete_rows_v1",
    EventType.WRITE_ROWS_EVENT: "Write_rows",
    EventType.UPDATE_ROWS_EVENT: "Update_rows",
    EventType.DELETE_ROWS_EVENT: "Delete_rows",
    EventType.INCIDENT_EVENT: "Incident",
    EventType.HEARTBEAT_LOG_EVENT: "Heartbeat",
    EventType.IGNORABLE_LOG_EVENT: "Ignorable",
    EventType.ROWS_QUERY_LOG_EVENT: "Rows_query",
    EventType.GTID_LOG_EVENT: "Gtid",
    EventType.ANONYMOUS_GTID_LOG_EVENT: "Anonymous_Gtid",
    EventType.PREVIOUS_GTIDS_LOG_EVENT: "Previous_gtids",
    EventType.XA_PREPARE_LOG_EVENT: "XA_prepare",
    EventType.ANNOTATE_ROWS_EVENT: "Annotate_rows",
    EventType.BINLOG_CHECKPOINT_EVENT: "Binlog_checkpoint",
    EventType.GTID_EVENT: "Gtid",
    EventType.GTID_LIST_EVENT: "Gtid_list",
    EventType.START_ENCRYPTION_EVENT: "Start_encryption",
    EventType.QUERY_COMPRESSED_EVENT: "Query_compressed",
    EventType.WRITE_ROWS_COMPRESSED_EVENT_V1: "Write_rows_compressed_v1",
    EventType.UPDATE_ROWS_COMPRESSED_EVENT_V1: "Update_rows_compressed_v1",
    EventType.DELETE_ROWS_COMPRESSED_EVENT_V1: "Delete_rows_compressed_v1",
    EventType.WRITE_ROWS_COMPRESSED_EVENT: "Write_rows_compressed",
    EventType.UPDATE_ROWS_COMPRESSED_EVENT: "Update_rows_compressed",
    EventType.DELETE_ROWS_COMPRESSED_EVENT: "Delete_rows_compressed",
}
