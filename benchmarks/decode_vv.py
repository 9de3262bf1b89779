"""``replbed decode -vv`` vs ``mariadb-binlog --base64-output=decode-rows -vv``, whole processes.

What a user runs, timed the same way for both tools in one run: each is a
separate process listing the same ~1M-event binlog files (generated once by a
real MariaDB, cached by ``decoder_bench.py``) with its output sent to
``/dev/null``. Runs alternate between the tools so machine load hits both
alike; the best wall time of each is compared, and the medians and the CPU
times (children's user + sys) are printed too.

ratio = mariadb-binlog seconds / replbed seconds (>= 1.0: replbed is as fast or faster).

Bytecode: an installed replbed has its modules compiled (pip writes the
``.pyc`` files at install time), so a user's process does not compile them.
A sandbox that sets ``PYTHONDONTWRITEBYTECODE`` would make every timed run
recompile every module it imports (about 0.1 s of CPU, several times that in
wall time on a loaded machine), which no user pays: the replbed processes run
without that variable, after one untimed warm-up run of each tool (which also
brings the files into the page cache for both).

``--check`` first compares the ``###`` row lines of both listings (as SHA-256
over the lines, streamed, so it needs no memory for the text).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

from decoder_bench import cached_binlogs, count_events  # noqa: E402


def replbed_cmd(paths: list[Path], jobs: int | None) -> list[str]:
    cmd = [sys.executable, "-m", "harness.cli", "decode", "-vv"]
    if jobs:
        cmd += ["--jobs", str(jobs)]
    return cmd + [str(p) for p in paths]


def tool_cmd(paths: list[Path]) -> list[str]:
    return ["mariadb-binlog", "--base64-output=decode-rows", "-vv", *map(str, paths)]


def _env() -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # keep the bytecode, as an installed package has it
    return env


def timed(cmd: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True, env=_env(), cwd=ROOT)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def rows_digest(cmd: list[str]) -> tuple[str, int]:
    h = hashlib.sha256()
    n = 0
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, env=_env(), cwd=ROOT) as p:
        assert p.stdout is not None
        for line in p.stdout:
            if line.startswith(b"###"):
                h.update(line.rstrip() + b"\n")
                n += 1
    if p.returncode:
        raise SystemExit(f"{cmd[0]} exited {p.returncode}")
    return h.hexdigest(), n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=3, help="timed runs per tool")
    ap.add_argument("--jobs", type=int, default=None, help="replbed decode --jobs (default: one per core)")
    ap.add_argument("--check", action="store_true", help="first compare the ### lines of both tools")
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args(argv)
    if shutil.which("mariadb-binlog") is None:
        print("mariadb-binlog not found (apt-get install mariadb-client)", file=sys.stderr)
        return 2
    paths = cached_binlogs(args.events)
    n_events = sum(count_events(p) for p in paths)
    print(f"binlog: {len(paths)} files, {sum(p.stat().st_size for p in paths) / 1e6:.1f} MB, "
          f"{n_events} events; {len(os.sched_getaffinity(0))} cores")
    mine, tool = replbed_cmd(paths, args.jobs), tool_cmd(paths)
    print("replbed:        " + " ".join(mine[:len(mine) - len(paths)]) + " <files> > /dev/null")
    print("mariadb-binlog: " + " ".join(tool[:3]) + " <files> > /dev/null")
    if args.check:
        a, b = rows_digest(mine), rows_digest(tool)
        print(f"### lines: replbed {a[1]} sha256 {a[0][:16]}, mariadb-binlog {b[1]} sha256 {b[0][:16]}")
        if a != b:
            print("the ### lines differ", file=sys.stderr)
            return 1
    timed(replbed_cmd(paths[-1:], args.jobs))  # warm-up: bytecode written, files cached
    timed(tool_cmd(paths[-1:]))
    for p in paths:
        p.read_bytes()
    rw, rc, tw, tc = [], [], [], []
    for i in range(args.repeat):
        w, c = timed(tool)
        tw.append(w)
        tc.append(c)
        w, c = timed(mine)
        rw.append(w)
        rc.append(c)
        print(f"  run {i + 1}: mariadb-binlog {tw[-1]:.2f}s (cpu {tc[-1]:.2f}s)  "
              f"replbed {rw[-1]:.2f}s (cpu {rc[-1]:.2f}s)")
    result = {
        "events": n_events, "files": len(paths),
        "mariadb_binlog": {"best_s": min(tw), "median_s": statistics.median(tw), "cpu_s": min(tc)},
        "replbed": {"best_s": min(rw), "median_s": statistics.median(rw), "cpu_s": min(rc)},
        "ratio": min(tw) / min(rw),
        "ratio_median": statistics.median(tw) / statistics.median(rw),
        "ratio_cpu": min(tc) / min(rc),
    }
    print(f"mariadb-binlog: best {min(tw):.2f}s ({n_events / min(tw):,.0f} events/s)")
    print(f"replbed:        best {min(rw):.2f}s ({n_events / min(rw):,.0f} events/s)")
    print(f"ratio (mariadb-binlog s / replbed s, >= 1.0 is the goal): {result['ratio']:.2f} "
          f"(medians {result['ratio_median']:.2f}; CPU time {result['ratio_cpu']:.2f})")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
