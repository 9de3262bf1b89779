"""Mutation tests for the judge: a checker that cannot fail is a defect.

The base is a real collected case × format (``basic_dml`` ROW of the
checked-in fixture run, captured from two real MariaDB 10.11 servers and decoded
here by replbed's own decoder). Each mutation perturbs ONE thing on one side,
under its own case name, and all three judges must flag it:

* ``replbed compare``'s comparison (``harness.compare.judge``),
* the Spark pipeline (``analyze_run`` → summary records), and
* ``replbed run``'s verdict and exit code (``cli.judge_summary`` on those records).

The unmutated control pair must pass all three, so a judge that fails
everything is caught too. One ``analyze_run`` (one Spark job set) judges every
mutation at once.
"""

from __future__ import annotations

import copy
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from harness import cli
from harness.compare import Collected, judge
from harness.pipeline import regression
from harness.pipeline.verdict import Status

pytestmark = pytest.mark.spark

FIXTURE_RUN = Path(__file__).resolve().parent / "fixtures" / "run"
BASE_CASE, FMT = "basic_dml", "ROW"

Events = list[dict[str, Any]]
Outcome = dict[str, Any]


def _renumber(events: Events) -> None:
    for i, e in enumerate(events):
        e["seq"] = i


def _first(events: Events, event_type: str) -> dict[str, Any]:
    return next(e for e in events if e["event_type"] == event_type)


# -- the mutations: (ref events, rb events, ref outcome, rb outcome, replay record) -> None


def extra_event(ref: Events, rb: Events, oref: Outcome, orb: Outcome, replay: dict) -> None:
    i = rb.index(_first(rb, "Annotate_rows"))
    rb.insert(i, copy.deepcopy(rb[i]))
    _renumber(rb)


def missing_event(ref: Events, rb: Events, oref: Outcome, orb: Outcome, replay: dict) -> None:
    rb.remove(_first(rb, "Annotate_rows"))
    _renumber(rb)


def changed_row_value(ref: Events, rb: Events, oref: Outcome, orb: Outcome, replay: dict) -> None:
    e = _first(rb, "Write_rows_v1")
    e["rows_json"] = e["rows_json"].replace('"b"', '"B"')


def swapped_rows(ref: Events, rb: Events, oref: Outcome, orb: Outcome, replay: dict) -> None:
    e = _first(rb, "Write_rows_v1")
    rows = json.loads(e["rows_json"])
    assert len(rows) == 2
    e["rows_json"] = json.dumps(rows[::-1])


def changed_info(ref: Events, rb: Events, oref: Outcome, orb: Outcome, replay: dict) -> None:
    e = _first(rb, "Table_map")
    e["info"] = e["info"].replace("(d.t1)", "(d.t2)")


def changed_status_var(ref: Events, rb: Events, oref: Outcome, orb: Outcome, replay: dict) -> None:
    # the same statement text with another Q_TABLE_MAP_FOR_UPDATE_CODE (a replica filters by it)
    e = next(e for e in rb if e["event_type"] == "Query" and e["status_vars"])
    e["status_vars"] += " 9=1"


def changed_user_var_type(ref: Events, rb: Events, oref: Outcome, orb: Outcome, replay: dict) -> None:
    # @c=2 on both sides, REAL on one and INT on the other: SHOW BINLOG EVENTS prints them
    # alike, but a replica sets the variable with that type (records.user_var_type_text)
    for events, vtype in ((ref, 1), (rb, 2)):
        q = next(i for i, e in enumerate(events) if e["event_type"] == "Query" and e["status_vars"])
        e = dict(events[q], event_type="User var", type_code=14, info="@`c`=2", query=None,
                 status_vars=f"type={vtype} charset=8 flags=0")
        events.insert(q, e)
        _renumber(events)


def changed_error_code(ref: Events, rb: Events, oref: Outcome, orb: Outcome, replay: dict) -> None:
    # both sides fail the statement (as annotated), with different codes
    for o, code in ((oref, 1062), (orb, 1064)):
        s = o["statements"][1]
        s.update(expected_error=1062, error_code=code, error_message="x")


def ref_ok_replbed_error(ref: Events, rb: Events, oref: Outcome, orb: Outcome, replay: dict) -> None:
    orb["statements"][3].update(error_code=1305, error_message="FUNCTION test.SOUNDEX does not exist")


def extra_warning(ref: Events, rb: Events, oref: Outcome, orb: Outcome, replay: dict) -> None:
    orb["statements"][4]["warnings"] = [["Note", 1592, "Unsafe statement written to the binary log"]]


def different_table_row(ref: Events, rb: Events, oref: Outcome, orb: Outcome, replay: dict) -> None:
    orb["tables"]["d.t1"][1] = ["3", "z"]


