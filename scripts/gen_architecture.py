"""Regenerate the code-derived parts of docs/ARCHITECTURE.md.

Two tables are written between ``<!-- generated:NAME -->`` and
``<!-- /generated:NAME -->`` markers, from the source alone (``ast``, nothing is
imported):

* ``packages``: every package under ``harness/`` with the first line of its
  ``__init__`` docstring and how many modules it has;
* ``modules``: every module under ``harness/`` with the first line of its
  docstring, so no module can be left out of the map;
* ``layers``: each of the seeds' three layers and each seed rule (``R-...``)
  named in a docstring, with the functions and classes that implement it.

    python scripts/gen_architecture.py          # rewrite docs/ARCHITECTURE.md
    python scripts/gen_architecture.py --check  # exit 1 if it is out of date (make lint)
"""

from __future__ import annotations

import ast
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "ARCHITECTURE.md"
RULE = re.compile(r"\bR-[a-z]+(?:-[a-zA-Z]+)+\b")
LAYER = re.compile(r"^Layer ([123])\b", re.IGNORECASE)
LAYER_NAMES = {"1": "decide the logging format", "2": "trx/stmt caches", "3": "flush with GTID framing"}


def _first_line(doc: str | None) -> str:
    if not doc:
        return "(no docstring)"
    return doc.strip().splitlines()[0].strip().replace("|", "\\|")


def _modules() -> list[tuple[str, ast.Module]]:
    out = []
    for path in sorted((ROOT / "harness").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        out.append((rel, ast.parse(path.read_text(), rel)))
    return out


def modules_table(mods: list[tuple[str, ast.Module]]) -> str:
    rows = ["| module | what it is (first line of its docstring) |", "|---|---|"]
    rows += [f"| `{rel}` | {_first_line(ast.get_docstring(tree))} |" for rel, tree in mods]
    return "\n".join(rows)


def packages_table(mods: list[tuple[str, ast.Module]]) -> str:
    """Every package of harness/ (a directory with an ``__init__.py``): what it is, how many modules."""
    sizes: dict[str, int] = defaultdict(int)
    for rel, _tree in mods:
        sizes[rel.rsplit("/", 1)[0]] += 1
    docs = {rel.rsplit("/", 1)[0]: _first_line(ast.get_docstring(tree)) for rel, tree in mods
            if rel.endswith("/__init__.py")}
    rows = ["| package | what it is (first line of its docstring) | modules |", "|---|---|---|"]
    rows += [f"| `{pkg}/` | {docs.get(pkg, '(no __init__.py)')} | {n} |" for pkg, n in sorted(sizes.items())]
    return "\n".join(rows)


def layers_table(mods: list[tuple[str, ast.Module]]) -> str:
    """Two tables: each seed layer with the functions and classes that implement it
    (every public top-level one of a module whose docstring starts "Layer N", and any
    other whose own docstring does), then each seed rule with the code naming it."""
    layer_impl: dict[str, list[tuple[str, str]]] = defaultdict(list)
    rule_impl: dict[str, list[str]] = defaultdict(list)
    for rel, tree in mods:
        mod_doc = ast.get_docstring(tree) or ""
        mod_layer = LAYER.match(mod_doc.strip())
        if mod_layer:
            for node in tree.body:
                if isinstance(node, _DEFS) and not node.name.startswith("_"):
                    layer_impl[mod_layer.group(1)].append((f"`{rel}:{node.name}`", _first_line(ast.get_docstring(node))))
        for node in ast.walk(tree):
            if not isinstance(node, _DEFS):
                continue
            doc = ast.get_docstring(node) or ""
            name = f"`{rel}:{node.name}`"
            m = LAYER.match(doc.strip())
            if m and name not in (n for n, _d in layer_impl[m.group(1)]):
                layer_impl[m.group(1)].append((name, _first_line(doc)))
            for rule in sorted(set(RULE.findall(doc))):
                rule_impl[rule].append(name)
    rows = ["| seed layer | function or class | what it does (first line of its docstring) |", "|---|---|---|"]
    for n in sorted(layer_impl):
        for name, first in layer_impl[n]:
            rows.append(f"| {n}: {LAYER_NAMES[n]} | {name} | {first} |")
    rows += ["", "| seed rule | implemented by |", "|---|---|"]
    for rule in sorted(rule_impl):
        rows.append(f"| {rule} | {', '.join(rule_impl[rule])} |")
    return "\n".join(rows)


_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def render(text: str) -> str:
    mods = _modules()
    for name, table in (("packages", packages_table(mods)), ("modules", modules_table(mods)),
                        ("layers", layers_table(mods))):
        start, end = f"<!-- generated:{name} -->", f"<!-- /generated:{name} -->"
        pattern = re.compile(re.escape(start) + r".*?" + re.escape(end), re.S)
        if not pattern.search(text):
            raise SystemExit(f"{DOC}: marker {start} not found")
        block = f"{start}\n<!-- written by scripts/gen_architecture.py; do not edit by hand -->\n{table}\n{end}"
        text = pattern.sub(lambda _m, b=block: b, text)
    return text


def main(argv: list[str]) -> int:
    if argv not in ([], ["--check"]):
        print("usage: gen_architecture.py [--check]", file=sys.stderr)
        return 2
    old = DOC.read_text()
    new = render(old)
    if argv == ["--check"]:
        if new != old:
            print(f"{DOC.relative_to(ROOT)} is out of date: run python scripts/gen_architecture.py", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
