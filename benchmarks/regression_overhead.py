"""The regression's overhead: whole ``replbed run`` wall time / the reference side's collect time.

Runs ``replbed run`` (a whole process: plan, both collects, decode, replay,
the diff jobs, GX, report, teardown) on the selected cases and prints each
step's time from the run's own ``timings.jsonl`` (harness/pipeline/timing.py)
and the ratio, all measured in that one run. Issue 15's goal is <= 1.5x.

    .venv/bin/python benchmarks/regression_overhead.py [--case 'seed000_*'] [--formats ROW ...]

Steps overlap (both collects and the replay run at once), so the step times
add up to more than the wall time.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harness.pipeline import timing  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--case", action="append", default=None, help="case glob (repeatable; default seed000_*)")
    ap.add_argument("--formats", nargs="+", default=["STATEMENT", "ROW", "MIXED"])
    ap.add_argument("--out", default=os.environ.get("REPLBED_RUNS_DIR", str(ROOT / "runs")))
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args(argv)
    run_id = f"overhead-{time.strftime('%Y%m%d-%H%M%S')}"
    cmd = [sys.executable, "-m", "harness.cli", "run", "--out", args.out, "--run-id", run_id,
           "--formats", *args.formats]
    for g in args.case or ["seed000_*"]:
        cmd += ["--case", g]
    t0 = time.monotonic()
    proc = subprocess.run(cmd, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True)
    process_s = time.monotonic() - t0
    run_dir = Path(args.out) / run_id
    o = timing.overhead(run_dir)
    if o is None:
        print(proc.stdout[-2000:], proc.stderr[-2000:], sep="\n", file=sys.stderr)
        print(f"replbed run exited {proc.returncode} before the reference was collected", file=sys.stderr)
        return 2
    passed = [ln for ln in proc.stdout.splitlines() if "case×format passed" in ln]
    print(f"replbed run {' '.join(cmd[cmd.index('run') + 1:])}: exit {proc.returncode}; "
          f"{passed[0] if passed else '?'}")
    for step, secs in o["steps"].items():
        print(f"  {step:<18} {secs:7.1f}s")
    print(f"  {'whole run':<18} {o['wall']:7.1f}s (process, with interpreter start: {process_s:.1f}s)")
    print(f"ratio whole run / reference collect: {o['ratio']:.2f}x (goal <= 1.5x)")
    if args.json:
        Path(args.json).write_text(json.dumps({**o, "process_s": process_s, "exit": proc.returncode}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
