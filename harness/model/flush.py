"""Layer 3: flush the caches to the binary log, framed by GTID events.

MariaDB 10.11 writes every group as ``Gtid`` + body + end event, with no
``Query BEGIN`` (docs/RULES-mariadb-10.11.md section 1.1):

* stmt cache: ``BEGIN GTID`` (flags 0x08) … ``Query COMMIT``
* trx cache at commit: ``BEGIN GTID`` (0x0c if only transactional changes) … ``Xid``
  (or ``Query COMMIT`` when no XA engine changed data)
* trx cache at rollback, when it cannot be safely discarded: … ``Query ROLLBACK``
* DDL, written directly: ``GTID`` (standalone, 0x29) + ``Query``

:class:`BinaryLog` owns the files and the GTID state; the functions below are
the three flush operations a session calls.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from harness.binlog.control import AnnotateRowsEvent, new_xid_event
from harness.binlog.gtid import Gtid, XaXid
from harness.binlog.header import Event
from harness.binlog.query import new_query_event
from harness.binlog.reader import read_binlog_file
from harness.binlog.rows import TableMapEvent
from harness.binlog.render import show_binlog_events_row
from harness.model.cache import GroupBegin
from harness.binlog.xa import new_xa_prepare_event, xid_text
from harness.diagnostics import error, note, register
from harness.model.flavor import Flavor
from harness.model.flavors.mariadb import mariadb_10_11

if TYPE_CHECKING:
    from harness.model.session import SessionView

register({"ER_ERROR_WHEN_EXECUTING_COMMAND": (1220, "HY000", "Error when executing command {0}: {1}"),
          "ER_BINLOG_CANT_DELETE_GTID_DOMAIN": (1076, "HY000", "Could not delete gtid domain. Reason: {0}."),
          # the same code, pushed as warnings with texts of their own (rpl_gtid.cc)
          "WARN_GTID_DOMAIN_NOT_IN_STATE": (
              1076, "HY000", "The gtid domain being deleted ('{0}') is not in the current binlog state"),
          "WARN_GTID_STATE_INCOMPATIBLE": (
              1076, "HY000", "The current gtid binlog state is incompatible with a former one {0}."),
          "ER_GTID_DOMAIN_TOO_LARGE": (1076, "HY000", "The value of gtid domain being deleted ('{0}') exceeds "
                                                       "its maximum size of 32 bit unsigned integer")})


class BinaryLog:
    """The server's binary log: numbered files, an index, and the GTID state."""

    def __init__(self, directory: Path, basename: str = "binlog", server_id: int = 1, domain_id: int = 0,
                 server_version: str | None = None, flavor: "Flavor | None" = None,
                 global_vars: Any = None) -> None:
        self.flavor = flavor or mariadb_10_11()
        self.dir = Path(directory)
        self.basename = basename
        self.server_id = server_id
        self.domain_id = domain_id
        self.server_version = server_version or self.flavor.server_version
        self.global_vars = global_vars
        self.seq_no = 0
        # MariaDB's rpl_binlog_state: per domain, the last seq_no of each server id (the
        # most recently written last) and the domain's counter (the next GTID's seq_no - 1).
        self.gtid_state: dict[int, dict[int, int]] = {}
        self.domain_counter: dict[int, int] = {}
        self.next_xid = 1
        # @@binlog_checksum of the files opened from now on (BinlogFileWriter's ChecksumAlg)
        self.checksum_alg = 1
        # MYSQL_BIN_LOG::file_id: LOAD DATA's blocks; from 1 at startup, not reset by RESET MASTER
        self.file_id = 1
        self.files: list[str] = []
        # The flavour's writer (Flavor.new_writer): BinlogFileWriter or MySQL's.
        self.writer: Any = None
        self.lock = threading.RLock()
        self._first_file_after_start = True
        # MySQL 8.0: gtid_executed as {uuid: [(start, end_inclusive), ...]} and the logical
        # timestamps of the current file (sequence_number restarts at 1 in every file).
        self.gtid_executed: dict[str, list[tuple[int, int]]] = {}
        self.sequence_number = 0
        self.last_committed = 0

    def max_committed(self) -> tuple[str, int]:
        """MySQL's max_committed_transaction as a commit parent: (file, sequence_number)."""
        return (self.files[-1] if self.files else "", self.sequence_number)

    # ------------------------------------------------------------ files

    def _file_name(self, n: int) -> str:
        return f"{self.basename}.{n:06d}"

    def _write_index(self) -> None:
        (self.dir / f"{self.basename}.index").write_text("".join(f"./{f}\n" for f in self.files))

    def open(self) -> None:
        """Start a new file, numbered after any existing ones (as a restarted server does)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        existing = sorted(p.name for p in self.dir.glob(f"{self.basename}.[0-9]*"))
        n = int(existing[-1].rsplit(".", 1)[1]) + 1 if existing else 1
        self.files = existing
        self._open_file(n)

    def _open_file(self, n: int, rotated: bool = False, timestamp: int | None = None) -> None:
        """The file's header events carry the time of the statement that opened it (a
        rotating FLUSH or RESET MASTER: its THD's time, SET TIMESTAMP included), else now."""
        name = self._file_name(n)
        self.writer = self.flavor.gtid.new_writer(self, self.dir / name)
        now = int(time.time()) if timestamp is None else timestamp
        self.flavor.gtid.write_header(self, self.writer, timestamp=now, rotated=rotated,
                                 create_timestamp=None if self._first_file_after_start else 0)
        self._first_file_after_start = False
        self.files.append(name)
        self._write_index()

    def gtid_list(self) -> list[Gtid]:
        """The GTID state as a Gtid_list event lists it (the last GTID of each server per domain)."""
        return [Gtid(d, sid, seq) for d, servers in self.gtid_state.items() for sid, seq in servers.items()]

    def gtid_pos_text(self, *, all_servers: bool = False) -> str:
        """@@gtid_binlog_pos / @@gtid_current_pos (the last GTID of each domain) or, with
        ``all_servers``, @@gtid_binlog_state. Domains in first-use order: the server lists
        them in its hash order, which differs once there are several [not modelled]."""
        parts: list[str] = []
        for d, servers in self.gtid_state.items():
            items = list(servers.items()) if all_servers else list(servers.items())[-1:]
            parts.extend(f"{d}-{sid}-{seq}" for sid, seq in items)
        return ",".join(parts)

    def next_gtid(self, domain_id: int, server_id: int, requested_seq_no: int = 0) -> int:
        """The next GTID's seq_no in ``domain_id`` (rpl_binlog_state::next_gtid / update_nolock):
        the domain's counter + 1 unless the session set @@gtid_seq_no; the counter never goes back."""
        seq = requested_seq_no or self.domain_counter.get(domain_id, 0) + 1
        self.domain_counter[domain_id] = max(self.domain_counter.get(domain_id, 0), seq)
        servers = self.gtid_state.setdefault(domain_id, {})
        servers.pop(server_id, None)
        servers[server_id] = seq
        self.seq_no = seq
        return seq

    def rotate(self, timestamp: int | None = None, checksum_alg: int | None = None) -> None:
        """FLUSH BINARY LOGS: Rotate event, then a new file whose Gtid_list holds the state;
        ``timestamp``: the rotating statement's time (now by default); ``checksum_alg``: the
        new file's checksum algorithm (SET GLOBAL binlog_checksum), the old file's Rotate
        keeps the old one."""
        with self.lock:
            if checksum_alg is not None:
                self.checksum_alg = checksum_alg
            assert self.writer is not None
            n = int(self.files[-1].rsplit(".", 1)[1]) + 1
            when = int(time.time()) if timestamp is None else timestamp
            self.writer.rotate(self._file_name(n), timestamp=when)
            self._open_file(n, rotated=True, timestamp=when)

    def drop_domains(self, ids: list[int]) -> tuple[list[tuple[str, tuple[object, ...]]], bool]:
        """FLUSH BINARY LOGS DELETE_DOMAIN_ID (rpl_binlog_state::drop_domain against the
        Gtid_list of the oldest binlog file): (warnings as (message name, args), whether a
        domain was removed). Each Gtid_list entry the state lacks or has a lower seq_no for
        is warned first; a domain not in the state is warned and skipped; a domain whose
        last GTIDs are not all in that list may still have events in the files: error 1076
        and nothing removed (MDEV-31140: every server's GTID must match)."""
        glev = self._first_gtid_list()
        warnings: list[tuple[str, tuple[object, ...]]] = []
        for g in glev:
            seq = self.gtid_state.get(g.domain_id, {}).get(g.server_id)
            if seq is None:
                warnings.append(("WARN_GTID_STATE_INCOMPATIBLE", (
                    f"missing gtids from the '{g.domain_id}-{g.server_id}' domain-server pair which is referred "
                    f"to in the gtid list describing an earlier state. Ignore if the domain ('{g.domain_id}') was "
                    "already explicitly deleted",)))
            elif seq < g.seq_no:
                warnings.append(("WARN_GTID_STATE_INCOMPATIBLE", (
                    f"having a gtid '{g.domain_id}-{g.server_id}-{seq}' which is less than the '{g}' of the gtid "
                    "list describing an earlier state. The state may have been affected by manually injecting a "
                    "lower sequence number gtid or via replication",)))
        listed = {(g.domain_id, g.server_id, g.seq_no) for g in glev}
        doomed: list[int] = []
        for d in ids:
            servers = self.gtid_state.get(d)
            if servers is None:
                warnings.append(("WARN_GTID_DOMAIN_NOT_IN_STATE", (d,)))
                continue
            if any((d, sid, seq) not in listed for sid, seq in servers.items()):
                e = error("ER_BINLOG_CANT_DELETE_GTID_DOMAIN", f"binlog files may contain gtids from the domain "
                          f"('{d}') being deleted. Make sure to first purge those files")
                e.leading_notes = [note("Warning", name, *args) for name, args in warnings]
                raise e
            if d not in doomed:
                doomed.append(d)
        for d in doomed:
            self.gtid_state.pop(d, None)
            self.domain_counter.pop(d, None)
        return warnings, bool(doomed)

    def _first_gtid_list(self) -> list[Gtid]:
        """The Gtid_list event of the oldest binlog file in the index."""
        if not self.files:
            return []
        for ev in read_binlog_file(self.dir / self.files[0])[:4]:
            if type(ev).__name__ == "GtidListEvent":
                return list(ev.gtids)  # type: ignore[attr-defined]
        return []

    def purge(self, names: list[str]) -> None:
        """PURGE BINARY LOGS: remove these (inactive) files and their index lines."""
        with self.lock:
            for f in names:
                (self.dir / f).unlink(missing_ok=True)
            self.files = [f for f in self.files if f not in names]
            self._write_index()

    def reset(self, timestamp: int | None = None) -> None:
        """RESET MASTER: remove every file and start again at .000001 with an empty GTID state
        (the new file's header events at ``timestamp``, the statement's time; now by default)."""
        with self.lock:
            if self.writer is not None:
                self.writer.close()
            for f in self.files:
                try:
                    (self.dir / f).unlink()
                except FileNotFoundError:
                    pass
            self.files = []
            self.seq_no = 0
            self.gtid_state = {}
            self.domain_counter = {}
            self.gtid_executed = {}
            # reset_logs opens the new first file like a server start: its Format_description
            # has `created` set (observed: mariadb-binlog prints "created ... at startup" and
            # a ROLLBACK; a replica reading it drops its temporary tables).
            self._first_file_after_start = True
            self._open_file(1, timestamp=timestamp)

    def close(self) -> None:
        with self.lock:
            if self.writer is not None and not self.writer.closed:
                self.writer.stop(timestamp=int(time.time()))

    # ------------------------------------------------------------ groups

    def write_group(self, events: list[Event], *, timestamp: int, standalone: bool = False,
                    transactional: bool = False, ddl: bool = False, extra_engines: bool = False,
                    thd: "SessionView | None" = None, xa_xid: "XaXid | None" = None, xa_completed: bool = False,
                    begin: "GroupBegin | None" = None) -> int:
        """Frame ``events`` with the flavour's GTID event(s) and append them in one write.

        MariaDB: ``Gtid`` + events; MySQL 8.0: ``Gtid``/``Anonymous_Gtid`` [+ ``Query BEGIN``
        unless ``standalone``] + events (the flavour's GtidFraming). Returns the GTID's number."""
        with self.lock:
            assert self.writer is not None
            written = self.flavor.gtid.write_group(self, events, thd=thd, timestamp=timestamp,
                                                   standalone=standalone, transactional=transactional, ddl=ddl,
                                                   extra_engines=extra_engines, xa_xid=xa_xid,
                                                   xa_completed=xa_completed, begin=begin)
            if thd is not None:
                # The session's one-shot GTID settings are used up by the group.
                if written.consumed_gtid_seq_no:
                    thd.vars.values["gtid_seq_no"] = 0
                if written.used_gtid_next:
                    thd.gtid_next_used = True
                    thd.vars.values["gtid_owned"] = ""  # MySQL: the GTID is used up
            self._rotate_if_full(timestamp)
            return written.number

    def _rotate_if_full(self, timestamp: int) -> None:
        """A file that reached @@max_binlog_size with the group just written is rotated
        after it (MYSQL_BIN_LOG::ordered_commit: `get_real_file_size() >= max_size` ->
        do_rotate; MariaDB's `my_b_tell(&log_file) >= max_size`). 9.7.4 [bytes]
        seed004_event_sizes: at 4096, binlog.000001 ends with the first group past it."""
        limit = self.global_vars.values.get("max_binlog_size") if self.global_vars is not None else None
        if limit is not None and self.writer is not None and self.writer.position >= int(limit):
            self.rotate(timestamp)

    # ------------------------------------------------------------ MySQL GTID state

    def gtid_owned(self, sid: str, gno: int) -> bool:
        return any(a <= gno <= b for a, b in self.gtid_executed.get(sid, []))

    def next_free_gno(self, sid: str) -> int:
        n = 1
        for a, b in sorted(self.gtid_executed.get(sid, [])):
            if a <= n <= b:
                n = b + 1
        return n

    def add_gtid(self, sid: str, gno: int) -> None:
        ivs = sorted([*self.gtid_executed.get(sid, []), (gno, gno)])
        merged: list[tuple[int, int]] = []
        for a, b in ivs:
            if merged and a <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(merged[-1][1], b))
            else:
                merged.append((a, b))
        self.gtid_executed[sid] = merged

    def gtid_executed_text(self) -> str:
        """``uuid:1-5:7`` per server, sids sorted, joined by ``,\n`` (Gtid_set::to_string)."""
        parts = []
        for sid in sorted(self.gtid_executed):
            ivs = ":".join(f"{a}" if a == b else f"{a}-{b}" for a, b in self.gtid_executed[sid])
            parts.append(f"{sid}:{ivs}")
        return ",\n".join(parts)

    def next_file_id(self) -> int:
        """The id of the next statement-logged LOAD DATA file (``MYSQL_BIN_LOG::next_file_id``)."""
        with self.lock:
            fid = self.file_id
            self.file_id += 1
            return fid

    def allocate_xid(self) -> int:
        with self.lock:
            xid = self.next_xid
            self.next_xid += 1
            return xid

    # ------------------------------------------------------------ inspection

    def list_files(self) -> list[tuple[str, int]]:
        with self.lock:
            return [(f, (self.dir / f).stat().st_size) for f in self.files]

    def current(self) -> tuple[str, int]:
        with self.lock:
            assert self.writer is not None
            return self.writer.name, self.writer.position

    def show_events(self, log_name: str | None) -> list[tuple[str, int, str, int, int, str]]:
        with self.lock:
            name = log_name or (self.files[0] if self.files else "")
            if name not in self.files:
                raise error("ER_ERROR_WHEN_EXECUTING_COMMAND", "SHOW BINLOG EVENTS", "Could not find target log")
            events = read_binlog_file(self.dir / name)
        rows = []
        pos = 4
        for ev in events:
            rows.append(show_binlog_events_row(ev, name, pos,
                                               session_options=self.flavor.name.startswith("mariadb")))
            pos = ev.header.log_pos
        return rows


