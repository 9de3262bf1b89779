"""`replbed serve` refuses what would make it lie or hang (issue 12, items 3, 4, 7, 9).

Every case runs the real command line (``python -m harness.cli serve``) or the real
protocol server, and checks what a user sees: one line and exit 2, MariaDB's error
packets, a server that stays idle under a flood it cannot accept.
"""

from __future__ import annotations

import os
import resource
import socket
import subprocess
import sys
import time
from pathlib import Path

import mysql.connector
import pytest

from harness.config import ServeConfig
from harness.server.app import build_server

ROOT = Path(__file__).resolve().parents[2]


def _serve(*args: str, timeout: float = 20.0, **kw) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("REPLBED_SERVE_PASSWORD", None)
    return subprocess.run([sys.executable, "-m", "harness.cli", "serve", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout, **kw)


def _one_line_error(proc: subprocess.CompletedProcess, *needles: str) -> str:
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, proc.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def test_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        proc = _serve("--port", str(port), "--binlog-dir", str(tmp_path / "b"))
    _one_line_error(proc, f"127.0.0.1:{port}", "already in use")
    assert not (tmp_path / "b" / "binlog.000001").exists()  # nothing written by a failed start


def test_unresolvable_host_is_one_line(tmp_path: Path) -> None:
    _one_line_error(_serve("--host", "no-such-host.invalid", "--port", "0", "--binlog-dir", str(tmp_path / "b")),
                    "--host no-such-host.invalid", "cannot resolve")


def test_binlog_dir_that_is_a_file_is_one_line(tmp_path: Path) -> None:
    f = tmp_path / "file"
    f.write_text("x")
    _one_line_error(_serve("--port", "0", "--binlog-dir", str(f)), str(f), "not a directory")


def test_a_binlog_dir_with_binlogs_is_not_reused(tmp_path: Path) -> None:
    """Tables live in memory and GTIDs would restart at 0-1-1: refuse, and say why."""
    d = tmp_path / "b"
    d.mkdir()
    (d / "binlog.000001").write_bytes(b"\xfebin")
    (d / "binlog.index").write_text("./binlog.000001\n")
    _one_line_error(_serve("--port", "0", "--binlog-dir", str(d)), "already holds binary logs", "empty directory")
    assert (d / "binlog.000001").read_bytes() == b"\xfebin"  # untouched


def test_no_password_means_loopback_only(tmp_path: Path) -> None:
    _one_line_error(_serve("--host", "0.0.0.0", "--port", "0", "--binlog-dir", str(tmp_path / "b")),
                    "--host 0.0.0.0", "not a loopback address", "--password")


@pytest.fixture
def served(tmp_path: Path):
    made = []

    def start(**kw):
        state, proto = build_server(ServeConfig(host="127.0.0.1", port=0, binlog_dir=tmp_path / f"b{len(made)}", **kw))
        proto.start()
        made.append((state, proto))
        return proto
    yield start
    for state, proto in made:
        proto.shutdown()
        state.shutdown()


def test_with_a_password_only_the_configured_account_logs_in(served) -> None:
    proto = served(password="pw", user="root")
    conn = mysql.connector.connect(host="127.0.0.1", port=proto.port, user="root", password="pw")
    conn.close()
    for user, password in (("bob", "pw"), ("root", "wrong")):
        with pytest.raises(mysql.connector.Error) as err:
            mysql.connector.connect(host="127.0.0.1", port=proto.port, user=user, password=password)
        assert err.value.errno == 1045
        assert f"Access denied for user '{user}'@'" in err.value.msg and "(using password: YES)" in err.value.msg


def test_one_client_past_max_connections_gets_1040(served) -> None:
    proto = served(max_connections=2)
    conns = [mysql.connector.connect(host="127.0.0.1", port=proto.port, user="root") for _ in range(2)]
    try:
        with pytest.raises(mysql.connector.Error) as err:
            mysql.connector.connect(host="127.0.0.1", port=proto.port, user="root")
        assert err.value.errno == 1040 and "Too many connections" in err.value.msg
        conns.pop().close()
        deadline = time.monotonic() + 5
        while proto.connection_count() >= 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        mysql.connector.connect(host="127.0.0.1", port=proto.port, user="root").close()  # room again
    finally:
        for c in conns:
            c.close()


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_out_of_file_descriptors_does_not_spin(tmp_path: Path) -> None:
    """With its descriptors exhausted the server must idle, not busy-loop on accept()."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = tmp_path / "serve.log"

    def limit_fds() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (40, 40))

    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "harness.cli", "serve", "--port", str(port),
                                 "--binlog-dir", str(tmp_path / "b")], cwd=ROOT, env=env, stdout=out,
                                stderr=subprocess.STDOUT, preexec_fn=limit_fds)
    clients: list[socket.socket] = []
    try:
        deadline = time.monotonic() + 20
        while b"listening" not in log.read_bytes():
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)
        for _ in range(60):  # more than the server can hold open
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            clients.append(s)
        time.sleep(1.0)
        before = _cpu_seconds(proc.pid)
        time.sleep(2.0)
        used = _cpu_seconds(proc.pid) - before
        assert proc.poll() is None
        assert used < 0.5, f"server used {used:.2f} s of CPU in 2 s while out of descriptors"
        failures = log.read_text().count("accept failed")
        assert 1 <= failures <= 3, log.read_text()[-2000:]
    finally:
        for s in clients:
            s.close()
        proc.terminate()
        proc.wait(timeout=20)
