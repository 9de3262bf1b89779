"""The Spark diff on a real standalone cluster (master + worker from the installed pyspark) equals local[*]."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import psutil
import pytest

from harness.pipeline.spark_cluster import ClusterError, StandaloneCluster
from tests.pipeline.conftest import FIXTURE_RUN

ROOT = Path(__file__).resolve().parents[2]

# A script file, not ``python -c``: pyspark.sql.connect takes a __main__ without __file__ for
# its doctest runner and exits 0 on import.
_ANALYZE = ("import sys\nfrom pathlib import Path\n"
            "from harness.pipeline.regression import analyze_run, decode_run\n"
            "decode_run(Path(sys.argv[1]))\n"
            "analyze_run(Path(sys.argv[1]), validate=False)\n")


def _analyze_on(master: str, tmp_path: Path, name: str, *, env_extra: dict | None = None) -> Path:
    """Copy the fixture run, point its plan at ``master``, decode and analyze it in a fresh process.

    The diff must run in Spark on ``master``: the console says so, the plan
    records it (``diff_path``), and the session on that master was started.
    """
    run = tmp_path / name
    shutil.copytree(FIXTURE_RUN, run, ignore=shutil.ignore_patterns("records"))
    plan = json.loads((run / "plan.json").read_text())
    plan["spark_master"] = master
    (run / "plan.json").write_text(json.dumps(plan))
    env = {k: v for k, v in os.environ.items() if k not in ("REPLBED_SPARK_MASTER", "REPLBED_LOCAL_DIFF_MAX_EVENTS")}
    env.update({"PYTHONPATH": str(ROOT), "SPARK_LOCAL_IP": "127.0.0.1", "REPLBED_SPARK_DRIVER_MEMORY": "1g"})
    env.update(env_extra or {})
    script = tmp_path / "analyze.py"
    script.write_text(_ANALYZE)
    r = subprocess.run([sys.executable, str(script), str(run)], env=env, capture_output=True, text=True,
                       timeout=900)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    assert f"session on {master} ready" in r.stdout, r.stdout[-3000:]
    assert f"diff: spark diff on {master} (" in r.stdout, r.stdout[-3000:]  # the console says which path
    path = json.loads((run / "plan.json").read_text())["diff_path"]
    assert (path["engine"], path["spark_master"]) == ("spark", master), path
    assert (run / "diff" / "summary_full.json").is_file(), r.stdout[-3000:] + r.stderr[-3000:]
    return run


def _completed_apps(cluster: StandaloneCluster) -> list[str]:
    import urllib.request

    with urllib.request.urlopen(f"http://127.0.0.1:{cluster.webui_port}/json/", timeout=5) as r:
        state = json.loads(r.read())
    return [a["name"] for a in state["completedapps"]]


def _rows(path: Path) -> list[dict]:
    import pyarrow.parquet as pq

    rows = pq.read_table(path).to_pylist()
    return sorted(rows, key=lambda r: json.dumps(r, sort_keys=True, default=str))


@pytest.mark.slow
@pytest.mark.cluster_ci
@pytest.mark.spark
def test_a_named_master_runs_the_diff_even_below_the_in_process_threshold(tmp_path):
    """CI's trimmed cluster test: the fixture run (272 events, far below the in-process
    threshold) with the plan naming a standalone master is diffed there, and its
    summary is the in-process one's."""
    with StandaloneCluster(tmp_path / "cluster", workers=1, cores=1, memory="1g") as cluster:
        assert cluster.alive_workers() == 1
        run = _analyze_on(cluster.master_url, tmp_path, "cluster_run")
        assert _completed_apps(cluster) == ["replbed-pipeline"]
        pids = cluster.jvm_pids()
    assert not [p for p in pids if psutil.pid_exists(p) and psutil.Process(p).status() != "zombie"]
    from harness.pipeline.regression import analyze_run

    local = tmp_path / "local_run"
    shutil.copytree(run, local, ignore=shutil.ignore_patterns("diff"))
    plan = json.loads((local / "plan.json").read_text())
    plan["spark_master"] = "local[*]"
    (local / "plan.json").write_text(json.dumps(plan))
    analyze_run(local, validate=False, progress=None)
    assert json.loads((local / "plan.json").read_text())["diff_path"]["engine"] == "in-process"
    full = [sorted(json.loads((r / "diff" / "summary_full.json").read_text()), key=lambda r: (r["case"], r["format"]))
            for r in (run, local)]
    assert len(full[0]) == 6 and full[0] == full[1]


@pytest.mark.slow
@pytest.mark.cluster
@pytest.mark.spark
def test_diff_on_a_standalone_cluster_equals_local(tmp_path):
    with StandaloneCluster(tmp_path / "cluster", workers=1, cores=1, memory="1g") as cluster:
        assert cluster.alive_workers() == 1
        on_cluster = _analyze_on(cluster.master_url, tmp_path, "cluster_run")
        apps = _completed_apps(cluster)
        pids = cluster.jvm_pids()
        assert len(pids) >= 2  # master and worker JVMs
    # the job ran there: the master lists the pipeline's application as completed
    assert apps == ["replbed-pipeline"]
    # no leaked JVM: master, worker and executors are gone
    assert not [p for p in pids if psutil.pid_exists(p) and psutil.Process(p).status() != "zombie"]

    # local[*] is not a named master: below the threshold it would diff in process, so
    # the threshold is set to 0 to compare the Spark jobs' outputs file by file
    local = _analyze_on("local[*]", tmp_path, "local_run", env_extra={"REPLBED_LOCAL_DIFF_MAX_EVENTS": "0"})
    full = [json.loads((run / "diff" / "summary_full.json").read_text()) for run in (on_cluster, local)]
    assert sorted(full[0], key=lambda r: (r["case"], r["format"])) == \
        sorted(full[1], key=lambda r: (r["case"], r["format"]))
    assert len(full[0]) == 6
    for name in ("event_diff", "gtid_layout", "table_cases", "outcome_cases", "summary"):
        parts = [sorted((run / "diff" / f"{name}.parquet").glob("*.parquet")) for run in (on_cluster, local)]
        assert parts[0] and parts[1]
        assert [r for p in parts[0] for r in _rows(p)] == [r for p in parts[1] for r in _rows(p)], name


def test_a_cluster_that_cannot_start_is_one_clear_error(tmp_path, monkeypatch):
    """A SPARK_HOME without spark-class: the error names the master URL, and nothing is left running."""
    (tmp_path / "fake" / "bin").mkdir(parents=True)
    script = tmp_path / "fake" / "bin" / "spark-class"
    script.write_text("#!/bin/sh\necho 'no jars here' >&2\nexit 3\n")
    script.chmod(0o755)
    monkeypatch.setenv("SPARK_HOME", str(tmp_path / "fake"))
    cluster = StandaloneCluster(tmp_path / "c", start_timeout=20)
    with pytest.raises(ClusterError, match=r"spark://127\.0\.0\.1:\d+: a process exited"):
        cluster.start()
    assert all(p.poll() is not None for p in cluster.procs)
