"""Great Expectations 1.x validation of a run: the Spark results and the raw data.

Suites live as JSON files in ``expectations/`` (``name``, ``expectations``:
``[{type, kwargs}]``; ``meta.replbed.dataframe`` names the frame the suite
validates, ``meta.replbed.index_columns`` the columns that name a failing row).

Two kinds of suites, so GX is more than a second reading of Spark's flags:

* Spark result frames (``event_cases``, ``gtid_layout``, ...) from ``analyze_run``;
* frames built here straight from the run's files, independent of the Spark
  jobs (``raw_frames``): every event has a type; every GTID group in
  events.parquet starts with a Gtid event and ends the way MariaDB ends one
  (Xid, COMMIT, ROLLBACK, XA_prepare, or a standalone DDL group's Query); the
  planned case × format pairs (plan.json) are all there on both sides and
  nothing else is; replay agreed; and the verdict of ``verdict.py`` is pass.

Every failing expectation names its rows (``result_format`` with
``unexpected_index_column_names``: case, format, ...). Every validation is
named after the run (``run_id``), and all runs share one GX project, so the
Data Docs keep a history: ``$REPLBED_GX_DIR``, else ``$AIRFLOW_HOME``, else
the directory holding the run dirs (``runs/``); GX puts its files in ``gx/``
there. Data Docs are made to render offline (``gx_assets``).

Why the GX Airflow provider's operators are not used: the only release for
GX 1.x, airflow-provider-great-expectations 1.0.0, requires
``structlog<25.5.0`` while Airflow 3.3 requires ``structlog>=26.1.0``, so the
two cannot be installed in one environment. Its ``GXValidateCheckpointOperator``
also calls ``checkpoint.run(batch_parameters=...)`` without a ``run_id`` or
``expectation_parameters``, so runs would stay unnamed (``__none__``) and the
planned pair count could not be passed, and a Spark DataFrame cannot cross an
Airflow task boundary to reach it. The analyze step therefore calls GX itself.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from harness.pipeline.normalize import is_ctas_head

os.environ.setdefault("GX_ANALYTICS_ENABLED", "false")

SUITE_FILES = ("event_sequence.json", "gtid_layout.json", "table_state.json", "statement_outcomes.json",
               "run_summary.json", "raw_events.json", "raw_gtid_groups.json", "raw_pairs.json",
               "raw_replay.json", "raw_replica.json", "verdicts.json")

#: Events outside GTID groups: the file header and trailer, and binlog checkpoints.
NON_GROUP = frozenset({"Format_desc", "Gtid_list", "Binlog_checkpoint", "Previous_gtids",
                       "Start_encryption", "Rotate", "Stop"})
GTID_FL_STANDALONE = 1
#: How a well-formed group ends (``gtid_groups``'s ``group_end``).
GROUP_ENDS = ("Xid", "COMMIT", "ROLLBACK", "XA_prepare", "XA COMMIT", "XA ROLLBACK", "standalone")


@dataclass
class SuiteResult:
    suite: str
    dataframe: str
    success: bool
    evaluated: int
    failed: list[dict] = field(default_factory=list)   # {expectation, column, unexpected_count, unexpected_where}

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
    replbed = spec.get("meta", {}).get("replbed", {})
    desc = replbed.get("description")
    # Data Docs render ``notes``: each expectation says what it checks, the suite why
    expectations = [dict(e, notes=e.get("notes") or expectation_note(e, desc)) for e in spec["expectations"]]
    suite = gx.ExpectationSuite(name=spec["name"], expectations=expectations, meta={"replbed": replbed},
                                notes=[desc, GATE_NOTE] if desc else [GATE_NOTE])
    if len(suite.expectations) != len(spec["expectations"]):
        raise ValueError(f"{path}: {len(spec['expectations']) - len(suite.expectations)} "
                         "expectation(s) are invalid (see the GX log above)")
    return suite


GATE_NOTE = ("Every suite gates replbed's verdict: a failing row that names replbed's side of a case x format "
             "fails that pair; one that fails on both servers where every other check agreed is a pipeline error.")


def _cols(kw: dict) -> str:
    cols = kw.get("column_list") or [kw.get("column_A"), kw.get("column_B")] if not kw.get("column") else [kw["column"]]
    return ", ".join(f"`{c}`" for c in cols if c)


def expectation_note(exp: dict, suite_description: str | None = None) -> list[str]:
    """What one expectation checks, in words (rendered as its notes in the Data Docs)."""
    t, kw = exp.get("type", ""), exp.get("kwargs", {})
    col = _cols(kw)
    if t == "expect_column_values_to_be_in_set":
        what = f"{col} is one of {', '.join(f'`{v}`' for v in kw.get('value_set', []))} on every row."
    elif t == "expect_column_values_to_not_be_null":
        what = f"{col} is set on every row."
    elif t == "expect_column_values_to_be_null":
        what = f"{col} is empty on every row."
    elif t == "expect_compound_columns_to_be_unique":
        what = f"At most one row per {col}."
    elif t == "expect_column_values_to_be_between":
        what = f"{col} is between {kw.get('min_value')} and {kw.get('max_value')} on every row."
    elif t == "expect_column_pair_values_to_be_equal":
        what = f"{col} are equal on every row."
    elif t.startswith("expect_table_row_count"):
        what = "The frame has as many rows as the run planned case x format pairs."
    else:
        what = f"`{t}` with {', '.join(f'{k}={v}' for k, v in kw.items())}."
    return [what + " A failing row is named by its case and format."] + (
        [f"Suite: {suite_description}"] if suite_description else [])


def suite_target(path: Path) -> str:
    """The name of the DataFrame a suite file validates."""
    return json.loads(Path(path).read_text())["meta"]["replbed"]["dataframe"]


def suite_index_columns(path: Path) -> list[str]:
    """The columns that name a failing row of the suite's frame."""
    return list(json.loads(Path(path).read_text())["meta"]["replbed"].get("index_columns", ["case", "format"]))


