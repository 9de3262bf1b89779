"""harness/fsutil.py: a result file is the old version or the new one, never torn."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from harness.fsutil import atomic_write_json

ROOT = Path(__file__).resolve().parents[1]

WRITER = """
import sys
from harness.fsutil import atomic_write_json
n = 0
while True:
    n += 1
    atomic_write_json(sys.argv[1], {"n": n, "rows": [{"case": "c%d" % i, "pad": "x" * 200} for i in range(3000)]})
"""


def test_a_value_that_cannot_be_serialized_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "summary.json"
    atomic_write_json(target, [{"case": "a"}])
    with pytest.raises(TypeError):
        atomic_write_json(target, [{"case": object()}])
    assert json.loads(target.read_text()) == [{"case": "a"}]
    assert [p.name for p in tmp_path.iterdir()] == ["summary.json"]


def test_sigkill_mid_write_never_leaves_a_torn_file(tmp_path: Path) -> None:
    """Kill a writer that rewrites a ~700 kB file in a loop, ten times at random
    moments; whatever is on disk must always parse."""
    target = tmp_path / "summary.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    seen = set()
    for i in range(10):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(target)], env=env)
        deadline = time.monotonic() + 20
        while not target.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.05 + 0.037 * i)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        data = json.loads(target.read_text())  # torn JSON would raise here
        assert len(data["rows"]) == 3000
        seen.add(data["n"])
    assert seen  # the kills landed while the writer was running


def test_scratch_root_is_tmpfs_or_the_fallback_and_release_keeps_the_logs(tmp_path, monkeypatch):
    from harness.fsutil import release_scratch, scratch_root

    fallback = tmp_path / "servers"
    root = scratch_root(fallback, "replbed-test-")
    assert root == fallback or str(root).startswith("/dev/shm/replbed-test-")
    (root / "replay-a").mkdir(parents=True)
    (root / "replay-a" / "mariadbd.err").write_text("log line\n")
    (root / "replay-a" / "data").mkdir()
    release_scratch(root, fallback)
    assert (fallback / "replay-a" / "mariadbd.err").read_text() == "log line\n"
    if root != fallback:
        assert not root.exists()
    monkeypatch.setenv("REPLBED_TMPFS", "0")
    assert scratch_root(fallback, "replbed-test-") == fallback


def test_a_scratch_root_whose_run_is_gone_is_stale_and_a_live_runs_is_not(tmp_path: Path) -> None:
    """tmpfs scratch roots record their owner, so `replbed cleanup` removes those of runs killed
    with SIGKILL (which never release them) and never one a running harness still uses."""
    from harness.fsutil import SCRATCH_OWNER, scratch_root, stale_scratch_roots

    ours = scratch_root(tmp_path / "fallback", "replbed-replay-")
    if ours.parent != Path("/dev/shm"):
        pytest.skip("no tmpfs with room here")
    try:
        owner = json.loads((ours / SCRATCH_OWNER).read_text())
        assert owner["pid"] == os.getpid()
        dead = subprocess.Popen([sys.executable, "-c", "pass"])
        dead.wait()
        shm = tmp_path / "shm"
        shm.mkdir()
        (shm / "replbed-replay-live").mkdir()
        (shm / "replbed-replay-live" / SCRATCH_OWNER).write_text((ours / SCRATCH_OWNER).read_text())
        (shm / "replbed-fuzz-dead").mkdir()
        atomic_write_json(shm / "replbed-fuzz-dead" / SCRATCH_OWNER, {"pid": dead.pid, "start_time": "1"})
        (shm / "replbed-replay-old").mkdir()  # before owners were recorded, named by no process
        os.utime(shm / "replbed-replay-old", (time.time() - 3600, time.time() - 3600))
        (shm / "replbed-replay-new").mkdir()  # ... but too young to tell from a run starting
        (shm / "someone-else").mkdir()
        assert [p.name for p in stale_scratch_roots(shm)] == ["replbed-fuzz-dead", "replbed-replay-old"]
        assert ours not in stale_scratch_roots()
    finally:
        import shutil

        shutil.rmtree(ours, ignore_errors=True)
