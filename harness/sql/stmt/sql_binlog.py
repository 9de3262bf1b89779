"""The ``BINLOG '…'`` statement: row injection (the server's ``sql_binlog.cc``).

mariadb-binlog prints row events as base64 ``BINLOG`` statements; the server
decodes them and applies the rows as a replica's SQL thread would: no triggers,
rows located by primary key (else by the whole before image), and errors
reported as the row applier raises them.  The statement is a *row injection*
for layer 1 (``decide_logging_format``): it is always logged in row format
(errors 1664 / 1666, seed 002), with the statement text as Annotate_rows.

The session keeps the Format_description of the last BINLOG statement (the
server's ``rli_fake``): a Table_map or rows event before any FDE is error
1609.
"""

from __future__ import annotations

import binascii
import datetime as dt
import re
from typing import TYPE_CHECKING, Any

from harness.binlog.codec import decode_event
from harness.binlog.constants import ChecksumAlg
from harness.binlog.fde import new_format_description_event
from harness.binlog.constants import EVENT_TYPE_NAMES
from harness.binlog.constants import EventType as E
from harness.binlog.context import StreamContext
from harness.binlog.codec_errors import BinlogError
from harness.binlog.rows import RowChange, RowsEvent, TableMapEvent
from harness.binlog.values import MyTimestamp
from harness.sql.handler.catalog import TableDef
from harness.sql.stmt.context import ExecContext
from harness.sql.sql_errors import ServerError, error
from harness.sql.parse.parse_errors import UnsupportedError
from harness.sql.handler.autoinc import AutoIncrement
from harness.sql.stmt.executor import Executor
from harness.sql.stmt.fill_record import dup_entry_error
from harness.sql.parse.stmtinfo import StatementInfo
from harness.sql.item.column_types import IntType, StringType
from harness.sql.item.column_types import WriteContext
from harness.model.decide import decide_logging_format
from harness.sql.parse import parse_tree as A

if TYPE_CHECKING:
    from harness.sql.stmt.sql_result import OkPacket
    from harness.sql.thd import Thd

# Event types a BINLOG statement may carry (check_event_type in sql_binlog.cc).
_ROW_TYPES = frozenset(int(t) for t in (
    E.TABLE_MAP_EVENT, E.WRITE_ROWS_EVENT_V1, E.UPDATE_ROWS_EVENT_V1, E.DELETE_ROWS_EVENT_V1,
    E.WRITE_ROWS_EVENT, E.UPDATE_ROWS_EVENT, E.DELETE_ROWS_EVENT, E.PRE_GA_WRITE_ROWS_EVENT,
    E.PRE_GA_UPDATE_ROWS_EVENT, E.PRE_GA_DELETE_ROWS_EVENT))
_PRE_GA_TYPES = frozenset(int(t) for t in (
    E.PRE_GA_WRITE_ROWS_EVENT, E.PRE_GA_UPDATE_ROWS_EVENT, E.PRE_GA_DELETE_ROWS_EVENT))
_FDE_TYPES = frozenset((int(E.FORMAT_DESCRIPTION_EVENT), int(E.START_EVENT_V3)))
_EVENT_LEN_END = 13  # EVENT_LEN_OFFSET (9) + 4: the shortest prefix that says how long an event is
_B64_CHUNK = re.compile(r"[A-Za-z0-9+/]*={0,2}")
_WS = re.compile(r"[ \t\r\n]+")


def _syntax_error() -> ServerError:
    return error("ER_SYNTAX_ERROR")


def base64_payload(text: str) -> bytes:
    """``my_base64_decode`` with MY_BASE64_DECODE_ALLOW_MULTIPLE_CHUNKS: whitespace is
    skipped and each event's own ``=`` padding may end a chunk mid-string."""
    s = _WS.sub("", text)
    out = bytearray()
    pos = 0
    while pos < len(s):
        m = _B64_CHUNK.match(s, pos)
        chunk = m.group() if m else ""
        if not chunk or len(chunk) % 4:
            raise error("ER_BASE64_DECODE_ERROR")
        try:
            out += binascii.a2b_base64(chunk.encode("ascii"))
        except binascii.Error:
            raise error("ER_BASE64_DECODE_ERROR") from None
        pos = m.end()  # type: ignore[union-attr]
    return bytes(out)


