"""``replbed decode -vv``: a binlog listed the way ``mariadb-binlog -vv`` lists it.

Users read binlogs with ``mariadb-binlog --base64-output=decode-rows -vv``:
``# at POS``, a header comment per event, and the rows of every rows event as
``### INSERT INTO `db`.`t` / ### SET / ###   @1=...``. ``replbed decode -vv``
prints the same ``###`` lines (rendered by :mod:`harness.binlog.verbose`, the
one row renderer the report uses too) under a header per event; the header
lines are replbed's own (the ``SHOW BINLOG EVENTS`` type and Info).

Like the client, a file that ends in the middle of an event, or holds a
corrupt one, prints every complete event first and then one error line naming
the offset (:class:`ListingError`).

It is built for speed, since a user lists million-event files: the reader's
fast path (``fast.py``) decodes, each table map's column printers are built
once (``verbose.column_printers``), text goes out in large UTF-8 blocks, and
with several files one worker process per core lists whole files while the
output keeps the files' order (:func:`list_files`).
"""

from __future__ import annotations

import os
import time
from typing import Any, BinaryIO, Callable, Iterable

from .constants import BINLOG_MAGIC, EVENT_TYPE_NAMES, ChecksumAlg, EventType as E, GtidFlag, HeaderFlag
from .context import StreamContext
from .codec_errors import DecodeError
from .fast import FastDecoder, _status_vars, status_vars_fit
from .layout import GTID, HEADER, QUERY, ROWS_V1, TABLE_MAP, XID
from .load import AppendBlockEvent, ExecuteLoadQueryEvent, replay_query, sql_load_mb_name
from .constants import QueryStatus as Q
from .fde import FormatDescriptionEvent
from .gtid import GtidEvent
from .mysql_gtid import MysqlGtidEvent
from .render import info_text, rows_info
from .rows import RowsEvent, TableMapEvent
from .rowtext import RowsTextError, build_rows_text
from .verbose import _HEAD, _present, _qualified, column_printers, image_printer, verbose_rows

_CRC32 = int(ChecksumAlg.CRC32)
_ROWS_CODES = frozenset(int(t) for t in (
    E.WRITE_ROWS_EVENT_V1, E.UPDATE_ROWS_EVENT_V1, E.DELETE_ROWS_EVENT_V1,
    E.WRITE_ROWS_EVENT, E.UPDATE_ROWS_EVENT, E.DELETE_ROWS_EVENT))
_GTID_T, _XID_T, _QUERY_T, _ANNOTATE_T = (int(E.GTID_EVENT), int(E.XID_EVENT), int(E.QUERY_EVENT),
                                         int(E.ANNOTATE_ROWS_EVENT))
_TABLE_MAP_T, _UPDATE_V1 = int(E.TABLE_MAP_EVENT), int(E.UPDATE_ROWS_EVENT_V1)
_ROWS_V1_CODES = frozenset(int(t) for t in ROWS_V1.type_codes)
_FL_STANDALONE = int(GtidFlag.FL_STANDALONE)
_SUPPRESS_USE = int(HeaderFlag.SUPPRESS_USE)
# the fixed leading fields, as declared in layout.py (fast.py reads the same)
_HEADER, _GTID, _QUERY_PH, _U64 = HEADER.struct, GTID.struct, QUERY.struct, XID.struct
_GTID_END = 19 + GTID.prefix_len
_XID_END = 19 + XID.prefix_len
_QUERY_VARS = 19 + QUERY.prefix_len
# flags whose fields follow (a commit id, an XA xid): the decoder reads and checks them
_GTID_RARE = int(GtidFlag.FL_PREPARED_XA | GtidFlag.FL_COMPLETED_XA | GtidFlag.FL_GROUP_COMMIT_ID)
_TID_FLAGS = TABLE_MAP.struct  # table_id u48 (as u32 + u16), flags u16; rows v1 share it
_ROWS_NCOLS = 19 + ROWS_V1.prefix_len

_FLUSH_AT = 1 << 16  # text pieces per write


class ListingError(Exception):
    """A file could not be listed to its end; ``str()`` is the one-line message."""


