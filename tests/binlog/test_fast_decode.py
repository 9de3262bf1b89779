"""The reader's fast path (harness/binlog/fast.py) agrees with decode_event.

Same events (dataclass equality, including every row value), same raw bytes
and positions on every golden file; on mutated files the same events up to
the same error (type, offset, event type, reason).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings

from _binlog_golden import golden_files, golden_ids
from harness.binlog import BinlogReader, DecodeError
from test_fuzz import mutated


def _run(data: bytes, fast: bool, verify: bool = True):
    out = []
    try:
        for e in BinlogReader(data, verify_checksum=verify, fast=fast).entries():
            out.append((e.pos, e.event, e.raw))
    except DecodeError as exc:
        return out, (type(exc), exc.offset, exc.event_type, exc.reason)
    return out, None


@pytest.mark.parametrize("path", golden_files(), ids=golden_ids())
def test_fast_path_equals_decode_event_on_golden_files(path) -> None:
    data = path.read_bytes()
    fast, err_fast = _run(data, True)
    slow, err_slow = _run(data, False)
    assert err_fast is None and err_slow is None
    assert fast == slow
    # and iterating events only yields the same objects' values
    assert list(BinlogReader(data)) == [ev for _, ev, _ in slow]


@settings(max_examples=int(os.environ.get("BINLOG_FUZZ_EXAMPLES", "250")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_fast_path_equals_decode_event_on_mutated_files(data: bytes) -> None:
    for verify in (True, False):
        assert _run(data, True, verify) == _run(data, False, verify)
