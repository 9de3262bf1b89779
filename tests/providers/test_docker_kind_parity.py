"""Issue 23's Docker item, per server kind: the container gives the verdicts the local server gives.

For each kind (MariaDB 10.11 from its offline image, MariaDB 11.8 and MySQL 9.7 from the
images imported from their roots), a small subset runs through the whole pipeline
(``replbed run``: collect, replay, diff, verdict) once with ``--provider local`` and once
with ``--provider docker``; the two ``summary.json`` must agree case x format (timings
aside), and no container may be left. The subset holds what made the providers part
before: a LOAD DATA INFILE of a workload's data file (1290 in the container), a stored
routine's DEFINER (root@'%' through a bridge), CURRENT_USER()/@@hostname/@@server_id
written into a table.

The per-case comparison behind the whole-corpus figures
(``python -m harness.provider_parity``) is tested without servers below: it
must report a changed definer and a changed error code, and nothing for the same files.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from harness.kinds import get_kind
from tests.providers._shared import replbed_containers, trigger_case

ROOT = Path(__file__).resolve().parents[2]
SUBSET = ("load_data_myisam_plain", "fid_err_create_routine_insert_clears_warnings",
          "s002_unsafe_functions_observed")
FORMATS = ("STATEMENT", "ROW")


@pytest.mark.docker
@pytest.mark.server
@pytest.mark.slow
@pytest.mark.parametrize("kind_name", ["mariadb-10.11", "mariadb-11.8", "mysql-9.7"])
def test_docker_and_local_give_the_same_verdicts(docker_ready: None, tmp_path: Path, kind_name: str) -> None:
    if get_kind(kind_name).needs_root and os.geteuid() != 0:
        pytest.skip("the root of this kind is built as root")
    from harness.config import RunConfig
    from harness.pipeline.parity import summary_differences
    from harness.pipeline.regression import run_regression

    before = replbed_containers()
    summaries = {}
    for provider in ("local", "docker"):
        config = RunConfig(workloads=str(ROOT / "workloads" / "*.wl"), formats=FORMATS, cases=SUBSET,
                           reference=kind_name, provider=provider, out_dir=tmp_path, run_id=provider)
        summaries[provider] = run_regression(config).summary
    local, docker = summaries["local"], summaries["docker"]
    # every planned case x format was judged on both (an empty summary would agree trivially)
    assert len(local) == len(docker) >= 4, (len(local), len(docker))
    assert {r["case"] for r in docker} >= {"load_data_myisam_plain", "fid_err_create_routine_insert_clears_warnings"}
    diffs = summary_differences(local, docker)
    assert not diffs, "\n".join(diffs)
    # LOAD DATA INFILE read the workload's file in the container: no 1290 there
    load = [r for r in docker if r["case"] == "load_data_myisam_plain"]
    assert load and all(r["status"] != "error" for r in load), load
    assert replbed_containers() <= before  # nothing left behind


# -- the per-case comparison, without servers -------------------------------------------


def _side(tmp: Path, name: str, definer: str, error_code: int | None = None) -> Path:
    """A case directory as the runner leaves it: outcome.json and a real binlog (replbed's writer)."""
    d = tmp / name
    trigger_case(d, definer, error_code).write(d)
    return d


def test_pair_parity_reports_what_differs(tmp_path: Path) -> None:
    from harness.provider_parity import judge_pair

    a = _side(tmp_path, "a", "localhost")
    same = judge_pair("c", "ROW", a, _side(tmp_path, "a2", "localhost"))
    assert same.same and same.lines == []
    definer = judge_pair("c", "ROW", a, _side(tmp_path, "b", "%"))
    assert not definer.same and any("`root`@`%`" in ln for ln in definer.lines), definer.lines
    errored = judge_pair("c", "ROW", a, _side(tmp_path, "e", "localhost", error_code=1290))
    assert not errored.same and any("1290" in ln for ln in errored.lines), errored.lines
    # the workload's annotations: OK expected, the container answered 1290
    assert any("annotations" in ln for ln in errored.lines), errored.lines



def _failed(tmp: Path, name: str, error: str) -> Path:
    from harness.runner import CaseOutcome

    d = tmp / name
    CaseOutcome(case="c", format="ROW", side="reference", status="failed", error=error, dest_dir=d).write(d)
    return d


def test_a_case_that_fails_alike_on_both_is_the_same_verdict(tmp_path: Path) -> None:
    from harness.provider_parity import judge_pair

    why = "setup: DatabaseError: 1193 (HY000): Unknown system variable 'tx_isolation'"
    a = _failed(tmp_path, "a", why)
    assert judge_pair("c", "ROW", a, _failed(tmp_path, "b", why)).same
    other = judge_pair("c", "ROW", a, _failed(tmp_path, "c", "server start failed: no port"))
    assert not other.same and any("tx_isolation" in ln for ln in other.lines)
    # ... and a case that ran on one provider only is not
    assert not judge_pair("c", "ROW", a, _side(tmp_path, "ok", "localhost")).same