def _payload_text(thd: "Thd", stmt: A.BinlogBase64) -> str:
    if stmt.fragments is None:
        return stmt.payload
    parts = []
    for name in stmt.fragments:
        v = thd.user_vars.get(name)
        if not isinstance(v, (str, bytes)):
            raise error("ER_WRONG_TYPE_FOR_VAR", name)
        parts.append(v.decode("latin-1") if isinstance(v, bytes) else v)
    for name in stmt.fragments:  # binlog_defragment resets the fragments
        thd.set_user_var(name, None)
    return "".join(parts)


def decode_injected_events(thd: "Thd", text: str) -> list[Any]:
    """Decode the statement's events in order; an FDE becomes the session's at once."""
    if not text:
        raise _syntax_error()
    buf = base64_payload(text)
    if not buf:
        return []
    ctx: StreamContext | None = thd.binlog_stmt_ctx
    events: list[Any] = []
    pos = 0
    while pos < len(buf):
        left = len(buf) - pos
        if left < _EVENT_LEN_END or int.from_bytes(buf[pos + 9:pos + 13], "little") > left:
            raise _syntax_error()
        type_code = buf[pos + 4]
        if type_code in _FDE_TYPES:
            if ctx is None:
                ctx = thd.new_binlog_stmt_ctx()
        elif type_code in _ROW_TYPES:
            if ctx is None or ctx.fde is None:
                raise error("ER_NO_FORMAT_DESCRIPTION_EVENT_BEFORE_BINLOG_STATEMENT", _type_name(type_code))
            if type_code > len(ctx.fde.post_header_lengths):
                # read_log_event: the FDE's post-header array does not cover this type (a
                # 5.1 FDE knows 22 types, Write_rows_v1 is 23): no event, a syntax error.
                raise _syntax_error()
        else:
            raise error("ER_ONLY_FD_AND_RBR_EVENTS_ALLOWED_IN_BINLOG_STATEMENT", _type_name(type_code))
        if type_code in _ROW_TYPES and type_code != E.TABLE_MAP_EVENT:
            _check_master_bug_37426(thd, ctx, int.from_bytes(buf[pos + 19:pos + 25], "little"))
        if type_code == E.START_EVENT_V3:
            # A 3.23-4.x binlog's Start event (mariadb-binlog prints it as BINLOG '...'):
            # check_event_type gives the session the server's own Format_description(4)
            # when it has none, and Start_log_event_v3::do_apply_event changes nothing
            # else the statement could see.
            assert ctx is not None
            if ctx.fde is None:
                ctx.fde = new_format_description_event(timestamp=0, server_id=thd.server_id,
                                                       checksum_alg=ChecksumAlg.OFF)
            pos += int.from_bytes(buf[pos + 9:pos + 13], "little")
            continue
        try:
            ev = decode_event(buf, pos, ctx)
        except BinlogError:
            raise _syntax_error() from None
        events.append(ev)
        pos += ev.header.event_size
    return events


def _check_master_bug_37426(thd: "Thd", ctx: StreamContext, table_id: int) -> None:
    """rpl_master_has_bug(37426) from Field_string::compatible_field_size: a 5.1.0-5.1.25
    master wrote CHAR columns longer than 255 bytes with a wrong length, so applying its
    rows to a table with such a column stops with 1105 (binlog_base64_flag)."""
    fde = ctx.fde
    m = re.match(r"(\d+)\.(\d+)\.(\d+)", getattr(fde, "server_version", "") or "")
    if m is None or not (5, 1, 0) <= tuple(int(x) for x in m.groups()) < (5, 1, 26):
        return
    tm = ctx.table_maps.get(table_id)
    table = thd.find_table(A.TableName(tm.table, tm.database)) if tm is not None else None
    if table is None:
        return
    for c in table.columns:
        t = c.type
        if isinstance(t, StringType) and t.name == "CHAR" and t.length * t.mbmaxlen > 255:
            raise ServerError(1105, "master may suffer from http://bugs.mysql.com/bug.php?id=37426 so slave "
                                    "stops; check error log on slave for more info", "HY000")


def _type_name(type_code: int) -> str:
    """Log_event::get_type_str, as the server words it in 1609 / 1730."""
    return EVENT_TYPE_NAMES.get(type_code, "Unknown")


# ------------------------------------------------------------------ applying rows


