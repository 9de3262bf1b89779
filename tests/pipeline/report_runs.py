"""Run dirs for report tests, built from the real fixture run (no Spark).

``all_pass_run`` decodes the fixture as it is; ``failing_run`` first rewrites
replbed's binlog of ``basic_dml`` ROW (one event dropped, one row value
changed), makes replbed refuse one statement and marks a ``myisam_mix``
annotation as contradicted by the reference. The summaries are written the
way ``analyze_run`` writes them, with the checks those perturbations fail.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from harness.binlog.codec import encode_event
from harness.binlog.constants import BINLOG_MAGIC
from harness.binlog.context import StreamContext
from harness.binlog.control import AnnotateRowsEvent
from harness.binlog.reader import BinlogReader
from harness.binlog.rows import RowsEvent
from harness.pipeline import regression
from harness.pipeline.verdict import CHECKS

FIXTURE_RUN = Path(__file__).resolve().parent / "fixtures" / "run"
CHANGED_VALUE = "B-changed"


def _copy(dest: Path) -> Path:
    shutil.copytree(FIXTURE_RUN, dest, ignore=shutil.ignore_patterns("records"))
    return dest


def _summary(run_dir: Path, overrides: dict[tuple[str, str], dict]) -> None:
    plan = regression.load_plan(run_dir)
    rules = {c["name"]: c["rule"] for c in plan["cases"]}
    full = []
    for p in plan["pairs"]:
        rec = {"case": p["case"], "format": p["format"], "rule": rules[p["case"]], "error": None,
               "n_ref_events": 10, "n_rb_events": 10, "n_diff_events": 0, "first_diff_seq": None,
               "first_diff_fields": None, "replay_error": None, **dict.fromkeys(CHECKS, True)}
        rec.update(overrides.get((p["case"], p["format"]), {}))
        full.append(rec)
    (run_dir / "diff").mkdir(exist_ok=True)
    (run_dir / "diff" / "summary_full.json").write_text(json.dumps(full, indent=1))
    keys = (*regression.SUMMARY_KEYS, "expectation_ok", "expectation_error")
    (run_dir / "summary.json").write_text(json.dumps([{k: r.get(k) for k in keys} for r in full], indent=1))


def all_pass_run(dest: Path) -> Path:
    run = _copy(dest)
    regression.decode_run(run, progress=None)
    _summary(run, {})
    return run


def rewrite_binlog(path: Path, drop_pos: int, change_pos: int, row: int, col: int, value: bytes) -> None:
    """Re-encode a binlog without the event at ``drop_pos`` and with one row value changed."""
    entries = list(BinlogReader(path).entries())
    ctx = StreamContext()
    out = bytearray(BINLOG_MAGIC)
    for e in entries:
        ev = e.event
        if e.pos == drop_pos:
            continue
        if e.pos == change_pos:
            assert isinstance(ev, RowsEvent) and ev.rows is not None
            img = ev.rows[row].after if ev.rows[row].after is not None else ev.rows[row].before
            img[col] = value
        out += encode_event(ev, ctx, at=len(out))
    path.write_bytes(bytes(out))


def failing_run(dest: Path) -> Path:
    run = _copy(dest)
    side = run / "cases" / "basic_dml" / "ROW" / "replbed"
    binlog = side / "binlog" / "binlog.000001"
    entries = {e.pos: e.event for e in BinlogReader(binlog).entries()}
    annotate = [p for p, ev in entries.items() if isinstance(ev, AnnotateRowsEvent)
                and ev.query.startswith("UPDATE")]
    insert = [p for p, ev in entries.items() if isinstance(ev, RowsEvent) and ev.rows and len(ev.rows) == 2
              and ev.kind == "write"]
    assert len(annotate) == 1 and len(insert) == 1
    rewrite_binlog(binlog, annotate[0], insert[0], 1, 1, CHANGED_VALUE.encode())
    outcome = json.loads((side / "outcome.json").read_text())
    st = next(s for s in outcome["statements"] if s["sql"].startswith("DELETE"))
    st.update(error_code=1305, error_message="FUNCTION d.nope does not exist", ok=False,
              warnings=[["Error", 1305, "FUNCTION d.nope does not exist"]])
    (side / "outcome.json").write_text(json.dumps(outcome))
    regression.decode_run(run, progress=None)
    _summary(run, {
        ("basic_dml", "ROW"): {"events_match": False, "outcomes_match": False, "n_rb_events": 9,
                               "n_diff_events": 2, "first_diff_seq": 5, "first_diff_fields": "rows_json"},
        ("myisam_mix", "STATEMENT"): {"expectation_ok": False,
                                      "expectation_error": "step 2: annotated => 1062, the reference answered OK"},
    })
    return run
