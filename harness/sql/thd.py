"""A connection's state and the life of a statement (the server's ``THD``).

``Thd.execute`` parses a statement once and walks it through the three layers
the seeds describe:

1. ``decide_logging_format`` (harness/model/decide.py) before execution,
2. row changes and statement text go to ``trx_cache`` / ``stmt_cache``
   (harness/model/cache.py) as the statement runs and ends,
3. the caches are flushed to the binary log at statement end, COMMIT or
   ROLLBACK (harness/model/flush.py).

Everything here runs under the server's global lock: statements of
interleaved sessions execute one at a time, in the order the client sends them.
"""

from __future__ import annotations

import datetime as dt
import random
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from harness.binlog.context import StreamContext
from harness.binlog.query import StatusVar
from harness.sql.stmt import sql_table as DDL
from harness.sql.opt.access_path import SHOW_SCANS
from harness.sql.handler.catalog import Routine, TableDef
from harness.sql.stmt.context import ExecContext, RandState
from harness.sql.sql_errors import Note, ServerError, error, internal_error, note
from harness.sql.stmt.sql_result import DmlResult, OkPacket, SelectResult, dml_found_rows
from harness.sql.stmt.sql_update import deletes_as_multi_table, log_as_multi_table, runs_as_join, table_map_for_update
from harness.sql.stmt.executor import Executor
from harness.sql.stmt.sql_do import do_answers_ok, run_do_or_set
from harness.sql.stmt.global_read_lock import release as release_global_read_lock
from harness.sql.stmt.locked_tables import check_locked_tables
from harness.sql.stmt.sql_load import mysql_load
from harness.sql.handler.lock_sys import lock_myisam_tables
from harness.sql.handler.prelock import analyze
from harness.sql.item.charsets import charset_literal
from harness.sql.parse.lexer import SJIS_CHARSETS
from harness.sql.handler.row_locks import uses_row_locks
from harness.sql.parse.stmtinfo import StatementInfo
from harness.sql.handler.storage import registers_without_2pc
from harness.sql.stmt import xa as XA
from harness.sql.stmt.xa import XidState
from harness.sql.sys_vars.sysvars import SessionVariables
from harness.sql.stmt.sql_view import merge_for_write
from harness.model import flush as L3
from harness.model import query as L2
from harness.model.query import user_var_event  # noqa: F401 -- re-exported for the SQL layer's callers
from harness.model.cache import BinlogCacheMngr, binlog_write_row
from harness.model.logstate import StmtLogState, TrxLogState
from harness.model.decide import NOT_LOGGED, LoggingDecision, decide_logging_format, innodb_lock_refusal
from harness.model.unsafe import NOTE_1592, REASONS, Unsafe
from harness.sql.parse import parse_tree as A
from harness.sql.stmt.deprecations import end_engine_mix, engine_mix_kept, statement_start, undo_engine_mix
from harness.sql.stmt.time_zone import note_row_stores
from harness.sql.stmt.rollback_notes import rollback_notes
from harness.sql.parse.parser import parse
from harness.sql.parse.parse_errors import SqlParseError, UnsupportedError
from harness.sql.parse.shape import ShapeCache
from harness.sql.parse.command_flags import statement_clears_warnings
from harness.sql.sql_parse import in_grammar, mysql_execute_command, refuse_removed_syntax
from harness.sql.stmt.binlog_commit import binlog_refused, undecided_row
from harness.sql.stmt.transaction import Savepoint

if TYPE_CHECKING:
    from harness.sql.server import ServerState
    from harness.model.flavor import Flavor
    from harness.model.session import SessionView

_PARSE_CACHE_SIZE = 256
# Parsed statements by exact text, shared by every session of the process: the
# parser reads no session state (sql_mode and the rest apply when a statement
# runs), and nothing mutates an AST once built, so a text gets the same AST in
# any session. Each connection of a case sends the same SET SESSION ... setup,
# and each case the same DROP/CREATE DATABASE, RESET MASTER and collection
# queries; a per-session cache parsed them all again on every new connection.
_PARSE_CACHE: OrderedDict[str, A.Statement] = OrderedDict()
_PARSE_CACHE_LOCK = threading.Lock()


@dataclass
class StatementState:
    """The running statement, as the session keeps it (THD's per-statement members)."""

    start: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.timezone.utc).replace(tzinfo=None))
    timestamp: int = field(default_factory=lambda: int(time.time()))
    text: str = ""
    info: StatementInfo | None = None
    decision: LoggingDecision | None = None  # layer 1's, for a DML statement
    row_format: bool = False
    # How the running statement reads InnoDB tables: a consistent read
    # (snapshot), or a locking read taking "S"/"X" locks (lock_mode).
    consistent_read: bool = False
    lock_mode: str = ""
    # Per-statement change flags, as begin_statement sets them: DDL that
    # logs inside a transaction reads them before any DML has run.
    rows_changed: int = 0
    ignored_nontrans: bool = False  # changed_nontrans set by an ignored row (sql_insert._note_ignored_row)
    changed_trans: bool = False
    changed_xa: bool = False
    changed_nontrans: bool = False
    changed_temp: bool = False
    changed_nontrans_temp: bool = False
    changed_no_2pc: bool = False
    undo_mark: int = 0
    no_annotate: bool = False
    # INSERT DELAYED's rows are logged by the delayed-insert thread (query_status_vars)
    delayed_thread: bool = False
    delayed_fallback: bool = False
    # LOAD DATA: what the statement-format log of the file needs (harness/sql/stmt/sql_load.py)
    load: Any = None
    first_insert_id: int | None = None
    warn_count: int = 0  # conditions the last statement raised itself (its OK packet's count)


@dataclass
class TransactionState:
    """The open transaction, as the session keeps it (THD::transaction); the binary
    log's own flags for it are ``Thd.trx_log`` (harness/model/logstate.py)."""

    explicit: bool = False
    active: bool = False
    registered: bool = False  # trans_register_ha(all): a transactional table opened, or a write logged
    isolation: str | None = None
    read_only: bool = False  # START TRANSACTION READ ONLY
    id: int = 0
    # The row versions this transaction made (TableData, slot), stamped at its end.
    versions: list[tuple[Any, int]] = field(default_factory=list)
    undo_log: list[tuple[Any, ...]] = field(default_factory=list)
    savepoints: list[Savepoint] = field(default_factory=list)
    # MySQL 9.x: the first (engine, table) it wrote, for warning 6414 (stmt/deprecations.py)
    engine_mix: tuple[str, str] | None = None
    engine_mix_trans: bool = False  # ... and whether it wrote a transactional table
    engine_mix_groups: int = 0  # ... and the binlog's group count when it did
    engine_mix_before: tuple[Any, bool] | None = None  # before the running statement


