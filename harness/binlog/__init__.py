"""Binary-log codec: MariaDB 10.11 and MySQL 8.0 flavours.

Decode: :class:`BinlogReader` / :func:`read_binlog_file`; render:
:func:`event_type_name`, :func:`info_text`; pipeline records:
:func:`event_records`, :func:`records_from_files`; encode/build:
:func:`encode_event`, the ``new_*`` factories and :class:`BinlogFileWriter`.
"""

from .bytes_io import ByteReader, ByteWriter
from .codec import decode_event, encode_event, event_crc
from .constants import (
    BINLOG_MAGIC, ChecksumAlg, ColumnType, EventType, GtidExtraFlag, GtidFlag, HeaderFlag,
    IntvarType, ItemResult, OptionalMetadata, QueryStatus, RowsFlag,
)
from .context import StreamContext
from .control import (
    AnnotateRowsEvent, IntvarEvent, RandEvent, RotateEvent, RowsQueryEvent, StopEvent, UserVarEvent,
    XidEvent, new_annotate_rows_event, new_intvar_event, new_rand_event, new_rotate_event,
    new_rows_query_event, new_stop_event, new_user_var_event, new_xid_event,
)
from .codec_errors import BinlogError, ChecksumError, DecodeError, EncodeError
from .fde import (
    MYSQL_8_0_POST_HEADER_LENGTHS, MYSQL_8_0_SERVER_VERSION, FormatDescriptionEvent,
    mysql80_post_header_lengths, new_format_description_event, new_mysql_format_description_event,
)
from .gtid import (
    BinlogCheckpointEvent, Gtid, GtidEvent, GtidListEvent, XaXid, new_binlog_checkpoint_event,
    new_gtid_event, new_gtid_list_event,
)
from .header import Event, EventHeader
from .mysql_gtid import (
    GtidInterval, MysqlGtidEvent, PreviousGtidsEvent, SidIntervals, format_gtid_set,
    new_mysql_gtid_event, new_previous_gtids_event, parse_gtid_set, set_transaction_length,
)
from .opaque import OpaqueEvent
from .query import (
    QueryEvent, StatusVar, mariadb_query_status_vars, mysql80_query_status_vars, new_mysql_begin_event,
    new_mysql_query_event, new_query_event, query_status_vars,
)
from .reader import BinlogEntry, BinlogReader, read_binlog_file
from .records import canonical_value, event_records, records_from_files
from .render import event_type_name, info_text, show_binlog_events_row
from .rows import (
    DeleteRowsEvent, DeleteRowsV2Event, RowChange, RowsEvent, RowsV2Event, TableMapEvent,
    UpdateRowsEvent, UpdateRowsV2Event, WriteRowsEvent, WriteRowsV2Event, new_rows_event,
    new_rows_v2_event, new_table_map_event,
)
from .values import MyDate, MyDateTime, MyTime, MyTimestamp
from .writer import BinlogFileWriter, MysqlBinlogFileWriter
from .xa import XaPrepareEvent, new_xa_prepare_event, xid_text

__all__ = [name for name in dir() if not name.startswith("_")]
