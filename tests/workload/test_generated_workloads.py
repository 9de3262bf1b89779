"""Generated workload files are committed; they must match their generator."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_rpl_mixing_engines_workload_is_up_to_date() -> None:
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_mixing_engines.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_rpl_mixing_engines_cases_name_rule_and_seed() -> None:
    from harness.workload import load_workloads
    cases = load_workloads(ROOT / "workloads" / "rpl_mixing_engines.wl")
    assert 20 <= len(cases) <= 40
    assert all(c.rule.startswith("WL2687.mixing.") and c.seed in ("000", "002") for c in cases)