def _rows_lines(out: list[str], tm: TableMapEvent | None, ev: RowsEvent, types: bool) -> None:
    """Append the ``###`` lines of ``ev``: the text of ``verbose.verbose_rows``, built from
    the same column printers, one generated expression per row image."""
    rows = ev.rows
    if tm is None or rows is None:
        out.append(verbose_rows(tm, ev, types=types) + "\n")
        return
    head, before_kw, after_kw = _HEAD[ev.kind]
    printers = column_printers(tm, types)
    before = _present(ev.columns_present, ev.column_count)
    after_bitmap = ev.columns_present_after if ev.columns_present_after is not None else ev.columns_present
    after = _present(after_bitmap, ev.column_count) if ev.kind == "update" else before
    try:
        bimg = image_printer(printers, before)
        aimg = image_printer(printers, after)
    except IndexError:  # an image names a column the table map lacks
        out.append(verbose_rows(tm, ev, types=types) + "\n")
        return
    head = head.format(t=_qualified(tm.database, tm.table)) + "\n"
    append = out.append
    mark = len(out)
    try:
        if before_kw is None:  # INSERT: SET only
            head += str(after_kw) + "\n"
            for row in rows:
                append(head)
                append(aimg(row.after))  # type: ignore[arg-type]
        elif after_kw is None:  # DELETE: WHERE only
            head += before_kw + "\n"
            for row in rows:
                append(head)
                append(bimg(row.before))  # type: ignore[arg-type]
        else:
            bkw, akw = before_kw + "\n", after_kw + "\n"
            for row in rows:
                append(head)
                append(bkw)
                append(bimg(row.before))  # type: ignore[arg-type]
                append(akw)
                append(aimg(row.after))  # type: ignore[arg-type]
    except (TypeError, ValueError):  # a missing image or one of another width: the general form
        del out[mark:]
        out.append(verbose_rows(tm, ev, types=types) + "\n")


class _Clock:
    """``#YYMMDD HH:MM:SS`` of a timestamp, local time as the client prints it; cached,
    since consecutive events share their second."""

    def __init__(self) -> None:
        self.last = -1
        self.text = ""

    def __call__(self, ts: int) -> str:
        if ts != self.last:
            t = time.localtime(ts)
            self.text = "#%02d%02d%02d %2d:%02d:%02d" % (  # noqa: UP031 - the client's format
                t.tm_year % 100, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec)
            self.last = ts
        return self.text