# ------------------------------------------------------------------ layer 3


def end_query(thd: "SessionView", text: str, *, thread_specific: bool | None = None) -> Event:
    """The ``COMMIT`` / ``ROLLBACK`` Query event that ends a group (``thread_specific``:
    forced, for an end event the server builds with the flag whatever the flavour)."""
    # The end event is built by the statement that ends the group, so it carries
    # that statement's LOG_EVENT_THREAD_SPECIFIC_F (observed: COMMIT after an
    # INSERT into a temporary table has header flags 0x0c).
    inherits = thd.flavor.events.end_thread_specific
    if inherits:
        status_vars = thd.query_status_vars()
    else:
        # MariaDB 11.8: the end event copies neither LOG_EVENT_THREAD_SPECIFIC_F nor the
        # ending statement's Q_TIME_ZONE_CODE / Q_HRNOW; Q_TABLE_MAP_FOR_UPDATE it keeps
        # (observed: docs/RULES-mariadb-11.8.md row 7a)
        log = thd.stmt_log
        saved = (log.time_zone_used, log.hrnow_used)
        log.time_zone_used, log.hrnow_used = False, False
        try:
            status_vars = thd.query_status_vars()
        finally:
            log.time_zone_used, log.hrnow_used = saved
    return new_query_event(text, database=thd.db or "", thread_id=thd.connection_id, timestamp=thd.stmt.timestamp,
                           server_id=thd.server_id, suppress_use=True, status_vars=status_vars,
                           thread_specific=thread_specific if thread_specific is not None else
                           thd.stmt_log.thread_specific and inherits)


