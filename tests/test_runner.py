"""The runner against a real MariaDB: outcomes, expectations, fault handling."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

from harness.providers.base import ServerHandle, ServerSettings
from harness.providers.local import LocalMariaDBProvider
from harness.runner import canonical_value, plan, run_case, run_side, sort_rows
from harness.workload import parse_workload

pytestmark = pytest.mark.server

CASES = """\
[case expected_dup]
rule = test.expected_error
setup: CREATE TABLE t1 (id INT PRIMARY KEY, s VARCHAR(10)) ENGINE=MyISAM
con1: INSERT INTO t1 VALUES (1, 'a')
con2: INSERT INTO t1 VALUES (1, 'b')   => ER_DUP_ENTRY
con2: INSERT INTO t1 VALUES (2, NULL)
con1: SELECT s FROM t1 ORDER BY id

[case unexpected_results_do_not_abort]
rule = test.unexpected
con1: CREATE TABLE t2 (a INT) ENGINE=InnoDB
con1: INSERT INTO nope VALUES (1)
con1: INSERT INTO t2 VALUES (1)   => 1062
con1: INSERT INTO t2 VALUES (7)

[case session_settings]
rule = test.settings
formats = ROW
con1.binlog_row_image = MINIMAL
session.autocommit = 0
setup: CREATE TABLE t3 (a INT) ENGINE=InnoDB
con1: SELECT @@session.binlog_format, @@session.binlog_row_image, @@session.autocommit
con2: SELECT @@session.binlog_row_image
con1: INSERT INTO t3 VALUES (1)
con1: COMMIT

[case temp_table_dropped_at_disconnect]
rule = test.disconnect
formats = STATEMENT
con1: CREATE TEMPORARY TABLE tmp1 (a INT) ENGINE=MyISAM
con1: INSERT INTO tmp1 VALUES (1)

[case sessions_close_in_order]
rule = test.disconnect_order
formats = STATEMENT
con1: CREATE TEMPORARY TABLE tc1 (a INT) ENGINE=MyISAM
con2: CREATE TEMPORARY TABLE tc2 (a INT) ENGINE=MyISAM
con3: CREATE TEMPORARY TABLE tc3 (a INT) ENGINE=MyISAM
con3: SELECT 1
con2: SELECT 1
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    handle = LocalMariaDBProvider().start(ServerSettings(), tmp_path_factory.mktemp("runner"))
    try:
        yield handle
    finally:
        handle.stop()


@pytest.fixture(scope="module")
def cases():
    return {c.name: c for c in parse_workload(CASES, "runner.wl")}


def test_expected_error_matches_and_results_are_canonical(server, cases, tmp_path: Path):
    out = run_case(server, cases["expected_dup"], "MIXED", tmp_path)
    assert out.status == "ok", out.error
    dup = out.statements[2]
    assert (dup.expected_error, dup.error_code, dup.sqlstate) == (1062, 1062, "23000")
    assert dup.warnings == [["Error", 1062, "Duplicate entry '1' for key 'PRIMARY'"]]
    assert out.statements[4].rows == [["a"], [None]]
    assert out.tables["t1"] == {"columns": ["id", "s"], "rows": [["1", "a"], ["2", None]]}


def test_unexpected_results_are_recorded_and_the_case_goes_on(server, cases, tmp_path: Path):
    out = run_case(server, cases["unexpected_results_do_not_abort"], "ROW", tmp_path)
    assert out.status == "unexpected"
    codes = [(s.expected_error, s.error_code, s.ok) for s in out.statements]
    assert codes == [(None, None, True), (None, 1146, False), (1062, None, False), (None, None, True)]
    assert out.tables["t2"]["rows"] == [["1"], ["7"]]
    saved = json.loads((tmp_path / "outcome.json").read_text())
    assert saved["status"] == "unexpected"
    assert [s["ok"] for s in saved["statements"]] == [True, False, False, True]


def test_session_settings_are_applied_per_connection(server, cases, tmp_path: Path):
    out = run_case(server, cases["session_settings"], "ROW", tmp_path)
    assert out.status == "ok", out.error
    assert out.statements[1].rows == [["ROW", "MINIMAL", "0"]]
    assert out.statements[2].rows == [["FULL"]]
    assert out.tables["t3"]["rows"] == [["1"]]


