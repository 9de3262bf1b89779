"""Normalized event records (one dict per binlog event) for the pipeline.

The schema is the "Event record schema" of docs/ARCHITECTURE.md. Records are
*not* normalized (positions, timestamps, ids stay raw); the Spark jobs do
that, so a record always describes exactly the bytes in ``raw``.

``rows_json`` is a JSON list with one ``{"before": [...], "after": [...]}``
object per row (``before`` is null for Write_rows, ``after`` for
Delete_rows). Each list holds the values of the columns *present in that
image* (the rows event's column bitmap; all columns for
binlog_row_image=FULL), in column order. Values are canonical strings:

* integers: decimal (signed unless Table_map SIGNEDNESS metadata says unsigned;
  without it a BIGINT UNSIGNED 2^64-1 appears as ``-1``, identically on both
  sides of a comparison); ENUM = 1-based index, SET = bitmask, BIT = integer;
  YEAR = ``0`` or the year
* DECIMAL: exact fixed-point string with the column's scale (``-0.0000000001``)
* FLOAT/DOUBLE: Python ``repr`` of the decoded double (shortest round-trip,
  ``1.5``, ``-2.25e+100``); FLOAT is widened from 32 bits, e.g. ``0.10000000149011612``
* strings/blobs: UTF-8 text, or ``0x`` + lowercase hex when not valid UTF-8
* DATE ``YYYY-MM-DD``; DATETIME ``YYYY-MM-DD HH:MM:SS[.f]`` with exactly the
  column's fractional digits; TIMESTAMP rendered the same way in UTC;
  zero dates stay ``0000-00-00``; TIME ``[-]HH:MM:SS[.f]`` (hours may exceed 24)
* SQL NULL: JSON ``null``

If a rows event could not be decoded (missing Table_map, unsupported column
type) ``rows_json`` is null.
"""

from __future__ import annotations

import json
import os
from decimal import Decimal
from typing import Any, Iterable, Sequence

from .codec import encode_event
from .context import StreamContext
from .constants import ItemResult
from .control import AnnotateRowsEvent, UserVarEvent, XidEvent
from .fde import FormatDescriptionEvent
from .gtid import GtidEvent
from .mysql_gtid import MysqlGtidEvent
from .header import Event
from .json_binary import JsonBinary
from .query import QueryEvent
from .reader import BinlogEntry, BinlogReader
from .render import event_type_name, info_text
from .rows import RowsEvent, TableMapEvent
from .values import MyDate, MyDateTime, MyTime, MyTimestamp

RECORD_FIELDS: tuple[str, ...] = (
    "run_id", "case", "format", "side", "file", "seq", "pos", "end_pos", "event_type",
    "type_code", "server_id", "timestamp", "size", "header_flags", "database", "query",
    "table", "table_id", "rows_json", "rows_flags", "error_code", "gtid_domain",
    "gtid_server", "gtid_seq", "gtid_flags", "xid", "info", "status_vars", "raw",
)


def canonical_value(v: Any) -> str | None:
    if v is None:
        return None
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, Decimal):
        return format(v, "f")
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, JsonBinary):
        return str(v)  # the document's text, as mysqlbinlog prints a JSON value
    if isinstance(v, (bytes, bytearray, memoryview)):
        b = bytes(v)
        try:
            return b.decode("utf-8")
        except UnicodeDecodeError:
            return "0x" + b.hex()
    if isinstance(v, (MyDate, MyDateTime, MyTime, MyTimestamp)):
        return str(v)
    return str(v)


def rows_json(ev: RowsEvent) -> str | None:
    if ev.rows is None:
        return None
    out = []
    for r in ev.rows:
        out.append({
            "before": None if r.before is None else [canonical_value(x) for x in r.before],
            "after": None if r.after is None else [canonical_value(x) for x in r.after],
        })
    return json.dumps(out, ensure_ascii=False, separators=(",", ":"))


def _entries_from_events(events: Sequence[Event]) -> Iterable[BinlogEntry]:
    """Re-encode in-memory events; positions come from their headers."""
    ctx = StreamContext()
    pos = 4
    for ev in events:
        raw = encode_event(ev, ctx)
        start = ev.header.log_pos - len(raw) if ev.header.log_pos else pos
        yield BinlogEntry(start, ev, raw)
        pos = start + len(raw)


def _status_value(v: Any) -> str:
    if isinstance(v, (bytes, bytearray)):
        return bytes(v).decode("utf-8", "backslashreplace")
    if isinstance(v, tuple):
        return "(" + ",".join(_status_value(x) for x in v) + ")"
    return "" if v is None else str(v)