def cache_statistics(thd: "SessionView", cache: Any) -> None:
    """binlog_cache_data::reset() -> compute_statistics(): a cache that held anything
    counts one use (Binlog_cache_use / Binlog_stmt_cache_use) and, when its content
    outgrew the cache's buffer (binlog_cache_size / binlog_stmt_cache_size: the
    IO_CACHE spilled to its temporary file, disk_writes > 0), one disk use. The
    content is the cached events as the cache holds them: without the GTID and
    the end event, which go straight to the binlog file, and without checksums.
    The buffer is the global size now (the server sizes a session's caches when it
    first logs [not modelled])."""
    if not cache.used:
        return
    prefix = "Binlog_cache" if cache.name == "trx" else "Binlog_stmt_cache"
    thd.server.status[prefix + "_use"] += 1
    size_var = "binlog_cache_size" if cache.name == "trx" else "binlog_stmt_cache_size"
    buffer = int(thd.server.global_vars.values.get(size_var, 32768))
    if cache_bytes(thd, cache.events, stop_after=buffer) > buffer:
        thd.server.status[prefix + "_disk_use"] += 1


def cache_bytes(thd: "SessionView", events: list[Event], stop_after: int | None = None) -> int:
    """The size of ``events`` encoded without checksums (a binlog cache's content);
    stops counting once past ``stop_after``."""
    from harness.binlog.codec import encode_event
    from harness.binlog.constants import ChecksumAlg
    from harness.binlog.context import StreamContext
    writer = thd.server.binlog.writer
    probe = StreamContext(checksum_alg=ChecksumAlg.OFF, fde=writer.ctx.fde if writer is not None else None)
    total = 0
    for ev in events:
        total += len(encode_event(ev, probe))
        if stop_after is not None and total > stop_after:
            break
    return total


