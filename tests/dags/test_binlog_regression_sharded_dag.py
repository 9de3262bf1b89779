"""The sharded regression DAG: mapped collection in a server pool, and a real run equal to an unsharded one."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.pipeline.ftp_server import ftp_server

ROOT = Path(__file__).resolve().parents[2]
DAGS = ROOT / "dags"
DAG_ID = "binlog_regression_sharded"
COMPARED = ("case", "format", "events_match", "gtid_layout_ok", "tables_match", "outcomes_match", "error",
            "replay_ok", "expectation_ok", "expectation_error", "status", "failed_checks", "reason")


@pytest.fixture(scope="module")
def dag():
    from airflow.dag_processing.dagbag import DagBag

    bag = DagBag(dag_folder=str(DAGS / "binlog_regression_sharded.py"), safe_mode=False)
    assert bag.import_errors == {}
    return bag.dags[DAG_ID]


def test_collection_is_mapped_over_shards_in_the_server_pool(dag):
    from harness.pipeline.sharded import SERVER_POOL

    down = {t.task_id: set(t.downstream_task_ids) for t in dag.tasks}
    assert down["plan"] >= {"shards", "collect_shard", "decode", "report", "verdict"}
    assert down["shards"] == {"collect_shard"}
    assert down["collect_shard"] == {"decode"}
    assert down["decode"] == {"replay"}
    assert down["replay"] == {"analyze"}
    assert down["analyze"] == {"report"}
    assert down["report"] == {"verdict"}
    collect = dag.get_task("collect_shard")
    assert type(collect).__name__.endswith("MappedOperator")  # dynamic task mapping (.expand)
    # every task that starts servers takes one pool slot per server
    assert (collect.pool, collect.pool_slots) == (SERVER_POOL, 2)
    replay = dag.get_task("replay")
    assert (replay.pool, replay.pool_slots) == (SERVER_POOL, 2)
    rules = {t.task_id: getattr(t.trigger_rule, "value", t.trigger_rule) for t in dag.tasks}
    assert rules["report"] == rules["verdict"] == "all_done"
    assert dag.params.dump()["shards"] == 4


def test_dag_file_parses_without_heavy_imports():
    code = ("import sys, runpy; runpy.run_path(sys.argv[1]); "
            "heavy = [m for m in ('pyspark', 'great_expectations', 'mysql.connector') "
            "if m in sys.modules]; print(heavy); sys.exit(1 if heavy else 0)")
    r = subprocess.run([sys.executable, "-c", code, str(DAGS / "binlog_regression_sharded.py")],
                       capture_output=True, text=True, env=os.environ.copy(), timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


def _mariadbd() -> str | None:
    return shutil.which("mariadbd") or ("/usr/sbin/mariadbd" if Path("/usr/sbin/mariadbd").exists() else None)


def _airflow_env(tmp_path: Path) -> dict[str, str]:
    env = os.environ.copy()
    env.update({
        "AIRFLOW_HOME": str(tmp_path / "airflow"), "AIRFLOW__CORE__DAGS_FOLDER": str(DAGS),
        # its own database: `make` exports the project's, which this test must not share
        "AIRFLOW__DATABASE__SQL_ALCHEMY_CONN": f"sqlite:///{tmp_path / 'airflow' / 'airflow.db'}",
        "AIRFLOW__CORE__LOAD_EXAMPLES": "False", "AIRFLOW__CORE__UNIT_TEST_MODE": "False",
        "REPLBED_RUNS_DIR": str(tmp_path / "runs"), "REPLBED_STAGE_DIR": str(tmp_path / "stage"),
        "GX_ANALYTICS_ENABLED": "false",
        "PYTHONPATH": str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
    })
    return env


@pytest.mark.slow
@pytest.mark.cluster
@pytest.mark.server
@pytest.mark.spark
@pytest.mark.skipif(_mariadbd() is None, reason="needs mariadbd")
def test_sharded_run_on_ftp_storage_equals_the_unsharded_run(tmp_path):
    """`airflow dags test` of the sharded DAG: 3 cases x 2 formats in 2 shards, the run directory on
    a real FTP server; its summary must equal `replbed run` of the same cases in one process."""
    airflow = Path(sys.executable).parent / "airflow"
    env = _airflow_env(tmp_path)
    for cmd in (["db", "migrate"], ["pools", "set", "replbed_servers", "4", "servers of replbed runs"]):
        r = subprocess.run([str(airflow), *cmd], env=env, capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    cases, formats = "dml_innodb_*", ["ROW", "MIXED"]
    with ftp_server(tmp_path / "ftp") as base:
        conf = {"cases": cases, "formats": formats, "shards": 2, "run_id": "sharded", "runs_uri": base + "/runs"}
        r = subprocess.run([str(airflow), "dags", "test", DAG_ID, "-c", json.dumps(conf)],
                           env=env, capture_output=True, text=True, timeout=2400, cwd=str(tmp_path))
        log = r.stdout + r.stderr
        (tmp_path / "airflow-dags-test.log").write_text(log)  # the whole log, for a failure
        assert r.returncode == 0, log[-8000:]
    # the two mapped shards ran, each with its own servers
    assert "shard 0: " in log and "shard 1: " in log, log[-8000:]
    run = tmp_path / "ftp" / "runs" / "sharded"  # where the FTP server stored the run
    assert sorted(p.name for p in (run / "servers").iterdir() if p.name.startswith("shard-")) == \
        ["shard-000", "shard-001"]
    assert not list(run.glob("servers/*/*/data"))  # server data never leaves the worker
    assert (run / "report" / "index.html").is_file()
    sharded = json.loads((run / "summary.json").read_text())

    r = subprocess.run([sys.executable, "-m", "harness.cli", "run", "--case", cases, "--formats", *formats,
                        "--out", str(tmp_path / "runs"), "--run-id", "unsharded"],
                       env=env, capture_output=True, text=True, timeout=1200, cwd=str(ROOT))
    assert r.returncode in (0, 1), r.stdout[-3000:] + r.stderr[-3000:]
    unsharded = json.loads((tmp_path / "runs" / "unsharded" / "summary.json").read_text())

    def key(rec: dict) -> tuple[str, str]:
        return rec["case"], rec["format"]
    assert len(unsharded) == 6
    assert [{k: x.get(k) for k in COMPARED} for x in sorted(sharded, key=key)] == \
        [{k: x.get(k) for k in COMPARED} for x in sorted(unsharded, key=key)]
