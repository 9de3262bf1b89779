"""Per-statement execution context: clock, RAND, auto-increment and user variables.

What a statement reads from its session is recorded here because statement-
format logging must carry it: the Intvar (INSERT_ID, LAST_INSERT_ID), Rand and
User_var events are built from this record.
"""

from __future__ import annotations

import datetime as dt
import time
import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from harness.sql.item.condition_row import ConditionRow
from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import Note, ServerError

if TYPE_CHECKING:
    from harness.sql.item.expr import Env, Scope
    from harness.sql.parse.stmtinfo import StatementInfo
    from harness.sql.thd import Thd

RAND_MAX = 0x3FFFFFFF


@dataclass
class RandState:
    """MySQL's my_rnd generator: two seeds, logged in a Rand event."""

    seed1: int
    seed2: int

    def next(self) -> float:
        self.seed1 = (self.seed1 * 3 + self.seed2) % RAND_MAX
        self.seed2 = (self.seed1 + self.seed2 + 33) % RAND_MAX
        return self.seed1 / RAND_MAX


class ExecContext:
    """Context shared by everything evaluated during one top-level statement."""

    def __init__(self, thd: "Thd", info: "StatementInfo") -> None:
        self.thd = thd
        self.info = info
        self.notes: list[Note] = thd.notes
        self.start = thd.stmt.start
        self.found_rows = 0
        # The rows an INSERT ... SELECT's query produced (SQL_CALC_FOUND_ROWS: before its LIMIT)
        self.insert_select_found: int | None = None
        self.duplicates = 0
        self.insert_values_row: list[Any] | None = None
        # Statement-format context to log (in order of first use).
        self.stmt_insert_id: int | None = None  # first auto-generated id (Intvar INSERT_ID)
        self.used_last_insert_id: int | None = None  # value read by LAST_INSERT_ID() (Intvar)
        self.rand_seeds: tuple[int, int] | None = None
        self.user_vars_read: dict[str, Any] = {}
        # SELECT/DO statements that changed data through stored functions are
        # logged as these calls (``SELECT `db`.`f`(args)``), one per call.
        self.function_calls: list[str] = []
        # DML sub-statements of stored functions that ran to their end (each called
        # binlog_query: MySQL's binlog_evt_union.unioned_events)
        self.sub_dml_runs = 0
        # While a trigger or stored function runs a sub-statement: its NEW/OLD and
        # local variables, for the sub-statement's expressions (routines.py).
        self.outer_env: Env | None = None
        self.outer_scope: Scope | None = None
        # How the running trigger/function sub-statement runs (routines.py _shape).
        self.sub_statement_shape = ""
        # The tables in use by the invoking statement and each enclosing routine
        # statement (routines.py: a sub-statement may not change them, 1442).
        self.tables_in_use: list[set[int]] | None = None
        # (table, column) pairs already warned 1364 "doesn't have a default value":
        # one warning per missing column per statement, however many rows; on MySQL also
        # (table, 1048, column) for an INSERT's 1048 (Field::m_warnings_pushed).
        self.warned_no_default: set[tuple[Any, ...]] = set()
        # id(table) -> its 1364 conditions, repeated for each row (a table with nullable
        # trigger fields; harness/sql/stmt/sql_insert.py _check_all_fields_given).
        self.no_default_per_row: dict[int, list[Any]] = {}
        # RAND(seed): the generator the first seeded call of the statement created.
        self._seeded: RandState | None = None
        # MySQL's row counter as the statement's scalar subqueries reset it (condition_row.py)
        self.condition_row = ConditionRow(lambda q: correlated(thd, q))

    # -- variables

    def fix_statement_user_vars(self) -> None:
        """The statement's @var references no row evaluated still go to the
        statement-format context (Item_func_get_user_var::fix_fields logs them),
        after the ones read while executing, with their value now. MySQL logs only
        the ones evaluated (EventStyle.user_vars_logged_when_fixed)."""
        if not self.thd.server.flavor.events.user_vars_logged_when_fixed:
            return
        for name in self.info.user_vars_fixed:
            if name not in self.user_vars_read:
                self.user_vars_read[name] = self.thd.user_vars.get(name)

    def get_user_var(self, name: str) -> Any:
        if name not in self.user_vars_read:
            self.user_vars_read[name] = self.thd.user_vars.get(name)
        return self.thd.user_vars.get(name)

    def set_user_var(self, name: str, value: Any) -> None:
        self.thd.set_user_var(name, value)

    def get_sysvar(self, name: str, scope: str) -> Any:
        return self.thd.get_sysvar(name, scope)

    def division_by_zero(self) -> None:
        """Item_func::signal_divide_by_null: NULL, and 1365 only under
        ERROR_FOR_DIVISION_BY_ZERO (not in '' or a plain STRICT_ALL_TABLES; observed)."""
        from harness.sql.sql_errors import note
        if "ERROR_FOR_DIVISION_BY_ZERO" in str(self.thd.vars.get("sql_mode") or ""):
            self.notes.append(note("Warning", "ER_DIVISION_BY_ZERO"))

    # -- auto-increment

    def note_auto_increment(self, value: int) -> None:
        if self.stmt_insert_id is None:
            self.stmt_insert_id = value
        self.thd.note_insert_id(value)

    # -- sub-queries and stored functions

    def run_subquery(self, q: Any, scope: "Scope", env: "Env", info: Any) -> list[list[Any]]:
        from harness.sql.stmt.executor import Executor
        return Executor(self.thd, self, self.info).select(q, scope, env).rows

    def scalar_subquery_ran(self, q: Any, rows: int) -> None:
        """A scalar subquery reading a table was executed (Query_expression::ExecuteIteratorQuery):
        on MySQL it resets the statement's row counter (SqlDialect.subquery_resets_row_counter)."""
        if self.thd.server.flavor.sql.subquery_resets_row_counter:
            self.condition_row.subquery_sent(q, rows)

    def call_function(self, name: str, args: list[Any]) -> Any:
        return self.thd.call_stored_function(name, args, self)

    # -- functions that read the session or the clock

    def _now(self) -> dt.datetime:
        return self.start.replace(microsecond=0)

    def _local_clock(self, sec_part: bool) -> None:
        """Item_func_now_local & co convert the query start with the session time zone
        (thd->time_zone_used) and NOW()/CURTIME() read its microseconds (query_start_sec_part)."""
        self.thd.stmt_log.read_time_zone()
        if sec_part:
            self.thd.stmt_log.hrnow_used = True

    def _reads_usec(self, fsp: Any) -> bool:
        """MariaDB's query_start_sec_part() marks the microseconds read for any precision;
        MySQL's THD::query_start_timeval_trunc only for a fractional one (SysvarProfile)."""
        if not self.thd.server.sysvars.start_usec_only_with_fsp:
            return True
        try:
            return int(fsp or 0) > 0
        except (TypeError, ValueError):
            return True

    def fn_now(self, fsp: Any = 0) -> dt.datetime:
        self._local_clock(self._reads_usec(fsp))
        return self._now()

    def fn_utc_timestamp(self, fsp: Any = 0) -> dt.datetime:
        if self._reads_usec(fsp):
            self.thd.stmt_log.hrnow_used = True
        return self._now()

    def fn_sysdate(self, fsp: Any = 0) -> dt.datetime:
        return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)

    def fn_curdate(self) -> dt.date:
        self._local_clock(False)
        return self.start.date()

    def fn_curtime(self, fsp: Any = 0) -> dt.timedelta:
        self._local_clock(self._reads_usec(fsp))
        s = self.start
        return dt.timedelta(hours=s.hour, minutes=s.minute, seconds=s.second)

    def fn_unix_timestamp(self, value: Any = None) -> Any:
        if value is None:
            return int(self.thd.stmt.timestamp)
        import calendar
        from harness.sql.item.column_types import parse_temporal
        from harness.sql.item.column_types import value_to_string
        p = parse_temporal(value_to_string(value))
        if p is None:
            return None
        secs = calendar.timegm((p.year, p.month, p.day, p.hour, p.minute, p.second, 0, 0, 0))
        hi = self.max_unixtime
        return None if hi is not None and secs > hi else secs  # past TIMESTAMP's range: NULL (11.8, probed)

    @property
    def max_unixtime(self) -> int | None:
        """The largest UNIX_TIMESTAMP / FROM_UNIXTIME value where the flavour widens
        TIMESTAMP (SysvarProfile.timestamp_max: 11.8's 4294967295), else None."""
        import calendar
        hi = self.thd.server.sysvars.timestamp_max
        return None if hi is None else calendar.timegm(hi.timetuple())

    def fn_rand(self, seed: Any = None) -> float:
        if seed is not None:
            s = int(seed)
            st = RandState((s * 0x10001 + 55555555) % RAND_MAX, (s * 0x10000001) % RAND_MAX)
            self._seeded = self._seeded or st
            return self._seeded.next()
        self.save_rand_seeds()
        return self.thd.rand.next()

    def save_rand_seeds(self) -> None:
        """The seeds the statement's RAND event carries: the session's, before the first RAND()."""
        if self.rand_seeds is None:
            rs = self.thd.rand
            self.rand_seeds = (rs.seed1, rs.seed2)

    def fn_uuid(self) -> str:
        return str(uuid.uuid1())

    def fn_uuid_short(self) -> int:
        return (self.thd.server.config.server_id & 255) << 56 | int(time.time()) << 24 | self.thd.server.next_uuid_short()

    def fn_last_insert_id(self, *args: Any) -> Any:
        if args:
            value = args[0]
            v = int(value) if value is not None else 0
            # Item_func_last_insert_id: the argument becomes what LAST_INSERT_ID()
            # returns from now on (first_successful_insert_id_in_prev_stmt); a NULL
            # argument stores its val_int(), 0, and the call itself is NULL.
            self.thd.set_last_insert_id(v)
            return v if value is not None else None
        v = self.thd.first_insert_id_prev_stmt
        if self.used_last_insert_id is None:
            self.used_last_insert_id = v
        return v

    def fn_connection_id(self) -> int:
        # thd->thread_specific_used: the replica must evaluate it with the pseudo thread id
        # (LOG_EVENT_THREAD_SPECIFIC_F on the Query event, observed).
        self.thd.stmt_log.thread_specific = True
        return self.thd.connection_id

    def fn_database(self) -> str | None:
        return self.thd.db

    def fn_user(self) -> str:
        return f"{self.thd.user}@{self.thd.host}"

    def fn_current_user(self) -> str:
        return f"{self.thd.user}@{self.thd.definer_host}"

    def fn_version(self) -> str:
        return self.thd.server.version

    def fn_found_rows(self) -> int:
        return self.thd.last_found_rows

    def fn_row_count(self) -> int:
        return self.thd.last_row_count

    def fn_sleep(self, seconds: Any) -> int:
        # SLEEP(NULL) and a negative duration return 0 at once (Item_func_sleep); the
        # session sleeps without the engine mutex, so other sessions run meanwhile.
        secs = 0.0 if seconds is None else float(seconds)
        if secs > 0:
            self.thd.server.lock_sys.sleep(min(secs, 5.0))
        return 0

    def fn_get_lock(self, name: Any, timeout: Any = 0) -> int:
        return self.thd.server.user_locks.acquire(str(name), self.thd.connection_id)

    def fn_release_lock(self, name: Any) -> Any:
        return self.thd.server.user_locks.release(str(name), self.thd.connection_id)

    def fn_release_all_locks(self) -> int:
        return self.thd.server.user_locks.release_all(self.thd.connection_id)

    def fn_is_free_lock(self, name: Any) -> int:
        return int(self.thd.server.user_locks.owner(str(name)) is None)

    def fn_is_used_lock(self, name: Any) -> Any:
        return self.thd.server.user_locks.owner(str(name))

    def fn_load_file(self, name: Any) -> bytes | None:
        """Item_load_file: the server's file as a binary string; NULL when it is missing, not
        readable by all, outside @@secure_file_priv or bigger than max_allowed_packet (with
        1301). A relative name is read from the data directory. (The statement is unsafe
        for statement logging: decide.py's system-function list.)"""
        import os
        from pathlib import Path
        if name is None:
            return None
        text = name.decode("utf-8", "surrogateescape") if isinstance(name, bytes) else str(name)
        g = self.thd.vars.globals.values
        path = Path(text) if os.path.isabs(text) else Path(str(g.get("datadir") or ".")) / text
        priv = str(g.get("secure_file_priv") or "")
        if priv and not os.path.realpath(path).startswith(os.path.realpath(priv).rstrip("/") + "/"):
            return None
        try:
            st = path.stat()
        except OSError:
            return None
        if not path.is_file() or not st.st_mode & 0o004:
            return None
        limit = int(self.thd.vars.values.get("max_allowed_packet") or 16777216)
        if st.st_size > limit:
            self.notes.append(Note("Warning", 1301, f"Result of load_file() was larger than max_allowed_packet "
                                                   f"({limit}) - truncated"))
            return None
        try:
            return path.read_bytes()
        except OSError:
            return None

    def fn_master_pos_wait(self, *args: Any) -> None:
        return None

    def fn_binlog_gtid_pos(self, name: Any, pos: Any) -> str | None:
        """BINLOG_GTID_POS(file, pos): the GTID position a replica starting at that binlog
        position has (mariadb-dump --master-data --gtid reads it; stmt/status_vars.py)."""
        from harness.sql.stmt.status_vars import binlog_gtid_pos
        if name is None or pos is None:
            return None
        if isinstance(name, bytes):
            name = name.decode("utf-8", "replace")
        return binlog_gtid_pos(self.thd.server.binlog, str(name), int(pos))