def list_data(data: bytes, write: Callable[[str], Any], *, verbosity: int = 2,
              name: str = "binlog", verify_checksum: bool = False, byte_level: bool = True) -> None:
    """List one binlog file's bytes through ``write`` (text blocks). Raises
    :class:`ListingError` after writing every complete event when the file is
    truncated or corrupt. Checksums are not verified unless asked, as the client
    does (``--verify-binlog-checksum``).

    Most events are listed straight from their bytes (:class:`_ByteLister`) in
    the usual 10.11 shape; every other event, and any of those in another
    shape, goes through the reader's decoder (``FastDecoder.step``), which also
    keeps the table maps the rows need. ``byte_level=False`` lists every event
    through the decoder: the reference the tests hold the byte-level text to."""
    types = verbosity >= 2
    out: list[str] = []
    append = out.append
    clock = _Clock()
    ctx = StreamContext()
    maps = ctx.table_maps
    names = EVENT_TYPE_NAMES
    if data[:4] != BINLOG_MAGIC:
        raise ListingError(f"{name}: not a binlog file (bad magic) at offset 0")
    decoder = FastDecoder(ctx)
    fast, trailer = decoder.mode = decoder._mode()
    unpack_header = _HEADER.unpack_from
    stamp, stamp_ts, stamp_sid = "", -1, -1  # "#YYMMDD HH:MM:SS server id N  end_log_pos "
    lister = _ByteLister(maps, verbosity, types)
    # the byte-level listers by type code (none: the decoder lists every event); the
    # byte-level path does not check CRCs, the decoder does
    handlers = lister.handlers() if byte_level and not verify_checksum else {}
    n = len(data)
    pos = 4
    try:
        while pos < n:
            if fast and n - pos >= 19:
                ts, tc, sid, size, log_pos, flags = unpack_header(data, pos)
                handler = handlers.get(tc)
                end = pos + size - trailer  # the body ends here (the CRC follows)
                if handler is not None and 19 <= size <= n - pos and end >= pos + 19:
                    text = handler(data, pos, end, sid, flags)
                    if text is not None:
                        if ts != stamp_ts or sid != stamp_sid:  # consecutive events share both
                            stamp, stamp_ts, stamp_sid = f"{clock(ts)} server id {sid}  end_log_pos ", ts, sid
                        if trailer:  # the CRC32 footer, little-endian, as 8 hex digits
                            append(f"# at {pos}\n{stamp}{log_pos} CRC32 0x{data[end:end + 4][::-1].hex()} "
                                   f"\t{names[tc]}\t{text}")
                        else:
                            append(f"# at {pos}\n{stamp}{log_pos} \t{names[tc]}\t{text}")
                        pos += size
                        if len(out) >= _FLUSH_AT:
                            write("".join(out))
                            out.clear()
                        continue
            ev, raw = decoder.step(data, pos, verify_checksum)
            if fast and type(ev) is TableMapEvent:
                lister.remember(data[pos + 19:pos + len(raw) - trailer], ev)
            fast, trailer = decoder.mode
            if type(ev) is FormatDescriptionEvent and "MariaDB" not in ev.server_version:
                # MySQL's Query events carry status variables the listing shows (the DDL's
                # xid, 9.7's enable_cascade_triggers): the decoder lists them
                handlers.pop(_QUERY_T, None)
            _event_lines(out, pos, ev, raw, clock, ctx.checksum_alg == _CRC32, maps, verbosity, types)
            pos += len(raw)
            if len(out) >= _FLUSH_AT:
                write("".join(out))
                out.clear()
    except DecodeError as exc:
        write("".join(out))
        out.clear()
        raise ListingError(f"{name}: could not read the event at offset {pos}: {exc}") from None
    write("".join(out))


_MapEntry = tuple[str, TableMapEvent, dict[tuple[int, int, int | None], Any]]
_MAPS_MAX = 4096


