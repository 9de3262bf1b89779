"""Rows printed from their bytes (harness/binlog/rowtext.py) equal the decoded listing.

``list_data(byte_level=False)`` lists every event through the reader's decoder
and ``listing._rows_lines`` (the path the ``###`` lines were checked against
``mariadb-binlog -vv`` on); the byte-level listing must print the same text,
and stop with the same error, on:

* every seed of the decoder fuzzing: the golden MariaDB 10.11 binlogs, the
  MySQL 8.0 streams, and replbed-written binlogs of a table holding every
  column type the writer emits (extreme integers signed and unsigned, DECIMAL,
  FLOAT/DOUBLE, strings over 255 bytes, BINARY with a zero byte, ENUM/SET,
  every temporal type, YEAR, BIT, NULLs; Write/Update/Delete);
* the pipeline's run fixtures;
* seeded mutations of those seeds (truncations, flipped lengths, bad DECIMALs).
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

import _fuzz_corpus as corpus
from harness.binlog import listing
from harness.binlog.listing import ListingError, list_data
from harness.binlog.rowtext import build_rows_text

_TESTS = Path(__file__).resolve().parents[1]
RUN_FIXTURES = sorted((_TESTS / "pipeline" / "fixtures" / "run" / "cases").glob("*/*/*/binlog/binlog.0*[0-9]"))
MUTATIONS = int(os.environ.get("ROWTEXT_MUTATIONS", "1500"))


def _listing(data: bytes, verbosity: int, byte_level: bool) -> tuple[str, str | None]:
    out: list[str] = []
    try:
        list_data(data, out.append, verbosity=verbosity, name="x", byte_level=byte_level)
    except ListingError as exc:
        return "".join(out), str(exc)
    return "".join(out), None


@pytest.fixture(scope="module")
def seeds(tmp_path_factory: pytest.TempPathFactory) -> list[bytes]:
    return corpus.seeds(tmp_path_factory.mktemp("rowtext-seeds"), max_size=1 << 20)


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the rows printers the byte-level listing builds (so a comparison of the
    decoded path with itself cannot pass as a test of the byte-level one)."""
    built: list[int] = []

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        built.append(args[1])
        return build_rows_text(*args, **kwargs)
    monkeypatch.setattr(listing, "build_rows_text", counting)
    return built


def test_every_seed_lists_the_same_from_bytes(seeds: list[bytes], printed: list[int]) -> None:
    from harness.binlog.constants import EventType as E

    assert len(seeds) > 20
    for data in seeds:
        for verbosity in (1, 2):
            assert _listing(data, verbosity, True) == _listing(data, verbosity, False)
    # the typed table's Write, Update and Delete rows went through the printers
    assert {int(E.WRITE_ROWS_EVENT_V1), int(E.UPDATE_ROWS_EVENT_V1), int(E.DELETE_ROWS_EVENT_V1)} <= set(printed)


def test_run_fixtures_list_the_same_from_bytes(printed: list[int]) -> None:
    assert len(RUN_FIXTURES) > 5
    for path in RUN_FIXTURES:
        data = path.read_bytes()
        assert _listing(data, 2, True) == _listing(data, 2, False), path
    assert printed


def test_mutated_seeds_list_the_same_text_and_error(seeds: list[bytes]) -> None:
    rng = random.Random(int(os.environ.get("ROWTEXT_SEED", "15")))
    small = [s for s in seeds if len(s) <= 12000]
    errors = 0
    for i in range(MUTATIONS):
        data = corpus.mutate(rng, rng.choice(small), small)
        fast = _listing(data, 2, True)
        assert fast == _listing(data, 2, False), f"input {i}: {data.hex()}"
        errors += fast[1] is not None
    assert MUTATIONS // 4 < errors < MUTATIONS  # both outcomes are exercised


def test_the_comparison_sees_a_wrong_printer(seeds: list[bytes], monkeypatch: pytest.MonkeyPatch) -> None:
    """A printer that drops one character is caught by the same comparison."""
    def wrong(*args, **kwargs):  # type: ignore[no-untyped-def]
        fn = build_rows_text(*args, **kwargs)
        return lambda data, p, end: fn(data, p, end)[1:]
    monkeypatch.setattr(listing, "build_rows_text", wrong)
    assert any(_listing(d, 2, True) != _listing(d, 2, False) for d in seeds)
