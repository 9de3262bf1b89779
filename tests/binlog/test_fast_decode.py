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
from harness.binlog import BinlogReader, DecodeError, EventType
from test_fuzz import _recrc, mutated, time_bound


def _run(data: bytes, fast: bool, verify: bool = True):
    out = []
    with time_bound():
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


@pytest.mark.parametrize("fast", [True, False], ids=["fast", "decode_event"])
def test_rows_event_with_no_columns_in_its_image_is_an_error_not_a_hang(fast: bool) -> None:
    """Columns-present bitmap cleared: each image is zero bytes, so the row
    loop would never advance (it used to spin forever)."""
    for path in golden_files():
        data = bytearray(path.read_bytes())
        entries = list(BinlogReader(bytes(data)).entries())
        w = next((e for e in entries
                  if e.event.header.type_code == EventType.WRITE_ROWS_EVENT_V1), None)
        if w is not None:
            break
    assert w is not None and w.event.column_count < 251
    nb = (w.event.column_count + 7) >> 3
    at = w.pos + 19 + 8 + 1
    data[at:at + nb] = bytes(nb)
    bad = _recrc(data)
    out, err = _run(bad, fast)
    assert err is not None and err[1] == w.pos + 19 + 8 + 1 + nb
    assert "no columns" in err[3]


def test_decimal_text_is_the_decimal_formatted() -> None:
    """decimal_text_decoder (the -vv listing's DECIMAL text) equals format(value, "f") of
    the decoded Decimal, or both raise, on random bytes of every precision and scale."""
    import random
    from harness.binlog.decimal_codec import decimal_bin_size
    from harness.binlog.fast import _decimal_decoder, decimal_text_decoder

    rng = random.Random(15)
    checked = 0
    for prec in range(1, 66):
        for scale in sorted({0, 1, 2, prec // 2, min(prec, 30)} & set(range(min(prec, 30) + 1))):
            dec, text = _decimal_decoder(prec, scale), decimal_text_decoder(prec, scale)
            size = decimal_bin_size(prec, scale)
            for _ in range(40):
                b = bytes(rng.choice((0, 0x80, 0x7F, 0xFF, rng.randrange(256))) for _ in range(size))
                try:
                    want = format(dec(b, 0), "f")
                except ValueError:
                    with pytest.raises(ValueError):
                        text(b, 0)
                    continue
                assert text(b, 0) == want, (prec, scale, b.hex())
                checked += 1
    assert checked > 400  # random bytes are mostly invalid digits: those must raise in both