def status_vars_text(ev: QueryEvent) -> str:
    """A Query event's status variables as ``code=value`` in logged order.

    A replica applies them with the statement (sql_mode, character sets, time
    zone, auto_increment settings, the multi-table UPDATE's table map, the
    invoker), so two servers that log the same text with different status
    variables did not log the same thing; the pipeline compares this column
    (timing values are masked in harness/pipeline/normalize.py)."""
    return " ".join(f"{int(sv.code)}={_status_value(sv.value)}" for sv in ev.status_vars)


def user_var_type_text(ev: UserVarEvent) -> str:
    """What a User_var event carries beside its text: the value's result type, charset,
    flags and DECIMAL precision/scale. SHOW BINLOG EVENTS prints a REAL 2 and an INT 2
    (or an UNSIGNED and a signed 5) alike, but a replica sets the variable with this
    type, and a later statement computes with it; so the pipeline compares it, in the
    ``status_vars`` column (the event's attributes that its ``info`` does not show)."""
    if ev.is_null:
        return f"type={int(ev.value_type)} null"
    out = f"type={int(ev.value_type)} charset={ev.charset} flags={ev.flags}"
    if ev.value_type == ItemResult.DECIMAL_RESULT:
        out += f" decimal={ev.decimal_precision},{ev.decimal_scale}"
    return out


def table_map_text(ev: TableMapEvent) -> str:
    """A Table_map's column definitions (types, metadata, nullability, flags) and its
    optional metadata (MySQL's binlog_row_metadata TLVs): what a replica and a CDC reader
    take the rows' shape from, so the pipeline compares them (``status_vars`` column)."""
    out = f"flags={ev.flags} types={','.join(map(str, ev.column_types))}"
    if ev.metadata_block is not None:
        out += f" meta=0x{bytes(ev.metadata_block).hex()}"
    else:
        out += f" meta={','.join(map(str, ev.column_metadata))}"
    out += f" nullable={ev.null_bitmap:#x}"
    for kind, value in ev.optional_metadata:
        out += f" opt{kind}=0x{bytes(value).hex()}"
    return out


def mysql_gtid_text(ev: MysqlGtidEvent) -> str:
    """What a MySQL Gtid/Anonymous_gtid carries beside its GTID: the logical clock, the
    commit timestamps, transaction_length (the group's size in bytes), the server versions
    and the group-commit ticket. The pipeline compares it in the ``status_vars`` column;
    the server uuid and the timestamps are masked there (harness/pipeline/normalize.py)."""
    out = [f"sid={'anonymous' if ev.sid == bytes(16) else ev.uuid}",
           f"last_committed={ev.last_committed}", f"sequence_number={ev.sequence_number}"]
    if ev.lc_typecode is None:
        out.append("lc=none")
    if ev.immediate_commit_timestamp is not None:
        out.append(f"commit_ts={ev.immediate_commit_timestamp}")
    if ev.original_commit_timestamp is not None:
        out.append(f"original_commit_ts={ev.original_commit_timestamp}")
    if ev.transaction_length is not None:
        out.append(f"transaction_length={ev.transaction_length}")
    if ev.immediate_server_version is not None:
        out.append(f"server_version={ev.immediate_server_version}")
    if ev.original_server_version is not None:
        out.append(f"original_server_version={ev.original_server_version}")
    if ev.commit_group_ticket is not None:
        out.append(f"commit_group_ticket={ev.commit_group_ticket}")
    if ev.trailing:
        out.append(f"trailing=0x{bytes(ev.trailing).hex()}")
    return " ".join(out)


def mariadb_gtid_text(ev: GtidEvent) -> str | None:
    """A MariaDB Gtid's fields beyond domain/server/seq_no and flags2: flags_extra and what
    it announces (extra engines, the START ALTER seq_no, 11.5+'s thread id, masked by the
    pipeline) and any bytes after them that are not the zero padding. None when it has none."""
    out = []
    if ev.flags_extra:
        out.append(f"flags_extra={ev.flags_extra}")
    if ev.extra_engines is not None:
        out.append(f"extra_engines={ev.extra_engines}")
    if ev.sa_seq_no is not None:
        out.append(f"sa_seq_no={ev.sa_seq_no}")
    if ev.thread_id is not None:
        out.append(f"thread_id={ev.thread_id}")
    if ev.padding and any(ev.padding):
        out.append(f"trailing=0x{bytes(ev.padding).hex()}")
    return " ".join(out) or None


