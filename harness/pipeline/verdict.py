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

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
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


def checks_of(rec: Mapping[str, Any], checks: Sequence[str] = CHECKS) -> tuple[str, ...]:
    """The checks ``rec`` is judged on: ``checks``, and the live replica when planned."""
    return (*checks, REPLICA_CHECK) if REPLICA_CHECK in rec and REPLICA_CHECK not in checks else tuple(checks)


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
            where = f"line {s['line']}" if s.get("line") is not None else f"statement {s.get('step', s.get('index'))}"
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
