"""The run report: ``report/index.html`` (one self-contained offline file) and a text summary.

Reads only what the earlier steps left in the run dir (plan.json, summary.json,
diff/summary_full.json, diff/gx_results.json, records/*.parquet, the
collected binlogs), so it needs no Spark and no network.

What a reviewer needs first is what failed and why, so:

* pass/fail comes from ``harness.pipeline.verdict`` only (never decided here);
  failures are listed first, most severe first, and a checkbox hides passes;
* a "workload expectation wrong" failure is its own kind, with its reason;
* events of a failing case × format are aligned with an edit script (difflib
  over the normalized event keys of ``diff.normalize_events``), so one missing
  event is one difference instead of a red tail;
* differing rows events are printed as ``mariadb-binlog -vv`` would print them
  (``harness.binlog.verbose``), differing statements with both servers' error
  and SHOW WARNINGS rows.
"""

from __future__ import annotations

import difflib
import json
import math
import os
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from harness.pipeline.verdict import CHECKS, REPLICA_CHECK, Status, Verdict, verdict

#: Matching events shown around each difference; longer equal runs are folded.
CONTEXT = 2
#: Per case × format, at most this many aligned rows (the rest is in the parquet files).
MAX_ALIGNED_ROWS = 400
_BINLOG_NAME = re.compile(r"\.\d{6}$")
_SEVERITY = {Status.ERROR: 0, Status.EXPECTATION_WRONG: 1, Status.DIFFERS: 2, Status.KNOWN_DIFFERENCE: 3,
             Status.PASS: 4}
_STATUS_LABEL = {Status.ERROR: "error", Status.EXPECTATION_WRONG: "workload expectation wrong",
                 Status.DIFFERS: "replbed differs", Status.KNOWN_DIFFERENCE: "known difference",
                 Status.PASS: "pass"}


def _read_parquet(path: Path) -> list[dict]:
    if not path.exists():
        return []
    import pyarrow.parquet as pq

    return pq.read_table(str(path)).to_pylist()


def _load(run_dir: Path) -> dict:
    run_dir = Path(run_dir)
    plan = json.loads((run_dir / "plan.json").read_text()) if (run_dir / "plan.json").exists() else {}
    summary = json.loads((run_dir / "summary.json").read_text())
    full_path = run_dir / "diff" / "summary_full.json"
    full = json.loads(full_path.read_text()) if full_path.exists() else summary
    # summary.json may carry fields summary_full.json lacks (status, expectation_ok, ...)
    extra = {(r.get("case"), r.get("format")): r for r in summary}
    full = [{**extra.get((r.get("case"), r.get("format")), {}), **r} for r in full]
    gx_path = run_dir / "diff" / "gx_results.json"
    gx = json.loads(gx_path.read_text()) if gx_path.exists() else {"suites": [], "data_docs": None}
    return {"plan": plan, "summary": summary, "full": full, "gx": gx}


def record_verdict(r: dict) -> Verdict:
    """The verdict of one summary record: the one in ``verdict.py``; a stored
    ``status`` is never trusted over it."""
    return verdict(r)


def _passed(r: dict) -> bool:
    return record_verdict(r).passed


#: Failing case x format listed in the console summary (all of them are in the report).
MAX_SUMMARY_FAILURES = 30


def rerun_command(case: str, fmt: str, plan: dict | None = None) -> str:
    """The command that runs one case x format again, outside Airflow."""
    import shlex

    extra = ""
    wl = (plan or {}).get("workloads")
    if wl and str(wl).endswith(".wl") and not str(wl).endswith("workloads/*.wl"):
        extra = f" --workloads {shlex.quote(str(wl))}"
    ref, cand = (plan or {}).get("reference"), (plan or {}).get("candidate")
    if ref and ref != "mariadb-10.11":
        extra += f" --reference {shlex.quote(str(ref))}"
    if cand and cand != "replbed":
        extra += f" --candidate {shlex.quote(str(cand))}"
    return f"replbed run --case {shlex.quote(case)} --formats {fmt}{extra}"


