"""Run workload cases against one server and collect what they produced.

Both sides of a run go through this module, so it sends only SQL that the
reimplementation supports too (see docs/WORKLOADS.md, "What the runner
sends").  A case never aborts on an unexpected statement result – that
result *is* the data – and whatever was collected before an infrastructure
failure is written out together with the reason.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from harness.providers.base import ProviderError, ServerHandle, ServerProvider, ServerSettings
from harness.workload.model import SETUP_CONNECTION, Case

if TYPE_CHECKING:
    from harness.kinds import ServerKind

Progress = Callable[[str], None]

TEST_DB = "test"
OUTCOME_FILE = "outcome.json"
# Client-side errors (CR_*, 2000-2999) mean the connection, not the statement, failed.
_CLIENT_ERRORS = range(2000, 3000)


class CaseAborted(RuntimeError):
    """The case could not run to the end (server or connection lost).

    Carries the outcome of the statement that hit it, so it is recorded too.
    """

    def __init__(self, message: str, statement: "StatementOutcome | None" = None) -> None:
        super().__init__(message)
        self.statement = statement


@dataclass
class StatementOutcome:
    """What one statement did, next to what the workload expected."""

    index: int
    phase: str  # "setup" or "step"
    connection: str
    sql: str
    line: int
    expected_error: int | None
    error_code: int | None = None
    error_message: str | None = None
    sqlstate: str | None = None
    warnings: list[list[Any]] = field(default_factory=list)  # [level, code, message]
    rows: list[list[str | None]] | None = None  # only for statements returning a result set
    seconds: float = 0.0
    # A sent statement a ``wait_blocked`` step waited for: True when it was still
    # running (blocked in the server), False when it had already returned;
    # None for statements nobody waited on.
    blocked: bool | None = None

    @property
    def ok(self) -> bool:
        # A statement the workload said would block but that returned at once
        # did not run the interleaving the case describes.
        return self.error_code == self.expected_error and self.blocked is not False

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["ok"] = self.ok
        return d


@dataclass
class CaseOutcome:
    """Everything one case × format × side produced.

    ``status`` is ``ok`` (every statement as expected), ``unexpected`` (ran
    to the end, some statement result differed from the workload's
    expectation) or ``failed`` (could not run to the end; see ``error``).
    """

    case: str
    format: str
    side: str
    status: str = "failed"
    error: str | None = None
    statements: list[StatementOutcome] = field(default_factory=list)
    tables: dict[str, dict[str, Any]] = field(default_factory=dict)
    binlog_files: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    dest_dir: Path | None = None

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    @property
    def failed(self) -> bool:
        return self.status == "failed"

    def to_json(self) -> dict[str, Any]:
        return {
            "case": self.case,
            "format": self.format,
            "side": self.side,
            "status": self.status,
            "error": self.error,
            "statements": [s.to_json() for s in self.statements],
            "tables": self.tables,
            "binlog_files": self.binlog_files,
            "timings": self.timings,
            "notes": self.notes,
        }

    def write(self, dest_dir: Path) -> Path:
        dest_dir.mkdir(parents=True, exist_ok=True)
        path = dest_dir / OUTCOME_FILE
        tmp = path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n")
        tmp.replace(path)
        return path


# -- values --------------------------------------------------------------------


def canonical_value(value: Any) -> str | None:
    """The text-protocol value as the server sent it (``NULL`` → ``None``).

    Cursors run with ``raw=True`` so no Python type conversion can make two
    different server answers look equal; bytes that are not UTF-8 are shown
    as ``0x<hex>``.
    """
    if value is None:
        return None
    if isinstance(value, (bytes, bytearray)):
        try:
            return bytes(value).decode("utf-8")
        except UnicodeDecodeError:
            return "0x" + bytes(value).hex()
    return str(value)


def sort_rows(rows: Sequence[Sequence[str | None]]) -> list[list[str | None]]:
    """Rows in the order of their canonical JSON (engines return them in any order)."""
    return sorted((list(r) for r in rows), key=lambda r: json.dumps(r, ensure_ascii=False))


def _quote_ident(name: str) -> str:
    return "`" + name.replace("`", "``") + "`"


# -- SQL helpers ---------------------------------------------------------------


def _flush_innodb_log(conn: Any) -> None:
    """Make InnoDB's redo log durable before RESET MASTER, which waits until InnoDB
    reports a binlog checkpoint; InnoDB reports it once its log is durably flushed up
    to the request, and under ``innodb_flush_log_at_trx_commit=2`` (the test servers'
    setting) that is the background flush about once a second: 85-240 ms per case,
    measured, then 1-2 ms after this. ``FLUSH ENGINE LOGS`` flushes durably only under
    ``=1``, so the setting is 1 for that one statement and then what it was; none of
    the three is binlogged, and the case's sessions never see the change."""
    rows, _ = _execute(conn, "SELECT @@GLOBAL.innodb_flush_log_at_trx_commit")
    old = str(rows[0][0]) if rows else ""
    if not old.isdigit():
        return
    if old != "1":
        _execute(conn, "SET GLOBAL innodb_flush_log_at_trx_commit = 1")
    try:
        _execute(conn, "FLUSH NO_WRITE_TO_BINLOG ENGINE LOGS")
    finally:
        if old != "1":
            _execute(conn, f"SET GLOBAL innodb_flush_log_at_trx_commit = {old}")


