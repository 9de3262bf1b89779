"""A wire fuzzer for any MySQL-protocol server: garbage, truncated and oversized packets.

Used by the bounded CI test (tests/server/test_wire_fuzz.py) against ``replbed serve``
and by the long benchmark (benchmarks/wire_fuzz.py). Each *case* opens a connection and
sends one malformed thing, before or after authentication:

* random bytes instead of the handshake response, or instead of a command;
* a packet header announcing more bytes than follow (truncated), then a close;
* a header announcing ~16 MiB or more (oversized) with little behind it;
* out-of-order sequence ids;
* a real command byte (COM_QUERY, COM_INIT_DB, COM_FIELD_LIST, …) with a random or
  mutated payload, including mutated SQL.

After every case a separate health connection must log in and answer ``SELECT 1``
within ``hang_after`` seconds, or the case counts as a hang; a server process that is
gone counts as a crash. The fuzzer never waits on the fuzzed connection itself, since a
server is right to wait for the rest of a truncated packet.
"""

from __future__ import annotations

import random
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path

from harness.server import protocol as p

CLIENT_CAPS = (p.CLIENT_LONG_PASSWORD | p.CLIENT_LONG_FLAG | p.CLIENT_PROTOCOL_41 | p.CLIENT_TRANSACTIONS
               | p.CLIENT_SECURE_CONNECTION | p.CLIENT_PLUGIN_AUTH | p.CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA)

SEED_SQL = [
    "SELECT 1", "CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(20)) ENGINE=InnoDB",
    "INSERT INTO t VALUES (1, 'x'), (2, 'y')", "UPDATE t SET b = CONCAT(b, 'z') WHERE a > 0",
    "DELETE FROM t WHERE a = 2", "BEGIN", "COMMIT", "ROLLBACK", "SHOW BINLOG EVENTS",
    "SELECT CONV(REPEAT('f', 50), 16, 10)", "SET @v = 'abc'", "SHOW WARNINGS", "DROP TABLE IF EXISTS t",
    "BINLOG 'AAAA'", "SELECT * FROM t ORDER BY a LIMIT 1",
]
COMMANDS = [p.COM_QUERY, 0x02, 0x04, 0x0E, 0x09, 0x11, 0x16, 0x17, 0x19, 0x1A, 0x1F, 0x12, 0x14, 0xFF, 0x00]


@dataclass
class FuzzReport:
    cases: int = 0
    packets: int = 0
    crashes: int = 0
    hangs: int = 0
    slowest_health_s: float = 0.0
    peak_rss_bytes: int = 0
    failures: list[str] = field(default_factory=list)


def _recv_packet(sock: socket.socket) -> bytes:
    head = _recv_exact(sock, 4)
    length, _ = p.parse_packet_header(head)
    return _recv_exact(sock, length)


def _recv_exact(sock: socket.socket, n: int) -> bytes:
    buf = bytearray()
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise ConnectionError("closed")
        buf += chunk
    return bytes(buf)


def _send(sock: socket.socket, payload: bytes, seq: int) -> None:
    framed, _ = p.frame_packets(payload, seq)
    sock.sendall(framed)


def login(host: str, port: int, user: str, password: str, timeout: float) -> socket.socket:
    sock = socket.create_connection((host, port), timeout=timeout)
    hs = p.decode_handshake_v10(_recv_packet(sock))
    auth = p.native_password_scramble(password, hs.scramble) if password else b""
    resp = p.HandshakeResponse(CLIENT_CAPS, 1 << 24, 45, user, auth, None, p.NATIVE_PASSWORD_PLUGIN, {})
    _send(sock, p.encode_handshake_response(resp), 1)
    reply = _recv_packet(sock)
    if reply[:1] == bytes((p.AUTH_SWITCH_HEADER,)) and len(reply) > 1:
        r = p.PayloadReader(reply[1:])
        r.nul_bytes()
        salt = r.rest().rstrip(b"\0")
        _send(sock, p.native_password_scramble(password, salt) if password else b"", 3)
        reply = _recv_packet(sock)
    if reply[:1] != b"\x00":
        sock.close()
        raise ConnectionError(f"login refused: {reply[:80]!r}")
    return sock


def health(host: str, port: int, user: str, password: str, timeout: float) -> float:
    """Seconds for a fresh connection to log in and answer SELECT 1 (raises on failure)."""
    start = time.monotonic()
    sock = login(host, port, user, password, timeout)
    try:
        _send(sock, bytes((p.COM_QUERY,)) + b"SELECT 1", 0)
        first = _recv_packet(sock)
        if first[:1] == bytes((p.ERR_HEADER,)):
            raise ConnectionError("SELECT 1 failed")
    finally:
        sock.close()
    return time.monotonic() - start


