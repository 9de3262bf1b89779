"""The replbed report, one click from Airflow: the ``Report`` extra link and the pages behind it.

* ``ReportOperator``: the DAG's ``report`` task. After rendering the report it
  keeps the report's URL; Airflow's task runner then stores each extra link of the
  operator as an XCom (``_link_Report``), which the UI shows as a button on the
  task instance ("Report").
* The URL is ``/replbed/runs/<run id>/report/index.html`` on Airflow's own API
  server: ``plugins/replbed.py`` (``[core] plugins_folder``, set by the Makefile)
  serves ``$REPLBED_RUNS_DIR`` there, so the link works from a browser, which
  would refuse a ``file://`` link from an ``http://`` page. A report outside
  the runs directory gets its ``file://`` URL.

Imported by the DAG files only (it imports Airflow).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from airflow.providers.standard.operators.python import PythonOperator
from airflow.sdk import BaseOperatorLink

from harness.config import runs_dir as config_runs_dir

#: Where plugins/replbed.py mounts the runs directory on the API server.
RUNS_URL = "/replbed/runs"


def runs_dir() -> Path:
    return config_runs_dir().resolve()


def report_url(report: str | Path) -> str:
    """The URL of a report as the Airflow UI links it."""
    path = Path(report).resolve()
    try:
        rel = path.relative_to(runs_dir())
    except ValueError:
        return path.as_uri()
    return f"{RUNS_URL}/{rel.as_posix()}"


class ReportLink(BaseOperatorLink):
    """The "Report" button of the report task: the run's report/index.html."""

    name = "Report"

    def get_link(self, operator: Any, *, ti_key: Any) -> str:
        return getattr(operator, "report_url", "") or ""


class ReportOperator(PythonOperator):
    """A PythonOperator whose callable returns the report's path; it carries the "Report" link."""

    operator_extra_links = (ReportLink(),)

    def execute(self, context: Any) -> Any:
        path = super().execute(context)
        if path:
            self.report_url = report_url(path)
        return path