def flush_stmt_cache(thd: "SessionView") -> None:
    """R-flush-SC: the statement cache becomes its own group, ended by COMMIT.

    A cache holding only the table maps (and Annotate_rows) of a statement whose
    non-transactional table got no row is empty() to binlog_commit/binlog_rollback:
    nothing is written, and nothing resets it either. The maps stay in the cache
    and go out in front of its next group (observed: a DELETE whose trigger's
    MyISAM INSERT failed, then an INSERT into MyISAM: Annotate_rows DELETE,
    Table_map, Annotate_rows INSERT, Table_map, Write_rows), unless an Xid commit
    resets both caches first (reset_map_only_stmt_cache)."""
    cache = thd.caches.stmt_cache
    cache.flush_pending(thd, stmt_end=True)
    begin = _stmt_cache_begin(thd)
    if cache.empty():
        cache.reset()
        return
    if _maps_only(thd, cache):
        return
    if thd.in_multi_stmt_transaction_mode():
        thd.trx_log.binlog_joined = True
    events = list(cache.events)
    events.append(end_query(thd, "COMMIT"))
    # MYSQL_BIN_LOG::commit: "Commit parent identification of non-transactional query has
    # been deferred until now" -- the statement cache's group depends on the last commit
    thd.caches.commit_parent = thd.server.binlog.max_committed()
    thd.server.binlog.write_group(events, thd=thd, timestamp=thd.stmt.timestamp,
                                  ddl=cache.has_ddl or thd.trx_log.did_ddl, begin=begin)
    cache_statistics(thd, cache)
    cache.reset()


