"""The docker and local providers give the same results (issue 17), against real servers.

Every corpus case that creates a trigger, function, procedure or view runs in
all three formats on a local ``mariadbd`` and in a container, both started
from the same server profile; statement results, tables and binlogs must be
the same case by case. These are the cases whose DEFINER depends on the
account the client is matched as (root@'%' from a bridge network, 79 ROW
failures before). The full corpus through the whole pipeline with each
provider is ``make docker-parity`` (docs/DOCKER.md).

The checker itself is tested by feeding it a difference.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from harness.pipeline.parity import (
    creates_stored_objects,
    outcome_differences,
    summary_differences,
)
from harness.profile import get_profile
from harness.providers.base import ServerSettings
from harness.runner import CaseOutcome, run_side
from harness.workload import load_workloads
from tests.providers._shared import trigger_case

ROOT = Path(__file__).resolve().parents[2]
FORMATS = ["STATEMENT", "ROW", "MIXED"]


def _files(o: CaseOutcome) -> list[Path]:
    assert o.dest_dir is not None
    return [o.dest_dir / "binlog" / f for f in o.binlog_files]


@pytest.mark.docker
@pytest.mark.server
@pytest.mark.slow
def test_stored_object_cases_equal_on_docker_and_local(docker_ready: None, tmp_path: Path):
    from harness.providers.docker import DockerProvider
    from harness.providers.local import LocalMariaDBProvider

    # and every case with data files (LOAD DATA INFILE): the container sees them at the same path
    cases = [c for c in load_workloads(str(ROOT / "workloads" / "*.wl"))
             if (creates_stored_objects(c) or c.files) and c.applies_to("mariadb-10.11")]
    assert sum(1 for c in cases if c.files) >= 10, "the corpus's LOAD DATA cases went missing"
    assert len(cases) >= 50, "the corpus's stored-object cases went missing"
    settings = ServerSettings(profile=get_profile(None))
    results: dict[str, list[CaseOutcome]] = {}
    errors: list[BaseException] = []

    def side(name: str, provider: Any) -> None:
        try:
            results[name] = run_side(tmp_path / name, "reference", provider, cases, FORMATS,
                                     settings=settings)
        except BaseException as exc:  # noqa: BLE001 - re-raised below
            errors.append(exc)

    with DockerProvider() as docker_provider:
        threads = [threading.Thread(target=side, args=("local", LocalMariaDBProvider())),
                   threading.Thread(target=side, args=("docker", docker_provider))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    if errors:
        raise errors[0]
    local = {(o.case, o.format): o for o in results["local"]}
    dock = {(o.case, o.format): o for o in results["docker"]}
    assert set(local) == set(dock) and len(local) >= 150
    diffs = {key: d for key in sorted(local)
             if (d := outcome_differences(local[key], dock[key], _files(local[key]), _files(dock[key])))}
    assert not diffs, "\n".join(f"{c} {f}: {'; '.join(d)}" for (c, f), d in list(diffs.items())[:20])
    # Both matched the profile's account: the definer is root@localhost, never root@'%'.
    from harness.compare import listing

    text = "\n".join(line for o in results["docker"] for line in listing(_files(o)))
    assert "DEFINER=`root`@`localhost`" in text and "`root`@`%`" not in text


def _outcome(definer: str, tmp: Path) -> CaseOutcome:
    """A real binlog (from replbed's own writer) of one CREATE TRIGGER with ``definer``."""
    return trigger_case(tmp / definer.replace("%", "pct"), definer)


def test_parity_checker_reports_a_definer_difference(tmp_path: Path):
    a, b = _outcome("localhost", tmp_path), _outcome("%", tmp_path)
    assert outcome_differences(a, a, _files(a), _files(a)) == []
    diffs = outcome_differences(a, b, _files(a), _files(b))
    assert len(diffs) == 1 and "`root`@`localhost`" in diffs[0] and "`root`@`%`" in diffs[0]
    b.statements[0].error_code = 1449
    assert any("error None vs 1449" in d for d in outcome_differences(a, b, _files(a), _files(b)))


def test_summary_checker_reports_a_changed_verdict():
    rec = {"case": "c", "format": "ROW", "events_match": True, "tables_match": True, "seconds": 1.0}
    assert summary_differences([rec], [dict(rec, seconds=9.0)]) == []
    assert summary_differences([rec], [dict(rec, events_match=False)]) == [
        "c ROW: events_match=True vs False"]
    assert summary_differences([rec], []) == ["c ROW: only in the first run"]


def test_stored_object_selection():
    from harness.workload import parse_workload

    (yes, no) = parse_workload(
        "[case yes]\nsetup: CREATE TABLE t (a INT)\n"
        "con1: CREATE DEFINER=`root`@`%` TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.a = 1\n"
        "[case no]\nsetup: CREATE TABLE t (a INT)\ncon1: INSERT INTO t VALUES (1)\n", "t.wl")
    assert creates_stored_objects(yes) and not creates_stored_objects(no)