def _execute(conn: Any, sql: str) -> tuple[list[list[str | None]] | None, list[str]]:
    """Run ``sql``; return (rows or None, column names). Raises mysql.connector.Error."""
    cur = conn.cursor(raw=True)
    try:
        cur.execute(sql)
        if cur.with_rows:
            rows = [[canonical_value(v) for v in row] for row in cur.fetchall()]
            cols = [canonical_value(d[0]) or "" for d in (cur.description or [])]
            return rows, cols
        return None, []
    finally:
        try:
            cur.close()
        except Exception:  # noqa: BLE001 - a broken connection is reported by execute
            pass


def _execute_prepared(conn: Any, sql: str, params: tuple[Any, ...]) -> list[list[str | None]] | None:
    """Run ``sql`` as a server-side prepared statement (COM_STMT_PREPARE + EXECUTE with
    binary parameters): a workload's ``prepared [...]`` step. The binary rows come back
    as Python values (the prepared cursor has no raw mode); both sides go through the
    same conversion, so equal server answers give equal text."""
    cur = conn.cursor(prepared=True)
    try:
        cur.execute(sql, params)
        if cur.with_rows:
            return [[canonical_value(v) for v in row] for row in cur.fetchall()]
        return None
    finally:
        try:
            cur.close()
        except Exception:  # noqa: BLE001 - a broken connection is reported by execute
            pass


def _warnings(conn: Any) -> list[list[Any]]:
    rows, _ = _execute(conn, "SHOW WARNINGS")
    out: list[list[Any]] = []
    for level, code, message in rows or []:
        out.append([level, int(code) if code is not None else None, message])
    return out


def _session_setup(conn: Any, binlog_format: str, settings: list[tuple[str, str]],
                   kind: "ServerKind | None" = None) -> None:
    """The runner's SET SESSION statements of a case connection; a setting goes out under
    the name the server's kind has (``tx_isolation`` -> ``transaction_isolation`` on MySQL)."""
    _execute(conn, f"SET SESSION binlog_format = '{binlog_format}'")
    for var, value in settings:
        name = kind.session_variable(var) if kind is not None else var
        _execute(conn, f"SET SESSION {name} = {value}")


def _processlist_ids(admin: Any) -> set[int]:
    rows, _ = _execute(admin, "SHOW PROCESSLIST")
    ids: set[int] = set()
    for row in rows or []:
        try:
            ids.add(int(row[0] or 0))
        except (TypeError, ValueError):
            continue
    return ids


# -- one case ------------------------------------------------------------------


