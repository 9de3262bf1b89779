"""Airflow needs a home before it is imported; keep it out of ~/airflow."""

from __future__ import annotations

import os
import tempfile

_home = tempfile.mkdtemp(prefix="replbed-airflow-test-")
os.environ.setdefault("AIRFLOW_HOME", _home)
os.environ.setdefault("AIRFLOW__CORE__LOAD_EXAMPLES", "False")
os.environ.setdefault("AIRFLOW__CORE__UNIT_TEST_MODE", "False")