def _mutate(rng: random.Random, data: bytes) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(5)
        if op == 0 and b:
            b[rng.randrange(len(b))] = rng.randrange(256)
        elif op == 1 and b:
            del b[rng.randrange(len(b)):]
        elif op == 2:
            b[rng.randrange(len(b) + 1):0] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif op == 3 and b:
            i = rng.randrange(len(b))
            b[i:i] = b[i:i + rng.randint(1, 64)] * rng.randint(2, 50)
        else:
            b += rng.choice([b"'", b"(", b"\\", b"\x00", b"/*", b"`", b"\xff\xfe"])
    return bytes(b)


def _case(rng: random.Random, host: str, port: int, user: str, password: str, timeout: float) -> int:
    """One malformed interaction; returns how many packets (or raw chunks) it sent."""
    pre_auth = rng.random() < 0.25
    try:
        if pre_auth:
            sock = socket.create_connection((host, port), timeout=timeout)
            _recv_packet(sock)
        else:
            sock = login(host, port, user, password, timeout)
    except (OSError, ConnectionError, ValueError):
        return 0
    sent = 0
    try:
        for _ in range(rng.randint(1, 4)):
            kind = rng.randrange(6)
            seq = 1 if pre_auth else 0
            if kind == 0:  # raw garbage
                sock.sendall(bytes(rng.randrange(256) for _ in range(rng.randint(1, 64))))
            elif kind == 1:  # truncated: the header promises more than follows
                n = rng.randint(2, 5000)
                sock.sendall(n.to_bytes(3, "little") + bytes((seq,)) + bytes(rng.randrange(256) for _ in range(n // 2)))
            elif kind == 2:  # oversized header
                n = rng.choice([0xFFFFFF, 0xFFFFFE, 1 << 23, (1 << 24) - 2])
                sock.sendall(n.to_bytes(3, "little") + bytes((seq,)) + b"\x03SELECT 1")
            elif kind == 3:  # wrong sequence id
                _send(sock, bytes((p.COM_QUERY,)) + b"SELECT 1", rng.randrange(2, 256))
            elif kind == 4:  # a real command with a random payload
                body = bytes(rng.randrange(256) for _ in range(rng.randint(0, 48)))
                _send(sock, bytes((rng.choice(COMMANDS),)) + body, seq)
            else:  # mutated SQL
                _send(sock, bytes((p.COM_QUERY,)) + _mutate(rng, rng.choice(SEED_SQL).encode()), seq)
            sent += 1
            try:  # take whatever answer is there, without waiting for one
                sock.settimeout(0.02)
                sock.recv(1 << 16)
            except (TimeoutError, OSError):
                pass
    except OSError:
        pass
    finally:
        sock.close()
    return sent


def _rss_peak(pid: int | None) -> int:
    if pid is None:
        return 0
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return 0
    return 0


def _alive(pid: int | None) -> bool:
    return pid is None or Path(f"/proc/{pid}").exists()


def fuzz(host: str, port: int, *, packets: int, seed: int = 0, user: str = "root", password: str = "",
         pid: int | None = None, hang_after: float = 1.0, deadline_s: float | None = None) -> FuzzReport:
    """Fuzz until ``packets`` malformed packets were sent (or ``deadline_s`` passed)."""
    rng = random.Random(seed)
    report = FuzzReport()
    end = None if deadline_s is None else time.monotonic() + deadline_s
    while report.packets < packets and (end is None or time.monotonic() < end):
        # A case that could not even connect still counts: the health check judges it.
        report.packets += max(1, _case(rng, host, port, user, password, timeout=5.0))
        report.cases += 1
        if not _alive(pid):
            report.crashes += 1
            report.failures.append(f"case {report.cases}: the server process is gone")
            break
        try:
            took = health(host, port, user, password, timeout=hang_after * 5)
        except (OSError, ConnectionError, ValueError) as exc:
            if not _alive(pid):
                report.crashes += 1
                report.failures.append(f"case {report.cases}: the server process is gone")
                break
            report.hangs += 1
            report.failures.append(f"case {report.cases}: health check failed: {exc}")
            continue
        report.slowest_health_s = max(report.slowest_health_s, took)
        if took > hang_after:
            report.hangs += 1
            report.failures.append(f"case {report.cases}: SELECT 1 took {took:.2f} s")
    report.peak_rss_bytes = _rss_peak(pid)
    return report
