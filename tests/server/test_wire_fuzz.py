"""A bounded wire fuzz of the real ``replbed serve`` process in CI (issue 12).

Garbage, truncated and oversized packets, wrong sequence ids and random command
payloads (harness/server/wirefuzz.py): the process must survive, a fresh client must
get ``SELECT 1`` answered within a second after every case, and memory stays bounded.
The long run is benchmarks/wire_fuzz.py.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import mysql.connector

from harness.server import wirefuzz

ROOT = Path(__file__).resolve().parents[2]


def _serve(tmp_path: Path) -> tuple[subprocess.Popen, int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, PYTHONPATH=str(ROOT), REPLBED_SERVE_PASSWORD="pw")
    proc = subprocess.Popen([sys.executable, "-m", "harness.cli", "serve", "--port", str(port),
                             "--binlog-dir", str(tmp_path / "b")], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while True:
        try:
            wirefuzz.health("127.0.0.1", port, "root", "pw", timeout=2)
            return proc, port
        except (OSError, ConnectionError):
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.1)


def test_the_fuzzer_reports_a_crash_and_a_hang(tmp_path: Path) -> None:
    """The checker itself: a stopped server is a hang, a dead one a crash."""
    proc, port = _serve(tmp_path)
    try:
        proc.send_signal(signal.SIGSTOP)
        stalled = wirefuzz.fuzz("127.0.0.1", port, packets=2, seed=1, password="pw", pid=proc.pid, hang_after=0.2)
        assert stalled.hangs >= 1 and stalled.crashes == 0
        proc.send_signal(signal.SIGCONT)
        proc.kill()
        proc.wait()
        dead = wirefuzz.fuzz("127.0.0.1", port, packets=5, seed=1, password="pw", pid=proc.pid)
        assert dead.crashes == 1
    finally:
        proc.kill()
        proc.wait()


def test_replbed_serve_survives_a_bounded_wire_fuzz(tmp_path: Path) -> None:
    proc, port = _serve(tmp_path)
    try:
        conn = mysql.connector.connect(host="127.0.0.1", port=port, user="root", password="pw", autocommit=True)
        conn.cursor().execute("CREATE DATABASE test")
        conn.close()
        report = wirefuzz.fuzz("127.0.0.1", port, packets=600, seed=12, password="pw", pid=proc.pid,
                               deadline_s=60)
        assert report.packets >= 300, report  # the bound is time, not luck
        assert report.crashes == 0 and report.hangs == 0, report.failures[:5]
        assert report.peak_rss_bytes < 1 << 30, report.peak_rss_bytes
        assert proc.poll() is None
    finally:
        proc.terminate()
        proc.wait(timeout=30)
