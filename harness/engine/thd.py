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
import time
from collections import OrderedDict
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from harness.binlog.context import StreamContext
from harness.binlog.control import new_intvar_event, new_rand_event, new_user_var_event
from harness.binlog.query import StatusVar, new_query_event
from harness.engine import ddl as DDL
from harness.engine.catalog import Routine, TableDef
from harness.engine.context import ExecContext, RandState
from harness.engine.errors import Note, ServerError, error, note
from harness.engine.executor import DmlResult, Executor, SelectResult
from harness.engine.locked_tables import check_locked_tables, refuse_under_lock_tables
from harness.engine.prelock import analyze
from harness.engine.stmtinfo import StatementInfo
from harness.engine.types import ZeroDate
from harness.engine import xa as XA
from harness.engine.xa import XidState
from harness.engine.sysvars import SessionVariables
from harness.engine.views import merge_for_write
from harness.model import flush as L3
from harness.model.cache import BinlogCacheMngr, binlog_write_row, use_trans_cache
from harness.model.decide import NOT_LOGGED, LoggingDecision, decide_logging_format
from harness.model.unsafe import NOTE_1592, REASONS, Unsafe
from harness.sql import ast as A
from harness.sql import parse
from harness.sql.errors import SqlParseError
from harness.sql.shape import ShapeCache

if TYPE_CHECKING:
    from harness.engine.server import ServerState

_PARSE_CACHE_SIZE = 256


@dataclass
class Savepoint:
    name: str
    undo_mark: int
    trx_mark: int
    # The binlog had joined the transaction when the savepoint was set (it is
    # in the savepoint's list of participants): only then is ROLLBACK TO a
    # binlog savepoint rollback; otherwise the binlog rolls back as a whole.
    binlog_joined: bool = True


@dataclass
class OkPacket:
    """Result of a statement that returns no rows."""

    affected_rows: int = 0
    last_insert_id: int = 0
    info: str = ""