def run_case(
    handle: ServerHandle,
    case: Case,
    binlog_format: str,
    dest_dir: Path,
    progress: Progress | None = None,
    *,
    side: str = "",
    statement_timeout: float = 60.0,
    disconnect_timeout: float = 10.0,
) -> CaseOutcome:
    """Run ``case`` in ``binlog_format`` on ``handle``; write ``dest_dir/outcome.json``.

    Returns the outcome; never raises for a failure inside the case (it is
    recorded as ``status="failed"`` with the reason), only for Ctrl-C, after
    writing what was collected.
    """
    import mysql.connector

    dest_dir = Path(dest_dir)
    dest_dir.mkdir(parents=True, exist_ok=True)
    outcome = CaseOutcome(case=case.name, format=binlog_format, side=side, dest_dir=dest_dir)
    t_start = time.monotonic()
    run = _CaseRun(handle, case, binlog_format, outcome, dest_dir, progress, statement_timeout, disconnect_timeout)
    phase = "connect"
    try:
        t = time.monotonic()
        for name, timing, do in run.phases():
            phase = name  # what a failure below is reported in
            do()
            now = time.monotonic()
            outcome.timings[timing] = round(now - t, 4)
            t = now
        outcome.status = "ok" if all(s.ok for s in outcome.statements) else "unexpected"
    except KeyboardInterrupt:
        outcome.status = "failed"
        outcome.error = f"interrupted during {phase}"
        _salvage(handle, outcome, dest_dir, run.conns)
        _finish(outcome, run.admin, t_start, dest_dir)
        raise
    except (mysql.connector.Error, ProviderError, CaseAborted, OSError) as exc:
        outcome.status = "failed"
        outcome.error = f"{phase}: {_describe(exc)}"
        if isinstance(exc, CaseAborted) and exc.statement is not None:
            outcome.statements.append(exc.statement)
        if _server_gone(handle):
            outcome.error += f"; server is not running; log tail:\n{handle.log_tail(15)}"
        _salvage(handle, outcome, dest_dir, run.conns)
    except Exception as exc:  # noqa: BLE001 - a harness bug must not lose the data either
        outcome.status = "failed"
        outcome.error = f"{phase}: internal error {type(exc).__name__}: {exc}"
        _salvage(handle, outcome, dest_dir, run.conns)
    _finish(outcome, run.admin, t_start, dest_dir)
    return outcome


