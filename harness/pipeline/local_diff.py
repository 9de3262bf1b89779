"""The diff jobs of ``diff.py`` over in-memory records, for runs too small to pay for Spark.

A corpus run holds a few tens of thousands of event records (~3 MB of
Parquet); a Spark session costs seconds to start and every job seconds more on
a loaded machine, which made Spark the bulk of a regression's wall time. Below
``local_max_events()`` records, ``analyze_run`` runs these functions instead:
plain Python over the record dicts, one pass per job.

They are the same jobs, column for column and row for row, with Spark SQL's
semantics where Python's differ: null-safe equality where the Spark job uses
``eqNullSafe``, three-valued AND in ``passed``, ``trim`` of spaces only,
``min``/``collect_set``/``concat_ws``/``array_join`` skipping nulls, and a
null domain never equal to another. ``tests/pipeline/test_local_diff.py``
runs both engines on the same records and requires equal outputs, including
on inputs with a difference planted in each check.
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from typing import Any, Iterable

from harness.pipeline import normalize as _norm
from harness.pipeline.diff import _NON_GROUP, GROUP_START, HEADER_TYPES, KEY

COMPARED = list(_norm.COMPARED)
Rec = dict[str, Any]

#: Above this many event records a run is diffed in Spark (override: env
#: ``REPLBED_LOCAL_DIFF_MAX_EVENTS``; 0 always uses Spark).
DEFAULT_LOCAL_MAX_EVENTS = 300_000


#: Column order of each frame, as the Spark jobs return them.
COLUMNS: dict[str, list[str]] = {
    "event_cases": [*KEY, "n_ref_events", "n_rb_events", "n_diff_events", "first_diff_seq",
                    "first_diff_fields", "events_match"],
    "gtid_layout": [*KEY, "side", "header_ok", "orphan_events", "n_groups", "bad_groups", "first_bad_group",
                    "layout", "gtid_gaps", "same_layout", "gtid_layout_ok"],
    "table_cases": [*KEY, "n_ref_rows", "n_rb_rows", "n_diff_rows", "first_diff_table", "first_diff_ref",
                    "first_diff_rb", "tables_match"],
    "outcome_cases": [*KEY, "n_statements", "n_diff_statements", "first_diff_step", "outcomes_match"],
    "summary": [*KEY, "rule", "events_match", "gtid_layout_ok", "tables_match", "outcomes_match", "error",
                "passed", "n_ref_events", "n_rb_events", "n_diff_events", "first_diff_seq",
                "first_diff_fields", "n_diff_rows", "first_diff_table", "first_diff_statement"],
    "event_diff": [*KEY, "seq", *[f"ref_{c}" for c in COMPARED], *[f"rb_{c}" for c in COMPARED],
                   "diff_fields", "match", "status"],
    "table_rows": [*KEY, "table", "row_no", "ref_row", "rb_row", "match"],
}


def local_max_events() -> int:
    try:
        return int(os.environ.get("REPLBED_LOCAL_DIFF_MAX_EVENTS", DEFAULT_LOCAL_MAX_EVENTS))
    except ValueError:
        return DEFAULT_LOCAL_MAX_EVENTS


def _and(*xs: bool | None) -> bool | None:
    """SQL AND: false wins over null, null over true."""
    if any(x is False for x in xs):
        return False
    if any(x is None for x in xs):
        return None
    return True


def normalize_events(events: Iterable[Rec]) -> list[Rec]:
    out = []
    for e in events:
        n = _norm.normalize_event(e)
        n.update({k: e.get(k) for k in ("case", "format", "side", "file", "seq")})
        out.append(n)
    return out


def compare_event_sequences(ref: list[Rec], rb: list[Rec]) -> tuple[list[Rec], list[Rec]]:
    """``diff.compare_event_sequences`` (event_diff rows, case rows)."""
    a = {(r["case"], r["format"], r["seq"]): r for r in ref}
    b = {(r["case"], r["format"], r["seq"]): r for r in rb}
    ev = []
    for key in a.keys() | b.keys():
        ra, rbb = a.get(key), b.get(key)
        row: Rec = dict(zip(("case", "format", "seq"), key))
        for c in COMPARED:
            row[f"ref_{c}"] = ra.get(c) if ra else None
        for c in COMPARED:
            row[f"rb_{c}"] = rbb.get(c) if rbb else None
        if rbb is None:
            d, status = ["<missing replbed>"], "missing_replbed"
        elif ra is None:
            d, status = ["<missing reference>"], "missing_reference"
        else:
            d = [c for c in COMPARED if ra.get(c) != rbb.get(c)]
            status = "differs" if d else "match"
        row.update(diff_fields=d, match=not d, status=status)
        ev.append(row)
    groups: dict[tuple[str, str], list[Rec]] = defaultdict(list)
    for row in ev:
        groups[(row["case"], row["format"])].append(row)
    cases = []
    for (case, fmt), rows in groups.items():
        n_ref = sum(1 for r in rows if r["status"] != "missing_reference")
        n_rb = sum(1 for r in rows if r["status"] != "missing_replbed")
        bad = [r for r in rows if not r["match"]]
        first = min(bad, key=lambda r: r["seq"]) if bad else None
        cases.append({"case": case, "format": fmt, "n_ref_events": n_ref, "n_rb_events": n_rb,
                      "n_diff_events": len(bad),
                      "first_diff_seq": first["seq"] if first else None,
                      "first_diff_fields": ",".join(first["diff_fields"]) if first else None,
                      "events_match": not bad and n_ref > 0})
    return ev, cases


_XA_COMPLETION = re.compile(r"^XA (COMMIT|ROLLBACK) ")
_TERMINATORS = ("COMMIT", "ROLLBACK")
_STANDALONE_BODY = ("Gtid", "Anonymous_Gtid", "Query", "Intvar", "RAND", "User var")


def _is_term(e: Rec) -> bool:
    if e.get("event_type") == "Xid":
        return True
    if e.get("event_type") != "Query":
        return False
    q = e.get("query")
    if q is None:
        q = e.get("info")
    q = (q or "").strip(" ").upper()  # Spark's trim: spaces only
    return q in _TERMINATORS or q.startswith(("XA COMMIT", "XA ROLLBACK", "XA PREPARE"))


def _query_or_info(e: Rec) -> str:
    q = e.get("query")
    return (e.get("info") if q is None else q) or ""


def _group_ok_and_shape(ev: list[Rec]) -> tuple[bool, str | None]:
    n = len(ev)
    first, last = ev[0], ev[-1]
    n_term = sum(1 for x in ev if x["is_term"])
    info0 = first.get("info") or ""
    # MariaDB marks a transaction in its Gtid event; MySQL's is followed by a Query BEGIN.
    second = ev[1] if n > 1 else {}
    mysql_begin = (second.get("event_type") == "Query"
                   and (second.get("query") or second.get("info") or "").strip().upper() == "BEGIN")
    # MySQL's XA PREPARE group: Gtid, then the Query `XA START X'...'` (MariaDB: in the Gtid's info)
    mysql_xa = (second.get("event_type") == "Query"
                and (second.get("query") or second.get("info") or "").strip().upper().startswith("XA START"))
    kind = "T" if info0.startswith("BEGIN GTID") or mysql_begin else \
        "X" if info0.startswith("XA START") or mysql_xa else "S"
    ctas = [k for k, x in enumerate(ev) if _norm.is_ctas_head(x.get("event_type"), _query_or_info(x))]
    if kind == "T":
        ok = last["is_term"] and n_term == 1 and n >= 2
        tail = "Xid" if last.get("event_type") == "Xid" else last.get("info")
        if ctas:
            # MySQL's atomic CREATE ... SELECT: its CREATE right after BEGIN, the group
            # committed by its Xid (normalize.CTAS_HEAD)
            ok = ok and ctas == [2] and mysql_begin and last.get("event_type") == "Xid"
            tail = None if tail is None else "CTAS " + tail
        shape = None if tail is None else "T " + tail  # concat with null is null
    elif kind == "X" and last["is_term"] and _query_or_info(last).strip().upper().startswith("XA ROLLBACK"):
        # MySQL's XA ROLLBACK of a branch not prepared whose cache cannot be rolled back: the
        # branch's group, `XA START`, body, `XA END`, ended by the `XA ROLLBACK` Query
        ok = n >= 4 and n_term == 1
        shape = "X XA ROLLBACK"
    elif kind == "X":
        ok = n >= 3 and last.get("event_type") == "XA_prepare" and n_term == 0
        shape = "X XA_prepare"
    else:
        xa_completion = bool(_XA_COMPLETION.search((last.get("info") or "").upper()))
        ok = (n >= 2 and last.get("event_type") == "Query"
              and (n_term == 0 or (n_term == 1 and xa_completion))
              and sum(1 for x in ev if x.get("event_type") == "Query") == 1
              and not any(x.get("event_type") not in _STANDALONE_BODY for x in ev))
        shape = "S " + ((ev[1].get("event_type") if n > 1 else None) or "-")
    return bool(ok), shape


def check_gtid_layout(events: list[Rec], flavor: str = "mariadb-10.11") -> list[Rec]:
    """``diff.check_gtid_layout``: one row per case x format x side."""
    expected = HEADER_TYPES.get(flavor, HEADER_TYPES["mariadb-10.11"])
    by_file: dict[tuple, list[Rec]] = defaultdict(list)
    for e in events:
        by_file[(e["case"], e["format"], e["side"], e.get("file"))].append(e)
    parts: dict[tuple, Rec] = {}
    file_ok: dict[tuple, list[bool]] = defaultdict(list)
    orphans: dict[tuple, int] = defaultdict(int)
    groups: dict[tuple, list[tuple[int, str | None, bool, str]]] = defaultdict(list)  # (seq, shape, ok, desc)
    gtids: dict[tuple, list[Rec]] = defaultdict(list)
    for fkey, evs in by_file.items():
        part = fkey[:3]
        parts.setdefault(part, {})
        evs.sort(key=lambda r: r["seq"])
        group_no = 0
        header = []
        cur: list[Rec] = []
        grouped: list[list[Rec]] = []
        for e in evs:
            et = e.get("event_type")
            is_gtid = et in GROUP_START
            if is_gtid:
                group_no += 1
                if e.get("gtid_seq") is not None:
                    gtids[part].append(e)
                cur = []
                grouped.append(cur)
            non_group = et in _NON_GROUP
            if group_no == 0:
                if et in expected:
                    header.append(et)
                if not non_group:
                    orphans[part] += 1
            elif not non_group:
                cur.append({**e, "is_term": _is_term(e)})
        file_ok[part].append(header[:len(expected)] == expected)
        for g in grouped:
            if not g:  # a Gtid is never a non-group event, so a group is never empty
                continue
            ok, shape = _group_ok_and_shape(g)
            desc = f"seq {g[0]['seq']} : " + ",".join(x.get("event_type") or "" for x in g)
            groups[part].append((g[0]["seq"], shape, ok, desc))
    # GTID sequence jumps per domain (across files), and those the other side lacks
    jumps: dict[tuple, set[tuple]] = {}
    for part, evs in gtids.items():
        last: dict[Any, int] = {}
        js = set()
        for e in sorted(evs, key=lambda r: r["seq"]):
            dom, seq = e.get("gtid_domain"), e["gtid_seq"]
            if dom in last and seq != last[dom] + 1:
                js.add((dom, last[dom], seq))
            last[dom] = seq
        jumps[part] = js
    out = []
    for part in parts:
        case, fmt, side = part
        gs = sorted(groups.get(part, []), key=lambda x: x[0])
        bad = [g for g in gs if not g[2]]
        other = set().union(*(jumps.get(p, set()) for p in parts
                              if p[0] == case and p[1] == fmt and p[2] != side))
        # a jump both sides make is the workload's own; MySQL's GTIDs have no domain (None):
        # compared null-safe, so SET gtid_next='uuid:5' on both sides is no gap
        gaps = sum(1 for j in jumps.get(part, set()) if j not in other)
        out.append({"case": case, "format": fmt, "side": side, "header_ok": all(file_ok[part]),
                    "orphan_events": orphans.get(part, 0), "n_groups": len(gs), "bad_groups": len(bad),
                    "first_bad_group": bad[0][3] if bad else None,
                    "layout": "|".join(g[1] for g in gs if g[1] is not None), "gtid_gaps": gaps})
    by_case: dict[tuple, list[Rec]] = defaultdict(list)
    for r in out:
        by_case[(r["case"], r["format"])].append(r)
    for rows in by_case.values():
        same = len({r["layout"] for r in rows}) == 1 and len({r["side"] for r in rows}) == 2
        for r in rows:
            r["same_layout"] = same
            r["gtid_layout_ok"] = (bool(r["header_ok"]) and r["orphan_events"] == 0 and r["bad_groups"] == 0
                                   and r["gtid_gaps"] == 0 and same)
    return out


def table_row_diffs(ref_tables: list[Rec], rb_tables: list[Rec]) -> list[Rec]:
    a = {(r["case"], r["format"], r["table"], r["row_no"]): r["row_json"] for r in ref_tables}
    b = {(r["case"], r["format"], r["table"], r["row_no"]): r["row_json"] for r in rb_tables}
    out = []
    for key in a.keys() | b.keys():
        ra, rbb = a.get(key), b.get(key)
        out.append({**dict(zip(("case", "format", "table", "row_no"), key)),
                    "ref_row": ra, "rb_row": rbb, "match": ra == rbb})
    return out


def compare_tables(ref_tables: list[Rec], rb_tables: list[Rec]) -> list[Rec]:
    groups: dict[tuple, list[Rec]] = defaultdict(list)
    for r in table_row_diffs(ref_tables, rb_tables):
        groups[(r["case"], r["format"])].append(r)
    out = []
    for (case, fmt), rows in groups.items():
        bad = [r for r in rows if not r["match"]]
        f = min(bad, key=lambda r: (r["table"], r["row_no"])) if bad else None
        out.append({"case": case, "format": fmt,
                    "n_ref_rows": sum(1 for r in rows if r["ref_row"] is not None),
                    "n_rb_rows": sum(1 for r in rows if r["rb_row"] is not None),
                    "n_diff_rows": len(bad),
                    "first_diff_table": f["table"] if f else None,
                    "first_diff_ref": f["ref_row"] if f else None,
                    "first_diff_rb": f["rb_row"] if f else None,
                    "tables_match": not bad})
    return out


def compare_outcomes(ref: list[Rec], rb: list[Rec]) -> list[Rec]:
    a = {(r["case"], r["format"], r["step"]): r for r in ref}
    b = {(r["case"], r["format"], r["step"]): r for r in rb}
    groups: dict[tuple, list[tuple[Any, bool]]] = defaultdict(list)
    for key in a.keys() | b.keys():
        ra, rbb = a.get(key), b.get(key)
        same = (ra is not None and rbb is not None
                and (ra.get("error_code") or 0) == (rbb.get("error_code") or 0)
                and _or(ra.get("warnings_json"), "[]") == _or(rbb.get("warnings_json"), "[]")
                and ra.get("rows_json") == rbb.get("rows_json"))
        groups[key[:2]].append((key[2], same))
    out = []
    for (case, fmt), rows in groups.items():
        bad = [step for step, same in rows if not same]
        out.append({"case": case, "format": fmt, "n_statements": len(rows), "n_diff_statements": len(bad),
                    "first_diff_step": min(bad) if bad else None, "outcomes_match": not bad})
    return out


def _or(v: Any, default: Any) -> Any:
    return default if v is None else v


def summarize(status: list[Rec], rules: dict[str, str | None], event_cases: list[Rec], gtid: list[Rec],
              tables: list[Rec], outcomes: list[Rec]) -> list[Rec]:
    """``diff.summarize`` over the status records (collect/decode errors per side)."""
    errors: dict[tuple, list[str]] = defaultdict(list)
    for s in status:
        errors.setdefault((s["case"], s["format"]), [])
        if s.get("error") is not None:
            errors[(s["case"], s["format"])].append(s["error"])
    ev = {(r["case"], r["format"]): r for r in event_cases}
    gl: dict[tuple, list[bool]] = defaultdict(list)
    for r in gtid:
        if r.get("gtid_layout_ok") is not None:
            gl[(r["case"], r["format"])].append(r["gtid_layout_ok"])
    tb = {(r["case"], r["format"]): r for r in tables}
    oc = {(r["case"], r["format"]): r for r in outcomes}
    out = []
    for key in sorted(errors):
        case, fmt = key
        error = "; ".join(sorted(errors[key])) or None
        has_err = error is not None
        e, t, o = ev.get(key, {}), tb.get(key, {}), oc.get(key, {})
        g = min(gl[key]) if gl.get(key) else None
        events_match = not has_err and bool(_or(e.get("events_match"), False))
        gtid_ok = not has_err and bool(_or(g, False))
        tables_match = not has_err and bool(_or(t.get("tables_match"), True))
        outcomes_match = False if has_err else o.get("outcomes_match")
        out.append({
            "case": case, "format": fmt, "rule": rules.get(case), "events_match": events_match,
            "gtid_layout_ok": gtid_ok, "tables_match": tables_match, "outcomes_match": outcomes_match,
            "error": error, "passed": _and(events_match, gtid_ok, tables_match, outcomes_match),
            "n_ref_events": _or(e.get("n_ref_events"), 0), "n_rb_events": _or(e.get("n_rb_events"), 0),
            "n_diff_events": _or(e.get("n_diff_events"), 0), "first_diff_seq": e.get("first_diff_seq"),
            "first_diff_fields": e.get("first_diff_fields"), "n_diff_rows": _or(t.get("n_diff_rows"), 0),
            "first_diff_table": t.get("first_diff_table"), "first_diff_statement": o.get("first_diff_step"),
        })
    return out


def run_diff_jobs(events: list[Rec], tables: list[Rec], outcomes: list[Rec], status: list[Rec],
                  rules: dict[str, str | None], flavor: str) -> dict[str, list[Rec]]:
    """Every job of ``analyze_run``: name -> rows (the frames it writes under ``diff/``)."""
    norm = normalize_events(events)
    ev_diff, ev_cases = compare_event_sequences([r for r in norm if r["side"] == "reference"],
                                                [r for r in norm if r["side"] == "replbed"])
    gtid = check_gtid_layout(events, flavor)
    ref_t = [r for r in tables if r["side"] == "reference"]
    rb_t = [r for r in tables if r["side"] == "replbed"]
    table_cases = compare_tables(ref_t, rb_t)
    table_rows = [r for r in table_row_diffs(ref_t, rb_t) if not r["match"]]
    outcome_cases = compare_outcomes([r for r in outcomes if r["side"] == "reference"],
                                     [r for r in outcomes if r["side"] == "replbed"])
    summary = summarize(status, rules, ev_cases, gtid, table_cases, outcome_cases)
    key = KEY  # rows sorted as Spark's orderBy would leave the written summary
    return {"event_cases": ev_cases, "gtid_layout": gtid, "table_cases": table_cases,
            "outcome_cases": outcome_cases, "summary": sorted(summary, key=lambda r: tuple(r[k] for k in key)),
            "event_diff": ev_diff, "table_rows": table_rows}
