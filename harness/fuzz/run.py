"""``replbed fuzz``: generate, noise-filter, judge, group, shrink, report.

Output directory::

    fuzz.json          every case x format verdict, the classes, the noise drops, timings
    summary.txt        the same for humans (also printed)
    repros/<class>.wl  one minimal workload per mismatch class, corpus-ready
                       (the reference's own outcomes written as ``=> CODE``)
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harness.fuzz.differential import FuzzServers, FuzzSides, Judged, judge, judge_all, quick_class
from harness.fuzz.cases import generate_case
from harness.fuzz.shrink import Shrinker
from harness.fuzz.wl import case_text
from harness.pipeline.verdict import Status
from harness.workload.model import Case

Progress = Callable[[str], None]


@dataclass
class MismatchClass:
    key: str
    count: int = 0
    formats: Counter = field(default_factory=Counter)
    cases: list[str] = field(default_factory=list)
    example: Judged | None = None
    minimal: Case | None = None
    minimal_reproduces: bool | None = None
    minimal_noise: bool | None = None
    minimal_text: str | None = None
    shrink_runs: int = 0
    shrink_seconds: float = 0.0
    repro_file: str | None = None


def slug(key: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", key).strip("_")[:80] or "class"


@dataclass
class FuzzResult:
    seed: int
    cases: int
    formats: tuple[str, ...]
    generator: str = "default"
    # the sides (harness/kinds.py): the reference kind, the candidate as --candidate names it
    reference: str = "mariadb-10.11"
    candidate: str = "replbed"
    candidate_label: str = "replbed (mariadb-10.11)"
    profile: str | None = None
    judged: list[Judged] = field(default_factory=list)
    dropped: list[Judged] = field(default_factory=list)
    classes: dict[str, MismatchClass] = field(default_factory=dict)
    seconds: float = 0.0
    judge_seconds: float = 0.0
    shrink_seconds: float = 0.0

    def per_format(self) -> dict[str, dict[str, Any]]:
        out = {}
        for fmt in self.formats:
            js = [j for j in self.judged if j.format == fmt]
            passed = sum(1 for j in js if j.verdict.passed)
            out[fmt] = {"scored": len(js), "matched": passed,
                        "match_percent": round(100.0 * passed / len(js), 1) if js else None,
                        "dropped_noise": sum(1 for j in self.dropped if j.format == fmt)}
        return out

    @property
    def all_matched(self) -> bool:
        return all(j.verdict.passed for j in self.judged)


def run_fuzz(seed: int, count: int, formats: Sequence[str], out: Path, *, start: int = 0,
             shrink: bool = True, shrink_budget: int = 120, replbed_provider: str = "replbed",
             generator: str = "default", progress: Progress | None = print, reference: str | None = None,
             candidate: str = "replbed", profile: str | None = None) -> FuzzResult:
    sides = FuzzSides.of(reference, candidate, profile, replbed_provider)  # bad kinds fail before anything starts
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    res = FuzzResult(seed, count, tuple(formats), generator, reference=sides.reference, candidate=sides.candidate,
                     candidate_label=sides.candidate_label, profile=sides.reference_settings.profile.name)
    t0 = time.monotonic()
    with FuzzServers(out / "work", replbed_provider=replbed_provider, reference=sides.reference,
                     candidate=sides.candidate, profile=profile) as servers:
        if progress:
            progress(f"fuzz: {sides.reference} ({res.profile}) vs {sides.candidate_label}")
            progress(f"fuzz: servers up in {time.monotonic() - t0:.1f}s "
                     f"({', '.join(f'{k}:{h.port}' for k, h in servers.handles.items())})")
        tj = time.monotonic()
        # in order, one replay overlapping the next case's runs (judge_all)
        items = ((generate_case(seed, i, generator, sides.reference), fmt) for i in range(start, start + count) for fmt in formats)
        for n, j in enumerate(judge_all(servers, items), 1):
            i, fmt, case = start + (n - 1) // len(formats), j.format, j.case
            if j.noise:
                res.dropped.append(j)
                if progress:
                    progress(f"[{i}] {fmt} DROPPED (the two {res.reference} servers disagree: {j.noise[0].klass})")
            else:
                res.judged.append(j)
            if not j.noise and not j.verdict.passed:
                key = j.klass or f"error:{j.verdict.reason[:80]}"
                mc = res.classes.setdefault(key, MismatchClass(key))
                mc.count += 1
                mc.formats[fmt] += 1
                if len(mc.cases) < 20:
                    mc.cases.append(f"{case.name}/{fmt}")
                if mc.example is None:
                    mc.example = j
            if progress and n % len(formats) == 0 and (i + 1 - start) % 10 == 0:
                done = len(res.judged) + len(res.dropped)
                ok = sum(1 for j in res.judged if j.verdict.passed)
                progress(f"fuzz: {i + 1 - start}/{count} cases, {ok}/{len(res.judged)} matched, "
                         f"{len(res.dropped)} dropped, {done / (time.monotonic() - tj):.2f} case x format/s")
        res.judge_seconds = time.monotonic() - tj
        ts = time.monotonic()
        if shrink:
            for mc in sorted(res.classes.values(), key=lambda m: -m.count):
                shrink_class(servers, mc, shrink_budget, progress)
        res.shrink_seconds = time.monotonic() - ts
    res.seconds = time.monotonic() - t0
    write_outputs(res, out)
    return res


def shrink_class(servers: FuzzServers, mc: MismatchClass, budget: int, progress: Progress | None) -> None:
    """Shrink the class's first example; keep it only if it still shows the class without noise."""
    j = mc.example
    if j is None or j.verdict.status is Status.ERROR and not j.klass:
        return
    t = time.monotonic()
    sh = Shrinker(lambda c, f: quick_class(servers, c, f), j.format, budget=budget)
    minimal = sh.shrink(j.case, mc.key)
    final = judge(servers, minimal, j.format)
    mc.shrink_runs = sh.runs
    mc.minimal = minimal
    mc.minimal_reproduces = final.klass == mc.key
    mc.minimal_noise = bool(final.noise)
    if not mc.minimal_reproduces or mc.minimal_noise:
        # keep the unshrunk case as the repro: it is the one that was scored
        minimal, final = j.case, j
    mc.minimal = minimal
    name = f"fuzz_{slug(mc.key)}"[:60]
    comments = [f"replbed fuzz class {mc.key!r}: {mc.count} case x format",
                f"found as {j.case.name} ({j.format}); shrunk in {sh.runs} runs to "
                f"{len(minimal.setup) + len(minimal.steps)} statements (from {len(j.case.setup) + len(j.case.steps)})",
                f"reference vs replbed: {final.differences[0].detail[:300] if final.differences else '(no longer differs)'}"]
    mc.minimal_text = case_text(minimal, name=name, expected=final.expected, comments=comments,
                                formats=(j.format,))
    mc.shrink_seconds = time.monotonic() - t
    if progress:
        progress(f"shrink {mc.key}: {len(j.case.setup) + len(j.case.steps)} -> "
                 f"{len(minimal.setup) + len(minimal.steps)} statements in {sh.runs} runs, "
                 f"{mc.shrink_seconds:.1f}s{'' if mc.minimal_reproduces else ' (did not reproduce; kept original)'}")


