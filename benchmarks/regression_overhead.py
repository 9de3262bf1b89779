"""The regression's overhead: whole ``replbed run`` (or ``make run``) wall time / the reference side's collect time.

Runs ``replbed run`` (a whole process: plan, both collects, decode, replay,
the diff jobs, GX, report, teardown) on the selected cases -- or, with
``--airflow``, ``make run`` (bootstrap, the Airflow database check and
``airflow dags test binlog_regression``) -- and prints each step's time from
the run's own ``timings.jsonl`` (harness/pipeline/timing.py) and the ratio,
all measured in that one run. ``startup`` and ``finish`` are the command's
own time before the first and after the last step (interpreter, Airflow's
start-up, the summary). Issue 15's goal is <= 1.5x.

    .venv/bin/python benchmarks/regression_overhead.py [--case 'seed000_*'] [--formats ROW ...] [--airflow]

Steps overlap (both collects and the replay run at once), so the step times
add up to more than the wall time. The first ``--airflow`` run of a checkout
also migrates the Airflow database (inside ``startup``); ``make airflow-db``
beforehand leaves it out. Measured this round: ``--airflow --case '[!p]*'``
(905 of 917 pairs) 1.17x; ``--airflow --case 'seed000_*'`` 2.14x (Airflow's
start-up 20.9 s of 49.8 s); ``--case 'seed000_*'`` 1.21x.
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
    ap.add_argument("--airflow", action="store_true",
                    help="run `make run` (airflow dags test binlog_regression) instead of `replbed run`")
    args = ap.parse_args(argv)
    globs = args.case or ["seed000_*"]
    run_id = f"overhead-{'airflow-' if args.airflow else ''}{time.strftime('%Y%m%d-%H%M%S')}"
    if args.airflow:
        conf = {"cases": ",".join(globs), "formats": args.formats, "run_id": run_id}
        cmd = ["make", "run", f"CONF={json.dumps(conf)}"]
        env = {**os.environ, "REPLBED_RUNS_DIR": args.out}
        label = f"make run CONF='{json.dumps(conf)}'"
    else:
        cmd = [sys.executable, "-m", "harness.cli", "run", "--out", args.out, "--run-id", run_id,
               "--formats", *args.formats]
        for g in globs:
            cmd += ["--case", g]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        label = "replbed run " + " ".join(cmd[cmd.index("run") + 1:])
    t0 = time.monotonic()
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    process_s = time.monotonic() - t0
    run_dir = Path(args.out) / run_id
    if run_dir.is_dir():  # the command's whole output, to read a failed run afterwards
        (run_dir / "command.log").write_text(proc.stdout + "\n--- stderr ---\n" + proc.stderr)
    o = timing.overhead(run_dir)
    if o is None:
        print(proc.stdout[-2000:], proc.stderr[-2000:], sep="\n", file=sys.stderr)
        print(f"{label} exited {proc.returncode} before the reference was collected", file=sys.stderr)
        return 2
    verdicts = [ln for ln in proc.stdout.splitlines()
                if "case×format passed" in ln or ln.startswith(("PASS: ", "FAIL: "))]
    recorded = [json.loads(ln) for ln in (run_dir / timing.TIMINGS).read_text().splitlines()
                if ln.startswith('{"overhead"')]
    print(f"{label}: exit {proc.returncode}; {verdicts[-1] if verdicts else '?'}")
    for step, secs in sorted(o["steps"].items(), key=lambda kv: -kv[1]):
        print(f"  {step:<18} {secs:7.1f}s")
    print(f"  {'whole run':<18} {o['wall']:7.1f}s (the command as a process: {process_s:.1f}s)")
    print(f"  recorded in {timing.TIMINGS}: {recorded[-1] if recorded else '(no overhead record)'}")
    print(f"ratio whole run / reference collect: {o['ratio']:.2f}x (goal <= 1.5x)")
    if args.json:
        Path(args.json).write_text(json.dumps({**o, "process_s": process_s, "exit": proc.returncode,
                                               "command": cmd}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