class _CaseRun:
    """The phases of one case on one server, in order; run_case times them and turns a
    failure in any of them into the outcome's error (named after the phase)."""

    def __init__(self, handle: ServerHandle, case: Case, binlog_format: str, outcome: CaseOutcome,
                 dest_dir: Path, progress: Progress | None, statement_timeout: float,
                 disconnect_timeout: float) -> None:
        self.handle, self.case, self.binlog_format, self.outcome = handle, case, binlog_format, outcome
        self.dest_dir, self.progress = dest_dir, progress
        self.statement_timeout, self.disconnect_timeout = statement_timeout, disconnect_timeout
        self.conns: dict[str, Any] = {}
        self.admin: Any = None
        self.index = 0  # the next statement's number across setup and steps
        # read/write timeouts bound every statement: a statement that would block
        # forever (a lock the reimplementation never releases) fails the case
        # instead of hanging the run.
        self.timeouts = {
            "read_timeout": max(1, int(statement_timeout)),
            "write_timeout": max(1, int(statement_timeout)),
        }

    def phases(self) -> list[tuple[str, str, Callable[[], None]]]:
        """(the phase an error is reported in, the timing it is recorded as, the step)."""
        return [("connect", "prepare", self.prepare), ("setup", "setup", self.setup),
                ("connect", "connect", self.connect), ("steps", "steps", self.steps),
                ("disconnect", "disconnect", self.disconnect), ("collect", "collect", self.collect),
                ("tables", "tables", self.tables)]

    def note(self, msg: str) -> None:
        self.outcome.notes.append(msg)
        if self.progress:
            self.progress(f"  {self.case.name} {self.binlog_format}: {msg}")

    def open_conn(self, name: str) -> Any:
        conn = self.handle.connect(database=TEST_DB, **self.timeouts)
        self.conns[name] = conn
        _session_setup(conn, self.binlog_format, self.case.settings.for_connection(name), handle_kind(self.handle))
        return conn

    def prepare(self) -> None:
        """Every case starts from RESET MASTER and a fresh database ``test`` (and its data files)."""
        for f in self.case.files:
            f.write()
        self.admin = self.handle.connect(**self.timeouts)
        _execute(self.admin, f"DROP DATABASE IF EXISTS {TEST_DB}")
        if self.handle.innodb_binlog_checkpoint:
            _flush_innodb_log(self.admin)
        _execute(self.admin, handle_kind(self.handle).reset_binlogs_sql)
        _execute(self.admin, f"CREATE DATABASE {TEST_DB}")

    def setup(self) -> None:
        if not self.case.setup:
            return
        setup_conn = self.open_conn(SETUP_CONNECTION)
        for step in self.case.setup:
            self.outcome.statements.append(
                _run_statement(self.handle, setup_conn, self.index, "setup", step, self.binlog_format)
            )
            self.index += 1

    def connect(self) -> None:
        for name in self.case.connections:
            self.open_conn(name)

    def steps(self) -> None:
        sent: dict[str, _Sent] = {}
        try:
            for step in self.case.steps:
                if _drive_step(self.handle, self.admin, self.conns, sent, self.outcome, self.index, step,
                               self.binlog_format):
                    self.index += 1
        finally:
            for pending in sent.values():  # only after a failure: let their threads end
                pending.thread.join(self.statement_timeout)

    def disconnect(self) -> None:
        """Close the case's connections one at a time, in the order they were opened, each
        waited for. A disconnect can log (DROP TEMPORARY TABLE, the rollback of a transaction
        that changed MyISAM); two sessions closed together log in whichever order the
        server's threads get there, which differs between two runs of one server."""
        # a real server's count (replbed removes a session after its DROPs are written)
        count_sql = handle_kind(self.handle).connections_count_sql if self.handle.info.get("kind") else None
        deadline = time.monotonic() + self.disconnect_timeout
        stuck: list[int] = []
        for conn in self.conns.values():
            ids = {conn.connection_id} if conn.connection_id else set()
            settled = _connections_settled(self.admin, ids, count_sql) if count_sql and ids else None
            _close_all({"": conn})
            if not _wait_gone(self.admin, ids, max(0.0, deadline - time.monotonic()), settled):
                stuck += sorted(ids)
        if stuck:
            self.note(f"case connections {stuck} still listed after {self.disconnect_timeout}s")

    def collect(self) -> None:
        files = self.handle.collect_binlogs(self.dest_dir / "binlog")
        self.outcome.binlog_files = [f.name for f in files]

    def tables(self) -> None:
        self.outcome.tables = read_tables(self.admin)


def server_kind(handle: ServerHandle) -> str:
    """The server kind whose ``=> KIND:CODE`` annotations apply to ``handle``: a real
    server's own kind, else the kind replbed's flavour imitates (mariadb-10.11 by default)."""
    from harness.kinds import DEFAULT_KIND, kind_for_flavor

    kind = handle.info.get("kind")
    if kind:
        return str(kind)
    real = kind_for_flavor(handle.flavor)
    return real.name if real is not None else ("mysql-9.7" if handle.flavor.startswith("mysql") else DEFAULT_KIND)


def handle_kind(handle: ServerHandle) -> "ServerKind":
    """The kind whose spelling of the harness's own statements ``handle`` gets (harness/kinds.py):
    a real server's, or the one replbed's flavour imitates, which must answer as that server."""
    from harness.kinds import get_kind

    return get_kind(server_kind(handle))


def server_profile(handle: ServerHandle) -> str | None:
    """The server profile ``handle`` was started with (``=> mysql-9.7-gtid-on:1785`` names one)."""
    profile = handle.info.get("profile")
    return str(profile) if profile else None


