"""The regression run, step by step; shared by ``replbed run`` and the Airflow DAG.

Every step takes the run directory (``runs/<run_id>/``, layout in
docs/ARCHITECTURE.md) and leaves its results there, so the steps can run in
one process (``run_regression``) or as separate Airflow tasks:

    plan_run(config) -> run_dir          plan.json
    collect(run_dir, side)               cases/<case>/<FORMAT>/<side>/{binlog/*,outcome.json}
    decode_run(run_dir)                  records/{events,tables,outcomes,status}.parquet
    replay_run(run_dir)                  diff/replay.parquet (each side's binlog replayed into a real MariaDB)
    analyze_run(run_dir, spark=None)     diff/*.parquet, diff/*.json, summary.json (+ the shared GX project)
    report_run(run_dir) -> Path          report/index.html (+ text summary on stdout)
"""

from __future__ import annotations

import fnmatch
import functools
import json
import os
import re
import sys
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from harness.config import RunConfig, runs_dir
from harness.fsutil import atomic_write, atomic_write_json
from harness.pipeline import timing
from harness.pipeline.normalize import result_set_difference, result_set_json
from harness.pipeline.verdict import (  # noqa: F401 (is_pass, final_verdict, pipeline_errors re-exported)
    GX_CHECK,
    check_expectations,
    final_verdict,
    gate_suites,
    is_pass,
    pipeline_errors,
    record_fields,
)

if TYPE_CHECKING:
    from harness.providers import ServerSettings

SIDES = ("reference", "replbed")
SUMMARY_KEYS = ("case", "format", "events_match", "gtid_layout_ok", "tables_match", "outcomes_match", "error",
                "replay_ok", "expectation_ok", "expectation_error", "status", "failed_checks", "reason")
#: The live replica check's fields, in summary.json only when the run planned it.
REPLICA_KEYS = ("replica_ok", "replica_error", "replica_finding")
#: A two-real-servers run's classification, in summary.json only then.
CANDIDATE_KEYS = ("classified_checks", "findings")
_BINLOG_NAME = re.compile(r"\.\d{6}$")

Progress = Callable[[str], None]


def _progress(msg: str) -> None:
    print(msg, flush=True)


@dataclass
class RegressionResult:
    run_dir: Path
    summary: list[dict]
    report_path: Path

    @property
    def failures(self) -> list[dict]:
        return [r for r in self.summary if not is_pass(r)]


