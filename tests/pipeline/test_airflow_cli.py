"""Airflow's CLI run through harness.pipeline.airflow_cli: same output and exit status, no
interpreter teardown."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from harness.pipeline.airflow_cli import exit_status

ROOT = Path(__file__).resolve().parents[2]


def test_exit_status_maps_system_exit_codes_as_the_interpreter_does(capsys) -> None:
    assert exit_status(None) == 0
    assert exit_status(0) == 0
    assert exit_status(1) == 1
    assert exit_status(256 + 3) == 3
    assert exit_status("dag not found") == 1
    assert "dag not found" in capsys.readouterr().err


def _run(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "AIRFLOW_HOME": str(tmp_path / "airflow"), "AIRFLOW__CORE__LOAD_EXAMPLES": "False",
           "AIRFLOW__DATABASE__SQL_ALCHEMY_CONN": f"sqlite:///{tmp_path / 'airflow' / 'airflow.db'}",
           "AIRFLOW__CORE__DAGS_FOLDER": str(tmp_path / "dags"), "PYTHONPATH": str(ROOT)}
    (tmp_path / "dags").mkdir(exist_ok=True)
    return subprocess.run([sys.executable, "-m", "harness.pipeline.airflow_cli", *args], env=env,
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)


@pytest.mark.slow
def test_the_command_prints_and_exits_as_airflow(tmp_path: Path) -> None:
    import airflow

    ok = _run(["version"], tmp_path)
    assert ok.returncode == 0, ok.stderr[-2000:]
    assert ok.stdout.strip().splitlines()[-1] == airflow.__version__
    # a failing command keeps its non-zero status (make run's exit code depends on it)
    bad = _run(["no-such-command"], tmp_path)
    assert bad.returncode == 2, bad.stdout[-2000:] + bad.stderr[-2000:]
    assert "no-such-command" in bad.stderr
