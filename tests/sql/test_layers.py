"""The SQL layer's layers (issue 25): counting imports inside functions, TYPE_CHECKING aside,
every import runs downward (.importlinter's sql-layers contract lets the Thd type through),
and no modules of harness/sql import each other in a loop."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SQL = ROOT / "harness" / "sql"
# bottom to top, as .importlinter lists them (top first there)
LAYERS = ("sql_errors", "parse", "sys_vars", "item", "handler", "opt", "stmt", "top")
TOP = ("thd", "sql_parse", "server")


def _modules() -> dict[str, Path]:
    out = {}
    for p in sorted(SQL.rglob("*.py")):
        name = ".".join(p.relative_to(ROOT).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = p
    return out


def _layer(module: str) -> int | None:
    parts = module.split(".")
    if len(parts) < 3:
        return None
    return LAYERS.index("top" if parts[2] in TOP else parts[2])


def _runtime_imports(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the harness.sql modules it imports at run time (a function's imports too)."""
    edges: dict[str, set[str]] = {m: set() for m in modules}

    def visit(name: str, node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for orelse in child.orelse:
                    visit(name, orelse)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                if isinstance(child, ast.Import):
                    targets = [a.name for a in child.names]
                else:
                    targets = [f"{child.module}.{a.name}" for a in child.names] + [child.module or ""]
                for t in targets:
                    while t and t not in modules:
                        t = t.rpartition(".")[0]
                    if t and t not in (name, "harness.sql"):
                        edges[name].add(t)
            visit(name, child)

    for name, path in modules.items():
        visit(name, ast.parse(path.read_text()))
    return edges


def test_every_module_of_harness_sql_is_in_a_layer() -> None:
    assert [m for m in _modules() if m != "harness.sql" and _layer(m) is None] == []


def test_imports_run_downward_counting_imports_inside_functions() -> None:
    edges = _runtime_imports(_modules())
    upward = sorted(f"{a} -> {b}" for a, bs in edges.items() for b in bs
                    if (la := _layer(a)) is not None and (lb := _layer(b)) is not None and lb > la)
    assert upward == []


def test_no_import_loop_among_the_modules() -> None:
    edges = _runtime_imports(_modules())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    loops: list[list[str]] = []

    def strongconnect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                strongconnect(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while (w := stack.pop()) != v:
                comp.append(w)
            if comp:
                loops.append(sorted([v, *comp]))

    for v in edges:
        if v not in index:
            strongconnect(v)
    assert loops == []


def test_thd_keeps_at_most_40_attributes() -> None:
    """Issue 25: the session object had grown to 77 attributes; state that belongs to a
    statement, a transaction or the binlog caches lives in their own objects
    (StatementState, TransactionState, BinlogCacheMngr). Every ``self.x = ...`` of the class
    counts, wherever it is assigned."""
    tree = ast.parse((ROOT / "harness" / "sql" / "thd.py").read_text())
    thd = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Thd")
    attrs = set()
    for node in ast.walk(thd):
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
        attrs |= {t.attr for t in targets
                  if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"}
    assert 20 < len(attrs) <= 40, sorted(attrs)
