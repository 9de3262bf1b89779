"""The fuzz run's report for people (and the DAG's report task): Markdown from ``fuzz.json``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def markdown_report(fuzz_json: Path) -> str:
    """Per-format match rates, noise, rate, then every class with its minimal repro."""
    d: dict[str, Any] = json.loads(Path(fuzz_json).read_text())
    out = [f"# replbed fuzz: seed {d['seed']}, {d['cases']} cases x {', '.join(d['formats'])}", ""]
    ref = d.get("reference", "mariadb-10.11")
    out.append(f"{d['matched']}/{d['scored']} case x format of {d.get('candidate_label', 'replbed')} "
               f"identical to {ref} ({d.get('profile') or 'debian'}).")
    out.append("")
    out.append("| format | scored | matched | match % | dropped as noise |")
    out.append("|---|---|---|---|---|")
    for fmt, pf in d["per_format"].items():
        out.append(f"| {fmt} | {pf['scored']} | {pf['matched']} | {pf['match_percent']} | {pf['dropped_noise']} |")
    n = d["noise"]
    out.append("")
    out.append(f"Noise (the two reference {ref} servers disagreed, case dropped before scoring): {n['dropped']}"
               + (f" -- {n['reasons']}" if n["dropped"] else ""))
    r = d["rate"]
    out.append(f"Rate: {r['case_x_format_per_second']} case x format verdicts/s "
               f"(judging {r['judge_seconds']}s, shrinking {r['shrink_seconds']}s).")
    out.append("")
    out.append(f"## Mismatch classes ({len(d['classes'])})")
    out.append("")
    out.append("| count | class | formats |")
    out.append("|---|---|---|")
    for c in d["classes"]:
        fm = " ".join(f"{k}:{v}" for k, v in sorted(c["formats"].items()))
        out.append(f"| {c['count']} | `{c['class']}` | {fm} |")
    for c in d["classes"]:
        out.append("")
        out.append(f"### `{c['class']}` ({c['count']})")
        note = ""
        if c.get("minimal_reproduces") is False:
            note = " (the shrunk case did not keep the class; the original case is shown)"
        elif c.get("minimal_noise"):
            note = " (the shrunk case was noisy; the original case is shown)"
        out.append(f"Examples: {', '.join(c['cases'][:5])}{note}")
        if c.get("repro"):
            out += ["", "```", c["repro"].rstrip(), "```"]
    return "\n".join(out) + "\n"