def _run_statement(handle: ServerHandle, conn: Any, index: int, phase: str, step: Any,
                   binlog_format: str = "") -> StatementOutcome:
    import mysql.connector

    res = StatementOutcome(
        index=index, phase=phase, connection=step.connection, sql=step.sql,
        line=step.line, expected_error=step.expected_for(binlog_format, server_kind(handle), server_profile(handle)),
    )
    t = time.monotonic()
    try:
        params = getattr(step, "params", None)
        rows = _execute_prepared(conn, step.sql, params) if params is not None else _execute(conn, step.sql)[0]
        if rows is not None:
            res.rows = rows
    except mysql.connector.Error as exc:
        res.error_code = exc.errno if exc.errno and exc.errno > 0 else -1
        res.error_message = exc.msg
        res.sqlstate = exc.sqlstate
        if _is_client_side(exc):
            res.seconds = round(time.monotonic() - t, 4)
            raise CaseAborted(
                f"connection {step.connection} lost at line {step.line} "
                f"({step.sql!r}): {exc}",
                res,
            ) from exc
    res.seconds = round(time.monotonic() - t, 4)
    res.warnings = _warnings(conn)
    return res


@dataclass
class _Sent:
    """A statement sent without waiting (``send``): its thread and, later, its outcome."""

    step: Any
    index: int
    thread: threading.Thread
    result: list[Any] = field(default_factory=list)  # [StatementOutcome] or [exception]
    blocked: bool | None = None


def _drive_step(handle: ServerHandle, admin: Any, conns: dict[str, Any], sent: dict[str, _Sent],
                outcome: CaseOutcome, index: int, step: Any, binlog_format: str = "") -> bool:
    """Run one step of the interleaving; True when it consumed a statement index.

    ``send`` runs the statement in a thread (mysql-connector connections are
    used by one thread at a time, so the connection is not touched until the
    reap); ``reap`` joins it and records its outcome at the position of the
    send; ``wait_blocked`` waits until the server runs the statement and it
    has not returned ``_BLOCKED_AFTER`` seconds later.
    """
    action = getattr(step, "action", "run")
    conn = conns[step.connection]
    if action == "run":
        res = _run_statement(handle, conn, index, "step", step, binlog_format)
        outcome.statements.append(res)
        if res.error_code is None and _ROTATES.match(step.sql) and handle_kind(handle).binlog_checkpoints:
            _settle_checkpoint(admin)
        return True
    if action == "send":
        pending = _Sent(step, index, threading.Thread(target=lambda: None))

        def work() -> None:
            try:
                pending.result.append(_run_statement(handle, conn, index, "step", step, binlog_format))
            except BaseException as exc:  # noqa: BLE001 - re-raised by the reap
                pending.result.append(exc)

        pending.thread = threading.Thread(target=work, name=f"send-{step.connection}", daemon=True)
        sent[step.connection] = pending
        pending.thread.start()
        return True
    pending = sent[step.connection]
    if action == "wait_blocked":
        pending.blocked = _wait_blocked(admin, conn, pending)
        return False
    # reap
    pending.thread.join()
    del sent[step.connection]
    res = pending.result[0]
    if isinstance(res, BaseException):
        raise res
    res.expected_error = step.expected_for(binlog_format, server_kind(handle), server_profile(handle))  # the reap carries the send's '=>'
    res.blocked = pending.blocked
    outcome.statements.append(res)
    return False


#: Statements that rotate the binary log (FLUSH [BINARY] LOGS).
_ROTATES = re.compile(r"\s*FLUSH\b[^;]*\bLOGS\b", re.IGNORECASE)


def _settle_checkpoint(admin: Any, timeout: float = 10.0) -> bool:
    """Wait until the new binlog file holds the checkpoint that names it.

    After a rotation MariaDB writes a second Binlog_checkpoint (naming the new
    file) from its binlog background thread, once the storage engines report
    the old file's commits durable (``binlog_checkpoint_callback`` ->
    ``mark_xid_done``). On a loaded machine the next statement's GTID can be
    written first, so the reference's event order would depend on timing.
    Waiting here makes the order the one an idle server gives, on both sides
    alike (replbed writes that checkpoint at once). False after ``timeout``.
    """
    deadline = time.monotonic() + timeout
    while True:
        rows, _ = _execute(admin, "SHOW MASTER STATUS")
        if not rows:
            return True  # binary log off: nothing to wait for
        current = rows[0][0]
        events, _ = _execute(admin, f"SHOW BINLOG EVENTS IN '{current}'")
        if any(e[2] == "Binlog_checkpoint" and e[5] == current for e in events or []):
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)


