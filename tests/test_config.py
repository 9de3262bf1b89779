"""harness/config.py: where runs go, one rule for every entry point."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.config import DEFAULT_RUNS_DIR, runs_dir


def test_the_environment_wins_over_any_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("REPLBED_RUNS_DIR", str(tmp_path))
    assert runs_dir() == tmp_path
    assert runs_dir(Path("elsewhere")) == tmp_path


def test_an_empty_variable_is_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    """``REPLBED_RUNS_DIR=`` must not turn into the current directory (``Path("")``)."""
    monkeypatch.setenv("REPLBED_RUNS_DIR", "")
    assert runs_dir() == DEFAULT_RUNS_DIR
    assert runs_dir("runs") == Path("runs")


def test_without_the_variable_the_checkouts_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REPLBED_RUNS_DIR", raising=False)
    assert runs_dir() == DEFAULT_RUNS_DIR
    assert DEFAULT_RUNS_DIR == Path(__file__).resolve().parent.parent / "runs"


def test_the_dags_and_the_report_links_share_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A run the CLI writes under $REPLBED_RUNS_DIR is where the Airflow links look."""
    pytest.importorskip("airflow")
    from harness.pipeline import airflow_links

    monkeypatch.setenv("REPLBED_RUNS_DIR", str(tmp_path))
    assert airflow_links.runs_dir() == tmp_path.resolve()
