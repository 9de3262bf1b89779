"""One gating policy: every Great Expectations suite gates the run's verdict.

Each suite is fed a real difference through the run's own files (records, replay,
replica results) and the whole analyze step (in-process diff jobs + GX) runs on
them: the suite must fail and so must the run (``final_verdict``). A suite that
both servers "fail" where every check agreed is a pipeline ``error``, never a
red line under a green banner.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from harness.pipeline import regression
from harness.pipeline.verdict import gate_suites, record_fields
from tests.pipeline.report_runs import all_pass_run

CASE, FMT = "basic_dml", "ROW"


def _rows(run: Path, name: str) -> tuple[list[dict], pa.Schema]:
    t = pq.read_table(run / "records" / f"{name}.parquet")
    return t.to_pylist(), t.schema


def _write(run: Path, name: str, rows: list[dict], schema: pa.Schema) -> None:
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), run / "records" / f"{name}.parquet")


def _edit(run: Path, name: str, fn: Callable[[dict], dict | None], side: str = "replbed",
          pair: tuple[str, str] = (CASE, FMT)) -> None:
    """Apply ``fn`` to the rows of one pair's side (None drops the row)."""
    rows, schema = _rows(run, name)
    out = []
    for r in rows:
        if (r["case"], r["format"]) == pair and r["side"] == side:
            r = fn(dict(r))
        if r is not None:
            out.append(r)
    _write(run, name, out, schema)


def _replay(run: Path, bad: tuple[str, str] | None = None) -> None:
    plan = regression.load_plan(run)
    rows = [{"case": p["case"], "format": p["format"], "replay_ok": (p["case"], p["format"]) != bad,
             "replay_error": "d.t1 differs after replay" if (p["case"], p["format"]) == bad else None,
             "reference_errors": "[]", "replbed_errors": "[]", "seconds": 0.1} for p in plan["pairs"]]
    (run / "diff").mkdir(exist_ok=True)
    pq.write_table(pa.Table.from_pylist(rows), run / "diff" / "replay.parquet")


def _replicas(run: Path, bad: tuple[str, str] | None = None) -> None:
    """The live replica check's results, as the collect step leaves them; ``bad``'s replbed replica differs."""
    plan = regression.load_plan(run)
    plan["live_replica"] = True
    (run / "plan.json").write_text(json.dumps(plan))
    for p in plan["pairs"]:
        for side in ("reference", "replbed"):
            tables = {"d.t1": {"rows": [["1", "c"]]}}
            if (p["case"], p["format"]) == bad and side == "replbed":
                tables = {"d.t1": {"rows": [["1", "changed"]]}}
            res = {"gtid_slave_pos": "0-1-4", "primary_gtid_pos": "0-1-4", "io_errno": 0, "io_error": "",
                   "sql_errno": 0, "sql_error": "", "tables": tables, "primary_tables": tables,
                   "caught_up": True, "seconds": 0.1, "error": None}
            d = run / "cases" / p["case"] / p["format"] / side
            (d / "replica.json").write_text(json.dumps(res))


def _drop_xid(r: dict) -> dict | None:
    return None if r["event_type"] == "Xid" and r["seq"] == 11 else r


def _null_type(r: dict) -> dict:
    if r["seq"] == 9:
        r["event_type"] = None
    return r


def _query(r: dict) -> dict:
    if r["event_type"] == "Annotate_rows" and r["seq"] == 8:
        r["query"] = "INSERT INTO t1 VALUES (1,'a'),(2,'B')"
    return r


def _row(r: dict) -> dict:
    if r["row_no"] == 0:
        r["row_json"] = '["1", "changed"]'
    return r


def _error_code(r: dict) -> dict:
    if r["step"] == 1:
        r["error_code"], r["error_message"], r["ok"] = 1062, "Duplicate entry '1' for key 'PRIMARY'", False
    return r


def _status_error(r: dict) -> dict:
    r["error"] = "replbed: lost connection to the server during the case"
    return r


#: suite -> how to feed it a real difference (the run's files, edited in place)
FAULTS: dict[str, Callable[[Path], None]] = {
    "event_sequence": lambda run: _edit(run, "events", _query),
    "gtid_layout": lambda run: _edit(run, "events", _drop_xid),
    "table_state": lambda run: _edit(run, "tables", _row),
    "statement_outcomes": lambda run: _edit(run, "outcomes", _error_code),
    "run_summary": lambda run: _edit(run, "status", _status_error),
    "raw_events": lambda run: _edit(run, "events", _null_type),
    "raw_gtid_groups": lambda run: _edit(run, "events", _drop_xid),
    "raw_pairs": lambda run: _edit(run, "events", lambda r: None, pair=("myisam_mix", "MIXED")),
    "raw_replay": lambda run: _replay(run, bad=(CASE, FMT)),
    "raw_replica": lambda run: _replicas(run, bad=(CASE, FMT)),
    "verdicts": lambda run: _edit(run, "tables", _row),
}


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    """A passing run with its records decoded from the real fixture binlogs, replayed alike."""
    run = all_pass_run(tmp_path_factory.mktemp("gate") / "base")
    _replay(run)
    return run


