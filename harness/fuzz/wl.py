"""Fuzz cases as ``.wl`` text (docs/WORKLOADS.md), the form a repro is kept in.

The text is also the cache key of a run: two cases with the same text are the
same workload, whatever their names.
"""

from __future__ import annotations

from collections.abc import Sequence

from harness.workload.model import Case
from harness.workload.params import format_prepared


def case_text(case: Case, *, name: str | None = None, expected: Sequence[int | None] | None = None,
              comments: Sequence[str] = (), formats: Sequence[str] | None = None) -> str:
    """``case`` as a workload file section.

    ``expected`` (one entry per setup+step statement, in run order) writes the
    reference's outcome as ``=> CODE`` annotations, so that a found case
    dropped into workloads/ also checks the reference against itself.
    """
    lines = [f"# {c}" for c in comments]
    lines.append(f"[case {name or case.name}]")
    lines.append(f"rule = {case.rule or 'fuzz'}")
    lines.append(f"seed = {case.seed or 'fuzz'}")
    if case.description:
        lines.append(f"description = {case.description}")
    fm = formats if formats is not None else case.formats
    if tuple(fm) != ("STATEMENT", "ROW", "MIXED"):
        lines.append(f"formats = {' '.join(fm)}")
    for s in case.settings.settings:
        lines.append(f"{s.scope}.{s.variable} = {s.value}")
    statements = list(case.setup) + list(case.steps)
    for i, st in enumerate(statements):
        sql = st.sql.replace("\n", " ")
        if st.params is not None:
            sql = format_prepared(st.params, sql)
        exp = expected[i] if expected is not None and i < len(expected) else None
        suffix = f"  => {exp}" if exp else ""
        lines.append(f"{st.connection}: {sql}{suffix}")
    return "\n".join(lines) + "\n"


def cache_key(case: Case, fmt: str) -> str:
    """What decides a run's result: the statements and settings, not the case name."""
    body = case_text(case, name="k", formats=()).split("\n", 1)[1]
    return fmt + "\n" + "\n".join(ln for ln in body.splitlines() if not ln.startswith(("description", "rule", "seed")))
