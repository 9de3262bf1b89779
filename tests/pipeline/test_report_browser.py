"""The report as a reviewer sees it: rendered by headless Chromium, offline.

Built from the real fixture run (tests/pipeline/report_runs.py): an all-pass
run, and a failing one where replbed's binlog lost one event and changed one
row value, replbed refused one statement, and one workload annotation is
contradicted by the reference.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from harness.pipeline.report import render_report
from tests.pipeline.chromium import (
    Elements,
    dump_dom,
    needs_chromium,
    screenshot,
    url_of,
)
from tests.pipeline.report_runs import CHANGED_VALUE, all_pass_run, failing_run

pytestmark = [needs_chromium, pytest.mark.slow]

SHOTS = Path(__file__).resolve().parents[2] / "runs" / "screenshots"


def _no_remote_assets(html: str) -> None:
    refs = re.findall(r"""(?:src|href)\s*=\s*["']?(https?:)?//""", html, re.IGNORECASE)
    assert not refs, "the report must not load anything from the network"
    assert "@import" not in html and "url(http" not in html


def test_all_pass_report_in_chromium(tmp_path: Path) -> None:
    report = render_report(all_pass_run(tmp_path / "run"))
    _no_remote_assets(report.read_text())
    SHOTS.mkdir(parents=True, exist_ok=True)
    screenshot(url_of(report), SHOTS / "report-all-pass.png", size="1400,1000")
    dom = Elements(dump_dom(url_of(report)))
    verdict = dom.find("div", id="verdict")
    assert len(verdict) == 1 and "PASSED: all 6 case × format passed" in verdict[0][2]
    assert not dom.find(id="failures") and not dom.find(id="differences")
    # the grid: one row per case, a tick per format it ran in
    table = Elements(dump_dom(url_of(report)).split('id="results-table"', 1)[1].split("</table>", 1)[0])
    assert len(table.find("td", class_="cell-pass")) == 6 and len(table.find("tr", class_="is-pass")) == 2
    assert not dom.find("tr", class_="is-fail")


def _with_sources(run: Path) -> Path:
    """The plan as plan_run writes it today: each case's workload file and line."""
    import json

    plan = json.loads((run / "plan.json").read_text())
    for i, c in enumerate(plan["cases"]):
        c.update(source=str(run / "cases.wl"), line=10 * i + 1)
    (run / "plan.json").write_text(json.dumps(plan))
    return run


def test_failing_report_in_chromium(tmp_path: Path) -> None:
    report = render_report(_with_sources(failing_run(tmp_path / "run")))
    html = report.read_text()
    _no_remote_assets(html)
    SHOTS.mkdir(parents=True, exist_ok=True)
    full = screenshot(url_of(report), SHOTS / "report-failing.png", size="1400,6000")
    only = screenshot(url_of(report, "only-failures"), SHOTS / "report-failing-only.png", size="1400,6000")
    assert full.read_bytes() != only.read_bytes()  # the failures-only view hides the passing rows

    raw = dump_dom(url_of(report))
    dom = Elements(raw)
    assert "FAILED: 2 of 6 case × format failed" in dom.find("div", id="verdict")[0][2]

    # the difference first: the failures, then the differences, then the case x format grid
    assert raw.index('id="failures"') < raw.index('id="differences"') < raw.index('id="results-table"')
    failures = [r[2] for r in Elements(raw[raw.index('id="failure-list"'):]).find("tr", class_="is-fail")]
    assert "myisam_mix" in failures[0] and "workload expectation wrong" in failures[0]
    assert "basic_dml" in failures[1] and "replbed differs" in failures[1]
    # each failure: its first difference, a rerun command and the workload's file:line
    assert "replbed run --case basic_dml --formats ROW" in failures[1]
    assert re.search(r"cases\.wl:(1|11)\b", failures[1]), failures[1]
    assert "differs in" in failures[1]
    # the grid: one row per case, one column per format; failing cases lead
    table = raw[raw.index('id="results-table"'):]
    grid = Elements(table[:table.index("</table>")])
    assert len(grid.find("tr")) == 1 + 2  # the header and the two cases
    assert table.index("myisam_mix") < table.index("basic_dml")  # the most severe first
    assert len(grid.find("td", class_="cell-fail")) == 2 and len(grid.find("td", class_="cell-pass")) == 4
    # no Python reprs anywhere a person reads
    text = " ".join(t for _, _, t in dom.find("body"))
    for repr_ in ("None", "['", "[]"):
        assert repr_ not in text, repr_

    # the expectation failure is its own kind and carries its reason
    exp = dom.find("div", class_="k-expectation_wrong")
    assert len(exp) == 1 and "annotated => 1062, the reference answered OK" in exp[0][2]

    # events aligned: one missing event and one changed rows event, nothing else red
    case = next(d for d in dom.find("div", class_="case") if "basic_dml — ROW" in d[2])
    ev_table = raw[raw.index('id="d-basic_dml_ROW"'):]
    ev_table = ev_table[ev_table.index('class="events"'):ev_table.index("</table>", ev_table.index('class="events"'))]
    ev = Elements(ev_table)
    missing = ev.find("tr", class_="ev-missing_replbed")
    differs = ev.find("tr", class_="ev-differs")
    assert len(missing) == 1 and "Annotate_rows" in missing[0][2] and "UPDATE t1" in missing[0][2]
    assert len(differs) == 1 and "Write_rows" in differs[0][2] and "rows_json" in differs[0][2]
    assert not ev.find("tr", class_="ev-missing_reference")
    assert "2 difference(s)" in case[2]

    # the differing rows event as mariadb-binlog -vv prints it, both sides
    pres = [p[2] for p in ev.find("pre")]
    assert len(pres) == 2
    assert "### INSERT INTO `d`.`t1`\n### SET\n###   @1=1 /* INT meta=0 nullable=0 is_null=0 */" in pres[0]
    assert "@2='b' /* VARSTRING(20) meta=20 nullable=1 is_null=0 */" in pres[0]
    assert f"@2='{CHANGED_VALUE}' /* VARSTRING(20)" in pres[1]
    marked = [s[2] for s in ev.find("span", class_="dl")]
    assert any("'b'" in m for m in marked) and any(CHANGED_VALUE in m for m in marked)

    # the refused statement: both servers' results and SHOW WARNINGS rows
    stmts = Elements(raw[raw.index('id="d-basic_dml_ROW"'):]).find("table", class_="stmts")[0][2]
    assert "DELETE FROM t1 WHERE id=2" in stmts and "OK" in stmts
    assert "ERROR 1305: FUNCTION d.nope does not exist" in stmts and "Error" in stmts


def test_failing_report_first_screen_shows_the_difference_and_a_rerun(tmp_path: Path) -> None:
    """What a reviewer sees without scrolling (1400x900): the verdict, the first difference
    and the command that reruns it."""
    report = render_report(failing_run(tmp_path / "run"))
    SHOTS.mkdir(parents=True, exist_ok=True)
    screenshot(url_of(report), SHOTS / "report-first-screen.png", size="1400,900")
    from tests.pipeline.chromium import visible_text

    seen = visible_text(url_of(report), width=1400, height=900)
    assert "FAILED: 2 of 6 case × format failed" in seen, seen
    assert "First difference" in seen and "myisam_mix STATEMENT" in seen, seen
    assert "rerun: replbed run --case myisam_mix --formats STATEMENT" in seen, seen
