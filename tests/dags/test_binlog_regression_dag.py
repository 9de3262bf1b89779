"""DAG integrity (DagBag import, tasks, dependencies, params) and one real `airflow dags test`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DAGS = ROOT / "dags"


@pytest.fixture(scope="module")
def dagbag():
    # Airflow 3.3: DagBag lives in airflow.dag_processing (the airflow.models path is a
    # deprecated alias) and has no include_examples argument (LOAD_EXAMPLES is off).
    from airflow.dag_processing.dagbag import DagBag

    return DagBag(dag_folder=str(DAGS), safe_mode=False)


def test_dagbag_imports_without_errors(dagbag):
    assert dagbag.import_errors == {}
    assert "binlog_regression" in dagbag.dag_ids


def test_tasks_and_dependencies(dagbag):
    dag = dagbag.dags["binlog_regression"]  # get_dag() queries the metadata DB in 3.3
    assert set(dag.task_ids) == {"plan", "collect", "analyze", "report", "teardown", "verdict"}
    down = {t.task_id: set(t.downstream_task_ids) for t in dag.tasks}
    assert down["plan"] == {"collect", "report", "teardown", "verdict"}
    # one task collects both sides at once and replays/decodes as pairs arrive: as separate
    # tasks, `airflow dags test` ran them one after another
    assert down["collect"] == {"analyze"}
    assert down["analyze"] == {"report"}
    assert down["report"] == {"teardown"}
    assert down["teardown"] == {"verdict"}
    assert down["verdict"] == set()
    # the report and the teardown run whatever happened upstream; the verdict comes last
    rules = {t.task_id: getattr(t.trigger_rule, "value", t.trigger_rule) for t in dag.tasks}
    assert all(rules[t] == "all_done" for t in ("report", "teardown", "verdict")), rules
    assert all(rules[t] == "all_success" for t in ("collect", "analyze")), rules


def test_schedule_and_params(dagbag):
    dag = dagbag.dags["binlog_regression"]  # get_dag() queries the metadata DB in 3.3
    assert dag.catchup is False
    assert dag.max_active_runs == 1
    assert dag.schedule == "@daily"
    # Airflow 3: a cron preset is a CronTriggerTimetable (runs at the tick, no data interval)
    assert dag.timetable.expression == "0 0 * * *"
    params = dag.params.dump()
    assert params["workloads"] == "workloads/*.wl"
    assert params["formats"] == ["STATEMENT", "ROW", "MIXED"]
    assert params["provider"] == "local"
    assert params["profile"] == "debian"
    assert params["cases"] == "*"
    assert params["spark_master"]
    assert params["replbed_provider"] == "replbed"
    assert params["run_id"] is None
    assert params["keep_servers"] is False
    assert params["live_replica"] is False
    # the server matrix: the default reference is unchanged; "matrix" runs every kind
    assert params["reference"] == "mariadb-10.11"
    assert params["candidate"] == "replbed"


def test_every_task_after_plan_is_mapped_over_the_planned_runs(dagbag):
    """One mapped task per server kind in a matrix run (a scheduled run), one otherwise."""
    dag = dagbag.dags["binlog_regression"]
    mapped = {t.task_id for t in dag.tasks if getattr(t, "is_mapped", False)
              or type(t).__name__ == "MappedOperator"}
    assert mapped == {"collect", "analyze", "report", "teardown", "verdict"}
    from harness.kinds import KINDS

    enum = dag.params.get_param("reference").schema["enum"]
    assert set(enum) == {*KINDS, "matrix"}


def test_dag_file_parses_without_heavy_imports():
    code = ("import sys, runpy; runpy.run_path(sys.argv[1]); "
            "heavy = [m for m in ('pyspark', 'great_expectations', 'mysql.connector') if m in sys.modules]; "
            "print(heavy); sys.exit(1 if heavy else 0)")
    r = subprocess.run([sys.executable, "-c", code, str(DAGS / "binlog_regression.py")],
                       capture_output=True, text=True, env=os.environ.copy(), timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


def _mariadbd() -> str | None:
    return shutil.which("mariadbd") or ("/usr/sbin/mariadbd" if Path("/usr/sbin/mariadbd").exists() else None)


def _dags_test(tmp_path: Path, conf: dict) -> subprocess.CompletedProcess[str]:
    """``airflow dags test binlog_regression -c CONF`` in a fresh SQLite home under ``tmp_path``
    (migrated first), the run directories under ``tmp_path / "runs"``."""
    airflow = Path(sys.executable).parent / "airflow"
    env = os.environ.copy()
    env.update({
        "AIRFLOW_HOME": str(tmp_path / "airflow"),
        "AIRFLOW__CORE__DAGS_FOLDER": str(DAGS),
        "AIRFLOW__DATABASE__SQL_ALCHEMY_CONN": f"sqlite:///{tmp_path / 'airflow' / 'airflow.db'}",
        "AIRFLOW__CORE__LOAD_EXAMPLES": "False",
        "AIRFLOW__CORE__UNIT_TEST_MODE": "False",
        "REPLBED_RUNS_DIR": str(tmp_path / "runs"),
        "PYTHONPATH": str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
    })
    mig = subprocess.run([str(airflow), "db", "migrate"], env=env, capture_output=True, text=True,
                         timeout=300)
    assert mig.returncode == 0, mig.stdout[-3000:] + mig.stderr[-3000:]
    return subprocess.run([str(airflow), "dags", "test", "binlog_regression", "-c", json.dumps(conf)],
                          env=env, capture_output=True, text=True, timeout=900, cwd=str(tmp_path))


@pytest.mark.slow
@pytest.mark.server
@pytest.mark.spark
@pytest.mark.skipif(_mariadbd() is None, reason="needs mariadbd")
def test_airflow_dags_test_runs_the_whole_dag(tmp_path):
    """`airflow dags test` in-process with a project-local SQLite home, one case x one format.

    The replbed side is a second real MariaDB (replbed_provider=local), so the
    run must pass: it checks the DAG and the pipeline, not the reimplementation.
    """
    conf = {"cases": "dml_innodb_insert", "formats": ["ROW"], "replbed_provider": "local",
            "run_id": "dagtest"}
    r = _dags_test(tmp_path, conf)
    log = r.stdout[-6000:] + r.stderr[-6000:]
    assert r.returncode == 0, log
    run_dir = tmp_path / "runs" / "dagtest"
    summary = json.loads((run_dir / "summary.json").read_text())
    assert [{k: r[k] for k in ("case", "format", "events_match", "gtid_layout_ok", "tables_match",
                               "outcomes_match", "error", "replay_ok", "expectation_ok", "status")}
            for r in summary] == [
        {"case": "dml_innodb_insert", "format": "ROW", "events_match": True,
         "gtid_layout_ok": True, "tables_match": True, "outcomes_match": True,
         "error": None, "replay_ok": True, "expectation_ok": True, "status": "pass"}], log
    assert not (run_dir / "servers" / "reference" / "data").exists()  # teardown
    assert (run_dir / "report" / "index.html").exists()
    # one GX project per AIRFLOW_HOME; this run's validations are named after it
    site = tmp_path / "airflow" / "gx" / "uncommitted" / "data_docs" / "local_site"
    assert (site / "index.html").exists()
    assert (site / "validations" / "raw_gtid_groups" / "dagtest").is_dir()


@pytest.mark.slow
@pytest.mark.server
@pytest.mark.spark
@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("debootstrap"), reason="the MySQL 9.7 root needs root")
def test_the_dag_runs_against_mysql_97_from_its_conf(tmp_path):
    """`make run CONF='{"reference": "mysql-9.7", ...}'`: the DAG plans, collects and
    replays on real MySQL 9.7 servers (here on both sides: noise 0 through the DAG)."""
    conf = {"reference": "mysql-9.7", "candidate": "mysql-9.7", "cases": "load_data_myisam_plain",
            "formats": ["ROW", "STATEMENT"], "run_id": "dagmysql"}
    r = _dags_test(tmp_path, conf)
    log = r.stdout[-6000:] + r.stderr[-6000:]
    assert r.returncode == 0, log
    run_dir = tmp_path / "runs" / "dagmysql"
    plan = json.loads((run_dir / "plan.json").read_text())
    assert (plan["reference"], plan["profile"], plan["flavor"]) == ("mysql-9.7", "mysql-9.7-gtid-off", "mysql-9.7")
    summary = json.loads((run_dir / "summary.json").read_text())
    assert [(x["format"], x["status"]) for x in summary] == [("ROW", "pass"), ("STATEMENT", "pass")], log


@pytest.mark.slow
@pytest.mark.server
@pytest.mark.spark
@pytest.mark.skipif(_mariadbd() is None, reason="needs mariadbd")
def test_a_failing_run_fails_the_dag_run_after_writing_the_report(tmp_path):
    """A wrong annotation: the DAG run ends failed, the report and the summary exist."""
    wl = tmp_path / "wrong.wl"
    wl.write_text("[case wrong_annotation]\nrule = test.wrong\nformats = ROW\n"
                  "setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB\n"
                  "con1: INSERT INTO t VALUES (1)  => ER_DUP_ENTRY\n")
    conf = {"workloads": str(wl), "replbed_provider": "local", "run_id": "dagfail"}
    r = _dags_test(tmp_path, conf)
    full = r.stdout + r.stderr
    # the end of the output, and every traceback in it (a failing upstream task's cause
    # is far from the end of Airflow's log)
    tracebacks = [full[i:i + 3000] for i in range(len(full)) if full.startswith("Traceback", i)]
    log = "\n...\n".join(tracebacks[:4]) + "\n...\n" + r.stdout[-4000:] + r.stderr[-4000:]
    # The verdict task fails the run and names the failure (Airflow's log lines are long:
    # look at the whole output, show its end).
    assert "state=failed" in full, log
    assert "expectation_wrong" in full or "expectation wrong" in full, log
    run_dir = tmp_path / "runs" / "dagfail"
    (rec,) = json.loads((run_dir / "summary.json").read_text())
    assert rec["status"] == "expectation_wrong" and "expected 1062, reference got OK" in rec["reason"]
    assert (run_dir / "report" / "index.html").exists()
    assert not (run_dir / "servers" / "reference" / "data").exists()
