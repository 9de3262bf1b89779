"""``replbed compare``: run cases on both sides and print differences, without Spark.

The regression (``replbed run``) is the reviewed result; this is the quick loop
for someone writing a case or changing the model: one reference MariaDB and
one ``replbed serve``, every case x format, and for each the first point where
the two binlogs, the statement results or the final tables part.

It judges with the same rules as the Spark pipeline: the decoded event records
(row values and row order of rows events included) masked by
``harness/pipeline/normalize.py``, GTID gaps, final tables, every statement's
error code and SHOW WARNINGS rows, and the workload's ``=> CODE`` annotations
against the reference. The verdict comes from ``harness/pipeline/verdict.py``;
the only check it does not run is the replay (``replbed run`` does), and it
says so.
"""

from __future__ import annotations

import difflib
import json
import re
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harness.pipeline.normalize import (COMPARED, gtid_jumps, listing, normalize_event,  # noqa: F401 (listing re-exported)
                                       result_set_difference, result_set_json)
from harness.pipeline.verdict import CHECKS, Status, check_expectations, verdict
from harness.runner import OUTCOME_FILE

_BINLOG_NAME = re.compile(r"\.\d{6}$")

#: Every check but the replay, which needs two more servers per run.
COMPARE_CHECKS: tuple[str, ...] = tuple(c for c in CHECKS if c != "replay_ok")


@dataclass
class Collected:
    """What one side left for one case x format: outcome.json and its decoded binlog."""

    outcome: dict[str, Any]
    events: list[dict[str, Any]]
    error: str | None = None   # not collected, case failed, or binlog did not decode


def load_side(dest: Path, side: str = "") -> Collected:
    """Read ``dest/outcome.json`` and decode ``dest/binlog/*`` (the runner's layout)."""
    from harness.binlog.records import records_from_files

    dest = Path(dest)
    try:
        outcome = json.loads((dest / OUTCOME_FILE).read_text())
    except (OSError, ValueError) as exc:
        return Collected({}, [], f"{side}: no readable {OUTCOME_FILE}: {exc}")
    error = None
    if outcome.get("status") == "failed":
        error = f"{side}: " + (outcome.get("error") or "case failed").splitlines()[0]
    # the same files the pipeline's decode step reads
    files = sorted(p for p in (dest / "binlog").glob("*") if _BINLOG_NAME.search(p.name))
    events: list[dict[str, Any]] = []
    try:
        events = records_from_files(files, side=side)
    except Exception as exc:  # noqa: BLE001 - an undecodable binlog is this pair's error
        msg = f"{side}: binlog decode failed: {type(exc).__name__}: {exc}"
        error = f"{error}; {msg}" if error else msg
    return Collected(outcome, events, error)


def event_line(e: Mapping[str, Any]) -> str:
    """One normalized event as a diff line: type, masked Info, row values, error code."""
    line = f"{e.get('event_type') or '?':<17} {e.get('info') or ''}"
    if e.get("rows_json") is not None:
        line += f"   rows={e['rows_json']}"
    if e.get("error_code"):
        line += f"   [error_code={e['error_code']}]"
    return line


def _warnings(stmt: Any) -> list[tuple[str, int | None, str]]:
    """(level, code, message) of SHOW WARNINGS after a statement (a record or a
    StatementOutcome), errors included: a failed statement may list more than its own
    error (InnoDB's 1030 after 1665, a trigger's 4094)."""
    out = []
    ws = stmt.get("warnings") if isinstance(stmt, Mapping) else getattr(stmt, "warnings", None)
    for w in ws or []:
        level, code, msg = (w["level"], w["code"], w["message"]) if isinstance(w, dict) else tuple(w)[:3]
        out.append((str(level), None if code is None else int(code), str(msg)))
    return out


def _err(stmt: Mapping[str, Any]) -> int:
    return int(stmt.get("error_code") or 0)


@dataclass
class Comparison:
    case: str
    format: str
    same: bool
    lines: list[str]
    status: Status = Status.PASS
    record: dict[str, Any] = field(default_factory=dict)


