"""Pipeline test fixtures: one Spark session per test session, the fixture run dir."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

FIXTURE_RUN = Path(__file__).resolve().parent / "fixtures" / "run"

os.environ.setdefault("GX_ANALYTICS_ENABLED", "false")


@pytest.fixture(scope="session")
def spark():
    from harness.pipeline.spark import build_spark

    session = build_spark("local[2]", app_name="replbed-tests", shuffle_partitions=2)
    yield session
    session.stop()


@pytest.fixture(scope="session")
def fixture_events(spark):
    """Event records of a real MariaDB 10.11 run (2 cases x 3 formats x 2 sides)."""
    return spark.read.parquet(str(FIXTURE_RUN / "records" / "events.parquet")).cache()


@pytest.fixture(scope="session")
def fixture_tables(spark):
    return spark.read.parquet(str(FIXTURE_RUN / "records" / "tables.parquet")).cache()


@pytest.fixture
def run_copy(tmp_path) -> Path:
    """A writable copy of the fixture run dir without its records (decode rebuilds them)."""
    dest = tmp_path / "fixture"
    shutil.copytree(FIXTURE_RUN, dest, ignore=shutil.ignore_patterns("records"))
    return dest
