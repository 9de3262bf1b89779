"""Random bytes on the wire and process signals must never take the server down."""

from __future__ import annotations

import logging
import os
import signal
import socket
import struct
import subprocess
import sys
from typing import Iterator

import mysql.connector
import pytest
from conftest import PASSWORD
from echo_session import EchoFactory
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from raw_client import RawClient, wait_until

from harness.server import protocol as p
from harness.server.server import ProtocolServer

HERE = os.path.dirname(__file__)
ROOT = os.path.dirname(os.path.dirname(HERE))


@pytest.fixture(scope="module")
def fuzz_server() -> Iterator[ProtocolServer]:
    srv = ProtocolServer("127.0.0.1", 0, EchoFactory(), password=PASSWORD, max_allowed_packet=1 << 20, connect_timeout=5).start()
    yield srv
    srv.shutdown()


def _drain_until_closed(sock: socket.socket) -> None:
    """Half-close, then read until the server closes; fail if it never does."""
    sock.settimeout(10)
    try:
        sock.shutdown(socket.SHUT_WR)
    except OSError:
        pass
    try:
        while sock.recv(65536):
            pass
    except ConnectionResetError:
        pass
    finally:
        sock.close()


def _assert_healthy(srv: ProtocolServer) -> None:
    rc = RawClient(srv.port)
    assert rc.login(password=PASSWORD)[0] == p.OK_HEADER
    assert rc.query_rows("ECHO ok") == [[b"ok"]]
    rc.close()


# Packets that look plausible (right framing, random command bytes) reach the
# command dispatcher; raw random bytes exercise framing and sequence checks.
_framed = st.lists(
    st.tuples(st.integers(0, 255), st.binary(max_size=64)).map(
        lambda t: len(t[1]).to_bytes(3, "little") + bytes((t[0],)) + t[1]
    ),
    max_size=6,
).map(b"".join)
_chunks = st.one_of(st.binary(max_size=512), _framed, st.builds(lambda c, b: bytes((len(b) + 1, 0, 0, 0, c)) + b, st.integers(0, 255), st.binary(max_size=40)))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=_chunks)
def test_random_bytes_after_handshake(fuzz_server: ProtocolServer, data: bytes, caplog) -> None:
    with caplog.at_level(logging.WARNING, "harness.server"):
        rc = RawClient(fuzz_server.port)
        assert rc.login(password=PASSWORD)[0] == p.OK_HEADER
        try:
            rc.sock.sendall(data)
        except OSError:
            pass
        _drain_until_closed(rc.sock)
    assert not [r for r in caplog.records if "internal error" in r.getMessage()]
    assert wait_until(lambda: fuzz_server.connection_count() == 0)


def _seq1(payload: bytes) -> bytes:
    return len(payload).to_bytes(3, "little") + b"\x01" + payload


_responses = st.one_of(
    st.binary(max_size=300),
    st.binary(max_size=200).map(_seq1),
    # a plausible HandshakeResponse41 prefix with random flags and a random tail
    st.builds(
        lambda caps, tail: _seq1(struct.pack("<IIB", caps | p.CLIENT_PROTOCOL_41, 1 << 24, 45) + b"\0" * 23 + tail),
        st.integers(0, 2**32 - 1),
        st.binary(max_size=120),
    ),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=_responses)
def test_random_bytes_instead_of_handshake_response(fuzz_server: ProtocolServer, data: bytes, caplog) -> None:
    with caplog.at_level(logging.WARNING, "harness.server"):
        s = socket.create_connection(("127.0.0.1", fuzz_server.port), timeout=10)
        s.recv(4096)
        try:
            s.sendall(data)
        except OSError:
            pass
        _drain_until_closed(s)
    assert not [r for r in caplog.records if "internal error" in r.getMessage()]
    assert wait_until(lambda: fuzz_server.connection_count() == 0)


def test_server_still_serves_after_fuzzing(fuzz_server: ProtocolServer) -> None:
    _assert_healthy(fuzz_server)
    c = mysql.connector.connect(host="127.0.0.1", port=fuzz_server.port, user="root", password=PASSWORD, use_pure=True)
    cur = c.cursor()
    cur.execute("NULLS")
    assert len(cur.fetchall()) == 3
    c.close()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_signal_stops_server_gracefully(sig: int) -> None:
    proc = subprocess.Popen(
        [sys.executable, os.path.join(HERE, "serve_echo.py"), "0", PASSWORD],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": ROOT},
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("PORT "), line + (proc.stderr.read() if proc.stderr else "")
        port = int(line.split()[1])
        conns = [
            mysql.connector.connect(host="127.0.0.1", port=port, user="root", password=PASSWORD, use_pure=True)
            for _ in range(2)
        ]
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=15)
        assert proc.returncode == 0, err
        assert "CLOSED 2" in out
        assert "Traceback" not in err
        for c in conns:
            assert not c.is_connected()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