def gx_project_dir(run_dir: Path) -> Path:
    """The directory holding the shared GX project (GX writes into its ``gx/``)."""
    for env in ("REPLBED_GX_DIR", "AIRFLOW_HOME"):
        if os.environ.get(env):
            return Path(os.environ[env]).resolve()
    return Path(run_dir).resolve().parent


def get_context(project_dir: Path):
    """A file-backed GX context in ``project_dir/gx`` (created on first use)."""
    import great_expectations as gx
    from great_expectations.data_context.types.base import ProgressBarsConfig

    Path(project_dir).mkdir(parents=True, exist_ok=True)
    context = gx.get_context(mode="file", project_root_dir=str(project_dir))
    # tqdm bars per metric flood the Airflow task log; the step prints its own progress.
    bars = context.variables.progress_bars
    if isinstance(bars, dict):
        bars = ProgressBarsConfig(**bars)
    if bars is None or bars.globally or bars.metric_calculations:
        context.variables.progress_bars = ProgressBarsConfig(globally=False, metric_calculations=False)
        context.variables.save()
    return context


@contextmanager
def project_lock(project_dir: Path) -> Iterator[None]:
    """Runs sharing one GX project take turns: GX's file stores are not safe for concurrent writers."""
    path = Path(project_dir) / "gx" / ".replbed.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


# -- frames from the raw run data ----------------------------------------------------


_END_QUERY = re.compile(r"(COMMIT|ROLLBACK)(\s+WORK)?\s*;?", re.IGNORECASE)
_XA_COMPLETION = re.compile(r"XA\s+(COMMIT|ROLLBACK)\s", re.IGNORECASE)


def group_end(event_type: str, query: str | None, standalone: bool) -> str | None:
    """How the event ends a GTID group (a ``GROUP_ENDS`` name), or None when it does not.

    MariaDB 10.11 (log.cc ``MYSQL_BIN_LOG::write_transaction_or_stmt`` and its callers)
    ends a group with an Xid event (an XA-capable engine committed), a ``COMMIT`` Query
    (a non-XA commit), a ``ROLLBACK`` Query (a rolled-back transaction kept because
    it changed a non-transactional table), the ``XA_prepare`` event of ``XA PREPARE``
    (its group holds ``XA END`` first, which is not an end), or for a standalone group
    (DDL; ``XA COMMIT``/``XA ROLLBACK`` of a prepared branch) its one Query.
    ``ROLLBACK TO <savepoint>`` and ``SAVEPOINT`` are ordinary Queries inside a
    transaction: the group goes on to its Xid or COMMIT.
    """
    if event_type == "Xid":
        return "Xid"
    if event_type == "XA_prepare":
        return "XA_prepare"
    if event_type != "Query":
        return None
    q = (query or "").strip()
    if m := _XA_COMPLETION.match(q + " "):
        return f"XA {m.group(1).upper()}"
    if m := _END_QUERY.fullmatch(q):
        return m.group(1).upper()
    return "standalone" if standalone else None