def judge(case: str, fmt: str, ref: Collected, rb: Collected) -> Comparison:
    """Compare two collected sides; every check of ``COMPARE_CHECKS`` decides."""
    lines: list[str] = []
    errors = [e for e in (ref.error, rb.error) if e]
    for e in errors:
        lines.append(f"  {e}")

    # statements: error code and the full SHOW WARNINGS rows, one by one
    sa, sb = ref.outcome.get("statements") or [], rb.outcome.get("statements") or []
    outcomes_ok = bool(sa or sb)
    for a, b in zip(sa, sb):
        if _err(a) != _err(b):
            outcomes_ok = False
            lines.append(f"  statement line {b.get('line')} {b.get('sql')!r}: reference "
                         f"{_err(a) or 'OK'} {a.get('error_message') or ''} / replbed "
                         f"{_err(b) or 'OK'} {b.get('error_message') or ''}")
        if a.get("blocked") != b.get("blocked"):  # a wait_blocked step: did it wait on both sides?
            outcomes_ok = False
            lines.append(f"  blocked line {b.get('line')} {b.get('sql')!r}: reference {a.get('blocked')} / "
                         f"replbed {b.get('blocked')}")
        wa, wb = _warnings(a), _warnings(b)
        if wa != wb:
            outcomes_ok = False
            lines.append(f"  warnings of line {b.get('line')} {b.get('sql')!r}: reference {wa} / replbed {wb}")
        rows = result_set_difference(result_set_json(a.get("rows")), result_set_json(b.get("rows")))
        if rows:
            outcomes_ok = False
            lines.append(f"  result set of line {b.get('line')} {b.get('sql')!r}: {rows}")
    if len(sa) != len(sb):
        outcomes_ok = False
        lines.append(f"  statements: reference ran {len(sa)}, replbed {len(sb)}")

    # events: every compared field of every event, in order
    na = [normalize_event(e) for e in ref.events]
    nb = [normalize_event(e) for e in rb.events]
    events_ok = bool(na) and [tuple(e[c] for c in COMPARED) for e in na] == \
        [tuple(e[c] for c in COMPARED) for e in nb]
    if not events_ok and (na or nb):
        la, lb = [event_line(e) for e in na], [event_line(e) for e in nb]
        if la != lb:
            lines.append("  binlog (- reference, + replbed):")
            lines += ["    " + d for d in difflib.unified_diff(la, lb, lineterm="", n=1)][2:]
        else:  # the lines hide the difference (flags, database, table): name the fields
            for i, (x, y) in enumerate(zip(na, nb)):
                diff = [c for c in COMPARED if x[c] != y[c]]
                if diff:
                    lines.append(f"  event {i} ({x['event_type']}) differs in "
                                 + ", ".join(f"{c}: {x[c]!r} / {y[c]!r}" for c in diff))
    elif not na:
        lines.append("  reference binlog has no events")

    # GTID layout: a sequence-number jump only one side makes is a gap
    ja, jb = gtid_jumps(ref.events), gtid_jumps(rb.events)
    gtid_ok = bool(na) and ja == jb
    if ja != jb:
        lines.append(f"  GTID gaps: reference {sorted(ja - jb)} / replbed {sorted(jb - ja)}")

    # final tables
    ta, tb = ref.outcome.get("tables") or {}, rb.outcome.get("tables") or {}
    tables_ok = ta == tb
    if not tables_ok:
        for name in sorted(set(ta) | set(tb)):
            if ta.get(name) != tb.get(name):
                lines.append(f"  table {name}: reference {ta.get(name)} / replbed {tb.get(name)}")

    exp_ok, exp_err = check_expectations(sa)
    if exp_ok is False:
        lines.insert(0, f"  workload expectation wrong: {exp_err}")
    record = {"case": case, "format": fmt, "error": "; ".join(errors) or None,
              "events_match": events_ok, "gtid_layout_ok": gtid_ok, "tables_match": tables_ok,
              "outcomes_match": outcomes_ok, "expectation_ok": exp_ok, "expectation_error": exp_err}
    v = verdict(record, COMPARE_CHECKS)
    record.update(status=v.status.value, failed_checks=list(v.failed), reason=v.reason)
    if not v.passed and not lines:
        lines.append(f"  {v.reason}")
    return Comparison(case, fmt, v.passed, lines, v.status, record)


def compare_case(ref: Any, rb: Any, case: Any, fmt: str, work: Path) -> Comparison:
    """Run ``case`` in ``fmt`` on both servers and judge what they left."""
    from harness.runner import run_case

    dirs: dict[str, Path] = {}
    for side, h in (("reference", ref), ("replbed", rb)):
        dirs[side] = work / case.name / fmt / side
        run_case(h, case, fmt, dirs[side], side=side)
    return judge(case.name, fmt, load_side(dirs["reference"], "reference"),
                 load_side(dirs["replbed"], "replbed"))


_LABEL = {Status.PASS: "same", Status.DIFFERS: "DIFF", Status.EXPECTATION_WRONG: "EXPECTATION WRONG",
          Status.ERROR: "ERROR"}


def compare(cases: Sequence[Any], formats: Iterable[str], profile: str | None = None) -> list[Comparison]:
    """``profile``: the server profile of both sides (harness/profile.py; None: the default)."""
    from harness.profile import get_profile
    from harness.providers.base import ServerSettings
    from harness.providers.local import LocalMariaDBProvider
    from harness.providers.replbed import ReplbedProvider

    settings = ServerSettings(profile=get_profile(profile))
    results = []
    formats = list(formats)
    with tempfile.TemporaryDirectory(prefix="replbed-compare-") as tmp:
        work = Path(tmp)
        with LocalMariaDBProvider().start(settings, work / "reference") as ref, \
                ReplbedProvider().start(settings, work / "replbed") as rb:
            for case in cases:
                for fmt in formats:
                    if fmt not in case.formats:
                        continue
                    c = compare_case(ref, rb, case, fmt, work)
                    print(f"{_LABEL[c.status]} {c.case} {c.format}", flush=True)
                    for line in c.lines:
                        print(line)
                    results.append(c)
    return results
