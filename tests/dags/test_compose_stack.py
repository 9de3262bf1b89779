"""docker/compose.yaml: Airflow on Postgres with the LocalExecutor, as tests/dags/test_localexecutor_postgres.py runs it.

The stack itself needs the offline images (make compose-up); these checks read
the file, so a change that drops the metadata database, the executor, the
server pool or a secret's indirection fails here.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
AIRFLOW = ("airflow-init", "airflow", "airflow-scheduler", "airflow-dag-processor")


def test_airflow_runs_on_postgres_with_the_local_executor():
    services = COMPOSE["services"]
    assert services["postgres"]["command"] == ["bash", "/opt/replbed/docker/runtime/postgres.sh"]
    assert (ROOT / "docker" / "runtime" / "postgres.sh").is_file()
    for name in AIRFLOW:
        env = services[name]["environment"]
        assert env["AIRFLOW__CORE__EXECUTOR"] == "LocalExecutor", name
        assert env["AIRFLOW__DATABASE__SQL_ALCHEMY_CONN"].startswith("postgresql+psycopg2://airflow:${REPLBED_PG_PASSWORD")
        assert env["AIRFLOW__API_AUTH__JWT_SECRET"].startswith("${REPLBED_AIRFLOW_JWT_SECRET:?"), name
    commands = {n: services[n]["command"] for n in AIRFLOW}
    assert commands["airflow"] == ["airflow", "api-server"]
    assert commands["airflow-scheduler"] == ["airflow", "scheduler"]
    assert commands["airflow-dag-processor"] == ["airflow", "dag-processor"]
    assert "airflow db migrate" in commands["airflow-init"][-1]
    assert "airflow pools set replbed_servers 4" in commands["airflow-init"][-1]
    assert services["airflow-init"]["depends_on"]["postgres"]["condition"] == "service_healthy"
    for name in AIRFLOW[1:]:
        assert services[name]["depends_on"]["airflow-init"]["condition"] == "service_completed_successfully"


def test_api_server_and_scheduler_have_healthchecks_and_schedules_are_off_by_default():
    services = COMPOSE["services"]
    assert "/api/v2/monitor/health" in services["airflow"]["healthcheck"]["test"][-1]
    assert ":8974/health" in services["airflow-scheduler"]["healthcheck"]["test"][-1]
    env = services["airflow-scheduler"]["environment"]
    assert env["AIRFLOW__SCHEDULER__ENABLE_HEALTH_CHECK"] == "True"
    # a trigger runs; the daily full-corpus schedule does not start by itself on a workstation
    assert env["AIRFLOW__SCHEDULER__USE_JOB_SCHEDULE"] == "${REPLBED_AIRFLOW_SCHEDULES:-False}"
    for name in ("airflow-scheduler", "spark-worker"):  # the task processes and the executors see one runs dir
        assert "${REPLBED_COMPOSE_RUNS_DIR:-../runs}:/opt/replbed/runs" in services[name]["volumes"], name


def test_every_port_is_on_loopback_and_no_secret_is_inline():
    for name, svc in COMPOSE["services"].items():
        for port in svc.get("ports", []):
            assert str(port).startswith("127.0.0.1:"), (name, port)
    text = (ROOT / "docker" / "compose.yaml").read_text()
    assert "PASSWORD: ${" in text and "password=" not in text.lower()


# -- the stack, for real ----------------------------------------------------------------------

CONTAINER_LABEL = "com.docker.compose.project"


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _docker(*args: str, timeout: float = 120) -> str:
    r = subprocess.run(["docker", *args], capture_output=True, text=True, timeout=timeout)
    assert r.returncode == 0, f"docker {' '.join(args)}: {r.stdout[-2000:]}{r.stderr[-2000:]}"
    return r.stdout


class Stack:
    """One compose project of docker/compose.yaml, brought up and down by scripts/compose.sh."""

    def __init__(self, tmp_path: Path) -> None:
        self.project = f"replbed-test-{secrets.token_hex(3)}"
        self.runs = tmp_path / "runs"
        self.env = os.environ.copy()
        self.env.update({
            "REPLBED_COMPOSE_PROJECT": self.project, "REPLBED_COMPOSE_ENV": str(tmp_path / "compose.env"),
            "REPLBED_COMPOSE_RUNS_DIR": str(self.runs), "REPLBED_COMPOSE_WAIT": "1800",
            "REPLBED_MARIADB_PORT": str(_free_port()), "REPLBED_SPARK_UI_PORT": str(_free_port()),
            "REPLBED_AIRFLOW_PORT": str(_free_port()),
            # every diff on the stack's Spark cluster, however small the run
            "REPLBED_LOCAL_DIFF_MAX_EVENTS": "0",
        })

    def script(self, *args: str, timeout: float) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["bash", str(ROOT / "scripts" / "compose.sh"), *args], env=self.env, cwd=ROOT,
                              capture_output=True, text=True, timeout=timeout)

    def ids(self, kind: str = "ps", service: str | None = None) -> list[str]:
        """Containers (``ps``), ``volume`` s or ``network`` s of this project, by compose's labels."""
        filters = ["--filter", f"label={CONTAINER_LABEL}={self.project}"]
        if service:
            filters += ["--filter", f"label=com.docker.compose.service={service}"]
        cmd = ["ps", "-aq"] if kind == "ps" else [kind, "ls", "-q"]
        return _docker(*cmd, *filters).split()

    def exec(self, service: str, *cmd: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        (cid,) = self.ids(service=service)
        return subprocess.run(["docker", "exec", cid, *cmd], capture_output=True, text=True, timeout=timeout)

    def sql(self, query: str) -> list[list[str]]:
        """Rows of a query on Airflow's metadata database, with psql inside the postgres service."""
        r = self.exec("postgres", "bash", "-c", 'PGPASSWORD="$REPLBED_PG_PASSWORD" psql -h 127.0.0.1 -U airflow '
                      '-d airflow -tA -F "|" -c "$0"', query)
        assert r.returncode == 0, r.stderr
        return [line.split("|") for line in r.stdout.splitlines() if line]

    def logs(self) -> str:
        r = self.script("logs", "--tail", "40", "airflow", "airflow-scheduler", timeout=120)
        return (r.stdout + r.stderr)[-8000:]


def _wait(what: str, check, timeout: float, stack: Stack, every: float = 10):
    deadline = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        assert time.monotonic() < deadline, f"{what}: not after {timeout} s\n{stack.logs()}"
        time.sleep(every)


@pytest.mark.slow
@pytest.mark.cluster
@pytest.mark.docker
@pytest.mark.skipif(shutil.which("docker") is None, reason="needs Docker (make docker-setup)")
def test_the_stack_runs_a_regression_on_postgres_with_the_local_executor(tmp_path):
    """`scripts/compose.sh up` (make compose-up), a binlog_regression run triggered in the stack's Airflow,
    run by its scheduler's LocalExecutor with Postgres as the metadata DB and Spark on the stack's
    cluster; its verdict and summary.json; then `down`, which must leave nothing of the project."""
    stack = Stack(tmp_path)
    try:
        r = stack.script("up", timeout=5400)
        assert r.returncode == 0, (r.stdout + r.stderr)[-8000:]
        services = {_docker("inspect", "--format", '{{index .Config.Labels "com.docker.compose.service"}}', c).strip():
                    c for c in stack.ids()}
        assert set(services) >= {"postgres", "airflow-init", "airflow", "airflow-scheduler",
                                 "airflow-dag-processor", "spark-master", "spark-worker", "mariadb"}
        for cid in services.values():  # the stack is not the docker provider's: `replbed cleanup` leaves it
            labels = json.loads(_docker("inspect", "--format", "{{json .Config.Labels}}", cid))
            assert labels.get("replbed.stack") == "compose" and "replbed.owner" not in labels
        running = set(stack.ids()) - {services["airflow-init"]}
        r = subprocess.run([sys.executable, "-m", "harness.cli", "cleanup"], capture_output=True, text=True,
                           timeout=300, cwd=ROOT, env=stack.env)
        assert r.returncode == 0, r.stdout + r.stderr
        still = set(_docker("ps", "-q", "--filter", f"label={CONTAINER_LABEL}={stack.project}").split())
        assert running <= still, (running, still)

        _wait("binlog_regression serialized by the DAG processor",
              lambda: stack.sql("SELECT 1 FROM serialized_dag WHERE dag_id = 'binlog_regression'"), 1200, stack)
        conf = {"cases": "dml_innodb_insert,dml_innodb_update", "formats": ["ROW", "STATEMENT"],
                "run_id": "compose-test"}
        for cmd in (["dags", "unpause", "binlog_regression"],
                    ["dags", "trigger", "binlog_regression", "--run-id", "compose-test", "--conf", json.dumps(conf)]):
            r = stack.exec("airflow-scheduler", "airflow", *cmd, timeout=600)
            assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
        state = _wait("the DAG run finished", lambda: [s for (s,) in stack.sql(
            "SELECT state FROM dag_run WHERE dag_id = 'binlog_regression' AND run_id = 'compose-test'")
            if s in ("success", "failed")], 3600, stack, every=15)
        tis = stack.sql("SELECT task_id, state, hostname, pid FROM task_instance "
                        "WHERE dag_id = 'binlog_regression' AND run_id = 'compose-test' ORDER BY task_id")
        verdict_line = stack.sql("SELECT value FROM xcom WHERE dag_id = 'binlog_regression' "
                                 "AND run_id = 'compose-test' AND task_id = 'verdict' AND key = 'return_value'")
        runs = stack.sql("SELECT run_id, run_type FROM dag_run WHERE dag_id = 'binlog_regression'")
        apps = json.loads(urllib.request.urlopen(
            f"http://127.0.0.1:{stack.env['REPLBED_SPARK_UI_PORT']}/json/", timeout=30).read())
    finally:
        r = stack.script("down", timeout=900)
    assert r.returncode == 0, r.stdout + r.stderr
    for kind in ("ps", "volume", "network"):  # nothing of the project is left
        assert stack.ids(kind) == [], kind

    assert state == ["success"], f"{tis}\n{verdict_line}"
    assert runs == [["compose-test", "manual"]]  # schedules are off in the stack: nothing ran by itself
    tasks = {t[0]: t for t in tis}
    # the DAG maps collect / analyze / report over the run's kinds (one here)
    assert set(tasks) == {"plan", "collect", "analyze", "report", "teardown", "verdict"}
    for task_id, ti_state, host, _pid in tis:  # each in its own process of the scheduler's container
        assert (ti_state, host) == ("success", "airflow-scheduler"), task_id
    assert len({t[3] for t in tis}) == len(tis)
    assert verdict_line == [['"4/4 case x format passed"']]
    summary = json.loads((stack.runs / "compose-test" / "summary.json").read_text())
    assert sorted((x["case"], x["format"], x["status"]) for x in summary) == [
        (c, f, "pass") for c in ("dml_innodb_insert", "dml_innodb_update") for f in ("ROW", "STATEMENT")]
    from harness.pipeline.regression import final_verdict

    assert final_verdict(stack.runs / "compose-test") == (True, "4/4 case x format passed")
    assert (stack.runs / "compose-test" / "report" / "index.html").is_file()
    # the diff ran on the stack's Spark cluster, not in a local[*] session of the task
    names = [a["name"] for a in apps["completedapps"]]
    assert names and set(names) == {"replbed-pipeline"}, apps
