"""MySQL 9.7's event DDL and its scheduler (``DdlLogging.event_ddl_in_dictionary``).

9.7.4 probed (docs/RULES-mysql-9.7.md, tests/sql/stmt/test_sql_event_mysql97.py); the
source: sql/events.cc (Events::create_event / update_event / drop_event),
sql/event_parse_data.cc (Event_parse_data::check_parse_data, check_if_in_the_past),
sql/event_data_objects.cc (Event_queue_element::compute_next_execution_time,
Event_job_data::execute), sql/event_scheduler.cc (pre_init_event_thread, Event_worker_thread).

* The events live in the data dictionary: a CREATE/ALTER/DROP that changes one commits
  it, its Query carries Q_DDL_LOGGED_WITH_XID; one that changes nothing (CREATE IF NOT
  EXISTS of an existing event, DROP IF EXISTS of a missing one) is logged without.
  Q_UPDATED_DB_NAMES names the event's database (and RENAME TO's), whatever the default
  database; Q_INVOKER when no DEFINER is written (ALTER too); Q_TIME_ZONE_CODE on CREATE
  and on an ALTER with ON SCHEDULE (the schedule is read in the session's time zone).
* The schedule is checked before the database and the event: a non-positive INTERVAL
  1542, MICROSECOND units 1235, an unreadable AT/STARTS/ENDS 1525 (after the cast's
  Warning 1292), ENDS before STARTS 1543. A schedule already over (AT, or ENDS, before the
  statement's second) with ON COMPLETION NOT PRESERVE: CREATE is a Note 1588, nothing
  created or logged; ALTER is error 1589; with PRESERVE Note 1544 and the event DISABLED.
* No Warning 1105 when the scheduler is off; CREATE OR REPLACE EVENT is a syntax error
  (the grammar has none: SqlDialect.removed_syntax).
* The scheduler runs an enabled event when it is due (compute_next_execution_time): an
  AT event whose time has come, an EVERY event whose STARTS is the statement's second
  (EVERY without STARTS starts at its CREATE). It runs right after the statement that
  made it due (on the server a moment later, from a worker thread: the workload waits
  for it) in a session of its own: the definer's, the event's database, the creator's
  character sets, time zone and sql_mode, OPTION_AUTO_IS_NULL set (pre_init_event_thread:
  Q_FLAGS2 0x4000 on its events), the global binlog_format; its body runs as a
  procedure's (Event_job_data::construct_sp_sql). A one-time event that ran is dropped
  when it is ON COMPLETION NOT PRESERVE -- the worker logs ``DROP EVENT IF EXISTS`db`.`e```
  (construct_drop_event_sql) -- else disabled.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import Note, ServerError, error
from harness.sql.stmt.event_data import CREATION_CONTEXT, Event, drop_event, exists_error, scheduler_on, unknown_error, create_text, quote
from harness.sql.stmt.sql_result import OkPacket

if TYPE_CHECKING:
    from harness.sql.thd import Thd

_CANNOT_CREATE_IN_THE_PAST = ("Event execution time is in the past and ON COMPLETION NOT PRESERVE is set. "
                              "The event was dropped immediately after creation.")
_CANNOT_ALTER_IN_THE_PAST = ("Event execution time is in the past and ON COMPLETION NOT PRESERVE is set. "
                             "The event was not changed. Specify a time in the future.")
_EXEC_TIME_IN_THE_PAST = "Event execution time is in the past. Event has been disabled"


class _Schedule:
    """What ON SCHEDULE / ON COMPLETION / the status of one statement give (Event_parse_data)."""

    def __init__(self) -> None:
        self.at: dt.datetime | None = None
        self.every = False
        self.starts: dt.datetime | None = None
        self.ends: dt.datetime | None = None
        self.do_not_create = False
        self.disabled = False


def _now(thd: "Thd") -> dt.datetime:
    """The statement's start second (THD::query_start_in_secs), as NOW() reads it."""
    return thd.stmt.start.replace(microsecond=0)


def _value(thd: "Thd", e: A.Expr) -> Any:
    from harness.sql.item.expr import Compiler, Env, Scope
    from harness.sql.parse.stmtinfo import StatementInfo
    from harness.sql.stmt.context import ExecContext
    info = StatementInfo(kind="SET")
    return Compiler(Scope([]), info).compile(e)(Env(ExecContext(thd, info)))


def _datetime(thd: "Thd", e: A.Expr, what: str) -> dt.datetime:
    """Event_parse_data::init_execute_at / init_starts / init_ends: the value as a DATETIME
    in the session's time zone; 1525 Incorrect <what> value after the cast's 1292."""
    from harness.sql.item.temporal import BAD, parse_datetime
    v = _value(thd, e)
    if isinstance(v, dt.datetime):
        return v.replace(microsecond=0)
    if isinstance(v, dt.date):
        return dt.datetime(v.year, v.month, v.day)
    text = "NULL" if v is None else str(v)
    parts, verdict = parse_datetime(text) if v is not None else (None, BAD)
    if parts is None or verdict == BAD or parts.year == 0:
        if v is not None:
            thd.notes.append(Note("Warning", 1292, f"Incorrect datetime value: '{text}'"))
        raise ServerError(1525, f"Incorrect {what} value: '{text}'", "HY000")
    return dt.datetime(parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second)


