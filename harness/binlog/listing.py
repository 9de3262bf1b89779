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
from .errors import DecodeError
from .fast import FastDecoder
from .layout import GTID, HEADER, QUERY, XID
from .load import AppendBlockEvent, ExecuteLoadQueryEvent, replay_query, sql_load_mb_name
from .render import info_text
from .rows import RowsEvent, TableMapEvent
from .verbose import _HEAD, _present, _qualified, column_printers, image_printer, verbose_rows

_CRC32 = int(ChecksumAlg.CRC32)
_ROWS_CODES = frozenset(int(t) for t in (
    E.WRITE_ROWS_EVENT_V1, E.UPDATE_ROWS_EVENT_V1, E.DELETE_ROWS_EVENT_V1,
    E.WRITE_ROWS_EVENT, E.UPDATE_ROWS_EVENT, E.DELETE_ROWS_EVENT))
_GTID_T, _XID_T, _QUERY_T, _ANNOTATE_T = (int(E.GTID_EVENT), int(E.XID_EVENT), int(E.QUERY_EVENT),
                                         int(E.ANNOTATE_ROWS_EVENT))
_RAW_CODES = frozenset((_GTID_T, _XID_T, _QUERY_T, _ANNOTATE_T))
_FL_STANDALONE = int(GtidFlag.FL_STANDALONE)
_SUPPRESS_USE = int(HeaderFlag.SUPPRESS_USE)
# the fixed leading fields, as declared in layout.py (fast.py reads the same)
_HEADER, _GTID, _QUERY_PH, _U64 = HEADER.struct, GTID.struct, QUERY.struct, XID.struct
_GTID_END = 19 + GTID.prefix_len
_XID_END = 19 + XID.prefix_len
_QUERY_VARS = 19 + QUERY.prefix_len
_GTID_RARE = int(GtidFlag.FL_PREPARED_XA | GtidFlag.FL_GROUP_COMMIT_ID)

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
              name: str = "binlog", verify_checksum: bool = False) -> None:
    """List one binlog file's bytes through ``write`` (text blocks). Raises
    :class:`ListingError` after writing every complete event when the file is
    truncated or corrupt. Checksums are not verified unless asked, as the client
    does (``--verify-binlog-checksum``).

    Gtid, Xid, Query and Annotate_rows events -- half of a busy binlog -- are
    listed straight from their bytes through the declared layouts
    (``layout.py``) in the usual 10.11 shape; every other event, and any of
    those in another shape, goes through the reader's decoder
    (``FastDecoder.step``), which also keeps the table maps the rows need."""
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
    unpack_gtid = _GTID.unpack_from
    unpack_query = _QUERY_PH.unpack_from
    unpack_u64 = _U64.unpack_from
    from_bytes = int.from_bytes
    n = len(data)
    pos = 4
    raw_ok = not verify_checksum  # the byte-level path does not check CRCs; the decoder does
    try:
        while pos < n:
            if raw_ok and fast and n - pos >= 19:
                ts, tc, sid, size, log_pos, flags = unpack_header(data, pos)
                end = pos + size - trailer  # the body ends here (the CRC follows)
                if 19 <= size <= n - pos and tc in _RAW_CODES and end >= pos + 19:
                    text = None
                    if tc == _GTID_T:
                        if end >= pos + _GTID_END:
                            seq, dom, f2 = unpack_gtid(data, pos + 19)
                            if not f2 & _GTID_RARE:
                                text = f"{'GTID ' if f2 & _FL_STANDALONE else 'BEGIN GTID '}{dom}-{sid}-{seq}\n"
                    elif tc == _XID_T:
                        if end == pos + _XID_END:
                            text = f"COMMIT /* xid={unpack_u64(data, pos + 19)[0]} */\n"
                    elif tc == _QUERY_T:
                        _thread, _exec, db_len, _err, sv_len = unpack_query(data, pos + 19)
                        q = pos + _QUERY_VARS + sv_len
                        if q + db_len < end and data[q + db_len] == 0:
                            query = data[q + db_len + 1:end].decode("utf-8", "replace")
                            if db_len and not flags & _SUPPRESS_USE:
                                db = data[q:q + db_len].decode("utf-8", "replace").replace("`", "``")
                                text = f"\nuse `{db}`; {query}\n/*!*/;\n"
                            else:
                                text = f"\n{query}\n/*!*/;\n"
                    else:  # Annotate_rows
                        text = "\n#Q> " + data[pos + 19:end].decode("utf-8", "replace").replace(
                            "\n", "\n#Q> ") + "\n"
                    if text is not None:
                        crc = f"CRC32 0x{from_bytes(data[end:end + 4], 'little'):08x} " if trailer else ""
                        append(f"# at {pos}\n{clock(ts)} server id {sid}  end_log_pos {log_pos} "
                               f"{crc}\t{names[tc]}\t{text}")
                        pos += size
                        if len(out) >= _FLUSH_AT:
                            write("".join(out))
                            out.clear()
                        continue
            ev, raw = decoder.step(data, pos, verify_checksum)
            fast, trailer = decoder.mode
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
        out.append(f"table_id: {ev.table_id} flags: STMT_END_F\n" if ev.flags & 1
                   else f"table_id: {ev.table_id}\n")
        if verbosity:
            _rows_lines(out, maps.get(ev.table_id), ev, types)
    elif tc == _QUERY_T:
        out.append("\n" + info_text(ev) + "\n/*!*/;\n")
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
