"""Layer 2: choose the cache (``trx_cache`` or ``stmt_cache``) and fill it.

Each session has two caches (WL#2687). Row events go to the cache of their
table's engine; statement-format Query events go where MariaDB's
``use_trans_cache`` sends them. The caches hold event objects, not bytes:
layer 3 (flush.py) frames them with a GTID and writes them.
See docs/RULES-mariadb-10.11.md sections 3-4.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from harness.binlog.control import AnnotateRowsEvent
from harness.binlog.header import Event
from harness.binlog.rows import RowChange, RowsEvent, TableMapEvent, new_table_map_event
from harness.model.rowimage import RowImager

if TYPE_CHECKING:
    from harness.model.session import SessionView, TableView


@dataclass
class PendingRows:
    """The rows event being filled; one per cache, as in the server."""

    table: "TableView"
    kind: str
    table_map: TableMapEvent
    present: int
    present_after: int | None
    rows: list[RowChange] = field(default_factory=list)
    data_size: int = 0  # packed row bytes so far
    # The session's NO_FOREIGN_KEY_CHECKS_F / RELAXED_UNIQUE_CHECKS_F / NO_CHECK_CONSTRAINT_CHECKS_F,
    # taken when the event is created (Rows_log_event's constructor).
    flags: int = 0

    def event_data_size(self, header_len: int) -> int:
        """Rows_log_event::get_data_size(): the post-header, the column count, the
        column bitmap(s) and the rows -- what binlog_row_event_max_size bounds."""
        width = len(self.table.columns)
        bitmap = (width + 7) // 8
        count = 1 if width < 251 else 3
        return header_len + count + bitmap * (2 if self.kind == "update" else 1) + self.data_size


@dataclass
class GroupBegin:
    """What a MySQL BEGIN copies from the THD. MySQL writes a group's BEGIN into the cache
    with its first event (binlog_start_trans_and_stmt), so it carries the status of the
    statement that first wrote (Q_TABLE_MAP_FOR_UPDATE, Q_UPDATED_DB_NAMES, sql_mode, ...),
    not the committing one's; taken at that statement's end (flush.note_trx_begin).
    ``uses_temp``: thread_specific_used before that statement's first row -- it opened a
    temporary table, or resolved CONNECTION_ID() (LOG_EVENT_THREAD_SPECIFIC_F on the BEGIN;
    9.7.4 observed, ROW: `INSERT INTO t VALUES (1, @@pseudo_thread_id = CONNECTION_ID())`:
    BEGIN 0xc); not what send_eof sets later (a multi-table DELETE's). ``database``: the
    session's default database then, the BEGIN's db field (9.7.4 observed: `BEGIN; INSERT INTO
    d1.t1 ...; USE d1; ...; COMMIT` under `test`: the BEGIN's database is test)."""

    status_vars: list[Any]
    uses_temp: bool = False
    database: str | None = None


class BinlogCache:
    """An ordered list of events plus at most one pending rows event."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.events: list[Event] = []
        self.pending: PendingRows | None = None
        # Set when the cache received anything since the last reset (Binlog_*cache_use).
        self.used = False
        # A DDL statement (CREATE/DROP TEMPORARY inside a transaction) is in the cache:
        # its group gets FL_DDL.
        self.has_ddl = False
        # MySQL: the BEGIN the statement that put the first event here made (GroupBegin)
        self.begin: GroupBegin | None = None
        # The session whose statement ended with its rows event still pending
        # (BinlogCacheMngr.end_statement_rows: a prelocked statement under LOCK TABLES)
        self.kept_by: "SessionView | None" = None
        self.kept_rows = 0  # the kept event's rows then: a later statement that added none kept it too

    def empty(self) -> bool:
        return not self.events and self.pending is None

    def append(self, ev: Event) -> None:
        if self.kept_by is not None and not isinstance(ev, (TableMapEvent, AnnotateRowsEvent)):
            # THD::binlog_query flushes the pending rows event (STMT_END_F) before its Query
            # (9.7.4 probed: a prelocked INSERT's kept Write_rows, then SAVEPOINT: the rows, then
            # `SAVEPOINT`)
            self.flush_pending(self.kept_by, stmt_end=True)
        self.events.append(ev)
        self.used = True

    def flush_pending(self, thd: "SessionView", stmt_end: bool) -> None:
        p = self.pending
        self.kept_by = None
        if p is None:
            return
        self.pending = None
        # The flavour picks the event version: v1 (MariaDB) or v2 (MySQL 8.0).
        ev = thd.server.flavor.events.new_rows_event(p.kind, p.table_map, p.rows, timestamp=thd.stmt.timestamp,
                                              server_id=thd.server_id, stmt_end=stmt_end,
                                              columns_present=p.present, columns_present_after=p.present_after,
                                              flags=p.flags)
        self.events.append(ev)

    def mark(self) -> int:
        return len(self.events)

    def truncate(self, mark: int) -> None:
        del self.events[mark:]
        self.pending = None
        self.kept_by = None
        if not self.events:
            self.begin = None

    def reset(self) -> None:
        self.events.clear()
        self.pending = None
        self.kept_by = None
        self.used = False
        self.has_ddl = False
        self.begin = None


class BinlogCacheMngr:
    """A session's pair of caches and the per-statement row-logging state."""

    def __init__(self) -> None:
        self.trx_cache = BinlogCache("trx")
        self.stmt_cache = BinlogCache("stmt")
        # Per statement: table maps already written, and whether Annotate_rows went out.
        self.maps_written: dict[int, TableMapEvent] = {}
        self.annotated = False
        self.stmt_marks = (0, 0)
        # MySQL's Transaction_ctx::last_committed: the binary log's max_committed_transaction
        # (file, sequence_number) when the session last stored a commit parent -- a statement's
        # two-phase prepare (binlog_prepare, all=false), or the commit of the statement cache.
        # Only writing a group clears it (MYSQL_BIN_LOG::write_transaction: SEQ_UNINIT), so
        # a second group of the same commit takes the group before it as its parent.
        self.commit_parent: tuple[str, int] | None = None

    def start_statement(self) -> None:
        if self.trx_cache.kept_by is None:
            # THD::binlog_table_maps is cleared only when a pending rows event is flushed with
            # STMT_END_F: while the one a prelocked statement kept is pending, the next
            # statement writes no table maps (9.7.4 probed: under LOCK TABLES t2 WRITE, two
            # INSERTs into t2 whose trigger deletes from t1: the second one's Delete_rows
            # follows the first one's Write_rows without a Table_map)
            self.maps_written = {}
        self.annotated = False
        self.stmt_marks = (self.trx_cache.mark(), self.stmt_cache.mark())

    def cache_of(self, table: "TableView") -> BinlogCache:
        return self.trx_cache if table.transactional else self.stmt_cache

    def end_statement_rows(self, thd: "SessionView") -> None:
        """STMT_END_F on the last rows event of the statement in each cache.

        MySQL flushes it in THD::binlog_query only when ``locked_tables_mode <=
        LTM_LOCK_TABLES``, leaving a prelocked statement's to the top-most
        close_thread_tables, which under LOCK TABLES returns before it: a statement that
        invokes a trigger or a stored function under LOCK TABLES leaves its last rows event
        pending in the transaction cache (EventStyle.prelocked_rows_kept). The next Query,
        the commit, or a rows event of another table writes it; a failed statement's
        rollback drops it (drop_kept_rows; 9.7.4 probed: its rows are lost)."""
        info = thd.stmt.info
        trx = self.trx_cache
        keep = False
        if thd.flavor.events.prelocked_rows_kept and thd.locked_tables is not None and thd.sp_unsafe is None \
                and trx.pending is not None:
            prelocked = info is not None and (info.has_triggers or bool(info.stored_functions))
            # a statement that logged no row calls no binlog_query (a SELECT): a kept event stays
            untouched = trx.kept_by is not None and len(trx.pending.rows) == trx.kept_rows
            keep = prelocked or untouched
        if keep:
            trx.kept_by = thd
            trx.kept_rows = len(trx.pending.rows) if trx.pending is not None else 0
        else:
            self.trx_cache.flush_pending(thd, stmt_end=True)
        self.stmt_cache.flush_pending(thd, stmt_end=True)
        if thd.locked_tables is not None and self.maps_written and not thd.flavor.events.map_only_written:
            # Under LOCK TABLES every WRITE-locked table got a map; a cache that got
            # maps but no rows from this statement is not written (observed, MariaDB;
            # MySQL writes a map-only cache as a group: EventStyle.map_only_written).
            for cache, mark in zip((self.trx_cache, self.stmt_cache), self.stmt_marks):
                if cache.pending is None and all(isinstance(ev, (TableMapEvent, AnnotateRowsEvent))
                                                 for ev in cache.events[mark:]):
                    cache.truncate(mark)
        if not keep:
            self.maps_written = {}

    def drop_kept_rows(self) -> None:
        """A failed statement's rollback (binlog_cache_data::truncate) removes the pending
        rows event a previous prelocked statement kept under LOCK TABLES, and clears the
        table maps (9.7.4 probed: `INSERT INTO t2 ...` with a trigger, then a failing
        `SELECT * FROM nosuch` (1100): the INSERT's Write_rows is never logged)."""
        if self.trx_cache.kept_by is not None:
            self.trx_cache.pending = None
            self.trx_cache.kept_by = None
            self.maps_written = {}


def use_trans_cache(thd: "SessionView", is_transactional: bool) -> bool:
    """MariaDB's ``use_trans_cache``: where a statement-format event goes (R-log-statement-format)."""
    if is_transactional:
        return True
    if thd.stmt.row_format or thd.binlog_direct_non_trans_update:
        return False
    return not thd.caches.trx_cache.empty()


# ------------------------------------------------------------------ row events


# Table_map_log_event::TM_BIT_HAS_TRIGGERS_F: set when the table has triggers
# (observed flags 0x4001 on the Table_map of a table with an AFTER INSERT trigger).
TM_BIT_HAS_TRIGGERS_F = 1 << 14


def table_map_for(thd: "SessionView", table: "TableView") -> TableMapEvent:
    """The Table_map event that precedes a table's rows events in this statement."""
    cols = table.columns
    # The inner table of an outer join: Field::maybe_null() is true for every column.
    maybe_null = (thd.stmt.info is not None and id(table) in thd.stmt.info.maybe_null_tables
                  and thd.server.flavor.events.outer_join_null_bits)
    return new_table_map_event(
        table.table_id, table.db, table.name,
        [c.type.binlog_type for c in cols],
        [c.type.binlog_metadata() for c in cols],
        [c.nullable or maybe_null for c in cols],
        timestamp=thd.stmt.timestamp, server_id=thd.server_id,
        flags=1 | (TM_BIT_HAS_TRIGGERS_F if table.triggers and thd.server.flavor.events.trigger_flag else 0)
        | thd.server.flavor.events.table_map_extra_flags(thd, table),
        optional_metadata=thd.server.flavor.events.table_map_optional_metadata(thd, table),
    )


def write_locked_table_maps(thd: "SessionView") -> None:
    """At the first row of a statement: a Table_map for every table it writes
    (under LOCK TABLES: for every table locked for WRITE, as the server's
    write_locked_table_maps walks thd->lock).

    Non-transactional tables come first (observed: the Annotate_rows event goes
    with the MyISAM table's map when a statement writes both kinds), each map
    into the cache of its table; Annotate_rows precedes the first map.  A table
    written by two routines (a function and a trigger) is opened, and mapped,
    once per routine (observed: two Table_map events with the same table id).
    """
    mngr = thd.caches
    written = thd.stmt_written_tables() if thd.locked_tables is None else thd.write_locked_tables()
    tables = [t for t in written if not t.temporary and not t.engine.self_logging]
    tables.sort(key=lambda t: t.transactional)
    for t in tables:
        if id(t) in mngr.maps_written:
            continue
        cache = mngr.cache_of(t)
        if not mngr.annotated and thd.stmt.text and not thd.stmt.no_annotate:
            # Annotate_rows (MariaDB) / Rows_query (MySQL, binlog_rows_query_log_events)
            ann = thd.server.flavor.events.annotate_event(thd)
            if ann is not None:
                cache.append(ann)
                mngr.annotated = True
        copies = thd.stmt.info.table_map_count(t) if thd.stmt.info is not None else 1
        for _ in range(copies):
            tm = table_map_for(thd, t)
            cache.append(tm)
        mngr.maps_written[id(t)] = tm


def _images_without_generated(thd: "SessionView", table: "TableView", kind: str) -> bool:
    """MariaDB 11.8 leaves the generated columns out of an UPDATE's or DELETE's images, and
    out of the table's later images in the same statement (a REPLACE's rows after its first
    conflict); its INSERTs log them (probed; docs/RULES-mariadb-11.8.md row 15)."""
    if not thd.server.flavor.events.images_skip_generated_after_change:
        return False
    seen = thd.stmt_log.images_without_generated
    if kind != "write":
        seen.add(id(table))
    return id(table) in seen


def binlog_write_row(thd: "SessionView", table: "TableView", kind: str, before: list[Any] | None,
                     after: list[Any] | None, assigned: set[int] | None) -> None:
    """Layer 2 for row events: pick the table's cache and append the row (R-log-row-format)."""
    if table.temporary or table.engine.self_logging:
        # R-log-row-format: rows of temporary tables are not logged; a
        # self-logging engine writes its own rows (seed 001).
        return
    mngr = thd.caches
    log = thd.stmt_log
    # what a BEGIN written with this row sees: the session's options too (a foreign-key
    # cascade's child row is written under OPTION_NO_FOREIGN_KEY_CHECKS: Q_FLAGS2)
    snap = (log.time_zone_used, log.table_map_for_update, thd.vars.values.get("sql_mode"),
            thd.vars.values.get("foreign_key_checks"))
    if thd.caches.trx_cache.empty():
        log.at_first_row = snap
    if thd.caches.stmt_cache.empty() and log.stmt_cache_first_row is None:
        log.stmt_cache_first_row = snap
    if id(table) not in mngr.maps_written:
        write_locked_table_maps(thd)
        if id(table) not in mngr.maps_written:  # a table the analysis did not see as written
            cache = mngr.cache_of(table)
            tm = table_map_for(thd, table)
            cache.append(tm)
            mngr.maps_written[id(table)] = tm
    tm = mngr.maps_written[id(table)]
    cache = mngr.cache_of(table)
    imager = RowImager(table, thd.binlog_row_image, thd.stmt_after_image_is_write_set,
                       _images_without_generated(thd, table, kind), thd.server.flavor.events.images_full_without_pk)
    present, present_after, change, size = imager.image(kind, before, after, assigned)
    pending = cache.pending
    if (pending is None or pending.table is not table or pending.kind != kind or pending.present != present
            or pending.present_after != present_after
            or pending.event_data_size(thd.server.flavor.events.rows_header_len) + size > thd.binlog_row_event_max_size):
        cache.flush_pending(thd, stmt_end=False)
        pending = PendingRows(table, kind, tm, present, present_after, flags=thd.vars.rows_flags())
        cache.pending = pending
        cache.used = True
    pending.rows.append(change)
    pending.data_size += size


__all__ = ["BinlogCache", "BinlogCacheMngr", "use_trans_cache", "binlog_write_row", "write_locked_table_maps",
           "RowsEvent"]
