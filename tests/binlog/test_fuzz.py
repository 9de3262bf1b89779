"""The reader's contract under garbage: DecodeError (with an offset) or success, nothing else.

Two fuzzers: hypothesis over random bytes and mutated golden MariaDB files,
and a seeded mutation loop (``_fuzz_corpus``) over MariaDB, MySQL 8.0 and
replbed-written typed binlogs (rows v1 and v2, every column type the writer
emits), each input under a CPU-time bound and a memory bound. CI cost: about
30 s; ``benchmarks/decoder_fuzz.py`` runs the same loop for 1,000,000 inputs.
"""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from _binlog_golden import golden_files
from harness.binlog import BinlogReader, DecodeError, info_text
from harness.binlog.constants import BINLOG_MAGIC

import _fuzz_corpus as corpus

SEEDS = [p.read_bytes() for p in golden_files() if p.stat().st_size < 8000]
_SETTINGS = settings(max_examples=int(os.environ.get("BINLOG_FUZZ_EXAMPLES", "250")), deadline=None, suppress_health_check=[HealthCheck.too_slow])


# Inputs are a few KiB: decoding one takes milliseconds. A decoder that
# loops (e.g. on a row image that consumes no bytes) fails the example
# instead of hanging the suite.
EXAMPLE_TIME_BOUND = float(os.environ.get("BINLOG_FUZZ_TIME_BOUND", "10"))


def time_bound(seconds: float = EXAMPLE_TIME_BOUND):  # type: ignore[no-untyped-def]
    return corpus.time_bound(seconds)


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


_recrc = corpus.recrc


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


# -- seeded mutation loop over every flavour (issue 12) ---------------------------------

import pytest  # noqa: E402

LOOP_INPUTS = int(os.environ.get("BINLOG_FUZZ_LOOP_INPUTS", "12000"))
LOOP_TIME_BOUND = float(os.environ.get("BINLOG_FUZZ_LOOP_TIME_BOUND", "5"))


@pytest.fixture(scope="module")
def corpus_seeds(tmp_path_factory: pytest.TempPathFactory) -> list[bytes]:
    return corpus.seeds(tmp_path_factory.mktemp("fuzz-seeds"))


def test_seeds_cover_both_flavours_rows_v2_and_every_writer_column_type(corpus_seeds: list[bytes]) -> None:
    from harness.binlog.constants import ColumnType as T, EventType as E

    types: set[int] = set()
    events: set[int] = set()
    for s in corpus_seeds:
        for ev in BinlogReader(s):
            events.add(ev.header.type_code)
            types.update(getattr(ev, "column_types", ()))
    assert {E.WRITE_ROWS_EVENT_V1, E.UPDATE_ROWS_EVENT_V1, E.DELETE_ROWS_EVENT_V1, E.WRITE_ROWS_EVENT,
            E.UPDATE_ROWS_EVENT, E.DELETE_ROWS_EVENT, E.GTID_LOG_EVENT, E.GTID_EVENT,
            E.PREVIOUS_GTIDS_LOG_EVENT, E.ROWS_QUERY_LOG_EVENT} <= events
    # the binlog column types of harness/sql/item/column_types.py (binlog_type)
    assert {T.TINY, T.SHORT, T.INT24, T.LONG, T.LONGLONG, T.FLOAT, T.DOUBLE, T.NEWDECIMAL,
            T.VARCHAR, T.STRING, T.BLOB, T.DATE, T.DATETIME2, T.TIMESTAMP2, T.TIME2, T.YEAR,
            T.BIT} <= types


def test_seeded_mutations_end_in_result_or_decode_error(corpus_seeds: list[bytes]) -> None:
    rng = random.Random(int(os.environ.get("BINLOG_FUZZ_SEED", "12")))
    bad: list[str] = []
    results: dict[str, int] = {}
    for i in range(LOOP_INPUTS):
        data = corpus.mutate(rng, rng.choice(corpus_seeds), corpus_seeds)
        out = corpus.run_one(data, verify=rng.random() < 0.5, seconds=LOOP_TIME_BOUND,
                             trace=i % 8 == 0)
        results[out.result] = results.get(out.result, 0) + 1
        if out.result in ("crash", "hang"):
            bad.append(f"input {i} ({out.result}): {out.error!r}: {data.hex()}")
        elif out.peak_bytes > corpus.memory_bound(len(data)):
            bad.append(f"input {i}: peak {out.peak_bytes} bytes for {len(data)} input bytes: "
                       f"{data.hex()}")
    assert not bad, "\n".join(bad[:5])
    # the mutations reach past the first error often enough to mean something
    assert results.get("ok", 0) > LOOP_INPUTS // 50 and results.get("decode-error", 0) > LOOP_INPUTS // 2


def test_the_contract_catches_a_hang_and_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker can fail: a decoder that loops, or raises something other
    than DecodeError, is reported as such."""
    def loop(data: bytes, verify: bool) -> str:
        n = 0
        while True:  # burns CPU, as a decoder that does not advance does
            n += 1

    monkeypatch.setattr(corpus, "decode_everything", loop)
    assert corpus.run_one(b"", True, 0.2, False).result == "hang"

    def boom(data: bytes, verify: bool) -> str:
        raise IndexError("oops")

    monkeypatch.setattr(corpus, "decode_everything", boom)
    assert corpus.run_one(b"", True, 1, True).result == "crash"
