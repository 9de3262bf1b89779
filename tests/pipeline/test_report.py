"""The report explains a difference by the statements the two sides answered differently."""

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from harness.pipeline.report import _outcome_differences


def _row(side: str, step: int, code: int | None, msg: str | None = None) -> dict:
    return {"run_id": "r", "case": "c", "format": "ROW", "side": side, "step": step, "connection": "con1",
            "sql": f"stmt {step}", "expected_error": None, "error_code": code, "error_message": msg,
            "warnings_json": "[]", "ok": True}


def test_outcome_differences_lists_only_differing_statements(tmp_path: Path) -> None:
    rows = [_row("reference", 0, None), _row("replbed", 0, None),
            _row("reference", 1, None), _row("replbed", 1, 1235, "not supported"),
            _row("reference", 2, 1062, "dup"), _row("replbed", 2, 1062, "dup (other text)")]
    (tmp_path / "records").mkdir()
    pq.write_table(pa.Table.from_pylist(rows), tmp_path / "records" / "outcomes.parquet")
    diffs = _outcome_differences(tmp_path, {("c", "ROW")})
    assert diffs == {("c", "ROW"): [(1, "con1", "stmt 1", "OK", "ERROR 1235: not supported")]}
    assert _outcome_differences(tmp_path, {("other", "ROW")}) == {}


def _ev(seq: int, et: str, info: str, rows_json: str | None = None) -> dict:
    return {"seq": seq, "event_type": et, "info": info, "rows_json": rows_json, "query": None,
            "database": None, "table": "d.t", "rows_flags": None, "error_code": None, "gtid_domain": None,
            "gtid_flags": None, "header_flags": 0}


def _seq() -> list[dict]:
    out = []
    for i in range(6):
        out += [_ev(0, "Gtid", f"BEGIN GTID 0-1-{i + 1}"), _ev(0, "Table_map", f"table_id: {30 + i} (d.t)"),
                _ev(0, "Write_rows_v1", "table_id: 30 flags: STMT_END_F", f'[{{"before":null,"after":["{i}"]}}]'),
                _ev(0, "Xid", f"COMMIT /* xid={100 + i} */")]
    for k, e in enumerate(out):
        e["seq"] = k
    return out


def test_one_missing_event_is_one_difference_not_a_red_tail() -> None:
    from harness.pipeline.report import align_events, fold_equal

    ref = _seq()
    rb = [dict(e) for e in ref if e["seq"] != 5]          # replbed lost one Table_map
    for k, e in enumerate(rb):
        e["seq"] = k
        e["info"] = e["info"].replace("xid=1", "xid=9")   # ids differ by nature, normalized away
    rows = align_events(ref, rb)
    assert [(r.op, r.ref["seq"] if r.ref else None) for r in rows if r.op != "equal"] == [("missing_replbed", 5)]
    assert len(rows) == len(ref)
    folded = fold_equal(rows, context=1)
    assert [r.op for r in folded] == ["fold", "equal", "missing_replbed", "equal", "fold"]
    assert folded[0].folded == 4 and folded[-1].folded == len(ref) - 7


def test_a_changed_row_value_is_paired_with_its_counterpart() -> None:
    from harness.pipeline.report import align_events

    ref = _seq()
    rb = [dict(e) for e in ref]
    rb[10]["rows_json"] = '[{"before":null,"after":["99"]}]'
    rows = [r for r in align_events(ref, rb) if r.op != "equal"]
    assert [(r.op, r.ref["seq"], r.rb["seq"], r.diff_fields) for r in rows] == [("differs", 10, 10, ["rows_json"])]


def test_statement_differences_show_errors_warnings_and_contradicted_annotations(tmp_path: Path) -> None:
    from harness.pipeline.report import outcome_differences

    w = '[["Warning", 1265, "Data truncated for column \'a\' at row 1"]]'
    rows = [_row("reference", 0, None), _row("replbed", 0, None),
            {**_row("reference", 1, None), "warnings_json": w}, _row("replbed", 1, None),
            {**_row("reference", 2, None), "expected_error": "1062"}, {**_row("replbed", 2, None), "expected_error": "1062"}]
    (tmp_path / "records").mkdir()
    pq.write_table(pa.Table.from_pylist(rows), tmp_path / "records" / "outcomes.parquet")
    diffs = outcome_differences(tmp_path, {("c", "ROW")})[("c", "ROW")]
    assert [(d.step, d.kind) for d in diffs] == [(1, "warnings"), (2, "expectation")]
    assert diffs[0].ref_warnings == [["Warning", 1265, "Data truncated for column 'a' at row 1"]]
    assert diffs[0].rb_warnings == []


def test_a_failed_suite_under_a_pass_says_what_it_names() -> None:
    """An upgrade check passes on classified differences while the raw-equality suites fail on
    them: the console must say so next to the GX line, not leave a red suite unexplained.
    A suite naming a pair the verdict fails is said to be on a failing pair."""
    from harness.pipeline.report import _gx_failures_line
    from harness.pipeline.verdict import verdict

    def rec(case: str, status: str, events_match: bool) -> dict:
        return {"case": case, "format": "ROW", "events_match": events_match, "gtid_layout_ok": True,
                "tables_match": True, "outcomes_match": True, "error": None, "replay_ok": True,
                "expectation_ok": True, "status": status, "failed_checks": [] if events_match else ["events_match"],
                "classified_checks": [] if events_match or status != "known_difference" else ["events_match"]}
    recs = [rec("a", "known_difference", False), rec("b", "differs", False), rec("c", "pass", True)]
    verdicts = [(r, verdict(r)) for r in recs]
    bad = [{"suite": "event_sequence", "success": False, "evaluated": 7, "failed": [
        {"expectation": "expect_column_values_to_be_in_set", "column": "events_match",
         "unexpected_rows": [{"case": "a", "format": "ROW"}, {"case": "b", "format": "ROW"}]}]}]
    assert _gx_failures_line(bad, verdicts) == [
        "  the failed suites name 2 case x format: 1 declared differences (known_difference), "
        "1 failing, listed above"]
    assert _gx_failures_line([dict(bad[0], failed=[])], verdicts) == []
