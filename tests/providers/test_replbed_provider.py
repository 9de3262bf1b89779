"""ReplbedProvider: `replbed serve` as a child process."""

from __future__ import annotations

from pathlib import Path


from harness.providers.base import ServerSettings
from harness.providers.replbed import ReplbedProvider
from harness.runner import run_case
from harness.workload import parse_workload


def test_start_login_and_stop(tmp_path: Path):
    handle = ReplbedProvider().start(ServerSettings(), tmp_path)
    pid = handle.process.pid
    try:
        conn = handle.connect()
        conn.close()
        # The password is passed in the environment, never on the command line.
        assert handle.password not in " ".join(handle.info["argv"])
    finally:
        handle.stop()
    assert not Path(f"/proc/{pid}").exists()


def test_runs_a_case(tmp_path: Path):
    (case,) = parse_workload(
        "[case t]\nsetup: CREATE TABLE t (a INT) ENGINE=InnoDB\ncon1: INSERT INTO t VALUES (1)\n",
        "t.wl",
    )
    with ReplbedProvider().start(ServerSettings(), tmp_path / "srv") as handle:
        out = run_case(handle, case, "ROW", tmp_path / "case", side="replbed")
    assert out.status == "ok", out.error
    assert out.binlog_files
    assert out.tables["t"]["rows"] == [["1"]]
