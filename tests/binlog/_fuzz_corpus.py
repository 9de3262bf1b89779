"""Seeds, mutations and the per-input contract of the decoder fuzzing (issue 12).

Shared by the bounded CI test (``tests/binlog/test_fuzz.py``) and the long
benchmark (``benchmarks/decoder_fuzz.py``), so both fuzz the same inputs the
same way. Seeds:

* the golden MariaDB 10.11 binlogs captured from real servers;
* the MySQL 8.0 event streams from public repositories (Rows v2, Gtid,
  Previous_gtids, Rows_query ...);
* binlogs written by replbed itself, in both flavours (MariaDB: rows v1;
  MySQL 8.0: rows v2), of a table holding every column type the writer
  emits, with NULLs, in Write/Update/Delete rows events.

The contract, per input: decoding (fast path and reference path) plus the
Info text ends in a result or a :class:`DecodeError` -- no other exception,
within a time bound (a CPU-time watchdog, SIGPROF) and a memory bound (tracemalloc).
"""

from __future__ import annotations

import base64
import random
import signal
import struct
import threading
import tracemalloc
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from harness.binlog import BinlogReader, DecodeError, info_text
from harness.binlog.constants import BINLOG_MAGIC

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "binlog"

# Every column type the replbed writer emits in a Table_map (the engine's
# types as their binlog column types), NULL-able so NULL bitmaps vary too.
TYPED_TABLE = """CREATE TABLE typed (
  id INT PRIMARY KEY, ti TINYINT, tu TINYINT UNSIGNED, si SMALLINT, mi MEDIUMINT UNSIGNED,
  bi BIGINT, fl FLOAT, db DOUBLE, de DECIMAL(20,6), dn DECIMAL(5,0),
  vc VARCHAR(20), vl VARCHAR(300), ch CHAR(4), bn BINARY(3), vb VARBINARY(10),
  tx TEXT, bl BLOB, tb TINYBLOB, en ENUM('a','b','c'), st SET('x','y','z'),
  dt DATE, dtm DATETIME, dt6 DATETIME(6), ts TIMESTAMP(3) NULL DEFAULT NULL, tm TIME,
  tm2 TIME(2), yr YEAR, bt BIT(10))"""
TYPED_ROWS = [
    ("INSERT INTO typed VALUES (1, -128, 255, -32768, 16777215, -9223372036854775808, 1.5, "
     "-2.25e100, 12345678901234.123456, -99999, 'abc', REPEAT('v', 300), 'ch', 'b\\0', 'vb', "
     "'text', 'blob', 'tb', 'b', 'x,z', '2024-02-29', '1000-01-01 00:00:00', "
     "'9999-12-31 23:59:59.999999', '2038-01-19 03:14:07.123', '-838:59:59', '12:34:56.78', "
     "2155, b'1010101010')"),
    "INSERT INTO typed (id) VALUES (2), (3)",
    ("INSERT INTO typed VALUES (4, 1, 2, 3, 4, 5, 0, 0, 0, 0, '', '', '', '', '', '', '', '', "
     "'a', '', '0000-00-00', '0000-00-00 00:00:00', '2001-01-01 01:01:01.000001', NULL, "
     "'00:00:00', '-00:00:01.5', 1901, b'0')"),
    "UPDATE typed SET vc = 'upd', de = -0.000001, dt6 = '2020-06-15 12:00:00.5' WHERE id <= 2",
    "DELETE FROM typed WHERE id = 3",
]


def _golden_mariadb() -> list[bytes]:
    root = FIXTURES / "mariadb-10.11"
    files = sorted(p for p in root.glob("*/binlog.[0-9]*") if p.suffix[1:].isdigit())
    return [p.read_bytes() for p in files]


def _mysql80_streams() -> list[bytes]:
    root = FIXTURES / "mysql-8.0"
    out = []
    for p in sorted(root.iterdir()):
        if p.suffix == ".hex":
            out.append(BINLOG_MAGIC + b"".join(bytes.fromhex(x) for x in p.read_text().split()))
        elif p.suffix == ".b64":
            out.append(BINLOG_MAGIC + b"".join(
                base64.b64decode(x) for x in p.read_text().splitlines() if x and not x.startswith("#")))
    return out


