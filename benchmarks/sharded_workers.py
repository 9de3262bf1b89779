"""Wall time of a sharded regression on 1 vs N Celery workers, per-shard cost, and summary parity.

For each worker count in ``--workers`` it starts the Celery cluster of
``tests/dags/celery_cluster.py`` (PostgreSQL, redis-server as broker, an FTP
run store and Airflow's api-server/scheduler/dag-processor on a private
bridge; each ``airflow celery worker --concurrency 1`` in a network namespace
of its own), triggers ``binlog_regression_sharded`` with the same cases and
``--shards``, and records from Airflow's metadata DB the DAG run's wall time,
every task's duration and the worker (hostname) that ran it. With
``--compare DIR`` (a ``replbed run`` of the same cases) each run's
summary.json must equal it record for record.

    .venv/bin/python benchmarks/sharded_workers.py --workers 1 2 --shards 4 \\
        [--case GLOB] [--formats ...] [--compare runs/<replbed run>] --out runs/bench-workers

Writes ``<out>/result.json`` and prints one line per worker count and the
per-shard figures. Needs root (network namespaces), redis-server, PostgreSQL
(``bash scripts/cluster_setup.sh``).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.dags.celery_cluster import CeleryCluster, missing  # noqa: E402
from tests.dags.test_binlog_regression_sharded_dag import COMPARED  # noqa: E402


def _key(rec: dict) -> tuple[str, str]:
    return rec["case"], rec["format"]


def _secs(a, b) -> float | None:  # noqa: ANN001 - datetimes from the DB
    return (b - a).total_seconds() if a and b else None


def one(workers: int, args: argparse.Namespace, out: Path) -> dict:
    run_id = f"w{workers}"
    conf: dict = {"shards": args.shards, "formats": args.formats}
    if args.case:
        conf["cases"] = args.case
    t0 = time.monotonic()
    with CeleryCluster(out / f"cluster-{run_id}", workers=workers) as c:
        up = time.monotonic() - t0
        c.trigger(run_id, conf)
        state = c.wait(run_id, timeout=args.timeout)
        tis = c.task_instances(run_id)
        run = c.query("SELECT start_date, end_date FROM dag_run WHERE dag_id = :d AND run_id = :r",
                      d=c.DAG_ID, r=run_id)[0]
        shutil.copy(c.run_dir(run_id) / "summary.json", out / f"summary-{run_id}.json")
        shutil.copy(c.run_dir(run_id) / "plan.json", out / f"plan-{run_id}.json")
        plan = json.loads((c.run_dir(run_id) / "plan.json").read_text())
        logs = {f"replbed-w{i + 1}": [str(p.relative_to(c.workdir)) for p in c.task_logs(i, run_id, "collect_shard")]
                for i in range(workers)}
    tasks = [{"task": t["task_id"], "map_index": t["map_index"], "state": t["state"], "worker": t["hostname"],
              "seconds": _secs(t["start_date"], t["end_date"])} for t in tis]
    return {"workers": workers, "state": state, "cluster_start_s": round(up, 1),
            "dag_run_s": _secs(run[0], run[1]), "pairs": len(plan["pairs"]), "tasks": tasks,
            "collect_shard_logs": logs}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--shards", type=int, default=4)
    ap.add_argument("--case", default=None, help="case glob(s), comma separated (default: the whole corpus)")
    ap.add_argument("--formats", nargs="+", default=["STATEMENT", "ROW", "MIXED"])
    ap.add_argument("--compare", type=Path, default=None, help="a replbed run of the same cases")
    ap.add_argument("--timeout", type=float, default=4 * 3600)
    ap.add_argument("--out", type=Path, default=ROOT / "runs" / "bench-workers")
    args = ap.parse_args(argv)
    if why := missing():
        print(f"cannot start a Celery cluster: {why}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    results = []
    ok = True
    for n in args.workers:
        r = one(n, args, args.out)
        summary = json.loads((args.out / f"summary-w{n}.json").read_text())
        r["passed"] = sum(1 for x in summary if x.get("status") == "pass")
        if args.compare:
            ref = json.loads((args.compare / "summary.json").read_text())
            same = ([{k: x.get(k) for k in COMPARED} for x in sorted(summary, key=_key)]
                    == [{k: x.get(k) for k in COMPARED} for x in sorted(ref, key=_key)])
            r["equals_replbed_run"] = same
            ok &= same
        shards = [t for t in r["tasks"] if t["task"] == "collect_shard"]
        r["shards_per_worker"] = {w: sorted(t["map_index"] for t in shards if t["worker"] == w)
                                  for w in sorted({t["worker"] for t in shards})}
        results.append(r)
        (args.out / "result.json").write_text(json.dumps(results, indent=1, default=str))
        steps = {t["task"]: t["seconds"] for t in r["tasks"] if t["task"] != "collect_shard"}
        print(f"{n} worker(s): {r['state']}, DAG run {r['dag_run_s']:.0f} s, {r['passed']}/{len(summary)} pass, "
              f"shards per worker {r['shards_per_worker']}, collect_shard "
              + ", ".join(f"{t['seconds']:.0f}s@{t['worker']}" for t in shards)
              + f"; other steps {json.dumps({k: round(v or 0) for k, v in steps.items()})}"
              + (f"; equals replbed run: {r['equals_replbed_run']}" if args.compare else ""), flush=True)
        ok &= r["state"] == "success"
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