class Thd:
    """One client connection."""

    def __init__(self, server: "ServerState", connection_id: int, user: str = "root", host: str = "127.0.0.1",
                 db: str | None = None) -> None:
        self.server = server
        self.catalog = server.catalog
        self.connection_id = connection_id
        self.user = user
        self.host = host
        # DEFINER of stored objects: the account the client matched (root@127.0.0.1 over TCP).
        self.definer_host = host
        self.db: str | None = None
        self.vars = SessionVariables(server.global_vars)
        self.user_vars: dict[str, Any] = {}
        self.temp_tables: dict[tuple[str, str], TableDef] = {}
        self.notes: list[Note] = []
        # How many of ``notes`` the running statement inherited from the previous one.
        self.carried_notes = 0
        self.last_notes: list[Note] = []
        self.caches = BinlogCacheMngr()
        self.rand = RandState(random.randrange(1, 0x3FFFFFFF), random.randrange(1, 0x3FFFFFFF))
        self.last_insert_id = 0
        self.first_insert_id_prev_stmt = 0
        self._stmt_first_insert_id: int | None = None
        self.last_found_rows = 0
        self.last_row_count = -1
        self.stmt_start = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
        self.stmt_timestamp = int(time.time())
        self.stmt_text = ""
        self.stmt_info: StatementInfo | None = None
        self.stmt_row_format = False
        # Per-statement change flags, as begin_statement sets them: DDL that
        # logs inside a transaction reads them before any DML has run.
        self.stmt_rows_changed = 0
        self.stmt_changed_trans = self.stmt_changed_xa = self.stmt_changed_nontrans = False
        self.stmt_changed_temp = self.stmt_changed_nontrans_temp = False
        self.stmt_undo_mark = 0
        self._reset_stmt_event_context()
        self.command = "Sleep"
        self.sp_sticky_row = False  # set while a CALL runs after a row-format sub-statement
        self.sp_unsafe: int | None = None  # unsafe flags collected while a CALL runs
        self.sp_modified_nontrans = False
        self.stmt_no_annotate = False
        # The Format_description of the last BINLOG statement (the server's rli_fake).
        self.binlog_stmt_ctx: StreamContext | None = None
        # MIXED stays in row format, once switched, while temporary tables exist.
        self.mixed_temp_row = False
        # LOCK TABLES: (db, table) -> READ | WRITE while OPTION_TABLE_LOCK is set, else None.
        self.locked_tables: dict[tuple[str, str], str] | None = None
        self._parse_cache: OrderedDict[str, A.Statement] = OrderedDict()
        self._shapes = ShapeCache(parse)
        # The user XA branch of this connection (XA START .. XA COMMIT/ROLLBACK), if any.
        self.xid_state: XidState | None = None
        self._reset_trx()
        if db is not None:
            self.use_db(db)

    # ------------------------------------------------------------ properties

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
        iso = self.trx_isolation or self.vars.get("tx_isolation")
        return iso in ("READ-COMMITTED", "READ-UNCOMMITTED")

    def in_multi_stmt_transaction_mode(self) -> bool:
        return self.trx_explicit or not self.autocommit

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
        # thd->thread_specific_used -> LOG_EVENT_THREAD_SPECIFIC_F (0x4)
        self.stmt_thread_specific = False
        # lex->stmt_accessed_temp_table(): clears FL_TRANSACTIONAL of a group this statement commits
        self.stmt_uses_temp = False
        # thd->time_zone_used -> Q_TIME_ZONE_CODE
        self.stmt_time_zone_used = False
        # thd->query_start_sec_part_used -> Q_HRNOW (NOW() and CURTIME() read the start microseconds)
        self.stmt_hrnow_used = False
        # thd->table_map_for_update (multi-table UPDATE) -> Q_TABLE_MAP_FOR_UPDATE_CODE
        self.stmt_table_map_for_update = 0

    # ------------------------------------------------------------ transaction state

    def _reset_trx(self) -> None:
        self.trx_explicit = False
        self.trx_active = False
        self.trx_isolation: str | None = None
        self.undo_log: list[tuple[Any, ...]] = []
        self.savepoints: list[Savepoint] = []
        # Per-statement change flags (reset by begin_statement); set here too so a
        # connection whose first statement is DDL (CREATE TEMPORARY TABLE inside
        # BEGIN) finds them.
        self.stmt_rows_changed = 0
        self.stmt_changed_trans = self.stmt_changed_xa = self.stmt_changed_nontrans = False
        self.stmt_changed_temp = self.stmt_changed_nontrans_temp = False
        self.stmt_undo_mark = 0
        self.trx_nontrans_modified = False  # all.modified_non_trans_table
        # A temporary MyISAM table changed: the server sets modified_non_trans_table
        # for it too, so ROLLBACK warns 1196 (observed); the binlog rules keep them apart.
        self.trx_nontrans_temp_modified = False
        self.trx_gtid_nontrans = False  # clears FL_TRANSACTIONAL on the trx group
        self.trx_xa_rw = False  # an XA-capable engine changed data: the group ends with Xid
        self.trx_wrote_temp = False
        self.trx_has_ddl = False
        self.trx_keep_log = False
        self.trx_did_ddl = False  # a temporary-table DDL was logged inside the transaction
        self.trx_stmt_nontrans_logged = False  # a MyISAM-changing statement was logged as a statement
        self.trx_used_temp = False  # a statement of the transaction used a temporary table
        self.trx_nontrans_temp_in_cache = False
        self.trx_nontrans_temp_modified = False  # a temporary non-transactional table changed
        self.trx_touched_self_logging = False
        self.trx_read_only = False  # START TRANSACTION READ ONLY
        # The binlog registered in the transaction (trans_register_ha): something
        # went to one of its caches while a multi-statement transaction was open.
        self.trx_binlog_joined = False

    # ------------------------------------------------------------ tables

    def find_table(self, name: A.TableName) -> TableDef | None:
        db = name.db or self.db
        if db is None:
            return None
        t = self.temp_tables.get((db, name.name.lower()))
        if t is not None:
            return t
        return self.catalog.get_table(db, name.name)

    def open_table(self, name: A.TableName) -> TableDef:
        db = name.db or self.db
        if db is None:
            raise error("ER_NO_DB_ERROR")
        t = self.find_table(name)
        if t is None:
            if self.find_view(name) is not None:
                from harness.sql.errors import UnsupportedError
                raise UnsupportedError("changing data through a view")
            raise error("ER_NO_SUCH_TABLE", db, name.name)
        return t

    def find_view(self, name: A.TableName) -> A.CreateView | None:
        db = name.db or self.db
        return self.catalog.views.get((db or "", name.name.lower()))

    def find_routine(self, kind: str, name: str) -> Routine | None:
        db = self.db or ""
        return self.catalog.routines.get((db, kind, name.lower()))

    def use_db(self, db: str) -> None:
        if not self.catalog.has_db(db):
            raise error("ER_BAD_DB_ERROR", db)
        self.db = db

    def stmt_written_tables(self) -> list[TableDef]:
        return self.stmt_info.written if self.stmt_info is not None else []

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
            self.undo_log.append(("insert", t, slot))

    def undo_delete(self, t: TableDef, slot: int, old: list[Any]) -> None:
        self._changed(t)
        if t.transactional:
            self.undo_log.append(("delete", t, slot, old))

    def undo_update(self, t: TableDef, slot: int, old: list[Any]) -> None:
        self._changed(t)
        if t.transactional:
            self.undo_log.append(("update", t, slot, old))

    def note_write_attempt(self, t: TableDef) -> None:
        """A row write the engine refused with a duplicate key that the statement
        then ignored (IGNORE, ON DUPLICATE KEY UPDATE with no change): the handler
        call already made InnoDB a read-write participant, so the group ends with
        Xid even though no row changed (probed: INSERT IGNORE / UPDATE IGNORE of a
        duplicate in STATEMENT end with ``Xid``)."""
        if t.transactional and not t.temporary and t.engine.xa_capable:
            self.stmt_changed_xa = True

    def _changed(self, t: TableDef) -> None:
        if t.admin_state:
            t.admin_state.clear()
        if t.engine.self_logging:
            self.trx_touched_self_logging = True
        if t.temporary:
            self.stmt_changed_temp = True
            if not t.transactional:
                self.stmt_changed_nontrans_temp = True
            return
        if t.transactional:
            self.stmt_changed_trans = True
            if t.engine.xa_capable:
                self.stmt_changed_xa = True
        else:
            self.stmt_changed_nontrans = True

    def engine_rollback_to(self, mark: int) -> None:
        while len(self.undo_log) > mark:
            entry = self.undo_log.pop()
            op, t = entry[0], entry[1]
            if op == "insert":
                if t.data.rows[entry[2]] is not None:
                    t.data.delete(entry[2])
            elif op == "delete":
                t.data.put_back(entry[2], entry[3])
            else:
                t.data.update(entry[2], entry[3])

    # ------------------------------------------------------------ row logging hook (layer 2)

    def log_row(self, table: TableDef, kind: str, before: list[Any] | None, after: list[Any] | None,
                assigned: set[int] | None) -> None:
        self.stmt_rows_changed += 1
        if after is not None and not self.stmt_time_zone_used:
            # Storing a value into a TIMESTAMP column converts it with the session
            # time zone (thd->time_zone_used; observed Q_TIME_ZONE_CODE "SYSTEM").
            for i, c in enumerate(table.columns):
                if (getattr(c.type, "timestamp", False) and after[i] is not None
                        and type(after[i]) is not ZeroDate  # a zero skips the conversion, a rejected value not
                        and (assigned is None or i in assigned)):
                    self.stmt_time_zone_used = True
                    break
        if self.stmt_decision.logged and self.stmt_row_format:
            binlog_write_row(self, table, kind, before, after, assigned)

    # ------------------------------------------------------------ statement entry point

    def parse(self, sql: str) -> A.Statement:
        cached = self._parse_cache.get(sql)
        if cached is not None:
            self._parse_cache.move_to_end(sql)
            return cached
        stmt = self._shapes.parse(sql)
        self._parse_cache[sql] = stmt
        if len(self._parse_cache) > _PARSE_CACHE_SIZE:
            self._parse_cache.popitem(last=False)
        return stmt

    def execute(self, sql: str) -> OkPacket | SelectResult:
        """Run one statement; raises ServerError (the client gets an ERR packet)."""
        try:
            stmt = self.parse(sql)
        except SqlParseError as e:
            self.notes = [Note("Error", e.code, str(e))]
            self.last_notes = self.notes
            raise ServerError(e.code, str(e), e.sqlstate) from None
        is_diag = isinstance(stmt, A.Show) and stmt.what in ("WARNINGS", "ERRORS", "COUNT_WARNINGS",
                                                             "COUNT_ERRORS")
        if not is_diag:
            # MariaDB clears the warning list only for statements that use tables
            # (mysql_execute_command: opt_clear_warning_info when all_tables);
            # COMMIT, BEGIN, SET ... keep the previous statement's conditions.
            # A table-less statement that raises its own condition replaces the list
            # (Warning_info is tagged with the query id).
            self.notes = [] if _statement_clears_warnings(stmt) else list(self.last_notes)
        self.carried_notes = len(self.notes) if not is_diag else 0
        self.stmt_text = sql
        if not is_diag:
            self._reset_stmt_event_context()
        self.stmt_start = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
        self.stmt_timestamp = int(time.time())
        self.command = "Query"
        try:
            try:
                result = self._dispatch(stmt)
                if isinstance(stmt, A.Show) and not is_diag and isinstance(result, SelectResult):
                    # A SHOW sends its rows like a SELECT: FOUND_ROWS() counts them (probed;
                    # SHOW WARNINGS leaves it alone).
                    self.last_found_rows = len(result.rows)
            except SqlParseError as e:  # e.g. 1235: a construct the model refuses at execution time
                raise ServerError(e.code, str(e), e.sqlstate) from None
        except ServerError as e:
            if not getattr(e, "noted", False):
                self.notes.append(Note("Error", e.code, e.message))
                self.notes.extend(getattr(e, "trailing_notes", ()))
            raise
        finally:
            self.command = "Sleep"
            if self.carried_notes and len(self.notes) > self.carried_notes:
                self.notes = self.notes[self.carried_notes:]
            self.carried_notes = 0
            if not is_diag:
                self.last_notes = self.notes
        return result

    def _dispatch(self, stmt: A.Statement) -> OkPacket | SelectResult:
        self.server.flavor.before_statement(self, stmt)
        if self.locked_tables is not None:
            refuse_under_lock_tables(self, stmt)
        if self.xid_state is not None:
            if isinstance(stmt, (A.Insert, A.Update, A.Delete, A.Select, A.Do, A.Call)) and _uses_tables(stmt):
                XA.check_rmfail(self)
            if isinstance(stmt, (A.CreateTable, A.DropTable)) and stmt.temporary:
                from harness.sql.errors import UnsupportedError
                raise UnsupportedError("temporary tables inside an XA transaction")
        if isinstance(stmt, (A.Insert, A.Update, A.Delete)):
            return self.run_dml(stmt)
        if isinstance(stmt, A.Select):
            if stmt.into and not all(isinstance(t, A.UserVar) for t in stmt.into):
                from harness.sql.errors import UnsupportedError
                raise UnsupportedError("SELECT ... INTO a local variable or a file outside a stored routine")
            return self.run_dml(stmt)
        if isinstance(stmt, A.Do):
            return self.run_dml(stmt)
        if isinstance(stmt, A.BinlogBase64):
            from harness.engine.row_injection import binlog_statement
            return binlog_statement(self, stmt)
        if isinstance(stmt, A.Set) and _assigns_user_vars_through_routines(self, stmt):
            # SET @v= f(): a statement that may change data through a stored
            # function; it is decided and logged like DO/SELECT f() (as SELECT f()).
            return self.run_dml(stmt)
        from harness.engine import admin
        return admin.dispatch(self, stmt)

    # ------------------------------------------------------------ DML

    def begin_statement(self, info: StatementInfo) -> None:
        self.stmt_info = info
        self.stmt_rows_changed = 0
        self.stmt_changed_trans = False
        self.stmt_changed_xa = False
        self.stmt_changed_nontrans = False
        self.stmt_changed_temp = False
        self.stmt_changed_nontrans_temp = False
        self.stmt_undo_mark = len(self.undo_log)
        self.caches.start_statement()
        self._stmt_first_insert_id = None

    def run_dml(self, stmt: A.Statement) -> OkPacket | SelectResult:
        kind = type(stmt).__name__.upper()
        if isinstance(stmt, A.Update) and stmt.ignore and len(stmt.tables) == 1:
            # Only SQLCOM_UPDATE marks IGNORE unsafe; a multi-table UPDATE IGNORE is safe (probed).
            kind = "UPDATE_IGNORE"
        stmt, views = merge_for_write(self, stmt)
        info = analyze(self, stmt, kind, views)
        check_locked_tables(self, info)
        self.stmt_uses_temp = any(u.table.temporary for u in info.uses)
        if self.stmt_uses_temp and self.xid_state is not None:
            from harness.sql.errors import UnsupportedError
            raise UnsupportedError("temporary tables inside an XA transaction")
        if isinstance(stmt, A.Update) and len(stmt.tables) > 1:
            self.stmt_table_map_for_update = _table_map_for_update(self, stmt)
        if isinstance(stmt, A.Delete) and stmt.targets:
            # multi-table DELETE sets thread_specific_used (observed header flags 0x4)
            self.stmt_thread_specific = True
        if self.trx_read_only and any(not t.temporary for t in info.written):
            raise ServerError(1792, "Cannot execute statement in a READ ONLY transaction", "25006")
        self.begin_statement(info)
        is_write = bool(info.written)
        if is_write or info.uses:
            self.trx_active = True
        if self.stmt_uses_temp:
            # Opening a temporary table sets thread_specific_used: the statement's
            # events, and the COMMIT it writes, carry LOG_EVENT_THREAD_SPECIFIC_F.
            self.stmt_thread_specific = True
            self.trx_used_temp = True
        decision = decide_logging_format(self, info) if is_write else LoggingDecision(
            row=self.binlog_format == "ROW", unsafe=0, warn_unsafe=0, logged=False)
        if is_write and self.trx_isolation is None:
            self.trx_isolation = self.vars.get("tx_isolation")
        if not self.temp_tables:
            self.mixed_temp_row = False
        if (self.sp_sticky_row or self.mixed_temp_row) and not decision.row and decision.logged \
                and self.binlog_format == "MIXED":
            # Inside one CALL, MIXED stays in row format once a statement switched to it.
            decision = LoggingDecision(row=True, unsafe=decision.unsafe, warn_unsafe=0)
        self.stmt_no_annotate = False
        if isinstance(stmt, A.Insert) and stmt.delayed and decision.logged and info.written and \
                not info.written[0].transactional:
            # INSERT DELAYED (MyISAM, MEMORY) runs in the delayed-insert thread, which
            # logs rows whatever binlog_format says, and has no query to annotate.
            decision = LoggingDecision(row=True, unsafe=decision.unsafe, warn_unsafe=0)
            self.stmt_no_annotate = True
        self.stmt_decision = decision
        self.stmt_row_format = decision.row
        if decision.row and decision.logged and self.binlog_format == "MIXED" and self.temp_tables:
            self.mixed_temp_row = True
        ctx = ExecContext(self, info)
        ex = Executor(self, ctx, info)
        try:
            if isinstance(stmt, A.Insert):
                res: DmlResult | SelectResult = ex.insert(stmt)
            elif isinstance(stmt, A.Update):
                res = ex.update(stmt)
            elif isinstance(stmt, A.Delete):
                res = ex.delete(stmt)
            elif isinstance(stmt, A.Do):
                from harness.engine.expr import Compiler, Env, Scope
                for e in stmt.exprs:
                    Compiler(Scope([]), info).compile(e)(Env(ctx))
                res = DmlResult()
            elif isinstance(stmt, A.Set):
                from harness.engine.expr import Compiler, Env, Scope
                for a in stmt.assignments:
                    assert isinstance(a.target, A.UserVar)
                    self.user_vars[a.target.name.lower()] = Compiler(Scope([]), info).compile(a.value)(Env(ctx))
                res = DmlResult()
            else:
                res = ex.select(stmt)  # type: ignore[arg-type]
                if isinstance(stmt, A.Select) and stmt.into:
                    # SELECT ... INTO @v: assigns, answers OK; a later statement reading
                    # the variable carries it in a User_var event.
                    from harness.engine.expr import Env
                    from harness.engine.routines import assign_select_into
                    assign_select_into(self, stmt.into, res.rows, Env(ctx), ctx.notes)
                    res = DmlResult()
        except ServerError as e:
            self.statement_failed(stmt, info, decision, ctx, e)
            raise
        self.statement_succeeded(stmt, info, decision, ctx)
        if isinstance(res, SelectResult):
            self.last_found_rows = len(res.rows) if res.found_rows is None else res.found_rows
            self.last_row_count = -1
            return res
        if isinstance(stmt, A.Insert) and stmt.select is not None:
            # select_insert sends no rows to the client: FOUND_ROWS() is 0 after it (probed).
            self.last_found_rows = 0
        self.last_row_count = res.affected
        return OkPacket(res.affected, res.last_insert_id, res.info)

    def _is_transactional_stmt(self, info: StatementInfo) -> bool:
        """The ``is_trans`` argument of binlog_query: the statement updated a transactional table."""
        return any(t.transactional for t in info.written)

    def statement_succeeded(self, stmt: A.Statement, info: StatementInfo, decision: LoggingDecision,
                            ctx: ExecContext) -> None:
        is_write = bool(info.written)
        self.caches.end_statement_rows(self)
        if is_write and decision.logged and not decision.row:
            if isinstance(stmt, (A.Select, A.Do, A.Set)):
                for i, call in enumerate(ctx.function_calls):
                    self.binlog_query(call, self._is_transactional_stmt(info), 0, ctx if i == 0 else None,
                                      decision if i == 0 else None)
            else:
                self.binlog_query(stmt.text, self._is_transactional_stmt(info), 0, ctx, decision)
        self._after_statement_writes(info)
        self.end_statement(success=True)

    def statement_failed(self, stmt: A.Statement, info: StatementInfo, decision: LoggingDecision,
                         ctx: ExecContext, err: ServerError) -> None:
        """Statement rollback: undo transactional changes; log what non-transactional changes survive."""
        # The error is raised before the failed statement is logged (and its Notes issued).
        self.notes.append(Note("Error", err.code, err.message))
        self.notes.extend(getattr(err, "trailing_notes", ()))  # e.g. 4094: where in a trigger it failed
        err.noted = True  # type: ignore[attr-defined]
        self.engine_rollback_to(self.stmt_undo_mark)
        trx_mark, _stmt_mark = self.caches.stmt_marks
        self.caches.trx_cache.truncate(trx_mark)
        self.caches.stmt_cache.flush_pending(self, stmt_end=True)
        self.caches.maps_written = {}
        # A partial change to a non-transactional table -- temporary ones included --
        # cannot be undone: the failed statement is logged with its error (probed).
        nontrans_changed = self.stmt_changed_nontrans or self.stmt_changed_nontrans_temp
        if nontrans_changed and decision.logged and not decision.row:
            self.binlog_query(stmt.text, self._is_transactional_stmt(info), err.code, ctx, decision)
        self.stmt_changed_trans = self.stmt_changed_xa = False
        self._after_statement_writes(info)
        self.end_statement(success=False)

    def _after_statement_writes(self, info: StatementInfo) -> None:
        if self.stmt_changed_nontrans_temp and self.in_multi_stmt_transaction_mode():
            self.trx_nontrans_temp_modified = True
        if self.stmt_changed_nontrans:
            self.trx_nontrans_modified = True
            if self.in_multi_stmt_transaction_mode() and not self.binlog_direct_non_trans_update:
                # Observed: with binlog_direct_non_transactional_updates=ON the transaction's
                # group keeps FL_TRANSACTIONAL in every format (the N-changes went straight out).
                self.trx_gtid_nontrans = True
        if self.stmt_changed_xa:
            self.trx_xa_rw = True
        if self._stmt_first_insert_id is not None:
            self.first_insert_id_prev_stmt = self._stmt_first_insert_id

    def note_insert_id(self, value: int) -> None:
        if self._stmt_first_insert_id is None:
            self._stmt_first_insert_id = value
            self.last_insert_id = value

    # ------------------------------------------------------------ statement format (layer 2)

    def query_status_vars(self, *, xid: int | None = None, invoker: bool = False, hrnow: bool = False,
                          charset_client: int | None = None, text: str = "",
                          updated_db: str | None = None) -> list[StatusVar]:
        """Query_log_event's status variables for this statement (order as in the flavour's server)."""
        return self.server.flavor.query_status_vars(self, text=text, xid=xid, invoker=invoker, hrnow=hrnow,
                                                    charset_client=charset_client, updated_db=updated_db)

    def binlog_query(self, text: str, is_trans: bool, error_code: int, ctx: ExecContext | None,
                     decision: LoggingDecision | None, *, thread_specific: bool = False,
                     suppress_use: bool = False, ddl: bool = False, xid: bool = False) -> None:
        """THD::binlog_query for a statement-format event: context events + Query into a cache."""
        info = self.stmt_info
        if info is not None and info.written and all(t.engine.self_logging for t in info.written):
            # Seed 001: a self-logging engine writes its own changes (injector); the
            # server logs nothing for a statement that only changes such tables.
            return
        # Query_log_event's cache choice also sends a mixed-unsafe statement
        # (is_mixed_stmt_unsafe) to the trx cache (docs section 3.1; observed:
        # autocommit INSERT INTO n SELECT FROM t at READ COMMITTED is a trx-cache
        # group, ro_1pc, flags_extra 01 ff).
        mixed_unsafe = decision is not None and bool(decision.unsafe & (1 << int(Unsafe.MIXED_STATEMENT)))
        to_trx = use_trans_cache(self, is_trans) or mixed_unsafe
        cache = self.caches.trx_cache if to_trx else self.caches.stmt_cache
        if ddl:
            cache.has_ddl = True
            if self.in_multi_stmt_transaction_mode():
                self.trx_did_ddl = True  # all.trans_did_ddl(): every later group of the trx gets FL_DDL
        if self.stmt_changed_nontrans:
            self.trx_stmt_nontrans_logged = True
        if self.sp_unsafe is not None and self.stmt_changed_nontrans:
            # Inside CALL, a MyISAM sub-statement logged as a statement leaves the top
            # statement's modified_non_trans_table set: later groups lose FL_TRANSACTIONAL.
            self.sp_modified_nontrans = True
        if to_trx and self.stmt_changed_nontrans and not self.binlog_direct_non_trans_update:
            self.trx_gtid_nontrans = True
        if to_trx and self.stmt_changed_nontrans_temp:
            self.trx_nontrans_temp_in_cache = True
        for ev in self.context_events(ctx):
            cache.append(ev)
        uses_temp = thread_specific or bool(self.stmt_info and any(u.table.temporary for u in self.stmt_info.uses))
        if uses_temp:
            self.trx_wrote_temp = True
            self.stmt_thread_specific = True
        uses_temp = uses_temp or self.stmt_thread_specific
        cache.append(new_query_event(text, database=self.db or "", thread_id=self.connection_id,
                                     timestamp=self.stmt_timestamp, server_id=self.server_id,
                                     error_code=error_code, status_vars=self.query_status_vars(
                                         xid=self.server.binlog.allocate_xid() if xid else None, text=text,
                                         updated_db=self._updated_db()),
                                     thread_specific=uses_temp, suppress_use=suppress_use))
        if decision is not None and decision.warn_unsafe:
            self.issue_unsafe_warnings(decision.warn_unsafe)

    def _updated_db(self, db: str | None = None) -> str | None:
        """Q_UPDATED_DB_NAMES (MySQL: the database a logged statement changes; ignored by MariaDB)."""
        return db if db is not None else (self.db or None)

    def context_events(self, ctx: ExecContext | None) -> list[Any]:
        """Intvar / Rand / User_var events that precede a statement-format Query."""
        if ctx is None:
            return []
        ts, sid = self.stmt_timestamp, self.server_id
        out: list[Any] = []
        if ctx.used_last_insert_id is not None:
            out.append(new_intvar_event(1, ctx.used_last_insert_id, timestamp=ts, server_id=sid))
        if ctx.stmt_insert_id is not None:
            out.append(new_intvar_event(2, ctx.stmt_insert_id, timestamp=ts, server_id=sid))
        if ctx.rand_seeds is not None:
            out.append(new_rand_event(ctx.rand_seeds[0], ctx.rand_seeds[1], timestamp=ts, server_id=sid))
        for name, value in ctx.user_vars_read.items():
            out.append(user_var_event(name, value, ts, sid))
        return out

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
                fl = self.server.flavor
                self.notes.append(Note(fl.unsafe_level, 1592,
                                       fl.error_text(1592, NOTE_1592.format(fl.error_text(REASONS[f][0],
                                                                                          REASONS[f][1])))))

    # ------------------------------------------------------------ statement end (layer 3)

    def end_statement(self, success: bool) -> None:
        if success and self.xid_state is not None:
            XA.note_statement_end(self)
        if self.in_multi_stmt_transaction_mode():
            L3.flush_stmt_cache(self)
            return
        # Autocommit: the statement is the transaction.
        if success:
            L3.commit_trx_cache(self, with_stmt_cache=True)
        else:
            L3.flush_stmt_cache(self)
            L3.rollback_trx_cache(self, single_statement=True)
            if self.stmt_changed_nontrans:
                self.notes.append(Note("Warning", 1196,
                                       "Some non-transactional changed tables couldn't be rolled back"))
        self.undo_log.clear()
        self._reset_trx()

    def commit(self) -> None:
        """COMMIT or an implicit commit."""
        L3.flush_stmt_cache(self)
        L3.commit_trx_cache(self)
        self.undo_log.clear()
        self._reset_trx()

    def rollback(self) -> None:
        L3.flush_stmt_cache(self)
        # all.modified_non_trans_table: a temporary MyISAM table counts too (probed:
        # ROLLBACK after writing one warns 1196 in every format).
        nontrans = self.trx_nontrans_modified or self.trx_nontrans_temp_modified
        L3.rollback_trx_cache(self, single_statement=False)
        self.engine_rollback_to(0)
        self._reset_trx()
        if nontrans:
            self.notes.append(Note("Warning", 1196, "Some non-transactional changed tables couldn't be rolled back"))

    def implicit_commit(self, schema_change: bool = False, keep_one_shot: bool = False) -> None:
        """trans_commit_implicit before a statement flagged CF_AUTO_COMMIT_TRANS.

        ``schema_change``: CREATE/DROP/ALTER/TRUNCATE TABLE, CREATE/DROP INDEX. Observed
        in ROW format: the transaction they commit gets FL_TRANSACTIONAL even when an
        earlier statement of it changed a non-transactional table (rows that went to
        their own stmt-cache group); RENAME, ANALYZE, LOCK TABLES, BEGIN and COMMIT
        leave the flag off (docs/RULES-mariadb-10.11.md 1.2).
        """
        if self.xid_state is not None:
            XA.check_implicit_commit(self)
        if self.trx_active or self.trx_explicit or not self.caches.trx_cache.empty():
            if schema_change and self.binlog_format == "ROW":
                self.trx_gtid_nontrans = False
            self.commit()
        elif not keep_one_shot:
            # trans_commit_implicit resets SET TRANSACTION's one-shot characteristics
            # even with nothing to commit (probed: SET TRANSACTION ISOLATION LEVEL READ
            # COMMITTED; TRUNCATE t; INSERT ... runs at the session level again).
            # BEGIN / XA START keep them: they start the transaction they apply to.
            self.trx_isolation = None

    def write_ddl(self, text: str, *, db: str | None = None, suppress_use: bool = False,
                  thread_specific: bool = False, xid: bool = False, ctx: ExecContext | None = None,
                  invoker: bool = False, hrnow: bool = False, charset_client: int | None = None,
                  ddl: bool = True, error_code: int = 0) -> None:
        """R-log-commit-statement: DDL is written directly as its own group.

        ``xid``: Q_XID (DDL crash recovery); ``invoker``: Q_INVOKER (CREATE
        TRIGGER/PROCEDURE/FUNCTION without an explicit DEFINER); ``hrnow``:
        Q_HRNOW (the statement read its start time with microseconds, e.g.
        the ``created`` time of a trigger); ``ddl``: FL_DDL on the Gtid.
        """
        if not self.binlog_enabled():
            return
        if thread_specific:
            self.stmt_thread_specific = True
        xid = self.server.flavor.ddl_xid(xid, ddl=ddl, thread_specific=thread_specific)
        svs = self.query_status_vars(xid=self.server.binlog.allocate_xid() if xid else None, invoker=invoker,
                                     hrnow=hrnow, charset_client=charset_client, text=text,
                                     updated_db=self._updated_db(db))
        ev = new_query_event(text, database=self.db or "" if db is None else db, thread_id=self.connection_id,
                             timestamp=self.stmt_timestamp, server_id=self.server_id, status_vars=svs,
                             suppress_use=suppress_use, thread_specific=thread_specific, error_code=error_code)
        L3.write_direct(self, [*self.context_events(ctx), ev], ddl=ddl)

    # ------------------------------------------------------------ SELECT without tables

    # ------------------------------------------------------------ sub-statements

    def fire_triggers(self, table: TableDef, timing: str, event: str, new: list[Any] | None,
                      old: list[Any] | None, ctx: ExecContext) -> None:
        from harness.engine.routines import run_trigger
        for trg in table.triggers_for(timing, event):
            run_trigger(self, trg, table, new, old, ctx)

    def call_stored_function(self, name: str, args: list[Any], ctx: ExecContext) -> Any:
        from harness.engine.routines import call_function
        return call_function(self, name, args, ctx)

    # ------------------------------------------------------------ variables

    def get_sysvar(self, name: str, scope: str) -> Any:
        return self.vars.read(name, scope, self)

    def disconnect(self) -> None:
        """Client gone: roll back, and log DROP TEMPORARY TABLE for open temporary tables."""
        try:
            # THD::cleanup closes the temporary tables (their DROP is written directly)
            # before it detaches an XA branch or rolls the transaction back, so the
            # DROP group precedes the ROLLBACK group (observed).
            self._reset_stmt_event_context()
            DDL.drop_temporary_on_disconnect(self)
            # Not a statement: the rollback's events carry none of the last statement's flags.
            self._reset_stmt_event_context()
            XA.disconnect(self)
            self._reset_stmt_event_context()
            if self.trx_active or not self.caches.trx_cache.empty():
                self.rollback()
        finally:
            self.temp_tables.clear()
            # User locks end with their session (unlogged).
            self.server.user_locks.release_all(self.connection_id)


