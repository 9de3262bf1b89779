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
"Trigger DAG w/ config"); ``reference`` names the real server (harness/kinds.py),
``candidate`` what it is compared with (replbed's flavour of it by default).

The server matrix: a scheduled run (or ``reference: "matrix"``) plans one run per
server kind -- MariaDB 10.11, MariaDB 11.8, MySQL 9.7, each against replbed's
flavour of it -- and every task after ``plan`` is mapped over those runs, one
mapped task per kind. A manual run of one kind has one map index: the same
tasks on one run directory, ``runs/<run_id>``.

Where to look: each ``report`` task's **Report** button opens
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

from harness.config import BINLOG_FORMATS, runs_dir  # noqa: E402 - after the sys.path line; no heavy imports
from harness.kinds import DEFAULT_KIND, KINDS  # noqa: E402
from harness.pipeline.airflow_links import ReportOperator  # noqa: E402
from harness.profile import DEFAULT_PROFILE, PROFILES  # noqa: E402

#: ``reference`` value that runs every kind (what a scheduled run does).
MATRIX = "matrix"

FORMATS = list(BINLOG_FORMATS)


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
        "reference": Param(DEFAULT_KIND, type="string", enum=[*KINDS, MATRIX],
                           description="the real server kind of the reference side (harness/kinds.py); "
                                       "matrix: every kind, one mapped task per kind (scheduled runs)"),
        "candidate": Param("replbed", type="string", enum=["replbed", *KINDS],
                           description="compared with: replbed's flavour of the reference, or another real kind"),
    },
)
def binlog_regression():
    @task
    def plan() -> list[str]:
        from harness.config import RunConfig
        from harness.pipeline.regression import plan_run, safe_run_id

        ctx = get_current_context()
        p = ctx["params"]
        globs = tuple(g.strip() for g in (p.get("cases") or "").split(",") if g.strip() not in ("", "*"))
        workloads = p["workloads"]
        if not os.path.isabs(workloads):
            workloads = str(REPO_ROOT / workloads)
        reference = p.get("reference") or DEFAULT_KIND
        dag_run = ctx.get("dag_run")
        scheduled = str(getattr(getattr(dag_run, "run_type", None), "value", getattr(dag_run, "run_type", ""))) \
            == "scheduled"
        kinds = list(KINDS) if reference == MATRIX or scheduled else [reference]
        run_id = p.get("run_id") or safe_run_id(ctx["run_id"])
        run_dirs = []
        for kind in kinds:
            profile = p.get("profile") or DEFAULT_PROFILE
            if kind != DEFAULT_KIND and profile == DEFAULT_PROFILE:
                profile = None  # the default profile of that kind
            config = RunConfig(
                workloads=workloads,
                formats=tuple(f.upper() for f in p["formats"]),
                provider=p["provider"],
                out_dir=runs_dir(),
                run_id=run_id if len(kinds) == 1 else f"{run_id}-{kind}",
                spark_master=p["spark_master"],
                cases=globs,
                profile=profile,
                live_replica=bool(p.get("live_replica")),
                reference=kind,
                candidate=p.get("candidate") or "replbed",
            )
            run_dirs.append(str(plan_run(config, replbed_provider=p["replbed_provider"])))
        return run_dirs

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

    def _one_arg(run_dir: str) -> list[str]:
        return [run_dir]

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

    # One mapped task per planned run (per server kind in the matrix; one otherwise).
    run_dirs = plan()
    summary = analyze.expand(run_dir=collect.expand(run_dir=run_dirs))
    # a classic operator: it carries the "Report" extra link (harness/pipeline/airflow_links.py)
    reported = ReportOperator.partial(task_id="report", python_callable=_report,
                                      trigger_rule=TriggerRule.ALL_DONE).expand(op_args=run_dirs.map(_one_arg))
    summary >> reported
    torn_down = teardown.expand(run_dir=run_dirs)
    reported >> torn_down
    torn_down >> verdict.expand(run_dir=run_dirs)


binlog_regression()
