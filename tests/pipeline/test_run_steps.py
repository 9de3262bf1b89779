"""decode -> analyze (Spark + GX) -> report on a copy of the fixture run dir."""

from __future__ import annotations

import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from harness.pipeline import regression
from harness.pipeline.gx_validate import SUITE_FILES, expectations_dir, load_suite_file, suite_target


def test_suite_files_load_completely():
    for name in SUITE_FILES:
        path = expectations_dir() / name
        spec = json.loads(path.read_text())
        suite = load_suite_file(path)
        assert suite.name == spec["name"] == name.removesuffix(".json")
        assert len(suite.expectations) == len(spec["expectations"]) > 0
        assert suite_target(path) in {"event_cases", "gtid_layout", "table_cases", "outcome_cases", "summary",
                                      "raw_events", "gtid_groups", "pairs", "replay", "replica", "verdicts"}


def test_decode_keeps_good_pairs_and_marks_a_broken_binlog(run_copy):
    broken = run_copy / "cases" / "basic_dml" / "ROW" / "replbed" / "binlog" / "binlog.000001"
    data = broken.read_bytes()
    broken.write_bytes(data[: len(data) - 30])  # cut into the last event
    res = regression.decode_run(run_copy, progress=None)
    status = pq.read_table(run_copy / "records" / "status.parquet").to_pylist()
    errors = {(s["case"], s["format"], s["side"]): s["error"] for s in status if s["error"]}
    assert list(errors) == [("basic_dml", "ROW", "replbed")]
    assert "decode failed" in errors[("basic_dml", "ROW", "replbed")]
    assert res["errors"] == 1
    ev = pq.read_table(run_copy / "records" / "events.parquet")
    keys = {(r["case"], r["format"], r["side"]) for r in ev.select(["case", "format", "side"]).to_pylist()}
    assert len(keys) == 11 and ("basic_dml", "ROW", "replbed") not in keys
    tables = pq.read_table(run_copy / "records" / "tables.parquet")
    assert tables.num_rows == 36  # table states are kept for the broken pair too


def test_decode_while_collecting_waits_for_each_pair_and_writes_the_same_records(run_copy, tmp_path):
    """collect_run decodes each pair once both its sides are collected: the records are the
    ones decoding after the collection writes, in plan order."""
    import shutil
    import threading

    after = tmp_path / "after"
    shutil.copytree(run_copy, after)
    regression.decode_run(after, progress=None)

    plan = json.loads((run_copy / "plan.json").read_text())
    pairs = [(p["case"], p["format"]) for p in plan["pairs"]]
    released: set[tuple[str, str]] = set()
    asked: list[tuple[str, str]] = []

    def ready(case: str, fmt: str) -> bool:
        asked.append((case, fmt))
        return (case, fmt) in released

    t = threading.Thread(target=regression.decode_run, args=(run_copy,), kwargs={"progress": None, "ready": ready})
    t.start()
    for pair in reversed(pairs):  # released last-first: the decoding still goes in plan order
        released.add(pair)
    t.join(timeout=60)
    assert not t.is_alive()
    assert asked[0] == pairs[0] and set(asked) == set(pairs)
    for name in ("events", "tables", "outcomes", "status"):
        got = pq.read_table(run_copy / "records" / f"{name}.parquet")
        want = pq.read_table(after / "records" / f"{name}.parquet")
        assert got.equals(want), name


def test_decode_does_not_read_a_pair_before_it_is_ready(run_copy):
    """A pair whose sides are still being collected is not decoded (its binlogs may be incomplete)."""
    import threading

    plan = json.loads((run_copy / "plan.json").read_text())
    first = (plan["pairs"][0]["case"], plan["pairs"][0]["format"])
    gate = threading.Event()
    polls = []

    def ready(case: str, fmt: str) -> bool:
        polls.append((case, fmt))
        return gate.is_set()

    t = threading.Thread(target=regression.decode_run, args=(run_copy,), kwargs={"progress": None, "ready": ready})
    t.start()
    t.join(timeout=1.0)
    assert t.is_alive() and set(polls) == {first} and len(polls) >= 2  # polled, waiting
    assert not (run_copy / "records" / "events.parquet").exists()
    gate.set()
    t.join(timeout=60)
    assert not t.is_alive() and (run_copy / "records" / "events.parquet").exists()


