"""Airflow 3 DAG ``binlog_mtr``: MariaDB's own mysql-test suite against replbed.

    mtr

Thin by design: the one task is ``harness.mtr.run.run`` (the suite in extern mode
on a fresh real MariaDB, the control, and on ``replbed serve``, per format); the
pass rates per suite and format go to ``summary.json`` and the runs directory's
``mtr-history.jsonl``, the failures and their classes to ``report.md``; the task
log prints the summary lines. Scheduled weekly: a full suite takes hours on 2 cores.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pendulum
from airflow.sdk import Param, dag, get_current_context, task

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:  # the harness package, when not pip-installed
    sys.path.insert(0, str(REPO_ROOT))

from harness.config import BINLOG_FORMATS, runs_dir  # noqa: E402 - after the sys.path line; light

FORMATS = list(BINLOG_FORMATS)


@dag(
    dag_id="binlog_mtr",
    description="MariaDB's mysql-test suite on a real MariaDB (control) and on replbed",
    schedule="@weekly",
    start_date=pendulum.datetime(2026, 1, 1, tz="UTC"),
    catchup=False,
    max_active_runs=1,
    tags=["replbed", "mtr"],
    default_args={"retries": 0},
    params={
        "suite": Param("binlog", type="string", description="mysql-test suite"),
        "tests": Param([], type="array", items={"type": "string"},
                       description="test name globs (empty: the whole suite)"),
        "formats": Param(FORMATS, type="array", items={"type": "string", "enum": FORMATS},
                         description="binlog_format values to run"),
    },
)
def binlog_mtr():
    @task
    def mtr() -> str:
        from harness.mtr.run import MtrConfig, run, summary_lines

        p = get_current_context()["params"]
        cfg = MtrConfig(suite=p["suite"], tests=tuple(p["tests"]), formats=tuple(f.upper() for f in p["formats"]),
                        out_dir=runs_dir())
        _records, summaries, out = run(cfg)
        for line in summary_lines(summaries):
            print(line)
        return str(out)

    mtr()


binlog_mtr()
