"""The in-process diff jobs (local_diff.py) give exactly what the Spark jobs (diff.py) give.

Both engines run on the same records -- real MariaDB binlogs (every golden
fixture: XA, rotation, all column types, the pipeline's fixture run) paired
with themselves, then with one difference planted per check -- and every frame
they produce (the five GX frames and the two row-level Parquet files) must be
equal row for row. The planted differences must also be flagged, so the
equality is not that of two checkers that cannot fail.
"""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from harness.binlog.records import records_from_files
from harness.pipeline.regression import _local_jobs, _spark_jobs, _write_parquet
from harness.pipeline.schemas import EVENT_SCHEMA, OUTCOME_SCHEMA, STATUS_SCHEMA, TABLE_SCHEMA, coerce

FIXTURE_RUN = Path(__file__).resolve().parent / "fixtures" / "run"
GOLDEN = Path(__file__).resolve().parents[1] / "fixtures" / "binlog" / "mariadb-10.11"
FRAMES = ("event_cases", "gtid_layout", "table_cases", "outcome_cases", "summary")


def _golden_events() -> list[dict]:
    out = []
    for d in sorted(p for p in GOLDEN.iterdir() if p.is_dir()):
        files = sorted(f for f in d.glob("binlog.0*") if f.name[-1].isdigit())
        for side in ("reference", "replbed"):
            out += [{**r, "case": f"g_{d.name}", "format": "ROW", "side": side}
                    for r in records_from_files(files, case=f"g_{d.name}", format="ROW", side=side, run_id="t")]
    return out