def failure_reason(r: dict, v: Verdict) -> str:
    """The failure's first difference, one line (the summary record's reason says where)."""
    why = cast(str, r.get("reason") if r.get("status") == v.status.value and r.get("reason") else v.reason)
    if r.get("replay_ok") is False and r.get("replay_error") and "replay" not in why:
        why += f"; replay: {str(r['replay_error']).splitlines()[0][:100]}"
    if r.get("replica_ok") is False and r.get("replica_error") and "replica" not in why:
        why += f"; live replica: {str(r['replica_error']).splitlines()[0][:160]}"
    return why


def status_counts(verdicts: list[Verdict]) -> str:
    counts = {st: sum(1 for v in verdicts if v.status is st) for st in _SEVERITY}
    return ", ".join(f"{n} {st.value}" for st, n in counts.items() if n)


def findings_lines(run_dir: Path) -> list[str]:
    """A two-real-servers run: its differences grouped by category (declared ones are
    classified findings; the others fail their pairs)."""
    from harness.pipeline.known_differences import by_category, read_findings

    findings = read_findings(run_dir)
    if not findings:
        return []
    groups = by_category(findings)
    if not groups:
        return []
    lines = [f"differences {findings['reference']} -> {findings['candidate']} by kind "
             f"(declared in expectations/known_differences.toml: classified, not failures):"]
    for cat, items in groups.items():
        lines.append(f"  {cat}:")
        for it in items[:8]:
            mark = "classified" if it["classified"] else "NOT DECLARED"
            lines.append(f"    [{mark}] {it['field']}: {it['description'][:150]} "
                         f"({it['events']} x in {it['pairs']} case x format)")
        if len(items) > 8:
            lines.append(f"    ... and {len(items) - 8} more")
    return lines


def _gx_failures_line(bad: list[dict], verdicts: list[tuple[dict, Verdict]]) -> list[str]:
    """What the failed suites name, by verdict: a failed suite is never shown under a PASS
    without saying why it does not fail the run (it names only pairs the verdict already
    counts as failing, or as declared differences; verdict.gate_suites)."""
    from harness.pipeline.verdict import suite_named_pairs

    named = suite_named_pairs(bad)
    by_status: dict[str, int] = defaultdict(int)
    for r, v in verdicts:
        if (str(r["case"]), str(r["format"])) in named:
            by_status["declared differences (known_difference)" if v.status is Status.KNOWN_DIFFERENCE
                      else "passing" if v.passed else "failing, listed above"] += 1
    if not by_status:
        return []
    parts = ", ".join(f"{n} {what}" for what, n in sorted(by_status.items()))
    return [f"  the failed suites name {len(named)} case x format: {parts}"]


