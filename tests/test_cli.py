"""The `replbed` command line: exit codes, messages, cleanup of stray servers."""

from __future__ import annotations

import json
import os
import time
import subprocess
import sys
from pathlib import Path

import pytest

from harness import cli
from harness.providers.process import TOKEN_ENV, _proc_start_time

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests/fixtures/binlog/mariadb-10.11/dml_autocommit_row/binlog.000001"


def test_help_and_usage_errors(capsys):
    assert cli.main(["--help"]) == 0
    assert "serve" in capsys.readouterr().out
    assert cli.main([]) == 2
    assert cli.main(["run", "--formats", "STMT"]) == 2
    assert cli.main(["serve", "--port", "70000"]) == 2
    assert "port out of range" in capsys.readouterr().err


def test_run_rejects_a_broken_corpus_before_starting_servers(tmp_path: Path, capsys):
    bad = tmp_path / "bad.wl"
    bad.write_text("[case a]\nformats = NOPE\ncon1: BEGIN\n")
    assert cli.main(["run", "--workloads", str(bad)]) == 2
    assert f"{bad}:2: unknown format 'NOPE'" in capsys.readouterr().err


def _fake_regression(monkeypatch, summary, report="runs/x/report/index.html"):
    """Stand in for the collect/analyze steps only: the input checks before them are real."""
    from harness.pipeline import regression

    seen = {}

    def run_regression(config, keep_servers=False):
        seen["config"] = config
        seen["keep_servers"] = keep_servers
        return summary, Path(report)

    monkeypatch.setattr(regression, "run_regression", run_regression)
    return seen


_GOOD = {"case": "c", "format": "ROW", "events_match": True, "gtid_layout_ok": True,
         "tables_match": True, "outcomes_match": True, "replay_ok": True, "error": None}


def test_run_builds_runconfig_and_maps_the_summary_to_exit_codes(monkeypatch, tmp_path, capsys):
    good = _GOOD
    seen = _fake_regression(monkeypatch, [good])
    argv = ["run", "--workloads", str(ROOT / "workloads/*.wl"), "--formats", "row", "MIXED",
            "--out", str(tmp_path), "--case", "seed000_*", "--case", "dml_*"]
    assert cli.main(argv) == 0
    config = seen["config"]
    assert config.formats == ("ROW", "MIXED") and config.cases == ("seed000_*", "dml_*")
    assert config.out_dir == tmp_path and config.provider == "local"
    out = capsys.readouterr().out
    assert "1/1 case×format passed" in out and "report: runs/x/report/index.html" in out

    _fake_regression(monkeypatch, [good, dict(good, case="d", events_match=False)])
    assert cli.main(argv) == 1
    assert "FAIL d ROW differs: differs in events_match" in capsys.readouterr().out


@pytest.mark.parametrize("check", ["events_match", "gtid_layout_ok", "tables_match", "outcomes_match",
                                   "replay_ok"])
@pytest.mark.parametrize("value", [False, None])
def test_run_exit_code_counts_every_check(monkeypatch, tmp_path, check, value):
    """One definition of pass: a False or missing (did not run) check fails `replbed run`."""
    _fake_regression(monkeypatch, [_GOOD, dict(_GOOD, case="d", **{check: value})])
    argv = ["run", "--workloads", str(ROOT / "workloads/*.wl"), "--out", str(tmp_path), "--case", "dml_*"]
    assert cli.main(argv) == 1


def test_run_wrong_expectation_exits_1_with_its_reason(monkeypatch, tmp_path, capsys):
    why = "line 7 `INSERT INTO t VALUES (1)`: expected 1062, reference got OK"
    _fake_regression(monkeypatch, [dict(_GOOD, expectation_ok=False, expectation_error=why)])
    argv = ["run", "--workloads", str(ROOT / "workloads/*.wl"), "--out", str(tmp_path), "--case", "dml_*"]
    assert cli.main(argv) == 1
    assert f"FAIL c ROW expectation_wrong: {why}" in capsys.readouterr().out


def test_run_bad_input_is_one_line_exit_2(monkeypatch, tmp_path: Path, capsys):
    from harness.pipeline import regression

    def must_not_run(config, **kw):
        raise AssertionError(f"bad input started a run: {config}")

    monkeypatch.setattr(regression, "run_regression", must_not_run)
    empty = tmp_path / "empty.wl"
    empty.write_text("# nothing here\n")
    wl = str(ROOT / "workloads/*.wl")
    cases = [
        (["--workloads", str(empty)], "no cases (empty workload)"),
        (["--workloads", str(tmp_path / "none-*.wl")], "no workload files match"),
        (["--workloads", wl, "--case", "no_such_case_*"], "case glob 'no_such_case_*' matches no case"),
        (["--workloads", wl, "--case", "dml_*", "--out", str(FIXTURE / "sub")], "is not writable"),
        (["--workloads", wl, "--case", "dml_*", "--out", str(FIXTURE)], "is not writable"),
    ]
    for args, msg in cases:
        assert cli.main(["run", *args]) == 2, args
        err = capsys.readouterr().err
        assert msg in err and len(err.strip().splitlines()) == 1, (args, err)
        assert "Traceback" not in err