def _plant(events: list[dict], tables: list[dict], outcomes: list[dict], status: list[dict]) -> None:
    """One difference per check, each on the replbed side of its own golden case."""
    def rb(case: str) -> list[dict]:
        return [e for e in events if e["case"] == case and e["side"] == "replbed"]

    # an event missing at the end
    events.remove(rb("g_dml_autocommit_row")[-1])
    # a row value
    next(e for e in rb("g_mixed_trx_row") if e["rows_json"])["rows_json"] = '[{"before":null,"after":["9"]}]'
    # a GTID gap: every later sequence number one higher
    gt = [e for e in rb("g_types_row") if e["event_type"] == "Gtid"]
    for e in gt[len(gt) // 2:]:
        e["gtid_seq"] += 1
    # a group without its terminator (Xid dropped), and a header event missing
    events.remove(next(e for e in rb("g_row_image_row") if e["event_type"] == "Xid"))
    events.remove(next(e for e in rb("g_xa_row") if e["event_type"] == "Binlog_checkpoint"))
    # an Info text (masked fields aside) and a query with an xid comment
    next(e for e in rb("g_ddl_misc_stmt") if e["event_type"] == "Query")["info"] += " "
    # tables, outcomes, a collect error
    t = next(r for r in tables if r["side"] == "replbed")
    t["row_json"] = '["changed"]'
    o = next(r for r in outcomes if r["side"] == "replbed")
    o["error_code"] = 1062
    s = next(r for r in status if r["side"] == "replbed" and r["case"] == "g_rotate_stop")
    s["error"] = "replbed: no binlog files collected"


def _run_dir(tmp_path: Path, planted: bool) -> tuple[Path, dict]:
    events = [dict(r) for r in pq.read_table(FIXTURE_RUN / "records" / "events.parquet").to_pylist()]
    tables = pq.read_table(FIXTURE_RUN / "records" / "tables.parquet").to_pylist()
    outcomes = pq.read_table(FIXTURE_RUN / "records" / "outcomes.parquet").to_pylist()
    events += _golden_events()
    pairs = sorted({(e["case"], e["format"]) for e in events})
    status = [{"run_id": "t", "case": c, "format": f, "side": s, "n_events": 0, "error": None}
              for c, f in pairs for s in ("reference", "replbed")]
    if planted:
        events, tables, outcomes, status = map(copy.deepcopy, (events, tables, outcomes, status))
        _plant(events, tables, outcomes, status)
    plan = json.loads((FIXTURE_RUN / "plan.json").read_text())
    plan["cases"] += [{"name": c, "rule": None} for c in sorted({c for c, _ in pairs}) if c.startswith("g_")]
    rec = tmp_path / "records"
    rec.mkdir(parents=True)
    for name, rows, schema in (("events", events, EVENT_SCHEMA), ("tables", tables, TABLE_SCHEMA),
                               ("outcomes", outcomes, OUTCOME_SCHEMA), ("status", status, STATUS_SCHEMA)):
        _write_parquet(rec / f"{name}.parquet", coerce(rows, schema))
    (tmp_path / "plan.json").write_text(json.dumps(plan))
    return tmp_path, plan


def _plain(v: Any) -> Any:
    if hasattr(v, "tolist"):
        v = v.tolist()
    if isinstance(v, float) and math.isnan(v):
        return None
    if isinstance(v, float) and v.is_integer():
        return int(v)
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v


def _rows(records: list[dict]) -> list[str]:
    return sorted(json.dumps({k: _plain(v) for k, v in r.items()}, sort_keys=True, default=str)
                  for r in records)


def _frame_rows(df: Any) -> list[str]:
    pdf = df if type(df).__module__.startswith("pandas") else df.toPandas()
    return _rows(pdf.astype(object).to_dict("records"))


@pytest.mark.parametrize("planted", [False, True], ids=["identical", "planted"])
def test_local_jobs_equal_spark_jobs(spark, tmp_path: Path, planted: bool) -> None:
    run_dir, plan = _run_dir(tmp_path, planted)
    (run_dir / "spark").mkdir()
    (run_dir / "local").mkdir()
    s_frames, s_full = _spark_jobs(run_dir, plan, run_dir / "spark", spark)
    l_frames, l_full = _local_jobs(run_dir, plan, run_dir / "local")
    for name in FRAMES:
        assert list(l_frames[name].columns) == list(s_frames[name].columns), name
        assert _frame_rows(l_frames[name]) == _frame_rows(s_frames[name]), name
    assert _rows(l_full) == _rows(s_full)
    for name in ("event_diff", "table_rows", *FRAMES):
        a = pq.read_table(run_dir / "local" / f"{name}.parquet").to_pylist()
        b = pq.read_table(run_dir / "spark" / f"{name}.parquet").to_pylist()
        assert _rows(a) == _rows(b), name
    by = {(r["case"], r["format"]): r for r in l_full}
    assert len(by) > 20
    if not planted:
        # the golden cases have no statements (outcomes_match not compared): every other check holds
        assert all(r["events_match"] and r["gtid_layout_ok"] and r["tables_match"]
                   for r in by.values() if r["case"].startswith("g_"))
        return
    # every planted difference is flagged, by the check it belongs to
    assert by[("g_dml_autocommit_row", "ROW")]["events_match"] is False
    assert by[("g_mixed_trx_row", "ROW")]["first_diff_fields"] == "rows_json"
    assert by[("g_types_row", "ROW")]["gtid_layout_ok"] is False
    assert by[("g_row_image_row", "ROW")]["gtid_layout_ok"] is False
    assert by[("g_xa_row", "ROW")]["gtid_layout_ok"] is False
    assert by[("g_ddl_misc_stmt", "ROW")]["first_diff_fields"] == "info"
    assert by[("g_rotate_stop", "ROW")]["error"] and by[("g_rotate_stop", "ROW")]["passed"] is False
    assert sum(1 for r in by.values() if r["tables_match"] is False) >= 1
    assert sum(1 for r in by.values() if r["outcomes_match"] is False) >= 1
    gl = {(r["case"], r["side"]): r for r in l_frames["gtid_layout"].to_dict("records")}
    assert gl[("g_types_row", "replbed")]["gtid_gaps"] >= 1
    assert gl[("g_row_image_row", "replbed")]["bad_groups"] >= 1
    assert not gl[("g_xa_row", "replbed")]["header_ok"]
