"""CREATE/ALTER/DROP EVENT: the Event Scheduler's DDL, and (MySQL) the scheduler's runs.

MariaDB 10.11 (events.cc Events::create_event / update_event / drop_event, observed on 10.11.19):

* Each commits the open transaction and is written as a statement of its own in every
  format.
* CREATE EVENT is logged rebuilt by ``create_query_string``: ``CREATE [OR REPLACE]
  DEFINER=`user`@`host` `` followed by the text from the word EVENT on; the definer is
  the current user when the statement names none. Its Query event carries
  Q_TIME_ZONE_CODE (the schedule is read in the session's time zone), Q_INVOKER (when
  the definer is the current user, none named), and
  Q_HRNOW when the schedule reads the current time (EVERY without STARTS, or NOW() in
  it). ALTER EVENT is logged as written with Q_INVOKER; DROP EVENT as written.
* CREATE EVENT of an existing event: 1537 (Note 1537 and Warning 1105 with IF NOT
  EXISTS, logged all the same); ALTER/DROP of a missing one: 1539 (DROP IF EXISTS: Note 1305 "Event e
  does not exist", logged); RENAME TO an existing name: 1537.
* With ``event_scheduler=OFF`` (the test profile's and the server's default) a created
  event never runs, and CREATE EVENT warns 1105 "Event scheduler is switched off". An
  event that runs is refused (SET GLOBAL event_scheduler=ON: 1235): what its body logs
  is not modelled.

MySQL 9.7 (``DdlLogging.event_ddl_in_dictionary``; 9.7.4 probed, docs/RULES-mysql-9.7.md):
the events live in the data dictionary, the schedule is checked (Event_parse_data), and
the scheduler, ON by default, runs an event that is due when it is created or altered
(``_run_event``, as Event_worker_thread::run).

The events live on the server (ServerState.events): (db, name in lower case) -> Event.
DROP DATABASE drops the database's events with it (not logged apart).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import Note, error
from harness.sql.stmt.event_data import Event, drop_event, exists_error, scheduler_on, unknown_error, create_text
from harness.sql.stmt.sql_result import OkPacket

if TYPE_CHECKING:
    from harness.sql.thd import Thd

_SCHEDULER_OFF = "Event scheduler is switched off, use SET GLOBAL event_scheduler=ON to enable it."


def event_statement(thd: "Thd", st: A.EventStmt) -> OkPacket:
    mysql = thd.server.flavor.ddl.event_ddl_in_dictionary
    if mysql and st.slave_word:
        # the parser's deprecation (sql_yacc.yy opt_ev_status: DISABLE ON SLAVE)
        thd.notes.append(Note("Warning", 1287, "'<CREATE|ALTER> EVENT ... DISABLE ON SLAVE' is deprecated and will "
                              "be removed in a future release. Please use <CREATE|ALTER> EVENT ... DISABLE ON "
                              "REPLICA instead"))
    thd.implicit_commit()
    db = st.db or thd.db
    if not db:
        raise error("ER_NO_DB_ERROR")
    if mysql:
        from harness.sql.stmt import sql_event_mysql as M
        return M.event_statement(thd, st, db)
    if not thd.catalog.has_db(db) and st.verb != "DROP":
        raise error("ER_BAD_DB_ERROR", db)
    events: dict[tuple[str, str], Event] = thd.server.events
    key = (db, st.name.lower())
    if st.verb == "DROP":
        drop_event(thd, st, key)
        thd.write_ddl(st.text, db=thd.db)
        return OkPacket()
    if st.verb == "ALTER":
        if key not in events:
            raise unknown_error(st.name)
        if st.rename is not None:
            new = (st.rename[0] or db, st.rename[1].lower())
            if new in events:
                raise exists_error(st.rename[1])
            events[new] = events.pop(key)
        thd.write_ddl(st.text, db=thd.db, invoker=True)
        return OkPacket()
    definer = st.definer or (thd.user, thd.definer_host)
    if key in events and not st.or_replace:
        if not st.if_not_exists:
            raise exists_error(st.name)
        thd.notes.append(Note("Note", 1537, f"Event '{st.name}' already exists"))
    else:
        events[key] = Event(definer, st.name)
    if not scheduler_on(thd):
        thd.notes.append(Note("Warning", 1105, _SCHEDULER_OFF))
    thd.stmt_log.read_time_zone()
    # Q_INVOKER only for the current user as the definer (as CREATE TRIGGER).
    thd.write_ddl(create_text(st, definer), db=thd.db, invoker=st.definer is None, hrnow=st.uses_now)
    return OkPacket()


def drop_database_events(thd: "Thd", db: str) -> None:
    """DROP DATABASE drops the database's events (Events::drop_schema_events)."""
    events: dict[tuple[str, str], Event] = thd.server.events
    for key in [k for k in events if k[0] == db]:
        del events[key]