def text_summary(run_dir: Path) -> str:
    """One screen, printed once at the end of a run: the verdict with counts per status and
    format, every failing case x format (up to ``MAX_SUMMARY_FAILURES``) with its first
    difference, the GX suites, the report and the logs; the last line is PASS/FAIL."""
    from harness.pipeline.verdict import final_verdict, pipeline_errors

    run_dir = Path(run_dir)
    d = _load(run_dir)
    full = d["full"]
    verdicts = [(r, record_verdict(r)) for r in full]
    n_pass = sum(1 for _, v in verdicts if v.passed)
    run_id = d["plan"].get("run_id", run_dir.name)
    lines = [f"run {run_id}: {n_pass}/{len(full)} case x format passed ({status_counts([v for _, v in verdicts])})"]
    formats = [f for f in ("STATEMENT", "ROW", "MIXED") if any(r["format"] == f for r in full)]
    if formats:
        lines.append("  " + "   ".join(
            f"{f} {sum(1 for r, v in verdicts if r['format'] == f and v.passed)}"
            f"/{sum(1 for r in full if r['format'] == f)}" for f in formats))
    fails = sorted(((r, v) for r, v in verdicts if not v.passed),
                   key=lambda rv: (_SEVERITY[rv[1].status], rv[0]["case"], FORMAT_ORDER.get(rv[0]["format"], 9)))
    if fails:
        lines.append(f"failures ({len(fails)}):")
    for r, v in fails[:MAX_SUMMARY_FAILURES]:
        lines.append(f"  FAIL [{_STATUS_LABEL[v.status]}] {r['case']} {r['format']}: {failure_reason(r, v)[:300]}")
    if len(fails) > MAX_SUMMARY_FAILURES:
        lines.append(f"  ... and {len(fails) - MAX_SUMMARY_FAILURES} more (see the report)")
    if fails:
        r0 = fails[0][0]
        lines.append(f"rerun the first: {rerun_command(r0['case'], r0['format'], d['plan'])}")
    lines += findings_lines(run_dir)
    na = d["plan"].get("not_applicable") or []
    if na:
        lines.append(f"not applicable ({len(na)} cases, not run; the workload says which servers they are for):")
    for x in na[:10]:
        lines.append(f"  {x['case']}: not for {', '.join(x['not_for'])} ({x['reason']})")
    if len(na) > 10:
        lines.append(f"  ... and {len(na) - 10} more (see the report)")
    found = [r for r, _v in verdicts if r.get("replica_finding")]
    if found:
        lines.append(f"live replica findings ({len(found)}; expected, explained; not failures by themselves):")
    for r in found[:5]:
        lines.append(f"  {r['case']} {r['format']}: {str(r['replica_finding'])[:200]}")
    suites = d["gx"].get("suites", [])
    bad = [s for s in suites if not s["success"]]
    gx = f"GX: {len(suites) - len(bad)}/{len(suites)} suites passed"
    if bad:
        gx += "; failed: " + ", ".join(
            f"{s['suite']} ({len(s.get('failed', []))}/{s['evaluated']} expectations)" for s in bad)
    lines.append(gx if suites else "GX: not run")
    if bad:
        lines += _gx_failures_line(bad, verdicts)
    for e in pipeline_errors(run_dir)[:5]:
        lines.append(f"  pipeline error: {e}")
    lines.append(f"report: {run_dir.resolve() / 'report' / 'index.html'}")
    logs = run_dir.resolve() / "logs"
    names = ", ".join(sorted(p.name for p in logs.glob("*.log"))) if logs.is_dir() else ""
    lines.append(f"logs:   {logs}/" + (f" ({names}; the servers' in ../servers/)" if names else ""))
    passed, line = final_verdict(run_dir)
    lines.append(("PASS: " if passed else "FAIL: ") + line)
    return "\n".join(lines)


# -- event alignment -------------------------------------------------------------


def _normalizer():
    """The event keys the diff jobs compare (harness/pipeline/normalize.py: the same
    rules and compared fields as ``diff.normalize_events`` and ``replbed compare``)."""
    from harness.pipeline.normalize import COMPARED, normalize_event

    def key(ev: dict) -> tuple:
        norm = normalize_event(ev)
        return tuple(norm[c] for c in COMPARED), dict(ev, **norm)

    return key, list(COMPARED)


@dataclass
class AlignedRow:
    op: str                     # equal | differs | missing_replbed | missing_reference | fold
    ref: dict | None = None
    rb: dict | None = None
    diff_fields: list[str] = field(default_factory=list)
    folded: int = 0             # op == "fold": how many matching events are hidden
    ref_vv: str | None = None   # -vv text of a rows event
    rb_vv: str | None = None
    ref_vv_marks: list[bool] = field(default_factory=list)  # per line: differs from the other side
    rb_vv_marks: list[bool] = field(default_factory=list)


def align_events(ref: list[dict], rb: list[dict]) -> list[AlignedRow]:
    """Edit script between two event sequences (each sorted by ``seq``).

    Events are compared on their normalized keys; inside a replaced block,
    events are paired by event type so a changed row value reads as one
    "differs" row and an extra event as one "missing" row.
    """
    key, fields = _normalizer()
    ka = [key(e) for e in ref]
    kb = [key(e) for e in rb]
    out: list[AlignedRow] = []
    sm = difflib.SequenceMatcher(a=[k for k, _ in ka], b=[k for k, _ in kb], autojunk=False)
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            out += [AlignedRow("equal", ref[i], rb[j]) for i, j in zip(range(i1, i2), range(j1, j2))]
            continue
        sub = difflib.SequenceMatcher(a=[ref[i].get("event_type") for i in range(i1, i2)],
                                      b=[rb[j].get("event_type") for j in range(j1, j2)], autojunk=False)
        for op2, a1, a2, b1, b2 in sub.get_opcodes():
            if op2 == "equal":
                for i, j in zip(range(i1 + a1, i1 + a2), range(j1 + b1, j1 + b2)):
                    na, nb = ka[i][1], kb[j][1]
                    diff = [f for f in fields if na.get(f) != nb.get(f)]
                    out.append(AlignedRow("differs", ref[i], rb[j], diff))
            else:
                out += [AlignedRow("missing_replbed", ref[i], None, ["<missing replbed>"])
                        for i in range(i1 + a1, i1 + a2)]
                out += [AlignedRow("missing_reference", None, rb[j], ["<missing reference>"])
                        for j in range(j1 + b1, j1 + b2)]
    return out