class _ByteLister:
    """The Info text of the common events straight from their bytes, through the
    declared layouts (``layout.py``); each method returns None for a shape it does not
    take, and the decoder then lists the event (and names its error).

    Gtid, Xid, Query and Annotate_rows events are half of a busy binlog. A
    Table_map whose body was seen before prints its remembered text and restores
    its decoded map, and the rows of a v1 rows event on such a map print from
    their bytes through a printer generated per table map and column bitmaps
    (``rowtext.py``)."""

    def __init__(self, maps: dict[int, TableMapEvent], verbosity: int, types: bool) -> None:
        self.maps = maps  # the decoder's (StreamContext.table_maps)
        self.verbosity = verbosity
        self.types = types
        # Table_map body -> (listed text, decoded map, rows printers by (type, bitmaps)),
        # and the entry of each table id as last mapped (valid while ``maps`` holds its map)
        self.known_maps: dict[bytes, _MapEntry] = {}
        self.listed: dict[int, _MapEntry] = {}
        self.good_vars: set[bytes] = set()  # Query status variable blocks the decoder reads

    def handlers(self) -> dict[int, Callable[[bytes, int, int, int, int], str | None]]:
        out: dict[int, Callable[[bytes, int, int, int, int], str | None]] = {
            _GTID_T: self.gtid, _XID_T: self.xid, _QUERY_T: self.query, _ANNOTATE_T: self.annotate,
            _TABLE_MAP_T: self.table_map}
        if self.verbosity:
            out.update(dict.fromkeys(_ROWS_V1_CODES, self.rows))
        return out

    def remember(self, body: bytes, ev: TableMapEvent) -> None:
        """A Table_map the decoder listed: the next identical one is listed from its
        bytes (its text and decoded form are functions of the body)."""
        entry: _MapEntry = (info_text(ev) + "\n", ev, {})
        if len(self.known_maps) >= _MAPS_MAX:
            self.known_maps.clear()
        self.known_maps[body] = entry
        self.listed[ev.table_id] = entry

    @staticmethod
    def gtid(data: bytes, pos: int, end: int, sid: int, flags: int) -> str | None:
        # as FastDecoder.gtid takes it: no fields after flags2, padding zero
        if end == pos + _GTID_END or (end > pos + _GTID_END and data[pos + _GTID_END] == 0):
            seq, dom, f2 = _GTID.unpack_from(data, pos + 19)
            if not f2 & _GTID_RARE:
                return f"{'GTID ' if f2 & _FL_STANDALONE else 'BEGIN GTID '}{dom}-{sid}-{seq}\n"
        return None

    @staticmethod
    def xid(data: bytes, pos: int, end: int, sid: int, flags: int) -> str | None:
        if end == pos + _XID_END:
            return f"COMMIT /* xid={_U64.unpack_from(data, pos + 19)[0]} */\n"
        return None

    def query(self, data: bytes, pos: int, end: int, sid: int, flags: int) -> str | None:
        _thread, _exec, db_len, _err, sv_len = _QUERY_PH.unpack_from(data, pos + 19)
        q = pos + _QUERY_VARS + sv_len
        if q + db_len >= end or data[q + db_len] != 0:
            return None
        fit = status_vars_fit(data, pos + _QUERY_VARS, q)
        if fit is None:  # a rarer status variable: ask the decoder's reader
            block = data[pos + _QUERY_VARS:q]
            fit = block in self.good_vars or _status_vars_ok(block, self.good_vars)
        if not fit:
            return None
        query = data[q + db_len + 1:end].decode("utf-8", "replace")
        if db_len and not flags & _SUPPRESS_USE:
            db = data[q:q + db_len].decode("utf-8", "replace").replace("`", "``")
            return f"\nuse `{db}`; {query}\n/*!*/;\n"
        return f"\n{query}\n/*!*/;\n"

    @staticmethod
    def annotate(data: bytes, pos: int, end: int, sid: int, flags: int) -> str | None:
        return "\n#Q> " + data[pos + 19:end].decode("utf-8", "replace").replace("\n", "\n#Q> ") + "\n"

    def table_map(self, data: bytes, pos: int, end: int, sid: int, flags: int) -> str | None:
        entry = self.known_maps.get(data[pos + 19:end])
        if entry is None:
            return None
        tm = entry[1]
        self.maps[tm.table_id] = tm
        self.listed[tm.table_id] = entry
        return entry[0]

    def rows(self, data: bytes, pos: int, end: int, sid: int, flags: int) -> str | None:
        """The Info and ``###`` lines of a v1 rows event, or None when the decoded path
        must list it: no map listed from bytes for its table id, a shape the printer
        declines, bytes that do not decode."""
        tid, hi, rflags = _TID_FLAGS.unpack_from(data, pos + 19)
        tid |= hi << 32
        entry = self.listed.get(tid)
        if entry is None or self.maps.get(tid) is not entry[1]:
            return None
        tm = entry[1]
        ncols = data[pos + _ROWS_NCOLS]
        if ncols >= 251 or ncols != len(tm.column_types):
            return None
        nb = (ncols + 7) >> 3
        p = pos + _ROWS_NCOLS + 1
        present = int.from_bytes(data[p:p + nb], "little")
        p += nb
        present_after = None
        if data[pos + 4] == _UPDATE_V1:
            present_after = int.from_bytes(data[p:p + nb], "little")
            p += nb
        if p > end:
            return None
        key = (data[pos + 4], present, present_after)
        printer = entry[2].get(key)
        if printer is None:
            try:
                printer = build_rows_text(tm, key[0], present, present_after, self.types)
            except Exception:  # noqa: BLE001 - RowsTextError or metadata it cannot print from
                printer = _declined
            entry[2][key] = printer
        try:
            rows = printer(data, p, end)
        except Exception:  # noqa: BLE001 - the decoded path lists it and gives the verdict
            return None
        return (f"table_id: {tid} flags: STMT_END_F\n" if rflags & 1 else f"table_id: {tid}\n") + rows


def _status_vars_ok(block: bytes, good: set[bytes]) -> bool:
    """Whether the decoder reads this status variable block (else the Query goes through
    it for its error); remembered, since a session repeats its block query after query."""
    try:
        _status_vars(block, 0, len(block))
    except Exception:  # noqa: BLE001 - the decoded path names the error
        return False
    if len(good) >= _MAPS_MAX:
        good.clear()
    good.add(block)
    return True


