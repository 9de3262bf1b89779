"""Spark-side decoding gives the same records as harness.binlog.records, file by file."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.binlog.records import records_from_files
from harness.pipeline.schemas import EVENT_SCHEMA
from harness.pipeline.spark_decode import decode_binlogs, event_struct_type, paths_frame

pytestmark = pytest.mark.spark

GOLDEN = Path(__file__).resolve().parents[1] / "fixtures" / "binlog" / "mariadb-10.11"
CASES = sorted(d for d in GOLDEN.iterdir() if d.is_dir())


def _files(case_dir: Path) -> list[Path]:
    return sorted(p for p in case_dir.glob("binlog.[0-9]*") if p.suffix[1:].isdigit())


def _expected() -> list[dict]:
    out = []
    for d in CASES:
        out += records_from_files(_files(d), case=d.name, format="ROW", side="reference",
                                  run_id="r1")
    return out


def _norm(rows) -> list[tuple]:
    names = EVENT_SCHEMA.names
    out = []
    for r in rows:
        d = r if isinstance(r, dict) else r.asDict()
        out.append(tuple(bytes(d[k]) if k == "raw" else d[k] for k in names))
    return sorted(out, key=lambda t: (t[1], t[5]))  # case, seq


def test_schema_matches_event_schema() -> None:
    st = event_struct_type()
    assert st.names == EVENT_SCHEMA.names


def test_decode_paths_equals_records(spark) -> None:
    paths = [p for d in CASES for p in _files(d)]
    df = paths_frame(spark, paths, run_id="r1", format="ROW", side="reference")
    # the case is the directory name: set it per row
    from pyspark.sql import functions as F

    df = df.withColumn("case", F.element_at(F.split("path", "/"), -2))
    assert df.rdd.getNumPartitions() == len(paths)  # one file per task
    events = decode_binlogs(df)
    assert events.schema == event_struct_type()
    got = _norm(events.collect())
    assert got == _norm(_expected())
    # seq runs across the files of a case (rotate_stop has three)
    rot = [t for t in got if t[1] == "rotate_stop"]
    assert [t[5] for t in rot] == list(range(len(rot)))
    assert len({t[4] for t in rot}) == 3


def test_decode_binary_file_contents_equals_records(spark) -> None:
    from pyspark.sql import functions as F

    df = (spark.read.format("binaryFile").option("pathGlobFilter", "binlog.[0-9]*")
          .option("recursiveFileLookup", "true").load(str(GOLDEN))
          .where(~F.col("path").endswith(".tsv"))
          .withColumn("case", F.element_at(F.split("path", "/"), -2))
          .withColumn("run_id", F.lit("r1")).withColumn("format", F.lit("ROW"))
          .withColumn("side", F.lit("reference")))
    got = _norm(decode_binlogs(df).collect())
    assert got == _norm(_expected())


def test_corrupt_file_fails_naming_the_file(spark, tmp_path: Path) -> None:
    src = _files(GOLDEN / "dml_autocommit_row")[0]
    bad = tmp_path / "binlog.000001"
    data = bytearray(src.read_bytes())
    data[300] ^= 0xFF
    bad.write_bytes(bytes(data))
    with pytest.raises(Exception, match="binlog.000001.*(CRC32 mismatch|DecodeError)"):
        decode_binlogs(paths_frame(spark, [bad])).collect()