def fold_equal(rows: list[AlignedRow], context: int = CONTEXT) -> list[AlignedRow]:
    """Keep ``context`` matching events around each difference; fold the rest into one row."""
    near = [False] * len(rows)
    for i, r in enumerate(rows):
        if r.op != "equal":
            for k in range(max(0, i - context), min(len(rows), i + context + 1)):
                near[k] = True
    out: list[AlignedRow] = []
    hidden = 0
    for r, keep in zip(rows, near):
        if r.op == "equal" and not keep:
            hidden += 1
            continue
        if hidden:
            out.append(AlignedRow("fold", folded=hidden))
            hidden = 0
        out.append(r)
    if hidden:
        out.append(AlignedRow("fold", folded=hidden))
    return out


def _line_marks(a: list[str], b: list[str]) -> tuple[list[bool], list[bool]]:
    ma, mb = [True] * len(a), [True] * len(b)
    for blk in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_matching_blocks():
        for k in range(blk.size):
            ma[blk.a + k] = False
            mb[blk.b + k] = False
    return ma, mb


_ROWS_TYPE = re.compile(r"^(Write|Update|Delete)_rows")


def _is_rows(ev: dict | None) -> bool:
    return ev is not None and bool(_ROWS_TYPE.match(ev.get("event_type") or ""))


def _vv_texts(run_dir: Path, case: str, fmt: str, side: str) -> dict[tuple[str, int], str]:
    from harness.binlog.verbose import verbose_binlog_rows

    d = run_dir / "cases" / case / fmt / side / "binlog"
    files = sorted(p for p in d.glob("*") if _BINLOG_NAME.search(p.name)) if d.is_dir() else []
    try:
        return verbose_binlog_rows(files)
    except Exception:  # noqa: BLE001 - an undecodable binlog falls back to rows_json
        return {}


def _vv(ev: dict, texts: dict[tuple[str, Any], str]) -> str:
    from harness.binlog.verbose import verbose_rows_from_json

    text = texts.get((os.path.basename(ev.get("file") or ""), ev.get("pos")))
    if text is None:
        text = verbose_rows_from_json(ev.get("event_type") or "", ev.get("table"), ev.get("rows_json"))
    return text


def _attach_vv(rows: list[AlignedRow], ref_texts: dict, rb_texts: dict) -> None:
    for r in rows:
        if r.op == "equal" or r.op == "fold":
            continue
        if r.ref is not None and _is_rows(r.ref):
            r.ref_vv = _vv(r.ref, ref_texts)
        if r.rb is not None and _is_rows(r.rb):
            r.rb_vv = _vv(r.rb, rb_texts)
        a = (r.ref_vv or "").splitlines()
        b = (r.rb_vv or "").splitlines()
        r.ref_vv_marks, r.rb_vv_marks = _line_marks(a, b)


# -- statements ------------------------------------------------------------------


def _no_code(code: Any) -> bool:
    """No error: None, or NaN where a reader turned a null into a float."""
    return code is None or (isinstance(code, float) and math.isnan(code))


def _outcome_text(r: dict | None) -> str:
    if r is None:
        return "(not run)"
    code = r.get("error_code")
    if code is None or _no_code(code):
        return "OK"
    return f"ERROR {int(code)}: {r.get('error_message') or ''}"