#: Events that open a group: MariaDB's Gtid; MySQL's Gtid and, with GTID_MODE=OFF, Anonymous_Gtid.
GROUP_OPENERS = ("Gtid", "Gtid_log_event", "Anonymous_Gtid")
#: MySQL's Gtid_log_event (33) and Anonymous_gtid_log_event (34); MariaDB's is 162.
MYSQL_GTID_CODES = (33, 34)


def _standalone(cur: list[dict]) -> bool:
    """Whether the group in ``cur`` (its opener first) is a single statement (DDL), ended by
    its first Query. MariaDB says so in the Gtid event (FL_STANDALONE); MySQL's Gtid has
    no such flag (its bit 0 means something else): a MySQL transaction's Gtid is followed
    by ``Query BEGIN``, a DDL's by the statement itself."""
    head = cur[0]
    mysql = head.get("type_code") in MYSQL_GTID_CODES or head["event_type"] in ("Anonymous_Gtid", "Gtid_log_event")
    if not mysql:
        return head["event_type"] == "Gtid" and bool((head.get("gtid_flags") or 0) & GTID_FL_STANDALONE)
    second = cur[1] if len(cur) > 1 else None
    q = (second.get("query") or "").strip().upper() if second is not None and second["event_type"] == "Query" else ""
    # an atomic CREATE ... SELECT is logged as ``CREATE ... START TRANSACTION`` (table
    # options may follow it) with its rows and Xid after it: a transaction, not a DDL's
    # one-Query group (normalize.CTAS_HEAD; 9.7 writes BEGIN before it)
    return not (q == "BEGIN" or q.startswith("XA START") or is_ctas_head("Query", q))


def gtid_groups(events: list[dict]) -> list[dict]:
    """Split each (case, format, side)'s events into GTID groups, from the raw records.

    A group opens at a Gtid event and ends at Xid, XA_prepare, a COMMIT /
    ROLLBACK / XA COMMIT / XA ROLLBACK Query, or, for a standalone Gtid (DDL),
    its first Query. An event outside any group opens a group of its own
    (``first_event`` is then not ``Gtid``); a group cut short by the next Gtid
    or the end of the log gets ``group_end`` ``unterminated``.
    """
    from collections import defaultdict

    by: dict[tuple, list[dict]] = defaultdict(list)
    for e in events:
        by[(e["case"], e["format"], e["side"])].append(e)
    out: list[dict] = []
    for (case, fmt, side), evs in sorted(by.items()):
        evs.sort(key=lambda e: e["seq"])
        cur: list[dict] = []

        def close(end: str, cur: list[dict], case: str = case, fmt: str = fmt, side: str = side) -> None:
            out.append({"case": case, "format": fmt, "side": side, "first_seq": cur[0]["seq"],
                        "first_event": cur[0]["event_type"], "last_event": cur[-1]["event_type"],
                        "n_events": len(cur), "group_end": end})

        for e in evs:
            t = e["event_type"]
            if t in NON_GROUP:
                continue
            if t in GROUP_OPENERS:
                if cur:
                    close("unterminated", cur)
                cur = [e]
                continue
            cur.append(e)
            end = group_end(t, e.get("query"), _standalone(cur))
            if end:
                close(end, cur)
                cur = []
        if cur:
            close("unterminated", cur)
    return out


