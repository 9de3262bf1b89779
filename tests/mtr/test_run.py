"""``replbed mtr`` end to end on real MTR tests, both ways, and the summary's arithmetic."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from harness.mtr.run import MYSQL_TEST_DIR, MtrConfig, read_history, run, skipped_class, summarize
from harness.mtr.run import TestRecord as Rec

ROOT = Path(__file__).resolve().parents[2]
needs_mtr = pytest.mark.skipif(not (MYSQL_TEST_DIR / "mariadb-test-run.pl").is_file(),
                               reason="mariadb-test is not installed (scripts/bootstrap.sh installs it)")


def _rec(test: str, control: str, replbed: str, cls: str | None = None, scope: str | None = None) -> Rec:
    return Rec("binlog", test, "ROW", scope, control=control, replbed=replbed, failure_class=cls)


def test_summary_counts_only_tests_the_control_passed() -> None:
    recs = [_rec("a", "pass", "pass"), _rec("b", "pass", "fail", "result differs"),
            _rec("c", "pass", "fail", "statement not in the modelled subset (1235)"),
            _rec("d", "fail", "pass"), _rec("e", "skipped", "skipped"), _rec("f", "not run", "not run", scope="debug-build")]
    s = summarize("r", "binlog", "ROW", "now", recs)
    assert (s.applicable, s.applicable_pass, s.subset_applicable) == (3, 1, 2)
    assert s.rate == round(1 / 3, 4) and s.subset_rate == 0.5
    # replbed passing where the control failed is never a pass
    assert s.replbed_only_pass == 1 and s.replbed_pass == 2
    assert s.out_of_scope == 1
    assert s.classes == {"result differs": 1, "statement not in the modelled subset (1235)": 1}


def test_a_skip_for_a_missing_character_set_is_outside_the_subset_any_other_skip_fails() -> None:
    charset = skipped_class("Test needs character set 'ucs2_general_ci'")
    other = skipped_class("Not ROW format")
    assert other == "skipped on replbed only"
    recs = [_rec("a", "pass", "skipped", charset), _rec("b", "pass", "skipped", other), _rec("c", "pass", "pass")]
    s = summarize("r", "binlog", "ROW", "now", recs)
    assert (s.applicable, s.applicable_pass, s.subset_applicable) == (3, 1, 2)


@needs_mtr
def test_two_real_tests_on_mariadb_and_replbed(tmp_path: Path) -> None:
    cfg = MtrConfig(tests=("binlog_row_insert_select", "binlog_stm_insert_select"), formats=("ROW",),
                    out_dir=tmp_path, run_id="t1")
    records, summaries, out = run(cfg, log=lambda _s: None)
    by = {r.test: r for r in records}
    # the control defines what applies: the ROW test passes there, the STATEMENT one skips itself
    assert by["binlog_row_insert_select"].control == "pass"
    assert by["binlog_stm_insert_select"].control == "skipped"
    assert not by["binlog_stm_insert_select"].applicable
    # its SHOW BINLOG EVENTS output, the rows events' order (MyISAM covering index) and
    # the failed INSERT ... SELECT match the server's own result file on replbed
    row = by["binlog_row_insert_select"]
    assert row.replbed == "pass", (row.failure_class, row.example)
    assert by["binlog_stm_insert_select"].replbed == "not run"  # replbed runs what applies
    (s,) = summaries
    assert (s.applicable, s.applicable_pass, s.rate) == (1, 1, 1.0)
    assert json.loads((out / "summary.json").read_text())[0]["applicable"] == 1
    assert "[ pass ]" in (out / "ROW" / "replbed" / "mtr.log").read_text()
    assert "replbed 1/1 (100.0%)" in (out / "report.md").read_text()
    assert [h["run_id"] for h in read_history(tmp_path)] == ["t1"]
    # a second run takes the control from the first and runs replbed only
    cfg2 = MtrConfig(tests=cfg.tests, formats=("ROW",), out_dir=tmp_path, run_id="t2", reuse_control=out)
    records2, (s2,), _ = run(cfg2, log=lambda _s: None)
    assert (s2.applicable, s2.applicable_pass) == (1, 1)
    assert [h["run_id"] for h in read_history(tmp_path)] == ["t1", "t2"]


def test_cli_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    for args in (["--tests", "no_such_test_*"], ["--formats", "ROWS"], ["--suite", "no_such_suite"]):
        r = subprocess.run([sys.executable, "-m", "harness.cli", "mtr", "--out", str(tmp_path), *args],
                           capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
        assert r.returncode == 2, (args, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr, r.stderr
