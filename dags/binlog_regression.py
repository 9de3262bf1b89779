"""Airflow 3 DAG ``binlog_regression``: the replbed regression run as tasks.

    plan -> collect -> analyze -> report -> teardown -> verdict

``collect`` runs both sides' servers at once, replays each case x format as
soon as both of its sides are collected, and decodes the binlogs
(``regression.collect_run``, the same call as ``replbed run``): as separate
tasks they ran one after another under ``airflow dags test`` and the run cost
4.4x the reference side's collect.

``report`` and ``teardown`` run whatever happened upstream (trigger rule
``all_done``): a failing run still gets its report, and the servers' data
directories go (param ``keep_servers`` keeps them). ``verdict`` runs last and
fails the DAG run when any case x format failed or the run did not finish,
with the reason from harness/pipeline/verdict.py.

Thin by design: every task calls one step of ``harness.pipeline.regression``
and passes the run directory on via XCom. Heavy imports (Spark, GX, the
providers) happen inside the tasks, so parsing this file stays fast.

Manual runs take params (``airflow dags test binlog_regression -c '{...}'`` or
"Trigger DAG w/ config"); scheduled runs use the defaults.

Where to look: the ``report`` task's **Report** button opens
``runs/<run id>/report/index.html`` (served by ``plugins/replbed.py``): the verdict,
each failure with its first difference and a rerun command, the differences. Each
task's log holds the step's detail lines; ``runs/<run id>/logs/`` the run's logs.
``make run`` names the DAG run after the replbed run id. The ``@daily`` schedule
runs only while the DAG is unpaused (``make airflow-ui`` unpauses it).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pendulum
from airflow.sdk import Param, TriggerRule, dag, get_current_context, task

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:  # the harness package, when not pip-installed
    sys.path.insert(0, str(REPO_ROOT))

from harness.pipeline.airflow_links import ReportOperator  # noqa: E402 - after the sys.path line
from harness.profile import DEFAULT_PROFILE, PROFILES  # noqa: E402 - after the sys.path line; no heavy imports

FORMATS = ["STATEMENT", "ROW", "MIXED"]


def _runs_dir() -> Path:
    return Path(os.environ.get("REPLBED_RUNS_DIR", REPO_ROOT / "runs"))


@dag(
    dag_id="binlog_regression",
    description="Run workloads on MariaDB and replbed, diff binlogs/GTID layout/tables, publish a report",
    schedule="@daily",
    start_date=pendulum.datetime(2026, 1, 1, tz="UTC"),
    catchup=False,
    max_active_runs=1,
    tags=["replbed", "regression"],
    doc_md=__doc__,
    default_args={"retries": 0},
    params={
        "workloads": Param("workloads/*.wl", type="string",
                           description="glob of workload files, relative to the repo root"),
        "formats": Param(FORMATS, type="array", items={"type": "string", "enum": FORMATS},
                         description="binlog_format values to run"),
        "provider": Param("local", type="string", enum=["local", "docker"],
                          description="reference server provider"),
        "profile": Param(DEFAULT_PROFILE, type="string", enum=list(PROFILES),
                         description="server profile of both sides (harness/profile.py)"),
        "cases": Param("*", type="string",
                       description="case-name glob(s), comma separated; * = all"),
        "spark_master": Param(os.environ.get("REPLBED_SPARK_MASTER", "local[*]"), type="string",
                              description="Spark master URL"),
        "replbed_provider": Param("replbed", type="string", enum=["replbed", "local"],
                                  description="server on the replbed side (local = a second MariaDB)"),
        "run_id": Param(None, type=["null", "string"],
                        description="run directory name; default: derived from the Airflow run id"),
        "keep_servers": Param(False, type="boolean",
                              description="keep the servers' data directories under runs/<id>/servers/"),
        "live_replica": Param(False, type="boolean",
                              description="a real MariaDB replica per side replicates every case; compare them"),
    },
)
def binlog_regression():
    @task
    def plan() -> str:
        from harness.config import RunConfig
        from harness.pipeline.regression import plan_run, safe_run_id

        ctx = get_current_context()
        p = ctx["params"]
        globs = tuple(g.strip() for g in (p.get("cases") or "").split(",") if g.strip() not in ("", "*"))
        workloads = p["workloads"]
        if not os.path.isabs(workloads):
            workloads = str(REPO_ROOT / workloads)
        config = RunConfig(
            workloads=workloads,
            formats=tuple(f.upper() for f in p["formats"]),
            provider=p["provider"],
            out_dir=_runs_dir(),
            run_id=p.get("run_id") or safe_run_id(ctx["run_id"]),
            spark_master=p["spark_master"],
            cases=globs,
            profile=p.get("profile") or DEFAULT_PROFILE,
            live_replica=bool(p.get("live_replica")),
        )
        return str(plan_run(config, replbed_provider=p["replbed_provider"]))

    @task
    def collect(run_dir: str) -> str:
        from harness.pipeline.regression import collect_run

        collect_run(Path(run_dir))
        return run_dir

    @task
    def analyze(run_dir: str) -> str:
        from harness.pipeline.regression import analyze_run

        analyze_run(Path(run_dir))  # the summary is summary.json, not an XCom
        return run_dir

    def _report(run_dir: str) -> str:
        from harness.pipeline.regression import report_run

        return str(report_run(Path(run_dir)))

    @task(trigger_rule=TriggerRule.ALL_DONE)
    def teardown(run_dir: str) -> None:
        from harness.pipeline.regression import teardown_run

        teardown_run(Path(run_dir), keep_servers=bool(get_current_context()["params"].get("keep_servers")))

    @task(trigger_rule=TriggerRule.ALL_DONE)
    def verdict(run_dir: str) -> str:
        from airflow.sdk.exceptions import AirflowFailException

        from harness.pipeline.regression import final_verdict

        passed, line = final_verdict(Path(run_dir))
        if not passed:
            raise AirflowFailException(line)
        return line

    run_dir = plan()
    summary = analyze(collect(run_dir))
    # a classic operator: it carries the "Report" extra link (harness/pipeline/airflow_links.py)
    reported = ReportOperator(task_id="report", python_callable=_report, op_args=[run_dir],
                              trigger_rule=TriggerRule.ALL_DONE)
    summary >> reported
    torn_down = teardown(run_dir)
    reported >> torn_down
    torn_down >> verdict(run_dir)


binlog_regression()