#: How long a sent statement that the server runs must stay unanswered to count as blocked.
_BLOCKED_AFTER = 0.15


def _wait_blocked(admin: Any, conn: Any, pending: _Sent, timeout: float = 10.0) -> bool:
    """Wait until the server is running the sent statement (SHOW PROCESSLIST shows
    the connection in Command ``Query``) and it is still running a moment later;
    False when it returned first."""
    conn_id = getattr(conn, "connection_id", None)
    deadline = time.monotonic() + timeout
    while pending.thread.is_alive() and time.monotonic() < deadline:
        rows, _ = _execute(admin, "SHOW PROCESSLIST")
        if any(str(r[0]) == str(conn_id) and r[4] == "Query" for r in rows or []):
            break
        time.sleep(0.01)
    pending.thread.join(_BLOCKED_AFTER)
    return pending.thread.is_alive()


def _is_client_side(exc: Any) -> bool:
    """True if the connector raised ``exc`` itself (lost connection, read timeout).

    Server errors always arrive in an error packet with a SQLSTATE; the
    connector's own errors (including its read timeout, errno 3024) have none.
    """
    errno = exc.errno if isinstance(exc.errno, int) else -1
    return errno in _CLIENT_ERRORS or errno <= 0 or exc.sqlstate is None


def _server_gone(handle: ServerHandle, grace: float = 1.0) -> bool:
    """Whether the server died; a killed server may need a moment to be reaped."""
    deadline = time.monotonic() + grace
    while handle.alive():
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.02)
    return True


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _close_all(conns: dict[str, Any]) -> None:
    for conn in conns.values():
        try:
            conn.close()
        except Exception:  # noqa: BLE001 - closing a dead connection is fine
            pass


def _connections_settled(admin: Any, ids: set[int], count_sql: str) -> Callable[[], bool]:
    """Before ``ids`` are closed: a test that is true once the server's connection count
    (``ServerKind.connections_count_sql``) has dropped by the live ones among them."""
    def count() -> int:
        rows, _ = _execute(admin, count_sql)
        return int(rows[0][-1] or 0) if rows else 0

    target = count() - len(ids & _processlist_ids(admin))
    return lambda: count() <= target


def _wait_gone(admin: Any, ids: set[int], timeout: float, settled: Callable[[], bool] | None = None) -> bool:
    """Wait until the server has finished tearing down ``ids``.

    Disconnect can write to the binlog (DROP TEMPORARY TABLE), so the files
    are copied only after the sessions are really gone: gone from SHOW PROCESSLIST and,
    where the kind has a connection count to watch, no longer counted (``settled``).
    """
    if not ids:
        return True
    deadline = time.monotonic() + timeout
    pause = 0.001  # most sessions are gone within a millisecond or two: back off from there
    while True:
        if not (ids & _processlist_ids(admin)) and (settled is None or settled()):
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(pause)
        pause = min(pause * 2, 0.02)


def _salvage(handle: ServerHandle, outcome: CaseOutcome, dest_dir: Path, conns: dict[str, Any]) -> None:
    """After a failure, keep whatever binlog files can still be copied."""
    _close_all(conns)
    if outcome.binlog_files:
        return
    try:
        files = handle.collect_binlogs(dest_dir / "binlog")
        outcome.binlog_files = [f.name for f in files]
    except Exception as exc:  # noqa: BLE001
        outcome.notes.append(f"could not collect binlogs after failure: {_describe(exc)}")


def _finish(outcome: CaseOutcome, admin: Any, t_start: float, dest_dir: Path) -> None:
    if admin is not None:
        try:
            admin.close()
        except Exception:  # noqa: BLE001
            pass
    outcome.timings["total"] = round(time.monotonic() - t_start, 4)
    outcome.write(dest_dir)


def read_tables(conn: Any, database: str = TEST_DB) -> dict[str, dict[str, Any]]:
    """Final contents of every table in ``database``: columns and sorted rows."""
    rows, _ = _execute(conn, f"SHOW TABLES FROM {_quote_ident(database)}")
    tables: dict[str, dict[str, Any]] = {}
    for (name,) in rows or []:
        assert name is not None
        data, cols = _execute(conn, f"SELECT * FROM {_quote_ident(database)}.{_quote_ident(name)}")
        tables[name] = {"columns": cols, "rows": sort_rows(data or [])}
    return tables