def _timed(name: str | Callable[..., str]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Record the step's wall time in ``runs/<id>/timings.jsonl`` (harness/pipeline/timing.py),
    whichever process runs it: the run's overhead figure is measured in the run."""
    def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def wrapper(run_dir: Path, *args: Any, **kw: Any) -> Any:
            step = name(run_dir, *args, **kw) if callable(name) else name
            with timing.step(Path(run_dir), step):
                return fn(run_dir, *args, **kw)
        return wrapper
    return deco


def _write_parquet(path: Path, table: Any) -> None:
    import pyarrow.parquet as pq

    def write(f: Any) -> None:
        pq.write_table(table, f)
    atomic_write(path, write)


def new_run_id() -> str:
    return datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ") + "-" + uuid.uuid4().hex[:6]


def safe_run_id(text: str) -> str:
    """A run id usable as a directory name (Airflow run ids contain ':' and '+')."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("._") or new_run_id()


def load_plan(run_dir: Path) -> dict:
    return json.loads((Path(run_dir) / "plan.json").read_text())


# -- plan ----------------------------------------------------------------------


class PlanError(ValueError):
    """Bad run input (no cases, a glob matching nothing, an unwritable output dir): one line."""


def resolve_plan(config: RunConfig) -> tuple[list, list]:
    """The cases and case x format pairs ``config`` names; ``PlanError`` (one line) if none.

    Checked before any server starts, by ``replbed run``, ``make run`` and the
    DAG's plan task alike: an empty workload, a case glob that matches nothing
    and an output directory that cannot be written are input errors, not runs.
    """
    from harness.runner import plan as runner_plan
    from harness.workload import WorkloadError, load_workloads

    try:
        cases = load_workloads(config.workloads)
    except WorkloadError as exc:
        raise PlanError(f"workload error: {exc}") from exc
    if not cases:
        raise PlanError(f"workloads {config.workloads!r}: no cases (empty workload)")
    if config.cases:
        unmatched = [g for g in config.cases if not any(fnmatch.fnmatchcase(c.name, g) for c in cases)]
        if unmatched:
            raise PlanError(f"case glob {unmatched[0]!r} matches no case in {config.workloads!r} "
                            f"({len(cases)} cases)")
        cases = [c for c in cases if any(fnmatch.fnmatchcase(c.name, g) for g in config.cases)]
    skipped = not_applicable(config, cases)
    if skipped and len(skipped) == len(cases):
        raise PlanError(f"no case applies to {config.reference}: {skipped[0]['case']} is for "
                        f"{', '.join(skipped[0]['servers'])} only ({len(cases)} cases)")
    cases = [c for c in cases if c.name not in {s["case"] for s in skipped}]
    pairs = runner_plan(cases, config.formats)
    if not pairs:
        raise PlanError(f"no case x format to run: cases {[c.name for c in cases][:5]} do not run in "
                        f"formats {list(config.formats)}")
    check_writable(Path(config.out_dir))
    return cases, pairs


def run_kinds(config: RunConfig) -> tuple[str, ...]:
    """The real server kinds a run's statements meet: the reference, and the candidate
    when it is a real kind (replbed imitates the reference)."""
    return (config.reference,) + ((config.candidate,) if config.candidate != "replbed" else ())


def not_applicable(config: RunConfig, cases: list) -> list[dict]:
    """The cases whose ``servers =`` excludes a kind of this run: listed in the plan,
    the summary and the report as not applicable, never silently left out."""
    profiles = {config.reference: config.profile}
    if config.candidate != "replbed":
        profiles.setdefault(config.candidate, config.candidate_profile)
    out = []
    for c in cases:
        missing = [f"{k} ({profiles.get(k)})" if _names_profile_of(c, k) else k
                   for k in run_kinds(config) if not c.applies_to(k, profiles.get(k))]
        if missing:
            out.append({"case": c.name, "servers": list(c.servers), "not_for": missing,
                        "reason": c.servers_reason or f"the case is for {', '.join(c.servers)} only",
                        "source": str(c.source)})
    return out


def _names_profile_of(case: Any, kind: str) -> bool:
    """Whether ``servers =`` of ``case`` names a profile of ``kind`` (then the profile excludes it)."""
    from harness.profile import PROFILES

    return any(s in PROFILES and kind in PROFILES[s].kinds for s in case.servers)


def check_writable(out_dir: Path) -> None:
    """``PlanError`` unless ``out_dir`` exists (or can be created) and takes a file."""
    import tempfile

    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=out_dir, prefix=".replbed-write-test-"):
            pass
    except OSError as exc:
        raise PlanError(f"output directory {str(out_dir)!r} is not writable: "
                        f"{exc.strerror or exc}") from exc


def plan_run(config: RunConfig, *, replbed_provider: str = "replbed") -> Path:
    """Resolve workloads and case globs into ``runs/<run_id>/plan.json``; return the run dir.

    ``replbed_provider`` is the provider of the replbed side: ``replbed``
    (``replbed serve``), or ``local`` to run a second real MariaDB there while
    the reimplementation is incomplete (checks the pipeline itself).
    """
    t0 = time.time()
    cases, pairs = resolve_plan(config)
    from harness.workload import load_workloads

    matched = [c for c in load_workloads(config.workloads)
               if not config.cases or any(fnmatch.fnmatchcase(c.name, g) for g in config.cases)]
    skipped = not_applicable(config, matched)
    run_id = safe_run_id(config.run_id) if config.run_id else new_run_id()
    run_dir = (Path(config.out_dir) / run_id).resolve()
    run_dir.mkdir(parents=True, exist_ok=True)
    plan = {
        "run_id": run_id,
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "workloads": config.workloads,
        "case_globs": list(config.cases),
        "formats": list(config.formats),
        "provider": config.provider,
        "replbed_provider": replbed_provider,
        "flavor": config.flavor,
        "profile": config.profile,
        "reference": config.reference,
        "candidate": config.candidate,
        "candidate_profile": config.candidate_profile,
        "live_replica": config.live_replica,
        "spark_master": config.spark_master,
        "cases": [
            {"name": c.name, "rule": c.rule, "seed": c.seed, "description": c.description,
             "source": str(c.source), "line": c.line, "formats": [f for f in config.formats if f in c.formats]}
            for c in cases
        ],
        "pairs": [{"case": c.name, "format": f} for c, f in pairs],
        "not_applicable": skipped,
    }
    atomic_write_json(run_dir / "plan.json", plan)
    (run_dir / timing.TIMINGS).unlink(missing_ok=True)  # a re-used run id starts afresh
    timing.record(run_dir, "plan", t0, time.time())
    from harness.pipeline.console import say

    say(f"replbed run {run_id}: {len(cases)} cases, {len(pairs)} case x format -> {run_dir}")
    if skipped:
        say(f"  {len(skipped)} cases not applicable to this pair of servers (not run; listed in the report)")
    for na in skipped:
        _progress(f"[plan] not applicable to {', '.join(na['not_for'])}: {na['case']} ({na['reason']})")
    return run_dir


# -- collect -------------------------------------------------------------------


def plan_settings(plan: dict, side: str = "reference") -> "ServerSettings":
    """The server settings a side's servers start with (its collection and its replay).

    Both sides share the reference's profile, unless the candidate is another real
    kind (an upgrade check): that side then runs with its own kind's profile."""
    from harness.profile import get_profile
    from harness.providers import ServerSettings

    kind = side_kind(plan, side)
    if side != "reference" and kind is not None and plan.get("candidate", "replbed") != "replbed":
        from harness.kinds import get_kind

        return ServerSettings(flavor=get_kind(kind).flavor, profile=get_profile(plan.get("candidate_profile")))
    return ServerSettings(flavor=plan["flavor"], profile=get_profile(plan.get("profile")))


def side_kind(plan: dict, side: str) -> str | None:
    """The real server kind that runs ``side`` (None: replbed serve)."""
    reference = plan.get("reference", "mariadb-10.11")
    if side == "reference":
        return reference
    candidate = plan.get("candidate", "replbed")
    if candidate != "replbed":
        return candidate
    return reference if plan.get("replbed_provider") == "local" else None


def replay_sides(plan: dict) -> dict[str, tuple[Any, Any]] | None:
    """(provider, settings) of each side's replay server: the kind that wrote the side's
    binlog (replbed's: the kind its flavour imitates), always local; None for a run of
    MariaDB 10.11 against replbed's flavour of it (the host's MariaDB, as before)."""
    from harness.kinds import kind_for_flavor
    from harness.providers import get_provider

    out = {}
    for side in SIDES:
        settings = plan_settings(plan, side)
        kind = side_kind(plan, side)
        if kind is None:
            real = kind_for_flavor(settings.flavor)
            kind = real.name if real is not None else plan.get("reference", "mariadb-10.11")
        out[side] = (get_provider("local", kind=kind), settings)
    if all(p.__class__.__name__ == "LocalMariaDBProvider" for p, _ in out.values()):
        return None
    return out


def side_provider(plan: dict, side: str) -> Any:
    """The provider that starts ``side``'s server: the plan's provider for a real kind
    (``local`` or ``docker``), ``replbed serve`` for replbed."""
    from harness.providers import get_provider

    kind = side_kind(plan, side)
    if kind is None:
        return get_provider("replbed")
    if side != "reference" and plan.get("candidate", "replbed") == "replbed":
        return get_provider("local", kind=kind)  # replbed_provider=local: the pipeline's own check
    return get_provider(plan["provider"], kind=kind)


@_timed(lambda run_dir, side, *a, **kw: f"collect_{side}")
def collect(run_dir: Path, side: str, progress: Progress | None = _progress) -> list[dict]:
    """Run the planned cases on one side's server; return the outcomes (as dicts).

    ``reference`` uses the plan's provider, ``replbed`` the plan's
    ``replbed_provider`` (``replbed serve`` by default). A case that fails is
    recorded in its outcome.json and does not stop the others.
    """
    from harness.runner import run_side
    from harness.workload import load_workloads

    if side not in SIDES:
        raise ValueError(f"side must be one of {SIDES}, not {side!r}")
    run_dir = Path(run_dir)
    plan = load_plan(run_dir)
    names = {c["name"] for c in plan["cases"]}
    cases = [c for c in load_workloads(plan["workloads"]) if c.name in names]
    provider = side_provider(plan, side)
    t0 = time.monotonic()
    if progress:
        progress(f"[collect] {side}: {len(plan['pairs'])} case x format on {provider.name}")
    if plan.get("live_replica"):
        from harness.pipeline.live_replica import ReplicaCheck

        with ReplicaCheck(run_dir, side, plan_settings(plan, side), progress) as check:
            outcomes = run_side(run_dir, side, provider, cases, plan["formats"], progress,
                                settings=plan_settings(plan, side), after_case=check)
    else:
        outcomes = run_side(run_dir, side, provider, cases, plan["formats"], progress,
                            settings=plan_settings(plan, side))
    failed = sum(1 for o in outcomes if o.failed)
    if progress:
        progress(f"[collect] {side}: {len(outcomes)} done, {failed} failed, "
                 f"{time.monotonic() - t0:.1f}s")
    return [{"case": o.case, "format": o.format, "status": o.status, "error": o.error}
            for o in outcomes]


# -- decode --------------------------------------------------------------------


def _decoder() -> tuple[Callable[..., list[dict]], str]:
    from harness.binlog.records import records_from_files

    return records_from_files, "harness.binlog.records"


def _rec_dict(rec: Any) -> dict:
    if isinstance(rec, dict):
        return rec
    import dataclasses

    return dataclasses.asdict(rec)


def _table_rows(outcome: dict, base: dict) -> list[dict]:
    """outcome.json ``tables`` → table-state records (rows sorted by canonical JSON)."""
    out = []
    for name, spec in sorted((outcome.get("tables") or {}).items()):
        rows = spec.get("rows", []) if isinstance(spec, dict) else spec
        full = name if "." in name else f"test.{name}"
        encoded = sorted(json.dumps(r, ensure_ascii=False) for r in rows)
        for i, rj in enumerate(encoded):
            out.append({**base, "table": full, "row_no": i, "row_json": rj})
    return out


def _outcome_rows(outcome: dict, base: dict, result_sets: bool = True) -> list[dict]:
    out = []
    for i, s in enumerate(outcome.get("statements") or []):
        exp = s.get("expected_error")
        out.append({
            **base, "step": s.get("index", s.get("step", i)), "connection": s.get("connection"),
            "sql": s.get("sql"), "line": s.get("line"), "expected_error": None if exp is None else str(exp),
            "error_code": s.get("error_code"), "error_message": s.get("error_message"),
            "warnings_json": json.dumps(s.get("warnings") or [], ensure_ascii=False),
            "ok": s.get("ok"),
            "rows_json": result_set_json(s.get("rows")) if result_sets else None,
        })
    return out


@_timed("decode")
def decode_run(run_dir: Path, progress: Progress | None = _progress,
               ready: Callable[[str, str], bool] | None = None) -> dict:
    """Binlog files + outcome.json of every planned case x format x side → records/*.parquet.

    A side whose outcome is missing, whose case failed, or whose binlog does
    not decode gets an ``error`` in ``records/status.parquet`` (its events are
    left out); everything else is kept.

    ``ready(case, format)``, when given, is polled before each pair (as the replay
    does), so the decoding runs while the sides are still being collected; the
    records come out in plan order either way.
    """

    from harness.pipeline.schemas import (EVENT_SCHEMA, OUTCOME_SCHEMA, STATUS_SCHEMA,
                                          TABLE_SCHEMA, coerce)

    run_dir = Path(run_dir)
    plan = load_plan(run_dir)
    run_id = plan["run_id"]
    # Result sets are compared between servers of one kind (replbed's flavour, or two of
    # the same real kind), not in an upgrade check, where @@version and SHOW CREATE differ.
    candidate = plan.get("candidate", "replbed")
    result_sets = candidate in ("replbed", plan.get("reference", "mariadb-10.11"))
    decode, decoder_name = _decoder()
    if progress:
        progress(f"[decode] decoder: {decoder_name}")
    events: list[dict] = []
    tables: list[dict] = []
    outcomes: list[dict] = []
    status: list[dict] = []
    t0 = time.monotonic()
    for pair in plan["pairs"]:
        case, fmt = pair["case"], pair["format"]
        while ready is not None and not ready(case, fmt):
            time.sleep(0.2)
        for side in SIDES:
            base = {"run_id": run_id, "case": case, "format": fmt, "side": side}
            d = run_dir / "cases" / case / fmt / side
            err = None
            n_events = 0
            outcome_path = d / "outcome.json"
            if not outcome_path.exists():
                err = f"{side}: not collected (no outcome.json)"
            else:
                try:
                    outcome = json.loads(outcome_path.read_text())
                except (OSError, ValueError) as exc:
                    outcome, err = {}, f"{side}: unreadable outcome.json: {exc}"
                tables += _table_rows(outcome, base)
                outcomes += _outcome_rows(outcome, base, result_sets)
                if outcome.get("status") == "failed":
                    err = f"{side}: {(outcome.get('error') or 'case failed').splitlines()[0]}"
            files = sorted(p for p in (d / "binlog").glob("*") if _BINLOG_NAME.search(p.name))
            if files:
                try:
                    recs = [_rec_dict(r) for r in decode(files, case=case, format=fmt,
                                                          side=side, run_id=run_id)]
                    for r in recs:
                        r.update(base)
                    events += recs
                    n_events = len(recs)
                except Exception as exc:  # noqa: BLE001 - a bad binlog marks this pair only
                    msg = f"{side}: binlog decode failed: {type(exc).__name__}: {exc}"
                    err = f"{err}; {msg}" if err else msg
            elif err is None:
                err = f"{side}: no binlog files collected"
            status.append({**base, "n_events": n_events, "error": err})
    rec_dir = run_dir / "records"
    rec_dir.mkdir(parents=True, exist_ok=True)
    for name, rows, schema in (("events", events, EVENT_SCHEMA), ("tables", tables, TABLE_SCHEMA),
                               ("outcomes", outcomes, OUTCOME_SCHEMA), ("status", status, STATUS_SCHEMA)):
        _write_parquet(rec_dir / f"{name}.parquet", coerce(rows, schema))
    n_err = sum(1 for s in status if s["error"])
    if progress:
        progress(f"[decode] {len(events)} events, {len(tables)} table rows, "
                 f"{len(outcomes)} statements; {n_err} side(s) with errors; "
                 f"{time.monotonic() - t0:.1f}s")
    return {"events": len(events), "tables": len(tables), "outcomes": len(outcomes),
            "errors": n_err, "decoder": decoder_name}


# -- replay --------------------------------------------------------------------


@_timed("replay")
def replay_run(run_dir: Path, progress: Progress | None = _progress,
               ready: Callable[[str, str], bool] | None = None) -> list[dict]:
    """Replay both sides' binlogs into fresh MariaDB servers and compare the tables
    (harness/pipeline/replay.py); writes ``diff/replay.parquet``."""
    from harness.pipeline.replay import replay_run as _replay

    return _replay(Path(run_dir), progress, ready=ready)


# -- analyze -------------------------------------------------------------------


def _write_df(df, path: Path) -> None:
    df.coalesce(1).write.mode("overwrite").parquet(str(path))


def _statements(outcomes_path: Path) -> dict[tuple[str, str, str], dict[int, dict]]:
    """outcomes.parquet as (case, format, side) -> step -> statement record."""
    import pyarrow.parquet as pq

    out: dict[tuple[str, str, str], dict[int, dict]] = {}
    for s in pq.read_table(outcomes_path).to_pylist():
        out.setdefault((s["case"], s["format"], s["side"]), {})[s["step"]] = s
    return out


def _answer(s: dict | None) -> str:
    if s is None:
        return "not run"
    w = json.loads(s.get("warnings_json") or "[]")
    code = f"{s['error_code']} {s.get('error_message') or ''}".strip() if s.get("error_code") else "OK"
    return code + (f", warnings {w}" if w else "")


def _details(r: dict, stmts: dict[tuple[str, str, str], dict[int, dict]]) -> str:
    """Where the failed checks of one summary record differ, for its one-line reason."""
    out = []
    failed = r.get("failed_checks") or []
    if "events_match" in failed and r.get("first_diff_seq") is not None:
        out.append(f"first differing event #{r['first_diff_seq']} ({r.get('first_diff_fields')})")
    if "outcomes_match" in failed and r.get("first_diff_statement") is not None:
        step = r["first_diff_statement"]
        a = stmts.get((r["case"], r["format"], "reference"), {}).get(step)
        b = stmts.get((r["case"], r["format"], "replbed"), {}).get(step)
        s = a or b or {}
        where = f"line {s['line']}" if s.get("line") is not None else f"statement {step + 1}"  # counted from 1
        rows = result_set_difference((a or {}).get("rows_json"), (b or {}).get("rows_json"))
        out.append(f"{where} `{(s.get('sql') or '')[:80]}`: "
                   + (f"result sets differ: {rows}" if rows and _answer(a) == _answer(b)
                      else f"reference {_answer(a)} / replbed {_answer(b)}"))
    if "tables_match" in failed and r.get("first_diff_table"):
        out.append(f"table {r['first_diff_table']}")
    if "replay_ok" in failed and r.get("replay_error"):
        out.append(f"replay: {str(r['replay_error']).splitlines()[0]}")
    if "replica_ok" in failed and r.get("replica_error"):
        out.append(f"live replica: {str(r['replica_error']).splitlines()[0]}")
    return "; ".join(out)


def judge_replica(ref: dict | None, rb: dict | None) -> dict:
    from harness.pipeline.live_replica import judge

    return judge(ref, rb)


def _replica_records(run_dir: Path, plan: dict) -> dict[tuple[str, str], dict]:
    """The live replica check of every planned pair; also written to diff/replica.parquet
    (for GX and the report) before the validation reads it."""
    import pyarrow as pa

    from harness.pipeline.live_replica import read_results

    res = read_results(run_dir, plan["pairs"])
    rows = [{"case": c, "format": f, **v} for (c, f), v in res.items()]
    (run_dir / "diff").mkdir(exist_ok=True)
    _write_parquet(run_dir / "diff" / "replica.parquet", pa.Table.from_pylist(rows) if rows else pa.table(
        {"case": pa.array([], pa.string()), "format": pa.array([], pa.string()),
         "replica_ok": pa.array([], pa.bool_())}))
    return res


def _expectations(stmts: dict[tuple[str, str, str], dict[int, dict]],
                  ) -> dict[tuple[str, str], tuple[bool | None, str | None]]:
    """Per case x format: did the reference answer as the workload's ``=> …`` annotations say?"""
    return {(case, fmt): check_expectations([v[k] for k in sorted(v)])
            for (case, fmt, side), v in stmts.items() if side == "reference"}


def _judge(run_dir: Path, plan: dict, full: list[dict]) -> bool:
    """Complete every summary record (replay, expectations, live replica, two real
    servers' classified differences) and judge it (verdict.py); True for a run of
    two real servers."""
    from harness.pipeline.replay import read_records

    replay = read_records(run_dir)
    replica = _replica_records(run_dir, plan) if plan.get("live_replica") else None
    stmts = _statements(run_dir / "records" / "outcomes.parquet")
    expectations = _expectations(stmts)
    for r in full:  # the classification reads the replay's verdict
        r["replay_ok"] = replay.get((r["case"], r["format"]), {}).get("replay_ok")
    two_real = plan.get("candidate", "replbed") != "replbed"
    from harness.pipeline.known_differences import classify

    # Every run's differences grouped by kind (diff/findings.json); only two real
    # servers' declared ones are classified findings.
    classes = classify(run_dir, plan, full)
    for r in full:
        if two_real:
            c = classes.get((r["case"], r["format"])) or {}
            r["classified_checks"] = c.get("classified", [])
            r["findings"] = c.get("findings", [])
        rp = replay.get((r["case"], r["format"]), {})
        r["replay_ok"] = rp.get("replay_ok")
        r["replay_error"] = rp.get("replay_error")
        r["expectation_ok"], r["expectation_error"] = expectations.get((r["case"], r["format"]), (None, None))
        if replica is not None:
            r.update(replica.get((r["case"], r["format"])) or judge_replica(None, None))
        r.update(record_fields(r))
        if r["status"] == "differs" and (more := _details(r, stmts)):
            r["reason"] += ": " + more
        r["passed"] = r["status"] in ("pass", "known_difference")
    return two_real


def diff_path(plan: dict, n_events: int, *, spark_given: bool = False) -> dict:
    """Which engine diffs this run, and why (recorded as the plan's ``diff_path``).

    A Spark master the plan names (anything but the default ``local[*]``) is
    always used: whoever names a cluster gets it. Without one, runs up to
    ``local_max_events()`` event records are diffed in process.
    """
    from harness.pipeline.local_diff import local_max_events

    master = plan.get("spark_master") or "local[*]"
    limit = local_max_events()
    if spark_given:
        why = "spark diff in the given session"
    elif master != "local[*]":
        why = f"spark diff on {master} (the plan names this master; {n_events} events)"
    elif n_events > limit:
        why = f"spark diff on {master} ({n_events} events > {limit})"
    else:
        return {"engine": "in-process", "spark_master": None, "events": n_events,
                "why": f"in-process diff ({n_events} events <= {limit}, no Spark master named)"}
    return {"engine": "spark", "spark_master": master, "events": n_events, "why": why}


@_timed("analyze")
def analyze_run(run_dir: Path, spark=None, progress: Progress | None = _progress,
                validate: bool = True) -> list[dict]:
    """The diff jobs + GX validation; writes diff/*, gx/ and summary.json; returns the summary.

    Up to ``local_diff.local_max_events()`` event records (no ``spark`` given and
    no master named in the plan) the jobs run in process (``local_diff.py``, equal
    to the Spark jobs by test); above, or on a named master, in Spark, started
    once (unless ``spark`` is given). ``diff_path`` says which, in the plan and on
    the console. The GX context once.
    """
    from harness.pipeline.console import say

    run_dir = Path(run_dir)
    plan = load_plan(run_dir)
    if validate:
        say(f"analyzing {len(plan['pairs'])} case x format: diff jobs, Great Expectations suites ...")
    t0 = time.monotonic()
    rec = run_dir / "records"
    out = run_dir / "diff"
    out.mkdir(exist_ok=True)
    import pyarrow.parquet as pq

    n_events = pq.read_metadata(rec / "events.parquet").num_rows
    path = diff_path(plan, n_events, spark_given=spark is not None)
    say(f"  diff: {path['why']}")  # the console says which path ran (the plan records it below)
    if path["engine"] == "in-process":
        frames, full = _local_jobs(run_dir, plan, out)
        engine = "in-process diff"
    else:
        frames, full = _spark_jobs(run_dir, plan, out, spark)
        engine = f"spark diff on {path['spark_master']}"
    # the plan says which path ran; its mtime stays the plan's creation time (prune, collect)
    planned = (run_dir / "plan.json").stat()
    plan["diff_path"] = path
    atomic_write_json(run_dir / "plan.json", plan)
    os.utime(run_dir / "plan.json", ns=(planned.st_atime_ns, planned.st_mtime_ns))
    two_real = _judge(run_dir, plan, full)
    if progress:
        progress(f"[analyze] {engine} of {len(full)} case x format in "
                 f"{time.monotonic() - t0:.1f}s")

    gx_results: list[dict] = []
    docs = None
    gx_meta: dict = {}
    if validate:
        gx_results, docs, gx_meta = _validate_run(run_dir, plan, frames, full, progress)
    atomic_write_json(out / "gx_results.json",
                      {"suites": gx_results, "data_docs": str(docs) if docs else None, **gx_meta})
    atomic_write_json(out / "summary_full.json", full, default=str)
    keys = (SUMMARY_KEYS + (REPLICA_KEYS if plan.get("live_replica") else ()) + (CANDIDATE_KEYS if two_real else ())
            + ((GX_CHECK,) if validate else ()))
    summary_records = [{k: r.get(k) for k in keys} for r in full]
    atomic_write_json(run_dir / "summary.json", summary_records)
    for df in frames.values():
        if hasattr(df, "unpersist"):
            df.unpersist()
    return summary_records


def _validate_run(run_dir: Path, plan: dict, frames: dict, full: list[dict],
                  progress: Progress | None) -> tuple[list[dict], Any, dict]:
    """The GX suites over the diff frames; every suite gates the verdict of ``full``'s records.

    Returns (the suites' results, the Data Docs index, what gx_results.json says of the project)."""
    from harness.pipeline.console import capture_library_logs
    from harness.pipeline.gx_validate import gx_project_dir, validate_frames

    capture_library_logs(run_dir)
    t1 = time.monotonic()
    results, docs = validate_frames(run_dir, frames, records=full, progress=progress or (lambda _m: None))
    gx_meta: dict = {"run_name": plan["run_id"], "project": str(gx_project_dir(run_dir) / "gx")}
    gx_results = [r.to_json() for r in results]
    # every suite gates the verdict (verdict.gate_suites): a suite naming replbed's side
    # of a pair fails the pair; one both servers fail is a pipeline error
    gate = gate_suites(gx_results, full)
    for r in full:
        gate.apply(r)
        r["passed"] = r["status"] in ("pass", "known_difference")
    gx_meta["pipeline_errors"] = list(gate.run_errors)
    if progress:
        progress(f"[analyze] GX validation ({len(results)} suites) in "
                 f"{time.monotonic() - t1:.1f}s")
    return gx_results, docs, gx_meta


def _local_jobs(run_dir: Path, plan: dict, out: Path) -> tuple[dict, list[dict]]:
    """The diff jobs in process (harness/pipeline/local_diff.py): frames as pandas for GX,
    Parquet files under ``diff/`` as the Spark path writes them, the summary rows."""
    import shutil

    import pandas as pd
    import pyarrow as pa
    import pyarrow.parquet as pq

    from harness.pipeline.local_diff import COLUMNS, run_diff_jobs

    rec = run_dir / "records"
    read = {n: pq.read_table(rec / f"{n}.parquet").to_pylist() for n in ("events", "tables", "outcomes", "status")}
    rules = {c["name"]: c.get("rule") for c in plan["cases"]}
    jobs = run_diff_jobs(read["events"], read["tables"], read["outcomes"], read["status"], rules,
                         plan.get("flavor", "mariadb-10.11"))
    for name, rows in jobs.items():
        path = out / f"{name}.parquet"
        if path.is_dir():  # written by an earlier Spark analyze of this run
            shutil.rmtree(path)
        pq.write_table(pa.Table.from_pylist(rows) if rows else pa.table({c: [] for c in COLUMNS[name]}), path)
    frames = {name: pd.DataFrame(jobs[name], columns=COLUMNS[name])
              for name in ("event_cases", "gtid_layout", "table_cases", "outcome_cases", "summary")}
    return frames, [dict(r) for r in jobs["summary"]]


def _spark_jobs(run_dir: Path, plan: dict, out: Path, spark: Any) -> tuple[dict, list[dict]]:
    """The diff jobs in Spark (harness/pipeline/diff.py), for runs too big for one process."""
    from pyspark.sql import functions as F

    from harness.pipeline import diff
    from harness.pipeline.spark import build_spark

    spark = spark or build_spark(plan.get("spark_master"))
    rec = run_dir / "records"
    events = spark.read.parquet(str(rec / "events.parquet")).cache()
    tables = spark.read.parquet(str(rec / "tables.parquet")).cache()
    status = spark.read.parquet(str(rec / "status.parquet"))

    norm = diff.normalize_events(events)
    ev_diff, ev_cases = diff.compare_event_sequences(
        norm.where(F.col("side") == "reference"), norm.where(F.col("side") == "replbed"))
    gtid = diff.check_gtid_layout(events, plan.get("flavor", "mariadb-10.11"))
    ref_t, rb_t = tables.where(F.col("side") == "reference"), tables.where(F.col("side") == "replbed")
    table_cases = diff.compare_tables(ref_t, rb_t)
    table_rows = diff.table_row_diffs(ref_t, rb_t).where(~F.col("match"))

    rules = spark.createDataFrame(
        [(c["name"], c.get("rule")) for c in plan["cases"]] or [("", None)],
        "case string, rule string")
    cases = (
        status.groupBy("case", "format")
        .agg(F.concat_ws("; ", F.sort_array(F.collect_list("error"))).alias("error"))
        .withColumn("error", F.when(F.col("error") == "", None).otherwise(F.col("error")))
        .join(rules, on="case", how="left")
    )
    outcomes = spark.read.parquet(str(rec / "outcomes.parquet"))
    outcome_cases = diff.compare_outcomes(outcomes.where(F.col("side") == "reference"),
                                          outcomes.where(F.col("side") == "replbed"))
    summary = diff.summarize(cases, ev_cases, gtid, table_cases, outcome_cases)

    frames = {"event_cases": ev_cases, "gtid_layout": gtid, "table_cases": table_cases,
              "outcome_cases": outcome_cases, "summary": summary}
    frames = {k: v.cache() for k, v in frames.items()}
    for name, df in frames.items():
        _write_df(df, out / f"{name}.parquet")
    _write_df(ev_diff, out / "event_diff.parquet")
    _write_df(table_rows, out / "table_rows.parquet")
    return frames, [r.asDict(recursive=True) for r in frames["summary"].collect()]


# -- report --------------------------------------------------------------------


@_timed("report")
def report_run(run_dir: Path, progress: Progress | None = _progress) -> Path:
    """Render ``report/index.html``; print the one-screen text summary; return the path."""
    from harness.pipeline.report import render_report, text_summary

    path = render_report(Path(run_dir))
    if progress:
        progress(text_summary(Path(run_dir)))
        progress(f"report: {path}")
    return path


# -- everything ----------------------------------------------------------------


def _warm_up(run_dir: Path) -> None:
    """Import what analyze needs (GX, pandas) while the servers collect: on a busy machine
    importing Great Expectations alone takes seconds. Recorded as its own step, since on
    a small run the import can outlast the collection."""
    with timing.step(run_dir, "import_gx"):
        try:
            import harness.pipeline.gx_validate  # noqa: F401
            import great_expectations  # noqa: F401
        except ImportError:  # analyze reports it in its own place
            pass


def collect_run(run_dir: Path, progress: Progress | None = _progress) -> None:
    """Collect both sides at once, and replay and decode each pair as soon as both of
    its sides are collected: the part of a run that starts servers, in one call,
    shared by ``replbed run`` and the DAG's ``collect`` task.

    The two sides are independent servers, so the reference's collect (the run's
    floor) need not wait for the replbed side; the replay and the decoding of a pair
    need only that pair; and Great Expectations is imported meanwhile for the analyze
    step (the same process under ``airflow dags test``). A side whose collect raises
    fails the call after the other side, the replay and the decoding finished, so
    nothing collected is lost.
    """
    from concurrent.futures import ThreadPoolExecutor

    # The modules the threads below need are imported here, in one thread, first:
    # two threads importing the same module graph for the first time can make
    # importlib raise _DeadlockError (a RuntimeError, not ImportError); the GX
    # warm-up thread then only adds GX on top of them.
    import pyarrow.parquet  # noqa: F401

    import harness.binlog.records  # noqa: F401
    import harness.pipeline.replay  # noqa: F401
    import harness.pipeline.schemas  # noqa: F401

    from harness.daemons import StopStartedDaemons
    from harness.pipeline.console import PairProgress, capture_library_logs

    run_dir = Path(run_dir)
    capture_library_logs(run_dir)  # GX's records at import (the warm-up below) go to logs/gx.log
    # written by this run: a re-used run id may hold older outcome.json files
    planned = (run_dir / "plan.json").stat().st_mtime
    # a daemon the docker provider starts for this run (dockerd) is stopped when the collection ends
    with StopStartedDaemons(), PairProgress(run_dir, load_plan(run_dir)["pairs"], since=planned), \
            ThreadPoolExecutor(len(SIDES) + 3, thread_name_prefix="collect") as pool:
        collecting = [pool.submit(collect, run_dir, side, progress) for side in SIDES]

        def ready(case: str, fmt: str) -> bool:
            if all(f.done() for f in collecting):
                return True
            paths = [run_dir / "cases" / case / fmt / side / "outcome.json" for side in SIDES]
            return all(p.exists() and p.stat().st_mtime >= planned for p in paths)

        replaying = pool.submit(replay_run, run_dir, progress, ready=ready)
        decoding = pool.submit(decode_run, run_dir, progress, ready=ready)
        pool.submit(_warm_up, run_dir)
        for f in (*collecting, decoding, replaying):
            f.result()


def run_regression(config: RunConfig, *, replbed_provider: str = "replbed",
                   spark=None, keep_servers: bool = False) -> RegressionResult:
    """All steps in one process (``replbed run``); the servers' data goes when it ends."""
    from harness.pipeline.console import step_log

    run_dir = plan_run(config, replbed_provider=replbed_provider)
    log = step_log(run_dir)  # each step's detail lines: logs/run.log, not the console
    try:
        collect_run(run_dir, log)
        summary = analyze_run(run_dir, spark=spark, progress=log)
        report = report_run(run_dir, progress=log)
    finally:
        teardown_run(run_dir, keep_servers=keep_servers, progress=log)
    return RegressionResult(run_dir=run_dir, summary=summary, report_path=report)


# -- teardown, verdict, retention -------------------------------------------------

#: What a server leaves under ``servers/<name>/`` that is its data, not its log:
#: MariaDB datadirs and replbed's live binlog directory (the case's binlogs were
#: copied to ``cases/`` when collected).
SERVER_DATA = ("data", "binlog")


@_timed("teardown")
def teardown_run(run_dir: Path, keep_servers: bool = False,
                 progress: Progress | None = _progress) -> int:
    """Remove the servers' data directories under ``run_dir/servers/``; keep their logs.

    A run leaves ~350 MB, nearly all of it MariaDB datadirs nobody reads again.
    Returns the bytes freed (0 with ``keep_servers``).
    """
    import shutil

    servers = Path(run_dir) / "servers"
    if keep_servers or not servers.is_dir():
        return 0
    freed = 0
    for d in sorted(p for p in servers.glob("*/*") if p.name in SERVER_DATA and p.is_dir()):
        freed += sum(f.stat().st_size for f in d.rglob("*") if f.is_file() and not f.is_symlink())
        shutil.rmtree(d, ignore_errors=True)
    if progress:
        progress(f"[teardown] removed server data under {servers} ({freed / 1e6:.0f} MB); logs kept")
    return freed


def prune_runs(runs_dir: Path, keep: int) -> list[Path]:
    """Remove all but the newest ``keep`` run directories (those with a plan.json) of ``runs_dir``.

    Newest by the plan's creation time. Anything that is not a run directory is left alone.
    """
    import shutil

    if keep < 0:
        raise PlanError(f"--keep must be 0 or more, not {keep}")
    runs_dir = Path(runs_dir)
    if not runs_dir.is_dir():
        raise PlanError(f"runs directory {str(runs_dir)!r} does not exist")
    runs = sorted((p for p in runs_dir.iterdir() if p.is_dir() and (p / "plan.json").is_file()),
                  key=lambda p: ((p / "plan.json").stat().st_mtime, p.name), reverse=True)
    gone = runs[keep:]
    for p in gone:
        shutil.rmtree(p)
    return gone


# -- make run's CONF ------------------------------------------------------------

#: The DAG's params (dags/binlog_regression.py); ``make run CONF=…`` may set these.
CONF_KEYS = ("workloads", "formats", "provider", "profile", "cases", "spark_master", "replbed_provider",
             "run_id", "keep_servers", "live_replica", "reference", "candidate")


def check_conf(text: str, run_id: str, root: Path) -> dict:
    """``make run CONF='…'`` → the DAG conf, or ``PlanError`` (one line) on bad input.

    A CONF that is not a JSON object, names an unknown param, or selects no
    case is refused before Airflow starts (it used to start the full default
    regression).
    """
    try:
        conf = json.loads(text or "{}")
    except ValueError as exc:
        raise PlanError(f"CONF is not JSON ({exc}): {text!r}") from exc
    if not isinstance(conf, dict):
        raise PlanError(f"CONF must be a JSON object like '{{\"cases\": \"seed000_*\"}}', not {text!r}")
    unknown = sorted(set(conf) - set(CONF_KEYS))
    if unknown:
        raise PlanError(f"CONF: unknown param {unknown[0]!r}; expected one of {', '.join(CONF_KEYS)}")
    conf["run_id"] = safe_run_id(str(conf.get("run_id") or run_id))
    cases = conf.get("cases", "*")
    formats = conf.get("formats", ["STATEMENT", "ROW", "MIXED"])
    if not isinstance(cases, str) or not isinstance(formats, list):
        raise PlanError("CONF: cases must be a string of comma-separated globs, formats a list")
    if not isinstance(conf.get("live_replica", False), bool):
        raise PlanError("CONF: live_replica must be true or false")
    workloads = str(conf.get("workloads", "workloads/*.wl"))
    try:
        config = RunConfig(
            workloads=workloads if Path(workloads).is_absolute() else str(root / workloads),
            formats=tuple(str(f).upper() for f in formats),
            provider=conf.get("provider", "local"),
            reference=str(conf.get("reference", "mariadb-10.11")) if conf.get("reference") != "matrix"
            else "mariadb-10.11",
            candidate=str(conf.get("candidate", "replbed")),
            profile=conf.get("profile"),
            out_dir=runs_dir(root / "runs"),
            cases=tuple(g.strip() for g in cases.split(",") if g.strip() not in ("", "*")),
        )
    except ValueError as exc:
        raise PlanError(f"CONF: {exc}") from exc
    resolve_plan(config)
    return conf


def main(argv: list[str] | None = None) -> int:
    """``python -m harness.pipeline.regression summary RUN_DIR``: print a finished run's summary."""
    import argparse

    from harness.pipeline.report import text_summary

    p = argparse.ArgumentParser(prog="python -m harness.pipeline.regression")
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("summary", help="print the text summary and report path of a run")
    s.add_argument("run_dir")
    s.add_argument("--started", type=float, metavar="EPOCH",
                   help="when the command that ran it started (make run): the overhead line's "
                        "wall time then runs from there to now")
    for name in ("decode", "replay", "analyze", "report"):
        sub.add_parser(name, help=f"run the {name} step on a run dir").add_argument("run_dir")
    c = sub.add_parser("conf", help="check make run's CONF; print the DAG conf (exit 2 on bad input)")
    c.add_argument("conf")
    c.add_argument("run_id")
    args = p.parse_args(argv)
    if args.cmd == "conf":
        try:
            print(json.dumps(check_conf(args.conf, args.run_id, Path.cwd())))
        except PlanError as exc:
            print(f"make run: {exc}", file=sys.stderr)
            return 2
        return 0
    run_dir = Path(args.run_dir)
    if args.cmd == "summary":
        if not (run_dir / "summary.json").exists():
            print(f"{run_dir}: no summary.json (the run did not finish)", file=sys.stderr)
            return 2
        if args.started is not None:  # the overhead figure: timings.jsonl and the report
            timing.close_run(run_dir, args.started)
        print(text_summary(run_dir))
        passed, _line = final_verdict(run_dir)
        return 0 if passed else 1
    if args.cmd == "decode":
        decode_run(run_dir)
    elif args.cmd == "replay":
        replay_run(run_dir)
    elif args.cmd == "analyze":
        analyze_run(run_dir)
    elif args.cmd == "report":
        report_run(run_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
