"""The run report: ``report/index.html`` (self-contained) and a text summary.

Reads only what ``analyze_run`` left in the run dir (summary.json,
diff/summary_full.json, diff/gx_results.json, diff/*.parquet), so it needs
no Spark.
"""

from __future__ import annotations

import html
import json
import os
from collections import defaultdict
from pathlib import Path

MAX_EVENT_ROWS = 400


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
    gx_path = run_dir / "diff" / "gx_results.json"
    gx = json.loads(gx_path.read_text()) if gx_path.exists() else {"suites": [], "data_docs": None}
    return {"plan": plan, "summary": summary, "full": full, "gx": gx}


def _passed(r: dict) -> bool:
    # verdict.py holds the one definition of pass; importing it from regression.py
    # (which renders this report) made the two modules a cycle.
    from harness.pipeline.verdict import is_pass
    return is_pass(r)


def text_summary(run_dir: Path) -> str:
    """One screen: totals, then every failing case x format with the first reason."""
    d = _load(run_dir)
    full = d["full"]
    n_pass = sum(1 for r in full if _passed(r))
    lines = [f"run {d['plan'].get('run_id', Path(run_dir).name)}: "
             f"{n_pass}/{len(full)} case x format passed"]
    by_rule: dict[str, list[dict]] = defaultdict(list)
    for r in full:
        by_rule[r.get("rule") or "(no rule)"].append(r)
    for rule in sorted(by_rule):
        rows = by_rule[rule]
        ok = sum(1 for r in rows if _passed(r))
        lines.append(f"  {rule}: {ok}/{len(rows)}")
    fails = [r for r in full if not _passed(r)]
    if fails:
        lines.append("failures:")
    for r in fails[:25]:
        why = []
        if r.get("error"):
            why.append("error: " + str(r["error"]).splitlines()[0][:100])
        else:
            if r.get("events_match") is not True:
                why.append(f"events differ at seq {r.get('first_diff_seq')} "
                           f"({r.get('first_diff_fields')})")
            if r.get("gtid_layout_ok") is not True:
                why.append("gtid layout")
            if r.get("tables_match") is not True:
                why.append(f"{r.get('n_diff_rows')} table row(s) differ")
            if r.get("replay_ok") is False:
                why.append("replay: " + str(r.get("replay_error") or "")[:100])
        lines.append(f"  FAIL {r['case']} {r['format']}: {'; '.join(why)}")
    if len(fails) > 25:
        lines.append(f"  ... and {len(fails) - 25} more (see the report)")
    for s in d["gx"].get("suites", []):
        lines.append(f"  GX {s['suite']}: {'passed' if s['success'] else 'FAILED'}"
                     f" ({len(s.get('failed', []))}/{s['evaluated']} expectations failed)")
    return "\n".join(lines)


