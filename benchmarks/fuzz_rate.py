"""Fuzz throughput: case x format verdicts per second, and where the time goes.

One verdict = the case on the reference MariaDB, on the noise-check MariaDB
and on ``replbed serve`` (the three concurrently), the in-process comparison,
and -- when nothing differs -- the replay of both binlogs into a fourth
MariaDB. Servers are started once (not counted) and reset between cases, as
``replbed fuzz`` does. Shrinking is not counted (see ``--shrink`` for a
separate figure: seconds per shrunk class).

    .venv/bin/python benchmarks/fuzz_rate.py [--cases 30] [--seed 1000] [--shrink 3] [--compare]

Prints verdicts/s, the mean seconds per verdict split into side runs and
replay, and the per-side mean run time. Verdicts are judged as ``replbed
fuzz`` judges them (``differential.judge_all``: a verdict's replay overlaps
the next case's side runs); ``--serial`` judges one verdict after the other
(``judge``), and ``--compare`` runs both on the same servers and cases, back
to back, and prints their ratio (the machine's load hits both alike).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from harness.fuzz import differential as D
from harness.fuzz.cases import generate_case
from harness.fuzz.shrink import Shrinker


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--formats", nargs="+", default=["STATEMENT", "ROW", "MIXED"])
    ap.add_argument("--shrink", type=int, default=0, help="also shrink the first N mismatches")
    ap.add_argument("--serial", action="store_true", help="judge one verdict after the other (judge)")
    ap.add_argument("--compare", action="store_true", help="pipelined and serial, back to back")
    args = ap.parse_args()

    run_s: list[float] = []
    replay_s: list[float] = []
    side_s: dict[str, list[float]] = {}
    phase_s: dict[str, dict[str, list[float]]] = {}
    orig_run, orig_replay = D.FuzzServers.run, D.FuzzServers.replay

    def timed_run(self, *a):  # type: ignore[no-untyped-def]
        t = time.perf_counter()
        r = orig_run(self, *a)
        run_s.append(time.perf_counter() - t)
        for side, o in r.items():
            side_s.setdefault(side, []).append(o.timings.get("total", 0.0))
            for k, v in o.timings.items():
                if k != "total":
                    phase_s.setdefault(side, {}).setdefault(k, []).append(v)
        return r

    def timed_replay(self, *a):  # type: ignore[no-untyped-def]
        t = time.perf_counter()
        r = orig_replay(self, *a)
        replay_s.append(time.perf_counter() - t)
        return r

    D.FuzzServers.run, D.FuzzServers.replay = timed_run, timed_replay  # type: ignore[method-assign]
    mismatches = []
    items = [(generate_case(args.seed, i), fmt) for i in range(args.cases) for fmt in args.formats]
    modes = ["pipelined", "serial"] if args.compare else ["serial" if args.serial else "pipelined"]
    with tempfile.TemporaryDirectory(prefix="replbed-fuzzbench-") as tmp:
        t0 = time.perf_counter()
        with D.FuzzServers(Path(tmp)) as servers:
            start = time.perf_counter() - t0
            print(f"servers started in {start:.1f}s (not counted)")
            rates: dict[str, float] = {}
            verdicts: dict[str, list[str]] = {}
            for mode in modes:
                run_s.clear()
                replay_s.clear()
                mismatches.clear()
                t1 = time.perf_counter()
                judged = (D.judge_all(servers, items) if mode == "pipelined"
                          else (D.judge(servers, c, f) for c, f in items))
                verdicts[mode] = []
                for j in judged:
                    verdicts[mode].append(f"{j.case.name}/{j.format} {j.verdict.passed} {j.klass}")
                    if j.klass and not j.noise:
                        mismatches.append(j)
                dt = time.perf_counter() - t1
                n = len(items)
                rates[mode] = n / dt
                print(f"{mode}: {n} case x format verdicts in {dt:.1f}s: {n / dt:.2f} verdicts/s "
                      f"({1000 * dt / n:.0f} ms each; {len(mismatches)} mismatches)")
                print(f"  side runs (concurrent): mean {1000 * statistics.mean(run_s):.0f} ms per verdict")
                if replay_s:
                    print(f"  replay (matches only, {len(replay_s)}): mean {1000 * statistics.mean(replay_s):.0f} ms"
                          + (" (overlapping the next case's side runs)" if mode == "pipelined" else ""))
                if mode == "serial":
                    judge_s = dt - sum(run_s) - sum(replay_s)
                    print(f"  comparison and verdict (in process): mean {1000 * judge_s / n:.0f} ms per verdict")
            if args.compare:
                same = verdicts["pipelined"] == verdicts["serial"]
                print(f"ratio pipelined / serial: {rates['pipelined'] / rates['serial']:.2f} "
                      f"(same verdicts: {same})")
            for side, xs in side_s.items():
                phases = ", ".join(f"{k} {1000 * statistics.mean(v):.0f}"
                                   for k, v in phase_s.get(side, {}).items())
                print(f"  {side:<9} run_case mean {1000 * statistics.mean(xs):.0f} ms ({phases})")
            for j in mismatches[:args.shrink]:
                t = time.perf_counter()
                sh = Shrinker(lambda c, f: D.quick_class(servers, c, f), j.format, budget=80)
                m = sh.shrink(j.case, j.klass or "")
                print(f"shrink {j.klass}: {len(j.case.setup) + len(j.case.steps)} -> "
                      f"{len(m.setup) + len(m.steps)} statements, {sh.runs} runs, {time.perf_counter() - t:.1f}s")


if __name__ == "__main__":
    main()