def test_binlog_is_collected_after_disconnect_logging(server, cases, tmp_path: Path):
    out = run_case(server, cases["temp_table_dropped_at_disconnect"], "STATEMENT", tmp_path)
    assert out.status == "ok", out.error
    assert out.notes == []
    data = (tmp_path / "binlog" / "binlog.000001").read_bytes()
    # The implicit DROP TEMPORARY TABLE written when con1 disconnects is in the copy.
    assert b"DROP /*!40005 TEMPORARY */ TABLE IF EXISTS `tmp1`" in data
    assert out.tables == {}


@pytest.mark.parametrize("side", ["reference", "replbed"])
def test_sessions_close_one_by_one_in_the_order_they_opened(server, cases, tmp_path: Path, side: str):
    """Each connection is closed and waited for before the next: the disconnect DROPs are
    logged con1, con2, con3 on every server, not in the order its threads race to."""
    from harness.providers.replbed import ReplbedProvider

    handle = server if side == "reference" else ReplbedProvider().start(ServerSettings(), tmp_path / "serve")
    try:
        out = run_case(handle, cases["sessions_close_in_order"], "STATEMENT", tmp_path / "out")
    finally:
        if handle is not server:
            handle.stop()
    assert out.status == "ok", out.error
    data = (tmp_path / "out" / "binlog" / "binlog.000001").read_bytes()
    drops = [data.find(f"TABLE IF EXISTS `tc{i}`".encode()) for i in (1, 2, 3)]
    assert -1 not in drops and drops == sorted(drops), drops


def test_every_run_starts_from_a_reset_binlog(server, cases, tmp_path: Path):
    run_case(server, cases["expected_dup"], "ROW", tmp_path / "a")
    run_case(server, cases["expected_dup"], "ROW", tmp_path / "b")
    a = (tmp_path / "a" / "binlog" / "binlog.000001").read_bytes()
    b = (tmp_path / "b" / "binlog" / "binlog.000001").read_bytes()
    assert len(a) == len(b)  # same events, same sizes; only timestamps/ids may differ


def test_innodb_log_is_flushed_before_reset_and_leaves_no_trace(server, cases, tmp_path: Path):
    """RESET MASTER after InnoDB writes waited for InnoDB's once-a-second log flush; the
    runner makes the log durable first (runner._flush_innodb_log; the time it saves is
    benchmarks/fuzz_rate.py's). The server's setting is what it was, and the binlog
    holds nothing of it (the case starts as before)."""
    from harness.binlog.render import info_text
    from harness.binlog.reader import read_binlog_file
    from harness.runner import _execute

    def flushes() -> int:
        conn = server.connect()
        try:
            assert _execute(conn, "SELECT @@GLOBAL.innodb_flush_log_at_trx_commit")[0] == [["2"]]
            return int(_execute(conn, "SHOW GLOBAL STATUS LIKE 'Com_flush'")[0][0][1])
        finally:
            conn.close()

    before = flushes()
    for name in ("a", "b", "c"):
        out = run_case(server, cases["session_settings"], "ROW", tmp_path / name)  # InnoDB writes
        assert out.status == "ok", out.error
    assert flushes() == before + 3  # one FLUSH ENGINE LOGS per case, the setting as it was
    texts = [info_text(ev) for ev in read_binlog_file(tmp_path / "c" / "binlog" / "binlog.000001")]
    assert texts[3:5] == ["GTID 0-1-1", "CREATE DATABASE test"]
    assert not any("FLUSH" in t or "innodb" in t for t in texts)


def test_helpers():
    assert canonical_value(None) is None
    assert canonical_value(bytearray(b"1.50")) == "1.50"
    assert canonical_value(b"\xff\x00") == "0xff00"
    assert sort_rows([["2", None], ["10", "x"], [None, "a"]]) == [["10", "x"], ["2", None], [None, "a"]]


class _KillDuring:
    """Provider wrapper that SIGKILLs the server while ``victim``'s case runs."""

    name = "local"

    def __init__(self, victim_dir: Path) -> None:
        self.inner = LocalMariaDBProvider()
        self.victim_dir = victim_dir
        self.handles: list[ServerHandle] = []
        self.killed = threading.Event()
        self.errors: list[BaseException] = []

    def start(self, settings: ServerSettings, workdir: Path) -> ServerHandle:
        handle = self.inner.start(settings, workdir)
        self.handles.append(handle)
        if len(self.handles) == 1:
            threading.Thread(target=self._killer, args=(handle,), daemon=True).start()
        return handle

    def _killer(self, handle) -> None:
        try:
            deadline = time.monotonic() + 60
            while not self.victim_dir.exists() and time.monotonic() < deadline:
                time.sleep(0.01)
            time.sleep(0.5)  # well inside the victim's SLEEP(3)
            self.killed.set()
            handle.kill()
        except BaseException as exc:  # noqa: BLE001 - surfaced by the test
            self.errors.append(exc)


