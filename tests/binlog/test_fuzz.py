"""The reader's contract under garbage: DecodeError (with an offset) or success, nothing else."""

from __future__ import annotations

import os
import signal
import struct
import threading
import zlib
from contextlib import contextmanager

from hypothesis import HealthCheck, given, settings, strategies as st

from _binlog_golden import golden_files
from harness.binlog import BinlogReader, DecodeError, info_text
from harness.binlog.constants import BINLOG_MAGIC

SEEDS = [p.read_bytes() for p in golden_files() if p.stat().st_size < 8000]
_SETTINGS = settings(max_examples=int(os.environ.get("BINLOG_FUZZ_EXAMPLES", "250")), deadline=None, suppress_health_check=[HealthCheck.too_slow])


# Inputs are a few KiB: decoding one takes milliseconds. A decoder that
# loops (e.g. on a row image that consumes no bytes) fails the example
# instead of hanging the suite.
EXAMPLE_TIME_BOUND = float(os.environ.get("BINLOG_FUZZ_TIME_BOUND", "10"))


@contextmanager
def time_bound(seconds: float = EXAMPLE_TIME_BOUND):
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def _expired(signum, frame):
        raise TimeoutError(f"decoding one example took more than {seconds}s (a hang?)")

    previous = signal.signal(signal.SIGALRM, _expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _consume(data: bytes, verify: bool) -> None:
    with time_bound():
        try:
            for ev in BinlogReader(data, verify_checksum=verify):
                info_text(ev)
        except DecodeError as e:
            assert e.offset is not None and 0 <= e.offset <= len(data)
            str(e)


@_SETTINGS
@given(st.binary(max_size=600), st.booleans())
def test_random_bytes(tail: bytes, verify: bool) -> None:
    _consume(BINLOG_MAGIC + tail, verify)


def _recrc(data: bytearray) -> bytes:
    """Recompute every CRC footer along the (possibly mutated) size chain, so
    mutations reach the body decoders even with verification on."""
    pos = 4
    while pos + 19 <= len(data):
        size = struct.unpack_from("<I", data, pos + 9)[0]
        if size < 23 or pos + size > len(data):
            break
        body = bytearray(data[pos : pos + size - 4])
        if body[4] == 15:
            body[17] &= 0xFE
        struct.pack_into("<I", data, pos + size - 4, zlib.crc32(body))
        pos += size
    return bytes(data)


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 6))):
        op = draw(st.sampled_from(["flip", "set", "cut", "insert", "delete"]))
        i = draw(st.integers(4, len(data) - 1)) if len(data) > 4 else 4
        if op == "flip" and i < len(data):
            data[i] ^= 1 << draw(st.integers(0, 7))
        elif op == "set" and i < len(data):
            data[i] = draw(st.sampled_from([0, 1, 0x7F, 0x80, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF]))
        elif op == "cut":
            del data[i:]
        elif op == "insert":
            data[i:i] = draw(st.binary(min_size=1, max_size=8))
        elif op == "delete":
            del data[i : i + draw(st.integers(1, 8))]
    if draw(st.booleans()):
        return _recrc(data)
    return bytes(data)


@_SETTINGS
@given(mutated(), st.booleans())
def test_mutated_golden_files(data: bytes, verify: bool) -> None:
    _consume(data, verify)
