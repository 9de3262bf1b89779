"""The replay step: each side's binlog piped through mariadb-binlog into a fresh real
MariaDB; the replayed tables of both sides must agree (harness/pipeline/replay.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from harness.config import RunConfig
from harness.pipeline import regression as R
from harness.pipeline.replay import read_records, replay_run

ROOT = Path(__file__).resolve().parents[2]
# A statement that failed on the source (Query error_code=1062, partial MyISAM
# effect), an InnoDB+trigger+MyISAM transaction, a plain MyISAM update; two LOAD DATA
# cases (replayed as LOAD DATA LOCAL of the file mariadb-binlog rebuilds from the blocks).
CASES = ("seed000_error_4b_n_with_error", "seed000_case02a_b_t_n", "dml_myisam_update",
         "load_data_big_file_blocks", "load_data_innodb_local_replace_set")


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("replay-run")
    rd = R.plan_run(RunConfig(workloads=str(ROOT / "workloads" / "*.wl"), formats=("STATEMENT", "ROW"),
                              out_dir=out, run_id="replay", cases=CASES))
    for side in R.SIDES:
        R.collect(rd, side, progress=None)
    return rd


@pytest.mark.server
def test_replay_records_every_pair_and_equal_tables(run_dir: Path) -> None:
    recs = replay_run(run_dir, progress=None)
    plan = R.load_plan(run_dir)
    assert [(r["case"], r["format"]) for r in recs] == [(p["case"], p["format"]) for p in plan["pairs"]]
    assert all(r["replay_ok"] is True for r in recs), [r for r in recs if not r["replay_ok"]]
    assert read_records(run_dir).keys() == {(r["case"], r["format"]) for r in recs}
    # the source-failed statement is replayed, fails again with the same error on
    # both sides, and --force lets the rest of the binlog apply
    err = next(r for r in recs if r["case"] == CASES[0] and r["format"] == "STATEMENT")
    for side in ("reference_errors", "replbed_errors"):
        lines = json.loads(err[side])
        assert len(lines) == 1 and lines[0].startswith("ERROR 1062"), lines


@pytest.mark.server
def test_replay_flags_a_binlog_that_replays_to_other_tables(run_dir: Path, tmp_path: Path) -> None:
    bad = tmp_path / "run"
    shutil.copytree(run_dir, bad, ignore=shutil.ignore_patterns("servers"))
    # replbed's side of one pair gets another case's binlog: other tables after replay
    src = bad / "cases" / CASES[2] / "ROW" / "replbed" / "binlog"
    dst = bad / "cases" / CASES[1] / "ROW" / "replbed" / "binlog"
    shutil.rmtree(dst)
    shutil.copytree(src, dst)
    recs = {(r["case"], r["format"]): r for r in replay_run(bad, progress=None)}
    r = recs[(CASES[1], "ROW")]
    assert r["replay_ok"] is False and "only on the reference replay" in r["replay_error"]
    assert sum(1 for x in recs.values() if x["replay_ok"] is False) == 1
    # a side without binlog files is "not replayed", not a failure of the check
    shutil.rmtree(bad / "cases" / CASES[2] / "ROW" / "reference" / "binlog")
    recs = {(r["case"], r["format"]): r for r in replay_run(bad, progress=None)}
    assert recs[(CASES[2], "ROW")]["replay_ok"] is None


def test_replay_ok_takes_part_in_pass_and_report() -> None:
    from harness.pipeline.report import _passed

    good = {"error": None, "events_match": True, "gtid_layout_ok": True, "tables_match": True,
            "outcomes_match": True}
    for fn in (R.is_pass, _passed):
        assert fn({**good, "replay_ok": True})
        assert not fn({**good, "replay_ok": False})
        # A replay that did not run is no evidence: never a pass (harness/pipeline/verdict.py).
        assert not fn({**good, "replay_ok": None}) and not fn(good)
