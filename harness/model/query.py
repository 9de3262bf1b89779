"""Layer 2 for statement-format events: ``THD::binlog_query`` and its context events.

A statement logged as text becomes a Query event, preceded by the events that
carry what the text alone does not (Intvar for LAST_INSERT_ID()/INSERT_ID,
Rand for RAND()'s seeds, User_var for each user variable read), into the cache
MariaDB's ``use_trans_cache`` picks. DDL is written directly instead, as its own
group (seed 002's R-log-commit-statement; layer 3 frames it).

These functions were methods of the SQL layer's ``Thd``; ``Thd.binlog_query``
and ``Thd.write_ddl`` now call them with the session (harness/model/session.py).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Protocol

from harness.binlog.control import UserVarEvent, new_intvar_event, new_rand_event, new_user_var_event
from harness.binlog.constants import ItemResult, QueryStatus as QS
from dataclasses import dataclass

from harness.binlog.header import Event
from harness.binlog.load import new_append_block_event, new_delete_file_event, new_execute_load_query_event
from harness.binlog.query import new_query_event
from harness.model import flush as L3
from harness.model.cache import use_trans_cache
from harness.model.unsafe import Unsafe, bit

if TYPE_CHECKING:
    from harness.model.decide import LoggingDecision
    from harness.model.session import SessionView


class QueryContext(Protocol):
    """What a statement read that its text does not carry (the SQL layer's ExecContext)."""

    @property
    def used_last_insert_id(self) -> int | None: ...
    @property
    def stmt_insert_id(self) -> int | None: ...
    @property
    def rand_seeds(self) -> tuple[int, int] | None: ...
    @property
    def user_vars_read(self) -> dict[str, Any]: ...


def user_var_event(name: str, value: Any, ts: int, sid: int) -> Event:
    """The User_var event for one user variable a statement read, typed as the server types it."""
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
    precision = getattr(value, "binlog_precision", None)
    if isinstance(value, Decimal) and precision is not None:
        # A DECIMAL the server holds in whole words (a SUM: harness/sql/expr.SumDecimal).
        scale = max(-int(value.as_tuple().exponent), 0)
        return new_user_var_event(name, value, timestamp=ts, server_id=sid,
                                  decimal_precision=int(precision), decimal_scale=scale)
    if isinstance(value, (int, float, Decimal)):
        return new_user_var_event(name, value, timestamp=ts, server_id=sid)
    if isinstance(value, (dt.datetime, dt.date)):
        # A temporal value is a string in the server's numeric charset, latin1 (observed for NOW()).
        return new_user_var_event(name, str(value).encode("ascii"), timestamp=ts, server_id=sid, charset=8)
    collation_id = getattr(value, "collation_id", None)
    if collation_id is not None:
        # A value of a column in another collation keeps it (a latin1 column: _latin1 ...);
        # the SQL layer's CharsetStr (sql/item/charsets.py) carries the id and its bytes.
        return new_user_var_event(name, value.encoded(), timestamp=ts, server_id=sid, charset=collation_id)
    return new_user_var_event(name, str(value).encode("utf-8"), timestamp=ts, server_id=sid)


def context_events(thd: SessionView, ctx: QueryContext | None) -> list[Event]:
    """Intvar / Rand / User_var events that precede a statement-format Query."""
    if ctx is None:
        return []
    ts, sid = thd.stmt.timestamp, thd.server_id
    out: list[Event] = []
    if ctx.used_last_insert_id is not None:
        out.append(new_intvar_event(1, ctx.used_last_insert_id, timestamp=ts, server_id=sid))
    if ctx.stmt_insert_id is not None:
        out.append(new_intvar_event(2, ctx.stmt_insert_id, timestamp=ts, server_id=sid))
    if ctx.rand_seeds is not None:
        out.append(new_rand_event(ctx.rand_seeds[0], ctx.rand_seeds[1], timestamp=ts, server_id=sid))
    numeric = thd.flavor.events.user_var_numeric_charset
    for name, value in ctx.user_vars_read.items():
        ev = user_var_event(name, value, ts, sid)
        if numeric is not None and isinstance(ev, UserVarEvent):
            # MySQL 9.7 [bytes]: numbers and the connection's strings carry the connection
            # collation (255), NULL too; a column's own charset (latin1, binary) stays
            if ev.value_type != ItemResult.STRING_RESULT or ev.is_null or ev.charset == 45:
                ev.charset = numeric
        out.append(ev)
    return out


def updated_db(thd: SessionView, db: str | None = None) -> str | None:
    """Q_UPDATED_DB_NAMES (MySQL: the database a logged statement changes; ignored by MariaDB)."""
    return db if db is not None else (thd.db or None)


def add_to_binlog_accessed_dbs(thd: SessionView, *dbs: str | None) -> None:
    """THD::add_to_binlog_accessed_dbs for a DDL statement: the list stays sorted in
    descending strcmp order, each database once (9.7.4 [bytes]: `RENAME TABLE a1.x TO b1.x`
    12=(b1,a1); `DROP TABLE b1.x, z1.w2`: the second group 12=(z1,b1)). No argument:
    the statement names none (CREATE TABLE ... LIKE: no code 12)."""
    have = set(thd.stmt_log.accessed_db_names or ())
    have.update(d for d in dbs if d)
    thd.stmt_log.accessed_db_names = tuple(sorted(have, reverse=True))


def accessed_dbs(thd: SessionView, info: Any) -> tuple[str, ...] | str | None:
    """MySQL's decide_logging_format: a DML statement logged as a statement names the
    databases of every table it opens (temporary ones, subqueries' and triggers' too),
    each once, in descending strcmp order (9.7.4 [bytes]: `INSERT INTO a1.x SELECT a FROM
    b1.y` under `USE test` carries 12=(b1,a1)). The default database when nothing is known."""
    return table_dbs(info) or updated_db(thd)


def table_dbs(info: Any) -> tuple[str, ...]:
    """The databases of the statement's opened tables, each once, descending strcmp order."""
    return tuple(sorted({str(u.table.db) for u in getattr(info, "uses", None) or ()
                         if getattr(u.table, "db", None)}, reverse=True))


def statement_status_vars(thd: SessionView, **kw: Any) -> list[Any]:
    """The status variables of a statement's own Query event; the databases it names are
    remembered as the statement's ``thd->binlog_accessed_db_names``, which a BEGIN, COMMIT
    or ROLLBACK the same statement builds copies (MySQL: Query_log_event::write reads the
    list from the THD, and only THD::cleanup_after_query clears it)."""
    svs = thd.query_status_vars(**kw)
    for sv in svs:
        if int(sv.code) == int(QS.Q_UPDATED_DB_NAMES):
            thd.stmt_log.binlog_accessed_dbs = sv
    return svs


def binlog_query(thd: SessionView, text: str, is_trans: bool, error_code: int, ctx: QueryContext | None,
                 decision: LoggingDecision | None, *, thread_specific: bool = False,
                 suppress_use: bool = False, ddl: bool = False, xid: bool = False) -> None:
    """THD::binlog_query for a statement-format event: context events + Query into a cache."""
    info = thd.stmt.info
    written = thd.stmt_written_tables()
    if info is not None and written and all(t.engine.self_logging for t in written):
        # Seed 001: a self-logging engine writes its own changes (injector); the
        # server logs nothing for a statement that only changes such tables.
        return
    # Query_log_event's cache choice also sends a mixed-unsafe statement
    # (is_mixed_stmt_unsafe) to the trx cache (docs section 3.1; observed:
    # autocommit INSERT INTO n SELECT FROM t at READ COMMITTED is a trx-cache
    # group, ro_1pc, flags_extra 01 ff).
    mixed_unsafe = decision is not None and bool(decision.unsafe & bit(Unsafe.MIXED_STATEMENT))
    # ... and so does stmt_has_updated_trans_table(): a transactional engine the
    # statement called a row write on, even one that changed nothing (an unchanged row
    # InnoDB cannot compare, an ignored duplicate), whatever the caller's is_trans
    # (multi_update passes only the tables whose rows it changed).
    # (DDL sets no per-statement change flags: what they hold is an earlier statement's.)
    to_trx = use_trans_cache(thd, is_trans) or mixed_unsafe or (thd.stmt.changed_xa and not ddl)
    cache = thd.caches.trx_cache if to_trx else thd.caches.stmt_cache
    if ddl:
        cache.has_ddl = True
        if thd.in_multi_stmt_transaction_mode():
            thd.trx_log.did_ddl = True  # all.trans_did_ddl(): every later group of the trx gets FL_DDL
    if thd.stmt.changed_nontrans:
        thd.trx_log.stmt_nontrans_logged = True
    if thd.sp_unsafe is not None and thd.stmt.changed_nontrans:
        # Inside CALL, a MyISAM sub-statement logged as a statement leaves the top
        # statement's modified_non_trans_table set: later groups lose FL_TRANSACTIONAL.
        thd.sp_modified_nontrans = True
    if to_trx and thd.stmt.changed_nontrans and not thd.binlog_direct_non_trans_update:
        thd.trx_log.gtid_nontrans = True
    if to_trx and thd.stmt.changed_nontrans_temp:
        thd.trx_log.nontrans_temp_in_cache = True
    if to_trx and (thd.stmt.changed_nontrans or thd.stmt.changed_nontrans_temp or ddl):
        thd.trx_log.cannot_rollback = True
    if to_trx and info is not None and any(u.table.temporary and not u.table.transactional for u in info.uses):
        # MYSQL_BIN_LOG::write: stmt_accessed_non_trans_temp_table(), read or written,
        # whether or not a row changed (observed, MIXED).
        thd.trx_log.nontrans_temp_accessed_in_cache = True
    for ev in context_events(thd, ctx):
        cache.append(ev)
    uses_temp = thread_specific or bool(info is not None and any(u.table.temporary for u in info.uses))
    if uses_temp:
        thd.trx_log.wrote_temp = True
        thd.stmt_log.thread_specific = True
    uses_temp = uses_temp or thd.stmt_log.thread_specific
    if ddl:
        # DDL logged into a cache (inside a transaction) asks the flavour as write_ddl does:
        # MySQL 9.7 gives a temporary table's CREATE/DROP no Q_DDL_LOGGED_WITH_XID
        xid = thd.flavor.events.ddl_xid(xid, ddl=True, thread_specific=thread_specific, thd=thd, text=text)
    cache.append(new_query_event(text, database=thd.db or "", thread_id=thd.connection_id,
                                 timestamp=thd.stmt.timestamp, server_id=thd.server_id,
                                 error_code=error_code, status_vars=statement_status_vars(
                                     thd, xid=thd.server.binlog.allocate_xid() if xid else None, text=text,
                                     updated_db=accessed_dbs(thd, info) if not ddl else updated_db(thd)
                                     if thd.stmt_log.accessed_db_names is None
                                     else thd.stmt_log.accessed_db_names or None),
                                 thread_specific=uses_temp, suppress_use=suppress_use))
    if decision is not None and decision.warn_unsafe:
        thd.issue_unsafe_warnings(decision.warn_unsafe)


@dataclass(frozen=True)
class LoadedFile:
    """What a LOAD DATA read, as its statement-format events need it (sql_load.cc).

    ``blocks``: the file as the server read it, one buffer fill (or LOCAL packet)
    each; ``query``: ``Load_log_event::print_query``'s text with the column list
    and SET; ``fn_pos_*``: byte offsets of ``[LOCAL] INFILE '..' [REPLACE|IGNORE]
    INTO`` in it; ``dup_handling``: LOAD_DUP_ERROR/IGNORE/REPLACE."""

    blocks: tuple[bytes, ...]
    query: str
    fn_pos_start: int
    fn_pos_end: int
    dup_handling: int


def binlog_load_query(thd: SessionView, load: LoadedFile, is_trans: bool, error_code: int,
                      ctx: QueryContext | None, decision: LoggingDecision | None, *, executed: bool = True) -> None:
    """log_loaded_block + write_execute_load_query_log_event: the file's blocks
    (Begin_load_query, then Append_block) and the Execute_load_query -- or, for a
    failed statement that changed nothing (``executed`` False), Delete_file.

    Statement format only: in row format the server logs no block at all. An empty
    file writes no block and so logs nothing of its own. The cache is the one the
    Query of any other statement would take."""
    if not load.blocks:
        return
    written = thd.stmt_written_tables()
    if written and all(t.engine.self_logging for t in written):
        return
    mixed_unsafe = decision is not None and bool(decision.unsafe & bit(Unsafe.MIXED_STATEMENT))
    to_trx = use_trans_cache(thd, is_trans) or mixed_unsafe or thd.stmt.changed_xa
    cache = thd.caches.trx_cache if to_trx else thd.caches.stmt_cache
    if thd.stmt.changed_nontrans:
        thd.trx_log.stmt_nontrans_logged = True
    if to_trx and thd.stmt.changed_nontrans and not thd.binlog_direct_non_trans_update:
        thd.trx_log.gtid_nontrans = True
    ts, sid = thd.stmt.timestamp, thd.server_id
    file_id = thd.server.binlog.next_file_id()
    # MYSQL_BIN_LOG::write puts the statement's context events before every event it
    # writes in statement format: each block (written once the rows before it are in)
    # and the Execute event (observed: INSERT_ID before Begin_load_query and again
    # before Execute_load_query).
    context = context_events(thd, ctx)
    for i, block in enumerate(load.blocks):
        for ev in context:
            cache.append(ev)
        cache.append(new_append_block_event(file_id, block, first=i == 0, timestamp=ts, server_id=sid))
    if not executed:
        cache.append(new_delete_file_event(file_id, timestamp=ts, server_id=sid))
        return
    for ev in context:
        cache.append(ev)
    cache.append(new_execute_load_query_event(
        load.query, database=thd.db or "", thread_id=thd.connection_id, timestamp=ts, server_id=sid,
        status_vars=statement_status_vars(thd, text=load.query, updated_db=accessed_dbs(thd, thd.stmt.info)),
        file_id=file_id,
        fn_pos_start=load.fn_pos_start, fn_pos_end=load.fn_pos_end, dup_handling=load.dup_handling,
        error_code=error_code))
    # No Note 1592 here: the server issues unsafe warnings in THD::binlog_query, which
    # LOAD DATA does not call (observed: no Note for SET b = UUID() in STATEMENT).


def write_ddl(thd: SessionView, text: str, *, db: str | None = None, suppress_use: bool = False,
              thread_specific: bool = False, xid: bool = False, ctx: QueryContext | None = None,
              invoker: bool = False, hrnow: bool = False, charset_client: int | None = None,
              ddl: bool = True, error_code: int = 0) -> int | None:
    """R-log-commit-statement: DDL is written directly as its own group.

    Returns the group's GTID number (None when nothing is logged).

    ``xid``: Q_XID (DDL crash recovery); ``invoker``: Q_INVOKER (CREATE
    TRIGGER/PROCEDURE/FUNCTION without an explicit DEFINER); ``hrnow``:
    Q_HRNOW (the statement read its start time with microseconds, e.g.
    the ``created`` time of a trigger); ``ddl``: FL_DDL on the Gtid.
    """
    if not thd.binlog_enabled():
        return None
    temporary = thread_specific
    thread_specific = thd.flavor.events.ddl_thread_specific(thread_specific, thd=thd, text=text)
    if thread_specific:
        thd.stmt_log.thread_specific = True
    xid = thd.flavor.events.ddl_xid(xid, ddl=ddl, thread_specific=temporary, thd=thd, text=text)
    svs = statement_status_vars(thd, xid=thd.server.binlog.allocate_xid() if xid else None, invoker=invoker,
                                hrnow=hrnow, charset_client=charset_client, text=text,
                                updated_db=updated_db(thd, db) if thd.stmt_log.accessed_db_names is None
                                else thd.stmt_log.accessed_db_names or None)
    ev = new_query_event(text, database=thd.db or "" if db is None else db, thread_id=thd.connection_id,
                         timestamp=thd.stmt.timestamp, server_id=thd.server_id, status_vars=svs,
                         suppress_use=suppress_use, thread_specific=thread_specific, error_code=error_code)
    return L3.write_direct(thd, [*context_events(thd, ctx), ev], ddl=ddl)