def _stmt_cache_begin(thd: "SessionView") -> GroupBegin | None:
    """MySQL writes the statement cache's BEGIN with its first event too: a rows group takes the
    table map and time zone as they were at the statement's first row, before a trigger's
    sub-statement cleared the map (9.7.4 observed, ROW: `UPDATE t1 SET u = u + 1` whose AFTER
    trigger updates a MyISAM table: that group's BEGIN 9=1, its COMMIT none)."""
    log = thd.stmt_log
    snap, log.stmt_cache_first_row = log.stmt_cache_first_row, None
    if snap is None or not thd.flavor.events.begin_with_first_event:
        return None
    return _begin_at(thd, snap)


def _only_table_maps(cache: Any) -> bool:
    """Table maps written at a statement's first row for a table whose rows never
    came (an AFTER UPDATE trigger logged a row of another table for an unchanged row;
    a MyISAM table only a trigger that never fired writes): binlog_cache_data::empty()
    counts only LOGGED_ROWS / LOGGED_CRITICAL, so the server writes nothing for them,
    from either cache."""
    return all(isinstance(ev, (TableMapEvent, AnnotateRowsEvent)) for ev in cache.events)


def _maps_only(thd: "SessionView", cache: Any) -> bool:
    """A cache the server calls empty though it holds table maps (MariaDB); MySQL 9.7 writes
    such a cache as a group of its own (EventStyle.map_only_written; 9.7.4 [bytes]: `BEGIN`,
    `Table_map`, `COMMIT` for a MyISAM table a statement mapped but wrote no row to)."""
    return not thd.flavor.events.map_only_written and _only_table_maps(cache)


def _holds_only_maps(thd: "SessionView", cache: Any) -> bool:
    """Something is cached, nothing pending, and all of it table maps (and Annotate_rows)."""
    return bool(cache.events) and cache.pending is None and _maps_only(thd, cache)


def reset_map_only_stmt_cache(thd: "SessionView") -> None:
    """binlog_commit_flush_xid_caches flushes both caches (using_stmt): a statement
    cache that holds only table maps is not written (empty()) but reset, so the
    maps a failed statement left are gone after an autocommit InnoDB change or a
    COMMIT ending with Xid (observed). binlog_commit_flush_trx_cache (COMMIT
    without Xid) and the rollback paths leave the statement cache alone."""
    stmt = thd.caches.stmt_cache
    if _holds_only_maps(thd, stmt):
        cache_statistics(thd, stmt)
        stmt.reset()


def discard_map_only_trx_cache(thd: "SessionView") -> None:
    """The statement commit inside a transaction (binlog_commit, all=false) resets a trx
    cache that binlog_cache_data::empty() calls empty: one holding only the table maps
    of a statement whose transactional table got no row (a trigger that never fired).
    The next statement's rows then start without them (observed)."""
    trx = thd.caches.trx_cache
    if _holds_only_maps(thd, trx):
        trx.reset()


def note_statement_end(thd: "SessionView", success: bool) -> None:
    """At a statement's end, before its caches are flushed: the BEGIN's status
    (note_trx_begin) and, for MySQL, the statement's two-phase prepare (ha_commit_trans,
    all=false: an XA-capable engine changed rows and the binlog joined the statement by
    writing to the trx cache), whose binlog_prepare stores the commit parent -- the last
    committed transaction now, not when the transaction commits (9.7.4 [bytes]: `BEGIN;
    UPDATE c ...` then another session's autocommit UPDATE (seq 4), then COMMIT: `3/5`)."""
    note_trx_begin(thd)
    mngr = thd.caches
    if success and thd.stmt.changed_xa and mngr.trx_cache.mark() > mngr.stmt_marks[0]:
        mngr.commit_parent = thd.server.binlog.max_committed()


def note_trx_begin(thd: "SessionView") -> None:
    """At a statement's end: the status a MySQL BEGIN took when this statement put the
    transaction's first event into the trx cache (cache.py ``GroupBegin``). A
    cache the statement left empty (nothing written, or its events rolled back) has none."""
    trx = thd.caches.trx_cache
    if trx.empty():
        trx.begin = None
    elif trx.begin is None and thd.flavor.events.begin_with_first_event:
        # a rows group's BEGIN was written with the first row: the time zone as it was then
        # (9.7.4 observed: `INSERT IGNORE ... VALUES (1, 'bb'), (2, '2024-01-01 00:00:00')` into
        # a DATETIME, ROW: BEGIN without Q_TIME_ZONE_CODE, the refused first value read no zone)
        # the map likewise: an AFTER trigger clears it after the row (9.7.4 observed, ROW: `UPDATE
        # t1 SET u = u + 1` with an AFTER UPDATE trigger: BEGIN 9=1, the statement's end none);
        # the sql_mode too: a first row a trigger or function writes has the routine's
        trx.begin = _begin_at(thd, thd.stmt_log.at_first_row)


