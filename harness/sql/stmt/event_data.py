"""An event as the data dictionary keeps it (sql/event_data_objects.h: Event_queue_element,
Event_timed), and what the event DDL of both families shares (stmt/sql_event.py,
stmt/sql_event_mysql.py)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import Note, ServerError

if TYPE_CHECKING:
    from harness.sql.thd import Thd

# The creator's context the event's body runs in (Event_creation_ctx: client character set,
# connection collation) and the time zone its schedule was read in.
CREATION_CONTEXT = ("character_set_client", "character_set_connection", "collation_connection", "time_zone")


@dataclass
class Event:
    """An event as the data dictionary keeps it (dd::Event), what the model needs of it."""

    definer: tuple[str, str]
    name: str = ""
    at: dt.datetime | None = None  # ON SCHEDULE AT (one-time)
    every: bool = False  # ON SCHEDULE EVERY (recurring)
    starts: dt.datetime | None = None  # EVERY's STARTS: the creation time when not written
    ends: dt.datetime | None = None
    preserve: bool = False  # ON COMPLETION PRESERVE
    status: str = "ENABLED"  # ENABLED | DISABLED | SLAVESIDE_DISABLED
    body: str = ""
    sql_mode: str = ""
    context: dict[str, Any] = field(default_factory=dict)
    last_executed: dt.datetime | None = None
    # due while the scheduler was off: it runs when the scheduler starts
    pending: bool = False


def quote(name: str) -> str:
    return "`" + name.replace("`", "``") + "`"


def exists_error(name: str) -> ServerError:
    return ServerError(1537, f"Event '{name}' already exists", "HY000")


def unknown_error(name: str) -> ServerError:
    return ServerError(1539, f"Unknown event '{name}'", "HY000")


def drop_event(thd: "Thd", st: A.EventStmt, key: tuple[str, str]) -> bool:
    """DROP EVENT [IF EXISTS]: 1539 for a missing event, or the 1305 note under IF EXISTS;
    whether an event was dropped (both kinds' Events::drop_event)."""
    if key not in thd.server.events:
        if not st.if_exists:
            raise unknown_error(st.name)
        thd.notes.append(Note("Note", 1305, f"Event {st.name} does not exist"))
    return thd.server.events.pop(key, None) is not None


def scheduler_on(thd: "Thd") -> bool:
    return str(thd.server.global_vars.values.get("event_scheduler", "OFF")).upper() == "ON"


def create_text(st: A.EventStmt, definer: tuple[str, str]) -> str:
    """events.cc create_query_string: CREATE, the definer, then the text from the word EVENT on."""
    return ("CREATE " + ("OR REPLACE " if st.or_replace else "")
            + f"DEFINER={quote(definer[0])}@{quote(definer[1])} " + st.text[st.event_pos:])
