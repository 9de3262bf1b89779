"""A regression run whose collection is split into case shards, for several workers.

Why: collection runs the cases one after another on one pair of servers, and
it is the part of a run that grows with the corpus. Cases are independent
(each starts from ``RESET MASTER`` and a fresh database), so they can be cut
into shards, each shard starting its own reference and replbed servers on the
worker that runs it. The ``binlog_regression_sharded`` DAG maps
``collect_shard`` over the shards (Airflow dynamic task mapping) in a pool
that caps how many servers run at once.

The run directory is a URI (``harness.pipeline.store``): shards collect into
a local scratch directory and push ``cases/`` and their servers' logs to it;
the steps after collection run the unchanged ``harness.pipeline.regression``
functions on a staged copy. Shard *i*'s servers log under
``servers/shard-<i>/<side>/``.

Every case x format is collected exactly once, whatever the number of
shards, so a sharded run's summary is the unsharded run's (the DAG test
asserts it).
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import tempfile
import time
from pathlib import Path

from harness.config import RunConfig
from harness.pipeline.regression import (SIDES, Progress, _progress, analyze_run, decode_run, final_verdict,
                                         plan_run, plan_settings, replay_run, report_run, teardown_run)
from harness.pipeline.store import RunStore, as_store, stage_root

#: The Airflow pool that caps concurrent servers; a shard holds two slots (its two servers).
SERVER_POOL = "replbed_servers"
SERVERS_PER_SHARD = len(SIDES)
#: Slots of the pool the project's setup creates (two shards, or one shard and a replay, at once).
DEFAULT_POOL_SLOTS = 4


def config_from_params(params: dict, airflow_run_id: str, repo_root: Path) -> RunConfig:
    """The DAG's params -> ``RunConfig`` (workload globs relative to the repository)."""
    from harness.pipeline.regression import safe_run_id
    from harness.profile import DEFAULT_PROFILE

    globs = tuple(g.strip() for g in (params.get("cases") or "").split(",") if g.strip() not in ("", "*"))
    workloads = str(params.get("workloads") or "workloads/*.wl")
    if not Path(workloads).is_absolute():
        workloads = str(repo_root / workloads)
    return RunConfig(
        workloads=workloads,
        formats=tuple(str(f).upper() for f in params.get("formats") or ("STATEMENT", "ROW", "MIXED")),
        provider=params.get("provider") or "local",
        run_id=params.get("run_id") or safe_run_id(airflow_run_id),
        spark_master=params.get("spark_master") or "local[*]",
        cases=globs,
        profile=params.get("profile") or DEFAULT_PROFILE,
    )


def plan_sharded(config: RunConfig, runs_uri: str, *, replbed_provider: str = "replbed") -> str:
    """Plan a run (``plan.json``) into ``<runs_uri>/<run_id>``; return the run's URI.

    The plan is resolved locally (workload files are read where the DAG runs)
    and written through the store, so shards on other workers find it.
    """
    runs = as_store(runs_uri)
    if runs.is_local:
        run_dir = plan_run(dataclasses.replace(config, out_dir=runs.local_path),
                           replbed_provider=replbed_provider)
        return str(run_dir)
    scratch = Path(tempfile.mkdtemp(prefix="replbed-plan-", dir=stage_root()))
    try:
        run_dir = plan_run(dataclasses.replace(config, out_dir=scratch),
                           replbed_provider=replbed_provider)
        run = runs.child(run_dir.name)
        run.push(run_dir)
        return run.uri
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def load_plan(run_uri: str) -> dict:
    plan: dict = json.loads(as_store(run_uri).read_text("plan.json"))
    return plan


def shard_cases(run_uri: str, shards: int) -> list[list[str]]:
    """The planned cases cut into at most ``shards`` shards of about equal case x format count.

    Deterministic: largest case first into the least loaded shard, ties to the
    lower shard; each shard keeps corpus order. Empty shards are dropped.
    """
    if shards < 1:
        raise ValueError(f"shards must be at least 1, not {shards}")
    plan = load_plan(run_uri)
    order = {c["name"]: i for i, c in enumerate(plan["cases"])}
    weight = {c["name"]: max(1, len(c.get("formats") or [])) for c in plan["cases"]}
    load = [0] * shards
    out: list[list[str]] = [[] for _ in range(shards)]
    for name in sorted(order, key=lambda n: (-weight[n], order[n])):
        i = min(range(shards), key=lambda k: (load[k], k))
        out[i].append(name)
        load[i] += weight[name]
    return [sorted(s, key=order.__getitem__) for s in out if s]


