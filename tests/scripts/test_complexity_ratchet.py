"""scripts/complexity_ratchet.py: new or growing long functions fail lint, shrinking ones never do."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("complexity_ratchet", ROOT / "scripts" / "complexity_ratchet.py")
assert _spec is not None and _spec.loader is not None
ratchet = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ratchet)


def test_a_new_function_over_a_limit_fails() -> None:
    failures = ratchet.check({"harness/x.py:f": {"complexity": 25}}, {})
    assert failures == ["harness/x.py:f: complexity 25 > 20 (new; split it into named steps)"]


def test_a_listed_function_that_grows_fails_and_one_that_shrinks_does_not() -> None:
    baseline = {"harness/x.py:f": {"complexity": 25, "statements": 70}}
    assert ratchet.check({"harness/x.py:f": {"complexity": 26, "statements": 70}}, baseline) == [
        "harness/x.py:f: complexity grew from 25 to 26"]
    assert ratchet.check({"harness/x.py:f": {"complexity": 22}}, baseline) == []
    assert ratchet.check({}, baseline) == []


def test_a_listed_function_gaining_a_second_figure_fails() -> None:
    failures = ratchet.check({"harness/x.py:f": {"complexity": 25, "statements": 61}},
                             {"harness/x.py:f": {"complexity": 25}})
    assert failures == ["harness/x.py:f: statements 61 > 60 (new; split it into named steps)"]


def test_the_tree_passes_its_own_baseline() -> None:
    baseline = json.loads((ROOT / "scripts" / "complexity_baseline.json").read_text())
    assert ratchet.check(ratchet.measure(), baseline) == []


def test_a_function_over_80_lines_or_a_file_over_1200_fails(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(ratchet, "ROOT", tmp_path)
    pkg = tmp_path / "harness"
    pkg.mkdir()
    (pkg / "short.py").write_text("def f():\n" + "    x = 1\n" * 79)
    assert ratchet.size_failures(pkg) == []
    (pkg / "long.py").write_text("def g():\n" + "    x = 1\n" * 80)
    (pkg / "big.py").write_text("x = 1\n" * 1201)
    assert ratchet.size_failures(pkg) == [
        "harness/big.py: 1201 lines > 1200 (split the module)",
        "harness/long.py:g: 81 lines > 80 (split it into named steps)",
    ]


def test_the_tree_keeps_the_size_limits() -> None:
    assert ratchet.size_failures() == []
