"""docker/compose.yaml: Airflow on Postgres with the LocalExecutor, as tests/dags/test_localexecutor_postgres.py runs it.

The stack itself needs the offline images (make compose-up); these checks read
the file, so a change that drops the metadata database, the executor, the
server pool or a secret's indirection fails here.
"""

from __future__ import annotations

from pathlib import Path

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


def test_every_port_is_on_loopback_and_no_secret_is_inline():
    for name, svc in COMPOSE["services"].items():
        for port in svc.get("ports", []):
            assert str(port).startswith("127.0.0.1:"), (name, port)
    text = (ROOT / "docker" / "compose.yaml").read_text()
    assert "PASSWORD: ${" in text and "password=" not in text.lower()
