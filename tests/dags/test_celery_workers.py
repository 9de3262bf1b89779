"""The sharded DAG on two Celery workers, each in its own network namespace, the run on a network store.

Airflow 3 with the CeleryExecutor (redis-server as the broker, PostgreSQL as
metadata DB and result backend), the scheduler, api-server and dag-processor
on a private bridge, and two ``airflow celery worker`` processes in network
namespaces of their own (tests/dags/celery_cluster.py). The run directory is
on an FTP server on that bridge: a worker reaches it only over the network.
The DAG run must succeed, its shards must have run on both workers (the task
instances' hostnames, and each worker's own task-log folder), and nothing may
be left behind: no process in the namespaces, no namespace, no bridge.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.dags.celery_cluster import CeleryCluster, missing
from tests.dags.test_binlog_regression_sharded_dag import COMPARED, _mariadbd

ROOT = Path(__file__).resolve().parents[2]

# Under CI (CI=true) a missing piece fails the test instead of skipping it: a distributed
# path that CI does not exercise would go unseen (scripts/cluster_setup.sh installs them).
pytestmark = [
    pytest.mark.slow, pytest.mark.server,
    pytest.mark.skipif(_mariadbd() is None, reason="needs mariadbd"),
    pytest.mark.skipif(missing() is not None and not os.environ.get("CI"), reason=str(missing())),
]


def _run_on_two_workers(tmp_path: Path, run_id: str, conf: dict) -> tuple[list[dict], list[dict], dict]:
    """Trigger the sharded DAG on a 2-worker cluster; return (task instances, summary, facts)."""
    assert missing() is None, missing()
    with CeleryCluster(tmp_path / "cluster", workers=2) as c:
        namespaces, bridge = list(c.link.namespaces), c.link.bridge  # type: ignore[union-attr]
        c.trigger(run_id, conf)
        state = c.wait(run_id)
        tis = c.task_instances(run_id)
        assert state == "success", c.failed_task_logs(run_id) + f"\n{tis}\n" + c.tails()
        logs = {f"replbed-w{i + 1}": c.task_logs(i, run_id, "collect_shard") for i in range(2)}
        run = c.run_dir(run_id)
        summary = json.loads((run / "summary.json").read_text())
        facts = {
            "logs": {w: [p.read_text(errors="replace") for p in ps] for w, ps in logs.items()},
            "shard_dirs": sorted(p.name for p in (run / "servers").iterdir() if p.name.startswith("shard-")),
            "server_data": list(run.glob("servers/*/*/data")),
            "report": (run / "report" / "index.html").is_file(),
            "diff_path": json.loads((run / "plan.json").read_text()).get("diff_path"),
        }
    # torn down: no namespace, no bridge left
    assert not [ns for ns in namespaces if ns in subprocess.run(["ip", "netns", "list"], capture_output=True,
                                                                 text=True).stdout]
    assert subprocess.run(["ip", "link", "show", bridge], capture_output=True).returncode != 0
    return tis, summary, facts


def _assert_both_workers_did_shards(tis: list[dict], facts: dict, shards: int) -> None:
    collect = [t for t in tis if t["task_id"] == "collect_shard"]
    assert [(t["map_index"], t["state"], t["pool"]) for t in collect] == \
        [(i, "success", "replbed_servers") for i in range(shards)]
    assert {t["hostname"] for t in collect} == {"replbed-w1", "replbed-w2"}, collect
    # every task ran on a worker, none in the scheduler's namespace
    assert {t["hostname"] for t in tis} <= {"replbed-w1", "replbed-w2"}, tis
    # each worker's own task logs hold the shards it ran
    for worker, texts in facts["logs"].items():
        mine = sorted(t["map_index"] for t in collect if t["hostname"] == worker)
        assert len(texts) == len(mine), (worker, mine)
        assert all("[collect] shard " in text for text in texts), worker
    assert facts["shard_dirs"] == [f"shard-{i:03d}" for i in range(shards)]
    assert not facts["server_data"]  # server data never leaves its worker
    assert facts["report"]


@pytest.mark.cluster_ci
def test_two_celery_workers_share_the_shards_of_a_run_on_a_network_store(tmp_path):
    """CI's trimmed test: 2 cases x ROW in 2 shards."""
    tis, summary, facts = _run_on_two_workers(
        tmp_path, "celery-ci", {"cases": "dml_innodb_insert,dml_innodb_update", "formats": ["ROW"], "shards": 2})
    _assert_both_workers_did_shards(tis, facts, 2)
    assert sorted((r["case"], r["status"]) for r in summary) == [("dml_innodb_insert", "pass"),
                                                                  ("dml_innodb_update", "pass")]
    assert facts["diff_path"]["engine"] == "in-process"


@pytest.mark.cluster
def test_sharded_run_on_two_celery_workers_equals_replbed_run(tmp_path):
    """dml_innodb_* (3 cases) x ROW, MIXED in 3 shards on two workers; the summary is `replbed run`'s,
    record for record."""
    cases, formats = "dml_innodb_*", ["ROW", "MIXED"]
    tis, sharded, facts = _run_on_two_workers(tmp_path, "celery-full",
                                              {"cases": cases, "formats": formats, "shards": 3})
    _assert_both_workers_did_shards(tis, facts, 3)
    r = subprocess.run([sys.executable, "-m", "harness.cli", "run", "--case", cases, "--formats", *formats,
                        "--out", str(tmp_path / "runs"), "--run-id", "unsharded"],
                       capture_output=True, text=True, timeout=1800, cwd=str(ROOT))
    assert r.returncode in (0, 1), r.stdout[-3000:] + r.stderr[-3000:]
    unsharded = json.loads((tmp_path / "runs" / "unsharded" / "summary.json").read_text())

    def key(rec: dict) -> tuple[str, str]:
        return rec["case"], rec["format"]
    assert len(unsharded) == len(sharded) > 4
    assert [{k: x.get(k) for k in COMPARED} for x in sorted(sharded, key=key)] == \
        [{k: x.get(k) for k in COMPARED} for x in sorted(unsharded, key=key)]
