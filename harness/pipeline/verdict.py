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
``pass``               all checks ran and agree
"""

from __future__ import annotations

from collections.abc import Mapping
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


class Status(str, Enum):
    ERROR = "error"
    EXPECTATION_WRONG = "expectation_wrong"
    DIFFERS = "differs"
    PASS = "pass"


@dataclass(frozen=True)
class Verdict:
    status: Status
    failed: tuple[str, ...]   # the checks that were False or did not run
    reason: str               # one line for humans

    @property
    def passed(self) -> bool:
        return self.status is Status.PASS


def verdict(rec: Mapping[str, Any]) -> Verdict:
    """Judge one summary record (``case, format, <CHECKS>, expectation_ok, error``)."""
    if rec.get("error"):
        return Verdict(Status.ERROR, (), str(rec["error"]).splitlines()[0])
    if rec.get(EXPECTATION_CHECK) is False:
        why = rec.get("expectation_error") or "the reference disagrees with the workload's annotations"
        return Verdict(Status.EXPECTATION_WRONG, (EXPECTATION_CHECK,), str(why))
    failed = tuple(c for c in CHECKS if rec.get(c) is not True)
    if failed:
        missing = [c for c in failed if rec.get(c) is None]
        why = "differs in " + ", ".join(c for c in failed if c not in missing)
        if missing:
            why = (why + "; " if len(missing) < len(failed) else "") + "did not run: " + ", ".join(missing)
        return Verdict(Status.DIFFERS, failed, why)
    return Verdict(Status.PASS, (), "all checks agree")


def is_pass(rec: Mapping[str, Any]) -> bool:
    return verdict(rec).passed