@pytest.mark.spark
@pytest.mark.slow
def test_analyze_and_report_flag_an_altered_event(spark, run_copy, monkeypatch):
    monkeypatch.setenv("REPLBED_GX_DIR", str(run_copy.parent))  # not a shared AIRFLOW_HOME
    regression.decode_run(run_copy, progress=None)
    # the replay check must have run: a check that did not run is not a pass
    regression.replay_run(run_copy, progress=None)
    # replbed logged a different query text for one statement of myisam_mix STATEMENT
    path = run_copy / "records" / "events.parquet"
    t = pq.read_table(path)
    rows = t.to_pylist()
    hit = [r for r in rows if r["case"] == "myisam_mix" and r["format"] == "STATEMENT"
           and r["side"] == "replbed" and (r["query"] or "").startswith("INSERT INTO m1 VALUES (1")]
    assert len(hit) == 1
    hit[0]["query"] = "INSERT INTO m1 VALUES (1,'X')"
    hit[0]["info"] = "use `d`; INSERT INTO m1 VALUES (1,'X')"
    pq.write_table(pa.Table.from_pylist(rows, schema=t.schema), path)
    # replay needs real MariaDBs; here both sides' replays are recorded as agreeing
    (run_copy / "diff").mkdir(exist_ok=True)
    pq.write_table(pa.Table.from_pylist(
        [{"case": p["case"], "format": p["format"], "replay_ok": True, "replay_error": None}
         for p in regression.load_plan(run_copy)["pairs"]]), run_copy / "diff" / "replay.parquet")

    summary = regression.analyze_run(run_copy, spark=spark, progress=None)
    # with the GX suites run, each record carries their gate (verdict.gate_suites)
    assert [list(r) for r in summary] == [[*regression.SUMMARY_KEYS, "gx_ok"]] * 6
    on_disk = json.loads((run_copy / "summary.json").read_text())
    assert on_disk == summary
    failing = [(r["case"], r["format"]) for r in summary if not regression.is_pass(r)]
    assert failing == [("myisam_mix", "STATEMENT")]
    bad = next(r for r in summary if r["case"] == "myisam_mix" and r["format"] == "STATEMENT")
    assert bad["events_match"] is False and bad["gtid_layout_ok"] is True and bad["tables_match"] is True
    assert bad["status"] == "differs" and bad["failed_checks"] == ["events_match"]
    assert bad["reason"].startswith("differs in events_match: first differing event #"), bad["reason"]

    gx = json.loads((run_copy / "diff" / "gx_results.json").read_text())
    by_suite = {s["suite"]: s for s in gx["suites"]}
    assert set(by_suite) == {s.removesuffix(".json") for s in SUITE_FILES}
    assert by_suite["event_sequence"]["success"] is False
    assert by_suite["gtid_layout"]["success"] is True and by_suite["table_state"]["success"] is True
    assert by_suite["raw_gtid_groups"]["success"] is True and by_suite["raw_pairs"]["success"] is True
    # the failing expectation names the case and format; the run is named
    where = [w for f in by_suite["event_sequence"]["failed"] for w in f["unexpected_where"]]
    assert where and all("case=myisam_mix format=STATEMENT" in w for w in where)
    assert by_suite["verdicts"]["success"] is False  # the altered event fails the verdict too
    assert by_suite["raw_replay"]["success"] is True
    assert gx["run_name"] == "fixture"
    # the GX project in REPLBED_GX_DIR, Data Docs inside it
    assert (run_copy.parent / "gx" / "uncommitted" / "data_docs" / "local_site" / "index.html").exists()

    report = regression.report_run(run_copy, progress=None)
    html = report.read_text()
    assert "5/6" in html and "fixture.myisam_mix" in html
    assert "INSERT INTO m1 VALUES (1,&#39;X&#39;)" in html  # the replbed side of the diff row
    assert '<tr class="ev-differs">' in html
    assert "Data Docs" in html
    from harness.pipeline.report import text_summary

    text = text_summary(run_copy)
    assert "5/6 case x format passed" in text and "myisam_mix STATEMENT" in text
