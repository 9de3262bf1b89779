"""Great Expectations 1.x validation of the pipeline's aggregated DataFrames.

Suites live as JSON files in ``expectations/`` (``name``, ``expectations``:
``[{type, kwargs}]``, ``meta.replbed.dataframe`` names the frame the suite
validates). ``validate_frames`` creates one file-backed GX context inside the
run dir (``runs/<id>/gx/``), a Spark datasource with one dataframe asset per
suite, a validation definition + checkpoint per suite, runs each checkpoint
with the DataFrame as batch parameter and builds the Data Docs once at the end.
GX is slow per expectation, so only small per-case frames are validated.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("GX_ANALYTICS_ENABLED", "false")

SUITE_FILES = ("event_sequence.json", "gtid_layout.json", "table_state.json", "statement_outcomes.json",
               "run_summary.json")


@dataclass
class SuiteResult:
    suite: str
    dataframe: str
    success: bool
    evaluated: int
    failed: list[dict] = field(default_factory=list)   # {expectation, column, unexpected}

    def to_json(self) -> dict:
        return {"suite": self.suite, "dataframe": self.dataframe, "success": self.success,
                "evaluated": self.evaluated, "failed": self.failed}


def expectations_dir() -> Path:
    from harness.config import Paths

    return Paths().expectations


def load_suite_file(path: Path):
    """Read a suite file into a ``gx.ExpectationSuite``; fails loudly on a bad expectation.

    (GX itself only logs and drops an invalid expectation configuration.)
    """
    import great_expectations as gx

    spec = json.loads(Path(path).read_text())
    suite = gx.ExpectationSuite(name=spec["name"], expectations=spec["expectations"],
                                meta={"replbed": spec.get("meta", {}).get("replbed", {})})
    if len(suite.expectations) != len(spec["expectations"]):
        raise ValueError(f"{path}: {len(spec['expectations']) - len(suite.expectations)} "
                         "expectation(s) are invalid (see the GX log above)")
    return suite


def suite_target(path: Path) -> str:
    """The name of the DataFrame a suite file validates."""
    return json.loads(Path(path).read_text())["meta"]["replbed"]["dataframe"]


def get_context(run_dir: Path):
    """A file-backed GX context in ``run_dir/gx`` (created on first use)."""
    import great_expectations as gx

    from great_expectations.data_context.types.base import ProgressBarsConfig

    context = gx.get_context(mode="file", project_root_dir=str(run_dir))
    # tqdm bars per metric flood the Airflow task log; the step prints its own progress.
    bars = context.variables.progress_bars
    if isinstance(bars, dict):
        bars = ProgressBarsConfig(**bars)
    if bars is None or bars.globally or bars.metric_calculations:
        context.variables.progress_bars = ProgressBarsConfig(globally=False, metric_calculations=False)
        context.variables.save()
    return context


def _failed(result) -> list[dict]:
    out = []
    for r in result.results:
        if r.success:
            continue
        cfg = r.expectation_config
        res = r.result or {}
        out.append({
            "expectation": cfg.type,
            "column": cfg.kwargs.get("column") or cfg.kwargs.get("column_list")
            or [cfg.kwargs.get("column_A"), cfg.kwargs.get("column_B")],
            "unexpected_count": res.get("unexpected_count"),
            "partial_unexpected": [str(v) for v in (res.get("partial_unexpected_list") or [])[:10]],
            "observed_value": None if res.get("observed_value") is None else str(res["observed_value"]),
            "exception": (r.exception_info or {}).get("exception_message")
            if isinstance(r.exception_info, dict) and r.exception_info.get("raised_exception") else None,
        })
    return out


def validate_frames(run_dir: Path, frames: dict, suites_dir: Path | None = None,
                    suite_files=SUITE_FILES) -> tuple[list[SuiteResult], Path | None]:
    """Validate Spark DataFrames ``frames`` (name → DataFrame) with the suite files.

    Returns the per-suite results and the Data Docs index (or None). A suite
    whose DataFrame is not in ``frames`` is skipped.
    """
    import great_expectations as gx

    import logging

    # GX logs every datasource save at INFO; under Airflow that floods the task log.
    logging.getLogger("great_expectations").setLevel(logging.WARNING)
    suites_dir = Path(suites_dir or expectations_dir())
    t0 = time.monotonic()
    context = get_context(run_dir)
    ds_name = "replbed_spark"
    try:
        ds = context.data_sources.get(ds_name)
    except (KeyError, ValueError, LookupError):
        ds = context.data_sources.add_spark(name=ds_name)
    print(f"[gx] context in {run_dir / 'gx'} ready in {time.monotonic() - t0:.1f}s", flush=True)

    results: list[SuiteResult] = []
    for fname in suite_files:
        path = suites_dir / fname
        target = suite_target(path)
        if target not in frames:
            continue
        t1 = time.monotonic()
        suite = load_suite_file(path)
        # Re-runs replace the stored definitions instead of failing on duplicates.
        for coll, name in ((context.checkpoints, suite.name),
                           (context.validation_definitions, suite.name),
                           (context.suites, suite.name)):
            try:
                coll.delete(name)
            except Exception:  # noqa: BLE001 - not there yet
                pass
        suite = context.suites.add(suite)
        asset_names = {a.name for a in ds.assets}
        asset = ds.get_asset(target) if target in asset_names else ds.add_dataframe_asset(name=target)
        try:
            bd = asset.get_batch_definition("whole")
        except (KeyError, ValueError, LookupError):
            bd = asset.add_batch_definition_whole_dataframe("whole")
        vd = context.validation_definitions.add(
            gx.ValidationDefinition(name=suite.name, data=bd, suite=suite))
        cp = context.checkpoints.add(gx.Checkpoint(
            name=suite.name, validation_definitions=[vd], result_format="SUMMARY"))
        cp_result = cp.run(batch_parameters={"dataframe": frames[target]})
        vr = next(iter(cp_result.run_results.values()))
        results.append(SuiteResult(suite=suite.name, dataframe=target, success=bool(vr.success),
                                   evaluated=len(vr.results), failed=_failed(vr)))
        print(f"[gx] {suite.name}: {'passed' if vr.success else 'FAILED'} "
              f"({len(vr.results)} expectations, {time.monotonic() - t1:.1f}s)", flush=True)

    t2 = time.monotonic()
    sites = context.build_data_docs()
    docs = None
    for url in (sites or {}).values():
        if url and url.startswith("file://"):
            docs = Path(url[len("file://"):])
            break
    print(f"[gx] data docs built in {time.monotonic() - t2:.1f}s: {docs}", flush=True)
    return results, docs