def _record(entry: BinlogEntry, seq: int, file: str | None, tables: dict[int, str],
            base: dict[str, Any]) -> dict[str, Any]:
    ev = entry.event
    h = ev.header
    rec: dict[str, Any] = dict(base)
    rec.update(
        file=file, seq=seq, pos=entry.pos, end_pos=h.log_pos, event_type=event_type_name(ev),
        type_code=h.type_code, server_id=h.server_id, timestamp=h.timestamp,
        size=h.event_size, header_flags=h.flags, database=None, query=None, table=None,
        table_id=None, rows_json=None, rows_flags=None, error_code=None, gtid_domain=None,
        gtid_server=None, gtid_seq=None, gtid_flags=None, xid=None, info=info_text(ev), status_vars=None,
        raw=bytes(entry.raw),
    )
    if isinstance(ev, QueryEvent):
        rec["database"] = ev.database or None
        rec["query"] = ev.query
        rec["error_code"] = ev.error_code
        rec["status_vars"] = status_vars_text(ev)
    elif isinstance(ev, AnnotateRowsEvent):
        rec["query"] = ev.query
    elif isinstance(ev, TableMapEvent):
        name = f"{ev.database}.{ev.table}"
        tables[ev.table_id] = name
        rec["database"] = ev.database
        rec["table"] = name
        rec["table_id"] = ev.table_id
        rec["status_vars"] = table_map_text(ev)
    elif isinstance(ev, RowsEvent):
        rec["table"] = tables.get(ev.table_id)
        rec["table_id"] = ev.table_id
        rec["rows_flags"] = ev.flags
        rec["rows_json"] = rows_json(ev)
        if ev.extra_row_info:  # rows v2's extra row info (NDB / partition TLVs)
            rec["status_vars"] = f"extra_row_info=0x{bytes(ev.extra_row_info).hex()}"
    elif isinstance(ev, GtidEvent):
        rec["gtid_domain"] = ev.domain_id
        rec["gtid_server"] = h.server_id
        rec["gtid_seq"] = ev.seq_no
        rec["gtid_flags"] = ev.flags2
        rec["status_vars"] = mariadb_gtid_text(ev)
    elif isinstance(ev, MysqlGtidEvent):
        # MySQL 8.0 Gtid/Anonymous_Gtid: no domain; seq = the GNO, or the per-file
        # sequence_number of an Anonymous_Gtid (gno 0); flags = the gtid_flags byte.
        rec["gtid_server"] = h.server_id
        rec["gtid_seq"] = ev.gno if ev.gno else ev.sequence_number
        rec["gtid_flags"] = ev.gtid_flags
        rec["status_vars"] = mysql_gtid_text(ev)
    elif isinstance(ev, XidEvent):
        rec["xid"] = ev.xid
    elif isinstance(ev, FormatDescriptionEvent):
        # the post-header table (which event types the server knows, and their sizes) and
        # the checksum algorithm; the version is in ``info`` (masked: builds differ)
        rec["status_vars"] = (f"header_len={ev.header_length} checksum={ev.checksum_alg} "
                              f"post_header=0x{bytes(ev.post_header_lengths).hex()}")
    elif isinstance(ev, UserVarEvent):
        rec["status_vars"] = user_var_type_text(ev)
    return rec


def event_records(
    events_or_path: str | os.PathLike[str] | Sequence[Event],
    *,
    case: str = "",
    format: str = "",
    side: str = "",
    run_id: str = "",
    file: str | None = None,
    seq_start: int = 0,
) -> list[dict[str, Any]]:
    """Records for one binlog file (path) or an in-memory list of events.

    ``file`` defaults to the path's basename. ``seq`` starts at
    ``seq_start`` (see :func:`records_from_files` for a running sequence).
    """
    base = {"run_id": run_id, "case": case, "format": format, "side": side}
    if isinstance(events_or_path, (str, os.PathLike)):
        entries: Iterable[BinlogEntry] = BinlogReader(events_or_path).entries()
        if file is None:
            file = os.path.basename(os.fspath(events_or_path))
    else:
        entries = _entries_from_events(events_or_path)
    tables: dict[int, str] = {}
    return [_record(e, seq_start + i, file, tables, base) for i, e in enumerate(entries)]


def records_from_files(
    paths: Iterable[str | os.PathLike[str]],
    *,
    case: str = "",
    format: str = "",
    side: str = "",
    run_id: str = "",
) -> list[dict[str, Any]]:
    """Records for the files of one case, in the given order, with a running ``seq``."""
    out: list[dict[str, Any]] = []
    for p in paths:
        out.extend(event_records(p, case=case, format=format, side=side, run_id=run_id,
                                 seq_start=len(out)))
    return out