def pre_ga_5_1_stream() -> bytes:
    """A MySQL 5.1.15 stream with the pre-GA rows events (types 20-22) of a MyISAM
    ``t1 (a INT, b CHAR(50))``, built as binlog suite std_data/ver_5_1_17.001 holds them:
    a 5.1 Format_description (no checksum byte), a metadata-less Table_map, then a write,
    an update and a delete of record images."""
    import struct
    fde = base64.b64decode("4CdYRw8BAAAAYgAAAGYAAAAAAAQANS4xLjE1LW5kYi02LjEuMjQtZGVidWctbG9nAAAAAAAAAAAA"
                           "AAAAAAAAAAAAAAAAAADgJ1hHEzgNAAgAEgAEBAQEEgAATwAEGggICAg=")
    one, two = b"\x03one", b"\x03two"

    def rec(a: int, b: bytes) -> bytes:
        return b"\xf9" + a.to_bytes(4, "little") + b

    out = [fde]
    for tc, body in ((19, b"\x04test\x00\x02t1\x00\x02\x03\xfe"),
                     (20, b"\x02\xff" + rec(0, one) + rec(1, two)),
                     (21, b"\x02\xff" + rec(0, one) + rec(1, one) + rec(1, two) + rec(2, two)),
                     (22, b"\x02\xff" + rec(2, two))):
        post = b"\x10\0\0\0\0\0" + (b"\0\0" if tc == 19 else b"\x01\0")
        pos = 4 + sum(len(x) for x in out)
        size = 19 + len(post) + len(body)
        out.append(struct.pack("<IBIIIH", 1199978447, tc, 1, size, pos + size, 0) + post + body)
    return BINLOG_MAGIC + b"".join(out)


def replbed_typed_binlogs(tmp: Path) -> list[bytes]:
    """Binlogs replbed writes (ROW format) for :data:`TYPED_TABLE`, one per flavour."""
    from harness.config import ServeConfig
    from harness.sql.server import ServerState
    from harness.sql.thd import Thd

    out = []
    for flavor in ("mariadb-10.11", "mysql-8.0"):
        mysql = flavor.startswith("mysql")
        state = ServerState(ServeConfig(port=0, binlog_dir=tmp / flavor, flavor=flavor,
                                        gtid_mode="ON" if mysql else "OFF"))
        state.start()
        try:
            thd = Thd(state, 1, db=None)
            state.sessions[1] = thd
            for sql in ("CREATE DATABASE IF NOT EXISTS test", "USE test",
                        "SET SESSION binlog_format = 'ROW'", "SET SESSION sql_mode = ''",
                        *(["SET SESSION binlog_rows_query_log_events = ON"] if mysql else []),
                        TYPED_TABLE, *TYPED_ROWS):
                thd.execute(sql)
            files = [state.binlog.dir / f for f in state.binlog.files]
            out.extend(f.read_bytes() for f in files)
        finally:
            state.shutdown()
    return out


def seeds(tmp: Path, max_size: int = 12000) -> list[bytes]:
    """All seeds no larger than ``max_size`` bytes (mutating large files is slow
    and adds little: the event shapes repeat)."""
    all_seeds = _golden_mariadb() + _mysql80_streams() + replbed_typed_binlogs(tmp)
    return [s for s in all_seeds if len(s) <= max_size]


# -- mutations -------------------------------------------------------------------------

_INTERESTING_8 = (0, 1, 0x7F, 0x80, 0xFA, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF)
_INTERESTING_32 = (0, 1, 2, 0x7F, 0xFF, 0x100, 0xFFFF, 0x10000, 0x7FFFFFFF, 0xFFFFFFFF)


def recrc(data: bytearray) -> bytes:
    """Recompute every CRC footer along the (possibly mutated) size chain, so
    mutations reach the body decoders even with verification on."""
    pos = 4
    while pos + 19 <= len(data):
        size = struct.unpack_from("<I", data, pos + 9)[0]
        if size < 23 or pos + size > len(data):
            break
        body = bytearray(data[pos:pos + size - 4])
        if body[4] == 15:
            body[17] &= 0xFE
        struct.pack_into("<I", data, pos + size - 4, zlib.crc32(body))
        pos += size
    return bytes(data)


