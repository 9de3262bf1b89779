"""Window functions: ``f(...) OVER ([PARTITION BY ...] [ORDER BY ...] [frame])``.

MariaDB 10.11 computes them after WHERE, GROUP BY and HAVING, over the query's result
rows, before DISTINCT, ORDER BY and LIMIT (sql_window.cc, Window_funcs_computation):

* the window specifications are put in order by ``compare_window_funcs_by_window_specs``
  (partition list, then order list, then frame; two columns compare by their position
  in the table, an expression by its specification's number, a column and an
  expression each "less" than the other) with MariaDB's bubble sort, so that the
  specifications one sort serves are adjacent;
* the rows come out in the order of the first specification in that order, ties kept
  in the order of the next ones: the model sorts (stably) by each specification from
  the last to the first. With no ORDER BY, that is the order an INSERT ... SELECT
  writes its rows in, so the order of the row events in ROW format (observed:
  ``row_number() over (partition by g) ..., ... over (partition by v)`` comes out by
  g, then v);
* the default frame is the whole partition without ORDER BY, and RANGE BETWEEN
  UNBOUNDED PRECEDING AND CURRENT ROW (the current row's peers included) with it;
  ROWS frames take any offsets; RANGE frames with an offset are refused (1235).

Window functions are not unsafe for statement-based logging by themselves (observed:
``INSERT ... SELECT a, ROW_NUMBER() OVER (ORDER BY a) FROM t`` gives no Note 1592);
a LIMIT still is (BINLOG_STMT_UNSAFE_LIMIT), as for any INSERT ... SELECT.
LEAD/LAG take no default value argument in 10.11 (1064).
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from harness.sql.item.expr import AGGREGATES, Compiler, Env, Scope, compare, is_aggregate_expr
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import UnsupportedError

_RANKING = frozenset("ROW_NUMBER RANK DENSE_RANK NTILE PERCENT_RANK CUME_DIST".split())
_OFFSET = frozenset("LAG LEAD".split())
_FRAMED = frozenset("FIRST_VALUE LAST_VALUE".split()) | AGGREGATES

_LT, _LT_C, _EQ, _GT_C, _GT = -2, -1, 0, 1, 2


def window_funcs(exprs: list[A.Expr]) -> list[A.WindowFunc]:
    """The window functions of ``exprs`` (not those of their subqueries), in order."""
    out: list[A.WindowFunc] = []

    def walk(x: Any) -> None:
        if isinstance(x, A.WindowFunc):
            out.append(x)
            return
        if isinstance(x, A.Select | A.TableRef):
            return
        if isinstance(x, list | tuple):
            for y in x:
                walk(y)
        elif hasattr(x, "__dataclass_fields__"):
            for f in x.__dataclass_fields__:
                walk(getattr(x, f, None))

    walk(exprs)
    return out


def compute_windows(envs: list[Env], wins: list[A.WindowFunc], scope: Scope, info: Any,
                    clauses: tuple[str, str] = ("GROUP BY", "ORDER BY")) -> list[Env]:
    """Set each row's window values (``env.window``) and return the rows in the order the
    window computation leaves them. ``clauses``: what 1054/1052 name a PARTITION BY's and an
    ORDER BY's column in (SqlDialect.window_clauses)."""
    comp = Compiler(scope, info)
    for w in wins:
        if w.func.name not in _RANKING | _OFFSET | _FRAMED:
            raise UnsupportedError(f"window function {w.func.name}")
        if any(is_aggregate_expr(a) for a in w.func.args):
            raise UnsupportedError("an aggregate inside a window function")
    for env in envs:
        env.window = {}
    specs = _ordered_specs(wins, scope)
    unsorted = all(not w.partition and not w.order for w in wins)
    for w in reversed(specs):
        keys = _spec_keys(comp, w, clauses)
        envs = _stable_sort(envs, keys)
        for part in _partitions(envs, keys[:len(w.partition)]):
            _compute(comp, w, part, keys[len(w.partition):], unsorted)
    return envs


def _tie_sensitive(w: A.WindowFunc) -> bool:
    """Whose value depends on the order of rows the window's ORDER BY leaves tied."""
    name = w.func.name
    if name in ("ROW_NUMBER", "NTILE") or name in _OFFSET or name in ("FIRST_VALUE", "LAST_VALUE"):
        return True
    return w.frame is not None and w.frame[0] == "ROWS" and (w.frame[1][0], w.frame[2][0]) != (
        "UNBOUNDED PRECEDING", "UNBOUNDED FOLLOWING")


def _spec_keys(comp: Compiler, w: A.WindowFunc, clauses: tuple[str, str]
               ) -> list[tuple[Callable[[Env], Any], bool]]:
    return ([(comp.compile_in(clauses[0], e), False) for e in w.partition]
            + [(comp.compile_in(clauses[1], o.expr), o.desc) for o in w.order])


