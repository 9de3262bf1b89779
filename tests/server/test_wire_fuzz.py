"""A bounded wire fuzz of the real ``replbed serve`` process in CI (issue 12).

Garbage, truncated and oversized packets, wrong sequence ids and random command
payloads (harness/server/wirefuzz.py): the process must survive, a fresh client must
get ``SELECT 1`` answered within a second after every case, and memory stays bounded.
The long run is benchmarks/wire_fuzz.py.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import mysql.connector

from harness.providers.base import ServerSettings
from harness.providers.replbed import ReplbedHandle, ReplbedProvider
from harness.server import wirefuzz

ROOT = Path(__file__).resolve().parents[2]


def _serve(tmp_path: Path) -> ReplbedHandle:
    """``replbed serve`` as the regression starts it (its own process, a password)."""
    return ReplbedProvider().start(ServerSettings(), tmp_path / "serve")


def test_the_fuzzer_reports_a_crash_and_a_hang(tmp_path: Path) -> None:
    """The checker itself: a stopped server is a hang, a dead one a crash."""
    h = _serve(tmp_path)
    assert h.process is not None
    pid = h.process.pid
    try:
        os.kill(pid, signal.SIGSTOP)
        stalled = wirefuzz.fuzz("127.0.0.1", h.port, packets=2, seed=1, password=h.password, pid=pid,
                                hang_after=0.2)
        assert stalled.hangs >= 1 and stalled.crashes == 0
        os.kill(pid, signal.SIGCONT)
        h.kill()
        dead = wirefuzz.fuzz("127.0.0.1", h.port, packets=5, seed=1, password=h.password, pid=pid)
        assert dead.crashes == 1
    finally:
        h.stop()


def test_replbed_serve_survives_a_bounded_wire_fuzz(tmp_path: Path) -> None:
    h = _serve(tmp_path)
    assert h.process is not None
    try:
        conn = mysql.connector.connect(host="127.0.0.1", port=h.port, user=h.user, password=h.password,
                                       autocommit=True)
        conn.cursor().execute("CREATE DATABASE test")
        conn.close()
        report = wirefuzz.fuzz("127.0.0.1", h.port, packets=600, seed=12, user=h.user, password=h.password,
                               pid=h.process.pid, deadline_s=60)
        assert report.packets >= 300, report  # the bound is time, not luck
        assert report.crashes == 0 and report.hangs == 0, report.failures[:5]
        assert report.peak_rss_bytes < 1 << 30, report.peak_rss_bytes
        assert h.alive()
    finally:
        h.stop()
