"""Airflow 3 DAG ``binlog_fuzz``: random differential testing of replbed against MariaDB.

    fuzz -> report

Thin by design: ``fuzz`` is ``harness.fuzz.run.run_fuzz`` (generate N seeded
cases, drop the ones two real MariaDBs disagree on, judge the rest, shrink one
repro per mismatch class); ``report`` reads its ``fuzz.json`` and publishes
the per-format match rates, the classes and their minimal repros (task log
and ``report.md`` next to the run). The scheduled run uses a fresh seed per
day (the data interval's date) so the nightly runs do not repeat each other;
a manual run can pin ``seed``.
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
    dag_id="binlog_fuzz",
    description="Random workloads on MariaDB and replbed; mismatch classes with minimal repros",
    schedule="@daily",
    start_date=pendulum.datetime(2026, 1, 1, tz="UTC"),
    catchup=False,
    max_active_runs=1,
    tags=["replbed", "fuzz"],
    default_args={"retries": 0},
    params={
        "cases": Param(100, type="integer", minimum=1, description="number of random cases"),
        "seed": Param(None, type=["null", "integer"], minimum=0,
                      description="generator seed; default: the run's date as YYYYMMDD"),
        "formats": Param(FORMATS, type="array", items={"type": "string", "enum": FORMATS},
                         description="binlog_format values to run"),
        "replbed_provider": Param("replbed", type="string", enum=["replbed", "local"],
                                  description="server on the replbed side (local = a second real server of the reference kind)"),
        "reference": Param("mariadb-10.11", type="string", enum=["mariadb-10.11", "mariadb-11.8", "mysql-9.7"],
                           description="the real server kind fuzzed against (harness/kinds.py)"),
        "candidate": Param("replbed", type="string", enum=["replbed", "mariadb-10.11", "mariadb-11.8", "mysql-9.7"],
                           description="replbed (its flavour of the reference) or another real kind"),
        "shrink_budget": Param(80, type="integer", minimum=0,
                               description="server runs allowed per class while shrinking"),
    },
)
def binlog_fuzz():
    @task
    def fuzz() -> str:
        from harness.fuzz.run import run_fuzz

        ctx = get_current_context()
        p = ctx["params"]
        seed = p.get("seed")
        if seed is None:
            seed = int(ctx["logical_date"].strftime("%Y%m%d")) if ctx.get("logical_date") else 1
        reference = p.get("reference", "mariadb-10.11")
        candidate = p.get("candidate", "replbed")
        kinds = "" if (reference, candidate) == ("mariadb-10.11", "replbed") else f"-{reference}-{candidate}"
        out = runs_dir() / f"fuzz-{seed}-{p['cases']}{kinds}"
        run_fuzz(int(seed), int(p["cases"]), [f.upper() for f in p["formats"]], out,
                 shrink=int(p["shrink_budget"]) > 0, shrink_budget=int(p["shrink_budget"]),
                 replbed_provider=p["replbed_provider"], reference=reference, candidate=candidate)
        return str(out)

    @task
    def report(out_dir: str) -> str:
        from harness.fuzz.report import markdown_report

        path = Path(out_dir) / "report.md"
        text = markdown_report(Path(out_dir) / "fuzz.json")
        path.write_text(text)
        print(text)
        return str(path)

    report(fuzz())


binlog_fuzz()
