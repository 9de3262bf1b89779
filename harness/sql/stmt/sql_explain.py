"""EXPLAIN SELECT (the server's ``sql_explain.cc``), as far as tools read it.

The model keeps no query plan, so the row it shows per table is the one the server
shows for the access paths the model knows (opt/access_path.py): an index named by
FORCE / USE INDEX or whose first column the WHERE or ORDER BY uses, with its
``key_len``, else a full scan; ``rows`` is the number of rows the condition selects
(the server's estimate is exact for the small tables tests use).
pt-table-checksum reads exactly this: it refuses to nibble a table unless EXPLAIN shows
its chunk index with a key length, and skips a chunk whose ``rows`` is far above the
chunk size.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from harness.sql.handler.catalog import TableDef
from harness.sql.parse import parse_tree as A
from harness.sql.stmt.sql_result import SelectResult, _text_result

if TYPE_CHECKING:
    from harness.sql.thd import Thd

_HINT = re.compile(r"\b(?:FORCE|USE)\s+(?:INDEX|KEY)\s*\(\s*`?([^`)\s]+)`?\s*\)", re.IGNORECASE)
_COLUMNS = ["id", "select_type", "table", "type", "possible_keys", "key", "key_len", "ref", "rows", "Extra"]


def explain(thd: "Thd", st: A.Explain) -> SelectResult:
    sel = st.select
    rows: list[list[Any]] = []
    if isinstance(sel, A.Select):
        for ref in sel.from_:
            t = thd.find_table(ref.table) if ref.derived is None else None
            if t is not None:
                rows.append(_table_row(thd, st, sel, ref, t))
    if not rows:
        rows.append([1, "SIMPLE", None, None, None, None, None, None, None, "No tables used"])
    return _text_result(_COLUMNS, rows, (0,))


def _table_row(thd: "Thd", st: A.Explain, sel: A.Select, ref: A.TableRef, t: TableDef) -> list[Any]:
    where_cols = _column_names(sel.where)
    order_cols = [o.expr.name.lower() for o in sel.order_by if isinstance(o.expr, A.ColumnRef)] \
        if getattr(sel, "order_by", None) else []
    key = _chosen_key(t, _HINT.search(st.text), where_cols, order_cols)
    # a condition on no column (WHERE 1=1) is folded away before the plan
    extra = "Using where" if where_cols else ""
    count = str(max(_count(thd, sel, ref), 1))
    if key is None:
        return [1, "SIMPLE", ref.ref_name, "ALL", None, None, None, None, count, extra]
    kind = "range" if where_cols else "index"
    if kind == "index" and not extra:
        extra = "Using index" if set(_column_names_of_items(sel)) <= {t.columns[i].name.lower() for i in key.columns} \
            else ""
    return [1, "SIMPLE", ref.ref_name, kind, key.name if where_cols else None, key.name, str(_key_len(t, key)),
            None, count, extra]


def _chosen_key(t: TableDef, hint: re.Match[str] | None, where_cols: set[str], order_cols: list[str]) -> Any:
    if hint is not None:
        named = next((k for k in t.keys if k.name.lower() == hint.group(1).lower()), None)
        if named is not None:
            return named
    for k in sorted(t.keys, key=lambda k: k.kind != "PRIMARY"):
        first = t.columns[k.columns[0]].name.lower()
        if first in where_cols or (order_cols and order_cols[0] == first):
            return k
    return None


def _column_names(e: Any) -> set[str]:
    out: set[str] = set()
    _walk(e, out)
    return out


def _column_names_of_items(sel: A.Select) -> set[str]:
    out: set[str] = set()
    for it in sel.items:
        if isinstance(it.expr, A.Star):
            out.add("*")
        _walk(it.expr, out)
    return out


def _walk(e: Any, out: set[str]) -> None:
    if isinstance(e, A.ColumnRef):
        out.add(e.name.lower())
    elif isinstance(e, A.Select):
        return
    elif isinstance(e, list):
        for x in e:
            _walk(x, out)
    elif hasattr(e, "__dataclass_fields__"):
        for f in e.__dataclass_fields__:
            _walk(getattr(e, f, None), out)


def _key_len(t: TableDef, key: Any) -> int:
    """The bytes of the key's parts (KEY_PART_INFO::store_length): the value, +1 for a
    nullable column, +2 for a VARCHAR's length."""
    total = 0
    for ci in key.columns:
        c = t.columns[ci]
        total += _part_len(c.type) + (1 if c.nullable else 0)
    return total


def _part_len(ty: Any) -> int:
    name = getattr(ty, "name", "").upper()
    fixed = {"TINYINT": 1, "SMALLINT": 2, "MEDIUMINT": 3, "INT": 4, "BIGINT": 8, "FLOAT": 4, "DOUBLE": 8,
             "DATE": 3, "YEAR": 1, "TIMESTAMP": 4, "DATETIME": 5, "TIME": 3, "ENUM": 1}
    if name in fixed:
        return fixed[name] + ((getattr(ty, "fsp", 0) or 0) + 1) // 2
    if name == "DECIMAL":
        digits = getattr(ty, "precision", 10)
        return (digits + 1) // 2 + 1
    length = int(getattr(ty, "length", 0) or 0)
    width = int(getattr(getattr(ty, "cs", None), "mbmaxlen", 1) or 1) if name in ("CHAR", "VARCHAR") else 1
    return length * width + (2 if name in ("VARCHAR", "VARBINARY") or getattr(ty, "is_blob", False) else 0)


def _count(thd: "Thd", sel: A.Select, ref: A.TableRef) -> int:
    """The rows of ``ref`` the WHERE selects (COUNT(*) over the same FROM and WHERE)."""
    if len(sel.from_) != 1:
        t = thd.find_table(ref.table)
        return t.data.count if t is not None else 0
    from harness.sql.handler.prelock import analyze
    from harness.sql.stmt.context import ExecContext
    from harness.sql.stmt.executor import Executor
    probe = A.Select(items=[A.SelectItem(A.FuncCall("COUNT", [], star=True))], from_=sel.from_, where=sel.where)
    info = analyze(thd, probe, "SELECT")
    res = Executor(thd, ExecContext(thd, info), info).select(probe)
    return int(res.rows[0][0]) if res.rows else 0
