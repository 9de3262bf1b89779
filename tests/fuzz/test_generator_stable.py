"""The fuzz generators produce, for every seed, the same workloads byte for byte as before they
shared their builders (issue 25): a seed is a repro's name, so its cases may never change.

tests/fixtures/fuzz/case_hashes.json was recorded on the tree before the move (07d13ee): per
generator, the SHA-256 of the ``.wl`` text of cases 0..4 for seeds 0..199, and of cases 0..19
for the named seeds of the README's figures. The ``schema`` generator's (issue 24) were recorded
when it was added, over the same seeds; so were the ``query`` generator's (issue 24 part B).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from harness.fuzz.cases import GENERATORS, generate_case
from harness.fuzz.wl import case_text

HASHES = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "fuzz" / "case_hashes.json").read_text())
NAMED_SEEDS = (20261125, 20261129)


def _digest(seed: int, generator: str) -> str:
    cases = 20 if seed in NAMED_SEEDS else 5
    h = hashlib.sha256()
    for index in range(cases):
        h.update(case_text(generate_case(seed, index, generator)).encode())
    return h.hexdigest()


@pytest.mark.parametrize("generator", GENERATORS)
def test_every_recorded_seed_gives_the_same_workloads(generator: str) -> None:
    recorded = HASHES[generator]
    assert len(recorded) == 202
    changed = [seed for seed in sorted(recorded, key=int) if _digest(int(seed), generator) != recorded[seed]]
    assert changed == [], f"{generator}: seeds whose cases changed: {changed[:10]}"
