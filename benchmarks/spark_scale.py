"""How the Spark event diff grows with the number of event records (issue 15, goal 4).

    python benchmarks/spark_scale.py [--sizes 100000 1000000 10000000] [--master URL | --standalone]

For each size N it writes N synthetic event records (N/2 per side, in the
record schema of docs/ARCHITECTURE.md, 100 events per case x format, one
replbed event in 1,000 with a different row image) to Parquet, then times the
event part of ``analyze_run`` on them in one SparkSession: read the Parquet,
``normalize_events``, ``compare_event_sequences`` (full outer join of the two
sides and the per-case aggregate) and ``check_gtid_layout``, every output
written to Parquet as the pipeline writes it (``coalesce(1)``). The data
generation is not timed; one untimed 1e4 run warms the JVM and the Python
workers first.

It prints seconds and microseconds per record for each size, and the growth
of each tenfold step: ``t(10N) / (10 * t(N))`` (1.0 = linear; the goal is at
most 1.2). The diff's results are checked, not just timed: the number of
differing cases must equal the number of planted differences' cases.
"""

from __future__ import annotations

import argparse
import itertools
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

EVENTS_PER_CASE = 100
DIFF_EVERY = 1000
#: One MariaDB transaction: BEGIN GTID, Annotate_rows, Table_map, Write_rows, Xid.
CYCLE = ["Gtid", "Annotate_rows", "Table_map", "Write_rows_v1", "Xid"]


def synthesize(spark, n_records: int, path: Path) -> int:
    """Write ``n_records`` event records (half per side) to ``path``; return the planted differing cases."""
    from pyspark.sql import functions as F

    per_side = n_records // 2
    ids = spark.range(per_side)
    pos = F.col("id") % EVENTS_PER_CASE
    kind = F.element_at(F.array(*[F.lit(t) for t in CYCLE]), (pos % len(CYCLE) + 1).cast("int"))
    trx = (pos / len(CYCLE)).cast("long")
    base = (
        ids.withColumn("run_id", F.lit("scale"))
        .withColumn("case", F.concat(F.lit("case"), (F.col("id") / EVENTS_PER_CASE).cast("long").cast("string")))
        .withColumn("format", F.lit("ROW"))
        .withColumn("file", F.lit("binlog.000001"))
        .withColumn("seq", pos.cast("long"))
        .withColumn("pos", (pos * 100 + 256).cast("long"))
        .withColumn("end_pos", (pos * 100 + 356).cast("long"))
        .withColumn("event_type", kind)
        .withColumn("type_code", F.when(kind == "Gtid", 162).when(kind == "Xid", 16)
                    .when(kind == "Table_map", 19).when(kind == "Annotate_rows", 160).otherwise(23))
        .withColumn("timestamp", F.lit(1_700_000_000).cast("long"))
        .withColumn("size", F.lit(100).cast("long"))
        .withColumn("header_flags", F.lit(0))
        .withColumn("database", F.when(kind == "Table_map", F.lit("test")))
        .withColumn("query", F.when(kind == "Annotate_rows", F.concat(F.lit("INSERT INTO t VALUES ("),
                                                                      trx.cast("string"), F.lit(")"))))
        .withColumn("table", F.when(kind.isin("Table_map", "Write_rows_v1"), F.lit("test.t")))
        .withColumn("table_id", F.when(kind.isin("Table_map", "Write_rows_v1"), F.lit(33).cast("long")))
        .withColumn("rows_json", F.when(kind == "Write_rows_v1",
                                        F.concat(F.lit('[{"after": ["'), trx.cast("string"), F.lit('"]}]'))))
        .withColumn("rows_flags", F.when(kind == "Write_rows_v1", F.lit(1)))
        .withColumn("error_code", F.when(kind == "Gtid", F.lit(0)))
        .withColumn("gtid_domain", F.when(kind == "Gtid", F.lit(0).cast("long")))
        .withColumn("gtid_server", F.when(kind == "Gtid", F.lit(1).cast("long")))
        .withColumn("gtid_seq", F.when(kind == "Gtid", (trx + 1).cast("long")))
        .withColumn("gtid_flags", F.when(kind == "Gtid", F.lit(0)))
        .withColumn("xid", F.when(kind == "Xid", (trx + 10).cast("long")))
        .withColumn("info", F.when(kind == "Gtid", F.concat(F.lit("BEGIN GTID 0-1-"), (trx + 1).cast("string")))
                    .when(kind == "Xid", F.concat(F.lit("COMMIT /* xid="), (trx + 10).cast("string"), F.lit(" */")))
                    .when(kind == "Table_map", F.lit("table_id: 33 (test.t)"))
                    .when(kind == "Write_rows_v1", F.lit("table_id: 33 flags: STMT_END_F"))
                    .otherwise(F.col("query")))
    )
    ref = base.withColumn("side", F.lit("reference")).withColumn("server_id", F.lit(1).cast("long"))
    planted = (F.col("id") % DIFF_EVERY == 3) & (kind == "Write_rows_v1")
    rb = (base.withColumn("side", F.lit("replbed")).withColumn("server_id", F.lit(2).cast("long"))
          .withColumn("rows_json", F.when(planted, F.lit('[{"after": ["wrong"]}]')).otherwise(F.col("rows_json"))))
    ref.unionByName(rb).drop("id").write.mode("overwrite").parquet(str(path))
    return int(ids.where(planted).select((F.col("id") / EVENTS_PER_CASE).cast("long")).distinct().count())