def _analyze(run: Path, project: Path) -> dict:
    import os

    os.environ["REPLBED_GX_DIR"] = str(project)
    try:
        regression.analyze_run(run, progress=None)
    finally:
        del os.environ["REPLBED_GX_DIR"]
    return {s["suite"]: s for s in json.loads((run / "diff" / "gx_results.json").read_text())["suites"]}


def test_the_unchanged_run_passes_every_suite(base: Path, tmp_path: Path) -> None:
    run = tmp_path / "run"
    shutil.copytree(base, run)
    suites = _analyze(run, tmp_path / "gx")
    assert {s: r["success"] for s, r in suites.items()} == dict.fromkeys(suites, True)
    assert set(FAULTS) <= set(suites) | {"raw_replica"}
    assert regression.final_verdict(run) == (True, "6/6 case x format passed")


@pytest.mark.parametrize("suite", list(FAULTS))
def test_each_suite_fed_a_difference_fails_the_run(base: Path, tmp_path: Path, suite: str) -> None:
    run = tmp_path / "run"
    shutil.copytree(base, run)
    FAULTS[suite](run)
    suites = _analyze(run, tmp_path / "gx")
    assert not suites[suite]["success"], suites[suite]
    passed, line = regression.final_verdict(run)
    assert not passed and line.startswith(("1/6 case x format failed", "pipeline error")), line
    # the suite names the pair it was fed, and the run's failure is that pair
    summary = {(r["case"], r["format"]): r for r in json.loads((run / "summary.json").read_text())}
    bad = next(k for k, r in summary.items() if r["status"] != "pass")
    where = " ".join(w for f in suites[suite]["failed"] for w in f["unexpected_where"])
    assert f"case={bad[0]} format={bad[1]}" in where or suite == "raw_pairs", where


def test_a_suite_both_servers_fail_where_the_checks_agree_is_a_pipeline_error(base: Path, tmp_path: Path) -> None:
    # the same framing fault on both sides: the diff jobs see equal sequences, but the raw
    # events suite fails on both servers: the pipeline is wrong, not replbed
    run = tmp_path / "run"
    shutil.copytree(base, run)
    for side in ("reference", "replbed"):
        _edit(run, "events", _null_type, side=side)
    suites = _analyze(run, tmp_path / "gx")
    assert not suites["raw_events"]["success"]
    rec = next(r for r in json.loads((run / "summary.json").read_text())
               if (r["case"], r["format"]) == (CASE, FMT))
    assert rec["status"] == "error", rec
    assert rec["reason"].startswith("pipeline: GX raw_events expect_column_values_to_not_be_null(event_type) "
                                    "fails on both servers"), rec["reason"]
    passed, line = regression.final_verdict(run)
    assert not passed and "1 error" in line, line


def _suite(rows: list[dict], name: str = "raw_gtid_groups") -> dict:
    return {"suite": name, "success": False, "failed": [
        {"expectation": "expect_column_values_to_be_in_set", "column": "group_end", "unexpected_rows": rows,
         "unexpected_where": [], "observed_value": None, "exception": None}]}


def test_gate_blames_replbed_the_pipeline_or_nobody() -> None:
    recs = [{"case": c, "format": "ROW", "events_match": True, "gtid_layout_ok": True, "tables_match": True,
             "outcomes_match": True, "replay_ok": True, "expectation_ok": True, "error": None}
            for c in ("a", "b", "c")]
    recs[2]["events_match"] = False
    recs = [dict(r, **record_fields(r)) for r in recs]  # as analyze_run judged them before the suites ran
    gate = gate_suites([_suite([{"case": "a", "format": "ROW", "side": "replbed"},
                                {"case": "b", "format": "ROW", "side": "replbed"},
                                {"case": "b", "format": "ROW", "side": "reference"},
                                {"case": "c", "format": "ROW", "side": "reference"}])], recs)
    out = {r["case"]: gate.apply(dict(r)) for r in recs}
    assert out["a"]["status"] == "differs" and out["a"]["failed_checks"] == ["gx_ok"]
    assert "GX raw_gtid_groups" in out["a"]["reason"] and "replbed's side" in out["a"]["reason"]
    assert out["b"]["status"] == "error" and "both servers" in out["b"]["reason"]
    assert out["c"]["status"] == "differs" and out["c"]["failed_checks"] == ["events_match"]
    assert gate.run_errors == ()
    # a failing expectation that names no pair, or a pair the run never judged
    gate = gate_suites([_suite([]), _suite([{"case": "ghost", "format": "ROW"}], "raw_pairs")], recs)
    assert len(gate.run_errors) == 2 and "ghost ROW" in gate.run_errors[1]
    assert gate_suites([{"suite": "x", "success": True, "failed": []}], recs).run_errors == ()
