"""Airflow as a deployment runs it: Postgres metadata DB, LocalExecutor, scheduler + API server + DAG processor.

`airflow dags test` runs every task in one process on SQLite; this test runs the
sharded regression the way the compose stack does (docker/compose.yaml): a real
PostgreSQL server, `airflow db migrate` against it, the `replbed_servers` pool,
and the three Airflow 3 components as separate processes, the LocalExecutor
running each task instance in its own process. The DAG run must succeed, with
one mapped `collect_shard` instance per shard, in the pool.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.dags.postgres_server import pg_bin, postgres_server
from tests.dags.test_binlog_regression_sharded_dag import _mariadbd

ROOT = Path(__file__).resolve().parents[2]
DAG_ID = "binlog_regression_sharded"


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
@pytest.mark.cluster
@pytest.mark.server
@pytest.mark.spark
@pytest.mark.skipif(_mariadbd() is None, reason="needs mariadbd")
@pytest.mark.skipif(pg_bin() is None, reason="needs PostgreSQL (Debian package postgresql)")
def test_sharded_dag_on_postgres_with_the_local_executor(tmp_path):
    import sqlalchemy as sa

    airflow = str(Path(sys.executable).parent / "airflow")
    api_port = _free_port()
    procs: list[subprocess.Popen] = []
    with postgres_server() as url:
        env = os.environ.copy()
        env.update({
            "AIRFLOW_HOME": str(tmp_path / "airflow"), "AIRFLOW__CORE__DAGS_FOLDER": str(ROOT / "dags"),
            "AIRFLOW__CORE__LOAD_EXAMPLES": "False", "AIRFLOW__CORE__UNIT_TEST_MODE": "False",
            "AIRFLOW__DATABASE__SQL_ALCHEMY_CONN": url,
            "AIRFLOW__CORE__EXECUTOR": "LocalExecutor", "AIRFLOW__CORE__PARALLELISM": "4",
            "AIRFLOW__API__HOST": "127.0.0.1", "AIRFLOW__API__PORT": str(api_port),
            "AIRFLOW__CORE__EXECUTION_API_SERVER_URL": f"http://127.0.0.1:{api_port}/execution/",
            "AIRFLOW__API_AUTH__JWT_SECRET": secrets.token_hex(32),
            "AIRFLOW__API__SECRET_KEY": secrets.token_hex(16),
            "AIRFLOW__CORE__SIMPLE_AUTH_MANAGER_ALL_ADMINS": "True",
            "AIRFLOW__SCHEDULER__SCHEDULER_HEARTBEAT_SEC": "2",
            "AIRFLOW__DAG_PROCESSOR__REFRESH_INTERVAL": "5",
            "REPLBED_RUNS_DIR": str(tmp_path / "runs"), "REPLBED_STAGE_DIR": str(tmp_path / "stage"),
            "GX_ANALYTICS_ENABLED": "false",
            "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
        })
        for cmd in (["db", "migrate"], ["pools", "set", "replbed_servers", "4", "servers of replbed runs"]):
            r = subprocess.run([airflow, *cmd], env=env, capture_output=True, text=True, timeout=600)
            assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
        logs = tmp_path / "logs"
        logs.mkdir()
        try:
            for comp in (["api-server"], ["dag-processor"], ["scheduler"]):
                with open(logs / f"{comp[0]}.log", "wb") as log:
                    procs.append(subprocess.Popen([airflow, *comp], env=env, stdout=log, stderr=subprocess.STDOUT,
                                                  start_new_session=True, cwd=tmp_path))
            engine = sa.create_engine(url)

            def query(sql: str, **kw):
                with engine.connect() as c:
                    return c.execute(sa.text(sql), kw).fetchall()

            deadline = time.monotonic() + 300
            while not query("SELECT 1 FROM serialized_dag WHERE dag_id = :d", d=DAG_ID):
                assert all(p.poll() is None for p in procs), _tails(logs)
                assert time.monotonic() < deadline, "DAG not serialized in 300 s\n" + _tails(logs)
                time.sleep(2)
            conf = {"cases": "dml_innodb_insert,dml_innodb_update", "formats": ["ROW"], "shards": 2,
                    "run_id": "pg-local", "replbed_provider": "local"}
            for cmd in (["dags", "unpause", DAG_ID],
                        ["dags", "trigger", DAG_ID, "--run-id", "pg-local", "--conf", json.dumps(conf)]):
                r = subprocess.run([airflow, *cmd], env=env, capture_output=True, text=True, timeout=300)
                assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
            deadline = time.monotonic() + 2400
            state = None
            while state not in ("success", "failed"):
                assert all(p.poll() is None for p in procs), _tails(logs)
                assert time.monotonic() < deadline, f"run still {state} after 2400 s\n" + _tails(logs)
                time.sleep(5)
                rows = query("SELECT state FROM dag_run WHERE dag_id = :d AND run_id = 'pg-local'", d=DAG_ID)
                state = rows[0][0] if rows else None
            tis = query("SELECT task_id, map_index, state, pool, pid, hostname FROM task_instance "
                        "WHERE dag_id = :d AND run_id = 'pg-local' ORDER BY task_id, map_index", d=DAG_ID)
            engine.dispose()
        finally:
            for p in procs:
                if p.poll() is None:
                    os.killpg(p.pid, signal.SIGTERM)
            for p in procs:
                try:
                    p.wait(timeout=60)
                except subprocess.TimeoutExpired:
                    os.killpg(p.pid, signal.SIGKILL)
                    p.wait()
    assert state == "success", f"{tis}\n" + _tails(logs)
    shards = [t for t in tis if t[0] == "collect_shard"]
    assert [(t[1], t[2], t[3]) for t in shards] == [(0, "success", "replbed_servers"), (1, "success", "replbed_servers")]
    # LocalExecutor: every task instance ran in a process of its own, not in the scheduler
    pids = {t[4] for t in tis}
    assert len(pids) == len(tis) and procs[2].pid not in pids
    summary = json.loads((tmp_path / "runs" / "pg-local" / "summary.json").read_text())
    assert sorted((r["case"], r["status"]) for r in summary) == [("dml_innodb_insert", "pass"),
                                                                  ("dml_innodb_update", "pass")]


def _tails(logs: Path) -> str:
    return "\n".join(f"--- {p.name}\n" + "\n".join(p.read_text(errors="replace").splitlines()[-30:])
                     for p in sorted(logs.glob("*.log")))
