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

Fields are the event comparison's (``status_vars``, ``event_type``,
``rows_flags``, ``header_flags``, ``gtid_flags``, ``error_code``, ``query``,
``info``...), ``error_code@statement`` for a statement's answer, or a whole
check (``gtid_layout_ok``, ``tables_match``, ``replay_ok``).  A case x format
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

    def applies(self, reference: str, candidate: str) -> bool:
        return set(self.pair) == {reference, candidate}

    def matches(self, field: str, ref_value: Any, cand_value: Any, event_type: str | None = None) -> bool:
        if field != self.field:
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
        out.append(Difference(pair=(pair[0], pair[1]), field=d["field"],
                              category=d.get("category") or category_of(d["field"]),
                              description=d["description"], reference=d.get("reference"),
                              candidate=d.get("candidate"), event_type=d.get("event_type")))
    return out


def declared_for(reference: str, candidate: str, path: Path | None = None) -> list[Difference]:
    return [d for d in load(path) if d.applies(reference, candidate)]


def _lookup(diffs: list[Difference], reference_is_first: dict[int, bool], field: str, ref: Any, cand: Any,
            event_type: str | None) -> Difference | None:
    for i, d in enumerate(diffs):
        a, b = (ref, cand) if reference_is_first[i] else (cand, ref)
        if d.matches(field, a, b, event_type):
            return d
    return None


def _classify_outcomes(run_dir: Path, diffs: list, first: dict[int, bool], entry: Any) -> None:
    """The statements whose error codes differ, each a finding or unclassified."""
    import pyarrow.parquet as pq

    out_path = run_dir / "records" / "outcomes.parquet"
    if out_path.exists():
        steps: dict[tuple[str, str, int], dict[str, Any]] = {}
        for s in pq.read_table(out_path).to_pylist():
            steps.setdefault((s["case"], s["format"], s["step"]), {})[s["side"]] = s
        for (case, fmt, _step), sides in steps.items():
            a, b = sides.get("reference") or {}, sides.get("replbed") or {}
            ca, cb = a.get("error_code") or 0, b.get("error_code") or 0
            if ca == cb:
                continue
            e = entry(case, fmt)
            f = "error_code@statement"
            d = _lookup(diffs, first, f, ca, cb, None)
            sql = (a.get("sql") or b.get("sql") or "")[:60]
            if d is not None:
                e["findings"][(d.category, f, d.description)] += 1
            else:
                e["unclassified"][(category_of(f), f, f"`{sql}`: {ca} / {cb}")] += 1
                e["bad_checks"].add("outcomes_match")


def classify(run_dir: Path, plan: dict, records: list[dict], path: Path | None = None) -> dict[tuple[str, str], dict]:
    """Per case x format of a two-real-servers run: its differences as findings.

    Returns ``{(case, format): {"classified": [check...], "findings": [...], "unclassified": [...]}}``
    and writes ``diff/findings.json``. Against replbed nothing is declared: its
    differences are grouped the same way, and every one of them fails its pair."""
    reference, candidate = plan.get("reference", "mariadb-10.11"), plan.get("candidate", "replbed")
    diffs = declared_for(reference, candidate, path) if candidate != "replbed" else []
    first = {i: d.pair[0] == reference for i, d in enumerate(diffs)}
    run_dir = Path(run_dir)
    import pyarrow.parquet as pq

    by_pair: dict[tuple[str, str], dict[str, Any]] = {}

    def entry(case: str, fmt: str) -> dict[str, Any]:
        return by_pair.setdefault((case, fmt), {"findings": Counter(), "unclassified": Counter(),
                                                "bad_checks": set()})

    ev_path = run_dir / "diff" / "event_diff.parquet"
    if ev_path.exists():
        for r in pq.read_table(ev_path).to_pylist():
            if r.get("match"):
                continue
            e = entry(r["case"], r["format"])
            fields = r.get("diff_fields") or []
            if isinstance(fields, str):
                fields = re.findall(r"'([^']+)'", fields) or [fields]
            for f in fields or ["event_type"]:
                ref, cand = r.get(f"ref_{f}"), r.get(f"rb_{f}")
                et = r.get("ref_event_type") or r.get("rb_event_type")
                d = _lookup(diffs, first, f, ref, cand, et)
                if d is not None:
                    e["findings"][(d.category, f, d.description)] += 1
                else:
                    e["unclassified"][(category_of(f), f, f"{et}: {ref!s:.80} / {cand!s:.80}")] += 1
                    e["bad_checks"].add("events_match")
    _classify_outcomes(run_dir, diffs, first, entry)
    result: dict[tuple[str, str], dict] = {}
    for r in records:
        key = (r["case"], r["format"])
        e = by_pair.get(key) or {"findings": Counter(), "unclassified": Counter(), "bad_checks": set()}
        for check in WHOLE_CHECKS:
            if r.get(check) is False:
                d = _lookup(diffs, first, check, None, None, None)
                if d is not None:
                    e["findings"][(d.category, check, d.description)] += 1
                else:
                    e["unclassified"][(category_of(check), check, str(r.get("replay_error") or check))] += 1
                    e["bad_checks"].add(check)
        classified = [c for c in ("events_match", "outcomes_match", *WHOLE_CHECKS)
                      if r.get(c) is False and c not in e["bad_checks"]]
        result[key] = {
            "classified": classified,
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