def raw_frames(run_dir: Path, records: list[dict] | None = None) -> dict[str, Any]:
    """pandas frames read from the run's files, not from the Spark results."""
    import pandas as pd
    import pyarrow.parquet as pq

    from harness.pipeline.verdict import verdict

    run_dir = Path(run_dir)
    plan = json.loads((run_dir / "plan.json").read_text())
    frames: dict[str, Any] = {}
    ev_path = run_dir / "records" / "events.parquet"
    events = pq.read_table(str(ev_path), columns=["case", "format", "side", "seq", "event_type", "type_code",
                                                   "query", "gtid_flags"]).to_pylist() if ev_path.exists() else []
    frames["raw_events"] = pd.DataFrame(events, columns=["case", "format", "side", "seq", "event_type",
                                                         "query", "gtid_flags"]).drop(columns=["query"])
    frames["gtid_groups"] = pd.DataFrame(
        gtid_groups(events), columns=["case", "format", "side", "first_seq", "first_event", "last_event",
                                      "n_events", "group_end"])
    counts: dict[tuple, dict[str, int]] = {}
    for p in plan["pairs"]:
        counts[(p["case"], p["format"])] = {"reference": 0, "replbed": 0}
    for e in events:
        counts.setdefault((e["case"], e["format"]), {"reference": 0, "replbed": 0})
        counts[(e["case"], e["format"])][e["side"]] = counts[(e["case"], e["format"])].get(e["side"], 0) + 1
    planned = {(p["case"], p["format"]) for p in plan["pairs"]}
    frames["pairs"] = pd.DataFrame(
        [{"case": c, "format": f, "planned": (c, f) in planned, "n_ref_events": n.get("reference", 0),
          "n_rb_events": n.get("replbed", 0)} for (c, f), n in sorted(counts.items())],
        columns=["case", "format", "planned", "n_ref_events", "n_rb_events"])
    rp_path = run_dir / "diff" / "replay.parquet"
    replay = pq.read_table(str(rp_path)).to_pylist() if rp_path.exists() else []
    frames["replay"] = pd.DataFrame([{"case": r["case"], "format": r["format"], "replay_ok": r["replay_ok"],
                                      "replay_error": r.get("replay_error")} for r in replay],
                                    columns=["case", "format", "replay_ok", "replay_error"])
    # The live replica check (opt-in): empty when the run did not plan it.
    rc_path = run_dir / "diff" / "replica.parquet"
    replica = pq.read_table(str(rc_path)).to_pylist() if rc_path.exists() else []
    frames["replica"] = pd.DataFrame([{"case": r["case"], "format": r["format"], "replica_ok": r.get("replica_ok"),
                                       "replica_error": r.get("replica_error")} for r in replica],
                                     columns=["case", "format", "replica_ok", "replica_error"])
    if records is not None:
        rows = []
        for r in records:
            v = verdict(r)
            rows.append({"case": r["case"], "format": r["format"], "status": v.status.value, "reason": v.reason})
        frames["verdicts"] = pd.DataFrame(rows, columns=["case", "format", "status", "reason"])
    return frames


# -- validation --------------------------------------------------------------------


def _where(res: dict, index: list[str]) -> list[str]:
    """'case=x format=ROW (value)' for each unexpected row GX returned."""
    out = []
    for row in (res.get("partial_unexpected_index_list") or res.get("unexpected_index_list") or [])[:20]:
        if isinstance(row, dict):
            names = " ".join(f"{k}={row[k]}" for k in index if k in row)
            rest = [f"{row[k]}" for k in row if k not in index]
            out.append(names + (f" ({', '.join(rest)})" if rest else ""))
        else:
            out.append(str(row))
    return out


def _rows(res: dict, index: list[str], limit: int = 5000) -> list[dict]:
    """The index columns (case, format, side, ...) of every unexpected row GX returned:
    what the verdict's gate (verdict.gate_suites) reads to blame a pair or the pipeline."""
    rows = res.get("unexpected_index_list") or res.get("partial_unexpected_index_list") or []
    return [{k: (None if row.get(k) is None else str(row[k])) for k in index if k in row}
            for row in rows[:limit] if isinstance(row, dict)]


def _failed(result, index: list[str]) -> list[dict]:
    out = []
    for r in result.results:
        if r.success:
            continue
        cfg = r.expectation_config
        res = r.result or {}
        out.append({
            "expectation": cfg.type,
            "column": cfg.kwargs.get("column") or cfg.kwargs.get("column_list")
            or ([cfg.kwargs.get("column_A"), cfg.kwargs.get("column_B")] if cfg.kwargs.get("column_A") else None),
            "unexpected_count": res.get("unexpected_count"),
            "unexpected_where": _where(res, index),
            "unexpected_rows": _rows(res, index),
            "partial_unexpected": [str(v) for v in (res.get("partial_unexpected_list") or [])[:10]],
            "observed_value": None if res.get("observed_value") is None else str(res["observed_value"]),
            "exception": (r.exception_info or {}).get("exception_message")
            if isinstance(r.exception_info, dict) and r.exception_info.get("raised_exception") else None,
        })
    return out


