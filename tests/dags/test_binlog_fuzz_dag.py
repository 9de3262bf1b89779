"""DAG integrity of ``binlog_fuzz`` (DagBag import, tasks, schedule, params) and its report task."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DAGS = ROOT / "dags"


@pytest.fixture(scope="module")
def dagbag():
    from airflow.dag_processing.dagbag import DagBag

    return DagBag(dag_folder=str(DAGS), safe_mode=False)


def test_dag_imports_with_tasks_and_order(dagbag):
    assert dagbag.import_errors == {}
    dag = dagbag.dags["binlog_fuzz"]
    assert set(dag.task_ids) == {"fuzz", "report"}
    down = {t.task_id: set(t.downstream_task_ids) for t in dag.tasks}
    assert down == {"fuzz": {"report"}, "report": set()}


def test_schedule_and_params(dagbag):
    dag = dagbag.dags["binlog_fuzz"]
    assert dag.catchup is False and dag.max_active_runs == 1
    assert dag.timetable.expression == "0 0 * * *"
    params = dag.params.dump()
    assert params["cases"] == 100
    assert params["seed"] is None
    assert params["formats"] == ["STATEMENT", "ROW", "MIXED"]
    assert params["replbed_provider"] == "replbed"
    assert (params["reference"], params["candidate"]) == ("mariadb-10.11", "replbed")


def test_dag_file_parses_without_heavy_imports():
    code = ("import sys, runpy; runpy.run_path(sys.argv[1]); "
            "heavy = [m for m in ('pyspark', 'great_expectations', 'mysql.connector', 'harness.fuzz.run') "
            "if m in sys.modules]; print(heavy); sys.exit(1 if heavy else 0)")
    r = subprocess.run([sys.executable, "-c", code, str(DAGS / "binlog_fuzz.py")],
                       capture_output=True, text=True, env=os.environ.copy(), timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


def test_report_lists_classes_and_repros(tmp_path):
    from harness.fuzz.report import markdown_report

    data = {"seed": 5, "cases": 2, "formats": ["ROW"], "scored": 2, "matched": 1,
            "per_format": {"ROW": {"scored": 2, "matched": 1, "match_percent": 50.0, "dropped_noise": 1}},
            "noise": {"dropped": 1, "reasons": {"events:Query info": 1}, "cases": []},
            "rate": {"case_x_format_per_second": 2.0, "judge_seconds": 1.5, "shrink_seconds": 3.0},
            "classes": [{"class": "outcome:UPDATE 1264 vs OK", "count": 1, "formats": {"ROW": 1},
                         "cases": ["fuzz_s5_00001/ROW"], "minimal_reproduces": True, "minimal_noise": False,
                         "repro": "[case fuzz_min]\ncon1: UPDATE t SET a = 1  => 1264\n"}]}
    (tmp_path / "fuzz.json").write_text(json.dumps(data))
    text = markdown_report(tmp_path / "fuzz.json")
    assert "| ROW | 2 | 1 | 50.0 | 1 |" in text
    assert "### `outcome:UPDATE 1264 vs OK` (1)" in text
    assert "con1: UPDATE t SET a = 1  => 1264" in text
    assert "Noise (the two reference mariadb-10.11 servers disagreed, case dropped before scoring): 1" in text
    assert "identical to mariadb-10.11 (debian)" in text