def to_json(res: FuzzResult) -> dict[str, Any]:
    def jrec(j: Judged) -> dict[str, Any]:
        return {"case": j.case.name, "format": j.format, "status": j.verdict.status.value,
                "class": j.klass, "reason": j.verdict.reason, "seconds": round(j.seconds, 3),
                "differences": [{"check": d.check, "class": d.klass, "detail": d.detail} for d in j.differences[:5]]}

    scored = len(res.judged)
    return {
        "seed": res.seed, "cases": res.cases, "generator": res.generator, "formats": list(res.formats),
        "reference": res.reference, "profile": res.profile, "candidate": res.candidate,
        "candidate_label": res.candidate_label,
        "scored": scored, "matched": sum(1 for j in res.judged if j.verdict.passed),
        "per_format": res.per_format(),
        "noise": {"dropped": len(res.dropped),
                  "reasons": dict(Counter(j.noise[0].klass for j in res.dropped)),
                  "cases": [{"case": j.case.name, "format": j.format, "class": j.noise[0].klass,
                             "detail": j.noise[0].detail} for j in res.dropped]},
        "rate": {"case_x_format_per_second": round((scored + len(res.dropped)) / res.judge_seconds, 3)
                 if res.judge_seconds else None,
                 "judge_seconds": round(res.judge_seconds, 1), "shrink_seconds": round(res.shrink_seconds, 1),
                 "total_seconds": round(res.seconds, 1)},
        "classes": [{"class": m.key, "count": m.count, "formats": dict(m.formats), "cases": m.cases,
                     "minimal_reproduces": m.minimal_reproduces, "minimal_noise": m.minimal_noise,
                     "shrink_runs": m.shrink_runs, "repro_file": m.repro_file, "repro": m.minimal_text}
                    for m in sorted(res.classes.values(), key=lambda m: -m.count)],
        "results": [jrec(j) for j in res.judged],
    }


def summary_text(res: FuzzResult) -> str:
    d = to_json(res)
    gen = "" if res.generator == "default" else f" --generator {res.generator}"
    if res.reference != "mariadb-10.11" or res.candidate != "replbed":
        gen += f" --reference {res.reference}" + ("" if res.candidate == "replbed" else f" --candidate {res.candidate}")
    lines = [f"replbed fuzz --seed {res.seed} --cases {res.cases}{gen}: {d['matched']}/{d['scored']} case x format matched",
             f"sides: reference {res.reference} ({res.profile}), candidate {res.candidate_label}"]
    for fmt, pf in d["per_format"].items():
        lines.append(f"  {fmt:<9} {pf['matched']}/{pf['scored']} matched ({pf['match_percent']}%), "
                     f"{pf['dropped_noise']} dropped as noise")
    lines.append(f"noise: {d['noise']['dropped']} case x format dropped (the two {res.reference} servers disagreed)"
                 + (f": {d['noise']['reasons']}" if d['noise']['dropped'] else ""))
    r = d["rate"]
    lines.append(f"rate: {r['case_x_format_per_second']} case x format verdicts/s "
                 f"(judging {r['judge_seconds']}s, shrinking {r['shrink_seconds']}s, total {r['total_seconds']}s)")
    lines.append(f"mismatch classes: {len(d['classes'])}")
    for c in d["classes"]:
        fm = " ".join(f"{k}:{v}" for k, v in sorted(c["formats"].items()))
        lines.append(f"  {c['count']:>4}  {c['class']}  [{fm}]  repro: {c['repro_file'] or '-'}")
    return "\n".join(lines) + "\n"


def write_outputs(res: FuzzResult, out: Path) -> None:
    repros = out / "repros"
    for m in res.classes.values():
        if m.minimal_text:
            repros.mkdir(parents=True, exist_ok=True)
            p = repros / f"{slug(m.key)}.wl"
            p.write_text(m.minimal_text)
            m.repro_file = str(p.relative_to(out))
    (out / "fuzz.json").write_text(json.dumps(to_json(res), indent=1, ensure_ascii=False, default=str) + "\n")
    (out / "summary.txt").write_text(summary_text(res))