def _cmp_values(a: Any, b: Any) -> int:
    if a is None and b is None:
        return 0
    if a is None:
        return -1
    if b is None:
        return 1
    return compare(a, b) or 0


def _stable_sort(envs: list[Env], keys: list[tuple[Callable[[Env], Any], bool]]) -> list[Env]:
    if not keys:
        return envs
    vals = {id(e): [f(e) for f, _ in keys] for e in envs}

    def cmp(x: Env, y: Env) -> int:
        for (_f, desc), a, b in zip(keys, vals[id(x)], vals[id(y)]):
            c = _cmp_values(a, b)
            if c:
                return -c if desc else c
        return 0
    return sorted(envs, key=functools.cmp_to_key(cmp))


def _partitions(envs: list[Env], keys: list[tuple[Callable[[Env], Any], bool]]) -> list[list[Env]]:
    parts: list[list[Env]] = []
    prev: list[Any] | None = None
    for e in envs:
        k = [f(e) for f, _ in keys]
        if prev is None or any(_cmp_values(a, b) for a, b in zip(k, prev)):
            parts.append([])
        parts[-1].append(e)
        prev = k
    return parts


def _compute(comp: Compiler, w: A.WindowFunc, part: list[Env],
             order_keys: list[tuple[Callable[[Env], Any], bool]], unsorted: bool) -> None:
    name, n = w.func.name, len(part)
    okeys = [[f(e) for f, _ in order_keys] for e in part]

    def peer(i: int, j: int) -> bool:
        return not any(_cmp_values(a, b) for a, b in zip(okeys[i], okeys[j]))

    if not unsorted and _tie_sensitive(w) and any(peer(i, i + 1) for i in range(n - 1)):
        # filesort does not keep tied rows in a predictable order (observed: the same
        # ORDER BY v puts tied rows first-to-last or last-to-first depending on the data).
        raise UnsupportedError(f"{name} over rows its window's ORDER BY leaves tied (filesort's order)")

    if name in _RANKING:
        _ranking(comp, w, part, peer)
        return
    if name in _OFFSET:
        arg = comp.compile(w.func.args[0])
        off = int(_const(comp, w.func.args[1])) if len(w.func.args) > 1 else 1
        step = -off if name == "LAG" else off
        for i, e in enumerate(part):
            j = i + step
            e.window[id(w)] = arg(part[j]) if 0 <= j < n else None  # type: ignore[index]
        return
    fn = comp.compile(w.func) if name in AGGREGATES else comp.compile(w.func.args[0])
    for i, e in enumerate(part):
        lo, hi = _frame(comp, w, i, n, peer)
        rows = part[lo:hi] if lo < hi else []
        if name in AGGREGATES:
            sub = Env(e.ctx, e.rows, e.outer)
            sub.locals, sub.new, sub.old = e.locals, e.new, e.old
            sub.group = [r.rows for r in rows]
            e.window[id(w)] = fn(sub)  # type: ignore[index]
        elif not rows:
            e.window[id(w)] = None  # type: ignore[index]
        else:
            e.window[id(w)] = fn(rows[0] if name == "FIRST_VALUE" else rows[-1])  # type: ignore[index]


def _ranking(comp: Compiler, w: A.WindowFunc, part: list[Env], peer: Callable[[int, int], bool]) -> None:
    name, n = w.func.name, len(part)
    rank = dense = 0
    buckets = int(_const(comp, w.func.args[0])) if name == "NTILE" else 0
    if name == "NTILE" and buckets <= 0:
        raise UnsupportedError("NTILE of a non-positive number")
    for i, e in enumerate(part):
        if i == 0 or not peer(i - 1, i):
            rank, dense = i + 1, dense + 1
        if name == "ROW_NUMBER":
            v: Any = i + 1
        elif name == "RANK":
            v = rank
        elif name == "DENSE_RANK":
            v = dense
        elif name == "PERCENT_RANK":
            v = (rank - 1) / (n - 1) if n > 1 else 0.0
        elif name == "CUME_DIST":
            last = i
            while last + 1 < n and peer(i, last + 1):
                last += 1
            v = (last + 1) / n
        else:  # NTILE: the first n % buckets buckets hold one row more
            size, extra = divmod(n, buckets)
            big = extra * (size + 1)
            v = i // (size + 1) + 1 if i < big else extra + (i - big) // max(size, 1) + 1
        e.window[id(w)] = v  # type: ignore[index]


def _const(comp: Compiler, e: A.Expr) -> Any:
    v = comp.compile(e)(Env(None))
    if v is None:
        raise UnsupportedError("a NULL window function argument")
    return v