def _declined(data: bytes, p: int, end: int) -> str:
    raise RowsTextError("no printer for these rows")


def _event_lines(out: list[str], pos: int, ev: Any, raw: bytes, clock: _Clock, crc: bool,
                 maps: dict[int, TableMapEvent], verbosity: int, types: bool) -> None:
    """A decoded event's lines (the header comment, then the Info, the statement or the rows)."""
    h = ev.header
    tc = h.type_code
    size = len(raw)
    crc_text = f"CRC32 0x{int.from_bytes(raw[size - 4:], 'little'):08x} " if crc else ""
    out.append(f"# at {pos}\n{clock(h.timestamp)} server id {h.server_id}  end_log_pos {h.log_pos} "
               f"{crc_text}\t{EVENT_TYPE_NAMES.get(tc, 'Unknown')}\t")
    if tc in _ROWS_CODES:
        out.append(rows_info(ev.table_id, ev.flags, tc) + "\n")
        if ev.extra_row_info:
            out.append(f"# extra_row_info=0x{ev.extra_row_info.hex()}\n")
        if verbosity:
            _rows_lines(out, maps.get(ev.table_id), ev, types)
    elif tc == _QUERY_T:
        out.append(_mysql_query_lines(ev) + "\n" + _query_text(ev) + "\n/*!*/;\n")
    elif isinstance(ev, MysqlGtidEvent):
        out.append(info_text(ev) + "\n" + mysql_gtid_fields(ev) + "\n")
    elif isinstance(ev, GtidEvent) and ev.thread_id is not None:
        out.append(info_text(ev) + f"\n# thread_id={ev.thread_id}\n")
    elif tc == _ANNOTATE_T:
        out.append("\n#Q> " + info_text(ev).replace("\n", "\n#Q> ") + "\n")
    elif isinstance(ev, ExecuteLoadQueryEvent):
        # as mariadb-binlog prints it for replay: LOCAL INFILE of the file it
        # rebuilds from the blocks (this listing writes no file)
        use = f"use `{ev.database.replace('`', '``')}`; " if ev.database else ""
        out.append(f"\n{use}{replay_query(ev, sql_load_mb_name(ev.file_id))}\n/*!*/;\n# file_id: {ev.file_id} \n")
    elif isinstance(ev, AppendBlockEvent):
        out.append(f"\n#{EVENT_TYPE_NAMES.get(tc, 'Unknown')}: file_id: {ev.file_id}  block_len: {len(ev.block)}\n")
    else:
        out.append(info_text(ev) + "\n")


def _query_text(ev: Any) -> str:
    """The statement as the client prints it for replay: ``use `db`; `` and the text (no
    xid comment: the header line carries it)."""
    if ev.database and not ev.header.flags & _SUPPRESS_USE:
        return f"use `{ev.database.replace('`', '``')}`; {ev.query}"
    return str(ev.query)


def _mysql_query_lines(ev: Any) -> str:
    """What MySQL's status variables add to a Query's listing, as mysqlbinlog shows them:
    the DDL's xid (``Xid = N`` on its header line there) and 9.7's
    ``enable_cascade_triggers``."""
    out = ""
    xid = ev.status(Q.Q_DDL_LOGGED_WITH_XID)
    if xid is not None:
        out += f"# Xid = {xid}\n"
    ect = ev.status(Q.Q_ENABLE_CASCADE_TRIGGERS)
    if ect is not None:
        out += f"# enable_cascade_triggers={ect}\n"
    return ("\n" + out.rstrip("\n")) if out else ""