def _datasource(context, name: str, kind: str):
    try:
        return context.data_sources.get(name)
    except (KeyError, ValueError, LookupError):
        return context.data_sources.add_spark(name=name) if kind == "spark" else context.data_sources.add_pandas(name=name)


def _small(df):
    """A Spark result frame as pandas: they hold one row per case × format (× side), and GX
    on Spark runs one job per metric (~5 s per expectation on a loaded machine; pandas: ms)."""
    if _is_pandas(df) or not hasattr(df, "toPandas"):
        return df
    return df.toPandas()


def _is_pandas(df) -> bool:
    return type(df).__module__.startswith("pandas")


def validate_frames(run_dir: Path, frames: dict, suites_dir: Path | None = None,
                    suite_files=SUITE_FILES, *, records: list[dict] | None = None,
                    run_name: str | None = None, project_dir: Path | None = None,
                    raw: bool = True, progress=print) -> tuple[list[SuiteResult], Path | None]:
    """Validate ``frames`` (name → Spark or pandas DataFrame) plus the raw frames of the run.

    ``records`` are the summary records (for the ``verdicts`` suite). Returns
    the per-suite results and the Data Docs index (or None). A suite whose
    frame is missing is skipped.
    """
    import great_expectations as gx
    from great_expectations.core.run_identifier import RunIdentifier
    from great_expectations.data_context.types.resource_identifiers import (
        ExpectationSuiteIdentifier,
    )

    # GX logs every datasource save at INFO; under Airflow that floods the task log.
    logging.getLogger("great_expectations").setLevel(logging.WARNING)
    run_dir = Path(run_dir)
    suites_dir = Path(suites_dir or expectations_dir())
    plan = json.loads((run_dir / "plan.json").read_text())
    run_name = run_name or plan.get("run_id") or run_dir.name
    frames = dict(frames)
    if raw:
        frames.update({k: v for k, v in raw_frames(run_dir, records).items() if k not in frames})
    params = {"n_planned_pairs": len(plan["pairs"])}
    project = Path(project_dir) if project_dir else gx_project_dir(run_dir)
    run_id = RunIdentifier(run_name=run_name, run_time=datetime.now(UTC))

    results: list[SuiteResult] = []
    identifiers: list = []
    with project_lock(project):
        t0 = time.monotonic()
        context = get_context(project)
        progress(f"[gx] project {project / 'gx'} ready in {time.monotonic() - t0:.1f}s; run {run_name}")
        for fname in suite_files:
            path = suites_dir / fname
            target = suite_target(path)
            if target not in frames:
                continue
            t1 = time.monotonic()
            df = _small(frames[target])
            index = suite_index_columns(path)
            suite = load_suite_file(path)
            # The stored definitions follow the suite files: replace them.
            for coll in (context.checkpoints, context.validation_definitions, context.suites):
                try:
                    coll.delete(suite.name)
                except Exception:  # noqa: BLE001, S110 - not there yet
                    pass
            suite = context.suites.add(suite)
            kind = "pandas" if _is_pandas(df) else "spark"
            ds = _datasource(context, f"replbed_{kind}", kind)
            asset_names = {a.name for a in ds.assets}
            asset = ds.get_asset(target) if target in asset_names else ds.add_dataframe_asset(name=target)
            try:
                bd = asset.get_batch_definition("whole")
            except (KeyError, ValueError, LookupError):
                bd = asset.add_batch_definition_whole_dataframe("whole")
            vd = context.validation_definitions.add(gx.ValidationDefinition(name=suite.name, data=bd, suite=suite))
            result_format = {"result_format": "COMPLETE", "unexpected_index_column_names": index,
                             "partial_unexpected_count": 20, "return_unexpected_index_query": False}
            cp = context.checkpoints.add(gx.Checkpoint(name=suite.name, validation_definitions=[vd],
                                                       result_format=result_format))
            cp_result = cp.run(batch_parameters={"dataframe": df}, expectation_parameters=params, run_id=run_id)
            ident, vr = next(iter(cp_result.run_results.items()))
            identifiers += [ident, ExpectationSuiteIdentifier(name=suite.name)]
            results.append(SuiteResult(suite=suite.name, dataframe=target, success=bool(vr.success),
                                       evaluated=len(vr.results), failed=_failed(vr, index)))
            progress(f"[gx] {suite.name}: {'passed' if vr.success else 'FAILED'} "
                     f"({len(vr.results)} expectations, {time.monotonic() - t1:.1f}s)")

        t2 = time.monotonic()
        docs = build_docs(context, identifiers, progress)
        if docs is not None:
            link_report(docs.parent, run_name, run_dir / "report" / "index.html")
        progress(f"[gx] data docs built in {time.monotonic() - t2:.1f}s: {docs}")
    return results, docs


