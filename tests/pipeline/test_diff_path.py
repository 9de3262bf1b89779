"""Which engine diffs a run: a Spark master the plan names is always used; without one, small runs diff in process."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from harness.pipeline.local_diff import DEFAULT_LOCAL_MAX_EVENTS
from harness.pipeline.regression import diff_path
from tests.pipeline.conftest import FIXTURE_RUN


@pytest.fixture(autouse=True)
def _default_threshold(monkeypatch):
    monkeypatch.delenv("REPLBED_LOCAL_DIFF_MAX_EVENTS", raising=False)


def test_no_master_named_keeps_the_in_process_threshold():
    p = diff_path({"spark_master": "local[*]"}, 272)
    assert p["engine"] == "in-process" and p["spark_master"] is None
    assert p["why"] == f"in-process diff (272 events <= {DEFAULT_LOCAL_MAX_EVENTS}, no Spark master named)"
    assert diff_path({}, 272)["engine"] == "in-process"  # a plan written before spark_master existed


def test_above_the_threshold_spark_runs_on_the_default_master():
    p = diff_path({"spark_master": "local[*]"}, DEFAULT_LOCAL_MAX_EVENTS + 1)
    assert (p["engine"], p["spark_master"]) == ("spark", "local[*]")
    assert f"> {DEFAULT_LOCAL_MAX_EVENTS}" in p["why"]


@pytest.mark.parametrize("master", ["spark://10.0.0.5:7077", "local[2]", "yarn"])
def test_a_named_master_is_used_whatever_the_size(master):
    p = diff_path({"spark_master": master}, 10)
    assert (p["engine"], p["spark_master"]) == ("spark", master)
    assert p["why"] == f"spark diff on {master} (the plan names this master; 10 events)"


def test_the_threshold_env_still_moves_the_default(monkeypatch):
    monkeypatch.setenv("REPLBED_LOCAL_DIFF_MAX_EVENTS", "0")
    assert diff_path({"spark_master": "local[*]"}, 1)["engine"] == "spark"


def test_analyze_records_the_path_in_the_plan_and_says_it(tmp_path, capsys, monkeypatch):
    from harness.pipeline.regression import analyze_run, decode_run

    run = tmp_path / "run"
    shutil.copytree(FIXTURE_RUN, run, ignore=shutil.ignore_patterns("records"))
    decode_run(run, progress=None)
    os.utime(run / "plan.json", (1000, 1000))
    monkeypatch.delenv("REPLBED_CONSOLE_FD", raising=False)
    capsys.readouterr()
    analyze_run(run, validate=False, progress=None)
    assert (run / "plan.json").stat().st_mtime == 1000  # still the plan's time (prune orders runs by it)
    path = json.loads((run / "plan.json").read_text())["diff_path"]
    assert path["engine"] == "in-process" and path["events"] > 0
    assert f"diff: {path['why']}" in capsys.readouterr().out  # the console line
