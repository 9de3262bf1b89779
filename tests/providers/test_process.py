"""The child-server start-up path every process provider shares (launch_child_server)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from harness.providers.base import PortInUseError, ServerDiedError, ServerSettings, StartTimeoutError
from harness.providers.process import ProcessHandle, StartupWords, free_port, launch_child_server

WORDS = StartupWords("fake-server", "its log", "a login", ("Address already in use",))


def _handle(tmp_path: Path) -> ProcessHandle:
    return ProcessHandle(host="127.0.0.1", port=free_port(), user="root", password="x", flavor="mariadb-10.11",
                         binlog_dir=tmp_path, log_path=tmp_path / "server.log", workdir=tmp_path)


def _launch(tmp_path: Path, script: str, timeout: float = 10.0) -> ProcessHandle:
    handle = _handle(tmp_path)
    launch_child_server(handle, [sys.executable, "-c", script], settings=ServerSettings(start_timeout=timeout),
                        words=WORDS, spawn_log=tmp_path / "server.log", cwd=tmp_path)
    return handle


def test_a_server_that_dies_names_its_exit_code_and_log(tmp_path: Path):
    with pytest.raises(ServerDiedError) as exc:
        _launch(tmp_path, "import sys; print('bad option --x'); sys.exit(7)")
    text = str(exc.value)
    assert text.startswith("fake-server exited with code 7 during startup; its log ")
    assert "bad option --x" in text


def test_a_taken_port_is_told_apart_so_the_caller_can_retry(tmp_path: Path):
    with pytest.raises(PortInUseError, match="fake-server could not bind port"):
        _launch(tmp_path, "print('Address already in use'); raise SystemExit(1)")


def test_a_server_that_never_listens_times_out_and_is_stopped(tmp_path: Path):
    handle = _handle(tmp_path)
    with pytest.raises(StartTimeoutError, match=r"fake-server did not accept a login on 127\.0\.0\.1:\d+ within 1s"):
        launch_child_server(handle, [sys.executable, "-c", "import time; time.sleep(60)"],
                            settings=ServerSettings(start_timeout=1.0), words=WORDS,
                            spawn_log=tmp_path / "server.log", cwd=tmp_path)
    assert handle.process is not None
    assert not handle.process.alive()  # nothing is left running after a failed start