def build_docs(context, identifiers: list, progress=print) -> Path | None:
    """Render this run's validation pages and the index, then make the site offline-ready."""
    from harness.pipeline.gx_assets import AssetsMissing, localize_site

    sites = context.build_data_docs(resource_identifiers=identifiers or None)
    docs = None
    for url in (sites or {}).values():
        if url and url.startswith("file://"):
            docs = Path(url[len("file://"):])
            break
    if docs is not None:
        try:  # the cache is filled by bootstrap.sh; never reach for the network mid-run
            localize_site(docs.parent)
        except AssetsMissing as exc:
            progress(f"[gx] Data Docs keep their CDN links: {exc}")
    return docs


def link_report(site: Path, run_name: str, report: Path) -> list[Path]:
    """This run's Data Docs pages link back to the replbed report, and say which frame they
    validated (GX prints "Data asset: None" for an in-memory DataFrame). The index links to the
    report of the run that built it last. Returns the pages changed."""
    import html
    import os

    changed = []
    pages = [p for p in (Path(site) / "validations").glob(f"*/{run_name}/*/*.html")]
    index = Path(site) / "index.html"
    for page in [*pages, index] if index.exists() else pages:
        text = page.read_text(encoding="utf-8")
        rel = os.path.relpath(report, page.parent)
        bar = (f'<div class="alert alert-info m-2" id="replbed-report-link">replbed run '
               f'<code>{html.escape(run_name)}</code>: <a href="{html.escape(rel)}">the replbed report</a> '
               "(verdict, differences, rerun commands)</div>")
        if 'id="replbed-report-link"' in text:
            start = text.index('<div class="alert alert-info m-2" id="replbed-report-link">')
            text = text[:start] + bar + text[text.index("</div>", start) + len("</div>"):]
        elif "<body>" in text:
            text = text.replace("<body>", "<body>" + bar, 1)
        else:
            continue
        if page != index:
            asset = page.stem.split("-", 1)[-1]
            text = text.replace("Data asset: None", f"Data asset: {html.escape(asset)} (replbed run {html.escape(run_name)})")
            text = one_row_per_pair(text)
        page.write_text(text, encoding="utf-8")
        changed.append(page)
    return changed


_ROW = re.compile(r"<tr>\s*((?:<td[^>]*><div class=\"show-scrollbars\">[^<]*</div></td>\s*){3,})</tr>")
_CELL = re.compile(r"(<td[^>]*><div class=\"show-scrollbars\">)([^<]*)(</div></td>)")


def one_row_per_pair(page: str) -> str:
    """GX lists the rows that share an unexpected value as one table row whose index cells
    are comma-joined (``basic_dml, basic_dml`` | ``ROW, ROW`` | ``reference, replbed``):
    split such a row into one row per failing row, each with its own case, format, side."""
    def split(m: re.Match) -> str:
        cells = _CELL.findall(m.group(1))
        count = cells[1][1].strip()
        if not count.isdigit() or int(count) < 2:
            return m.group(0)
        n = int(count)
        parts = [c[1].split(", ") for c in cells[2:]]
        if any(len(p) != n for p in parts):
            return m.group(0)
        rows = []
        for i in range(n):
            tds = [cells[0][0] + cells[0][1] + cells[0][2], cells[1][0] + "1" + cells[1][2]]
            tds += [c[0] + p[i] + c[2] for c, p in zip(cells[2:], parts)]
            rows.append("<tr>" + "".join(tds) + "</tr>")
        return "\n".join(rows)
    return _ROW.sub(split, page)