def gtid_gap(ref: Events, rb: Events, oref: Outcome, orb: Outcome, replay: dict) -> None:
    gtids = [e for e in rb if e["event_type"] == "Gtid"]
    for e in gtids[2:]:  # 1, 2, 4, 5, 6: a sequence number skipped on replbed only
        e["gtid_seq"] += 1
        e["info"] = e["info"].replace(f"-{e['gtid_seq'] - 1}", f"-{e['gtid_seq']}")


def replay_mismatch(ref: Events, rb: Events, oref: Outcome, orb: Outcome, replay: dict) -> None:
    replay.update(replay_ok=False, replay_error="d.t1 differs after replay")


def wrong_annotation(ref: Events, rb: Events, oref: Outcome, orb: Outcome, replay: dict) -> None:
    # the workload says `=> ER_DUP_ENTRY`; both servers accept the INSERT
    for o in (oref, orb):
        o["statements"][1]["expected_error"] = 1062


Mutation = Callable[[Events, Events, Outcome, Outcome, dict], None]

# mutation -> (status, the checks the pipeline must report False)
MUTATIONS: dict[str, tuple[Mutation, Status, set[str]]] = {
    "extra_event": (extra_event, Status.DIFFERS, {"events_match"}),
    "missing_event": (missing_event, Status.DIFFERS, {"events_match"}),
    "changed_row_value": (changed_row_value, Status.DIFFERS, {"events_match"}),
    "swapped_rows": (swapped_rows, Status.DIFFERS, {"events_match"}),
    "changed_info": (changed_info, Status.DIFFERS, {"events_match"}),
    "changed_status_var": (changed_status_var, Status.DIFFERS, {"events_match"}),
    "changed_user_var_type": (changed_user_var_type, Status.DIFFERS, {"events_match"}),
    "changed_error_code": (changed_error_code, Status.DIFFERS, {"outcomes_match"}),
    "ref_ok_replbed_error": (ref_ok_replbed_error, Status.DIFFERS, {"outcomes_match"}),
    "extra_warning": (extra_warning, Status.DIFFERS, {"outcomes_match"}),
    "different_table_row": (different_table_row, Status.DIFFERS, {"tables_match"}),
    "gtid_gap": (gtid_gap, Status.DIFFERS, {"gtid_layout_ok"}),
    "replay_mismatch": (replay_mismatch, Status.DIFFERS, {"replay_ok"}),
    "wrong_annotation": (wrong_annotation, Status.EXPECTATION_WRONG, {"expectation_ok"}),
}


def _load_base(run_dir: Path) -> tuple[Events, Events, Outcome, Outcome]:
    import pyarrow.parquet as pq

    events = [r for r in pq.read_table(run_dir / "records" / "events.parquet").to_pylist()
              if r["case"] == BASE_CASE and r["format"] == FMT]
    ref = sorted((e for e in events if e["side"] == "reference"), key=lambda e: e["seq"])
    rb = sorted((e for e in events if e["side"] == "replbed"), key=lambda e: e["seq"])
    d = run_dir / "cases" / BASE_CASE / FMT
    return (ref, rb, json.loads((d / "reference" / "outcome.json").read_text()),
            json.loads((d / "replbed" / "outcome.json").read_text()))