def collect_shard(run_uri: str, index: int, cases: list[str],
                  progress: Progress | None = _progress) -> list[dict]:
    """Run ``cases`` on both sides with this shard's own servers; push the results to the run.

    The servers and the cases' results live in a local scratch directory
    while the shard runs; ``cases/`` and the servers' logs are pushed to the
    run URI, the servers' data directories are dropped with the scratch.
    """
    from harness.providers import get_provider
    from harness.runner import run_side
    from harness.workload import load_workloads

    store = as_store(run_uri)
    plan = load_plan(run_uri)
    wanted = set(cases)
    unknown = wanted - {c["name"] for c in plan["cases"]}
    if unknown:
        raise ValueError(f"shard {index}: cases not in the plan: {sorted(unknown)[:3]}")
    loaded = [c for c in load_workloads(plan["workloads"]) if c.name in wanted]
    scratch = Path(tempfile.mkdtemp(prefix=f"replbed-shard-{index}-", dir=stage_root()))
    results: list[dict] = []
    t0 = time.monotonic()
    try:
        for side in SIDES:
            provider = get_provider(plan["provider"] if side == "reference" else plan["replbed_provider"])
            outcomes = run_side(scratch, side, provider, loaded, plan["formats"], progress,
                                settings=plan_settings(plan))
            results += [{"case": o.case, "format": o.format, "side": side, "status": o.status,
                         "error": o.error} for o in outcomes]
        n = store.push(scratch / "cases", "cases")
        if (scratch / "servers").is_dir():
            store.push(scratch / "servers", f"servers/shard-{index:03d}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if progress:
        failed = sum(1 for r in results if r["status"] == "failed")
        progress(f"[collect] shard {index}: {len(cases)} cases, {len(results)} case x format x side "
                 f"({failed} failed), {n} files pushed to {store.uri}, {time.monotonic() - t0:.1f}s")
    return results


def missing_pairs(run_uri: str) -> list[str]:
    """Planned case x format x side with no ``outcome.json`` in the run (a shard that never ran)."""
    store = as_store(run_uri)
    plan = load_plan(run_uri)
    have = set(store.files("cases"))
    return [f"{p['case']} {p['format']} {side}" for p in plan["pairs"] for side in SIDES
            if f"cases/{p['case']}/{p['format']}/{side}/outcome.json" not in have]


# -- the steps after collection, on a staged copy of the run --------------------


def decode_step(run_uri: str) -> dict:
    with as_store(run_uri).staged("decode") as run_dir:
        return decode_run(run_dir)


def replay_step(run_uri: str) -> list[dict]:
    with as_store(run_uri).staged("replay") as run_dir:
        return replay_run(run_dir)


def analyze_step(run_uri: str) -> list[dict]:
    with as_store(run_uri).staged("analyze") as run_dir:
        return analyze_run(run_dir)


def report_step(run_uri: str) -> str:
    store = as_store(run_uri)
    with store.staged("report") as run_dir:
        path = report_run(run_dir)
        teardown_run(run_dir)
    return store.uri.rstrip("/") + "/" + path.relative_to(run_dir).as_posix()


def verdict_step(run_uri: str) -> tuple[bool, str]:
    """``final_verdict`` of the run, plus any planned pair no shard collected."""
    store = as_store(run_uri)
    missing = missing_pairs(run_uri)
    if missing:
        return False, f"{len(missing)} planned case x format x side not collected; first: {missing[0]}"
    if store.is_local:
        return final_verdict(store.local_path)
    scratch = Path(tempfile.mkdtemp(prefix="replbed-verdict-", dir=stage_root()))
    try:
        if store.exists("summary.json"):
            (scratch / "summary.json").write_bytes(store.read_bytes("summary.json"))
        passed, line = final_verdict(scratch)
        return passed, line.replace(str(scratch), store.uri)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def run_sharded(config: RunConfig, runs_uri: str, shards: int, *,
                replbed_provider: str = "replbed") -> tuple[str, list[dict]]:
    """Every step in one process, shard after shard (the DAG's order without Airflow)."""
    run_uri = plan_sharded(config, runs_uri, replbed_provider=replbed_provider)
    for i, cases in enumerate(shard_cases(run_uri, shards)):
        collect_shard(run_uri, i, cases)
    decode_step(run_uri)
    replay_step(run_uri)
    summary = analyze_step(run_uri)
    report_step(run_uri)
    return run_uri, summary


__all__ = ["DEFAULT_POOL_SLOTS", "SERVERS_PER_SHARD", "SERVER_POOL", "RunStore", "analyze_step",
           "collect_shard", "decode_step", "missing_pairs", "plan_sharded", "replay_step", "report_step",
           "run_sharded", "shard_cases", "verdict_step"]