def event_starts(data: bytes) -> list[int]:
    out, pos = [], 4
    while pos + 19 <= len(data):
        out.append(pos)
        size = struct.unpack_from("<I", data, pos + 9)[0]
        if size < 19:
            break
        pos += size
    return out


def mutate(rng: random.Random, seed: bytes, pool: list[bytes]) -> bytes:
    """1-6 byte-level mutations, biased towards event bodies (after the FDE)."""
    data = bytearray(seed)
    starts = event_starts(seed)
    for _ in range(rng.randint(1, 6)):
        n = len(data)
        if n <= 5:
            data += rng.randbytes(rng.randint(1, 32))
            continue
        # aim at a field: an event start plus a small offset, else anywhere
        if starts and rng.random() < 0.6:
            i = min(n - 1, rng.choice(starts) + rng.choice((4, 9, 13, 17, 19, 20, 21, 23, 25, 27, 28, 29, 30))
                    + rng.randint(0, 12))
        else:
            i = rng.randint(4, n - 1)
        op = rng.randrange(9)
        if op == 0:
            data[i] ^= 1 << rng.randrange(8)
        elif op == 1:
            data[i] = rng.choice(_INTERESTING_8)
        elif op == 2 and i + 4 <= n:
            struct.pack_into("<I", data, i, rng.choice(_INTERESTING_32))
        elif op == 3 and i + 2 <= n:
            struct.pack_into("<H", data, i, rng.choice(_INTERESTING_32) & 0xFFFF)
        elif op == 4:
            del data[i:]
        elif op == 5:
            data[i:i] = rng.randbytes(rng.randint(1, 16))
        elif op == 6:
            del data[i:i + rng.randint(1, 16)]
        elif op == 7:  # duplicate a chunk (repeated events / rows)
            j = rng.randint(i, min(n, i + 64))
            data[j:j] = data[i:j]
        else:  # splice: a piece of another seed
            other = rng.choice(pool)
            a = rng.randint(4, max(4, len(other) - 1))
            data[i:i] = other[a:a + rng.randint(1, 200)]
    if rng.random() < 0.7:
        return recrc(data)
    return bytes(data)


# -- the contract ----------------------------------------------------------------------


class Hang(Exception):
    """The decoder took longer than the time bound on one input."""


@contextmanager
def time_bound(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in the main thread once decoding has used ``seconds``
    of CPU time (ITIMER_PROF watchdog). CPU time, not wall time: on a loaded
    machine a starved process is not a hanging decoder, and a decoder that
    loops burns CPU."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def _expired(signum, frame):  # type: ignore[no-untyped-def]
        raise Hang(f"decoding one input took more than {seconds}s of CPU time")

    previous = signal.signal(signal.SIGPROF, _expired)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def decode_everything(data: bytes, verify: bool) -> str:
    """What ``replbed decode`` does with bytes: every event, both decoder paths,
    and its Info text. Returns "ok" or "decode-error"; anything else raises."""
    outcome = "ok"
    for fast in (True, False):
        try:
            for ev in BinlogReader(data, verify_checksum=verify, fast=fast):
                info_text(ev)
        except DecodeError as e:
            if e.offset is None or not 0 <= e.offset <= len(data):
                raise AssertionError(f"DecodeError without a valid offset: {e!r}") from e
            str(e)
            outcome = "decode-error"
    return outcome


@dataclass
class Outcome:
    result: str  # "ok" | "decode-error" | "crash" | "hang"
    seconds: float
    peak_bytes: int  # tracemalloc peak while decoding (0 when not traced)
    error: BaseException | None = field(default=None)


def memory_bound(size: int) -> int:
    """The most a decode may allocate for an input of ``size`` bytes: decoded
    objects cost a small multiple of their bytes (a 1-byte row image becomes a
    RowChange and a list), never more than this."""
    return 4 * 1024 * 1024 + 1000 * size


def run_one(data: bytes, verify: bool, seconds: float, trace: bool) -> Outcome:
    import time

    t0 = time.perf_counter()
    if trace:
        tracemalloc.start()
    try:
        with time_bound(seconds):
            result = decode_everything(data, verify)
        err = None
    except Hang as e:
        result, err = "hang", e
    except Exception as e:  # noqa: BLE001 - a crash is what we are looking for
        result, err = "crash", e
    finally:
        peak = 0
        if trace:
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
    return Outcome(result, time.perf_counter() - t0, peak, err)
