"""Provider parity: the docker and local providers must give the same verdicts.

Two real MariaDB servers started from the same ServerProfile, one as a local
process and one in a container, must log the same binlog for every case: if
they do not, a verdict depends on where the reference ran (issue 17: a
container matched root as root@'%' and every stored object's DEFINER differed).

Two checks, one per cost:

* :func:`outcome_differences` compares what two reference runs of one case x
  format produced -- statement errors and warnings, final tables, and the
  binlogs as ``SHOW BINLOG EVENTS`` lists them (xids, table ids, RAND seeds
  masked) -- without Spark; the CI test runs it over the corpus cases that
  create stored objects (tests/providers/test_docker_parity.py).
* :func:`summary_differences` compares two finished runs' ``summary.json``
  case by case (``make docker-parity``: the full corpus, all three formats,
  through the whole pipeline with each provider).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

# A case creates a stored object (the DEFINER / CURRENT_USER the profile decides).
STORED_OBJECT = re.compile(
    r"\bCREATE\b(?:\s+OR\s+REPLACE)?(?:\s+ALGORITHM\s*=\s*\w+)?(?:\s+DEFINER\s*=\s*\S+)?"
    r"(?:\s+SQL\s+SECURITY\s+\w+)?\s+(?:TRIGGER|FUNCTION|PROCEDURE|VIEW)\b", re.IGNORECASE)
# Fields of a summary record that measure time or place, not the verdict.
_NOT_VERDICT = frozenset({"seconds", "run_id", "started", "finished", "duration", "report", "path"})


def creates_stored_objects(case: Any) -> bool:
    """Whether any statement of ``case`` (setup or steps) creates a trigger, routine or view."""
    return any(STORED_OBJECT.search(step.sql) for step in [*case.setup, *case.steps])


def _warnings(stmt: Any) -> list[tuple[str, int, str]]:
    out = []
    for w in stmt.warnings or []:
        level, code, msg = (w["level"], w["code"], w["message"]) if isinstance(w, dict) else tuple(w)[:3]
        out.append((str(level), int(code), str(msg)))
    return out


def outcome_differences(a: Any, b: Any, a_files: Iterable[Path], b_files: Iterable[Path]) -> list[str]:
    """What differs between two CaseOutcomes of the same case x format (empty: the same)."""
    from harness.pipeline.normalize import listing

    out: list[str] = []
    if a.status != b.status:
        out.append(f"status {a.status} ({a.error}) vs {b.status} ({b.error})")
    if len(a.statements) != len(b.statements):
        out.append(f"{len(a.statements)} vs {len(b.statements)} statements ran")
    for sa, sb in zip(a.statements, b.statements):
        if sa.error_code != sb.error_code:
            out.append(f"statement {sa.sql!r}: error {sa.error_code} vs {sb.error_code}")
        elif _warnings(sa) != _warnings(sb):
            out.append(f"statement {sa.sql!r}: warnings {_warnings(sa)} vs {_warnings(sb)}")
    if a.tables != b.tables:
        out.append("final tables differ")
    la, lb = listing(a_files), listing(b_files)
    if la != lb:
        first = next((i for i, (x, y) in enumerate(zip(la, lb)) if x != y), min(len(la), len(lb)))
        out.append(f"binlog event {first}: {la[first] if first < len(la) else '<none>'!r} vs "
                   f"{lb[first] if first < len(lb) else '<none>'!r}")
    return out


def _key(rec: dict[str, Any]) -> tuple[str, str]:
    return str(rec.get("case")), str(rec.get("format"))


def verdict_fields(rec: dict[str, Any]) -> dict[str, Any]:
    """A summary record without the fields that measure time or place."""
    return {k: v for k, v in rec.items() if k not in _NOT_VERDICT}


def summary_differences(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> list[str]:
    """Case x format records of two summaries that are missing or differ (empty: the same)."""
    ra, rb = {_key(r): verdict_fields(r) for r in a}, {_key(r): verdict_fields(r) for r in b}
    out = []
    for key in sorted(set(ra) | set(rb)):
        if key not in rb:
            out.append(f"{key[0]} {key[1]}: only in the first run")
        elif key not in ra:
            out.append(f"{key[0]} {key[1]}: only in the second run")
        elif ra[key] != rb[key]:
            fields = sorted(f for f in set(ra[key]) | set(rb[key]) if ra[key].get(f) != rb[key].get(f))
            out.append(f"{key[0]} {key[1]}: " + ", ".join(
                f"{f}={ra[key].get(f)!r} vs {rb[key].get(f)!r}" for f in fields))
    return out


def main(argv: list[str] | None = None) -> int:
    """``python -m harness.pipeline.parity RUN_A RUN_B``: exit 0 when the summaries agree."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2:
        print("usage: python -m harness.pipeline.parity RUN_DIR_A RUN_DIR_B", file=sys.stderr)
        return 2
    runs = []
    for d in args:
        path = Path(d) / "summary.json"
        if not path.exists():
            print(f"parity: {path} does not exist (the run did not finish)", file=sys.stderr)
            return 2
        runs.append(json.loads(path.read_text()))
    diffs = summary_differences(runs[0], runs[1])
    for line in diffs:
        print(line)
    print(f"{len(runs[0])} vs {len(runs[1])} case x format records; {len(diffs)} differ")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
