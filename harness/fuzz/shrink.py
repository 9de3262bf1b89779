"""Shrinking a mismatching case to a minimal one that shows the same class.

Three passes, each re-checked on real servers (reference and replbed, the
same ones the run uses), each keeping a change only if the candidate still
shows the *same* mismatch class:

1. delta debugging (Zeller's ddmin) over the statements -- setup and steps
   as one list -- and over the session settings;
2. rows: each multi-row ``VALUES (...), (...)`` loses rows one at a time;
3. columns: a non-key column of a table created by the case is dropped from
   its CREATE TABLE and from every column list / VALUES tuple that names it.

Results are cached by the case's text (``wl.cache_key``), so the same
candidate is never run twice, and the number of runs is capped: a shrink is
a tool for the reader, not a proof, and the cap keeps the whole fuzz run's
time bounded.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from harness.fuzz.wl import cache_key
from harness.workload.model import Case, SessionSettings, Step

Oracle = Callable[[Case], "str | None"]


class Shrinker:
    """Shrinks cases against ``classify`` (case -> mismatch class or None)."""

    def __init__(self, classify: Callable[[Case, str], str | None], fmt: str, *, budget: int = 150) -> None:
        self.classify = classify
        self.fmt = fmt
        self.budget = budget
        self.runs = 0
        self.cache: dict[str, str | None] = {}

    def klass(self, case: Case) -> str | None:
        key = cache_key(case, self.fmt)
        if key not in self.cache:
            if self.runs >= self.budget:
                return None  # out of budget: treat as "does not reproduce"
            self.runs += 1
            self.cache[key] = self.classify(case, self.fmt)
        return self.cache[key]

    def shrink(self, case: Case, target: str) -> Case:
        """The smallest case found that still shows ``target``."""
        case = self._statements(case, target)
        case = self._settings(case, target)
        case = self._rows(case, target)
        case = self._columns(case, target)
        case = self._statements(case, target)  # a dropped column can make a statement useless
        return case

    # -- statements: ddmin -------------------------------------------------------

    def _statements(self, case: Case, target: str) -> Case:
        items = [("setup", s) for s in case.setup] + [("step", s) for s in case.steps]

        def build(sub: Sequence[tuple[str, Step]]) -> Case | None:
            steps = tuple(s for k, s in sub if k == "step")
            if not steps:
                return None
            return replace(case, setup=tuple(s for k, s in sub if k == "setup"), steps=steps,
                           settings=_settings_for(case.settings, steps))

        def test(sub: Sequence[tuple[str, Step]]) -> bool:
            c = build(sub)
            return c is not None and self.klass(c) == target

        best = ddmin(items, test)
        return build(best) or case

    def _settings(self, case: Case, target: str) -> Case:
        settings = list(case.settings.settings)
        i = 0
        while i < len(settings):
            cand = settings[:i] + settings[i + 1:]
            c = replace(case, settings=SessionSettings(tuple(cand)))
            if self.klass(c) == target:
                settings = cand
                case = c
            else:
                i += 1
        return case

    # -- rows ----------------------------------------------------------------------

    def _rows(self, case: Case, target: str) -> Case:
        for where in ("setup", "steps"):
            n = len(getattr(case, where))
            for i in range(n):
                while True:
                    stmt = getattr(case, where)[i]
                    split = split_values(stmt.sql)
                    if split is None or len(split[1]) < 2:
                        break
                    head, rows, tail = split
                    for r in range(len(rows)):
                        sql = head + ", ".join(rows[:r] + rows[r + 1:]) + tail
                        c = _with_sql(case, where, i, sql)
                        if self.klass(c) == target:
                            case = c
                            break
                    else:
                        break
        return case

    # -- columns ---------------------------------------------------------------------

    def _columns(self, case: Case, target: str) -> Case:
        for table, cols in created_tables(case):
            for col in cols:
                if col == "id":
                    continue
                c = drop_column(case, table, col)
                if c is not None and self.klass(c) == target:
                    case = c
        return case


def _settings_for(settings: SessionSettings, steps: Sequence[Step]) -> SessionSettings:
    """The settings whose connection is still used (the parser refuses the others)."""
    used = {s.connection for s in steps} | {"session", "setup"}
    return SessionSettings(tuple(s for s in settings.settings if s.scope in used))


def _with_sql(case: Case, where: str, i: int, sql: str) -> Case:
    lst = list(getattr(case, where))
    lst[i] = replace(lst[i], sql=sql)
    changes: dict[str, Any] = {where: tuple(lst)}
    return replace(case, **changes)


def ddmin(items: list, test: Callable[[list], bool]) -> list:
    """Zeller's ddmin: a 1-minimal sublist of ``items`` for which ``test`` holds.

    ``test(items)`` is assumed true. Complements are tried before subsets
    because a mismatch usually needs its setup and a few steps, not one lone
    statement.
    """
    n = 2
    while len(items) >= 2:
        chunk = max(1, len(items) // n)
        subsets = [items[i:i + chunk] for i in range(0, len(items), chunk)]
        reduced = False
        for i in range(len(subsets)):
            complement = [x for j, s in enumerate(subsets) if j != i for x in s]
            if complement and test(complement):
                items = complement
                n = max(n - 1, 2)
                reduced = True
                break
        if not reduced:
            for s in subsets:
                if len(s) < len(items) and test(s):
                    items = s
                    n = 2
                    reduced = True
                    break
        if not reduced:
            if n >= len(items):
                break
            n = min(len(items), n * 2)
    return items


# -- SQL surgery (only on the shapes the generator writes) ---------------------


def split_top(text: str, sep: str = ",") -> list[str]:
    """Split at ``sep`` outside quotes and parentheses."""
    out, depth, quote, cur = [], 0, None, []
    i = 0
    while i < len(text):
        ch = text[i]
        if quote:
            cur.append(ch)
            if ch == "\\" and i + 1 < len(text):
                cur.append(text[i + 1])
                i += 2
                continue
            if ch == quote:
                quote = None
        elif ch in "'\"`":
            quote = ch
            cur.append(ch)
        elif ch == "(":
            depth += 1
            cur.append(ch)
        elif ch == ")":
            depth -= 1
            cur.append(ch)
        elif ch == sep and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
        i += 1
    out.append("".join(cur).strip())
    return out


_VALUES = re.compile(r"\bVALUES\s*(?=\()", re.IGNORECASE)
_INSERT_COLS = re.compile(r"^((?:INSERT|REPLACE)(?:\s+IGNORE)?\s+INTO\s+(\w+)\s*)\(([^()]*)\)\s*", re.IGNORECASE)


def split_values(sql: str) -> tuple[str, list[str], str] | None:
    """``INSERT ... VALUES (a), (b) tail`` -> (head, ["(a)", "(b)"], tail)."""
    m = _VALUES.search(sql)
    if not m or not _INSERT_COLS.match(sql):
        return None
    start = m.end()
    # walk over "(...), (...)" at depth 0
    rows, i, depth, quote, row_start = [], start, 0, None, start
    while i < len(sql):
        ch = sql[i]
        if quote:
            if ch == "\\":
                i += 2
                continue
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "(":
            if depth == 0:
                row_start = i
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                rows.append(sql[row_start:i + 1])
                j = i + 1
                while j < len(sql) and sql[j] == " ":
                    j += 1
                if j < len(sql) and sql[j] == ",":
                    i = j + 1
                    continue
                return sql[:start], rows, sql[i + 1:]
        i += 1
    return None


_CREATE = re.compile(r"^CREATE\s+(?:TEMPORARY\s+)?TABLE\s+(\w+)\s*\((.*)\)\s*(ENGINE=\w+)\s*$", re.IGNORECASE)


def created_tables(case: Case) -> list[tuple[str, list[str]]]:
    out = []
    for st in list(case.setup) + list(case.steps):
        m = _CREATE.match(st.sql)
        if m:
            cols = [d.split()[0] for d in split_top(m.group(2)) if d and not d.upper().startswith(("PRIMARY", "UNIQUE", "KEY"))]
            out.append((m.group(1), cols))
    return out


def drop_column(case: Case, table: str, col: str) -> Case | None:
    """``case`` without column ``col`` of ``table``; None if a statement cannot be rewritten."""
    def rewrite(sql: str) -> str | None:
        m = _CREATE.match(sql)
        if m and m.group(1) == table:
            defs = [d for d in split_top(m.group(2)) if d.split()[0] != col]
            if not defs:
                return None
            kw = "TEMPORARY " if " TEMPORARY " in sql.upper()[:20] else ""
            return f"CREATE {kw}TABLE {table} ({', '.join(defs)}) {m.group(3)}"
        mi = _INSERT_COLS.match(sql)
        if mi and mi.group(2) == table:
            cols = [c.strip() for c in mi.group(3).split(",")]
            if col not in cols:
                return sql
            pos = cols.index(col)
            rest = cols[:pos] + cols[pos + 1:]
            if not rest:
                return None
            body = sql[mi.end():]
            head = f"{mi.group(1)}({', '.join(rest)}) "
            sv = split_values(sql)
            if sv is not None:
                _, rows, tail = sv
                new_rows = []
                for r in rows:
                    vals = split_top(r[1:-1])
                    if len(vals) != len(cols):
                        return None
                    new_rows.append("(" + ", ".join(vals[:pos] + vals[pos + 1:]) + ")")
                return head + "VALUES " + ", ".join(new_rows) + tail
            sel = re.match(r"^SELECT\s+(.*?)\s+FROM\s+(.*)$", body, re.IGNORECASE | re.DOTALL)
            if sel:
                items = split_top(sel.group(1))
                if len(items) != len(cols):
                    return None
                return head + "SELECT " + ", ".join(items[:pos] + items[pos + 1:]) + " FROM " + sel.group(2)
            return None
        if re.search(rf"\b{re.escape(table)}\b", sql) and re.search(rf"\b{re.escape(col)}\b", sql):
            return None  # another statement names the column: keep it
        return sql

    new: dict[str, list[Step]] = {"setup": [], "steps": []}
    for where in ("setup", "steps"):
        for st in getattr(case, where):
            sql = rewrite(st.sql)
            if sql is None:
                return None
            new[where].append(replace(st, sql=sql))
    return replace(case, setup=tuple(new["setup"]), steps=tuple(new["steps"]))