def _interval(thd: "Thd", value: A.Expr, unit: str) -> None:
    """Event_parse_data::init_interval: a positive value of a unit other than microseconds."""
    if "MICROSECOND" in unit:
        raise error("ER_NOT_SUPPORTED_YET", "MICROSECOND")
    v = _value(thd, value)
    if isinstance(v, str) and "_" in unit:  # a compound unit: '0 1' DAY_HOUR
        import re
        numbers = [int(n) for n in re.findall(r"\d+", v)]
        positive = any(numbers)
    else:
        try:
            positive = v is not None and float(v) >= 1
        except (TypeError, ValueError):
            positive = False
    if not positive:
        raise ServerError(1542, "INTERVAL is either not positive or too big", "HY000")


def _schedule(thd: "Thd", st: A.EventStmt, preserve: bool) -> _Schedule:
    """Event_parse_data::check_parse_data for the clauses the statement has."""
    s = _Schedule()
    now = _now(thd)
    if st.at is not None:
        s.at = _datetime(thd, st.at, "AT")
        past = s.at < now
    elif st.every is not None:
        _interval(thd, *st.every)
        s.every = True
        s.starts = _datetime(thd, st.starts, "STARTS") if st.starts is not None else now
        s.ends = _datetime(thd, st.ends, "ENDS") if st.ends is not None else None
        if s.ends is not None and s.ends < s.starts:
            raise ServerError(1543, "ENDS is either invalid or before STARTS", "HY000")
        past = s.ends is not None and s.ends < now
    else:
        return s
    if past:  # check_if_in_the_past
        if not preserve:
            if st.verb == "ALTER":
                raise ServerError(1589, _CANNOT_ALTER_IN_THE_PAST, "HY000")
            thd.notes.append(Note("Note", 1588, _CANNOT_CREATE_IN_THE_PAST))
            s.do_not_create = True
        else:
            thd.notes.append(Note("Note", 1544, _EXEC_TIME_IN_THE_PAST))
            s.disabled = True
    return s


def _apply(ev: Event, st: A.EventStmt, s: _Schedule, thd: "Thd") -> None:
    if st.at is not None:
        ev.at, ev.every, ev.starts, ev.ends = s.at, False, None, None
    elif st.every is not None:
        ev.at, ev.every, ev.starts, ev.ends = None, True, s.starts, s.ends
    if st.preserve is not None:
        ev.preserve = st.preserve
    if st.status is not None:
        ev.status = st.status
    if s.disabled:
        ev.status = "DISABLED"
    if st.body_pos:
        ev.body = st.text[st.body_pos:]
        ev.sql_mode = thd.vars.get("sql_mode")
        ev.context = {n: thd.vars.get(n) for n in CREATION_CONTEXT}


def event_statement(thd: "Thd", st: A.EventStmt, db: str) -> OkPacket:
    events: dict[tuple[str, str], Event] = thd.server.events
    key = (db, st.name.lower())
    if st.verb == "DROP":
        from harness.model.query import add_to_binlog_accessed_dbs
        dropped = drop_event(thd, st, key)
        add_to_binlog_accessed_dbs(thd, db)
        thd.write_ddl(st.text, db=thd.db, xid=dropped, ddl=dropped)
        return OkPacket()
    if st.verb == "ALTER":
        return _alter(thd, st, db, key, events)
    return _create(thd, st, db, key, events)


def _create(thd: "Thd", st: A.EventStmt, db: str, key: tuple[str, str], events: dict[tuple[str, str], Event]) -> OkPacket:
    from harness.model.query import add_to_binlog_accessed_dbs
    s = _schedule(thd, st, bool(st.preserve))
    if not thd.catalog.has_db(db):
        raise error("ER_BAD_DB_ERROR", db)
    if s.do_not_create:
        return OkPacket()
    definer = st.definer or (thd.user, thd.definer_host)
    created = key not in events
    if not created:
        if not st.if_not_exists:
            raise exists_error(st.name)
        thd.notes.append(Note("Note", 1537, f"Event '{st.name}' already exists"))
    else:
        ev = events[key] = Event(definer, st.name)
        _apply(ev, st, s, thd)
    thd.stmt_log.read_time_zone()
    add_to_binlog_accessed_dbs(thd, db)
    thd.write_ddl(create_text(st, definer), db=thd.db, invoker=st.definer is None, xid=created, ddl=created)
    if created:
        _schedule_run(thd, key)
    return OkPacket()


