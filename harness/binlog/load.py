"""LOAD DATA's events: Begin_load_query (17), Append_block (9), Delete_file (11)
and Execute_load_query (18).

A statement-logged ``LOAD DATA`` cannot replay from the file name alone (the
replica has no such file), so MariaDB copies the file into the binlog as it
reads it: the first buffer fill goes out as ``Begin_load_query``, every
further one as ``Append_block`` (a fill is ``read_buffer_size`` bytes of a
server-side file, or one network packet of a LOCAL file), all with the same
``file_id``. ``Execute_load_query`` then carries the statement, rewritten by
``Load_log_event::print_query``, as a Query event with four more post-header
fields::

    Query post-header (13) | file_id u32 | fn_pos_start u32 | fn_pos_end u32
    | dup_handling u8 | status vars | db NUL | query

``query[fn_pos_start:fn_pos_end]`` is the ``[LOCAL] INFILE 'name' [REPLACE|
IGNORE] INTO`` part a replica (or ``mariadb-binlog``) replaces with the name
of the file it rebuilt from the blocks. A statement that failed before it
changed anything logs ``Delete_file`` instead of the Execute event.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from .bytes_io import ByteReader, ByteWriter
from .constants import EventType
from .context import StreamContext
from .header import Event, EventHeader
from .layout import APPEND_BLOCK, DELETE_FILE, EXECUTE_LOAD_QUERY
from .query import QueryEvent, StatusVar, read_query_body, write_query_body

_ENC = "utf-8"
_ERR = "surrogateescape"


class LoadDupHandling(IntEnum):
    """``enum_load_dup_handling``: what the statement does with a duplicate key."""

    LOAD_DUP_ERROR = 0
    LOAD_DUP_IGNORE = 1
    LOAD_DUP_REPLACE = 2


@dataclass(slots=True)
class AppendBlockEvent(Event):
    """Append_block (9) and, with the first block, Begin_load_query (17)."""

    file_id: int
    block: bytes


@dataclass(slots=True)
class DeleteFileEvent(Event):
    file_id: int


@dataclass(slots=True)
class ExecuteLoadQueryEvent(QueryEvent):
    """A Query event plus where the file name is in ``query`` and the dup handling."""

    file_id: int = 0
    fn_pos_start: int = 0
    fn_pos_end: int = 0
    dup_handling: int = 0


def decode_append_block(h: EventHeader, r: ByteReader, ctx: StreamContext) -> AppendBlockEvent:
    (file_id,) = APPEND_BLOCK.read_prefix(r)
    return AppendBlockEvent(h, file_id, bytes(r.rest()))


def encode_append_block(w: ByteWriter, ev: AppendBlockEvent, ctx: StreamContext) -> None:
    APPEND_BLOCK.write_prefix(w, ev.file_id)
    w.write(ev.block)


def decode_delete_file(h: EventHeader, r: ByteReader, ctx: StreamContext) -> DeleteFileEvent:
    (file_id,) = DELETE_FILE.read_prefix(r)
    if r.remaining():
        raise r.error("trailing bytes in Delete_file")
    return DeleteFileEvent(h, file_id)


def encode_delete_file(w: ByteWriter, ev: DeleteFileEvent, ctx: StreamContext) -> None:
    DELETE_FILE.write_prefix(w, ev.file_id)


def decode_execute_load_query(h: EventHeader, r: ByteReader, ctx: StreamContext) -> ExecuteLoadQueryEvent:
    fixed, extra, svs, db, raw = read_query_body(r, ctx, EXECUTE_LOAD_QUERY, EventType.EXECUTE_LOAD_QUERY_EVENT)
    thread_id, exec_time, _, error_code, _, file_id, fn_start, fn_end, dup = fixed
    if not fn_start <= fn_end <= len(raw):
        raise r.error(f"file name position {fn_start}..{fn_end} outside the {len(raw)}-byte query")
    return ExecuteLoadQueryEvent(h, thread_id, exec_time, error_code, svs, db, raw.decode(_ENC, _ERR), extra,
                                 file_id, fn_start, fn_end, dup)


def encode_execute_load_query(w: ByteWriter, ev: ExecuteLoadQueryEvent, ctx: StreamContext) -> None:
    write_query_body(w, ev, EXECUTE_LOAD_QUERY, ev.file_id, ev.fn_pos_start, ev.fn_pos_end, ev.dup_handling)


# -- building the events like the server ---------------------------------------


def new_append_block_event(file_id: int, block: bytes, *, first: bool, timestamp: int,
                           server_id: int) -> AppendBlockEvent:
    """Begin_load_query for the first block of a file (``first``), Append_block after it."""
    tc = EventType.BEGIN_LOAD_QUERY_EVENT if first else EventType.APPEND_BLOCK_EVENT
    return AppendBlockEvent(EventHeader(timestamp, tc, server_id, 0, 0, 0), file_id, block)


def new_delete_file_event(file_id: int, *, timestamp: int, server_id: int) -> DeleteFileEvent:
    return DeleteFileEvent(EventHeader(timestamp, EventType.DELETE_FILE_EVENT, server_id, 0, 0, 0), file_id)


def new_execute_load_query_event(
    query: str, *, database: str, thread_id: int, timestamp: int, server_id: int,
    status_vars: list[StatusVar], file_id: int, fn_pos_start: int, fn_pos_end: int, dup_handling: int,
    error_code: int = 0, exec_time: int = 0,
) -> ExecuteLoadQueryEvent:
    """The Execute event; ``fn_pos_*`` are byte offsets into the UTF-8 query."""
    h = EventHeader(timestamp, EventType.EXECUTE_LOAD_QUERY_EVENT, server_id, 0, 0, 0)
    return ExecuteLoadQueryEvent(h, thread_id, exec_time, error_code, list(status_vars), database, query, b"",
                                 file_id, fn_pos_start, fn_pos_end, dup_handling)


def replay_query(ev: ExecuteLoadQueryEvent, local_fname: str) -> str:
    """The statement ``mariadb-binlog`` prints for replay: the file-name part
    replaced by ``LOCAL INFILE '<local_fname>'``, ``REPLACE`` kept, ``IGNORE``
    dropped (``Execute_load_query_log_event::print`` writes only REPLACE)."""
    raw = ev.query.encode(_ENC, _ERR)
    dup = " REPLACE" if ev.dup_handling == LoadDupHandling.LOAD_DUP_REPLACE else ""
    head = raw[:ev.fn_pos_start].decode(_ENC, _ERR)
    tail = raw[ev.fn_pos_end:].decode(_ENC, _ERR)
    return f"{head} LOCAL INFILE {pretty_print_str(local_fname)}{dup} INTO{tail}"


_PRETTY = {"\n": "\\n", "\r": "\\r", "\\": "\\\\", "\b": "\\b", "\t": "\\t", "'": "\\'", "\0": "\\0"}


def pretty_print_str(s: str) -> str:
    """A string literal as ``pretty_print_str`` writes it into the LOAD DATA text."""
    return "'" + "".join(_PRETTY.get(c, c) for c in s) + "'"


def sql_load_mb_name(file_id: int, tmpdir: str = "/tmp") -> str:
    """The file ``mariadb-binlog`` writes a LOAD DATA's blocks to: ``SQL_LOAD_MB-<file_id hex>-<n>``
    where n is the first number not taken in its tmpdir (``-0`` on a clean one)."""
    return f"{tmpdir.rstrip('/')}/SQL_LOAD_MB-{file_id:x}-0"


__all__ = ["LoadDupHandling", "AppendBlockEvent", "DeleteFileEvent", "ExecuteLoadQueryEvent",
           "decode_append_block", "encode_append_block", "decode_delete_file", "encode_delete_file",
           "decode_execute_load_query", "encode_execute_load_query", "new_append_block_event",
           "new_delete_file_event", "new_execute_load_query_event", "replay_query", "pretty_print_str",
           "sql_load_mb_name"]