def test_server_killed_mid_run_side(tmp_path: Path):
    wl = parse_workload(
        "[case first]\nsetup: CREATE TABLE t (a INT) ENGINE=MyISAM\ncon1: INSERT INTO t VALUES (1)\n\n"
        "[case victim]\nsetup: CREATE TABLE t (a INT) ENGINE=MyISAM\ncon1: INSERT INTO t VALUES (2)\n"
        "con1: SELECT SLEEP(3)\ncon1: INSERT INTO t VALUES (3)\n\n"
        "[case after]\nsetup: CREATE TABLE t (a INT) ENGINE=InnoDB\ncon1: INSERT INTO t VALUES (4)\n",
        "fault.wl",
    )
    run_dir = tmp_path / "run"
    provider = _KillDuring(run_dir / "cases" / "victim" / "ROW" / "reference")
    lines: list[str] = []
    outcomes = run_side(run_dir, "reference", provider, wl, ["ROW"], lines.append)
    assert provider.killed.is_set() and not provider.errors
    status = {o.case: o for o in outcomes}
    assert status["first"].status == "ok"
    victim = status["victim"]
    assert victim.status == "failed"
    assert "server is not running" in victim.error and "SLEEP" in victim.error
    # What the victim produced before the kill is kept: statements and binlog.
    assert [s.sql for s in victim.statements][:2] == ["CREATE TABLE t (a INT) ENGINE=MyISAM",
                                                     "INSERT INTO t VALUES (2)"]
    assert (run_dir / "cases/victim/ROW/reference/binlog/binlog.000001").stat().st_size > 0
    saved = json.loads((run_dir / "cases/victim/ROW/reference/outcome.json").read_text())
    assert saved["status"] == "failed" and saved["error"]
    # A fresh server ran the rest; the first case's files are untouched.
    assert status["after"].status == "ok", status["after"].error
    assert status["after"].tables["t"]["rows"] == [["4"]]
    assert (run_dir / "cases/first/ROW/reference/binlog/binlog.000001").exists()
    assert (run_dir / "servers/reference/mariadbd.err").exists()
    assert (run_dir / "servers/reference-2").is_dir()
    assert len(provider.handles) == 2 and not any(h.alive() for h in provider.handles)
    assert [ln.split()[0] for ln in lines if ln.startswith("[")] == ["[1/3]", "[2/3]", "[3/3]"]
    assert any(ln.startswith("[2/3] reference victim ROW FAILED") for ln in lines)


def test_plan_respects_case_formats(cases):
    pairs = plan(list(cases.values()), ["STATEMENT", "ROW"])
    assert [(c.name, f) for c, f in pairs] == [
        ("expected_dup", "STATEMENT"), ("expected_dup", "ROW"),
        ("unexpected_results_do_not_abort", "STATEMENT"), ("unexpected_results_do_not_abort", "ROW"),
        ("session_settings", "ROW"),
        ("temp_table_dropped_at_disconnect", "STATEMENT"),
        ("sessions_close_in_order", "STATEMENT"),
    ]


def test_a_hanging_statement_fails_the_case_not_the_run(server, tmp_path: Path):
    (case,) = parse_workload(
        "[case hang]\nsetup: CREATE TABLE t (a INT)\ncon1: INSERT INTO t VALUES (1)\n"
        "con1: SELECT SLEEP(3)\ncon1: INSERT INTO t VALUES (2)\n", "hang.wl")
    out = run_case(server, case, "ROW", tmp_path / "hang", statement_timeout=1)
    assert out.status == "failed"
    assert "lost at line 4" in out.error and "timed out" in out.error
    assert "server is not running" not in out.error
    last = out.statements[-1]
    assert last.sql == "SELECT SLEEP(3)" and last.error_code and not last.ok
    assert out.binlog_files == ["binlog.000001"]  # salvaged
    assert server.alive()
    again = run_case(server, case.__class__(**{**case.__dict__, "name": "after_hang",
                                               "steps": case.steps[:1]}), "ROW", tmp_path / "ok")
    assert again.status == "ok", again.error