CSS = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}
td,th{border:1px solid #ccc;padding:2px 6px;vertical-align:top;font-size:13px}
th{background:#f0f0f0}
.pass{color:#176317;font-weight:bold}.fail{color:#b00020;font-weight:bold}
tr.diff td{background:#ffe3e3}tr.missing td{background:#fff2cc}
code,.mono{font-family:ui-monospace,monospace;white-space:pre-wrap;word-break:break-all}
h2{margin-top:1.5em;border-bottom:1px solid #ddd}
.small{color:#666;font-size:12px}
"""


def _e(v) -> str:
    return html.escape("" if v is None else str(v))


def _flag(v) -> str:
    if v is True:
        return '<span class="pass">✓</span>'
    if v is False:
        return '<span class="fail">✗</span>'
    return "–"


def _anchor(case: str, fmt: str) -> str:
    return "d-" + "".join(ch if ch.isalnum() else "_" for ch in f"{case}-{fmt}")


def _outcome_text(r: dict | None) -> str:
    if r is None:
        return "(not run)"
    code = r.get("error_code")
    if code is None or code != code:  # None or NaN
        return "OK"
    return f"ERROR {int(code)}: {r.get('error_message') or ''}"


def _outcome_differences(run_dir: Path, keys: set[tuple]) -> dict[tuple, list[tuple]]:
    """Per failing case x format: statements whose result (OK or error code) differs between the sides."""
    by: dict[tuple, dict[str, dict[int, dict]]] = defaultdict(lambda: defaultdict(dict))
    for r in _read_parquet(run_dir / "records" / "outcomes.parquet"):
        key = (r["case"], r["format"])
        if key in keys:
            by[key][r["side"]][r["step"]] = r
    out: dict[tuple, list[tuple]] = {}
    for key, sides in by.items():
        ref, rb = sides.get("reference", {}), sides.get("replbed", {})
        rows = []
        for step in sorted(set(ref) | set(rb)):
            a, b = ref.get(step), rb.get(step)
            ta, tb = _outcome_text(a), _outcome_text(b)
            wa, wb = (a or {}).get("warnings_json"), (b or {}).get("warnings_json")
            if ta.split(":")[0] != tb.split(":")[0]:
                src = a or b or {}
                rows.append((step, src.get("connection"), src.get("sql"), ta, tb))
            elif wa != wb:
                src = a or b or {}
                rows.append((step, src.get("connection"), src.get("sql"), f"{ta}; SHOW WARNINGS {wa}",
                             f"{tb}; SHOW WARNINGS {wb}"))
        if rows:
            out[key] = rows
    return out


def render_report(run_dir: Path) -> Path:
    run_dir = Path(run_dir)
    d = _load(run_dir)
    plan, full, gx = d["plan"], d["full"], d["gx"]
    out_dir = run_dir / "report"
    out_dir.mkdir(parents=True, exist_ok=True)
    failing = {(r["case"], r["format"]) for r in full if not _passed(r)}

    ev_rows = [r for r in _read_parquet(run_dir / "diff" / "event_diff.parquet")
               if (r["case"], r["format"]) in failing]
    events_by: dict[tuple, list[dict]] = defaultdict(list)
    for r in sorted(ev_rows, key=lambda r: r["seq"]):
        events_by[(r["case"], r["format"])].append(r)
    gtid_by: dict[tuple, list[dict]] = defaultdict(list)
    for r in _read_parquet(run_dir / "diff" / "gtid_layout.parquet"):
        gtid_by[(r["case"], r["format"])].append(r)
    trows_by: dict[tuple, list[dict]] = defaultdict(list)
    for r in _read_parquet(run_dir / "diff" / "table_rows.parquet"):
        trows_by[(r["case"], r["format"])].append(r)

    outcome_diffs = _outcome_differences(run_dir, failing)

    docs = gx.get("data_docs")
    docs_link = os.path.relpath(docs, out_dir) if docs else None
    n_pass = sum(1 for r in full if _passed(r))
    h = [f"<!doctype html><html><head><meta charset='utf-8'>"
         f"<title>replbed run {_e(plan.get('run_id'))}</title><style>{CSS}</style></head><body>"]
    h.append(f"<h1>replbed regression run <code>{_e(plan.get('run_id'))}</code></h1>")
    h.append(f"<p><span class='{'pass' if n_pass == len(full) else 'fail'}'>{n_pass}/{len(full)}"
             f"</span> case × format passed. Reference provider <code>{_e(plan.get('provider'))}"
             f"</code>, replbed side <code>{_e(plan.get('replbed_provider'))}</code>, flavor "
             f"<code>{_e(plan.get('flavor'))}</code>, workloads <code>{_e(plan.get('workloads'))}"
             f"</code>, created {_e(plan.get('created'))}.</p>")
    if docs_link:
        h.append(f"<p><a href='{_e(docs_link)}'>Great Expectations Data Docs</a></p>")

    h.append("<h2>Great Expectations suites</h2><table><tr><th>suite</th><th>validates</th>"
             "<th>result</th><th>failed expectations</th></tr>")
    for s in gx.get("suites", []):
        fails = "<br>".join(
            f"{_e(f['expectation'])} {_e(f['column'])}: {_e(f.get('unexpected_count'))} unexpected"
            f"{' e.g. ' + _e(', '.join(f['partial_unexpected'][:5])) if f.get('partial_unexpected') else ''}"
            for f in s.get("failed", []))
        h.append(f"<tr><td>{_e(s['suite'])}</td><td>{_e(s['dataframe'])}</td>"
                 f"<td>{_flag(s['success'])}</td><td>{fails}</td></tr>")
    h.append("</table>")

    by_rule: dict[str, list[dict]] = defaultdict(list)
    for r in full:
        by_rule[r.get("rule") or "(no rule)"].append(r)
    h.append("<h2>Results by rule</h2>")
    for rule in sorted(by_rule):
        rows = by_rule[rule]
        ok = sum(1 for r in rows if _passed(r))
        h.append(f"<h3>{_e(rule)} <span class='{'pass' if ok == len(rows) else 'fail'}'>"
                 f"{ok}/{len(rows)}</span></h3>")
        h.append("<table><tr><th>case</th><th>format</th><th>result</th><th>events</th>"
                 "<th>GTID layout</th><th>tables</th><th>statements</th><th>replay</th><th>events ref/replbed/differ</th>"
                 "<th>first difference</th><th>error</th></tr>")
        for r in sorted(rows, key=lambda r: (r["case"], r["format"])):
            ok_r = _passed(r)
            name = _e(r["case"])
            if not ok_r:
                name = f"<a href='#{_anchor(r['case'], r['format'])}'>{name}</a>"
            first = ""
            if r.get("first_diff_seq") is not None:
                first = f"seq {_e(r['first_diff_seq'])}: {_e(r.get('first_diff_fields'))}"
            h.append(
                f"<tr><td>{name}</td><td>{_e(r['format'])}</td>"
                f"<td class='{'pass' if ok_r else 'fail'}'>{'pass' if ok_r else 'FAIL'}</td>"
                f"<td>{_flag(r.get('events_match'))}</td><td>{_flag(r.get('gtid_layout_ok'))}</td>"
                f"<td>{_flag(r.get('tables_match'))}</td><td>{_flag(r.get('outcomes_match'))}</td>"
                f"<td title='{_e(r.get('replay_error'))}'>{_flag(r.get('replay_ok'))}</td>"
                f"<td>{_e(r.get('n_ref_events'))}/{_e(r.get('n_rb_events'))}/"
                f"{_e(r.get('n_diff_events'))}</td><td>{first}</td>"
                f"<td class='mono'>{_e(r.get('error'))}</td></tr>")
        h.append("</table>")

    if failing:
        h.append("<h2>Differences</h2>")
    for r in sorted((r for r in full if not _passed(r)), key=lambda r: (r["case"], r["format"])):
        key = (r["case"], r["format"])
        h.append(f"<h3 id='{_anchor(*key)}'>{_e(key[0])} — {_e(key[1])}</h3>")
        if r.get("error"):
            h.append(f"<p class='fail'>error:</p><pre class='mono'>{_e(r['error'])}</pre>")
        g = sorted(gtid_by.get(key, []), key=lambda x: x["side"])
        if g:
            h.append("<table><tr><th>side</th><th>header</th><th>groups</th><th>bad groups</th>"
                     "<th>orphans</th><th>GTID gaps</th><th>same layout</th><th>layout</th></tr>")
            for x in g:
                h.append(f"<tr><td>{_e(x['side'])}</td><td>{_flag(x['header_ok'])}</td>"
                         f"<td>{_e(x['n_groups'])}</td><td>{_e(x['bad_groups'])}"
                         f"{(' (' + _e(x['first_bad_group']) + ')') if x.get('first_bad_group') else ''}"
                         f"</td><td>{_e(x['orphan_events'])}</td><td>{_e(x['gtid_gaps'])}</td>"
                         f"<td>{_flag(x['same_layout'])}</td><td class='mono'>{_e(x['layout'])}</td></tr>")
            h.append("</table>")
        od = outcome_diffs.get(key, [])
        if od:
            h.append("<p>Statements answered differently (often the reason for the differences below):</p>"
                     "<table><tr><th>step</th><th>connection</th><th>statement</th><th>reference</th>"
                     "<th>replbed</th></tr>")
            for step, conn, sql, ref_res, rb_res in od:
                h.append(f"<tr class='diff'><td>{_e(step)}</td><td>{_e(conn)}</td><td class='mono'>{_e(sql)}</td>"
                         f"<td class='mono'>{_e(ref_res)}</td><td class='mono'>{_e(rb_res)}</td></tr>")
            h.append("</table>")
        evs = events_by.get(key, [])
        if evs and r.get("events_match") is not True:
            h.append("<table><tr><th>seq</th><th>reference type</th><th>reference info</th>"
                     "<th>replbed type</th><th>replbed info</th><th>differs in</th></tr>")
            for x in evs[:MAX_EVENT_ROWS]:
                cls = {"differs": "diff", "missing_reference": "missing",
                       "missing_replbed": "missing"}.get(x["status"], "")
                h.append(f"<tr class='{cls}'><td>{_e(x['seq'])}</td>"
                         f"<td>{_e(x.get('ref_event_type'))}</td>"
                         f"<td class='mono'>{_e(x.get('ref_info'))}</td>"
                         f"<td>{_e(x.get('rb_event_type'))}</td>"
                         f"<td class='mono'>{_e(x.get('rb_info'))}</td>"
                         f"<td>{_e(', '.join(x.get('diff_fields') or []))}</td></tr>")
            h.append("</table>")
            if len(evs) > MAX_EVENT_ROWS:
                h.append(f"<p class='small'>{len(evs) - MAX_EVENT_ROWS} more events not shown "
                         "(diff/event_diff.parquet has them all)</p>")
        tr = trows_by.get(key, [])
        if tr:
            h.append("<table><tr><th>table</th><th>row</th><th>reference</th><th>replbed</th></tr>")
            for x in sorted(tr, key=lambda x: (x["table"], x["row_no"]))[:200]:
                h.append(f"<tr class='diff'><td>{_e(x['table'])}</td><td>{_e(x['row_no'])}</td>"
                         f"<td class='mono'>{_e(x.get('ref_row'))}</td>"
                         f"<td class='mono'>{_e(x.get('rb_row'))}</td></tr>")
            h.append("</table>")
    h.append("<p class='small'>Info columns are normalized (positions, server ids, xids, table "
             "ids, GTID sequence numbers masked with #).</p></body></html>")
    path = out_dir / "index.html"
    path.write_text("\n".join(h), encoding="utf-8")
    return path
