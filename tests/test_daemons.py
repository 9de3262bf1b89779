"""Stop what you start: a daemon started inside a session or run is stopped when it ends;
one that was already running, or that someone else started, is left alone."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from harness.daemons import OWNER_ENV, PIDFILE_ENV, StopStartedDaemons, _alive

# what scripts/docker_setup.sh does when it starts dockerd: detach it (setsid), then record
# "PID OWNER" with the owner it inherited from the session's environment
START = 'setsid sleep 300 >/dev/null 2>&1 </dev/null & echo "$! ${REPLBED_DAEMON_OWNER:-}" > "$REPLBED_DOCKERD_PIDFILE"'


@pytest.fixture
def pidfile(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "dockerd.pid"
    monkeypatch.setenv(PIDFILE_ENV, str(path))
    monkeypatch.delenv(OWNER_ENV, raising=False)  # the test session's own block is outside these
    return path


def _pid(pidfile: Path) -> int:
    return int(pidfile.read_text().split()[0])


def _reap(pid: int) -> None:
    if _alive(pid):
        os.kill(pid, signal.SIGKILL)
    for _ in range(50):
        if not _alive(pid):
            return
        time.sleep(0.1)


def test_a_daemon_started_inside_the_block_is_stopped_when_it_ends(pidfile) -> None:
    with StopStartedDaemons() as block:
        subprocess.run(["bash", "-c", START], check=True, env=os.environ.copy())
        pid = _pid(pidfile)
        assert _alive(pid) and pidfile.read_text().split()[1] == block.owner
    assert not _alive(pid), "the daemon outlived the block that started it"
    assert not pidfile.exists()
    assert block.stopped and str(pid) in block.stopped[0]
    assert OWNER_ENV not in os.environ


def test_a_daemon_already_running_is_left_alone(pidfile) -> None:
    subprocess.run(["bash", "-c", START], check=True, env=os.environ.copy())  # before: no owner
    pid = _pid(pidfile)
    try:
        with StopStartedDaemons() as block:
            pass
        assert _alive(pid) and block.stopped == [] and pidfile.exists()
        # nor one another session started
        pidfile.write_text(f"{pid} someone-else\n")
        with StopStartedDaemons() as block:
            pass
        assert _alive(pid) and block.stopped == []
    finally:
        _reap(pid)


def test_nested_blocks_leave_it_to_the_outermost(pidfile) -> None:
    with StopStartedDaemons() as outer:
        with StopStartedDaemons():
            subprocess.run(["bash", "-c", START], check=True, env=os.environ.copy())
        pid = _pid(pidfile)
        assert _alive(pid), "an inner block (a run inside a test session) must not stop the session's daemon"
    assert not _alive(pid) and outer.stopped


def test_docker_setup_records_the_owner() -> None:
    text = (Path(__file__).resolve().parents[1] / "scripts" / "docker_setup.sh").read_text()
    assert 'echo "$pid ${REPLBED_DAEMON_OWNER:-}" >"$PIDFILE"' in text
