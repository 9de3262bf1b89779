"""Spark-side decoding scaling: the same binlog files decoded with local[1] and local[2].

    python benchmarks/spark_decode_bench.py [--files 9] [--masters local[1] local[2]]

Uses the cached files of ``benchmarks/decoder_bench.py`` (generated on first
use, ~1M events in 9 files of 16 MB). For each master it starts a fresh
SparkSession, runs one untimed warm-up job (JVM/Python worker start-up), then
times ``decode_binlogs(paths_frame(files))`` -- one file per task, full
records (decode + Info text + rows_json + raw bytes, Arrow batches to the
JVM) -- forced with the ``noop`` sink, i.e. every record is produced and
handed to Spark but not written anywhere. The time includes the size-chain
count job that assigns ``seq``. Speed-up = time(local[1]) / time(local[N]).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for p in (str(ROOT), str(ROOT / "benchmarks")):
    if p not in sys.path:
        sys.path.insert(0, p)


def run(master: str, files: list[Path], repeat: int) -> dict:
    from harness.pipeline.spark import build_spark
    from harness.pipeline.spark_decode import decode_binlogs, paths_frame

    spark = build_spark(master, app_name=f"spark-decode-bench-{master}")
    try:
        # warm-up: start the Python workers on every core
        spark.sparkContext.parallelize(range(64), 8).map(lambda x: x).count()
        times = []
        n = 0
        for _ in range(repeat):
            t0 = time.perf_counter()
            df = decode_binlogs(paths_frame(spark, files, case="bench", side="reference"))
            df.write.format("noop").mode("overwrite").save()
            times.append(time.perf_counter() - t0)
        n = decode_binlogs(paths_frame(spark, files[:1])).count()  # sanity: records flow
        return {"master": master, "seconds": min(times), "all": times, "first_file_events": n}
    finally:
        spark.stop()


def main(argv: list[str] | None = None) -> int:
    import decoder_bench

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=9, help="how many of the cached files")
    ap.add_argument("--masters", nargs="+", default=["local[1]", "local[2]"])
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args(argv)
    paths = decoder_bench.cached_binlogs()[: args.files]
    n_events = sum(decoder_bench.count_events(p) for p in paths)
    print(f"{len(paths)} files, {n_events} events, "
          f"{sum(p.stat().st_size for p in paths) / 1e6:.1f} MB; cores: {os.cpu_count()}")
    results = [run(m, paths, args.repeat) for m in args.masters]
    base = results[0]["seconds"]
    for r in results:
        r["events_per_s"] = n_events / r["seconds"]
        r["speedup"] = base / r["seconds"]
        print(f"{r['master']:>10}: {r['seconds']:.1f}s (runs {', '.join(f'{t:.1f}' for t in r['all'])}) "
              f"{r['events_per_s']:,.0f} events/s, speed-up x{r['speedup']:.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps({"events": n_events, "files": len(paths),
                                               "results": results}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