def _result_set_text(r: dict) -> str:
    """A result set for the statement table: its rows (sorted, as compared), cut short."""
    rows = json.loads(r["rows_json"]) if r.get("rows_json") is not None else None
    if rows is None:
        return "OK, no result set"
    return f"OK, {len(rows)} rows: " + ", ".join(rows[:5])[:300] + (" ..." if len(rows) > 5 else "")


def _warnings(r: dict | None) -> list[list]:
    if not r or not r.get("warnings_json"):
        return []
    try:
        return [list(w) for w in json.loads(r["warnings_json"])]
    except ValueError:
        return [["?", "?", r["warnings_json"]]]


def _expected_matches(expected: Any, code: Any) -> bool | None:
    """Whether a statement's result satisfies its ``=> ...`` annotation (None: not decidable here)."""
    if expected is None:
        return None
    actual = 0 if _no_code(code) else int(code)
    tokens = [t for t in re.split(r"[\s,|/]+", str(expected)) if t]
    codes = set()
    for t in tokens:
        if t.upper() == "OK" or t == "0":
            codes.add(0)
        elif t.isdigit():
            codes.add(int(t))
        else:
            return None
    return actual in codes


@dataclass
class StatementDiff:
    step: Any
    connection: Any
    sql: str
    line: Any
    kind: str                  # "result" (code) | "warnings" | "rows" (result set) | "expectation" | "message"
    expected: Any
    ref: str
    rb: str
    ref_warnings: list
    rb_warnings: list


def outcome_differences(run_dir: Path, keys: set[tuple]) -> dict[tuple, list[StatementDiff]]:
    """Per case x format: statements whose error code, message or SHOW WARNINGS rows
    differ between the sides, and statements where the reference contradicts the
    workload's ``=> ...`` annotation."""
    by: dict[tuple, dict[str, dict[Any, dict]]] = defaultdict(lambda: defaultdict(dict))
    for r in _read_parquet(Path(run_dir) / "records" / "outcomes.parquet"):
        key = (r["case"], r["format"])
        if key in keys:
            by[key][r["side"]][r["step"]] = r
    out: dict[tuple, list[StatementDiff]] = {}
    for key, sides in by.items():
        ref, rb = sides.get("reference", {}), sides.get("replbed", {})
        rows = []
        for step in sorted(set(ref) | set(rb), key=lambda s: (s is None, s)):
            a, b = ref.get(step), rb.get(step)
            src = a or b or {}
            ta, tb = _outcome_text(a), _outcome_text(b)
            wa, wb = _warnings(a), _warnings(b)
            exp = src.get("expected_error")
            kind = None
            if ta.split(":")[0] != tb.split(":")[0]:
                kind = "result"
            elif wa != wb:
                kind = "warnings"
            elif (a or {}).get("rows_json") != (b or {}).get("rows_json") and a is not None and b is not None:
                kind = "rows"
                ta, tb = _result_set_text(a), _result_set_text(b)
            elif a is not None and _expected_matches(exp, a.get("error_code")) is False:
                kind = "expectation"
            elif ta != tb:
                kind = "message"
            if kind:
                rows.append(StatementDiff(step, src.get("connection"), src.get("sql") or "", src.get("line"),
                                          kind, exp, ta, tb, wa, wb))
        if rows:
            out[key] = rows
    return out


def _outcome_differences(run_dir: Path, keys: set[tuple]) -> dict[tuple, list[tuple]]:
    """(step, connection, sql, reference, replbed) of statements answered differently."""
    return {k: [(d.step, d.connection, d.sql, d.ref, d.rb) for d in v if d.kind == "result"]
            for k, v in outcome_differences(run_dir, keys).items()
            if any(d.kind == "result" for d in v)}


# -- the page ------------------------------------------------------------------------


def _anchor(case: str, fmt: str) -> str:
    return "d-" + "".join(ch if ch.isalnum() else "_" for ch in f"{case}-{fmt}")