def _frame(comp: Compiler, w: A.WindowFunc, i: int, n: int, peer: Callable[[int, int], bool]) -> tuple[int, int]:
    """[lo, hi) of row ``i``'s frame within its partition of ``n`` rows."""
    if w.frame is None:
        if not w.order:
            return 0, n
        hi = i + 1
        while hi < n and peer(i, hi):
            hi += 1
        return 0, hi
    units, start, end = w.frame
    return _bound(comp, units, start, i, n, peer, True), _bound(comp, units, end, i, n, peer, False) + 1


def _bound(comp: Compiler, units: str, b: tuple[str, A.Expr | None], i: int, n: int,
           peer: Callable[[int, int], bool], top: bool) -> int:
    kind, off = b
    if kind == "UNBOUNDED PRECEDING":
        return 0 if top else -1
    if kind == "UNBOUNDED FOLLOWING":
        return n if top else n - 1
    if kind == "CURRENT ROW":
        if units == "ROWS":
            return i
        j = i
        if top:
            while j > 0 and peer(j - 1, i):
                j -= 1
        else:
            while j + 1 < n and peer(j + 1, i):
                j += 1
        return j
    if units != "ROWS":
        raise UnsupportedError("RANGE window frames with an offset")
    k = int(_const(comp, off))  # type: ignore[arg-type]
    j = i - k if kind == "PRECEDING" else i + k
    return max(0, min(j, n)) if top else max(-1, min(j, n - 1))


# ------------------------------------------------------------ the order of the specifications

def _ordered_specs(wins: list[A.WindowFunc], scope: Scope) -> list[A.WindowFunc]:
    """The window functions in the order order_window_funcs_by_window_specs leaves them
    (bubble_sort, ascending, swapping only on "greater")."""
    numbers = {id(w): k for k, w in enumerate(wins)}
    items = list(wins)
    cmp = functools.partial(_cmp_specs, scope, numbers)
    swapped = True
    while swapped:
        swapped = False
        for k in range(len(items) - 1):
            if cmp(items[k], items[k + 1]) > 0:
                items[k], items[k + 1] = items[k + 1], items[k]
                swapped = True
    return items


def _cmp_specs(scope: Scope, numbers: dict[int, int], w1: A.WindowFunc, w2: A.WindowFunc) -> int:
    n1, n2 = numbers[id(w1)], numbers[id(w2)]
    p1 = [A.OrderItem(e) for e in w1.partition]
    p2 = [A.OrderItem(e) for e in w2.partition]
    c = _cmp_lists(scope, p1, n1, p2, n2)
    if c == _EQ:
        c = _cmp_lists(scope, w1.order, n1, w2.order, n2)
        if c != _EQ:
            return c
        f1, f2 = w1.frame, w2.frame
        if f1 == f2:
            return _EQ
        return _LT if f1 is None else _GT if f2 is None else (_GT if repr(f1) > repr(f2) else _LT)
    if c in (_GT, _LT):
        return c
    c = _cmp_lists(scope, p1 + w1.order, n1, p2 + w2.order, n2)
    if _LT_C <= c <= _GT_C:
        c = _GT_C if len(p1) < len(p2) else _LT_C
    return c


def _cmp_lists(scope: Scope, l1: list[A.OrderItem], n1: int, l2: list[A.OrderItem], n2: int) -> int:
    a = [o for o in l1 if not isinstance(o.expr, A.Literal)]
    b = [o for o in l2 if not isinstance(o.expr, A.Literal)]
    for o1, o2 in zip(a, b):
        c = _cmp_elements(scope, o1, n1, o2, n2)
        if c:
            return c
    if len(a) > len(b):
        return _GT_C
    if len(b) > len(a):
        return _LT_C
    return _EQ


def _field_index(scope: Scope, e: A.Expr) -> tuple[int, int] | None:
    if not isinstance(e, A.ColumnRef):
        return None
    try:
        depth, ti, ci = scope.resolve(e)
    except Exception:
        return None
    return (ti, ci) if depth == 0 else None


def _cmp_elements(scope: Scope, o1: A.OrderItem, n1: int, o2: A.OrderItem, n2: int) -> int:
    f1, f2 = _field_index(scope, o1.expr), _field_index(scope, o2.expr)
    if f1 is not None and f2 is not None:
        c = (f1 > f2) - (f1 < f2)
    elif f1 is not None or f2 is not None:
        return _LT
    elif o1.expr is o2.expr:
        c = 0
    else:
        c = n1 - n2
    if c == 0:
        return _EQ if o1.desc == o2.desc else (_GT if o1.desc else _LT)
    return _GT if c > 0 else _LT
