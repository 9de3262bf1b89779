"""Provider parity per server kind: the same cases on a local server and in a container.

``python -m harness.provider_parity --reference KIND [--case GLOB]... [--formats F...]``
runs the planned cases of ``KIND`` (the cases ``replbed run --reference KIND`` would
run, applicability included) on the kind's local server and on its Docker container,
both from the kind's one profile, side by side; then judges each case x format of
the container against the local server with the verdict's own rules
(``harness.compare.judge``: the decoded events masked as the verdict masks them, the
GTID layout, final tables, every statement's error code and SHOW WARNINGS rows), and
checks that the workload's ``=> CODE`` annotations get the same answer on both.

Why this decides verdict parity: a verdict compares the reference side's outcome,
binlog and tables with replbed's, and replays both binlogs on a *local* server of the
kind whatever the reference provider was (``regression.replay_sides``). So when the
container's outcome and binlog are the local server's under the verdict's masks, the
verdict is the same with either provider -- and where they are not, the differing
check is named. It is also much cheaper than two full pipeline runs (no replbed side,
no replay, no Spark), so the whole corpus of every kind fits one sitting.

Exit 0 when every case x format is the same, 1 when any differs, 2 on bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness.pipeline.verdict import check_expectations


@dataclass
class PairParity:
    case: str
    format: str
    same: bool
    lines: list[str]
    # does not reproduce (see ``recheck``): the server's own nondeterminism, not the provider's
    noise: bool = False


def judge_pair(case: str, fmt: str, local_dir: Path, docker_dir: Path) -> PairParity:
    """The container's outcome of one case x format against the local server's."""
    from harness.compare import judge, load_side

    a, b = load_side(local_dir, "local"), load_side(docker_dir, "docker")
    c = judge(case, fmt, a, b)
    lines = [ln.replace("reference", "local").replace("replbed", "docker") for ln in c.lines]
    if a.error and b.error:
        # the case could not run on either (the same verdict, error), for the same reason?
        same = a.error.removeprefix("local: ") == b.error.removeprefix("docker: ")
        return PairParity(case, fmt, same, [] if same else lines)
    rec = c.record
    same = bool(rec.get("events_match") and rec.get("gtid_layout_ok") and rec.get("tables_match")
                and rec.get("outcomes_match")) and not (a.error or b.error)
    ea = check_expectations(a.outcome.get("statements") or [])
    eb = check_expectations(b.outcome.get("statements") or [])
    if ea != eb:
        same = False
        lines.append(f"  annotations: local {ea} / docker {eb}")
    if (a.error or b.error) and (a.error is None) != (b.error is None):
        lines.append(f"  case status: local {a.error or 'ok'} / docker {b.error or 'ok'}")
    return PairParity(case, fmt, same, [] if same else lines)


def run_both(reference: str, cases: list[Any], formats: list[str], out: Path, settings: Any,
             progress: Any = None, suffix: str = "") -> dict[str, float]:
    """Run ``cases`` x ``formats`` on the local and the docker provider of ``reference``,
    concurrently, under ``out/local{suffix}`` and ``out/docker{suffix}``; return each side's seconds."""
    from harness.providers import get_provider
    from harness.runner import run_side

    errors: list[BaseException] = []
    seconds: dict[str, float] = {}

    def side(name: str) -> None:
        t0 = time.monotonic()
        try:
            provider = get_provider(name, kind=reference)
            if name == "docker":
                with provider:  # type: ignore[attr-defined]
                    run_side(out / f"{name}{suffix}", "reference", provider, cases, formats, progress,
                             settings=settings)
            else:
                run_side(out / f"{name}{suffix}", "reference", provider, cases, formats, progress,
                         settings=settings)
        except BaseException as exc:  # noqa: BLE001 - re-raised in the caller's thread
            errors.append(exc)
        seconds[name] = round(time.monotonic() - t0, 1)

    threads = [threading.Thread(target=side, args=(n,), name=f"parity-{n}") for n in ("local", "docker")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return seconds


def recheck(reference: str, cases: list[Any], results: list[PairParity], out: Path, settings: Any,
            progress: Any = None) -> None:
    """Run the differing pairs once more on both providers (``out/local-again``,
    ``out/docker-again``). A provider difference reproduces: the second runs differ from
    each other as the first did, and each provider repeats itself. A pair that changes
    between two runs on one provider, or whose second runs agree, is the server's own
    nondeterminism (``noise``: a random salt, the event scheduler or a disconnect racing
    the client, a logical clock under load), which no provider can make equal."""
    from harness.pipeline.regression import teardown_run
    from harness.runner import case_dir

    differing = [r for r in results if not r.same]
    if not differing:
        return
    names = {r.case for r in differing}
    run_both(reference, [c for c in cases if c.name in names], sorted({r.format for r in differing}), out,
             settings, progress, suffix="-again")
    for side in ("local", "docker"):
        teardown_run(out / f"{side}-again", progress=None)

    def same(a: str, b: str, r: PairParity) -> bool:
        return judge_pair(r.case, r.format, case_dir(out / a, r.case, r.format, "reference"),
                          case_dir(out / b, r.case, r.format, "reference")).same

    for r in differing:
        r.noise = (not same("local", "local-again", r) or not same("docker", "docker-again", r)
                   or same("local-again", "docker-again", r))


def provider_parity(reference: str, *, workloads: str = "workloads/*.wl", case_globs: tuple[str, ...] = (),
                    formats: tuple[str, ...] = ("STATEMENT", "ROW", "MIXED"), out: Path,
                    profile: str | None = None, progress: Any = None, run: bool = True) -> dict[str, Any]:
    """Run and judge; the result (also written to ``out/parity.json``). ``run=False``
    judges what an earlier call left in ``out`` again (the same plan)."""
    from harness.config import RunConfig
    from harness.pipeline.regression import plan_settings, resolve_plan, teardown_run
    from harness.runner import case_dir

    config = RunConfig(workloads=workloads, formats=formats, cases=case_globs, reference=reference,
                       profile=profile, out_dir=out)
    cases, pairs = resolve_plan(config)
    settings = plan_settings({"flavor": config.flavor, "profile": config.profile, "reference": reference})
    out.mkdir(parents=True, exist_ok=True)
    seconds: dict[str, float] = {}
    try:
        if run:
            seconds = run_both(reference, cases, list(formats), out, settings, progress)
    finally:
        for side in ("local", "docker"):  # the datadirs (logs stay), as a run's teardown
            teardown_run(out / side, progress=None)
    results = [judge_pair(c.name, f, case_dir(out / "local", c.name, f, "reference"),
                          case_dir(out / "docker", c.name, f, "reference")) for c, f in pairs]
    recheck(reference, cases, results, out, settings, progress)
    per_format: dict[str, dict[str, int]] = {}
    for r in results:
        slot = per_format.setdefault(r.format, {"same": 0, "noise": 0, "differ": 0})
        slot["same" if r.same else "noise" if r.noise else "differ"] += 1
    summary = {
        "reference": reference, "profile": config.profile, "cases": len(cases), "pairs": len(results),
        "same": sum(r.same for r in results), "noise": sum(r.noise for r in results),
        "differ": sum(not r.same and not r.noise for r in results),
        "per_format": per_format, "seconds": seconds,
        "differing": [{"case": r.case, "format": r.format, "noise": r.noise, "lines": r.lines}
                      for r in results if not r.same],
    }
    (out / "parity.json").write_text(json.dumps(summary, indent=1) + "\n")
    return summary


def main(argv: list[str] | None = None) -> int:
    from harness.kinds import KINDS
    from harness.pipeline.regression import PlanError

    ap = argparse.ArgumentParser(prog="python -m harness.provider_parity",
                                 description="the same cases on a kind's local server and its container; "
                                             "exit 1 if any case x format differs")
    ap.add_argument("--reference", choices=list(KINDS), default="mariadb-10.11")
    ap.add_argument("--workloads", default="workloads/*.wl")
    ap.add_argument("--case", action="append", default=[], metavar="GLOB")
    ap.add_argument("--formats", nargs="+", choices=["STATEMENT", "ROW", "MIXED"],
                    default=["STATEMENT", "ROW", "MIXED"])
    ap.add_argument("--profile", default=None, help="server profile (default: the kind's)")
    ap.add_argument("--out", type=Path, required=True, help="a directory for both sides' cases and parity.json")
    ap.add_argument("--quiet", action="store_true", help="no per-case progress lines")
    ap.add_argument("--rejudge", action="store_true", help="judge what an earlier run left in --out again")
    args = ap.parse_args(argv)
    progress = None if args.quiet else (lambda line: print(line, flush=True))
    try:
        s = provider_parity(args.reference, workloads=args.workloads, case_globs=tuple(args.case),
                            formats=tuple(args.formats), out=args.out.resolve(), profile=args.profile,
                            progress=progress, run=not args.rejudge)
    except (PlanError, ValueError) as exc:
        print(f"provider_parity: {exc}", file=sys.stderr)
        return 2
    for d in s["differing"]:
        print(f"{'NOISE' if d['noise'] else 'DIFF'} {d['case']} {d['format']}")
        for line in d["lines"][:12]:
            print(line)
    fmts = ", ".join(f"{f} {v['same']}/{sum(v.values())}" for f, v in s["per_format"].items())
    print(f"{s['reference']} ({s['profile']}): {s['same']}/{s['pairs']} case x format the same on local and "
          f"docker ({fmts}); {s['noise']} server noise (changed between two runs on one provider, or agreed the second time); "
          f"{s['differ']} differ; local {s['seconds'].get('local')} s, docker {s['seconds'].get('docker')} s")
    return 1 if s["differ"] else 0


if __name__ == "__main__":
    sys.exit(main())