def _failure_details(run_dir: Path, failing: list[dict]) -> None:
    """Fill each failing record's ``_detail`` (aligned events, statements, layout, tables)."""
    keys = {(r["case"], r["format"]) for r in failing}
    events: dict[tuple, list[dict]] = defaultdict(list)
    import pyarrow.parquet as pq

    ev_path = run_dir / "records" / "events.parquet"
    if ev_path.exists() and keys:
        cols = [c for c in pq.read_schema(str(ev_path)).names if c != "raw"]
        for e in pq.read_table(str(ev_path), columns=cols).to_pylist():
            if (e["case"], e["format"]) in keys:
                events[(e["case"], e["format"], e["side"])].append(e)
    gtid_by: dict[tuple, list[dict]] = defaultdict(list)
    for x in _read_parquet(run_dir / "diff" / "gtid_layout.parquet"):
        gtid_by[(x["case"], x["format"])].append(x)
    trows_by: dict[tuple, list[dict]] = defaultdict(list)
    for x in _read_parquet(run_dir / "diff" / "table_rows.parquet"):
        trows_by[(x["case"], x["format"])].append(x)
    stmts = outcome_differences(run_dir, keys)
    for r in failing:
        key = (r["case"], r["format"])
        det: dict[str, Any] = {"anchor": _anchor(*key), "statements": stmts.get(key, []),
                               "gtid": sorted(gtid_by.get(key, []), key=lambda x: x["side"]),
                               "table_rows": sorted(trows_by.get(key, []),
                                                    key=lambda x: (x["table"], x["row_no"]))[:200],
                               "aligned": [], "n_aligned_diff": 0, "truncated": 0}
        ref = sorted(events.get((*key, "reference"), []), key=lambda e: e["seq"])
        rb = sorted(events.get((*key, "replbed"), []), key=lambda e: e["seq"])
        if (ref or rb) and r.get("events_match") is not True:
            rows = align_events(ref, rb)
            det["n_aligned_diff"] = sum(1 for x in rows if x.op != "equal")
            rows = fold_equal(rows)
            if len(rows) > MAX_ALIGNED_ROWS:
                det["truncated"] = len(rows) - MAX_ALIGNED_ROWS
                rows = rows[:MAX_ALIGNED_ROWS]
            _attach_vv(rows, _vv_texts(run_dir, *key, "reference") if ref else {},
                       _vv_texts(run_dir, *key, "replbed") if rb else {})
            det["aligned"] = rows
        r["_detail"] = det


def _sql_value(v: Any) -> str:
    if v is None:
        return "NULL"
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return str(v)
    text = str(v)
    return text if re.fullmatch(r"-?\d+(\.\d+)?", text) else "'" + text.replace("'", "\\'") + "'"


def shown(v: Any) -> str:
    """A value as a person reads it, never a Python repr: nothing is "–", a row is
    ``(1, 'POINT(1 1)')`` as in SQL, a list is comma separated."""
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "–"
    if isinstance(v, str) and v[:1] == "[":
        try:
            v = json.loads(v)
        except ValueError:
            return v
    if isinstance(v, (list, tuple)):
        if any(isinstance(x, (list, tuple, dict)) for x in v):
            return "; ".join(shown(x) for x in v)
        return "(" + ", ".join(_sql_value(x) for x in v) + ")"
    if isinstance(v, dict):
        return ", ".join(f"{k}={shown(x)}" for k, x in v.items())
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


def _env():
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(Path(__file__).resolve().parent / "templates")),
        autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["shown"] = shown
    return env


def _first_line(r: dict, case_info: dict) -> tuple[str | None, int | None]:
    """The workload file and the line to look at: the first differing statement's, else the case's."""
    source = case_info.get("source")
    line = next((st.line for st in r.get("_detail", {}).get("statements", []) if st.line is not None), None)
    if line is None and r.get("expectation_error"):
        m = re.match(r"line (\d+)", str(r["expectation_error"]))
        line = int(m.group(1)) if m else None
    return source, line if line is not None else case_info.get("line")


