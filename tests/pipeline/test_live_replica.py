"""The live replica check: its judgement, its place in the verdict, and one real run.

The judgement is fed differences (a checker that cannot fail is a defect): other
tables, another gtid_slave_pos, another replication error, a replica that did not
run. The run at the end replicates seed 000's example 2 into real replicas of both
sides: STATEMENT shows the seed's divergence as an expected finding, ROW none.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from harness.pipeline.live_replica import judge
from harness.pipeline.verdict import REPLICA_CHECK, verdict

T1 = {"t": {"columns": ["a"], "rows": [["1"]]}}
T2 = {"t": {"columns": ["a"], "rows": [["2"]]}}


def side(**kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"gtid_slave_pos": "0-1-3", "primary_gtid_pos": "0-1-3", "io_errno": 0, "io_error": "",
                            "sql_errno": 0, "sql_error": "", "tables": T1, "primary_tables": T1, "caught_up": True,
                            "error": None}
    base.update(kw)
    return base


def test_agreeing_replicas_pass_without_finding() -> None:
    r = judge(side(), side())
    assert r["replica_ok"] is True and r["replica_error"] is None and r["replica_finding"] is None


@pytest.mark.parametrize("change, words", [
    ({"tables": T2}, "replica tables differ"),
    ({"gtid_slave_pos": "0-1-2"}, "gtid_slave_pos differs"),
    ({"sql_errno": 1062, "sql_error": "Duplicate entry"}, "replication errors differ"),
    ({"io_errno": 1236, "io_error": "Got fatal error 1236"}, "replication errors differ"),
])
def test_any_difference_between_the_replicas_fails(change: dict, words: str) -> None:
    r = judge(side(), side(**change))
    assert r["replica_ok"] is False and words in r["replica_error"]


def test_a_replica_that_did_not_run_is_not_a_pass() -> None:
    for ref, rb in ((side(), None), (side(), side(error="the replica could not start: boom")), (None, None)):
        r = judge(ref, rb)
        assert r["replica_ok"] is None and "did not run" in r["replica_error"]


def test_identical_divergence_from_the_primary_is_an_explained_finding() -> None:
    r = judge(side(tables=T2), side(tables=T2))
    assert r["replica_ok"] is True
    assert "identically" in r["replica_finding"] and "seed 000" in r["replica_finding"]
    # Only one side diverging is a difference between the replicas, not a finding.
    r = judge(side(tables=T2), side())
    assert r["replica_ok"] is False


def test_verdict_judges_the_replica_only_when_planned() -> None:
    rec = {"case": "c", "format": "ROW", "events_match": True, "gtid_layout_ok": True, "tables_match": True,
           "outcomes_match": True, "replay_ok": True, "expectation_ok": True}
    assert verdict(rec).passed
    assert verdict({**rec, REPLICA_CHECK: True}).passed
    v = verdict({**rec, REPLICA_CHECK: None})
    assert not v.passed and "did not run: replica_ok" in v.reason
    assert verdict({**rec, REPLICA_CHECK: False}).failed == (REPLICA_CHECK,)


@pytest.mark.server
@pytest.mark.spark
def test_run_with_live_replica_reports_the_seed000_statement_divergence(tmp_path: Path) -> None:
    from harness.config import RunConfig
    from harness.pipeline.regression import run_regression
    from harness.pipeline.report import text_summary

    root = Path(__file__).resolve().parents[2]
    config = RunConfig(workloads=str(root / "workloads" / "seed000_wl2687.wl"), formats=("STATEMENT", "ROW"),
                       out_dir=tmp_path, cases=("seed000_example2_*",), live_replica=True,
                       spark_master=os.environ.get("REPLBED_SPARK_MASTER", "local[*]"))
    result = run_regression(config)
    summary = {r["format"]: r for r in json.loads((result.run_dir / "summary.json").read_text())}
    assert summary["STATEMENT"]["replica_ok"] is True and summary["ROW"]["replica_ok"] is True
    assert "identically" in summary["STATEMENT"]["replica_finding"]
    assert summary["ROW"]["replica_finding"] is None
    assert "live replica findings" in text_summary(result.run_dir)
    assert "replica_ok" in (result.run_dir / "report" / "index.html").read_text()
    gx = json.loads((result.run_dir / "diff" / "gx_results.json").read_text())
    assert any(s["suite"] == "raw_replica" and s["success"] for s in gx["suites"])


def test_gx_raw_replica_suite_names_the_failing_pair(tmp_path: Path) -> None:
    """The raw_replica suite fails on a replica_ok that is false or missing, naming the pair."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from harness.pipeline.gx_validate import validate_frames
    from tests.pipeline.report_runs import all_pass_run

    run = all_pass_run(tmp_path / "run")
    records = json.loads((run / "diff" / "summary_full.json").read_text())
    pairs = [(r["case"], r["format"]) for r in records]
    rows = [{"case": c, "format": f, "replica_ok": i != 0, "replica_error": "replica tables differ" if i == 0 else None}
            for i, (c, f) in enumerate(pairs)]
    pq.write_table(pa.Table.from_pylist(rows), run / "diff" / "replica.parquet")
    results, _docs = validate_frames(run, {}, suite_files=("raw_replica.json",), records=records,
                                     run_name="replica-bad", project_dir=tmp_path / "gx")
    (res,) = results
    assert not res.success
    where = " | ".join(w for f in res.failed for w in f["unexpected_where"])
    assert f"case={pairs[0][0]} format={pairs[0][1]}" in where
    rows[0]["replica_ok"] = True
    pq.write_table(pa.Table.from_pylist(rows), run / "diff" / "replica.parquet")
    results, _docs = validate_frames(run, {}, suite_files=("raw_replica.json",), records=records,
                                     run_name="replica-good", project_dir=tmp_path / "gx")
    assert results[0].success


def test_conf_and_cli_take_the_option() -> None:
    from harness.cli import build_parser
    from harness.pipeline.regression import PlanError, check_conf

    root = Path(__file__).resolve().parents[2]
    conf = check_conf('{"cases": "seed000_example2_*", "live_replica": true}', "x", root)
    assert conf["live_replica"] is True
    with pytest.raises(PlanError, match="live_replica"):
        check_conf('{"cases": "seed000_example2_*", "live_replica": "yes"}', "x", root)
    args = build_parser().parse_args(["run", "--live-replica"])
    assert args.live_replica is True
