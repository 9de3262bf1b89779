"""A ratchet on long and tangled functions in harness/ (part of ``make lint``).

ruff measures every function: McCabe complexity (C901) and statement count
(PLR0915). A function over the limits below must be listed in
``scripts/complexity_baseline.json`` with no more than its recorded figure, so:

* a new function over a limit fails lint (split it into named steps instead);
* a listed function that grows fails lint;
* a listed function that shrank, or is gone, is reported so the baseline can be
  lowered (``--update`` rewrites it from the tree); that never fails.

Functions are keyed by file and name, not line, so edits elsewhere in a file do
not move them.

Two limits have no baseline at all (issue 25): no function in harness/ is longer
than 80 lines (decorators to last line) and no file longer than 1,200 lines. Usage::

    python scripts/complexity_ratchet.py           # check (make lint)
    python scripts/complexity_ratchet.py --update  # record the tree as the new baseline
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "scripts" / "complexity_baseline.json"
MAX_COMPLEXITY = 20
MAX_STATEMENTS = 60
MAX_FUNCTION_LINES = 80
MAX_FILE_LINES = 1200
_FIGURE = re.compile(r"`(?P<name>[^`]+)` is too complex \((?P<n>\d+) >|Too many statements \((?P<s>\d+) >")
_RUFF = Path(sys.executable).with_name("ruff")


def measure() -> dict[str, dict[str, int]]:
    """{"path:function": {"complexity": n, "statements": n}} for every function over a limit."""
    proc = subprocess.run(
        [str(_RUFF) if _RUFF.exists() else "ruff", "check", "harness", "--select", "C901,PLR0915",
         "--config", f"lint.mccabe.max-complexity={MAX_COMPLEXITY}",
         "--config", f"lint.pylint.max-statements={MAX_STATEMENTS}",
         "--output-format", "json", "--exit-zero"],
        cwd=ROOT, capture_output=True, text=True, check=True)
    names = _function_names(json.loads(proc.stdout))
    out: dict[str, dict[str, int]] = {}
    for f in json.loads(proc.stdout):
        m = _FIGURE.search(f["message"])
        if not m:
            raise SystemExit(f"complexity_ratchet: cannot read ruff's message {f['message']!r}")
        rel = Path(f["filename"]).resolve().relative_to(ROOT).as_posix()
        key = f"{rel}:{names[(f['filename'], f['location']['row'])]}"
        entry = out.setdefault(key, {})
        if m.group("s"):
            entry["statements"] = int(m.group("s"))
        else:
            entry["complexity"] = int(m.group("n"))
    return out


def _function_names(findings: list[dict]) -> dict[tuple[str, int], str]:
    """PLR0915 does not name the function: take the ``def`` at the finding's line."""
    names: dict[tuple[str, int], str] = {}
    for f in findings:
        row = f["location"]["row"]
        line = Path(f["filename"]).read_text().splitlines()[row - 1]
        m = re.search(r"def\s+(\w+)", line)
        names[(f["filename"], row)] = m.group(1) if m else f"line{row}"
    return names


def check(current: dict[str, dict[str, int]], baseline: dict[str, dict[str, int]]) -> list[str]:
    """The failures: new functions over a limit, listed ones that grew."""
    failures = []
    for key, figures in sorted(current.items()):
        allowed = baseline.get(key, {})
        for what, n in sorted(figures.items()):
            limit = allowed.get(what)
            if limit is None:
                cap = MAX_COMPLEXITY if what == "complexity" else MAX_STATEMENTS
                failures.append(f"{key}: {what} {n} > {cap} (new; split it into named steps)")
            elif n > limit:
                failures.append(f"{key}: {what} grew from {limit} to {n}")
    return failures


def size_failures(root: Path = ROOT / "harness") -> list[str]:
    """Every function over MAX_FUNCTION_LINES lines and every file over MAX_FILE_LINES, under ``root``."""
    failures = []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text()
        rel = path.resolve().relative_to(ROOT).as_posix()
        n_lines = len(text.splitlines())
        if n_lines > MAX_FILE_LINES:
            failures.append(f"{rel}: {n_lines} lines > {MAX_FILE_LINES} (split the module)")
        for node in ast.walk(ast.parse(text, rel)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                start = node.decorator_list[0].lineno if node.decorator_list else node.lineno
                length = (node.end_lineno or node.lineno) - start + 1
                if length > MAX_FUNCTION_LINES:
                    failures.append(f"{rel}:{node.name}: {length} lines > {MAX_FUNCTION_LINES} "
                                    "(split it into named steps)")
    return failures


def main(argv: list[str]) -> int:
    current = measure()
    if "--update" in argv:
        BASELINE.write_text(json.dumps(current, indent=1, sort_keys=True) + "\n")
        print(f"complexity_ratchet: baseline written ({len(current)} functions over a limit)")
        return 0
    baseline = json.loads(BASELINE.read_text())
    failures = check(current, baseline) + size_failures()
    for line in failures:
        print(f"complexity_ratchet: {line}", file=sys.stderr)
    lower = [k for k, v in baseline.items() if current.get(k, {}) != v and not any(
        current.get(k, {}).get(w, 0) > n for w, n in v.items())]
    if lower:
        print(f"complexity_ratchet: {len(lower)} function(s) shrank below the baseline "
              f"(lower it: python scripts/complexity_ratchet.py --update): {', '.join(sorted(lower))}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
