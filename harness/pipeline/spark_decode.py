"""Spark-side decoding: binlog files → event records, each executor decoding its own files.

:func:`decode_binlogs` is a pure DataFrame → DataFrame function. Its input has
one row per binlog file, either

* ``path`` (a path every executor can read), or
* the output of ``spark.read.format("binaryFile").load(...)`` (``path`` is a
  URI, ``content`` the bytes; nothing is read again),

plus optional ``run_id``, ``case``, ``format``, ``side`` columns (missing ones
are ``""``). The result has the columns and types of
``harness.pipeline.schemas.EVENT_SCHEMA`` and the same values
``harness.binlog.records.records_from_files`` gives for the files of one
(run_id, case, format, side), in file-name order -- ``seq`` runs across those
files.

How it scales: decoding runs in ``mapInArrow`` (Spark's Arrow-batched
``mapPartitions``) so each task decodes the files of its partition with
replbed's own codec and hands Arrow record batches to the JVM -- no per-row
pickling. The running ``seq`` needs each file's position among its case's
files: a cheap first job counts each file's events by walking the event-size
chain (no decoding), the driver turns that into a start ``seq`` per file and
broadcasts it, so the decode job needs no shuffle or sort. Give each file its
own partition (:func:`paths_frame` does) and tasks spread over all cores or
executors.

A file that does not decode fails its task with the codec's ``DecodeError``
(file name and offset in the message); the pipeline's own decode step
(``regression.decode_run``) is where per-case error bookkeeping lives.

Entry point::

    python -m harness.pipeline.spark_decode [--master local[2]] [--out events.parquet]
        [--binary-file] FILE...
"""

from __future__ import annotations

import os
import posixpath
import struct
import tempfile
import zipfile
from pathlib import Path
from typing import Any, Iterable, Iterator

KEY_COLUMNS = ("run_id", "case", "format", "side")
BATCH_ROWS = 4096
_HEADER = struct.Struct("<IBIIIH")


# -- per file (runs on the executors) --------------------------------------------------


def _basename(path: str) -> str:
    return posixpath.basename(path.rstrip("/")) if "://" in path or path.startswith("file:") \
        else os.path.basename(path)


def _read(path: str, content: Any) -> bytes:
    if content is not None:
        return bytes(content)
    if path.startswith("file:"):
        from urllib.parse import unquote, urlparse

        path = unquote(urlparse(path).path)
    with open(path, "rb") as f:
        return f.read()


def count_events(data: bytes) -> int:
    """Events in a binlog image by its size chain, without decoding (stops where it breaks)."""
    pos, n, end = 4, 0, len(data)
    unpack = _HEADER.unpack_from
    while pos + 19 <= end:
        size = unpack(data, pos)[3]
        if size < 19:
            break
        pos += size
        n += 1
    return n


def file_records(data: bytes, file: str, seq_start: int, base: dict[str, Any]) -> list[dict]:
    """``event_records`` of one binlog image (bytes), with ``seq`` from ``seq_start``."""
    from harness.binlog.reader import BinlogReader
    from harness.binlog.records import _record

    tables: dict[int, str] = {}
    return [_record(e, seq_start + i, file, tables, base)
            for i, e in enumerate(BinlogReader(data).entries())]


def _count_partition(rows: Iterable[Any]) -> Iterator[tuple]:
    for r in rows:
        d = r.asDict()
        data = _read(d["path"], d.get("content"))
        yield (d["path"], tuple(d.get(k) or "" for k in KEY_COLUMNS), count_events(data))


def _decode_batches(batches: Iterable[Any], starts: Any) -> Iterator[Any]:
    import pyarrow as pa

    from harness.pipeline.schemas import EVENT_SCHEMA, storable_rows

    offsets = starts.value
    pending: list[dict] = []
    for batch in batches:
        for d in batch.to_pylist():
            path = d["path"]
            base = {k: d.get(k) or "" for k in KEY_COLUMNS}
            data = _read(path, d.get("content"))
            try:
                recs = file_records(data, _basename(path), offsets.get(path, 0), base)
            except Exception as exc:  # noqa: BLE001 - name the file in the task failure
                raise RuntimeError(f"{path}: {type(exc).__name__}: {exc}") from exc
            for rec in recs:
                pending.append(rec)
                if len(pending) >= BATCH_ROWS:
                    yield pa.RecordBatch.from_pylist(storable_rows(pending, EVENT_SCHEMA), schema=EVENT_SCHEMA)
                    pending = []
    if pending:
        yield pa.RecordBatch.from_pylist(storable_rows(pending, EVENT_SCHEMA), schema=EVENT_SCHEMA)


# -- DataFrame functions (driver) --------------------------------------------------------