@pytest.fixture(scope="module")
def judged(spark, tmp_path_factory) -> dict[str, dict[str, Any]]:
    """case name -> {"pipeline": summary record, "compare": Comparison}, for control + mutations."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from harness.pipeline.schemas import (
        EVENT_SCHEMA,
        OUTCOME_SCHEMA,
        STATUS_SCHEMA,
        TABLE_SCHEMA,
        coerce,
    )

    base_dir = tmp_path_factory.mktemp("mut") / "base"
    shutil.copytree(FIXTURE_RUN, base_dir, ignore=shutil.ignore_patterns("records"))
    regression.decode_run(base_dir, progress=None)   # replbed's decoder on the real binlogs
    base = _load_base(base_dir)

    run_dir = base_dir.parent / "run"
    (run_dir / "records").mkdir(parents=True)
    (run_dir / "diff").mkdir()
    events: Events = []
    outcomes: list[dict] = []
    tables: list[dict] = []
    status: list[dict] = []
    replays: list[dict] = []
    compared = {}
    names = ["control", *MUTATIONS]
    for name in names:
        ref, rb, oref, orb = copy.deepcopy(base)
        replay = {"case": name, "format": FMT, "replay_ok": True, "replay_error": None}
        if name != "control":
            MUTATIONS[name][0](ref, rb, oref, orb, replay)
        for side, evs, out in (("reference", ref, oref), ("replbed", rb, orb)):
            row = {"run_id": "mut", "case": name, "format": FMT, "side": side}
            events += [{**e, **row} for e in evs]
            outcomes += regression._outcome_rows(out, row)
            tables += regression._table_rows(out, row)
            status.append({**row, "n_events": len(evs), "error": None})
        replays.append(replay)
        compared[name] = judge(name, FMT, Collected(oref, ref), Collected(orb, rb))
    plan = {"run_id": "mut", "flavor": "mariadb-10.11", "formats": [FMT],
            "cases": [{"name": n, "rule": "mutation." + n} for n in names],
            "pairs": [{"case": n, "format": FMT} for n in names]}
    (run_dir / "plan.json").write_text(json.dumps(plan))
    pq.write_table(coerce(events, EVENT_SCHEMA), run_dir / "records" / "events.parquet")
    pq.write_table(coerce(outcomes, OUTCOME_SCHEMA), run_dir / "records" / "outcomes.parquet")
    pq.write_table(coerce(tables, TABLE_SCHEMA), run_dir / "records" / "tables.parquet")
    pq.write_table(coerce(status, STATUS_SCHEMA), run_dir / "records" / "status.parquet")
    pq.write_table(pa.Table.from_pylist(replays), run_dir / "diff" / "replay.parquet")

    local_dir = run_dir.parent / f"{run_dir.name}-local"
    shutil.copytree(run_dir, local_dir)
    summary = regression.analyze_run(run_dir, spark=spark, progress=None, validate=False)
    assert json.loads((run_dir / "summary.json").read_text()) == summary
    # the in-process diff jobs (runs too small for Spark) judge every mutation alike
    assert regression.analyze_run(local_dir, progress=None, validate=False) == summary
    by_case = {r["case"]: r for r in summary}
    full = {r["case"]: r for r in json.loads((run_dir / "diff" / "summary_full.json").read_text())}
    assert set(by_case) == set(names)
    return {n: {"pipeline": by_case[n], "full": full[n], "compare": compared[n]} for n in names}


def test_the_unmutated_pair_passes_every_judge(judged, capsys):
    j = judged["control"]
    assert j["pipeline"]["status"] == "pass", j["pipeline"]
    assert j["pipeline"]["failed_checks"] == []
    assert j["compare"].same and j["compare"].status is Status.PASS, j["compare"].lines
    assert cli.judge_summary([j["pipeline"]]) == cli.EXIT_OK


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_every_judge_flags_one_perturbation(judged, name, capsys):
    _, status, checks = MUTATIONS[name]
    j = judged[name]
    rec = j["pipeline"]
    # the Spark pipeline: the right status, the perturbed check False, and only checks that ran
    assert rec["status"] == status.value, rec
    for check in checks:
        assert rec[check] is False, (check, rec)
    assert checks <= set(rec["failed_checks"]), rec
    # replbed run: exit 1 with the status on the case's line
    assert cli.judge_summary([judged["control"]["pipeline"], rec]) == cli.EXIT_REGRESSION
    out = capsys.readouterr().out
    assert f"FAIL {name} {FMT} {status.value}: " in out and "1/2 case×format passed" in out
    # replbed compare (no replay: the one check it does not run, and says so)
    c = j["compare"]
    if name == "replay_mismatch":
        assert "replay_ok" not in c.record
        return
    assert not c.same and c.status is status, (c.status, c.lines)
    for check in checks:
        assert c.record[check] is False, (check, c.record)
    assert c.lines, "a difference must be shown"


def test_the_judges_show_what_differs(judged):
    lines = "\n".join(judged["swapped_rows"]["compare"].lines)
    assert '-Write_rows_v1' in lines and '"after": ["2", "b"]}, {"before": null' in lines
    lines = "\n".join(judged["ref_ok_replbed_error"]["compare"].lines)
    assert "reference OK" in lines and "replbed 1305" in lines
    assert judged["ref_ok_replbed_error"]["full"]["first_diff_statement"] == 3
    # the pipeline's one-line reason says where: statement, both answers; event; table; replay
    why = judged["ref_ok_replbed_error"]["pipeline"]["reason"]
    assert why == ("differs in outcomes_match: statement 4 `UPDATE t1 SET v='c' WHERE id=1`: "
                   "reference OK / replbed 1305 FUNCTION test.SOUNDEX does not exist"), why
    assert "first differing event #10 (rows_json)" in judged["swapped_rows"]["pipeline"]["reason"]
    assert "table d.t1" in judged["different_table_row"]["pipeline"]["reason"]
    assert "replay: d.t1 differs after replay" in judged["replay_mismatch"]["pipeline"]["reason"]
    why = judged["wrong_annotation"]["pipeline"]["reason"]
    assert why.startswith("statement 2 `INSERT INTO t1 VALUES (1,'a'),(2,'b')`: expected 1062, "
                          "reference got OK"), why
    assert judged["wrong_annotation"]["compare"].lines[0].startswith("  workload expectation wrong: ")
    gap = "\n".join(judged["gtid_gap"]["compare"].lines)
    assert "GTID gaps: reference [] / replbed [(0, 2, 4)]" in gap
