"""The one place that builds a SparkSession for the pipeline.

``local[*]`` by default; any master URL through the argument, ``RunConfig``
or ``REPLBED_SPARK_MASTER``. Tuned for the small, aggregated data the diff
jobs see: few shuffle partitions, no UI, quiet logs.
"""

from __future__ import annotations

import os
import time
import warnings

from harness.config import spark_master_from_env

# pyspark 4.x warns on every import that pandas 3 is "not fully supported";
# the pipeline only uses pandas for tiny toPandas() results.
warnings.filterwarnings("ignore", message=".*does not yet fully support pandas.*")


def build_spark(master: str | None = None, app_name: str = "replbed-pipeline", *,
                shuffle_partitions: int = 4, extra_conf: dict[str, str] | None = None):
    """Get (or create) the SparkSession. Prints how long the start took."""
    import logging

    from pyspark.sql import SparkSession

    # py4j logs "Closing down clientserver connection" from __del__ at
    # interpreter exit, after logging streams may be closed; keep it quiet.
    logging.getLogger("py4j").setLevel(logging.WARNING)
    master = master or spark_master_from_env()
    # Keep Spark's Python workers on the interpreter that runs us (the venv).
    os.environ.setdefault("PYSPARK_PYTHON", _python())
    # Bind the local driver to loopback (the pipeline never needs the network).
    if master.startswith("local"):
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    t0 = time.monotonic()
    builder = (
        SparkSession.builder.master(master)
        .appName(app_name)
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", str(shuffle_partitions))
        .config("spark.default.parallelism", str(shuffle_partitions))
        .config("spark.sql.adaptive.enabled", "true")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.driver.memory", os.environ.get("REPLBED_SPARK_DRIVER_MEMORY", "2g"))
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
    )
    for k, v in (extra_conf or {}).items():
        builder = builder.config(k, v)
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    print(f"[spark] session on {master} ready in {time.monotonic() - t0:.1f}s", flush=True)
    return spark


def _python() -> str:
    import sys

    return sys.executable
