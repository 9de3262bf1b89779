"""What the docker provider costs compared with the local one, from real runs.

    python benchmarks/docker_overhead.py [--cold] [--starts 5] [--repeat 1] [--json FILE]

Prints three figures:

1. **Image build** (``scripts/build_image.sh``, what ``make image`` runs):
   warm (image present: the input-hash check only) always; cold with
   ``--cold``, which deletes the image, the imported debootstrap base and the
   cached rootfs tarball first (``REPLBED_REBUILD=1``: debootstrap + import +
   ``apt-get install mariadb-server`` in ``docker build``). Docker itself
   must already be installed; its install time is not counted.
2. **Start-to-ready**: ``provider.start()`` until a TCP login with the run's
   password succeeds (container create + start + server init), ``--starts``
   times, next to the local provider's ``mariadbd`` start.
3. **Per-case overhead**: the seed workloads (``workloads/seed000_wl2687.wl``
   and ``workloads/basic_dml.wl``) × STATEMENT/ROW/MIXED through the runner
   (``run_side``: one server for the whole side, as a regression run does),
   per provider; per case it reports the runner's wall time and its
   ``collect`` step (binlog files copied out of the container with the
   archive API vs a local file copy).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harness.providers import ServerSettings, get_provider  # noqa: E402
from harness.runner import run_side  # noqa: E402
from harness.workload import load_workloads  # noqa: E402

WORKLOADS = [ROOT / "workloads" / "seed000_wl2687.wl", ROOT / "workloads" / "basic_dml.wl"]
FORMATS = ["STATEMENT", "ROW", "MIXED"]


def build(cold: bool) -> float:
    env = dict(os.environ)
    if cold:
        env["REPLBED_REBUILD"] = "1"
    t = time.monotonic()
    res = subprocess.run(["bash", str(ROOT / "scripts" / "build_image.sh")], env=env,
                         capture_output=True, text=True)
    secs = time.monotonic() - t
    if res.returncode != 0:
        sys.exit(f"build_image.sh failed:\n{res.stdout}{res.stderr}")
    for line in (res.stdout + res.stderr).splitlines():
        if line.startswith("[build-image]") and ("in " in line or "up to date" in line):
            print("   ", line)
    return secs


def starts(name: str, n: int, tmp: Path) -> list[float]:
    prov = get_provider(name)
    out = []
    for i in range(n):
        t = time.monotonic()
        h = prov.start(ServerSettings(), tmp / f"{name}-start-{i}")
        out.append(time.monotonic() - t)
        h.stop()
    return out


def cases_run(name: str, tmp: Path, repeat: int) -> dict[str, Any]:
    cases = [c for w in WORKLOADS for c in load_workloads(str(w))]
    per_case: list[float] = []
    collect: list[float] = []
    total = 0.0
    for r in range(repeat):
        t = time.monotonic()
        outs = run_side(tmp / f"{name}-run-{r}", "reference", get_provider(name), cases, FORMATS)
        total += time.monotonic() - t
        bad = [(o.case, o.format, o.error) for o in outs if o.failed]
        if bad:
            sys.exit(f"{name}: failed cases: {bad}")
        per_case += [o.timings["total"] for o in outs]
        collect += [o.timings.get("collect", 0.0) for o in outs]
    return {"pairs": len(per_case), "side_seconds": total / repeat,
            "case_mean": statistics.mean(per_case), "case_median": statistics.median(per_case),
            "collect_mean": statistics.mean(collect)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cold", action="store_true", help="also time a from-scratch image build")
    ap.add_argument("--starts", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args()
    res: dict[str, Any] = {}

    print("1. image build (scripts/build_image.sh)")
    if args.cold:
        res["build_cold_s"] = build(cold=True)
        print(f"   cold: {res['build_cold_s']:.1f} s")
    res["build_warm_s"] = build(cold=False)
    print(f"   warm: {res['build_warm_s']:.2f} s")

    with tempfile.TemporaryDirectory(prefix="docker-overhead-") as d:
        tmp = Path(d)
        print(f"2. start-to-ready ({args.starts} starts each; login over TCP succeeds)")
        for name in ("local", "docker"):
            s = starts(name, args.starts, tmp)
            res[f"start_{name}_s"] = {"median": statistics.median(s), "min": min(s), "max": max(s)}
            print(f"   {name:6}: median {statistics.median(s):.3f} s  "
                  f"(min {min(s):.3f}, max {max(s):.3f})")

        print("3. per case x format through the runner "
              f"({', '.join(w.name for w in WORKLOADS)} x {'/'.join(FORMATS)})")
        for name in ("local", "docker"):
            r = cases_run(name, tmp, args.repeat)
            res[f"cases_{name}"] = r
            print(f"   {name:6}: {r['pairs']} pairs, side {r['side_seconds']:.2f} s, per case mean "
                  f"{r['case_mean'] * 1000:.0f} ms (median {r['case_median'] * 1000:.0f} ms), "
                  f"collect {r['collect_mean'] * 1000:.1f} ms")
        lo, do = res["cases_local"], res["cases_docker"]
        res["per_case_overhead_ms"] = (do["case_mean"] - lo["case_mean"]) * 1000
        res["collect_overhead_ms"] = (do["collect_mean"] - lo["collect_mean"]) * 1000
        print(f"   docker - local: {res['per_case_overhead_ms']:+.0f} ms per case "
              f"({res['collect_overhead_ms']:+.1f} ms of it in collect), "
              f"+{res['start_docker_s']['median'] - res['start_local_s']['median']:.2f} s per server start")
    if args.json:
        args.json.write_text(json.dumps(res, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
