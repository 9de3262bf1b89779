"""Declared differences between two real server kinds: classified findings, not failures.

When a run compares two real servers (``replbed run --reference mariadb-10.11
--candidate mariadb-11.8``, the upgrade check), the servers differ on purpose:
another default collation, new status variables, a new event.  Each such
difference is declared once in ``expectations/known_differences.toml``::

    [[difference]]
    pair = ["mariadb-10.11", "mariadb-11.8"]   # reference, candidate (either order)
    category = "status variables"               # how the report groups it
    field = "status_vars"                       # an event field, or a whole check
    reference = '4=\\(\\d+,\\d+,45\\)'          # regex the reference side's value matches
    candidate = '4=\\(\\d+,\\d+,2304\\)'        # ... and the candidate's
    event_type = "Query"                        # optional: only events of this type
    description = "collation_server: ..."

Events are paired by the report's edit script (an event one side lacks is one
difference, not a shift of every later one). Fields are the event comparison's
(``status_vars``, ``rows_flags``, ``header_flags``, ``gtid_flags``, ``error_code``,
``query``, ``info``...; the patterns match the raw values), ``missing_candidate`` /
``missing_reference`` for an event only one side logged (the patterns match its
query text), ``error_code@statement`` for a statement's answer, or a whole check
(``gtid_layout_ok``, ``tables_match``, ``replay_ok``). ``cases = REGEX`` limits an
entry to the cases whose name matches; ``field = "*"`` with ``cases`` declares every
difference of those cases as one finding (one behaviour change whose effects are many).  A case x format
whose every difference is declared gets the status ``known_difference``: it
passes, and the report lists its findings grouped by category.  Any difference
that is not declared still fails the pair.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_FILE = Path(__file__).resolve().parents[2] / "expectations" / "known_differences.toml"
FINDINGS_FILE = "findings.json"

#: How the report groups differences: by the field that differs.
CATEGORIES: dict[str, str] = {
    "status_vars": "status variables",
    "event_type": "event types",
    "rows_flags": "flags",
    "header_flags": "flags",
    "gtid_flags": "flags",
    "error_code": "errors",
    "error_code@statement": "errors",
    "gtid_domain": "GTIDs",
    "gtid_layout_ok": "GTIDs",
    "query": "query text",
    "info": "query text",
    "database": "names",
    "table": "names",
    "rows_json": "row images",
    "missing_candidate": "event types",
    "missing_reference": "event types",
    "tables_match": "tables",
    "replay_ok": "replay",
}
# The checks an entry may declare whole (their difference has no finer field).
WHOLE_CHECKS = ("gtid_layout_ok", "tables_match", "replay_ok")


def category_of(field: str) -> str:
    return CATEGORIES.get(field, "other")


@dataclass(frozen=True)
class Difference:
    pair: tuple[str, str]
    field: str
    category: str
    description: str
    reference: str | None = None
    candidate: str | None = None
    event_type: str | None = None
    # A regex the case name must match (a difference seen only in some cases).
    cases: str | None = None

    def applies(self, reference: str, candidate: str) -> bool:
        return set(self.pair) == {reference, candidate}

    def matches(self, field: str, ref_value: Any, cand_value: Any, event_type: str | None = None,
                case: str = "") -> bool:
        if field != self.field and self.field != "*":
            return False
        if self.cases is not None and not re.fullmatch(self.cases, case):
            return False
        if self.event_type is not None and not re.fullmatch(self.event_type, event_type or ""):
            return False
        for pattern, value in ((self.reference, ref_value), (self.candidate, cand_value)):
            if pattern is not None and not re.search(pattern, "" if value is None else str(value)):
                return False
        return True


def load(path: Path | None = None) -> list[Difference]:
    path = Path(path or DEFAULT_FILE)
    if not path.exists():
        return []
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = []
    for i, d in enumerate(data.get("difference", [])):
        pair = d.get("pair")
        if not (isinstance(pair, list) and len(pair) == 2) or "field" not in d or "description" not in d:
            raise ValueError(f"{path}: difference #{i + 1} needs pair = [a, b], field and description")
        if d["field"] == "*" and not d.get("cases"):
            raise ValueError(f"{path}: difference #{i + 1}: field = \"*\" (every difference) needs cases = REGEX")
        out.append(Difference(pair=(pair[0], pair[1]), field=d["field"],
                              category=d.get("category") or category_of(d["field"]),
                              description=d["description"], reference=d.get("reference"),
                              candidate=d.get("candidate"), event_type=d.get("event_type"),
                              cases=d.get("cases")))
    return out


def declared_for(reference: str, candidate: str, path: Path | None = None) -> list[Difference]:
    return [d for d in load(path) if d.applies(reference, candidate)]


def _lookup(diffs: list[Difference], reference_is_first: dict[int, bool], field: str, ref: Any, cand: Any,
            event_type: str | None, case: str = "") -> Difference | None:
    for i, d in enumerate(diffs):
        a, b = (ref, cand) if reference_is_first[i] else (cand, ref)
        if d.matches(field, a, b, event_type, case):
            return d
    return None


class _Tally:
    """The findings, the undeclared differences and the failing checks of every pair."""

    def __init__(self, diffs: list[Difference], reference: str) -> None:
        self.diffs = diffs
        self.first = {i: d.pair[0] == reference for i, d in enumerate(diffs)}
        self.by_pair: dict[tuple[str, str], dict[str, Any]] = {}

    def entry(self, case: str, fmt: str) -> dict[str, Any]:
        return self.by_pair.setdefault((case, fmt), {"findings": Counter(), "unclassified": Counter(),
                                                     "bad_checks": set()})

    def add(self, case: str, fmt: str, field: str, ref: Any, cand: Any, event_type: str | None,
            detail: str, check: str) -> None:
        """One difference: a finding when declared, else undeclared and ``check`` fails."""
        e = self.entry(case, fmt)
        d = _lookup(self.diffs, self.first, field, ref, cand, event_type, case)
        if d is not None:
            e["findings"][(_category(d, field), field, d.description)] += 1
        else:
            e["unclassified"][(category_of(field), field, detail)] += 1
            e["bad_checks"].add(check)


def _classify_events(run_dir: Path, records: list[dict], tally: _Tally) -> None:
    """The events the edit script does not pair as equal, field by field."""
    failing = {(r["case"], r["format"]) for r in records if r.get("events_match") is False}
    for (case, fmt), row in _aligned_differences(run_dir, failing):
        ref, cand = row.ref or {}, row.rb or {}
        et = ref.get("event_type") or cand.get("event_type")
        if row.op != "differs":  # an event only one side logged
            f = "missing_candidate" if row.op == "missing_replbed" else "missing_reference"
            text = _text(ref if row.op == "missing_replbed" else cand)
            tally.add(case, fmt, f, text, text, et, f"{et}: {text[:120]}", "events_match")
            continue
        for f in row.diff_fields:
            a, b = ref.get(f), cand.get(f)
            tally.add(case, fmt, f, a, b, et, f"{et}: {a!s:.80} / {b!s:.80}", "events_match")


def _classify_outcomes(run_dir: Path, tally: _Tally) -> None:
    """The statements whose error codes differ."""
    import pyarrow.parquet as pq

    out_path = run_dir / "records" / "outcomes.parquet"
    if not out_path.exists():
        return
    steps: dict[tuple[str, str, int], dict[str, Any]] = {}
    for s in pq.read_table(out_path).to_pylist():
        steps.setdefault((s["case"], s["format"], s["step"]), {})[s["side"]] = s
    for (case, fmt, _step), sides in steps.items():
        a, b = sides.get("reference") or {}, sides.get("replbed") or {}
        ca, cb = a.get("error_code") or 0, b.get("error_code") or 0
        if ca != cb:
            sql = (a.get("sql") or b.get("sql") or "")[:60]
            tally.add(case, fmt, "error_code@statement", ca, cb, None, f"`{sql}`: {ca} / {cb}", "outcomes_match")


def _classify_checks(records: list[dict], tally: _Tally) -> None:
    """The checks that have no finer field (GTID layout, tables, replay)."""
    for r in records:
        for check in WHOLE_CHECKS:
            if r.get(check) is False:
                detail = (r.get("replay_error") if check == "replay_ok" else
                          r.get("first_diff_table") if check == "tables_match" else None) or check
                tally.add(r["case"], r["format"], check, None, None, None, str(detail)[:200], check)


def classify(run_dir: Path, plan: dict, records: list[dict], path: Path | None = None) -> dict[tuple[str, str], dict]:
    """Per case x format of a two-real-servers run: its differences as findings.

    Returns ``{(case, format): {"classified": [check...], "findings": [...], "unclassified": [...]}}``
    and writes ``diff/findings.json``. Against replbed nothing is declared: its
    differences are grouped the same way, and every one of them fails its pair."""
    reference, candidate = plan.get("reference", "mariadb-10.11"), plan.get("candidate", "replbed")
    run_dir = Path(run_dir)
    tally = _Tally(declared_for(reference, candidate, path) if candidate != "replbed" else [], reference)
    _classify_events(run_dir, records, tally)
    _classify_outcomes(run_dir, tally)
    _classify_checks(records, tally)
    result: dict[tuple[str, str], dict] = {}
    for r in records:
        e = tally.entry(r["case"], r["format"])
        result[(r["case"], r["format"])] = {
            "classified": [c for c in ("events_match", "outcomes_match", *WHOLE_CHECKS)
                           if r.get(c) is False and c not in e["bad_checks"]],
            "findings": [{"category": c, "field": f, "description": d, "count": n}
                         for (c, f, d), n in sorted(e["findings"].items())],
            "unclassified": [{"category": c, "field": f, "detail": d, "count": n}
                             for (c, f, d), n in sorted(e["unclassified"].items())],
        }
    (run_dir / "diff").mkdir(exist_ok=True)
    (run_dir / "diff" / FINDINGS_FILE).write_text(json.dumps(
        {"reference": reference,
         "candidate": candidate if candidate != "replbed" else f"replbed --flavor {plan.get('flavor')}",
         "pairs": [{"case": c, "format": f, **v} for (c, f), v in result.items()]}, indent=1) + "\n")
    return result


def _category(d: Difference, field: str) -> str:
    """How the report groups a finding: the entry's category, or for a whole-case entry
    (``field = "*"``) the category of the field that differs."""
    return category_of(field) if d.field == "*" else d.category


def _text(ev: dict) -> str:
    return str(ev.get("query") or ev.get("info") or "")


def _aligned_differences(run_dir: Path, pairs: set[tuple[str, str]]) -> list[tuple[tuple[str, str], Any]]:
    """The non-equal rows of the edit script between both sides' events (the report's
    alignment): an event one side lacks is one finding, not a shift of every later one."""
    path = Path(run_dir) / "records" / "events.parquet"
    if not pairs or not path.exists():
        return []
    import pyarrow.parquet as pq

    from harness.pipeline.report import align_events

    by: dict[tuple[str, str, str], list[dict]] = {}
    for ev in pq.read_table(path).to_pylist():
        if (ev["case"], ev["format"]) in pairs:
            by.setdefault((ev["case"], ev["format"], ev["side"]), []).append(ev)
    out = []
    for case, fmt in sorted(pairs):
        ref = sorted(by.get((case, fmt, "reference"), []), key=lambda e: e["seq"])
        cand = sorted(by.get((case, fmt, "replbed"), []), key=lambda e: e["seq"])
        out += [((case, fmt), row) for row in align_events(ref, cand) if row.op != "equal"]
    return out


def read_findings(run_dir: Path) -> dict | None:
    p = Path(run_dir) / "diff" / FINDINGS_FILE
    return json.loads(p.read_text()) if p.exists() else None


def by_category(findings: dict) -> dict[str, list[dict]]:
    """Every finding of a run, grouped by category, with the pairs it was seen in."""
    groups: dict[str, dict[tuple[str, str], dict]] = {}
    for pair in findings.get("pairs", []):
        for f in pair["findings"]:
            g = groups.setdefault(f["category"], {})
            item = g.setdefault((f["field"], f["description"]), {"field": f["field"], "description": f["description"],
                                                                  "events": 0, "pairs": 0, "classified": True})
            item["events"] += f["count"]
            item["pairs"] += 1
        for f in pair["unclassified"]:
            g = groups.setdefault(f["category"], {})
            item = g.setdefault((f["field"], f["detail"]), {"field": f["field"], "description": f["detail"],
                                                             "events": 0, "pairs": 0, "classified": False})
            item["events"] += f["count"]
            item["pairs"] += 1
    return {c: sorted(v.values(), key=lambda x: (x["classified"], -x["events"])) for c, v in sorted(groups.items())}
