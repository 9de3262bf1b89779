"""``replbed run`` killed with SIGKILL at any step leaves nothing ``replbed cleanup`` cannot remove.

A real run (MariaDB and ``replbed serve`` started by the providers, Spark for the
analysis) is SIGKILLed at a step; every server it started must still be findable from
its record and be gone after ``replbed cleanup``, and no process carrying one of its
tokens may survive. The Spark JVM exits by itself when its Python driver dies.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from harness.providers.process import TOKEN_ENV

ROOT = Path(__file__).resolve().parents[1]


def _tokens(state: Path) -> set[str]:
    out = set()
    for rec in state.glob("server-*.json"):
        try:
            out.add(json.loads(rec.read_text())["token"])
        except (OSError, ValueError, KeyError):
            pass
    return out


def _alive_with(tokens: set[str]) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            env = (entry / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if any(f"{TOKEN_ENV}={t}".encode() in env for t in tokens):
            found.append(int(entry.name))
    return found


def _shm_roots() -> set[Path]:
    return set(Path("/dev/shm").glob("replbed-*"))


def _left_of(made: set[Path], pid: int) -> list[Path]:
    """The scratch roots made while the run ran that still exist and are the run's (an owner
    record naming it, or none: another test's live run records its own pid)."""
    from harness.fsutil import SCRATCH_OWNER

    out = []
    for d in made:
        try:
            if json.loads((d / SCRATCH_OWNER).read_text())["pid"] != pid:
                continue
        except (OSError, ValueError, KeyError):
            pass
        if d.exists():
            out.append(d)
    return out


def _children_of(pid: int) -> list[int]:
    kids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                kids.append(int(entry.name))
    return kids


@pytest.mark.slow
@pytest.mark.parametrize("step", ["[collect] reference", "[collect] replbed", "[decode]", "[analyze]"])
def test_sigkill_at_any_step_leaves_nothing_cleanup_cannot_remove(tmp_path: Path, step: str) -> None:
    state = tmp_path / "state"
    state.mkdir(mode=0o700)
    env = dict(os.environ, PYTHONPATH=str(ROOT), REPLBED_STATE_DIR=str(state))
    log = tmp_path / "run.log"
    shm_before = _shm_roots()
    with open(log, "wb") as out:
        run = subprocess.Popen([sys.executable, "-m", "harness.cli", "run", "--case", "seed000_example*",
                                "--formats", "ROW", "MIXED", "--out", str(tmp_path / "runs")],
                               cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    seen: set[str] = set()
    deadline = time.monotonic() + 240

    def steps_so_far() -> str:
        """The console and the run's own log (runs/<id>/logs/run.log holds the step lines)."""
        return log.read_text(errors="replace") + "".join(
            p.read_text(errors="replace") for p in (tmp_path / "runs").glob("*/logs/run.log"))

    try:
        while step not in steps_so_far():
            assert run.poll() is None, f"the run ended before {step!r}:\n{log.read_text()[-2000:]}"
            assert time.monotonic() < deadline, f"{step!r} never came:\n{log.read_text()[-2000:]}"
            seen |= _tokens(state)
            time.sleep(0.05)
        time.sleep(0.3)  # inside the step
        seen |= _tokens(state)
        kids = _children_of(run.pid)
        made = _shm_roots() - shm_before
        run.send_signal(signal.SIGKILL)
        run.wait()
        # What the run left: every server it started is recorded and findable by its token.
        left = _alive_with(seen)
        cleaned = subprocess.run([sys.executable, "-m", "harness.cli", "cleanup"], cwd=ROOT, env=env,
                                 capture_output=True, text=True, timeout=60)
        assert cleaned.returncode == 0, cleaned.stderr
        # The Spark gateway JVM notices its driver is gone when its stdin closes; on a busy
        # machine that took more than 15 s once (CI), so it gets a minute.
        end = time.monotonic() + 60
        while (_alive_with(seen) or [k for k in kids if Path(f"/proc/{k}").exists()]) and time.monotonic() < end:
            time.sleep(0.1)
        assert not _alive_with(seen), f"left after cleanup: {_alive_with(seen)} (before: {left})\n{cleaned.stdout}"
        # Direct children (the Spark gateway JVM) end once their driver is gone.
        survivors = [k for k in kids if Path(f"/proc/{k}").exists()
                     and "zombie" not in Path(f"/proc/{k}/status").read_text().lower()]
        assert not survivors, [(k, Path(f"/proc/{k}/cmdline").read_bytes()[:200]) for k in survivors]
        assert not list(state.glob("server-*.json"))
        # nor the tmpfs scratch roots (replay servers' data) the killed run made: tmpfs is memory
        assert not _left_of(made, run.pid), cleaned.stdout
    finally:
        if run.poll() is None:
            run.kill()
        for pid in _alive_with(seen):
            os.kill(pid, signal.SIGKILL)