class _NeverStarts:
    name = "broken"

    def __init__(self) -> None:
        self.calls = 0

    def start(self, settings: ServerSettings, workdir: Path) -> ServerHandle:
        from harness.providers.base import ServerDiedError

        self.calls += 1
        raise ServerDiedError("exited with code 2 during startup; log:\nNo module named x")


def test_a_server_that_never_starts_is_not_retried_forever(cases, tmp_path: Path):
    provider = _NeverStarts()
    outs = run_side(tmp_path, "replbed", provider, list(cases.values()), ["ROW"])
    assert provider.calls == 2
    assert [o.status for o in outs] == ["failed"] * 3
    assert outs[0].error.startswith("server start failed: exited with code 2")
    assert outs[2].error.startswith("not run: the server failed to start 2 times in a row")
    for o in outs:
        assert json.loads((tmp_path / "cases" / o.case / "ROW" / "replbed" / "outcome.json")
                          .read_text())["status"] == "failed"


def test_a_rotation_waits_for_the_new_files_checkpoint(server, tmp_path: Path):
    """After FLUSH LOGS the runner waits for MariaDB's background checkpoint, so the
    next statement's GTID always comes after it (the order an idle server gives)."""
    from harness.runner import _ROTATES, _execute, _settle_checkpoint

    assert _ROTATES.match("FLUSH BINARY LOGS") and _ROTATES.match("  flush logs")
    assert not _ROTATES.match("FLUSH TABLES") and not _ROTATES.match("SELECT 'FLUSH LOGS'")
    wl = parse_workload(
        "[case rot]\nsetup: CREATE TABLE t (a INT) ENGINE=MyISAM\n"
        "con1: FLUSH LOGS\ncon1: INSERT INTO t VALUES (1)\n"
    )
    o = run_case(server, wl[0], "ROW", tmp_path)
    assert o.ok, o.error
    conn = server.connect()
    try:
        assert _settle_checkpoint(conn, timeout=0.5)
        rows, _ = _execute(conn, "SHOW BINLOG EVENTS IN 'binlog.000002'")
        kinds = [(r[2], r[5]) for r in rows or []]
        assert kinds[2:4] == [("Binlog_checkpoint", "binlog.000001"), ("Binlog_checkpoint", "binlog.000002")]
        assert kinds[4][0] == "Gtid"
    finally:
        conn.close()


@pytest.mark.slow
def test_a_closing_mysql_session_is_waited_for_until_its_thread_ends(tmp_path: Path):
    """MySQL's SHOW PROCESSLIST stops listing a connection once its vio is closed, before
    close_temporary_tables has logged the disconnect's DROPs; Threads_connected drops only
    after that, so the harness waits on it too (fuzz noise 'Anonymous_Gtid-vs-end')."""
    from harness.kinds import get_kind
    from harness.profile import get_profile
    from harness.providers import get_provider
    from harness.runner import _connections_settled, _wait_gone

    kind = get_kind("mysql-9.7")
    assert kind.connections_count_sql is not None
    handle = get_provider("local", kind=kind.name).start(
        ServerSettings(flavor=kind.flavor, profile=get_profile(kind.default_profile)), tmp_path / "srv")
    try:
        admin = handle.connect()
        admin.cursor().execute("CREATE DATABASE test")
        conns = [handle.connect(database="test") for _ in range(2)]
        cur = conns[0].cursor()
        cur.execute("SET SESSION binlog_format = 'STATEMENT'")
        cur.execute("CREATE TEMPORARY TABLE ti (a INT) ENGINE=InnoDB")
        cur.execute("CREATE TEMPORARY TABLE tm (a INT) ENGINE=MyISAM")
        ids = set()
        for c in conns:
            cc = c.cursor()
            cc.execute("SELECT CONNECTION_ID()")
            ids.add(int(cc.fetchall()[0][0]))
        settled = _connections_settled(admin, ids, kind.connections_count_sql)
        assert not settled()  # both sessions are still counted
        conns[1].close()
        assert not _wait_gone(admin, ids, 0.5, settled)  # one session is still open
        conns[0].close()
        assert _wait_gone(admin, ids, 10.0, settled)
        cur = admin.cursor()
        cur.execute(f"SHOW BINLOG EVENTS IN '{handle.binlog_files()[-1]}'")
        drops = [r[5] for r in cur.fetchall() if "TEMPORARY" in str(r[5]) and "DROP" in str(r[5])]
        assert len(drops) == 2, drops  # the InnoDB table's DROP, then the MyISAM one's
    finally:
        handle.stop()