__all__ = ["ExecContext", "RandState", "ServerError"]


def correlated(thd: "Thd", q: Any) -> bool:
    """Whether subquery ``q`` names a column of an outer query: a qualifier none of its own
    tables (at any depth) has, or a bare name none of their columns or its aliases is.
    A table that cannot be opened counts as having every column (not correlated)."""
    aliases: set[str] = set()
    columns: set[str] = set()
    refs: list[Any] = []
    unknown = False
    seen: set[int] = set()
    stack: list[Any] = [q]
    while stack:
        x = stack.pop()
        if isinstance(x, (list, tuple)):
            stack.extend(x)
            continue
        if not hasattr(x, "__dataclass_fields__") or id(x) in seen:
            continue
        seen.add(id(x))
        if isinstance(x, A.ColumnRef):
            refs.append(x)
        elif isinstance(x, A.SelectItem) and getattr(x, "alias", None):
            columns.add(str(x.alias).lower())
        elif isinstance(x, A.TableRef):
            aliases.update(n.lower() for n in (x.ref_name, x.table.name) if n)
            if x.derived is None:
                try:
                    columns.update(c.name.lower() for c in thd.open_table(x.table).columns)
                except ServerError:
                    unknown = True
        stack.extend(getattr(x, f, None) for f in x.__dataclass_fields__)
    for r in refs:
        if r.table is not None and r.table.lower() not in aliases:
            return True
        if r.table is None and r.name.lower() not in columns and not unknown:
            return True
    return False
