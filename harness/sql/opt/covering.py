"""The index a SELECT's table scan reads instead of the table (a covering-index scan).

``make_join_readinfo`` turns a full scan (JT_ALL) into an index scan (JT_NEXT) when an
index holds every column the query reads from the table (``TABLE::covering_keys``),
taking ``find_shortest_key``: the shortest key by byte length, the first on a tie; a
clustered primary key (InnoDB) only when no other key covers or the other one has as
many parts as the table has columns. An InnoDB secondary key also holds the primary
key's columns. The rows then come in that index's order, which shows as the order of
INSERT ... SELECT's Write_rows and of its duplicate-key warnings
(docs/RULES-mariadb-10.11.md 5.14).

Only the certain cases are modelled: a single-table SELECT whose WHERE gives no other
index a range, in MyISAM/Aria/InnoDB (MEMORY's hash keys cannot be scanned in order).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from harness.sql.parse import parse_tree as A

if TYPE_CHECKING:
    from harness.sql.item.field import Column
    from harness.sql.handler.catalog import Key, TableDef

#: Field::pack_length of the fixed-size types (the key part's length).
_FIXED_LENGTH = {"TINYINT": 1, "SMALLINT": 2, "MEDIUMINT": 3, "INT": 4, "INTEGER": 4, "BIGINT": 8,
                 "FLOAT": 4, "DOUBLE": 8, "DATE": 3, "DATETIME": 5, "TIMESTAMP": 4, "TIME": 3,
                 "YEAR": 1, "ENUM": 2, "SET": 8, "BIT": 8}
_SCANNABLE_ENGINES = ("MyISAM", "Aria", "InnoDB")


class _ReadsAll(Exception):
    """A ``*`` (or ``t.*``) reads every column."""


def referenced_columns(sel: A.Select) -> set[str] | None:
    """Lower-case names of every column the statement names anywhere (subqueries
    included, so a name is never missed); None when a ``*`` reads every column."""
    names: set[str] = set()

    def walk(v: Any) -> None:
        if isinstance(v, A.Star):
            raise _ReadsAll
        if isinstance(v, A.ColumnRef):
            names.add(v.name.lower())
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x)
        elif dataclasses.is_dataclass(v) and not isinstance(v, type):
            for f in dataclasses.fields(v):
                walk(getattr(v, f.name))

    try:
        walk(sel.items)
        walk([sel.where, sel.group_by, sel.having, sel.order_by])
    except _ReadsAll:
        return None
    return names


def key_part_length(c: "Column") -> int | None:
    """The key part's byte length (KEY_PART_INFO::store_length); None for a BLOB/TEXT
    prefix, which never covers its column."""
    t = c.type
    if t.is_blob:
        return None
    n = _FIXED_LENGTH.get(t.name.upper())
    if n is None and t.name.upper() == "DECIMAL":
        n = (getattr(t, "precision", 10) + 2) // 2
    if n is None:
        length = getattr(t, "length", 255) * getattr(t, "mbmaxlen", 1)
        n = length + (2 if t.name.upper() in ("VARCHAR", "VARBINARY") else 0)
    return n + (1 if c.nullable else 0)


def _key_length(t: "TableDef", k: "Key") -> int | None:
    total = 0
    for ci in k.columns:
        n = key_part_length(t.columns[ci])
        if n is None:
            return None
        total += n
    return total


def find_shortest_key(t: "TableDef", covering: list["Key"], clustered: "Key | None") -> "Key | None":
    """find_shortest_key over the covering keys (``clustered`` is InnoDB's clustered key)."""
    best: Key | None = None
    best_len = 1 << 30
    for k in covering:
        if k is clustered:
            continue
        n = _key_length(t, k)
        if n is not None and n < best_len:
            best, best_len = k, n
    if clustered is not None and clustered in covering and (best is None or len(best.columns) >= len(t.columns)):
        return clustered
    return best


def covering_index(t: "TableDef", used: set[str] | None, where: A.Expr | None) -> "Key | None":
    """The index whose order a full scan of ``t`` reads, or None for the table's own order
    (an InnoDB scan of its clustered key is that order already)."""
    if t.engine.name not in _SCANNABLE_ENGINES or not t.keys:
        return None
    cols = set(range(len(t.columns))) if used is None else {
        i for i, c in enumerate(t.columns) if c.name.lower() in used}
    clustered = t.clustered_key() if t.engine.name == "InnoDB" else None
    extra = set(clustered.columns) if clustered is not None else set()
    covering = [k for k in t.keys if cols <= set(k.columns) | (extra if k is not clustered else set())]
    best = find_shortest_key(t, covering, clustered)
    if best is None or best is clustered:
        return None
    if where is not None and _other_range_possible(t, best, where):
        return None
    return best


def _other_range_possible(t: "TableDef", best: "Key", where: A.Expr) -> bool:
    """True when WHERE names the first column of another key: the optimizer may read a
    range of that index instead (its order is not modelled here)."""
    named = referenced_columns(A.Select(where=where))
    if named is None:
        return True
    firsts = {t.columns[k.columns[0]].name.lower() for k in t.keys if k is not best and k.columns}
    return bool(named & firsts)