def _to_stored(table: TableDef, i: int, v: Any) -> Any:
    """A decoded binlog value as the engine stores it in column ``i``."""
    if v is None:
        return None
    col = table.columns[i]
    ctype = col.type
    wctx = WriteContext(False, table.db, table.name)
    if isinstance(ctype, IntType) and ctype.unsigned and isinstance(v, int) and v < 0:
        v += 1 << (8 * ctype.size)  # MariaDB's Table_map carries no signedness by default
    elif isinstance(v, MyTimestamp):
        v = dt.datetime(1970, 1, 1) + dt.timedelta(seconds=v.seconds, microseconds=v.microsecond)
    elif isinstance(v, bytes) and ctype.is_string:
        v = v.decode("utf-8", "replace")
    elif not isinstance(v, (int, float, bytes, str)) and type(v).__module__.endswith("values"):
        v = str(v)  # MyDate / MyDateTime / MyTime print as the server's literal
    return ctype.coerce(v, col.name, wctx)


def _image(table: TableDef, present: int, values: list[Any]) -> dict[int, Any]:
    cols = [i for i in range(len(table.columns)) if present >> i & 1]
    return {i: _to_stored(table, i, v) for i, v in zip(cols, values)}


def _find_row(table: TableDef, before: dict[int, Any]) -> int:
    """Rows_log_event::find_row: by the primary key when the image holds it, else a scan."""
    data = table.data
    key = table.clustered_key()
    if key is not None and all(c in before for c in key.columns):
        for idx, (_name, cols, fns) in enumerate(data.unique_keys):
            if list(cols) == list(key.columns):
                k = tuple(fn(before[c]) for c, fn in zip(cols, fns))
                slot = data.indexes[idx].get(k)
                if slot is not None:
                    return slot
                break
    for slot, row in data.scan():
        if all(row[i] == v for i, v in before.items()):
            return slot
    raise error("ER_KEY_NOT_FOUND", table.name)


def _record_layout(table: TableDef) -> tuple[int, list[int | None]]:
    """(null bytes, per column its null bit or None) of the table's record (table.cc
    open_binary_frm): a table with a VARCHAR or BLOB column is a packed record
    (HA_OPTION_PACK_RECORD, sql_table.cc) whose null bits start at bit 0; a fixed-length
    record keeps bit 0 for MyISAM's deleted mark and starts at bit 1."""
    packed = any(isinstance(c.type, StringType) and c.type.name != "CHAR" for c in table.columns)
    bit = 0 if packed else 1
    bits: list[int | None] = []
    for c in table.columns:
        if c.nullable:
            bits.append(bit)
            bit += 1
        else:
            bits.append(None)
    return (bit + 7) // 8, bits


def _unpack_field(table: TableDef, i: int, raw: bytes, pos: int) -> tuple[Any, int]:
    """Field::unpack of column ``i`` with no metadata (param_data 0): the field's own pack
    form -- an integer in its little-endian record bytes; CHAR and VARCHAR a length in one
    byte (two above 255 bytes) and the bytes, CHAR without its trailing pad."""
    col = table.columns[i]
    t = col.type
    if isinstance(t, IntType):
        end = pos + t.size
        if end > len(raw):
            raise _syntax_error()
        return int.from_bytes(raw[pos:end], "little", signed=not t.unsigned), end
    if isinstance(t, StringType) and t.name in ("CHAR", "VARCHAR"):
        wide = t.length * t.mbmaxlen > 255
        n = int.from_bytes(raw[pos:pos + (2 if wide else 1)], "little")
        pos += 2 if wide else 1
        if pos + n > len(raw):
            raise _syntax_error()
        return raw[pos:pos + n].decode(t.cs.codec, "replace"), pos + n
    raise UnsupportedError(f"BINLOG with a pre-GA 5.1 rows event on a {t.name} column")


def _old_record_images(table: TableDef, ev: RowsEvent) -> list[RowChange]:
    """The rows of a pre-GA rows event (sql/rpl_record_old.cc unpack_row_old): each image
    is the table's null bytes, then every present column packed; a NULL column still
    carries its default's bytes. An update is before and after images in turn."""
    raw = ev.rows_raw or b""
    if ev.column_count != len(table.columns):
        # unpack_row_old then takes the master's null bytes from the last common column.
        raise UnsupportedError("BINLOG with a pre-GA 5.1 rows event for a table of another column count")
    null_bytes, bits = _record_layout(table)
    present = [i for i in range(len(table.columns)) if i < ev.column_count and ev.columns_present >> i & 1]
    images: list[list[Any]] = []
    pos = 0
    while pos < len(raw):
        nulls = int.from_bytes(raw[pos:pos + null_bytes], "little")
        pos += null_bytes
        values = []
        for i in present:
            v, pos = _unpack_field(table, i, raw, pos)
            bit = bits[i]
            values.append(None if bit is not None and nulls >> bit & 1 else v)
        images.append(values)
    if ev.kind != "update":
        return [RowChange(None, img) if ev.kind == "write" else RowChange(img, None) for img in images]
    if len(images) % 2:
        raise _syntax_error()
    return [RowChange(images[k], images[k + 1]) for k in range(0, len(images), 2)]


