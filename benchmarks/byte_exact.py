"""Byte-exact share of replbed's events vs MariaDB 10.11 over the corpus.

Starts one real MariaDB (local provider) and one ``replbed serve``, runs every
workload case x format on both, and compares the events pairwise with
harness.binlog.exact.compare_events (exact outside the declared varying fields).
Prints the share per event type and overall, and the pairs that are not exact.

    .venv/bin/python benchmarks/byte_exact.py [--workloads 'workloads/*.wl'] [--out DIR]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from harness.binlog.exact import compare_events  # noqa: E402
from harness.binlog.reader import BinlogReader  # noqa: E402
from harness.binlog.render import event_type_name  # noqa: E402
from harness.providers.base import ServerSettings  # noqa: E402
from harness.providers.local import LocalMariaDBProvider  # noqa: E402
from harness.providers.replbed import ReplbedProvider  # noqa: E402
from harness.runner import plan, run_case  # noqa: E402
from harness.workload import load_workloads  # noqa: E402


def _entries(files: list[Path]) -> list:  # type: ignore[type-arg]
    out = []
    for f in files:
        out.extend(BinlogReader(f).entries())
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--workloads", default=str(ROOT / "workloads" / "*.wl"))
    p.add_argument("--formats", nargs="+", default=["STATEMENT", "ROW", "MIXED"])
    p.add_argument("--out", default=None, help="keep the binlogs here (default: a temp dir)")
    args = p.parse_args(argv)
    out = Path(args.out or tempfile.mkdtemp(prefix="byte-exact-"))
    # The cases of other kinds (``servers = mysql``: seed 004's WL#7592 sizes, MySQL's binary
    # JSON) are left out, as `replbed run` lists them not applicable to MariaDB 10.11.
    cases = [c for c in load_workloads(args.workloads) if c.applies_to("mariadb-10.11")]
    pairs = plan(cases, args.formats)
    total: Counter[str] = Counter()
    exact: Counter[str] = Counter()
    inexact_pairs: list[str] = []
    unaligned = 0
    t0 = time.monotonic()
    ref = LocalMariaDBProvider().start(ServerSettings(), out / "srv_reference")
    try:
        rb = ReplbedProvider().start(ServerSettings(), out / "srv_replbed")
        try:
            for case, fmt in pairs:
                files = {}
                for side, h in (("reference", ref), ("replbed", rb)):
                    d = out / "cases" / case.name / fmt / side
                    o = run_case(h, case, fmt, d, side=side)
                    files[side] = [d / "binlog" / n for n in o.binlog_files]
                a, b = _entries(files["reference"]), _entries(files["replbed"])
                if [event_type_name(e.event) for e in a] != [event_type_name(e.event) for e in b]:
                    unaligned += 1
                bad = 0
                for i, ea in enumerate(a):
                    t = event_type_name(ea.event)
                    total[t] += 1
                    if i < len(b) and not compare_events(ea.raw, b[i].raw):
                        exact[t] += 1
                    else:
                        bad += 1
                if bad:
                    inexact_pairs.append(f"{case.name} {fmt}: {bad} of {len(a)} events differ")
        finally:
            rb.stop()
    finally:
        ref.stop()
    secs = time.monotonic() - t0
    print(f"byte-exact events, replbed vs MariaDB 10.11 ({len(pairs)} case x format, {secs:.1f}s; "
          f"reference events as denominator; varying fields per harness/binlog/exact.py)")
    print(f"{'event type':<20} {'exact':>7} {'total':>7} {'share':>8}")
    for t in sorted(total, key=lambda k: -total[k]):
        print(f"{t:<20} {exact[t]:>7} {total[t]:>7} {100.0 * exact[t] / total[t]:>7.2f}%")
    n, k = sum(total.values()), sum(exact.values())
    print(f"{'overall':<20} {k:>7} {n:>7} {100.0 * k / max(n, 1):>7.2f}%")
    print(f"case x format pairs fully exact: {len(pairs) - len(inexact_pairs)}/{len(pairs)}; "
          f"event sequences of different shape: {unaligned}")
    for line in inexact_pairs:
        print("  not exact:", line)
    print(f"binlogs kept in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