def user_var_event(name: str, value: Any, ts: int, sid: int) -> Any:
    if value is None:
        return new_user_var_event(name, None, timestamp=ts, server_id=sid)
    if isinstance(value, bool):
        value = int(value)
    if isinstance(value, bytes):
        # A binary string (_binary '..', X'..', a VARBINARY/BLOB value): charset 63 (observed).
        return new_user_var_event(name, value, timestamp=ts, server_id=sid, charset=63)
    if isinstance(value, int) and value > (1 << 63) - 1:
        # A BIGINT UNSIGNED value: UNSIGNED_F in the event's flags byte.
        return new_user_var_event(name, value, timestamp=ts, server_id=sid, unsigned=True)
    if isinstance(value, (int, float, Decimal)):
        return new_user_var_event(name, value, timestamp=ts, server_id=sid)
    if isinstance(value, (dt.datetime, dt.date)):
        # A temporal value is a string in the server's numeric charset, latin1 (observed for NOW()).
        return new_user_var_event(name, str(value).encode("ascii"), timestamp=ts, server_id=sid, charset=8)
    return new_user_var_event(name, str(value).encode("utf-8") if not isinstance(value, bytes) else value,
                              timestamp=ts, server_id=sid)


def _table_map_for_update(thd: Thd, stmt: A.Update) -> int:
    """Bit i set when the i-th table of a multi-table UPDATE is assigned to (table->map)."""
    refs = [(r.ref_name.lower(), thd.find_table(r.table)) for r in stmt.tables]
    bits = 0
    for col, _e in stmt.assignments:
        for i, (name, t) in enumerate(refs):
            if (col.table.lower() == name if col.table else
                    t is not None and any(c.name.lower() == col.name.lower() for c in t.columns)):
                bits |= 1 << i
                break
    return bits


