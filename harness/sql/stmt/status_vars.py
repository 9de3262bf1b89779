"""Global and session status variables (the server's ``status_vars[]`` in mysqld.cc and
``SHOW STATUS``), with the values that move as the server works.

Tools throttle and report on these: pt-table-checksum reads ``Threads_running`` (and
stops when it has none), ``mariadb-admin status`` / ``extended-status`` print
``Uptime``, ``Threads_connected``, ``Questions``, ``Com_*``, and mariadb-dump
``--single-transaction --master-data`` reads ``Binlog_snapshot_file`` /
``Binlog_snapshot_position`` so that it need not take the global read lock. The
counters the binary log keeps (``Binlog_cache_use`` ...) stay in ``ServerState.status``;
this module adds the ones derived from the sessions and the statements.
"""

from __future__ import annotations

import threading
import time
import weakref
from collections import Counter
from typing import TYPE_CHECKING, Any

from harness.sql.parse import parse_tree as A

if TYPE_CHECKING:
    from harness.sql.thd import Thd

#: parse-tree class -> the Com_ counter it moves (SQLCOM_* names as SHOW STATUS lists them).
_COM_NAMES: dict[type, str] = {
    A.Select: "select", A.Insert: "insert", A.Update: "update", A.Delete: "delete", A.LoadData: "load",
    A.Truncate: "truncate", A.CreateTable: "create_table", A.DropTable: "drop_table",
    A.AlterTable: "alter_table", A.CreateIndex: "create_index", A.DropIndex: "drop_index",
    A.RenameTable: "rename_table", A.CreateDatabase: "create_db", A.DropDatabase: "drop_db",
    A.Begin: "begin", A.Commit: "commit", A.Rollback: "rollback", A.Savepoint: "savepoint",
    A.ReleaseSavepoint: "release_savepoint", A.Set: "set_option", A.SetNames: "set_option",
    A.SetTransaction: "set_option", A.Use: "change_db", A.LockTables: "lock_tables",
    A.UnlockTables: "unlock_tables", A.Flush: "flush", A.FlushReadLock: "flush",
    A.FlushBinaryLogs: "flush", A.ResetMaster: "reset", A.PurgeBinaryLogs: "purge", A.Do: "do",
    A.Call: "call_procedure", A.CreateTrigger: "create_trigger", A.CreateView: "create_view",
    A.DropView: "drop_view", A.XaStart: "xa_start", A.XaEnd: "xa_end", A.XaPrepare: "xa_prepare",
    A.XaCommit: "xa_commit", A.XaRollback: "xa_rollback", A.XaRecover: "xa_recover",
    A.TableMaintenance: "check",
}

#: SHOW what -> Com_show_*.
_SHOW_NAMES = {"BINLOG_EVENTS": "binlog_events", "BINARY_LOGS": "binary_logs", "MASTER_STATUS": "master_status",
               "WARNINGS": "warnings", "ERRORS": "errors", "TABLES": "tables", "DATABASES": "databases",
               "PROCESSLIST": "processlist", "VARIABLES": "variables", "STATUS": "status",
               "CREATE_TABLE": "create_table", "COLUMNS": "fields", "INDEX": "keys",
               "TABLE_STATUS": "table_status", "CREATE_DATABASE": "create_db", "TRIGGERS": "triggers",
               "ENGINES": "storage_engines", "COLLATION": "collations", "SLAVE_STATUS": "slave_status"}

#: every Com_ counter listed, moved or not (SHOW STATUS lists them all from the start).
_ALL_COMS = sorted(set(_COM_NAMES.values()) | {"show_" + s for s in _SHOW_NAMES.values()}
                   | {"replace", "insert_select", "replace_select", "update_multi", "delete_multi",
                      "stmt_prepare", "stmt_execute", "stmt_close", "rollback_to_savepoint", "empty_query"})


