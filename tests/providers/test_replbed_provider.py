"""ReplbedProvider: `replbed serve` as a child process."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from harness.providers.base import ServerDiedError, ServerSettings
from harness.providers.replbed import ReplbedProvider
from harness.runner import run_case
from harness.workload import parse_workload


def _server_app_exists() -> bool:
    try:
        return importlib.util.find_spec("harness.server.app") is not None
    except ModuleNotFoundError:
        return False


needs_app = pytest.mark.skipif(
    not _server_app_exists(),
    reason="harness.server.app.run_server is not written yet (owned by the lead)",
)


@pytest.mark.skipif(_server_app_exists(), reason="only meaningful while the server is missing")
def test_missing_server_is_reported_with_the_log_tail(tmp_path: Path):
    with pytest.raises(ServerDiedError) as info:
        ReplbedProvider().start(ServerSettings(start_timeout=30), tmp_path)
    msg = str(info.value)
    assert "replbed serve exited" in msg and "harness.server.app" in msg


@needs_app
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


@needs_app
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