class Thd:
    """One client connection."""

    def __init__(self, server: "ServerState", connection_id: int, user: str = "root", host: str = "127.0.0.1",
                 db: str | None = None) -> None:
        self.server = server
        self.catalog = server.catalog
        # The running statement's state (THD's per-statement members), and the open
        # transaction's (THD::transaction): one object each, kept for the session's life.
        self.stmt = StatementState()
        self.trx = TransactionState()
        self.connection_id = connection_id
        self.user = user
        # USER()'s host (the client's name as the server knows it) and the host of the
        # account it matched (CURRENT_USER(), DEFINER of stored objects): both follow
        # the server profile (name resolution, accounts), e.g. root@localhost from
        # 127.0.0.1 when names are resolved, root@127.0.0.1 with skip-name-resolve.
        profile = getattr(server, "host_profile", None)
        self.host = profile.client_host(host) if profile is not None else host
        self.definer_host = profile.matched_host(host) if profile is not None else host
        self.db: str | None = None
        self.vars = SessionVariables(server.global_vars)
        self.user_vars: dict[str, Any] = {}
        # SQL PREPARE: name (lower case) -> the text cut at its placeholders (stmt/sql_prepare.py).
        self.sql_prepared: dict[str, list[str]] = {}
        self.status_no_index_used = False
        self.temp_tables: dict[tuple[str, str], TableDef] = {}
        self.notes: list[Note] = []
        # How many of ``notes`` the running statement inherited from the previous one.
        self.carried_notes = 0
        self.last_notes: list[Note] = []
        self.caches = BinlogCacheMngr()
        self.rand = RandState(random.randrange(1, 0x3FFFFFFF), random.randrange(1, 0x3FFFFFFF))
        self.last_insert_id = 0
        self.first_insert_id_prev_stmt = 0
        self.last_found_rows = 0
        self.current_found_rows = 0  # MySQL's THD::current_found_rows (stmt/sql_result.dml_found_rows)
        self.last_row_count = -1
        self.command_state = ""
        self._reset_stmt_event_context()
        self.command = "Sleep"
        self.sp_sticky_row = False  # set while a CALL runs after a row-format sub-statement
        self.sp_unsafe: int | None = None  # unsafe flags collected while a CALL runs
        self.sp_modified_nontrans = False
        # LOAD DATA LOCAL: asks the client for a file, returns its packets (set by replbed serve)
        self.local_file_reader: Any = None
        # The Format_description of the last BINLOG statement (the server's rli_fake).
        self.binlog_stmt_ctx: StreamContext | None = None
        # current_stmt_binlog_format stays ROW, once a statement switched to it, while
        # temporary tables exist (reset_current_stmt_binlog_format_row): in MIXED, and in
        # STATEMENT after a statement that wrote only temporary tables no engine could
        # log as statements (CREATE TEMPORARY ... ENGINE=InnoDB SELECT at READ COMMITTED).
        self.mixed_temp_row = False
        # LOCK TABLES: (db, table) -> READ | WRITE while OPTION_TABLE_LOCK is set, else None.
        self.locked_tables: dict[tuple[str, str], str] | None = None
        self._shapes = ShapeCache(parse)
        # The user XA branch of this connection (XA START .. XA COMMIT/ROLLBACK), if any.
        self.xid_state: XidState | None = None
        # MySQL 8.0: @@gtid_next named a GTID that a group has used; the next
        # statement must set it again (error 1837).
        self.gtid_next_used = False
        self._reset_trx()
        if db is not None:
            self.use_db(db)

    # ------------------------------------------------------------ properties

    @property
    def flavor(self) -> Flavor:
        """The server flavour's policies (harness/model/flavor.py, harness/model/flavors/)."""
        return self.server.flavor

    @property
    def server_id(self) -> int:
        """@@session.server_id: the id the session's events (and GTIDs) carry."""
        return int(self.vars.get("server_id"))

    @property
    def binlog_format(self) -> str:
        return self.vars.get("binlog_format")

    @property
    def binlog_row_image(self) -> str:
        return self.vars.get("binlog_row_image")

    @property
    def binlog_annotate_row_events(self) -> bool:
        return bool(self.vars.get("binlog_annotate_row_events"))

    @property
    def binlog_direct_non_trans_update(self) -> bool:
        return bool(self.vars.get("binlog_direct_non_transactional_updates"))

    @property
    def binlog_row_event_max_size(self) -> int:
        return self.server.config.binlog_row_event_max_size

    @property
    def autocommit(self) -> bool:
        return bool(self.vars.get("autocommit"))

    def binlog_enabled(self) -> bool:
        return bool(self.vars.get("sql_log_bin"))

    def isolation_below_repeatable_read(self) -> bool:
        iso = self.trx.isolation or self.vars.get("tx_isolation")
        return iso in ("READ-COMMITTED", "READ-UNCOMMITTED")

    def in_multi_stmt_transaction_mode(self) -> bool:
        return self.trx.explicit or not self.autocommit

    def in_active_multi_stmt_transaction(self) -> bool:
        """SERVER_STATUS_IN_TRANS (status word, @@in_transaction): BEGIN, or an engine registered under
        autocommit=0 (probed: not by a MyISAM SELECT; by a MyISAM INSERT or an InnoDB SELECT)."""
        return self.trx.explicit or (self.trx.registered and not self.autocommit)

    def is_strict(self, table: TableDef, row_index: int) -> bool:
        mode = self.vars.get("sql_mode")
        if "STRICT_ALL_TABLES" in mode:
            return True
        if "STRICT_TRANS_TABLES" in mode:
            return table.transactional or row_index == 0
        return False

    # ------------------------------------------------------------ per-statement Query event context

    def _reset_stmt_event_context(self) -> None:
        """What the server reads from the THD into every Query event of one statement."""
        self.stmt_log = StmtLogState()

    # ------------------------------------------------------------ transaction state

    def _reset_trx(self) -> None:
        mix = engine_mix_kept(self)
        self._end_trx_in_engine()
        self.trx.explicit = False
        self.trx.active = False
        self.trx.registered = False
        self.trx.isolation = None
        self.trx.undo_log = []
        self.trx.savepoints = []
        # Per-statement change flags (reset by begin_statement); set here too so a
        # connection whose first statement is DDL (CREATE TEMPORARY TABLE inside
        # BEGIN) finds them.
        self.stmt.rows_changed = 0
        self.stmt.changed_trans = self.stmt.changed_xa = self.stmt.changed_nontrans = False
        self.stmt.changed_temp = self.stmt.changed_nontrans_temp = False
        self.stmt.undo_mark = 0
        # The binary log's flags for the transaction (layer 2 owns them: harness/model/logstate.py).
        self.trx_log = TrxLogState()
        # A temporary MyISAM table changed: the server sets modified_non_trans_table
        # for it too, so ROLLBACK warns 1196 (observed); the binlog rules keep them apart.
        self.trx_nontrans_temp_modified = False
        self.trx.read_only = False  # START TRANSACTION READ ONLY
        self.trx.engine_mix, self.trx.engine_mix_trans = mix, False

    # ------------------------------------------------------------ InnoDB: locks and read views

    def _end_trx_in_engine(self) -> None:
        """Commit or rollback in the engine: stamp the transaction's row versions,
        close its read view, release its locks (harness/sql/handler/lock_sys.py). Every
        end of a transaction goes through _reset_trx, so through here."""
        ls = self.server.lock_sys
        ls.close_view(self)
        ls.end_versions(self.trx.versions, self.trx.id)
        ls.release_all(self)
        self.trx.versions = []
        self.trx.id = ls.new_trx_id()

    def lock_wait_timeout(self) -> float:
        return float(self.vars.values.get("innodb_lock_wait_timeout", 50))

    def read_view(self) -> int:
        """The read view of a consistent read (opened by the first one of the
        transaction at REPEATABLE READ, of the statement at READ COMMITTED)."""
        return self.server.lock_sys.open_view(self)

    def _note_version(self, t: TableDef, slot: int, before: list[Any] | None) -> None:
        if uses_row_locks(t) and t.data.note_change(slot, self.trx.id, before):
            self.trx.versions.append((t.data, slot))

    # ------------------------------------------------------------ tables

    def find_table(self, name: A.TableName) -> TableDef | None:
        db = name.db or self.db
        if db is None:
            return None
        t = self.temp_tables.get((db, name.name.lower()))
        if t is not None:
            return t
        if db.lower() == "information_schema":
            from harness.sql.stmt.infoschema import info_schema_table
            return info_schema_table(self, name.name)
        return self.catalog.get_table(db, name.name)

    def open_table(self, name: A.TableName) -> TableDef:
        db = name.db or self.db
        if db is None:
            raise error("ER_NO_DB_ERROR")
        t = self.find_table(name)
        if t is None:
            if self.find_view(name) is not None:
                from harness.sql.parse.parse_errors import UnsupportedError
                raise UnsupportedError("changing data through a view")
            raise error("ER_NO_SUCH_TABLE", db, name.name)
        return t

    def find_view(self, name: A.TableName) -> A.CreateView | None:
        db = name.db or self.db
        return self.catalog.views.get((db or "", name.name.lower()))

    def find_routine(self, kind: str, name: str) -> Routine | None:
        db = self.db or ""
        return self.catalog.routines.get((db, kind, name.lower()))

    def db_collation(self, db: str | None) -> str | None:
        """A database's default collation: every database here has the server's
        (@@global.collation_server, from the server profile); None where the
        column types' own default applies (a collation they do not model)."""
        from harness.sql.item.charsets import COLLATIONS
        coll = str(self.server.global_vars.values.get("collation_server", "")).lower()
        return coll if coll in COLLATIONS else None

    # ------------------------------------------------------------ session state, for the statement modules

    def set_current_db(self, db: str | None) -> None:
        """The current database, unchecked: DROP DATABASE of it, a view or a CALL in its own database."""
        self.db = db

    def set_user_var(self, name: str, value: Any) -> None:
        """``@name`` (lower-cased by the caller) takes ``value``."""
        self.user_vars[name] = value

    def set_command_state(self, state: str) -> None:
        """SHOW PROCESSLIST's State while the session waits for a lock ("" when it stops)."""
        self.command_state = state

    def set_locked_tables(self, locks: dict[tuple[str, str], str] | None) -> None:
        """LOCK TABLES' list (None: no LOCK TABLES in force)."""
        self.locked_tables = locks

    def add_temp_table(self, key: tuple[str, str], table: TableDef) -> None:
        self.temp_tables[key] = table

    def set_mixed_temp_row(self, flag: bool) -> None:
        """Row format sticks while temporary tables exist (reset_current_stmt_binlog_format_row),
        where the flavour keeps it so (MariaDB; not MySQL 8.0.4+)."""
        self.mixed_temp_row = flag and self.server.flavor.ddl.mixed_row_sticks_with_temp_tables

    def note_nontrans_temp_modified(self) -> None:
        """The transaction changed a temporary non-transactional table (ROLLBACK then warns 1196)."""
        self.trx_nontrans_temp_modified = True

    def set_last_found_rows(self, n: int) -> None:
        """FOUND_ROWS() of the next statement."""
        self.last_found_rows = self.current_found_rows = n


    def set_xid_state(self, state: XidState | None) -> None:
        """The connection's user XA branch (None when it has none)."""
        self.xid_state = state

    def replace_notes(self, notes: list[Note]) -> None:
        """The running statement's conditions become ``notes``."""
        self.notes = notes

    def clear_notes(self) -> None:
        """A routine's sub-statement that uses tables starts with no conditions (opt_clear_warning_info)."""
        self.notes.clear()
        self.carried_notes = 0

    def new_binlog_stmt_ctx(self) -> StreamContext:
        """A fresh Format_description context for BINLOG statements (the server's rli_fake)."""
        self.binlog_stmt_ctx = StreamContext()
        return self.binlog_stmt_ctx

    def set_no_index_used(self, flag: bool) -> None:
        """SERVER_STATUS_NO_INDEX_USED of the running statement (harness/sql/opt/access_path.py)."""
        self.status_no_index_used = flag

    def set_last_insert_id(self, value: int) -> None:
        """LAST_INSERT_ID(expr): what LAST_INSERT_ID() returns from now on
        (first_successful_insert_id_in_prev_stmt)."""
        self.last_insert_id = value
        self.first_insert_id_prev_stmt = value

    def reset_row_count(self) -> None:
        """my_ok() without a count (COM_PING): ROW_COUNT() is 0."""
        self.last_row_count = 0

    def set_local_file_reader(self, reader: Any) -> None:
        """LOAD DATA LOCAL: how the client's file is asked for (None: the client cannot send one)."""
        self.local_file_reader = reader

    # -- stored routines: the state one CALL keeps

    def begin_top_level_call(self) -> None:
        """The client's CALL starts: the statement format and the unsafe flags are reset
        (mysql_reset_thd_for_next_command); a nested CALL shares the caller's state."""
        self.sp_sticky_row = False
        self.sp_unsafe = 0

    def end_top_level_call(self) -> int | None:
        """The client's CALL ends; returns the unsafe flags its sub-statements collected."""
        self.sp_sticky_row = False
        self.sp_modified_nontrans = False
        flags, self.sp_unsafe = self.sp_unsafe, None
        return flags

    def note_sticky_row(self) -> None:
        """A sub-statement of a CALL was logged as rows in MIXED: the rest of the CALL is too."""
        self.sp_sticky_row = True

    def reset_sp_modified_nontrans(self) -> None:
        """transaction->all.reset(): a new transaction forgets the CALL's MyISAM statement."""
        self.sp_modified_nontrans = False

    def use_db(self, db: str) -> None:
        if not self.catalog.has_db(db):
            raise error("ER_BAD_DB_ERROR", db)
        self.db = db

    def stmt_written_tables(self) -> list[TableDef]:
        return self.stmt.info.written if self.stmt.info is not None else []

    def write_locked_tables(self) -> list[TableDef]:
        """The tables of LOCK TABLES ... WRITE, in the order they were locked."""
        out = []
        for (db, name), mode in (self.locked_tables or {}).items():
            t = self.catalog.get_table(db, name)
            if mode == "WRITE" and t is not None:
                out.append(t)
        return out

    # ------------------------------------------------------------ undo (engine rollback)

    def undo_insert(self, t: TableDef, slot: int) -> None:
        self._changed(t)
        if t.transactional:
            self._note_version(t, slot, None)
            self.trx.undo_log.append(("insert", t, slot))

    def undo_delete(self, t: TableDef, slot: int, old: list[Any]) -> None:
        self._changed(t)
        if t.transactional:
            self._note_version(t, slot, old)
            self.trx.undo_log.append(("delete", t, slot, old))

    def undo_update(self, t: TableDef, slot: int, old: list[Any]) -> None:
        self._changed(t)
        if t.transactional:
            self._note_version(t, slot, old)
            self.trx.undo_log.append(("update", t, slot, old))

    def note_write_attempt(self, t: TableDef) -> None:
        """A row write the engine refused with a duplicate key that the statement
        then ignored (IGNORE, ON DUPLICATE KEY UPDATE with no change): the handler
        call already made InnoDB a read-write participant, so the group ends with
        Xid even though no row changed (probed: INSERT IGNORE / UPDATE IGNORE of a
        duplicate in STATEMENT end with ``Xid``)."""
        if t.transactional and not t.temporary and t.engine.xa_capable:
            self.stmt.changed_xa = True

    def _changed(self, t: TableDef) -> None:
        if t.admin_state:
            t.admin_state.clear()
        if t.engine.self_logging:
            self.trx_log.touched_self_logging = True
        if t.temporary:
            self.stmt.changed_temp = True
            if not t.transactional:
                self.stmt.changed_nontrans_temp = True
            return
        if t.transactional:
            self.stmt.changed_trans = True
            if t.engine.xa_capable:
                self.stmt.changed_xa = True
        else:
            self.stmt.changed_nontrans = True
            if registers_without_2pc(t):
                # A trigger's or function's table is locked too: it joins the transaction.
                self.trx_log.no_2pc = True
                self.stmt.changed_no_2pc = True

    def engine_rollback_to(self, mark: int) -> None:
        while len(self.trx.undo_log) > mark:
            entry = self.trx.undo_log.pop()
            op, t = entry[0], entry[1]
            if op == "insert":
                if t.data.rows[entry[2]] is not None:
                    t.data.delete(entry[2])
            elif op == "delete":
                t.data.put_back(entry[2], entry[3])
            else:
                t.data.update(entry[2], entry[3])

    # ------------------------------------------------------------ row logging hook (layer 2)

    @property
    def stmt_after_image_is_write_set(self) -> bool:
        """The running statement's after images hold its write set only (LoggingDecision.late_row)."""
        decision = self.stmt.decision
        return bool(decision is not None and decision.late_row)

    def log_row(self, table: TableDef, kind: str, before: list[Any] | None, after: list[Any] | None,
                assigned: set[int] | None) -> None:
        self.stmt.rows_changed += 1
        note_row_stores(self, table, after, assigned)  # a TIMESTAMP (MySQL: DATETIME) store reads the zone
        if (self.stmt.decision or undecided_row()).logged and self.stmt.row_format:
            binlog_write_row(self, table, kind, before, after, assigned)

    # ------------------------------------------------------------ statement entry point

    def parse(self, sql: str) -> A.Statement:
        return in_grammar(self.server.flavor.sql, self._parse_text, sql)

    def _parse_text(self, sql: str) -> A.Statement:
        refuse_removed_syntax(self.server.flavor.sql, sql)
        nbe, client = "NO_BACKSLASH_ESCAPES" in str(self.vars.get("sql_mode")), self.vars.get("character_set_client")
        if nbe or client in SJIS_CHARSETS:
            # The caches hold what the default lexer read (backslash escapes, utf8 literals).
            return parse(sql, nbe, str(client), charset_literal)
        with _PARSE_CACHE_LOCK:
            cached = _PARSE_CACHE.get(sql)
            if cached is not None:
                _PARSE_CACHE.move_to_end(sql)
                return cached
        stmt = self._shapes.parse(sql)
        with _PARSE_CACHE_LOCK:
            _PARSE_CACHE[sql] = stmt
            if len(_PARSE_CACHE) > _PARSE_CACHE_SIZE:
                _PARSE_CACHE.popitem(last=False)
        return stmt

    def execute(self, sql: str) -> OkPacket | SelectResult:
        """Run one statement; raises ServerError (the client gets an ERR packet), its
        conditions in the flavour's wording (sql_parse.in_dialect)."""
        from harness.sql.sql_parse import in_dialect
        return in_dialect(self, self._execute, sql)

    def _execute(self, sql: str) -> OkPacket | SelectResult:
        try:
            stmt = self.parse(sql)
            server_coll = str(self.server.global_vars.values.get("collation_server", "")).lower()
            for coll in stmt.literal_collations:
                if coll != server_coll:
                    # Collation aggregation across character sets is not modelled (Parser.collate).
                    raise UnsupportedError(f"COLLATE {coll} on a {server_coll} server")
        except SqlParseError as e:
            e = e.for_grammar(self.server.flavor.sql.mysql_grammar)
            self.notes = [Note("Error", e.code, str(e))]
            self.last_notes = self.notes
            raise ServerError(e.code, str(e), e.sqlstate) from None
        except RecursionError as exc:
            err = internal_error(exc)
            self.notes = self.last_notes = [Note("Error", err.code, err.message)]
            raise err from None
        self.server.counters.statement(stmt)
        is_diag = isinstance(stmt, A.Show) and stmt.what in ("WARNINGS", "ERRORS", "COUNT_WARNINGS",
                                                             "COUNT_ERRORS")
        if not is_diag:
            # MariaDB clears the warning list only for statements that use tables
            # (mysql_execute_command: opt_clear_warning_info when all_tables);
            # COMMIT, BEGIN, SET ... keep the previous statement's conditions.
            # A table-less statement that raises its own condition replaces the list
            # (Warning_info is tagged with the query id).
            self.notes = [] if self.server.flavor.sql.clear_warnings_always or statement_clears_warnings(stmt) \
                else list(self.last_notes)
        self.carried_notes = len(self.notes) if not is_diag else 0
        if not is_diag and self.server.sysvars.deprecated_renamed() and not statement_clears_warnings(stmt):
            from harness.sql.stmt.set_var import warn_deprecated_names  # parse-time 1287 (RULES 11.8 row 9)
            warn_deprecated_names(self, sql)
        self.stmt.text = sql
        self.stmt.delayed_thread = False
        # SERVER_STATUS_NO_INDEX_USED, cleared per statement (harness/sql/opt/access_path.py).
        self.status_no_index_used = isinstance(stmt, A.Show) and stmt.what in SHOW_SCANS
        if not is_diag:
            self._reset_stmt_event_context()
        self.stmt.start = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
        self.stmt.timestamp = int(time.time())
        user_time = self.vars.values.get("timestamp")
        if user_time:
            # SET TIMESTAMP: THD::set_time() gives every statement the user's time (its
            # events' header timestamp, NOW()) until it is set back to 0 / DEFAULT.
            self.stmt.start = dt.datetime(1970, 1, 1) + dt.timedelta(microseconds=int(user_time * 1000000))
            self.stmt.timestamp = int(user_time)
        self.command = "Query"
        try:
            try:
                result = self.execute_command(stmt)
                if isinstance(stmt, A.Show) and not is_diag and isinstance(result, SelectResult):
                    # A SHOW sends its rows like a SELECT: FOUND_ROWS() counts them (probed;
                    # SHOW WARNINGS leaves it alone).
                    self.last_found_rows = len(result.rows)
            except SqlParseError as e:  # e.g. 1235: a construct the model refuses at execution time
                raise e.for_grammar(self.server.flavor.sql.mysql_grammar).server_error() from None
        except ServerError as e:
            if not e.noted:
                self.notes.extend(e.leading_notes)
                self.notes.extend([Note("Error", e.code, e.message) for _ in range(e.times_reported)])
                self.notes.extend([*e.trailing_notes, *e.after_log_notes])
            raise
        finally:
            self.command = "Sleep"
            if not self.in_multi_stmt_transaction_mode() and self.xid_state is None:
                # Autocommit: the statement was the transaction, so its read view is gone
                # whatever path it ended by (a SET or DO whose subquery read InnoDB ends
                # no engine transaction of its own here).
                self.server.lock_sys.close_view(self)
            # The OK/EOF packet's warning count is the statement's own conditions
            # (current_statement_warn_count), not the carried-over list.
            self.stmt.warn_count = 0 if self.carried_notes or is_diag else len(self.notes)
            if self.carried_notes and len(self.notes) > self.carried_notes:
                self.notes = self.notes[self.carried_notes:]
                self.stmt.warn_count = len(self.notes)
            self.carried_notes = 0
            if not is_diag:
                self.last_notes = self.notes
        return result

    def run_expanded(self, text: str) -> OkPacket | SelectResult:
        """EXECUTE's statement: the prepared text with its values substituted runs as
        this statement, and is its thd->query() (what the binary log writes)."""
        try:
            stmt = self.parse(text)
        except SqlParseError as e:
            raise ServerError(e.code, str(e), e.sqlstate) from None
        if statement_clears_warnings(stmt):
            self.notes, self.carried_notes = [], 0
        self.stmt.text = text
        return self.execute_command(stmt)

    def execute_command(self, stmt: A.Statement) -> OkPacket | SelectResult:
        """Run a parsed statement (a client's, or a stored routine's sub-statement): the dispatcher's."""
        return mysql_execute_command(self, stmt)  # type: ignore[no-any-return]

    # ------------------------------------------------------------ DML

    def begin_statement(self, info: StatementInfo) -> None:
        self.stmt.info = info
        self.stmt.rows_changed, self.stmt.ignored_nontrans = 0, False
        self.stmt.changed_trans = False
        self.stmt.changed_xa = False
        self.stmt.changed_nontrans = False
        self.stmt.changed_temp = False
        self.stmt.changed_nontrans_temp = False
        self.stmt.changed_no_2pc = False
        self.stmt.undo_mark = len(self.trx.undo_log)
        if self.isolation_below_repeatable_read():
            self.server.lock_sys.close_view(self)  # READ COMMITTED: a read view per statement
        self.caches.start_statement()
        self.stmt.first_insert_id = None

    def run_dml(self, stmt: A.Statement) -> OkPacket | SelectResult:
        kind = "LOAD" if isinstance(stmt, A.LoadData) else type(stmt).__name__.upper()
        if isinstance(stmt, A.Update) and stmt.ignore and len(stmt.tables) == 1:
            # Only SQLCOM_UPDATE marks IGNORE unsafe; a multi-table UPDATE IGNORE is safe (probed).
            kind = "UPDATE_IGNORE"
        as_join = runs_as_join(self, stmt)  # MariaDB 11.x: logged as the multi-table form
        stmt, views = merge_for_write(self, stmt)
        info = analyze(self, stmt, kind, views)
        info.single_as_join = as_join
        check_locked_tables(self, info)
        if info.missing_tables and self.locked_tables is None:
            # open_tables: a table that does not exist fails the statement before any lock
            # (InnoDB's 1665 at READ COMMITTED comes from external_lock, after it).
            raise error("ER_NO_SUCH_TABLE", *info.missing_tables[0])
        if any(t.sequence for t in info.written):
            from harness.sql.parse.parse_errors import UnsupportedError
            raise UnsupportedError("a write to a SEQUENCE table (sequence values are not modelled)")
        self.stmt_log.uses_temp = any(u.table.temporary for u in info.uses)
        if self.stmt_log.uses_temp and self.xid_state is not None:
            from harness.sql.parse.parse_errors import UnsupportedError
            raise UnsupportedError("temporary tables inside an XA transaction")
        if isinstance(stmt, A.Update):
            self.stmt_log.table_map_for_update = table_map_for_update(self, stmt)
        if deletes_as_multi_table(self, stmt):  # Query_result_delete::send_eof: header flags 0x4
            self.stmt_log.thread_specific = True
        if as_join:
            log_as_multi_table(self, stmt)
        if self.trx.read_only and any(not t.temporary for t in info.written):
            raise error("ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION")
        lock_myisam_tables(self, stmt, info)
        statement_start(self, info, stmt)  # MySQL: 6414, foreign-key tables
        try:
            return self._run_dml_locked(stmt, info, views)
        finally:
            self.server.lock_sys.unlock_tables(self)

    def _open_dml(self, stmt: A.Statement, info: StatementInfo) -> bool:
        """Start the opened statement in the transaction, with the checks before decide_logging_format."""
        self.begin_statement(info)
        self._choose_read_mode(stmt, info)
        is_write = bool(info.written)
        if is_write or info.uses:
            self.trx.active = True
        if is_write or any(u.table.engine.transactional for u in info.uses):
            self.trx.registered = True
        self._register_engines(stmt, info, is_write)
        if is_write:  # after 6414 (warn_engine_mix): enforce_gtid_consistency's 1785
            refusal = innodb_lock_refusal(info, self)  # InnoDB's external_lock comes first
            if refusal is not None:
                # ... before decide_logging_format's 6414 too (9.7.4 observed, fuzz seed 97231:
                # a MyISAM+InnoDB UPDATE at READ UNCOMMITTED lists 1665, 1015 alone)
                undo_engine_mix(self)
                raise refusal
            self.server.sysvars.before_decide(self, list(info.written), info)
        if self.stmt_log.uses_temp:
            # Opening a temporary table sets thread_specific_used: the statement's
            # events, and the COMMIT it writes, carry LOG_EVENT_THREAD_SPECIFIC_F.
            self.stmt_log.thread_specific = True
            self.trx_log.used_temp = True
        return is_write

    def _run_dml_locked(self, stmt: A.Statement, info: StatementInfo, views: Any) -> OkPacket | SelectResult:
        is_write = self._open_dml(stmt, info)
        decision = decide_logging_format(info, self) if is_write else LoggingDecision(
            row=self.binlog_format == "ROW", unsafe=0, warn_unsafe=0, logged=False)
        if is_write and self.trx.isolation is None:
            self.trx.isolation = self.vars.get("tx_isolation")
        decision = self._statement_forced_row(stmt, info, self._sticky_row(decision))
        self.stmt.decision = decision
        self.stmt.row_format = decision.row
        if decision.row and decision.logged and self.binlog_format != "ROW" and self.temp_tables:
            self.set_mixed_temp_row(True)
        ctx = ExecContext(self, info)
        if info.rand_used:
            ctx.save_rand_seeds()
        if info.thread_specific_used:  # set while resolving (CONNECTION_ID), before any row
            self.stmt_log.thread_specific = self.stmt_log.thread_specific_at_open = True
        ex = Executor(self, ctx, info)
        try:
            if isinstance(stmt, A.Insert):
                res: DmlResult | SelectResult = ex.insert(stmt)
            elif isinstance(stmt, A.LoadData):
                res = mysql_load(ex, stmt)
            elif isinstance(stmt, A.Update):
                res = ex.update(stmt)
            elif isinstance(stmt, A.Delete):
                res = ex.delete(stmt)
            elif isinstance(stmt, (A.Do, A.Set)):
                res = run_do_or_set(self, stmt, info, ctx)
            else:
                res = ex.select(stmt)  # type: ignore[arg-type]
                if isinstance(stmt, A.Select) and stmt.into:
                    # SELECT ... INTO @v: assigns, answers OK; a later statement reading
                    # the variable carries it in a User_var event.
                    from harness.sql.item.expr import Env
                    from harness.sql.stmt.routines import assign_select_into
                    assign_select_into(self, stmt.into, res.rows, Env(ctx), ctx.notes)
                    res = DmlResult()
        except ServerError as e:
            self.statement_failed(stmt, info, decision, ctx, e)
            self._rollback_after_lock_error(e)
            if do_answers_ok(self, e):  # mysql_do's clear_error (observed: DO f() hitting a duplicate)
                self.last_row_count = 0
                return OkPacket(0, 0, "")
            raise
        except (ArithmeticError, ValueError, RecursionError, MemoryError) as exc:
            # A limit of the model (decimal context, recursion depth …), not a server rule:
            # fail the statement like any other error (its changes are undone), with a
            # clear message instead of 1105 "Unknown error: <Python exception>".
            err = internal_error(exc)
            self.statement_failed(stmt, info, decision, ctx, err)
            raise err from exc
        self.statement_succeeded(stmt, info, decision, ctx)
        if isinstance(res, SelectResult):
            self.set_last_found_rows(len(res.rows) if res.found_rows is None else res.found_rows)
            self.last_row_count = -1
            return res
        dml_found_rows(self, stmt, res, ctx.insert_select_found)
        self.last_row_count = res.affected
        return OkPacket(res.affected, res.last_insert_id, res.info)

    def _sticky_row(self, decision: LoggingDecision) -> LoggingDecision:
        """Row format that outlives the statement that chose it: inside one CALL (MIXED),
        and while temporary tables exist after a statement switched to rows."""
        if not self.temp_tables:
            self.mixed_temp_row = False
        if (self.sp_sticky_row and self.binlog_format == "MIXED" or self.mixed_temp_row
                and self.binlog_format != "ROW") and not decision.row and decision.logged:
            # STATEMENT keeps its unsafe notes: binlog_query issues them before it looks
            # at the format (observed: 1592 with a rows event).
            return LoggingDecision(row=True, unsafe=decision.unsafe, warn_unsafe=decision.warn_unsafe)
        return decision

    def _statement_forced_row(self, stmt: A.Statement, info: StatementInfo,
                              decision: LoggingDecision) -> LoggingDecision:
        """Statements that log rows whatever layer 1 decided (a new decision), else ``decision``."""
        self.stmt.no_annotate = False
        self.stmt.load = None
        if isinstance(stmt, A.LoadData) and decision.logged and self.binlog_format == "MIXED" and not decision.row:
            # mysql_load: set_current_stmt_binlog_format_row_if_mixed()
            return LoggingDecision(row=True, unsafe=decision.unsafe, warn_unsafe=0)
        if isinstance(stmt, A.Insert) and info.insert_delayed and decision.logged and info.written and \
                not info.written[0].transactional:
            # INSERT DELAYED (MyISAM, MEMORY) runs in the delayed-insert thread, which
            # logs rows whatever binlog_format says, and has no query to annotate.
            self.stmt.no_annotate = True
            self.stmt.delayed_thread = True
            return LoggingDecision(row=True, unsafe=decision.unsafe, warn_unsafe=0)
        return decision

    def _choose_read_mode(self, stmt: A.Statement, info: StatementInfo) -> None:
        """Plain SELECTs read a snapshot; DML and FOR UPDATE / LOCK IN SHARE MODE lock
        and read the latest rows; SERIALIZABLE turns a SELECT inside a transaction into
        LOCK IN SHARE MODE; READ UNCOMMITTED reads the latest rows without locks."""
        iso = self.trx.isolation or self.vars.get("tx_isolation")
        mode = ""
        if isinstance(stmt, A.Select):
            if stmt.for_update:
                mode = "X"
            elif stmt.lock_share or (iso == "SERIALIZABLE" and self.in_multi_stmt_transaction_mode()):
                mode = "S"
        elif isinstance(stmt, A.Insert) and stmt.select is not None and iso in ("REPEATABLE-READ", "SERIALIZABLE"):
            # ha_innobase::store_lock: the SELECT of INSERT ... SELECT reads with
            # shared next-key locks above READ COMMITTED (the binlog replays it).
            mode = "S"
        self.stmt.lock_mode = mode
        # Tables the statement only reads are read from a snapshot (the written
        # ones are read after locking, latest version).
        self.stmt.consistent_read = not mode and iso != "READ-UNCOMMITTED"

    def _rollback_after_lock_error(self, err: ServerError) -> None:
        """A deadlock victim loses its whole transaction (thd->transaction_rollback_request,
        then trans_rollback_implicit), and so does a snapshot-isolation conflict (1020, handled
        as a deadlock: @@in_transaction is 0 after it on 11.8); a lock wait timeout only the statement, unless
        innodb_rollback_on_timeout. The statement was already rolled back."""
        if err.code not in (1213, 1020) and not (err.code == 1205 and self.server.global_vars.values.get(
                "innodb_rollback_on_timeout") in (1, True, "ON")):
            return
        if self.in_multi_stmt_transaction_mode() and (self.trx.active or not self.caches.trx_cache.empty()):
            self.stmt_log = self.stmt_log.for_implicit_rollback()
            self.rollback()

    def _is_transactional_stmt(self, info: StatementInfo) -> bool:
        """The ``is_trans`` argument of binlog_query: the statement updated a transactional table."""
        if info.multi_update_trans is not None and not self.server.sysvars.multi_update_trans_by_tables:
            return info.multi_update_trans
        # mysql_insert/mysql_update/mysql_delete ask their own table, not the tables its
        # triggers write: those count only once they made an engine read-write
        # (stmt_has_updated_trans_table, harness/model/query.py). A statement with no
        # table of its own (SELECT f(), DO, SET) keeps every table it writes.
        own = [t for t in info.written if "" in info.write_openers.get(id(t), {""})]
        return any(t.transactional for t in (own or info.written))

    def _register_engines(self, stmt: A.Statement, info: StatementInfo, is_write: bool) -> None:
        """What opening and locking the statement's tables decides before layer 1 runs."""
        self.stmt.no_annotate = False
        if (is_write or self.in_multi_stmt_transaction_mode()) and any(
                registers_without_2pc(u.table) for u in info.uses):
            # trans_register_ha: a transactional Aria table registers an engine without
            # prepare (no_2pc), so the transaction commits in one phase.
            self.trx_log.no_2pc = True
        # upgrade_lock_type(): with a statement-format global binlog_format the delayed-insert
        # thread could not log safely, so INSERT DELAYED runs here as a plain INSERT (probed:
        # logged by the session's own format, as a statement without its DELAYED keyword).
        self.stmt.delayed_fallback = isinstance(stmt, A.Insert) and stmt.delayed and \
            str(self.vars.globals.values.get("binlog_format", "")).upper() == "STATEMENT"
        if self.stmt.delayed_fallback:
            info.insert_delayed = False

    def _log_text(self, stmt: A.Statement) -> str:
        """The text a statement is logged with: an INSERT DELAYED run as a plain INSERT
        loses its DELAYED keyword (create_insert_stmt_from_insert_delayed)."""
        span = getattr(stmt, "delayed_span", None)
        if span is None or not self.stmt.delayed_fallback or stmt.text[span[0]:span[1]].upper() != "DELAYED":
            return stmt.text
        return stmt.text[:span[0]] + stmt.text[span[1]:]

    def statement_succeeded(self, stmt: A.Statement, info: StatementInfo, decision: LoggingDecision,
                            ctx: ExecContext) -> None:
        is_write = bool(info.written)
        self.caches.end_statement_rows(self)
        if is_write and decision.logged and not decision.row and not info.impossible_where:
            if isinstance(stmt, (A.Select, A.Do, A.Set)):
                for i, call in enumerate(ctx.function_calls):
                    self.binlog_query(call, self._is_transactional_stmt(info), 0, ctx if i == 0 else None,
                                      decision if i == 0 else None)
            elif isinstance(stmt, A.LoadData):
                if self.stmt.load is not None:
                    L2.binlog_load_query(self, self.stmt.load, self._is_transactional_stmt(info), 0, ctx, decision)
            else:
                self.binlog_query(self._log_text(stmt), self._is_transactional_stmt(info), 0, ctx, decision)
        elif is_write and decision.logged and decision.warn_unsafe and not info.impossible_where:
            # STATEMENT kept in row format by a temporary table: binlog_query still
            # issues the unsafe notes before it finds the statement logged as rows.
            self.issue_unsafe_warnings(decision.warn_unsafe)
        self._after_statement_writes(info)
        self.end_statement(success=True)

    def statement_failed(self, stmt: A.Statement, info: StatementInfo, decision: LoggingDecision,
                         ctx: ExecContext, err: ServerError) -> None:
        """Statement rollback: undo transactional changes; log what non-transactional changes survive."""
        # The error is raised before the failed statement is logged (and its Notes issued).
        self.notes.extend(err.leading_notes)
        self.notes.extend([Note("Error", err.code, err.message) for _ in range(err.times_reported)])
        self.notes.extend(err.trailing_notes)  # e.g. 4094: where in a trigger it failed
        err.noted = True
        self.engine_rollback_to(self.stmt.undo_mark)
        trx_mark, _stmt_mark = self.caches.stmt_marks
        trx_cache = self.caches.trx_cache
        if (trx_cache.pending is not None or trx_cache.mark() > trx_mark) \
                and self.in_multi_stmt_transaction_mode():
            # Its first row event registered the binlog in the transaction
            # (binlog_start_trans_and_stmt); the statement rollback does not undo that,
            # so a SAVEPOINT after it is logged (observed, ROW).
            self.trx_log.binlog_joined = True
        trx_cache.truncate(trx_mark)
        self.caches.stmt_cache.flush_pending(self, stmt_end=True)
        self.caches.maps_written = {}
        # A partial change to a non-transactional table -- temporary ones included --
        # cannot be undone: the failed statement is logged with its error (probed).
        nontrans_changed = self.stmt.changed_nontrans or self.stmt.changed_nontrans_temp
        if isinstance(stmt, A.LoadData):
            # the blocks were logged as the file was read: a non-transactional table's
            # survive, with Execute_load_query if rows changed, else Delete_file
            if self.stmt.load is not None and decision.logged and not decision.row and \
                    not self._is_transactional_stmt(info):
                L2.binlog_load_query(self, self.stmt.load, False, err.code, ctx, decision, executed=nontrans_changed)
            elif self.stmt.load is not None and self.stmt.load.blocks and decision.logged and not decision.row:
                self.server.binlog.next_file_id()  # the blocks went to the trx cache, now truncated
        elif nontrans_changed and decision.logged and not decision.row:
            self.binlog_query(self._log_text(stmt), self._is_transactional_stmt(info), err.code, ctx, decision)
        elif isinstance(stmt, (A.Select, A.Do, A.Set)) and info.stored_functions and decision.logged \
                and not decision.row and decision.warn_unsafe:
            # sp_head::execute_function issues the statement's unsafe notes whether or not
            # the function succeeded (observed: 1062, 4094, then 1592 for SELECT f()).
            self.issue_unsafe_warnings(decision.warn_unsafe)
        self.notes.extend(err.after_log_notes)
        self.stmt.changed_trans = self.stmt.changed_xa = False
        self._after_statement_writes(info)
        # A lock wait timeout leaves the rest of an autocommit statement to commit: its
        # surviving non-transactional part is written with COMMIT, not ROLLBACK (probed).
        self.end_statement(success=err.code == 1205 and not self.in_multi_stmt_transaction_mode(),
                           warn_nontrans=err.code == 1205)

    def _after_statement_writes(self, info: StatementInfo) -> None:
        if self.stmt.changed_nontrans_temp and self.in_multi_stmt_transaction_mode():
            self.trx_nontrans_temp_modified = True
        if self.stmt.changed_nontrans:
            self.trx_log.nontrans_modified = self.trx_log.changed_nontrans_base = True
            if self.in_multi_stmt_transaction_mode() and not self.binlog_direct_non_trans_update:
                # Observed: with binlog_direct_non_transactional_updates=ON the transaction's
                # group keeps FL_TRANSACTIONAL in every format (the N-changes went straight out).
                self.trx_log.gtid_nontrans = True
        if self.stmt.changed_xa:
            self.trx_log.xa_rw = True
        if self.stmt.first_insert_id is not None:
            self.first_insert_id_prev_stmt = self.stmt.first_insert_id

    def note_insert_id(self, value: int) -> None:
        if self.stmt.first_insert_id is None:
            self.stmt.first_insert_id = value
            self.last_insert_id = value

    # ------------------------------------------------------------ statement format (layer 2)

    def query_status_vars(self, *, xid: int | None = None, invoker: bool = False, hrnow: bool = False,
                          charset_client: int | None = None, text: str = "",
                          updated_db: str | tuple[str, ...] | None = None) -> list[StatusVar]:
        """Query_log_event's status variables for this statement (order as in the flavour's server).

        The rows of an INSERT DELAYED are logged by the delayed-insert thread, whose THD
        starts from the global variables: its COMMIT carries the server's character sets
        (observed on a latin1 server: 8,8,8 under a utf8mb4 client). It copies the
        row's sql_mode, time zone and auto_increment settings from the session
        (write_delayed), so only the character sets differ."""
        charset = self.vars.charset_triple(global_=self.stmt.delayed_thread)
        if charset_client is not None:
            charset = (charset_client, charset[1], charset[2])
        return self.server.flavor.events.query_status_vars(self, text=text, xid=xid, invoker=invoker, hrnow=hrnow,
                                                    charset=charset, updated_db=updated_db)

    def binlog_query(self, text: str, is_trans: bool, error_code: int, ctx: ExecContext | None,
                     decision: LoggingDecision | None, *, thread_specific: bool = False,
                     suppress_use: bool = False, ddl: bool = False, xid: bool = False) -> None:
        """THD::binlog_query (layer 2, harness/model/query.py)."""
        if ctx is not None:
            ctx.fix_statement_user_vars()
        L2.binlog_query(self, text, is_trans, error_code, ctx, decision, thread_specific=thread_specific,
                        suppress_use=suppress_use, ddl=ddl, xid=xid)

    def context_events(self, ctx: ExecContext | None) -> list[Any]:
        """Intvar / Rand / User_var events that precede a statement-format Query."""
        return L2.context_events(self, ctx)

    def clear_carried_notes(self) -> None:
        """A routine's sub-statement that opens tables clears the conditions an
        earlier statement left behind, even under a table-less ``SELECT f()`` or
        ``SET @v= f()`` (opt_clear_warning_info: they carry another query id)."""
        if self.carried_notes:
            del self.notes[:self.carried_notes]
            self.carried_notes = 0

    def issue_unsafe_warnings(self, mask: int) -> None:
        if self.sp_unsafe is not None:
            # Inside CALL, sp_head collects the flags and reports them once at the end.
            self.sp_unsafe |= mask
            return
        for f in Unsafe:
            if mask & (1 << int(f)):
                fl = self.server.flavor.errors
                self.notes.append(Note(fl.unsafe_level, 1592,
                                       fl.error_text(1592, NOTE_1592.format(fl.error_text(REASONS[f][0],
                                                                                          REASONS[f][1])))))

    # ------------------------------------------------------------ statement end (layer 3)

    def end_statement(self, success: bool, warn_nontrans: bool = False) -> None:
        L3.note_statement_end(self, success)
        if not success and self.stmt.changed_no_2pc:
            # The statement rollback reaches Aria, which keeps the rows (probed: autocommit
            # and inside BEGIN; after the failed statement's 1592, before 1196).
            self.notes.append(Note("Note", 4173, "Engine Aria does not support rollback. "
                                                 "Changes were committed during rollback call"))
        if success and self.xid_state is not None:
            XA.note_statement_end(self)
        if self.in_multi_stmt_transaction_mode():
            L3.flush_stmt_cache(self)
            L3.discard_map_only_trx_cache(self)
            return
        # Autocommit: the statement is the transaction.
        if success:
            try:
                L3.commit_trx_cache(self, with_stmt_cache=True)
            except ServerError as e:
                binlog_refused(self, e)
            if warn_nontrans and self.stmt.changed_nontrans:
                self.notes.append(Note("Warning", 1196,
                                       "Some non-transactional changed tables couldn't be rolled back"))
        else:
            try:
                L3.flush_stmt_cache(self)
            except ServerError as e:
                binlog_refused(self, e, failed=True)
            L3.rollback_trx_cache(self, single_statement=True)
            # A temporary MyISAM table counts as modified_non_trans_table too when the
            # statement is logged as a statement (probed: STATEMENT and MIXED, not ROW).
            if self.stmt.changed_nontrans or self.stmt.changed_nontrans_temp and not self.stmt.row_format:
                self.notes.append(Note("Warning", 1196,
                                       "Some non-transactional changed tables couldn't be rolled back"))
        self.trx.undo_log.clear()
        self._reset_trx()

    def commit(self) -> None:
        """COMMIT or an implicit commit."""
        try:
            L3.flush_stmt_cache(self)
            L3.commit_trx_cache(self)
        except ServerError as e:
            binlog_refused(self, e)
        self.trx.undo_log.clear()
        self._reset_trx()

    def rollback(self) -> None:
        L3.flush_stmt_cache(self)
        notes = rollback_notes(self)
        L3.rollback_trx_cache(self, single_statement=False)
        self.engine_rollback_to(0)
        self._reset_trx()
        self.notes.extend(notes)

    def implicit_commit(self, schema_change: bool = False, keep_one_shot: bool = False) -> None:
        """trans_commit_implicit before a statement flagged CF_AUTO_COMMIT_TRANS.

        ``schema_change``: CREATE/DROP/ALTER/TRUNCATE TABLE, CREATE/DROP INDEX. Observed
        in ROW format: the transaction they commit gets FL_TRANSACTIONAL even when an
        earlier statement of it changed a non-transactional table (rows that went to
        their own stmt-cache group); RENAME, ANALYZE, LOCK TABLES, BEGIN and COMMIT
        leave the flag off (docs/RULES-mariadb-10.11.md 1.2)."""
        if self.xid_state is not None:
            XA.check_implicit_commit(self)
        # The binlog counts as a participant once a statement of the transaction used a
        # cache (a CREATE TEMPORARY under autocommit=0): the commit ends its part too,
        # so a SAVEPOINT after it is not logged (probed: ... TRUNCATE t_missing => 1146;
        # SAVEPOINT s; logs no SAVEPOINT).
        if self.trx.active or self.trx.explicit or not self.caches.trx_cache.empty() or self.trx_log.binlog_joined:
            if schema_change and self.binlog_format == "ROW":
                self.trx_log.gtid_nontrans = False
            self.commit()
        elif not keep_one_shot:
            # trans_commit_implicit resets SET TRANSACTION's one-shot characteristics
            # even with nothing to commit (probed: SET TRANSACTION ISOLATION LEVEL READ
            # COMMITTED; TRUNCATE t; INSERT ... runs at the session level again).
            # BEGIN / XA START keep them: they start the transaction they apply to.
            self.trx.isolation = None
        end_engine_mix(self, keep_one_shot)

    def write_ddl(self, text: str, *, db: str | None = None, suppress_use: bool = False,
                  thread_specific: bool = False, xid: bool = False, ctx: ExecContext | None = None,
                  invoker: bool = False, hrnow: bool = False, charset_client: int | None = None,
                  ddl: bool = True, error_code: int = 0) -> int | None:
        """R-log-commit-statement: DDL written directly as its own group (harness/model/query.py);
        the group's GTID number."""
        return L2.write_ddl(self, text, db=db, suppress_use=suppress_use, thread_specific=thread_specific, xid=xid,
                     ctx=ctx, invoker=invoker, hrnow=hrnow, charset_client=charset_client, ddl=ddl,
                     error_code=error_code)

    # ------------------------------------------------------------ sub-statements

    def fire_triggers(self, table: TableDef, timing: str, event: str, new: list[Any] | None,
                      old: list[Any] | None, ctx: ExecContext) -> None:
        from harness.sql.stmt.routines import run_trigger
        for trg in table.triggers_for(timing, event):
            run_trigger(self, trg, table, new, old, ctx)

    def call_stored_function(self, name: str, args: list[Any], ctx: ExecContext) -> Any:
        from harness.sql.stmt.routines import call_function
        return call_function(self, name, args, ctx)

    # ------------------------------------------------------------ variables

    def get_sysvar(self, name: str, scope: str) -> Any:
        return self.vars.read(name, scope, self)

    def disconnect(self) -> None:
        """Client gone: roll back, and log DROP TEMPORARY TABLE for open temporary tables."""
        try:
            # THD::cleanup closes the temporary tables (their DROP is written directly)
            # before it detaches an XA branch or rolls the transaction back, so the
            # DROP group precedes the ROLLBACK group (observed); MySQL the other way round.
            self._reset_stmt_event_context()
            if not self.server.flavor.ddl.disconnect_drops_temp_first:
                self._disconnect_rollback()
                DDL.drop_temporary_on_disconnect(self)
                return
            dropped_temp = DDL.drop_temporary_on_disconnect(self)
            # Not a statement: the rollback's events carry none of the last statement's flags.
            self._reset_stmt_event_context()
            if dropped_temp:
                # ... but the DROP's DROPPED_TEMP_TABLE mark stays: the ROLLBACK group is FL_DDL.
                self.trx_log.did_ddl = True
            self._disconnect_rollback()
        finally:
            self.temp_tables.clear()
            # User locks end with their session (unlogged).
            self.server.user_locks.release_all(self.connection_id)
            release_global_read_lock(self)  # and so does its FLUSH TABLES WITH READ LOCK

    def _disconnect_rollback(self) -> None:
        XA.disconnect(self)
        self._reset_stmt_event_context()
        if self.trx.active or not self.caches.trx_cache.empty():
            self.rollback()
        self._reset_stmt_event_context()


__all__ = ["Thd", "OkPacket", "NOT_LOGGED", "error", "note"]


def _implements_session_view(thd: Thd) -> SessionView:
    """Never called: mypy checks here that Thd offers what the binlog layers read."""
    return thd