class StatusCounters:
    """What SHOW STATUS counts beyond the binary log: connections, statements, uptime."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.flushed = self.started
        self.connections = 0
        self.max_used = 0
        self.questions = 0
        self.com: Counter[str] = Counter()
        self._mutex = threading.Lock()
        #: START TRANSACTION WITH CONSISTENT SNAPSHOT: the binlog file and position it saw
        self.snapshots: "weakref.WeakKeyDictionary[Thd, tuple[str, int]]" = weakref.WeakKeyDictionary()

    def connected(self, sessions: int) -> None:
        with self._mutex:
            self.connections += 1
            self.max_used = max(self.max_used, sessions)

    def statement(self, stmt: A.Statement) -> None:
        """A statement of a client: Questions, Queries and its Com_ counter."""
        name = com_name(stmt)
        with self._mutex:
            self.questions += 1
            if name:
                self.com[name] += 1

    def flush_status(self) -> None:
        self.flushed = time.monotonic()
        self.com.clear()


def com_name(stmt: A.Statement) -> str | None:
    if isinstance(stmt, A.Show):
        return "show_" + _SHOW_NAMES.get(stmt.what, stmt.what.lower())
    if isinstance(stmt, A.Insert):
        base = "replace" if getattr(stmt, "replace", False) else "insert"
        return base + ("_select" if getattr(stmt, "select", None) is not None else "")
    if isinstance(stmt, A.Empty):
        return "empty_query"
    return _COM_NAMES.get(type(stmt))


def note_snapshot(thd: "Thd") -> None:
    """START TRANSACTION WITH CONSISTENT SNAPSHOT: the binlog position it is consistent with."""
    name, pos = thd.server.binlog.current()
    thd.server.counters.snapshots[thd] = (str(name), int(pos))


def status_rows(thd: "Thd", scope: str) -> list[list[Any]]:
    """SHOW [GLOBAL | SESSION] STATUS's rows, sorted by name as the server sorts them."""
    server = thd.server
    c = server.counters
    now = time.monotonic()
    values: dict[str, Any] = {k: v for k, v in server.status.items()}
    running = sum(1 for s in list(server.sessions.values()) if s.command == "Query")
    file, pos = c.snapshots.get(thd) or server.binlog.current() if thd.trx.active else server.binlog.current()
    values.update({
        "Uptime": max(1, int(now - c.started)), "Uptime_since_flush_status": max(1, int(now - c.flushed)),
        "Threads_connected": len(server.sessions), "Threads_running": max(running, 1),
        "Threads_created": c.connections, "Threads_cached": 0, "Connections": c.connections,
        "Max_used_connections": max(c.max_used, len(server.sessions)), "Questions": c.questions,
        "Queries": c.questions, "Slow_queries": 0, "Aborted_clients": 0, "Aborted_connects": 0,
        "Open_tables": sum(len(t) for t in server.catalog.databases.values()),
        "Opened_tables": sum(len(t) for t in server.catalog.databases.values()),
        "Binlog_snapshot_file": file, "Binlog_snapshot_position": pos,
        "Binlog_commits": server.status.get("Binlog_cache_use", 0), "Innodb_buffer_pool_pages_free": 8000,
        "Innodb_row_lock_current_waits": sum(1 for s in server.sessions.values() if s.command_state),
        "Slave_running": "OFF", "Slaves_connected": 0,
    })
    for name in _ALL_COMS:
        values["Com_" + name] = c.com.get(name, 0)
    if scope != "global":
        values["Threads_running"] = values["Threads_running"]
    return [[k, str(v)] for k, v in sorted(values.items(), key=lambda kv: kv[0].lower())]


def statistics_text(thd: "Thd") -> str:
    """COM_STATISTICS (mariadb-admin status): the server's one-line summary."""
    rows = dict((r[0], r[1]) for r in status_rows(thd, "global"))
    uptime = int(rows["Uptime"])
    return (f"Uptime: {uptime}  Threads: {rows['Threads_connected']}  Questions: {rows['Questions']}  "
            f"Slow queries: 0  Opens: {rows['Opened_tables']}  Open tables: {rows['Open_tables']}  "
            f"Queries per second avg: {int(rows['Questions']) / uptime:.3f}")


def binlog_gtid_pos(binlog: Any, name: str, pos: int) -> str | None:
    """The GTID state at ``pos`` of binlog file ``name``: its Gtid_list plus the GTIDs of
    the groups that start before ``pos``, the last one of each domain (NULL for a file
    the server does not have or a position past its end)."""
    from harness.binlog.gtid import GtidEvent, GtidListEvent
    from harness.binlog.reader import read_binlog_file
    name = name.rsplit("/", 1)[-1]
    if name not in binlog.files or pos < 4:
        return None
    path = binlog.dir / name
    if pos > path.stat().st_size:
        return None
    state: dict[int, int | tuple[int, int]] = {}
    for ev in read_binlog_file(path, verify_checksum=False):
        start = ev.header.log_pos - ev.header.event_size
        if start >= pos:
            break
        if isinstance(ev, GtidListEvent):
            for g in ev.gtids:
                state[g.domain_id] = (g.server_id, g.seq_no)
        elif isinstance(ev, GtidEvent):
            state[ev.domain_id] = (ev.header.server_id, ev.seq_no)
    return ",".join(f"{d}-{v[0]}-{v[1]}" for d, v in state.items() if isinstance(v, tuple))


#: mysql.general_log and mysql.slow_log: mariadb-dump --all-databases always dumps their
#: structure (CREATE TABLE IF NOT EXISTS); empty here, as with log_output=FILE.
_LOG_TABLES = (
    "CREATE TABLE general_log (event_time timestamp(6) NOT NULL, user_host mediumtext NOT NULL, "
    "thread_id bigint(21) unsigned NOT NULL, server_id int(10) unsigned NOT NULL, "
    "command_type varchar(64) NOT NULL, argument mediumtext NOT NULL)",
    "CREATE TABLE slow_log (start_time timestamp(6) NOT NULL, user_host mediumtext NOT NULL, "
    "query_time time(6) NOT NULL, lock_time time(6) NOT NULL, rows_sent bigint(20) unsigned NOT NULL, "
    "rows_examined bigint(20) unsigned NOT NULL, db varchar(512) NOT NULL, last_insert_id int(11) NOT NULL, "
    "insert_id int(11) NOT NULL, server_id int(10) unsigned NOT NULL, sql_text mediumtext NOT NULL, "
    "thread_id bigint(21) unsigned NOT NULL, rows_affected bigint(20) unsigned NOT NULL)",
)


def create_log_tables(server: Any) -> None:
    from harness.sql.handler.catalog import build_table
    from harness.sql.handler.storage import Engine
    from harness.sql.parse.parser import parse
    csv = Engine("CSV", transactional=False)
    for text in _LOG_TABLES:
        ct = parse(text)
        t = build_table("mysql", ct, False)  # type: ignore[arg-type]
        t.engine = csv
        t.options["COMMENT"] = "General log" if t.name == "general_log" else "Slow log"
        server.catalog.add_table(t)