def _shown_path(path: str) -> str:
    """A workload path as a person types it: relative to here when it is below, else absolute."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)


#: Formats in the order a reviewer reads them (not alphabetical).
FORMAT_ORDER = {"STATEMENT": 0, "ROW": 1, "MIXED": 2}


def _grid(full: list[dict]) -> tuple[list[str], list[tuple[str, bool, dict[str, dict]]]]:
    """case x format: (formats, [(case, all passed, {format: record})]), failing cases first."""
    formats = [f for f in ("STATEMENT", "ROW", "MIXED") if any(r["format"] == f for r in full)]
    formats += sorted({r["format"] for r in full} - set(formats))
    by: dict[str, dict[str, dict]] = defaultdict(dict)
    for r in full:
        by[r["case"]][r["format"]] = r
    rows = [(case, all(r["_verdict"].passed for r in cells.values()), cells) for case, cells in by.items()]
    rows.sort(key=lambda x: (x[1], min(_SEVERITY[r["_verdict"].status] for r in x[2].values()), x[0]))
    return formats, rows


def _suite_descriptions() -> dict[str, str]:
    from harness.pipeline.gx_validate import SUITE_FILES, expectations_dir

    out = {}
    for name in SUITE_FILES:
        try:
            spec = json.loads((expectations_dir() / name).read_text())
        except (OSError, ValueError):
            continue
        out[spec.get("name", name)] = spec.get("meta", {}).get("replbed", {}).get("description", "")
    return out


def _overhead(run_dir: Path) -> str | None:
    from harness.pipeline.timing import overhead_line

    return overhead_line(run_dir)


def render_report(run_dir: Path) -> Path:
    run_dir = Path(run_dir)
    d = _load(run_dir)
    plan, full, gx = d["plan"], d["full"], d["gx"]
    out_dir = run_dir / "report"
    out_dir.mkdir(parents=True, exist_ok=True)
    rule_of = {c["name"]: c.get("rule") for c in plan.get("cases", [])}
    for r in full:
        v = record_verdict(r)
        r["_verdict"] = v
        r["_label"] = _STATUS_LABEL[v.status]
        r["_anchor"] = _anchor(r["case"], r["format"])
        r.setdefault("rule", rule_of.get(r["case"]))
    ordered = sorted(full, key=lambda r: (_SEVERITY[r["_verdict"].status], r["case"],
                                          FORMAT_ORDER.get(r["format"], 9), r["format"]))
    failing = [r for r in ordered if not r["_verdict"].passed]
    _failure_details(run_dir, failing)
    counts = {label: sum(1 for r in full if r["_verdict"].status is st) for st, label in _STATUS_LABEL.items()}
    by_rule: dict[str, list[dict]] = defaultdict(list)
    for r in full:
        by_rule[r.get("rule") or "(no rule)"].append(r)
    rules = [(rule, sum(1 for r in rs if r["_verdict"].passed), len(rs)) for rule, rs in sorted(by_rule.items())]
    docs = gx.get("data_docs")
    docs_link = os.path.relpath(docs, out_dir) if docs else None
    cases = {c["name"]: c for c in plan.get("cases", [])}
    for r in failing:
        r["_why"] = failure_reason(r, r["_verdict"])
        r["_rerun"] = rerun_command(r["case"], r["format"], plan)
        source, line = _first_line(r, cases.get(r["case"], {}))
        r["_source"] = source
        r["_where"] = (_shown_path(source) + (f":{line}" if line else "")) if source else None
        r["_source_link"] = ("file://" + os.path.abspath(source)) if source else None
    from harness.pipeline.verdict import pipeline_errors

    formats, grid = _grid(full)
    from harness.pipeline.known_differences import by_category, read_findings

    findings = read_findings(run_dir)
    html = _env().get_template("report.html.j2").render(
        findings=findings if findings and by_category(findings) else None,
        finding_groups=by_category(findings) if findings else {},
        plan=plan, rows=ordered, failing=failing, n_total=len(full),
        n_pass=counts["pass"], counts=counts, rules=rules, gx=gx, docs_link=docs_link,
        formats=formats, grid=grid, pipeline_errors=pipeline_errors(run_dir),
        replica_findings=[r for r in ordered if r.get("replica_finding")],
        descriptions=_suite_descriptions(), overhead=_overhead(run_dir),
        logs_link=os.path.relpath(run_dir / "logs", out_dir) if (run_dir / "logs").is_dir() else None,
        checks=CHECKS + ((REPLICA_CHECK,) if plan.get("live_replica") else ()), css=(Path(__file__).resolve().parent / "templates" / "report.css").read_text())
    path = out_dir / "index.html"
    path.write_text(html, encoding="utf-8")
    return path
