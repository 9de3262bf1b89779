"""Great Expectations on the raw run data: each expectation is fed a difference and must fail,
naming the case and format; runs are named and kept in one project; Data Docs render offline.

Uses the real fixture run's records (decoded here, no Spark); the raw suites
validate pandas frames read straight from the run's files.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from harness.pipeline import regression
from harness.pipeline.gx_validate import (
    SUITE_FILES,
    expectations_dir,
    gtid_groups,
    load_suite_file,
    suite_target,
    validate_frames,
)
from tests.pipeline.chromium import Elements, dump_dom, screenshot, url_of
from tests.pipeline.report_runs import all_pass_run

RAW_SUITES = ("raw_events.json", "raw_gtid_groups.json", "raw_pairs.json", "raw_replay.json", "verdicts.json")
SHOTS = Path(__file__).resolve().parents[2] / "runs" / "screenshots"


def _replay(run: Path, bad: set[tuple[str, str]] = frozenset()) -> None:
    plan = regression.load_plan(run)
    rows = [{"case": p["case"], "format": p["format"], "replay_ok": (p["case"], p["format"]) not in bad,
             "replay_error": "table d.t1 differs" if (p["case"], p["format"]) in bad else None,
             "reference_errors": "[]", "replbed_errors": "[]", "seconds": 0.1} for p in plan["pairs"]]
    pq.write_table(pa.Table.from_pylist(rows), run / "diff" / "replay.parquet")


def _records(run: Path) -> list[dict]:
    return json.loads((run / "diff" / "summary_full.json").read_text())


def _validate(run: Path, project: Path, name: str):
    results, docs = validate_frames(run, {}, suite_files=RAW_SUITES, records=_records(run),
                                    run_name=name, project_dir=project)
    return {r.suite: r for r in results}, docs


def test_suite_files_declare_frame_and_index_columns() -> None:
    for name in SUITE_FILES:
        path = expectations_dir() / name
        spec = json.loads(path.read_text())
        assert len(load_suite_file(path).expectations) == len(spec["expectations"]) > 0
        assert suite_target(path) and spec["meta"]["replbed"]["index_columns"][:2] == ["case", "format"]


def test_gtid_groups_from_raw_events() -> None:
    def ev(seq, t, q=None, flags=None):
        return {"case": "c", "format": "ROW", "side": "replbed", "seq": seq, "event_type": t, "query": q,
                "gtid_flags": flags}
    evs = [ev(0, "Format_desc"), ev(1, "Gtid_list"), ev(2, "Gtid", flags=1), ev(3, "Query", "CREATE TABLE t (a INT)"),
           ev(4, "Gtid"), ev(5, "Table_map"), ev(6, "Write_rows_v1"), ev(7, "Xid"),
           ev(8, "Gtid"), ev(9, "Query", "BEGIN"), ev(10, "Query", "INSERT INTO m VALUES (1)"), ev(11, "Query", "COMMIT"),
           ev(12, "Query", "INSERT INTO m VALUES (2)"),                     # outside any group
           ev(13, "Gtid"), ev(14, "Table_map"), ev(15, "Write_rows_v1"),   # no Xid before the next Gtid
           ev(16, "Gtid", flags=1), ev(17, "Query", "DROP TABLE t"), ev(18, "Rotate")]
    got = [(g["first_seq"], g["first_event"], g["group_end"]) for g in gtid_groups(evs)]
    assert got == [(2, "Gtid", "standalone"), (4, "Gtid", "Xid"), (8, "Gtid", "COMMIT"),
                   (12, "Query", "unterminated"), (13, "Gtid", "unterminated"),
                   (16, "Gtid", "standalone")]


def _ev(seq, t, q=None, flags=None, side="replbed"):
    return {"case": "c", "format": "ROW", "side": side, "seq": seq, "event_type": t, "query": q,
            "gtid_flags": flags}


def test_rollback_to_savepoint_does_not_end_a_group() -> None:
    # BEGIN; INSERT; SAVEPOINT s; INSERT; ROLLBACK TO s; COMMIT on InnoDB + a MyISAM write:
    # MariaDB logs the savepoint statements inside the group, which ends at its Xid.
    evs = [_ev(0, "Format_desc"), _ev(1, "Gtid"), _ev(2, "Table_map"), _ev(3, "Write_rows_v1"),
           _ev(4, "Query", "SAVEPOINT `s`"), _ev(5, "Table_map"), _ev(6, "Write_rows_v1"),
           _ev(7, "Query", "ROLLBACK TO `s`"), _ev(8, "Query", "rollback to savepoint s2"), _ev(9, "Xid"),
           _ev(10, "Gtid"), _ev(11, "Query", "INSERT INTO m VALUES (1)"), _ev(12, "Query", "ROLLBACK"),
           _ev(13, "Gtid", flags=0x48), _ev(14, "Query", "XA END X'31',X'',1"), _ev(15, "XA_prepare"),
           _ev(16, "Gtid", flags=1), _ev(17, "Query", "XA COMMIT X'31',X'',1")]
    got = [(g["first_seq"], g["n_events"], g["group_end"]) for g in gtid_groups(evs)]
    assert got == [(1, 9, "Xid"), (10, 3, "ROLLBACK"), (13, 3, "XA_prepare"), (16, 2, "XA COMMIT")]


def test_mysql_groups_begin_with_query_begin_and_ddl_is_standalone() -> None:
    # MySQL 8.0/9.x: Gtid (33) or Anonymous_Gtid (34), whose flags byte has another meaning;
    # a transaction is Query BEGIN ... Xid/COMMIT, a DDL its one Query, XA PREPARE ends at XA_prepare
    def my(seq, t, q=None, code=None, flags=1):
        return dict(_ev(seq, t, q, flags), type_code=code)
    evs = [my(0, "Format_desc"), my(1, "Previous_gtids"),
           my(2, "Anonymous_Gtid", code=34), my(3, "Query", "CREATE TABLE t (a INT)"),
           my(4, "Anonymous_Gtid", code=34), my(5, "Query", "BEGIN"), my(6, "Rows_query"), my(7, "Table_map"),
           my(8, "Write_rows"), my(9, "Query", "ROLLBACK TO `s`"), my(10, "Xid"),
           my(11, "Gtid", code=33), my(12, "Query", "BEGIN"), my(13, "Query", "INSERT INTO m VALUES (1)"),
           my(14, "Query", "COMMIT"),
           my(15, "Gtid", code=33), my(16, "Query", "XA START X'31',X'',1"), my(17, "Query", "XA END X'31',X'',1"),
           my(18, "XA_prepare"),
           my(19, "Gtid", code=33), my(20, "Query", "XA COMMIT X'31',X'',1")]
    got = [(g["first_seq"], g["first_event"], g["group_end"]) for g in gtid_groups(evs)]
    assert got == [(2, "Anonymous_Gtid", "standalone"), (4, "Anonymous_Gtid", "Xid"), (11, "Gtid", "COMMIT"),
                   (15, "Gtid", "XA_prepare"), (19, "Gtid", "XA COMMIT")]


def test_a_group_cut_at_rollback_to_is_a_framing_fault() -> None:
    # the fault the old rule hid: a group whose Xid is gone after ROLLBACK TO runs into
    # the next Gtid (unterminated); and a Xid with no Gtid opens a group of its own
    evs = [_ev(1, "Gtid"), _ev(2, "Query", "SAVEPOINT `s`"), _ev(3, "Query", "ROLLBACK TO `s`"),
           _ev(4, "Gtid"), _ev(5, "Query", "BEGIN"), _ev(6, "Query", "COMMIT"), _ev(7, "Xid")]
    got = [(g["first_seq"], g["first_event"], g["group_end"]) for g in gtid_groups(evs)]
    assert got == [(1, "Gtid", "unterminated"), (4, "Gtid", "COMMIT"), (7, "Xid", "Xid")]


def test_mysql_groups_open_at_anonymous_gtid_and_ddl_is_its_own_group() -> None:
    # MySQL 9.7, GTID_MODE=OFF: Anonymous_Gtid opens every group (WL#7592); a transaction
    # has a BEGIN Query second; a DDL's Query is its whole group; an atomic CREATE ... SELECT
    # ("... START TRANSACTION") goes on to its rows and Xid.
    evs = [_ev(0, "Format_desc"), _ev(1, "Previous_gtids"),
           _ev(2, "Anonymous_Gtid"), _ev(3, "Query", "CREATE TABLE t (a INT) /* xid=3 */"),
           _ev(4, "Anonymous_Gtid"), _ev(5, "Query", "BEGIN"), _ev(6, "Table_map"), _ev(7, "Write_rows"),
           _ev(8, "Xid"),
           {**_ev(9, "Gtid"), "type_code": 33}, _ev(10, "Query", "CREATE TABLE `u` (\n  `a` int DEFAULT NULL\n) START TRANSACTION ENGINE=InnoDB"), _ev(11, "Table_map"),
           _ev(12, "Write_rows"), _ev(13, "Xid"),
           _ev(14, "Anonymous_Gtid"), _ev(15, "Query", "BEGIN"), _ev(16, "Query", "INSERT INTO m VALUES (1)"),
           _ev(17, "Query", "COMMIT")]
    got = [(g["first_seq"], g["first_event"], g["group_end"]) for g in gtid_groups(evs)]
    assert got == [(2, "Anonymous_Gtid", "standalone"), (4, "Anonymous_Gtid", "Xid"), (9, "Gtid", "Xid"),
                   (14, "Anonymous_Gtid", "COMMIT")]
    # a MySQL transaction that lost its Xid is a fault
    cut = [_ev(1, "Anonymous_Gtid"), _ev(2, "Query", "BEGIN"), _ev(3, "Table_map"), _ev(4, "Write_rows"),
           _ev(5, "Anonymous_Gtid"), _ev(6, "Query", "DROP TABLE t")]
    assert [(g["first_seq"], g["group_end"]) for g in gtid_groups(cut)] == [
        (1, "unterminated"), (5, "standalone")]


@pytest.mark.slow
def test_raw_expectations_fail_on_each_difference_and_name_the_pair(tmp_path: Path) -> None:
    from harness.pipeline.gx_assets import fetch_assets

    fetch_assets(progress=None)  # scripts/bootstrap.sh normally did this (npm pack, once)
    project = tmp_path / "gxhome"
    good = all_pass_run(tmp_path / "good")
    _replay(good)
    by, _ = _validate(good, project, "good-run")
    assert {s: r.success for s, r in by.items()} == {s.removesuffix(".json"): True for s in RAW_SUITES}

    bad = all_pass_run(tmp_path / "bad")
    # events.parquet: a null type; a group whose Xid is gone; one pair with no replbed events
    path = bad / "records" / "events.parquet"
    t = pq.read_table(path)
    rows = t.to_pylist()
    def key(r, c, f, s):
        return r["case"] == c and r["format"] == f and r["side"] == s
    next(r for r in rows if key(r, "myisam_mix", "MIXED", "reference") and r["event_type"] == "Table_map")["event_type"] = None
    xid = next(r for r in rows if key(r, "basic_dml", "STATEMENT", "replbed") and r["event_type"] == "Xid")
    rows = [r for r in rows if r is not xid and not key(r, "basic_dml", "MIXED", "replbed")]
    pq.write_table(pa.Table.from_pylist(rows, schema=t.schema), path)
    _replay(bad, {("myisam_mix", "ROW")})
    full = _records(bad)
    next(r for r in full if r["case"] == "basic_dml" and r["format"] == "ROW")["events_match"] = False
    (bad / "diff" / "summary_full.json").write_text(json.dumps(full))
    by, docs = _validate(bad, project, "bad-run")
    assert not any(r.success for r in by.values()), {s: r.success for s, r in by.items()}

    def where(suite: str) -> str:
        return " | ".join(w for f in by[suite].failed for w in f["unexpected_where"])

    assert "case=myisam_mix format=MIXED side=reference" in where("raw_events")
    assert "case=basic_dml format=STATEMENT side=replbed" in where("raw_gtid_groups")
    assert "unterminated" in where("raw_gtid_groups")
    assert "case=basic_dml format=MIXED" in where("raw_pairs")
    assert "case=myisam_mix format=ROW" in where("raw_replay")
    assert "case=basic_dml format=ROW" in where("verdicts")
    # the planned pair count is checked too: a plan with one pair more than the data
    plan = json.loads((bad / "plan.json").read_text())
    plan["pairs"].append({"case": "ghost", "format": "ROW"})
    (bad / "plan.json").write_text(json.dumps(plan))
    results, _ = validate_frames(bad, {}, suite_files=("raw_pairs.json",), records=full,
                                 run_name="ghost-run", project_dir=project)
    failed = {f["expectation"]: f for f in results[0].failed}
    assert "case=ghost format=ROW" in " ".join(failed["expect_column_values_to_be_between"]["unexpected_where"])

    # one project keeps every named run; the Data Docs render offline
    site = docs.parent
    runs = {p.name for p in (site / "validations" / "raw_pairs").iterdir()}
    assert {"good-run", "bad-run", "ghost-run"} <= runs
    from harness.pipeline.gx_assets import remote_assets

    for page in site.rglob("*.html"):
        assert remote_assets(page.read_text()) == [], page
    _docs_in_chromium(docs, site)


def _docs_in_chromium(index: Path, site: Path) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    screenshot(url_of(index), SHOTS / "gx-data-docs-index.png", size="1400,900")
    dom = Elements(dump_dom(url_of(index)))
    names = {text.strip() for tag, attrs, text in dom.find("td")}
    assert {"good-run", "bad-run"} <= names
    assert "Expectation Suites" in " ".join(t for _, _, t in dom.find("a"))
    page = next((site / "validations" / "raw_gtid_groups" / "bad-run").rglob("*.html"))
    screenshot(url_of(page), SHOTS / "gx-data-docs-failure.png", size="1400,1600")
    text = dump_dom(url_of(page))
    assert "basic_dml" in text and "unterminated" in text
    # the page explains itself and leads back to the replbed report of its run
    assert "Data asset: None" not in text and "Data asset: gtid_groups (replbed run bad-run)" in text
    link = Elements(text).find("div", id="replbed-report-link")
    assert link and "the replbed report" in link[0][2]
    href = next(a for t, a, x in Elements(text).find("a") if x == "the replbed report")["href"]
    assert (page.parent / href).resolve() == (page.parents[4].parent.parent.parent / "bad" / "report" / "index.html").resolve() \
        or href.endswith("bad/report/index.html"), href
    suite_page = dump_dom(url_of(site / "expectations" / "raw_gtid_groups.html"))
    assert "is one of <code>Xid</code>" in suite_page  # each expectation's notes, in words
    assert "ROLLBACK TO &lt;savepoint&gt; and SAVEPOINT are Queries inside a group" in suite_page \
        or "ROLLBACK TO <savepoint> and SAVEPOINT are Queries inside a group" in suite_page
    # styled: bootstrap's CSS loaded from the site (a computed layout is not visible in the DOM,
    # so the screenshot is the check a person looks at; here: the local files exist)
    for link in Elements(index.read_text()).find("link"):
        href = link[1].get("href", "")
        if href.endswith(".css"):
            assert (index.parent / href).resolve().is_file(), href


def test_data_docs_list_one_row_per_failing_pair() -> None:
    from harness.pipeline.gx_validate import one_row_per_pair

    def td(i: int, text: str) -> str:
        return f'<td id="c-{i}" ><div class="show-scrollbars">{text}</div></td>'

    # as GX 1.x renders two failing rows that share the unexpected value False
    row = ("<tr>\n          " + td(1, "False") + td(2, "2") + td(3, "basic_dml, basic_dml") + td(4, "ROW, ROW")
           + td(5, "reference, replbed") + "</tr>")
    out = one_row_per_pair(f"<table>{row}</table>")
    cells = re.findall(r'show-scrollbars">([^<]*)<', out)
    assert cells == ["False", "1", "basic_dml", "ROW", "reference", "False", "1", "basic_dml", "ROW", "replbed"]
    single = "<tr>" + td(1, "unterminated") + td(2, "1") + td(3, "basic_dml") + td(4, "ROW") + "</tr>"
    assert one_row_per_pair(single) == single