def diff_once(spark, records: Path, out: Path) -> tuple[float, int]:
    """The timed part: the event diff of analyze_run on ``records``; returns (seconds, differing cases)."""
    from pyspark.sql import functions as F

    from harness.pipeline import diff

    t0 = time.monotonic()
    events = spark.read.parquet(str(records))
    norm = diff.normalize_events(events)
    ev_diff, ev_cases = diff.compare_event_sequences(norm.where(F.col("side") == "reference"),
                                                     norm.where(F.col("side") == "replbed"))
    gtid = diff.check_gtid_layout(events, "mariadb-10.11")
    ev_cases = ev_cases.cache()
    for name, df in (("event_cases", ev_cases), ("event_diff", ev_diff), ("gtid_layout", gtid)):
        df.coalesce(1).write.mode("overwrite").parquet(str(out / f"{name}.parquet"))
    n_diff = ev_cases.where(~F.col("events_match")).count()
    seconds = time.monotonic() - t0
    ev_cases.unpersist()
    return seconds, n_diff


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000, 10_000_000])
    p.add_argument("--master", default=os.environ.get("REPLBED_SPARK_MASTER", "local[*]"))
    p.add_argument("--standalone", action="store_true",
                   help="start a standalone master + worker from the installed pyspark and use it")
    p.add_argument("--workdir", default=None, help="where the synthetic Parquet goes (default: a temp dir)")
    args = p.parse_args(argv)

    from harness.pipeline.spark import build_spark

    work = Path(args.workdir or tempfile.mkdtemp(prefix="replbed-spark-scale-"))
    work.mkdir(parents=True, exist_ok=True)
    cluster = None
    try:
        master = args.master
        if args.standalone:
            from harness.pipeline.spark_cluster import StandaloneCluster

            cluster = StandaloneCluster(work / "cluster", workers=1, cores=os.cpu_count() or 2,
                                        memory="3g").start()
            master = cluster.master_url
        spark = build_spark(master, app_name="replbed-spark-scale", shuffle_partitions=max(4, os.cpu_count() or 2),
                            extra_conf={"spark.sql.adaptive.enabled": "true"})
        try:
            warm = work / "warm"
            synthesize(spark, 10_000, warm / "records")
            diff_once(spark, warm / "records", warm / "diff")
            rows = []
            for n in args.sizes:
                d = work / f"n{n}"
                planted = synthesize(spark, n, d / "records")
                secs, n_diff = diff_once(spark, d / "records", d / "diff")
                if n_diff != planted:
                    print(f"FAIL: {n} records: the diff found {n_diff} differing cases, {planted} were planted")
                    return 1
                rows.append((n, secs))
                print(f"{n:>11,} records  {secs:8.1f} s  {secs / n * 1e6:7.2f} us/record  "
                      f"({n_diff} differing cases found of {planted} planted)", flush=True)
                shutil.rmtree(d, ignore_errors=True)
        finally:
            spark.stop()
    finally:
        if cluster is not None:
            cluster.stop()
        if not args.workdir:
            shutil.rmtree(work, ignore_errors=True)
    worst = 0.0
    for (n0, t0), (n1, t1) in itertools.pairwise(rows):
        growth = (t1 / t0) / (n1 / n0)
        worst = max(worst, growth)
        print(f"growth {n0:,} -> {n1:,}: t ratio {t1 / t0:.2f} for {n1 / n0:.0f}x records = "
              f"{growth:.2f}x of linear")
    print(f"worst growth: {worst:.2f}x of linear (goal <= 1.20) on {master}")
    return 0 if worst <= 1.2 else 1


if __name__ == "__main__":
    sys.exit(main())