def _begin_at(thd: "SessionView", snap: tuple[bool, int, Any, Any] | None) -> GroupBegin:
    """The GroupBegin of the session's status as ``snap`` (time_zone_used, table_map_for_update,
    sql_mode, foreign_key_checks when the cache got its first row; None: as it is now) had it."""
    log = thd.stmt_log
    values = thd.vars.values
    saved = (log.time_zone_used, log.table_map_for_update, values.get("sql_mode"), values.get("foreign_key_checks"))
    if snap is not None:
        log.time_zone_used, log.table_map_for_update = snap[0], snap[1]
        values["sql_mode"], values["foreign_key_checks"] = snap[2], snap[3]
    try:
        return GroupBegin(thd.flavor.events.query_status_vars(thd), bool(log.uses_temp or log.thread_specific_at_open),
                          thd.db or "")
    finally:
        log.time_zone_used, log.table_map_for_update = saved[0], saved[1]
        values["sql_mode"], values["foreign_key_checks"] = saved[2], saved[3]


def commit_trx_cache(thd: "SessionView", with_stmt_cache: bool = False) -> None:
    """R-log-commit: BEGIN GTID + trx cache (+ the statement cache first, for an
    autocommit statement that filled both) + Xid or COMMIT; then R-clear-TC."""
    mngr = thd.caches
    trx, stmt = mngr.trx_cache, mngr.stmt_cache
    if with_stmt_cache and (thd.trx_log.no_2pc or thd.flavor.events.stmt_cache_own_group):
        # MySQL: always -- each cache is a transaction with its own GTID (WL#7592; 9.7.4
        # [bytes]: a MyISAM trigger table's group, then the InnoDB statement's)
        # One-phase commit (binlog_commit): the statement cache is flushed as its own
        # group before the transaction's; only log_and_order writes both as one (probed:
        # an autocommit InnoDB INSERT whose trigger writes Aria rows in ROW format).
        flush_stmt_cache(thd)
        with_stmt_cache = False
    trx.flush_pending(thd, stmt_end=True)
    xa_rw = thd.trx_log.xa_rw
    xid_commit = xa_rw and not thd.trx_log.no_2pc
    if trx.empty() or _maps_only(thd, trx):
        cache_statistics(thd, trx)
        trx.reset()
        if with_stmt_cache:
            flush_stmt_cache(thd)
        if xid_commit:
            reset_map_only_stmt_cache(thd)
        return
    events: list[Event] = []
    if with_stmt_cache and not stmt.empty() and not _maps_only(thd, stmt):
        stmt.flush_pending(thd, stmt_end=True)
        events.extend(stmt.events)
        cache_statistics(thd, stmt)
        stmt.reset()
    if xid_commit:
        reset_map_only_stmt_cache(thd)
    events.extend(trx.events)
    if xid_commit:
        events.append(new_xid_event(thd.server.binlog.allocate_xid(), timestamp=thd.stmt.timestamp,
                                    server_id=thd.server_id))
    else:
        events.append(end_query(thd, "COMMIT"))
    # Gtid_log_event(): FL_TRANSACTIONAL for a trx-cache group unless the
    # transaction changed a non-transactional table or the committing statement
    # accessed a temporary table -- whether or not InnoDB changed rows (observed:
    # autocommit `UPDATE t SET a = a` in STATEMENT is 0x0c). ro_1pc (no engine
    # but the binlog did a read-write change in a committed statement) sets
    # FL_EXTRA_MULTI_ENGINE_E1 with extra_engines = 0xff (observed `01 ff`
    # after flags2 for read-only InnoDB, temporary tables, and a trx cache left
    # with only a failed statement's Query, and BLACKHOLE rows: BLACKHOLE registers
    # no transaction, so only the XA-capable engine counts as a read-write participant).
    rw_engine = xa_rw  # also in a one-phase commit (no_2pc): InnoDB changed data (observed flags_extra 0)
    thd.server.binlog.write_group(events, thd=thd, timestamp=thd.stmt.timestamp,
                                  transactional=_trx_group_transactional(thd),
                                  ddl=thd.trx_log.has_ddl or trx.has_ddl or thd.trx_log.did_ddl,
                                  extra_engines=not rw_engine, begin=trx.begin)
    cache_statistics(thd, trx)
    trx.reset()


def _trx_group_transactional(thd: "SessionView") -> bool:
    """FL_TRANSACTIONAL of a trx-cache group: no non-transactional change in the
    transaction and no temporary table used by it or by the ending statement.
    With binlog_direct_non_transactional_updates=ON the transaction's own
    non-transactional changes do not count (Gtid_log_event tests
    all.modified_non_trans_table only with the variable OFF): only the ending
    statement's temporary table does (probed in all formats)."""
    if thd.binlog_direct_non_trans_update:
        return not thd.stmt_log.uses_temp
    return (not thd.trx_log.gtid_nontrans and not thd.trx_log.wrote_temp
            and not thd.stmt_log.uses_temp
            and not thd.sp_modified_nontrans
            and not thd.trx_log.used_temp)