def mysql_gtid_fields(ev: MysqlGtidEvent) -> str:
    """The fields of a MySQL Gtid/Anonymous_gtid that its Info does not show, one comment
    line as mysqlbinlog prints them (plus the server versions and the ticket)."""
    parts = [f"last_committed={ev.last_committed}", f"sequence_number={ev.sequence_number}",
             f"rbr_only={'no' if ev.may_have_sbr else 'yes'}"]
    if ev.immediate_commit_timestamp is not None:
        parts.append(f"original_committed_timestamp={ev.effective_original_commit_timestamp()}")
        parts.append(f"immediate_commit_timestamp={ev.immediate_commit_timestamp}")
    if ev.transaction_length is not None:
        parts.append(f"transaction_length={ev.transaction_length}")
    if ev.immediate_server_version is not None:
        parts.append(f"original_server_version={ev.effective_original_server_version()}")
        parts.append(f"immediate_server_version={ev.immediate_server_version}")
    if ev.commit_group_ticket is not None:
        parts.append(f"commit_group_ticket={ev.commit_group_ticket}")
    return "# " + "\t".join(parts)


def _writer(stream: BinaryIO) -> Callable[[str], Any]:
    def write(text: str) -> None:
        stream.write(text.encode("utf-8", "surrogateescape"))
    return write


def _collector(blocks: list[bytes]) -> Callable[[str], Any]:
    def write(text: str) -> None:
        blocks.append(text.encode("utf-8", "surrogateescape"))
    return write


def _list_path(path: str, write: Callable[[str], Any], verbosity: int, verify: bool = False) -> None:
    with open(path, "rb") as f:
        data = f.read()
    list_data(data, write, verbosity=verbosity, name=os.path.basename(path), verify_checksum=verify)


def list_files(paths: Iterable[str | os.PathLike[str]], stream: BinaryIO, *, verbosity: int = 2,
               jobs: int | None = None, verify_checksum: bool = False) -> None:
    """List the files in order to ``stream`` (a binary file with a ``fileno``).

    With ``jobs`` > 1 and several files, worker ``k`` of ``jobs`` lists files
    ``k, k + jobs, ...`` into memory and writes each when the previous file is
    out (a token passed file to file), so the output is in file order and
    byte-identical to ``jobs=1``. A file that fails stops the listing after its
    complete events, as with one process.
    """
    names = [os.fspath(p) for p in paths]
    if jobs is None:
        jobs = min(len(os.sched_getaffinity(0)), len(names))
    jobs = max(1, min(jobs, len(names)))
    if jobs == 1:
        write = _writer(stream)
        for name in names:
            _list_path(name, write, verbosity, verify_checksum)
        stream.flush()
        return
    _list_parallel(names, stream, verbosity, jobs, verify_checksum)


def _list_parallel(names: list[str], stream: BinaryIO, verbosity: int, jobs: int, verify: bool) -> None:
    import multiprocessing as mp

    stream.flush()
    fd = stream.fileno()
    ctx = mp.get_context("fork")  # the workers inherit the loaded decoder, nothing to pickle
    turn = [ctx.Event() for _ in range(len(names) + 1)]
    failed = ctx.Value("i", -1)
    broken = ctx.Value("i", 0)
    errors = ctx.SimpleQueue()
    turn[0].set()

    def worker(k: int) -> None:
        for i in range(k, len(names), jobs):
            blocks: list[bytes] = []
            error = None
            try:
                _list_path(names[i], _collector(blocks), verbosity, verify)
            except (ListingError, OSError) as exc:
                error = exc
            turn[i].wait()
            if failed.value >= 0 or broken.value:  # an earlier file failed: print nothing after it
                turn[i + 1].set()
                return
            try:
                for b in blocks:
                    view = memoryview(b)
                    while view:
                        view = view[os.write(fd, view):]
            except BrokenPipeError:  # `replbed decode -vv ... | head`: stop quietly
                broken.value = 1
                turn[i + 1].set()
                return
            if error is not None:
                failed.value = i
                errors.put(str(error) if isinstance(error, ListingError) else f"{names[i]}: {error}")
            turn[i + 1].set()
            if error is not None:
                return

    procs = [ctx.Process(target=worker, args=(k,), daemon=True) for k in range(jobs)]
    for p in procs:
        p.start()
    try:
        for p in procs:
            p.join()
    finally:
        for p in procs:
            if p.is_alive():
                p.terminate()
                p.join()
    if failed.value >= 0:
        raise ListingError(errors.get())
    if broken.value:
        raise BrokenPipeError
    bad = [p.exitcode for p in procs if p.exitcode]
    if bad:
        raise ListingError(f"a listing worker exited with code {bad[0]}")