def event_struct_type():
    """EVENT_SCHEMA as a Spark StructType."""
    import pyarrow as pa
    from pyspark.sql import types as T

    from harness.pipeline.schemas import EVENT_SCHEMA

    def conv(t):
        if pa.types.is_string(t):
            return T.StringType()
        if pa.types.is_int64(t):
            return T.LongType()
        if pa.types.is_int32(t):
            return T.IntegerType()
        if pa.types.is_binary(t):
            return T.BinaryType()
        raise TypeError(f"no Spark type for {t}")

    return T.StructType([T.StructField(f.name, conv(f.type), True) for f in EVENT_SCHEMA])


def _ship_harness(sc) -> None:
    """Make ``harness`` importable on the executors (once per SparkContext)."""
    if getattr(sc, "_replbed_pyfile", None):
        return
    pkg = Path(__file__).resolve().parents[1]
    zpath = Path(tempfile.mkdtemp(prefix="replbed-pyfiles-")) / "replbed_harness.zip"
    with zipfile.ZipFile(zpath, "w", zipfile.ZIP_DEFLATED) as z:
        for p in pkg.rglob("*.py"):
            z.write(p, p.relative_to(pkg.parent).as_posix())
    sc.addPyFile(str(zpath))
    sc._replbed_pyfile = str(zpath)


def seq_starts(counts: Iterable[tuple[str, tuple, int]]) -> dict[str, int]:
    """``{path: first seq}``: files of one (run_id, case, format, side) in file-name order."""
    groups: dict[tuple, list[tuple[str, int]]] = {}
    for path, key, n in counts:
        groups.setdefault(key, []).append((path, n))
    out: dict[str, int] = {}
    for files in groups.values():
        seq = 0
        for path, n in sorted(files, key=lambda x: (_basename(x[0]), x[0])):
            out[path] = seq
            seq += n
    return out


def decode_binlogs(files):
    """Binlog files (one row each: ``path`` [+ ``content``] [+ key columns]) → event records."""
    from pyspark.sql import functions as F

    spark = files.sparkSession
    _ship_harness(spark.sparkContext)
    cols = ["path"] + [c for c in KEY_COLUMNS if c in files.columns]
    if "content" in files.columns:
        cols.append("content")
    src = files.select(*cols)
    for k in KEY_COLUMNS:
        if k not in src.columns:
            src = src.withColumn(k, F.lit(""))
    counts = src.rdd.mapPartitions(_count_partition).collect()
    starts = spark.sparkContext.broadcast(seq_starts(counts))
    return src.mapInArrow(lambda it: _decode_batches(it, starts), event_struct_type())


def paths_frame(spark, paths: Iterable[str | os.PathLike[str]], partitions: int | None = None,
                **keys: str):
    """A ``path`` DataFrame with one file per partition (or ``partitions`` of them).

    ``keys`` sets constant ``run_id``/``case``/``format``/``side`` columns.
    """
    rows = [(os.fspath(p),) + tuple(keys.get(k, "") for k in KEY_COLUMNS) for p in paths]
    n = partitions or max(1, len(rows))
    rdd = spark.sparkContext.parallelize(rows, numSlices=n)
    return spark.createDataFrame(rdd, "path string, run_id string, case string, "
                                      "format string, side string")


def main(argv: list[str] | None = None) -> int:
    import argparse
    import time

    from harness.pipeline.spark import build_spark

    ap = argparse.ArgumentParser(prog="python -m harness.pipeline.spark_decode",
                                 description="decode binlog files with Spark into event records")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--master", default=None, help="Spark master (default: $REPLBED_SPARK_MASTER "
                                                   "or local[*])")
    ap.add_argument("--binary-file", action="store_true",
                    help="read the files with spark.read.format('binaryFile') instead of paths")
    ap.add_argument("--out", default=None, help="write the records as Parquet here")
    for k in KEY_COLUMNS:
        ap.add_argument(f"--{k.replace('_', '-')}", default="", dest=k)
    args = ap.parse_args(argv)
    spark = build_spark(args.master, app_name="replbed-spark-decode")
    keys = {k: getattr(args, k) for k in KEY_COLUMNS}
    t0 = time.monotonic()
    if args.binary_file:
        from pyspark.sql import functions as F

        df = spark.read.format("binaryFile").load([os.path.abspath(f) for f in args.files])
        for k, v in keys.items():
            df = df.withColumn(k, F.lit(v))
    else:
        df = paths_frame(spark, [os.path.abspath(f) for f in args.files], **keys)
    events = decode_binlogs(df)
    if args.out:
        events.write.mode("overwrite").parquet(args.out)
        n = spark.read.parquet(args.out).count()
    else:
        n = events.count()
    print(f"{n} events from {len(args.files)} files in {time.monotonic() - t0:.1f}s")
    spark.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
