"""``replbed compare``: run cases on both sides and print differences, without Spark.

The regression (``replbed run``) is the reviewed result; this is the quick loop
for someone writing a case or changing the model: one reference MariaDB and
one ``replbed serve``, every case x format, and for each the first point where
the two binlogs (as SHOW BINLOG EVENTS would list them), the statement results
or the final tables part.
"""

from __future__ import annotations

import difflib
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from harness.binlog.reader import read_binlog_file
from harness.binlog.render import event_type_name, info_text
from harness.providers.base import ServerHandle, ServerSettings
from harness.providers.local import LocalMariaDBProvider
from harness.providers.replbed import ReplbedProvider
from harness.runner import CaseOutcome, run_case
from harness.workload import Case

_MASKS = [(re.compile(r"xid=\d+"), "xid=#"), (re.compile(r"table_id: \d+"), "table_id: #"),
          (re.compile(r"Server ver: [^,]*"), "Server ver: #"), (re.compile(r"rand_seed1=\d+,rand_seed2=\d+"),
                                                               "rand_seed1=#,rand_seed2=#")]


def listing(files: Iterable[Path]) -> list[str]:
    """Event_type + normalized Info per event, with the error code of failed Query events."""
    out = []
    for f in files:
        for ev in read_binlog_file(f):
            info = info_text(ev)
            for rx, rep in _MASKS:
                info = rx.sub(rep, info)
            err = getattr(ev, "error_code", 0)
            out.append(f"{event_type_name(ev):<17} {info}" + (f"   [error_code={err}]" if err else ""))
    return out


def _warnings(stmt: object) -> list[tuple[str, int, str]]:
    """(level, code, message) of SHOW WARNINGS after a statement, errors included: a failed
    statement may list more than its own error (InnoDB's 1030 after 1665, a trigger's 4094)."""
    out = []
    for w in getattr(stmt, "warnings", None) or []:
        level, code, msg = (w["level"], w["code"], w["message"]) if isinstance(w, dict) else tuple(w)[:3]
        out.append((str(level), int(code), str(msg)))
    return out


@dataclass
class Comparison:
    case: str
    format: str
    same: bool
    lines: list[str]


def compare_case(ref: ServerHandle, rb: ServerHandle, case: Case, fmt: str, work: Path) -> Comparison:
    outs: dict[str, CaseOutcome] = {}
    dirs: dict[str, Path] = {}
    for side, h in (("reference", ref), ("replbed", rb)):
        dirs[side] = work / case.name / fmt / side
        outs[side] = run_case(h, case, fmt, dirs[side], side=side)
    a, b = outs["reference"], outs["replbed"]
    lines: list[str] = []
    for side, o in outs.items():
        if o.status == "failed":
            lines.append(f"  {side} failed: {o.error}")
    for sa, sb in zip(a.statements, b.statements):
        if sa.error_code != sb.error_code:
            lines.append(f"  statement {sb.sql!r}: reference {sa.error_code or 'OK'} {sa.error_message or ''}"
                         f" / replbed {sb.error_code or 'OK'} {sb.error_message or ''}")
        if sa.blocked != sb.blocked:  # a wait_blocked step: did the statement wait on both sides?
            lines.append(f"  blocked {sb.sql!r}: reference {sa.blocked} / replbed {sb.blocked}")
        wa, wb = _warnings(sa), _warnings(sb)
        if wa != wb:
            lines.append(f"  warnings of {sb.sql!r}: reference {wa} / replbed {wb}")
    la = listing(dirs["reference"] / "binlog" / f for f in a.binlog_files)
    lb = listing(dirs["replbed"] / "binlog" / f for f in b.binlog_files)
    if la != lb:
        lines.append("  binlog (- reference, + replbed):")
        lines += ["    " + d for d in difflib.unified_diff(la, lb, lineterm="", n=1)][2:]
    if a.tables != b.tables:
        lines.append(f"  tables differ: reference {a.tables} / replbed {b.tables}")
    return Comparison(case.name, fmt, not lines, lines)


def compare(cases: list[Case], formats: Iterable[str], profile: str | None = None) -> list[Comparison]:
    """``profile``: the server profile of both sides (harness/profile.py; None: the default)."""
    from harness.profile import get_profile

    settings = ServerSettings(profile=get_profile(profile))
    results = []
    with tempfile.TemporaryDirectory(prefix="replbed-compare-") as tmp:
        work = Path(tmp)
        with LocalMariaDBProvider().start(settings, work / "reference") as ref, \
                ReplbedProvider().start(settings, work / "replbed") as rb:
            for case in cases:
                for fmt in formats:
                    if fmt not in case.formats:
                        continue
                    c = compare_case(ref, rb, case, fmt, work)
                    print(f"{'same' if c.same else 'DIFF'} {c.case} {c.format}", flush=True)
                    for line in c.lines:
                        print(line)
                    results.append(c)
    return results
