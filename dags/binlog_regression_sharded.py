"""Airflow 3 DAG ``binlog_regression_sharded``: the regression with collection mapped over case shards.

    plan -> shards -> collect_shard[0..n) -> decode -> replay -> analyze -> report -> verdict

``collect_shard`` is dynamically mapped (``.expand``) over the case shards;
each mapped instance starts its own reference and replbed servers and takes
two slots of the ``replbed_servers`` pool (one per server), so the pool's
size caps the servers running at once across the whole installation
(``make airflow-db`` creates it; ``replay`` takes two slots too). The run
directory is a URI (param ``runs_uri``, ``$REPLBED_RUNS_URI`` or the runs
dir): a path for one machine, or shared storage any fsspec protocol reaches
for workers on several (harness/pipeline/store.py).

Thin by design: every task calls one function of ``harness.pipeline.sharded``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pendulum
from airflow.sdk import Param, TriggerRule, dag, get_current_context, task

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:  # the harness package, when not pip-installed
    sys.path.insert(0, str(REPO_ROOT))

from harness.config import BINLOG_FORMATS, runs_dir  # noqa: E402 - after sys.path; light
from harness.pipeline.sharded import SERVER_POOL, SERVERS_PER_SHARD  # noqa: E402 - after sys.path; light
from harness.profile import DEFAULT_PROFILE, PROFILES  # noqa: E402

FORMATS = list(BINLOG_FORMATS)


def _runs_uri() -> str:
    return os.environ.get("REPLBED_RUNS_URI") or str(runs_dir())


@dag(
    dag_id="binlog_regression_sharded",
    description="The replbed regression with collection mapped over case shards (pool-capped servers)",
    schedule=None,
    start_date=pendulum.datetime(2026, 1, 1, tz="UTC"),
    catchup=False,
    tags=["replbed", "regression", "sharded"],
    default_args={"retries": 0},
    params={
        "workloads": Param("workloads/*.wl", type="string", description="glob of workload files"),
        "formats": Param(FORMATS, type="array", items={"type": "string", "enum": FORMATS}),
        "provider": Param("local", type="string", enum=["local", "docker"]),
        "profile": Param(DEFAULT_PROFILE, type="string", enum=list(PROFILES)),
        "cases": Param("*", type="string", description="case-name glob(s), comma separated"),
        "spark_master": Param(os.environ.get("REPLBED_SPARK_MASTER", "local[*]"), type="string"),
        "replbed_provider": Param("replbed", type="string", enum=["replbed", "local"]),
        "run_id": Param(None, type=["null", "string"]),
        "shards": Param(4, type="integer", minimum=1, description="number of case shards"),
        "runs_uri": Param(None, type=["null", "string"],
                          description="directory of runs as a URI (path, ftp://, s3://…); default $REPLBED_RUNS_URI"),
    },
)
def binlog_regression_sharded():
    @task
    def plan() -> str:
        from harness.pipeline.sharded import config_from_params, plan_sharded

        ctx = get_current_context()
        p = ctx["params"]
        config = config_from_params(p, ctx["run_id"], REPO_ROOT)
        return plan_sharded(config, p.get("runs_uri") or _runs_uri(), replbed_provider=p["replbed_provider"])

    @task
    def shards(run_uri: str) -> list[dict]:
        from harness.pipeline.sharded import shard_cases

        n = int(get_current_context()["params"]["shards"])
        return [{"index": i, "cases": c} for i, c in enumerate(shard_cases(run_uri, n))]

    @task(pool=SERVER_POOL, pool_slots=SERVERS_PER_SHARD)
    def collect_shard(run_uri: str, shard: dict) -> list[dict]:
        from harness.pipeline.sharded import collect_shard as collect

        return collect(run_uri, shard["index"], shard["cases"])

    @task
    def decode(run_uri: str) -> str:
        from harness.pipeline.sharded import decode_step

        decode_step(run_uri)
        return run_uri

    @task(pool=SERVER_POOL, pool_slots=SERVERS_PER_SHARD)
    def replay(run_uri: str) -> str:
        from harness.pipeline.sharded import replay_step

        replay_step(run_uri)
        return run_uri

    @task
    def analyze(run_uri: str) -> str:
        from harness.pipeline.sharded import analyze_step

        analyze_step(run_uri)
        return run_uri

    @task(trigger_rule=TriggerRule.ALL_DONE)
    def report(run_uri: str) -> str:
        from harness.pipeline.sharded import report_step

        return report_step(run_uri)

    @task(trigger_rule=TriggerRule.ALL_DONE)
    def verdict(run_uri: str) -> str:
        from airflow.sdk.exceptions import AirflowFailException

        from harness.pipeline.sharded import verdict_step

        passed, line = verdict_step(run_uri)
        if not passed:
            raise AirflowFailException(line)
        return line

    run_uri = plan()
    collected = collect_shard.partial(run_uri=run_uri).expand(shard=shards(run_uri))
    decoded = decode(run_uri)
    collected >> decoded
    reported = report(run_uri)
    analyze(replay(decoded)) >> reported
    reported >> verdict(run_uri)


binlog_regression_sharded()