def rollback_trx_cache(thd: "SessionView", single_statement: bool) -> None:
    """R-log-rollback: keep the trx cache (ended by ROLLBACK) only when it cannot
    be discarded safely; otherwise drop it."""
    trx = thd.caches.trx_cache
    trx.flush_pending(thd, stmt_end=True)
    cache_statistics(thd, trx)
    if not trx.empty() and trans_cannot_safely_rollback(thd, single_statement):
        _write_rolled_back_trx_cache(thd)
    trx.reset()
    # MySQL: the transaction's end (Transaction_ctx::cleanup) forgets the commit parent its
    # statements' prepares stored, so a group the session writes next takes the last
    # commit's (9.7.4 observed, GTID_MODE=ON: a disconnect rolls back `BEGIN; INSERT INTO t`
    # unlogged, another session committed meanwhile (5): the DROP TEMPORARY is `5/6`)
    thd.caches.commit_parent = None


def rollback_trx_cache_to_unjoined_savepoint(thd: "SessionView") -> None:
    """R-log-rollback-to-savepoint, for a savepoint set before the binlog joined the transaction:
    the binlog is not among the savepoint's participants, so it is rolled
    back as a whole, and a transaction that cannot be undone (a
    non-transactional change, a temporary table) is written now, ended by
    ROLLBACK -- in every format (observed on MariaDB 10.11)."""
    trx = thd.caches.trx_cache
    trx.flush_pending(thd, stmt_end=True)
    if not trx.empty():
        # Observed: this group loses FL_TRANSACTIONAL whenever the transaction
        # changed a non-transactional table, also in row format (0x08).
        # A temporary MyISAM table's change sets all.modified_non_trans_table too (probed:
        # ROW, a change to one before the savepoint: 0x08).
        _write_rolled_back_trx_cache(thd, nontrans=thd.trx_log.gtid_nontrans or thd.trx_nontrans_temp_modified)
    trx.reset()


def _write_rolled_back_trx_cache(thd: "SessionView", nontrans: bool = False) -> None:
    trx = thd.caches.trx_cache
    events = list(trx.events)
    events.append(end_query(thd, "ROLLBACK"))
    # Observed: a rolled-back group keeps FL_TRANSACTIONAL unless a statement that
    # changed a non-transactional table was logged in statement form during the
    # transaction (6b/e4 STATEMENT, 5b MIXED: 0x08; the ROW temp-table case: 0x0c).
    # A temporary MyISAM table the transaction's cached statements only read, or left
    # unchanged, does not count: the Gtid's is_tmp_table is the ending statement's and
    # all.modified_non_trans_table needs a changed row (observed: MIXED ROLLBACK after a
    # multi-table DELETE over an empty temporary MyISAM table keeps 0x0c). Other
    # temporary-table use keeps the observed 0x08.
    temp_changed = thd.trx_log.wrote_temp and (thd.trx_nontrans_temp_modified or thd.trx_log.nontrans_temp_in_cache
                                               or thd.trx_log.used_temp and not thd.trx_log.nontrans_temp_accessed_in_cache)
    transactional = not (nontrans or thd.trx_log.stmt_nontrans_logged or temp_changed)
    if thd.binlog_direct_non_trans_update:
        transactional = not thd.stmt_log.uses_temp  # as _trx_group_transactional (probed: STATEMENT ROLLBACK)
    # MYSQL_BIN_LOG::rollback, stuff_logged: store_commit_parent(max_committed) -- a
    # rolled-back group depends on the last commit, not on its statements' prepares
    # (9.7.4 [bytes] conc_disconnect_rolls_back_open_transaction S: `4/5` after another
    # session's commit 4, though its InnoDB INSERT prepared at 3)
    thd.caches.commit_parent = thd.server.binlog.max_committed()
    thd.server.binlog.write_group(events, thd=thd, timestamp=thd.stmt.timestamp,
                                  ddl=thd.trx_log.has_ddl or trx.has_ddl or thd.trx_log.did_ddl,
                                  transactional=transactional, begin=trx.begin)


def write_failed_replace_drop(thd: "SessionView", drop_text: str) -> None:
    """Row format, failed CREATE OR REPLACE ... SELECT: the generated DROP of the replaced
    table goes through the transaction cache and is written at the statement's rollback,
    ended by ROLLBACK (observed on MariaDB 10.11). The ROLLBACK carries the DROP's
    LOG_EVENT_THREAD_SPECIFIC_F (0x0c) on 11.8 too, unlike a COMMIT after a temporary
    table there (observed: session_create_or_replace_table)."""
    drop = new_query_event(drop_text, database=thd.db or "", thread_id=thd.connection_id,
                           timestamp=thd.stmt.timestamp, server_id=thd.server_id, thread_specific=True,
                           status_vars=thd.query_status_vars(xid=thd.server.binlog.allocate_xid()))
    thd.server.binlog.write_group([drop, end_query(thd, "ROLLBACK", thread_specific=True)], thd=thd, timestamp=thd.stmt.timestamp,
                                  ddl=True, transactional=False)