# -- one side ------------------------------------------------------------------


def case_dir(run_dir: Path, case: str, binlog_format: str, side: str) -> Path:
    """``run_dir/cases/<case>/<FORMAT>/<side>`` (the layout in ARCHITECTURE.md)."""
    return Path(run_dir) / "cases" / case / binlog_format / side


def plan(cases: Sequence[Case], formats: Sequence[str]) -> list[tuple[Case, str]]:
    """The case × format pairs to run, in corpus order; a case's own ``formats`` narrow it."""
    return [(c, f) for c in cases for f in formats if f in c.formats]


MAX_START_FAILURES = 2


def run_side(
    run_dir: Path,
    side: str,
    provider: ServerProvider,
    cases: Sequence[Case],
    formats: Sequence[str],
    progress: Progress | None = None,
    *,
    settings: ServerSettings | None = None,
    after_case: Callable[[ServerHandle, Case, str, Path, CaseOutcome], None] | None = None,
) -> list[CaseOutcome]:
    """Run every case × format on one server of ``provider``.

    ``after_case`` runs after each case that completed, while the server still holds
    that case's binlog (the next case starts with RESET MASTER): the live replica check.

    The server is started once; if it dies, the case that was running is
    recorded as failed, a fresh server is started (in a new work directory,
    keeping the dead one's logs) and the remaining cases continue.
    """
    run_dir = Path(run_dir)
    settings = settings or ServerSettings()
    pairs = plan(cases, formats)
    outcomes: list[CaseOutcome] = []
    handle: ServerHandle | None = None
    starts = 0
    start_failures = 0  # consecutive; after MAX_START_FAILURES the side gives up
    give_up: str | None = None

    def start() -> ServerHandle:
        nonlocal starts
        starts += 1
        workdir = run_dir / "servers" / (side if starts == 1 else f"{side}-{starts}")
        h = provider.start(settings, workdir)
        if progress:
            progress(f"{side}: {provider.name} server on port {h.port} "
                     f"(started in {h.info.get('start_seconds', '?')}s)")
        return h

    try:
        for i, (case, fmt) in enumerate(pairs, start=1):
            dest = case_dir(run_dir, case.name, fmt, side)
            t0 = time.monotonic()
            if handle is None or not handle.alive():
                if handle is not None:
                    handle.stop()
                    handle = None
                error = give_up
                if error is None:
                    try:
                        handle = start()
                        start_failures = 0
                    except ProviderError as exc:
                        start_failures += 1
                        error = f"server start failed: {exc}"
                        if start_failures >= MAX_START_FAILURES:
                            give_up = (f"not run: the server failed to start "
                                       f"{start_failures} times in a row; last: {exc}")
                if handle is None:
                    outcome = CaseOutcome(case=case.name, format=fmt, side=side, status="failed",
                                          error=error, dest_dir=dest)
                    outcome.write(dest)
                    outcomes.append(outcome)
                    _report(progress, i, len(pairs), side, outcome, time.monotonic() - t0)
                    continue
            outcome = run_case(handle, case, fmt, dest, progress, side=side)
            if not handle.alive() and not outcome.failed:
                # The server died right after the case: its results are suspect.
                outcome.status = "failed"
                outcome.error = f"server died after the case; log tail:\n{handle.log_tail(15)}"
                outcome.write(dest)
            if after_case is not None and not outcome.failed:
                after_case(handle, case, fmt, dest, outcome)
            outcomes.append(outcome)
            _report(progress, i, len(pairs), side, outcome, time.monotonic() - t0)
    finally:
        if handle is not None:
            handle.stop()
    return outcomes


def _report(progress: Progress | None, i: int, n: int, side: str, o: CaseOutcome, secs: float) -> None:
    if not progress:
        return
    status = o.status
    if o.failed and o.error:
        status = "FAILED (" + o.error.splitlines()[0][:160] + ")"
    progress(f"[{i}/{n}] {side} {o.case} {o.format} {status} {secs:.1f}s")