def _alter(thd: "Thd", st: A.EventStmt, db: str, key: tuple[str, str], events: dict[tuple[str, str], Event]) -> OkPacket:
    from harness.model.query import add_to_binlog_accessed_dbs
    old = events.get(key)
    s = _schedule(thd, st, st.preserve if st.preserve is not None else bool(old and old.preserve))
    new_key = key
    if st.rename is not None:
        new_db = st.rename[0] or db
        if new_db == db and st.rename[1].lower() == key[1]:
            raise ServerError(1551, "Same old and new event name", "HY000")
        if not thd.catalog.has_db(new_db):
            raise error("ER_BAD_DB_ERROR", new_db)
        new_key = (new_db, st.rename[1].lower())
    if old is None:
        raise unknown_error(st.name)
    if new_key != key:
        if new_key in events:
            raise exists_error(st.rename[1] if st.rename else st.name)
        events[new_key] = events.pop(key)
        old.name = st.rename[1] if st.rename else old.name
    if st.definer is not None:
        old.definer = st.definer
    _apply(old, st, s, thd)
    if st.at is not None or st.every is not None:
        thd.stmt_log.read_time_zone()
    add_to_binlog_accessed_dbs(thd, db, new_key[0])
    thd.write_ddl(st.text, db=thd.db, invoker=st.definer is None, xid=True)
    _schedule_run(thd, new_key)
    return OkPacket()


def _due(ev: Event, now: dt.datetime) -> bool:
    """Event_queue_element::compute_next_execution_time gives execute_at <= now: an AT
    event not yet run whose time has come; an EVERY event whose STARTS is this very second
    (a STARTS before it schedules starts + n * interval, later than now)."""
    if ev.status != "ENABLED":
        return False
    if ev.at is not None:
        return ev.last_executed is None and ev.at <= now
    if ev.ends is not None and ev.ends < now:
        return False
    return ev.starts == now and ev.last_executed != now


def _schedule_run(thd: "Thd", key: tuple[str, str]) -> None:
    if not thd.server.flavor.ddl.event_scheduler_modelled:
        return
    ev = thd.server.events[key]
    if not _due(ev, _now(thd)):
        ev.pending = False
        return
    if not scheduler_on(thd):
        ev.pending = True  # the queue holds it; the scheduler runs it once started
        return
    _run_event(thd, key, _now(thd))


def scheduler_started(thd: "Thd") -> None:
    """SET GLOBAL event_scheduler = ON: the events that fell due meanwhile run."""
    if not scheduler_on(thd):
        return
    for key, ev in list(thd.server.events.items()):
        if ev.pending:
            _run_event(thd, key, _now(thd))


def _run_event(thd: "Thd", key: tuple[str, str], now: dt.datetime) -> None:
    """Event_worker_thread::run: a session of its own runs the body as a procedure
    (SQL SECURITY INVOKER under the definer), then a one-time event is dropped or disabled."""
    from harness.sql.handler.catalog import Routine
    server = thd.server
    ev = server.events[key]
    ev.pending = False
    ev.last_executed = now
    conn = next(server.event_thread_ids)
    # a session like the caller's (the dispatcher's Thd, not imported from this layer)
    worker = type(thd)(server, conn, user=ev.definer[0], host=ev.definer[1])
    worker.host = worker.definer_host = ev.definer[1]
    worker.vars.values.update(ev.context)
    worker.vars.values["sql_auto_is_null"] = 1  # pre_init_event_thread: OPTION_AUTO_IS_NULL
    worker.set_current_db(key[0])
    server.sessions[conn] = worker
    # the body, compiled as Event_job_data::construct_sp_sql does, under a name no client
    # can CALL (the server runs the sp_head it compiled, never looking it up)
    name = f"event\x1f{ev.name}"
    routine_key = (key[0], "PROCEDURE", name.lower())
    try:
        try:
            definition = worker.parse(f"CREATE PROCEDURE {quote(name)}() SQL SECURITY INVOKER {ev.body}")
        except Exception:  # noqa: BLE001 - an event whose body does not compile logs nothing
            return
        server.catalog.routines[routine_key] = Routine("PROCEDURE", name, definition, ev.sql_mode)  # type: ignore[arg-type]
        try:
            worker.execute(f"CALL {quote(name)}()")
        except ServerError:
            pass  # the error goes to the server's error log; what ran before it stays
        finally:
            del server.catalog.routines[routine_key]
        if ev.at is not None:
            if ev.preserve:
                ev.status = "DISABLED"
            else:
                # construct_drop_event_sql: no space before the qualified name
                worker.execute(f"DROP EVENT IF EXISTS{quote(key[0])}.{quote(ev.name)}")
    finally:
        try:
            worker.disconnect()
        finally:
            server.sessions.pop(conn, None)
