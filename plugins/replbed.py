"""Airflow plugin: the replbed run directories on Airflow's API server, at /replbed/runs/.

The ``Report`` extra link of the ``report`` task (harness/pipeline/airflow_links.py)
points here, so a click in the UI opens ``runs/<id>/report/index.html`` (and the
Data Docs and logs it links to) from the same server. Loaded from ``[core]
plugins_folder`` (the Makefile points it at this directory).
"""

from __future__ import annotations

import os
from pathlib import Path

from airflow.plugins_manager import AirflowPlugin
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

RUNS = Path(os.environ.get("REPLBED_RUNS_DIR", Path(__file__).resolve().parent.parent / "runs"))

runs_app = FastAPI(title="replbed runs")
runs_app.mount("/", StaticFiles(directory=str(RUNS), html=True, check_dir=False), name="runs")


class ReplbedPlugin(AirflowPlugin):
    name = "replbed"
    fastapi_apps = [{"app": runs_app, "url_prefix": "/replbed/runs", "name": "replbed runs"}]