def trans_cannot_safely_rollback(thd: "SessionView", single_statement: bool) -> bool:
    """MariaDB's rule for writing a rolled-back transaction (R-log-rollback; docs section 3.1)."""
    fmt = thd.binlog_format
    if thd.flavor.events.rollback_by_cache_flag:
        return thd.trx_log.cannot_rollback
    if thd.trx_log.keep_log:
        return True
    # trans_has_updated_non_trans_table(): a temporary MyISAM table changed before the
    # transaction's first transactional change (its statement went to the statement
    # cache) counts too (probed: BEGIN; INSERT INTO tmp_myisam; DELETE FROM innodb
    # matching nothing; disconnect -> the DELETE is written, ended by ROLLBACK).
    if (thd.trx_log.nontrans_modified or thd.trx_log.nontrans_temp_in_cache
            or thd.trx_nontrans_temp_modified) and fmt == "STATEMENT":
        return True
    if fmt == "MIXED" and (thd.trx_log.nontrans_temp_in_cache or thd.trx_log.nontrans_temp_accessed_in_cache):
        return True
    if thd.trx_log.nontrans_modified and single_statement and fmt == "MIXED":
        return True
    return False


# ------------------------------------------------------------------ layer 3 for user XA


def prepare_xa_trx_cache(thd: "SessionView", xid: XaXid, one_phase: bool = False) -> None:
    """R-log-xa-prepare: ``XA PREPARE`` writes the transaction as its own group,
    ``XA START`` Gtid (FL_PREPARED_XA + xid) + trx cache + ``Query XA END`` +
    ``XA_prepare``, whatever is in the cache -- an XA the binlog joined only
    through statement-cache writes gets the empty group (observed). The Gtid
    always has flags_extra 01 ff, FL_TRANSACTIONAL as a committed trx group."""
    trx = thd.caches.trx_cache
    trx.flush_pending(thd, stmt_end=True)
    events = list(trx.events)
    events.append(end_query(thd, f"XA END {xid_text(xid)}"))
    # MySQL's XA COMMIT ... ONE PHASE writes the same group with one_phase = 1 (9.7.4 [bytes])
    events.append(new_xa_prepare_event(xid, timestamp=thd.stmt.timestamp, server_id=thd.server_id,
                                       one_phase=one_phase))
    thd.server.binlog.write_group(events, thd=thd, timestamp=thd.stmt.timestamp,
                                  transactional=_trx_group_transactional(thd),
                                  ddl=thd.trx_log.has_ddl or trx.has_ddl or thd.trx_log.did_ddl,
                                  extra_engines=True, xa_xid=xid, begin=trx.begin)
    cache_statistics(thd, trx)
    trx.reset()


def complete_xa(thd: "SessionView", xid: XaXid, *, commit: bool, ro_1pc: bool) -> None:
    """R-log-xa-complete: ``XA COMMIT`` / ``XA ROLLBACK`` of a prepared branch is a
    standalone group (FL_COMPLETED_XA + xid) holding only that Query. The commit
    carries flags_extra 01 ff when it is ro_1pc; a rollback never does (observed)."""
    text = f"{'XA COMMIT' if commit else 'XA ROLLBACK'} {xid_text(xid)}"
    thd.server.binlog.write_group([end_query(thd, text)], thd=thd, timestamp=thd.stmt.timestamp, standalone=True,
                                  transactional=_trx_group_transactional(thd),
                                  extra_engines=commit and ro_1pc, xa_xid=xid, xa_completed=True)


def rollback_xa_trx_cache(thd: "SessionView", xid: XaXid | None = None) -> None:
    """``XA ROLLBACK`` of a branch that was not prepared: like ROLLBACK, but the
    cache is also kept (ended by ROLLBACK) whenever the branch changed a
    non-transactional table, in every format (observed ROW/MIXED T-then-N
    groups); FL_TRANSACTIONAL follows the committed-group rule. ``xid`` (MySQL): the
    kept group is the branch's, `XA START xid` ... `XA END xid`, ended by the
    `XA ROLLBACK xid` Query (MYSQL_BIN_LOG::rollback for SQLCOM_XA_ROLLBACK; 9.7.4
    [bytes] xa_nontrans_writes S: `XA START 'c5'; INSERT INTO t ...; INSERT INTO m ...;
    XA END 'c5'; XA ROLLBACK 'c5'`)."""
    trx = thd.caches.trx_cache
    trx.flush_pending(thd, stmt_end=True)
    cache_statistics(thd, trx)
    # MySQL: only a cache holding an event that cannot be undone (rollback_by_cache_flag; its
    # MyISAM statements went out as groups of their own)
    nontrans = thd.trx_log.nontrans_modified and not thd.flavor.events.rollback_by_cache_flag
    if not trx.empty() and (nontrans or trans_cannot_safely_rollback(thd, False)):
        events = list(trx.events)
        if xid is not None:
            events.append(end_query(thd, f"XA END {xid_text(xid)}"))
            events.append(end_query(thd, f"XA ROLLBACK {xid_text(xid)}"))
        else:
            events.append(end_query(thd, "ROLLBACK"))
        thd.server.binlog.write_group(events, thd=thd, timestamp=thd.stmt.timestamp,
                                      ddl=thd.trx_log.has_ddl or trx.has_ddl or thd.trx_log.did_ddl,
                                      transactional=_trx_group_transactional(thd), xa_xid=xid,
                                      begin=trx.begin if xid is not None else None)
    trx.reset()


def write_direct(thd: "SessionView", events: list[Event], *, ddl: bool = True) -> int:
    """R-log-commit-statement: a DDL statement written directly, as its own group.
    Returns the group's GTID number."""
    return thd.server.binlog.write_group(events, thd=thd, timestamp=thd.stmt.timestamp, standalone=True, ddl=ddl)

