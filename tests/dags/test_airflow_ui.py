"""Airflow as people use it: the DAG documents itself, the run carries the replbed run's
name, and the UI's report task has a "Report" button that opens the run's report.

The browser test runs one small regression through ``airflow dags test`` (the way
``make run`` does), starts Airflow's API server on that home, and reads the finished
run's grid and its report task in headless Chromium.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.pipeline.chromium import Elements, dump_dom, needs_chromium, screenshot

ROOT = Path(__file__).resolve().parents[2]
DAGS = ROOT / "dags"
SHOTS = ROOT / "runs" / "screenshots"
RUN_ID = "ui-test-run"


def test_dag_doc_md_and_report_link():
    from airflow.dag_processing.dagbag import DagBag

    dag = DagBag(dag_folder=str(DAGS / "binlog_regression.py"), safe_mode=False).dags["binlog_regression"]
    assert dag.doc_md and "Report" in dag.doc_md and "make airflow-ui" in dag.doc_md
    report = dag.get_task("report")
    assert [link.name for link in report.operator_extra_links] == ["Report"]


def test_report_url_is_served_by_the_plugin(tmp_path, monkeypatch):
    from harness.pipeline.airflow_links import report_url

    monkeypatch.setenv("REPLBED_RUNS_DIR", str(tmp_path))
    assert report_url(tmp_path / "r1" / "report" / "index.html") == "/replbed/runs/r1/report/index.html"
    assert report_url("/elsewhere/report/index.html") == "file:///elsewhere/report/index.html"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(tmp_path: Path) -> dict:
    env = os.environ.copy()
    env.update({
        "AIRFLOW_HOME": str(tmp_path / "airflow"),
        # the test reads this database: `make test` exports the project's own URL (.airflow/)
        "AIRFLOW__DATABASE__SQL_ALCHEMY_CONN": f"sqlite:///{tmp_path / 'airflow' / 'airflow.db'}",
        "AIRFLOW__CORE__DAGS_FOLDER": str(DAGS),
        "AIRFLOW__CORE__PLUGINS_FOLDER": str(ROOT / "plugins"),
        "AIRFLOW__CORE__LOAD_EXAMPLES": "False",
        "AIRFLOW__CORE__UNIT_TEST_MODE": "False",
        "AIRFLOW__CORE__SIMPLE_AUTH_MANAGER_ALL_ADMINS": "True",
        "REPLBED_RUNS_DIR": str(tmp_path / "runs"),
        "GX_ANALYTICS_ENABLED": "false",
        "PYTHONPATH": str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
    })
    return env


@pytest.mark.slow
@pytest.mark.server
@needs_chromium
def test_airflow_grid_of_a_finished_run_has_the_report_link(tmp_path):
    env = _env(tmp_path)
    airflow = Path(sys.executable).parent / "airflow"
    mig = subprocess.run([str(airflow), "db", "migrate"], env=env, capture_output=True, text=True, timeout=600)
    assert mig.returncode == 0, mig.stdout[-2000:] + mig.stderr[-2000:]
    conf = {"cases": "seed000_case01a_*", "formats": ["ROW"], "run_id": RUN_ID}
    r = subprocess.run([sys.executable, "-m", "harness.pipeline.airflow_cli", "--run-id", RUN_ID, "dags", "test",
                        "binlog_regression", "-f", str(DAGS / "binlog_regression.py"), "-c", json.dumps(conf)],
                       env=env, capture_output=True, text=True, timeout=900, cwd=str(ROOT))
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-4000:]
    # the Airflow run is named after the replbed run; the report task stored its link
    db = sqlite3.connect(tmp_path / "airflow" / "airflow.db")
    assert db.execute("select state from dag_run where run_id=?", (RUN_ID,)).fetchall() == [("success",)]
    links = db.execute("select x.key, x.value from xcom x join dag_run d on d.id = x.dag_run_id "
                       "where d.run_id=? and x.task_id='report' and x.key like '_link_%'", (RUN_ID,)).fetchall()
    assert [json.loads(v) for _k, v in links] == [f"/replbed/runs/{RUN_ID}/report/index.html"]

    server, base = _api_server(airflow, env, tmp_path)
    try:
        # the plugin serves the report the link points at
        page = urllib.request.urlopen(f"{base}/replbed/runs/{RUN_ID}/report/index.html", timeout=30).read()
        assert b"replbed regression run" in page
        SHOTS.mkdir(parents=True, exist_ok=True)
        grid = f"{base}/dags/binlog_regression/runs/{RUN_ID}"
        screenshot(grid, SHOTS / "airflow-grid.png", size="1600,1000", budget=15000)
        # the report task's Details tab: "Extra Links", a "Report" button to the run's report
        # the report task is mapped over the run's planned server pairs: its first instance
        details = f"{base}/dags/binlog_regression/runs/{RUN_ID}/tasks/report/mapped/0/details"
        screenshot(details, SHOTS / "airflow-report-task.png", size="1600,1000", budget=15000)
        dom = dump_dom(details, budget=15000)
        buttons = [(a, text) for _t, a, text in Elements(dom).find("a") if "Report" in text]
        assert [a.get("href") for a, _ in buttons] == [f"/replbed/runs/{RUN_ID}/report/index.html"], dom[-3000:]
    finally:
        _stop(server)


def _stop(server: subprocess.Popen) -> None:
    """Stop the API server and everything it started (its own process group)."""
    try:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def _api_server(airflow: Path, env: dict, tmp_path: Path) -> tuple[subprocess.Popen, str]:
    """``airflow api-server`` on a free port (another one if that port is taken meanwhile)."""
    for _attempt in range(3):
        port = _free_port()
        log = tmp_path / f"api-server-{port}.log"
        server = subprocess.Popen([str(airflow), "api-server", "--port", str(port)], env=env,
                                  stdout=open(log, "w"), stderr=subprocess.STDOUT, start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"{base}/api/v2/monitor/health", timeout=5).read()
                return server, base
            except OSError:
                if server.poll() is not None or "address already in use" in log.read_text():
                    break
                time.sleep(2)
        _stop(server)
        if "address already in use" not in log.read_text():
            raise AssertionError("api-server did not come up: " + log.read_text()[-3000:])
    raise AssertionError("no free port for the api-server")