_TABLELESS = (A.Begin, A.Commit, A.Rollback, A.Savepoint, A.ReleaseSavepoint, A.Set, A.SetNames, A.SetTransaction,
              A.Use, A.CreateDatabase, A.DropDatabase, A.ResetMaster, A.FlushBinaryLogs, A.Do, A.CreateRoutine,
              A.DropRoutine, A.CreateView, A.DropView, A.BinlogBase64, A.UnlockTables, A.XaStart, A.XaEnd,
              A.XaPrepare, A.XaCommit, A.XaRollback, A.XaRecover)


def _assigns_user_vars_through_routines(thd: Thd, st: A.Set) -> bool:
    """SET of user variables only, where a value calls a stored function."""
    if not all(isinstance(a.target, A.UserVar) for a in st.assignments):
        return False
    return bool(analyze(thd, st, "SET").stored_functions)


def _names_a_table(x: object) -> bool:
    """Whether a table reference occurs anywhere in ``x`` (a subquery's too)."""
    if isinstance(x, A.TableRef):
        return True
    if isinstance(x, (list, tuple)):
        return any(_names_a_table(y) for y in x)
    fields = getattr(x, "__dataclass_fields__", None)
    if fields is None:
        return False
    return any(_names_a_table(getattr(x, f, None)) for f in fields)


def _uses_tables(stmt: A.Statement) -> bool:
    if isinstance(stmt, (A.Set, A.Do)):
        # SET @v = (SELECT ... FROM t) and DO (SELECT ... FROM t) have tables (probed).
        return _names_a_table(stmt)
    if isinstance(stmt, _TABLELESS):
        return False
    if isinstance(stmt, A.Select):
        return bool(stmt.from_ or stmt.union) or _names_a_table(stmt.items) or _names_a_table(stmt.where)
    return True


def _statement_clears_warnings(stmt: A.Statement) -> bool:
    """opt_clear_warning_info when the statement has tables (all_tables): besides
    _uses_tables, DROP VIEW and DROP TRIGGER name a table (probed: their own Note,
    or none, replaces the previous statement's warnings)."""
    if isinstance(stmt, (A.DropView, A.CreateView)) or isinstance(stmt, A.DropRoutine) and stmt.kind == "TRIGGER":
        # The view itself is in the statement's table list (CREATE VIEW v AS SELECT 1 clears too).
        return True
    return _uses_tables(stmt)



__all__ = ["Thd", "OkPacket", "NOT_LOGGED", "error", "note"]
