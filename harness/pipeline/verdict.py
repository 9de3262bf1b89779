"""The one definition of "pass" for a case × format.

Every consumer (``replbed run``'s exit code, ``replbed compare``, summary.json,
the HTML report, the Great Expectations suites and the Airflow DAG) asks this
module, so there is exactly one place where a wrong "pass" could come from.

A record passes only when every check ran and agreed. A check that did not
run (``None``) is not a pass: a verdict built on missing evidence is the
worst thing replbed can print.

Statuses, most severe first:

``error``              the case could not be run or collected (infrastructure, bad input)
``expectation_wrong``  the reference server disagreed with the workload's own ``=> CODE``
                       annotations: the workload is wrong, whatever replbed did
``differs``            replbed and the reference differ in at least one check
``known_difference``   two real servers differ only as declared (known_differences.py):
                       classified findings, a pass
``pass``               all checks ran and agree
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

#: The checks a case × format must pass, in the order a reviewer reads them.
CHECKS: tuple[str, ...] = (
    "events_match",      # normalized event sequences, row values and row order included
    "gtid_layout_ok",    # GTID framing well formed and the same on both sides
    "tables_match",      # final table contents
    "outcomes_match",    # error code and full SHOW WARNINGS rows per statement
    "replay_ok",         # both binlogs replayed into fresh MariaDBs give the same tables
)

#: Whether the reference answered every statement as the workload's annotations say.
EXPECTATION_CHECK = "expectation_ok"

#: The live replica check (harness/pipeline/live_replica.py) is opt-in: a record
#: carries this key exactly when the run planned it, and then it is a check like
#: the others (``None``, did not run, is not a pass).
REPLICA_CHECK = "replica_ok"

#: The checks of a two-real-servers run whose every difference is declared
#: (harness/pipeline/known_differences.py); present only in such runs.
CLASSIFIED = "classified_checks"


#: The Great Expectations suites' gate (``gate_suites``): a record carries it once the
#: run's suites were validated; False when a suite names this pair's replbed side
#: where every other check agreed.
GX_CHECK = "gx_ok"


def checks_of(rec: Mapping[str, Any], checks: Sequence[str] = CHECKS) -> tuple[str, ...]:
    """The checks ``rec`` is judged on: ``checks``, the live replica when planned, and the
    GX gate once the suites ran."""
    out = tuple(checks)
    for opt in (REPLICA_CHECK, GX_CHECK):
        if opt in rec and opt not in out:
            out = (*out, opt)
    return out


class Status(str, Enum):
    ERROR = "error"
    EXPECTATION_WRONG = "expectation_wrong"
    DIFFERS = "differs"
    KNOWN_DIFFERENCE = "known_difference"
    PASS = "pass"


@dataclass(frozen=True)
class Verdict:
    status: Status
    failed: tuple[str, ...]   # the checks that were False or did not run
    reason: str               # one line for humans

    @property
    def passed(self) -> bool:
        return self.status in (Status.PASS, Status.KNOWN_DIFFERENCE)


def verdict(rec: Mapping[str, Any], checks: Sequence[str] = CHECKS) -> Verdict:
    """Judge one summary record (``case, format, <CHECKS>, expectation_ok, error``).

    ``checks`` narrows the checks for a consumer that states it does not run
    some of them (``replbed compare`` has no replay); it never widens "pass".
    """
    if rec.get("error"):
        return Verdict(Status.ERROR, (), str(rec["error"]).splitlines()[0])
    if rec.get(EXPECTATION_CHECK) is False:
        why = rec.get("expectation_error") or "the reference disagrees with the workload's annotations"
        return Verdict(Status.EXPECTATION_WRONG, (EXPECTATION_CHECK,), str(why))
    failed = tuple(c for c in checks_of(rec, checks) if rec.get(c) is not True)
    classified = set(rec.get(CLASSIFIED) or ())
    if failed and all(rec.get(c) is False and c in classified for c in failed):
        return Verdict(Status.KNOWN_DIFFERENCE, failed,
                       "differs only as declared (classified findings) in " + ", ".join(failed))
    if failed:
        missing = [c for c in failed if rec.get(c) is None]
        why = "differs in " + ", ".join(c for c in failed if c not in missing)
        if missing:
            why = (why + "; " if len(missing) < len(failed) else "") + "did not run: " + ", ".join(missing)
        return Verdict(Status.DIFFERS, failed, why)
    return Verdict(Status.PASS, (), "all checks agree")


def is_pass(rec: Mapping[str, Any]) -> bool:
    return verdict(rec).passed


def record_fields(rec: Mapping[str, Any]) -> dict[str, Any]:
    """The verdict as summary-record fields: ``status``, ``failed_checks``, ``reason``."""
    v = verdict(rec)
    return {"status": v.status.value, "failed_checks": list(v.failed), "reason": v.reason}


# -- annotations ---------------------------------------------------------------


def _code(value: Any) -> int:
    """An error code as recorded (int, numeric string, None/0 = success) -> int, 0 = OK."""
    if value is None or value == "":
        return 0
    return int(value)


def _shown(code: int) -> str:
    return "OK" if code == 0 else str(code)


def check_expectations(statements: Iterable[Mapping[str, Any]]) -> tuple[bool | None, str | None]:
    """Did the reference answer every statement as the workload says? (mysqltest ``--error``)

    ``=> CODE`` expects that error, ``=> OK`` and an unannotated statement
    expect success. Only the error code counts: warnings are not errors.
    Returns ``(expectation_ok, expectation_error)``; ``(None, None)`` when no
    statement was recorded (nothing to judge is not a pass). The reason names
    every mismatching statement: line, SQL, expected, got.
    """
    n = 0
    wrong: list[str] = []
    for s in statements:
        n += 1
        expected, got = _code(s.get("expected_error")), _code(s.get("error_code"))
        if expected != got:
            step = s.get("step", s.get("index"))
            where = (f"line {s['line']}" if s.get("line") is not None
                     else f"statement {step + 1}" if isinstance(step, int) else "a statement")  # counted from 1
            msg = f": {s['error_message']}" if got and s.get("error_message") else ""
            sql = str(s.get("sql") or "")
            sql = sql if len(sql) <= 80 else sql[:77] + "..."
            wrong.append(f"{where} `{sql}`: expected {_shown(expected)}, reference got {_shown(got)}{msg}")
    if n == 0:
        return None, None
    if not wrong:
        return True, None
    more = f"; +{len(wrong) - 3} more" if len(wrong) > 3 else ""
    return False, "; ".join(wrong[:3]) + more


# -- the Great Expectations suites gate the verdict ------------------------------


@dataclass(frozen=True)
class Gate:
    """What the GX suites add to the verdict: per pair, and for the run."""
    gx_ok: dict[tuple[str, str], bool]                 # every judged pair: False = a suite names its replbed side
    pair_errors: dict[tuple[str, str], str]            # pairs a suite fails because of the pipeline itself
    run_errors: tuple[str, ...]                        # suites failing without naming a judged pair
    findings: dict[tuple[str, str], str] = None  # type: ignore[assignment]  # why gx_ok is False

    def apply(self, rec: dict) -> dict:
        """``rec`` with ``gx_ok`` (and a pipeline ``error``) set and its verdict fields recomputed."""
        key = (rec["case"], rec["format"])
        rec[GX_CHECK] = self.gx_ok.get(key, True)
        if key in self.pair_errors and not rec.get("error"):
            rec["error"] = self.pair_errors[key]
        elif rec[GX_CHECK]:
            return rec  # the suites agree with the checks: the verdict (and its detailed reason) stands
        rec.update(record_fields(rec))
        if not rec[GX_CHECK] and (self.findings or {}).get(key) and rec["status"] == Status.DIFFERS.value:
            rec["reason"] += f": {self.findings[key]}"
        return rec


def _sides(rows: list[Mapping[str, Any]]) -> dict[tuple[str, str], set[str]]:
    out: dict[tuple[str, str], set[str]] = {}
    for row in rows:
        if row.get("case") is None or row.get("format") is None:
            continue
        out.setdefault((str(row["case"]), str(row["format"])), set()).add(str(row.get("side") or "pair"))
    return out


def suite_named_pairs(suites: Iterable[Mapping[str, Any]]) -> set[tuple[str, str]]:
    """Every (case, format) a failed expectation of ``suites`` names (its unexpected rows)."""
    return {key for suite in suites if not suite.get("success") for f in suite.get("failed") or []
            for key in _sides(f.get("unexpected_rows") or [])}


def gate_suites(suites: Iterable[Mapping[str, Any]], records: Iterable[Mapping[str, Any]]) -> Gate:
    """Every GX suite gates the verdict (one policy, so a red suite never sits under a green run).

    For each failed expectation, the pairs its unexpected rows name:

    * a pair the checks already fail: the suite agrees with the verdict (nothing added);
    * a pair whose checks all agreed, named on its **replbed** side only: replbed
      is wrong where the diff jobs did not look; the pair fails (``gx_ok`` False, ``differs``);
    * a pair whose checks all agreed, named on **both** servers, on the reference only,
      or as a whole: the check or the pipeline is wrong (both servers "fail" it);
      the pair is a pipeline ``error``.

    A failed expectation naming no pair (a row count, an exception) is a run-level
    pipeline error. ``suites`` are ``gx_results.json``'s entries.
    """
    recs = {(str(r["case"]), str(r["format"])): r for r in records}
    # A known_difference passes with failing checks (declared, classified): the suites
    # that see its differences agree with the checks, as on any pair the checks fail.
    passing = {k for k, r in recs.items() if verdict(r).status is Status.PASS}
    gx_ok = dict.fromkeys(recs, True)
    pair_errors: dict[tuple[str, str], str] = {}
    run_errors: list[str] = []
    findings: dict[tuple[str, str], str] = {}
    for suite in suites:
        if suite.get("success"):
            continue
        for f in suite.get("failed") or []:
            what = f"GX {suite['suite']} {f.get('expectation')}" + (f"({f['column']})" if f.get("column") else "")
            sides = _sides(f.get("unexpected_rows") or [])
            if not sides:
                why = f.get("exception") or (f"observed {f['observed_value']}" if f.get("observed_value") else "")
                run_errors.append(f"pipeline: {what} failed naming no case" + (f": {why}" if why else ""))
                continue
            for key, named in sorted(sides.items()):
                if key not in recs:
                    run_errors.append(f"pipeline: {what} names {key[0]} {key[1]}, a pair the run did not judge")
                    continue
                if key not in passing:
                    continue
                if named == {"replbed"}:
                    gx_ok[key] = False
                    findings.setdefault(key, f"{what} fails on replbed's side")
                    continue
                who = ("both servers" if {"reference", "replbed"} <= named
                       else "the reference" if named == {"reference"} else "the pair")
                pair_errors.setdefault(key, f"pipeline: {what} fails on {who} where every check agreed "
                                            "(the check or the pipeline is wrong)")
    return Gate(gx_ok, pair_errors, tuple(dict.fromkeys(run_errors)), findings)


# -- a finished run ------------------------------------------------------------------


def pipeline_errors(run_dir: Path) -> list[str]:
    """The run-level pipeline errors the GX gate found (``diff/gx_results.json``)."""
    path = Path(run_dir) / "diff" / "gx_results.json"
    try:
        return list(json.loads(path.read_text()).get("pipeline_errors") or [])
    except (OSError, ValueError):
        return []


def final_verdict(run_dir: Path) -> tuple[bool, str]:
    """``(passed, one line)`` of a finished run, from summary.json and verdict.py."""
    path = Path(run_dir) / "summary.json"
    if not path.exists():
        return False, f"{run_dir}: no summary.json (the run did not finish)"
    summary = json.loads(path.read_text())
    failed = [r for r in summary if not is_pass(r)]
    if not summary:
        return False, f"{run_dir}: the summary is empty (0 case x format judged)"
    pipeline = pipeline_errors(run_dir)
    if pipeline:
        more = f" (+{len(pipeline) - 1} more)" if len(pipeline) > 1 else ""
        return False, f"pipeline error: {pipeline[0]}{more}; {len(summary) - len(failed)}/{len(summary)} passed"
    if failed:
        by = Counter(verdict(r).status.value for r in failed)
        order = {Status.ERROR: 0, Status.EXPECTATION_WRONG: 1, Status.DIFFERS: 2, Status.PASS: 3}
        fmt = {"STATEMENT": 0, "ROW": 1, "MIXED": 2}
        # the same first failure the summary and the report lead with
        first = min(failed, key=lambda r: (order[verdict(r).status], str(r["case"]), fmt.get(r["format"], 9)))
        return False, (f"{len(failed)}/{len(summary)} case x format failed ("
                       + ", ".join(f"{n} {k}" for k, n in sorted(by.items())) + f"); first: "
                       f"{first['case']} {first['format']}: {verdict(first).reason}")
    return True, f"{len(summary)}/{len(summary)} case x format passed"