def test_decode(capsys):
    try:
        from harness.binlog import reader, render  # noqa: F401
    except ImportError:
        assert cli.main(["decode", str(FIXTURE)]) == 2
        assert "binlog codec not available" in capsys.readouterr().err
        return
    assert cli.main(["decode", str(FIXTURE)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Log_name\tPos\tEvent_type")
    assert out[1].split("\t")[1:3] == ["4", "Format_desc"]


def test_decode_missing_file_is_a_usage_error(capsys, tmp_path):
    try:
        from harness.binlog import reader, render  # noqa: F401
    except ImportError:
        pytest.skip("harness.binlog.reader/render not written yet")
    assert cli.main(["decode", str(tmp_path / "nope")]) == 2


def _record(state: Path, pid: int, harness_pid: int, token: str) -> Path:
    path = state / f"server-{pid}.json"
    path.write_text(json.dumps({
        "pid": pid, "start_time": _proc_start_time(pid), "token": token, "label": "mariadbd",
        "executable": "sleep", "workdir": "/tmp/x", "harness_pid": harness_pid,
    }))
    return path


def _spawn(argv: list[str], token: str | None) -> subprocess.Popen:
    env = dict(os.environ)
    if token:
        env[TOKEN_ENV] = token
    return subprocess.Popen(argv, start_new_session=True, env=env)


def _private(tmp_path: Path) -> Path:
    d = tmp_path / "state"
    d.mkdir(mode=0o700)
    return d


def test_cleanup_kills_orphans_only(monkeypatch, tmp_path: Path, capsys):
    state = _private(tmp_path)
    monkeypatch.setenv("REPLBED_STATE_DIR", str(state))
    # `cleanup --force` below would also remove every labelled container of the
    # machine's Docker daemon, live ones of other runs and test sessions included
    # (seen: a docker-provider run lost its server mid-corpus). Docker cleanup is
    # tested in tests/providers/test_docker_provider.py; here no daemon answers.
    monkeypatch.setenv("DOCKER_HOST", f"unix://{tmp_path}/no-docker.sock")
    assert cli.main(["cleanup"]) == 0
    # (Containers of other docker-provider runs on this machine may be listed; no server record is.)
    out = capsys.readouterr().out
    assert "nothing to clean up" in out or all(line.startswith("docker:") for line in out.splitlines())

    dead = subprocess.Popen(["true"])
    dead.wait()
    orphan = _spawn(["sleep", "60"], "tok-orphan")
    # A child that outlived its server's group leader still carries the token.
    orphan_child = _spawn(["sleep", "60"], "tok-orphan")
    owner = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    kept = _spawn(["sleep", "60"], "tok-kept")
    try:
        gone = state / "server-999999999.json"
        gone.write_text(json.dumps({"pid": 999999999, "start_time": "1", "token": "x", "label": "mariadbd"}))
        r_orphan = _record(state, orphan.pid, harness_pid=dead.pid, token="tok-orphan")
        r_kept = _record(state, kept.pid, harness_pid=owner.pid, token="tok-kept")

        assert cli.main(["cleanup", "--dry-run"]) == 0
        assert orphan.poll() is None and r_orphan.exists()

        assert cli.main(["cleanup"]) == 0
        out = capsys.readouterr().out
        assert f"killed mariadbd pid {orphan.pid}" in out
        assert orphan.wait(timeout=10) == -9 and orphan_child.wait(timeout=10) == -9
        assert not r_orphan.exists() and not gone.exists()
        assert kept.poll() is None and r_kept.exists()  # its harness still runs

        assert cli.main(["cleanup", "--force"]) == 0
        assert kept.wait(timeout=10) == -9
        assert not r_kept.exists()
    finally:
        for p in (orphan, orphan_child, owner, kept):
            p.kill()
            p.wait()


def test_cleanup_never_kills_what_replbed_did_not_start(monkeypatch, tmp_path: Path, capsys):
    """A forged record (right pid and start time, a made-up token, a foreign pgid) kills nothing."""
    state = _private(tmp_path)
    monkeypatch.setenv("REPLBED_STATE_DIR", str(state))
    monkeypatch.setenv("DOCKER_HOST", f"unix://{tmp_path}/no-docker.sock")  # see above
    foreign = subprocess.Popen(["sleep", "60"], start_new_session=True)  # not started by replbed
    bystander = subprocess.Popen(["sleep", "60"], start_new_session=True)
    try:
        rec = state / f"server-{foreign.pid}.json"
        rec.write_text(json.dumps({"pid": foreign.pid, "pgid": bystander.pid,
                                   "start_time": _proc_start_time(foreign.pid), "token": "forged",
                                   "label": "mariadbd", "harness_pid": 0}))
        assert cli.main(["cleanup", "--force"]) == 0
        out = capsys.readouterr().out
        assert f"left mariadbd pid {foreign.pid} alone" in out
        time.sleep(0.2)
        assert foreign.poll() is None and bystander.poll() is None
    finally:
        for p in (foreign, bystander):
            p.kill()
            p.wait()


def test_cleanup_refuses_a_state_dir_others_can_write(monkeypatch, tmp_path: Path, capsys):
    state = tmp_path / "shared"
    state.mkdir()
    state.chmod(0o777)
    monkeypatch.setenv("REPLBED_STATE_DIR", str(state))
    assert cli.main(["cleanup"]) == 2
    err = capsys.readouterr().err
    assert "not a private directory" in err and str(state) in err


def test_serve_serves_the_mysql_flavour(tmp_path):
    """`replbed serve --flavor mysql-8.0` starts and writes MySQL 8.0 binlogs (WL#7592 FR1/FR2)."""
    import mysql.connector

    from harness.config import ServeConfig
    from harness.server.app import build_server

    args = cli.build_parser().parse_args(["serve", "--flavor", "mysql-8.0", "--gtid-mode", "on", "--port", "0"])
    assert (args.flavor, args.gtid_mode) == ("mysql-8.0", "ON")
    state, proto = build_server(ServeConfig(port=0, binlog_dir=tmp_path, flavor="mysql-8.0", password="pw"))
    proto.start()
    try:
        c = mysql.connector.connect(host="127.0.0.1", port=proto.port, user="root", password="pw", use_pure=True)
        cur = c.cursor()
        cur.execute("SELECT VERSION(), @@binlog_format, @@gtid_mode")
        assert cur.fetchall() == [("8.0.40", "ROW", "OFF")]
        cur.execute("CREATE DATABASE d")
        cur.execute("SHOW BINLOG EVENTS")
        rows = cur.fetchall()
        assert [r[2] for r in rows] == ["Format_desc", "Previous_gtids", "Anonymous_Gtid", "Query"]
        assert rows[2][5] == "SET @@SESSION.GTID_NEXT= 'ANONYMOUS'" and rows[3][5] == "CREATE DATABASE d /* xid=1 */"
        c.close()
    finally:
        proto.shutdown()
        state.shutdown()


def test_prune_keeps_the_newest_runs(tmp_path: Path, capsys):
    import os

    for i, name in enumerate(["r1", "r2", "r3", "r4"]):
        d = tmp_path / name
        (d / "servers").mkdir(parents=True)
        (d / "plan.json").write_text("{}")
        os.utime(d / "plan.json", (1000 + i, 1000 + i))
    (tmp_path / "notes").mkdir()  # not a run directory: never touched
    assert cli.main(["prune", "--keep", "2", "--runs", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes", "r3", "r4"]
    assert "removed 2" in capsys.readouterr().out
    assert cli.main(["prune", "--keep", "0", "--runs", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes"]


@pytest.mark.parametrize("argv,msg", [
    (["--keep", "-1"], "--keep must be 0 or more"),
    (["--keep", "1", "--runs", "/nonexistent/runs"], "does not exist"),
    (["--keep", "x"], "invalid int value"),
])
def test_prune_bad_input_is_one_line_exit_2(argv, msg, capsys):
    assert cli.main(["prune", *argv]) == 2
    err = capsys.readouterr().err
    assert msg in err and "Traceback" not in err


def test_teardown_removes_server_data_and_keeps_logs(tmp_path: Path):
    from harness.pipeline.regression import teardown_run

    for name in ("reference", "replbed", "replay-reference"):
        d = tmp_path / "servers" / name
        (d / "data" / "mysql").mkdir(parents=True)
        (d / "data" / "mysql" / "db.MAI").write_bytes(b"x" * 1000)
        (d / "mariadbd.err").write_text("log")
    (tmp_path / "servers" / "replbed" / "binlog").mkdir()
    assert teardown_run(tmp_path, keep_servers=True, progress=None) == 0
    assert (tmp_path / "servers" / "reference" / "data").exists()
    assert teardown_run(tmp_path, progress=None) == 3000
    assert not list(tmp_path.glob("servers/*/data")) and not list(tmp_path.glob("servers/*/binlog"))
    assert len(list(tmp_path.glob("servers/*/mariadbd.err"))) == 3


def _subparsers(parser, prefix=""):
    """Every (sub)command parser, nested ones included (``roots build``)."""
    import argparse

    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield f"{prefix}{name}", sub
                yield from _subparsers(sub, f"{prefix}{name} ")


def test_every_option_of_every_command_has_help_and_its_default(capsys) -> None:
    import argparse

    parser = cli.build_parser()
    for name, sub in _subparsers(parser):
        for action in sub._actions:
            if action.dest == "help" or isinstance(action, argparse._SubParsersAction):
                continue
            assert action.help, f"replbed {name} {action.option_strings or action.dest}: no help text"
        assert cli.main([*name.split(), "--help"]) == 0
        text = capsys.readouterr().out
        assert "``" not in text and ":class:" not in text, f"replbed {name} --help shows markup"
        for action in sub._actions:
            if action.option_strings and action.default not in (None, False) and not action.required \
                    and action.dest != "help":
                flag = action.option_strings[-1]
                opts = text[text.index("options:"):]
                block = opts[opts.index(flag):]
                assert "default" in block[:400], f"replbed {name} {flag}: the default is not shown"
    assert cli.main(["--help"]) == 0
    assert "``" not in capsys.readouterr().out
    out = cli.build_parser().format_help()
    assert "--version" in out


def test_run_help_says_out_makes_a_run_directory_under_it(capsys) -> None:
    assert cli.main(["run", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "--out DIR runs directory: the run is written to DIR/<run id>/ (default: runs)" in text


def test_version(capsys) -> None:
    import pytest

    with pytest.raises(SystemExit) as exc:
        cli.build_parser().parse_args(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.startswith("replbed 0.1.0 (Python 3.")


def test_bad_input_is_one_line_and_exit_2(capsys) -> None:
    # a typo in --formats judged nothing and passed: now it is refused before anything starts
    for argv in (["compare", "--case", "seed000_*", "--formats", "FOO"], ["run", "--formats", "FOO"],
                 ["fuzz", "--formats", "ROWS"], ["mtr", "--formats", "foo"], ["nosuchcommand"]):
        assert cli.main(argv) == 2, argv
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1, (argv, err)


def test_a_server_whose_pid_was_never_recorded_is_found_by_the_pending_record(monkeypatch, tmp_path: Path,
                                                                              capsys):
    """ManagedProcess.spawn records the token before the fork: a harness killed between the
    fork and the pid's record (CI's kill test once left a mariadbd so) still leaves a record
    cleanup acts on; a spawn that completes leaves only the pid's record."""
    from harness.providers.process import ManagedProcess

    state = _private(tmp_path)
    monkeypatch.setenv("REPLBED_STATE_DIR", str(state))
    monkeypatch.setenv("DOCKER_HOST", f"unix://{tmp_path}/no-docker.sock")  # see above
    dead = subprocess.Popen(["true"])
    dead.wait()
    orphan = _spawn(["sleep", "60"], "tok-pending")
    try:
        (state / "server-pending-tok-pending.json").write_text(json.dumps(
            {"pid": 0, "start_time": None, "token": "tok-pending", "label": "mariadbd", "harness_pid": dead.pid}))
        assert cli.main(["cleanup"]) == 0
        assert "killed mariadbd pid 0" in capsys.readouterr().out
        orphan.wait(timeout=10)
        assert not list(state.glob("server-*.json"))
    finally:
        if orphan.poll() is None:
            orphan.kill()
            orphan.wait()
    proc = ManagedProcess.spawn(["sleep", "60"], label="sleep", log_path=tmp_path / "s.log", cwd=tmp_path)
    try:
        assert [p.name for p in state.glob("server-*.json")] == [f"server-{proc.pid}.json"]
    finally:
        proc.stop(timeout=5)
    assert not list(state.glob("server-*.json"))


def test_case_globs_take_comma_lists_as_conf_does() -> None:
    """`--case 'a_*,b'` is two globs (CONF's `cases` spelling), not one that matches nothing."""
    from harness.cli import case_globs

    assert case_globs(["fk_*,mtr_*", " seed004_* "]) == ("fk_*", "mtr_*", "seed004_*")
    assert case_globs(None) == ()
    assert case_globs([","]) == ()