def _apply_rows_event(ex: Executor, table: TableDef, ev: RowsEvent) -> None:
    """The executor's row primitives (undo, row logging, BLACKHOLE), without triggers."""
    kind = ev.kind
    changes: list[RowChange] = _old_record_images(table, ev) if ev.version == 0 else ev.rows or []
    after_present = ev.columns_present_after if ev.columns_present_after is not None else ev.columns_present
    for ch in changes:
        if kind == "write":
            img = _image(table, ev.columns_present, ch.after or [])
            row = [img.get(i, c.default if c.has_default else None) for i, c in enumerate(table.columns)]
            dup = table.data.find_duplicate(row)
            if dup is not None:
                raise dup_entry_error(table, dup)
            ai = table.auto_inc_col
            if ai is not None and row[ai]:
                AutoIncrement(table, 1).explicit(row[ai])
            ex.write_row(table, row, set(img))
            continue
        slot = _find_row(table, _image(table, ev.columns_present, ch.before or []))
        old = table.data.rows[slot]
        assert old is not None
        if kind == "delete":
            ex.delete_slot(table, slot, old)
            continue
        img = _image(table, after_present, ch.after or [])
        new = list(old)
        for i, v in img.items():
            new[i] = v
        dup = table.data.find_duplicate(new, ignore_slot=slot)
        if dup is not None:
            raise dup_entry_error(table, dup)
        ex.update_slot(table, slot, old, new, set(img))


def _table_of(thd: "Thd", tm: TableMapEvent) -> TableDef:
    t = thd.find_table(A.TableName(tm.table, tm.database))
    if t is None:
        raise error("ER_NO_SUCH_TABLE", tm.database, tm.table)
    _check_compatible(tm, t)
    return t


def _check_compatible(tm: TableMapEvent, t: TableDef) -> None:
    """table_def::compatible_with for the case observed: a VARCHAR whose maximum byte
    length in the Table_map differs from the target column's is a conversion that
    slave_type_conversions (empty by default) does not allow. The BINLOG statement
    then fails with 1105 Unknown error (observed: a utf8mb4 VARCHAR(10), 40 bytes,
    injected into the latin1 VARCHAR(10) of a --no-defaults server)."""
    from harness.sql.item.type_codes import T_VARCHAR
    for i, (code, meta) in enumerate(zip(tm.column_types, tm.column_metadata)):
        if i >= len(t.columns):
            break
        ctype = t.columns[i].type
        if code == T_VARCHAR and getattr(ctype, "binlog_type", None) == T_VARCHAR \
                and ctype.binlog_metadata() != meta:
            raise error("ER_UNKNOWN_ERROR")


def binlog_statement(thd: "Thd", stmt: A.BinlogBase64) -> "OkPacket":
    """Execute ``BINLOG '…'``: one statement whose changes are the injected rows."""
    from harness.sql.stmt.sql_result import OkPacket

    events = decode_injected_events(thd, _payload_text(thd, stmt))
    ctx = thd.binlog_stmt_ctx
    work: list[tuple[TableDef, RowsEvent]] = []
    for ev in events:
        if isinstance(ev, RowsEvent):
            tm = ctx.table_maps.get(ev.table_id) if ctx is not None else None
            if tm is None:
                continue  # no Table_map for it: the applier skips the event (as for a filtered table)
            work.append((_table_of(thd, tm), ev))
    if not work:
        return OkPacket()
    info = StatementInfo(kind="BINLOG", row_injection=True)
    for t, _ev in work:
        info.add(t, True)
    thd.stmt_log.uses_temp = any(t.temporary for t, _ in work)
    thd.begin_statement(info)
    thd.trx.active = True
    decision = decide_logging_format(info, thd)
    if thd.trx.isolation is None:
        thd.trx.isolation = thd.vars.get("tx_isolation")
    thd.stmt.no_annotate = False
    thd.stmt.decision = decision
    thd.stmt.row_format = decision.row
    ectx = ExecContext(thd, info)
    ex = Executor(thd, ectx, info)
    try:
        for t, ev in work:
            _apply_rows_event(ex, t, ev)
    except ServerError as e:
        thd.statement_failed(stmt, info, decision, ectx, e)
        raise
    thd.statement_succeeded(stmt, info, decision, ectx)
    return OkPacket()


__all__ = ["binlog_statement", "base64_payload", "decode_injected_events"]
