"""The console of a run: one progress indicator with counts, percentage and ETA, a line
for each failing case x format as soon as both its sides are collected, and a fallback to
stdout when the console descriptor is not there."""

from __future__ import annotations

import io
import json
import os
import time
from pathlib import Path

from harness.pipeline import console


def _outcome(run: Path, case: str, fmt: str, side: str, **stmt) -> None:
    d = run / "cases" / case / fmt / side
    d.mkdir(parents=True, exist_ok=True)
    s = {"sql": "INSERT INTO t VALUES (1)", "line": 7, "error_code": None, "expected_error": None, **stmt}
    (d / "outcome.json").write_text(json.dumps({"status": "ok", "statements": [s]}))


def test_progress_counts_pairs_and_prints_failures_as_they_happen(tmp_path: Path) -> None:
    run = tmp_path / "run"
    run.mkdir()
    (run / "plan.json").write_text("{}")
    pairs = [{"case": f"c{i}", "format": "ROW"} for i in range(10)]
    out = io.StringIO()
    prog = console.PairProgress(run, pairs, console=console.Console(out), interval=3600,
                                since=time.time() - 5)
    with prog:
        for i in range(10):
            _outcome(run, f"c{i}", "ROW", "reference")
            if i == 3:  # replbed answered differently: known as soon as both sides are in
                _outcome(run, "c3", "ROW", "replbed", error_code=1062, error_message="Duplicate entry")
            elif i == 5:  # the reference contradicts the workload's annotation
                _outcome(run, "c5", "ROW", "replbed", expected_error="1062")
                _outcome(run, "c5", "ROW", "reference", expected_error="1062")
            else:
                _outcome(run, f"c{i}", "ROW", "replbed")
            prog.poll()
    lines = out.getvalue().splitlines()
    fails = [ln for ln in lines if ln.startswith("FAIL")]
    assert fails == ["FAIL c3 ROW differs: line 7 `INSERT INTO t VALUES (1)`: reference OK / replbed 1062 "
                     "Duplicate entry",
                     "FAIL c5 ROW expectation_wrong: line 7 `INSERT INTO t VALUES (1)`: expected 1062, reference got OK"]
    progress = [ln for ln in lines if ln.startswith("[")]
    assert progress[0].startswith("[  0%] collected 0/10")
    assert progress[-1].startswith("[100%] collected 10/10 case x format (reference 10, replbed 10), 2 failed")
    assert any("ETA" in ln for ln in progress[1:-1])
    assert len(progress) <= 12  # not a line per pair: one per 10 % on a pipe


def test_console_falls_back_to_stdout_without_its_descriptor(monkeypatch, capsys) -> None:
    r, w = os.pipe()
    os.close(w)
    monkeypatch.setenv(console.CONSOLE_FD_ENV, str(w))  # a closed descriptor
    monkeypatch.setattr(console, "_stream", None)
    console.say("hello")
    assert capsys.readouterr().out == "hello\n"
    os.close(r)
