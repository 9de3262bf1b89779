"""DAG integrity of ``binlog_mtr``: it imports, has its one task, weekly schedule and params,
and the file parses without importing the runner."""

from __future__ import annotations

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


def test_dag_imports_with_its_task_schedule_and_params(dagbag):
    assert dagbag.import_errors == {}
    dag = dagbag.dags["binlog_mtr"]
    assert set(dag.task_ids) == {"mtr"}
    assert dag.catchup is False and dag.max_active_runs == 1
    assert dag.timetable.expression == "0 0 * * 0"
    params = dag.params.dump()
    assert params == {"suite": "binlog", "tests": [], "formats": ["STATEMENT", "ROW", "MIXED"]}


def test_dag_file_parses_without_the_runner():
    code = ("import sys, runpy; runpy.run_path(sys.argv[1]); "
            "assert 'harness.mtr.run' not in sys.modules and 'mysql.connector' not in sys.modules")
    r = subprocess.run([sys.executable, "-c", code, str(DAGS / "binlog_mtr.py")], capture_output=True, text=True,
                       cwd=ROOT)
    assert r.returncode == 0, r.stderr
