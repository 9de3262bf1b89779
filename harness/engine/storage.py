"""Storage engines and table data.

Engines are described by the capability flags the binary log looks at
(transactional, statement-capable, row-capable, self-logging), which is all
decide_logging_format needs to know about them. Table data is a slot array so
that scans come out in the order the real engines return rows: InnoDB in
clustered-key order, MyISAM/MEMORY in physical order with freed slots reused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from harness.engine.errors import ServerError


@dataclass(frozen=True)
class Engine:
    """A storage engine as the binary log sees it."""

    name: str
    transactional: bool
    stmt_capable: bool = True  # HA_BINLOG_STMT_CAPABLE
    row_capable: bool = True  # HA_BINLOG_ROW_CAPABLE
    self_logging: bool = False  # HA_HAS_OWN_BINLOGGING (NDB-like, seed 001)
    clustered: bool = False  # scans in primary-key order (InnoDB)
    blackhole: bool = False  # accepts writes, stores nothing
    # InnoDB is row-only at READ COMMITTED / READ UNCOMMITTED (MariaDB error 1665 in STATEMENT).
    row_only_below_repeatable_read: bool = False
    # Engines that take part in two-phase commit end their trx group with an Xid event.
    xa_capable: bool = False
    # InnoDB hands out auto-increment values in reserved intervals (harness/engine/autoinc.py).
    reserves_autoinc_intervals: bool = False
    # InnoDB (10.6+) bulk-loads a table CREATE ... SELECT fills, checking unique keys at the end.
    bulk_loads_empty_tables: bool = False
    # HA_PARTIAL_COLUMN_READ: the engine fills only the columns a statement reads, so an
    # UPDATE can compare old and new rows only when every assigned column was read.
    partial_column_read: bool = False


ENGINES: dict[str, Engine] = {
    "INNODB": Engine("InnoDB", transactional=True, clustered=True, row_only_below_repeatable_read=True,
                     xa_capable=True, reserves_autoinc_intervals=True,
                     bulk_loads_empty_tables=True, partial_column_read=True),
    "MYISAM": Engine("MyISAM", transactional=False),
    "ARIA": Engine("Aria", transactional=False),
    "MEMORY": Engine("MEMORY", transactional=False),
    # BLACKHOLE: the server treats its rows like a transactional table's (discarded at
    # ROLLBACK in row format), but nothing is stored and it takes no part in XA.
    "BLACKHOLE": Engine("BLACKHOLE", transactional=True, blackhole=True),
    # Modelled engines (not in MariaDB): capabilities from seeds 001-003.
    "REPLBED_SELFLOG": Engine("REPLBED_SELFLOG", transactional=True, self_logging=True, clustered=True),
    "REPLBED_STMTONLY": Engine("REPLBED_STMTONLY", transactional=True, row_capable=False, clustered=True,
                               xa_capable=True),
    "REPLBED_ROWONLY": Engine("REPLBED_ROWONLY", transactional=True, stmt_capable=False, clustered=True,
                              xa_capable=True),
}
ENGINE_ALIASES = {"HEAP": "MEMORY", "NDB": "REPLBED_SELFLOG", "NDBCLUSTER": "REPLBED_SELFLOG"}


def engine_by_name(name: str) -> Engine:
    key = name.upper()
    key = ENGINE_ALIASES.get(key, key)
    try:
        return ENGINES[key]
    except KeyError:
        raise ServerError(1286, f"Unknown storage engine '{name}'", "42000") from None


class DuplicateKey(Exception):
    """Raised by TableData when a unique key would be violated."""

    def __init__(self, key_name: str, key_values: tuple[Any, ...], slot: int) -> None:
        super().__init__(key_name)
        self.key_name = key_name
        self.key_values = key_values
        self.slot = slot


class TableData:
    """Rows of one table, in slots, with hash indexes on unique keys.

    ``unique_keys`` is a list of (key name, column positions, key function); the
    key function maps a column value to its comparison key (collation).
    """

    __slots__ = ("rows", "free", "indexes", "unique_keys", "clustered_key", "count", "_order", "auto_increment",
                 "reuse_slots")

    def __init__(self, unique_keys: list[tuple[str, list[int], list[Any]]],
                 clustered_key: tuple[list[int], list[Any]] | None, reuse_slots: bool = True) -> None:
        self.rows: list[list[Any] | None] = []
        self.free: list[int] = []
        self.unique_keys = unique_keys
        self.indexes: list[dict[tuple[Any, ...], int]] = [{} for _ in unique_keys]
        self.clustered_key = clustered_key
        self.count = 0
        self._order: list[int] | None = None
        self.auto_increment = 1
        # Heap engines reuse freed slots (newest hole first); clustered engines
        # append, so a table without a key keeps insertion (row id) order.
        self.reuse_slots = reuse_slots

    # -- keys

    def _key(self, idx: int, row: list[Any]) -> tuple[Any, ...] | None:
        _name, cols, fns = self.unique_keys[idx]
        vals = []
        for c, fn in zip(cols, fns):
            v = row[c]
            if v is None:
                return None  # NULLs never collide in a unique key
            vals.append(fn(v))
        return tuple(vals)

    def find_duplicate(self, row: list[Any], ignore_slot: int = -1) -> DuplicateKey | None:
        for i in range(len(self.unique_keys)):
            k = self._key(i, row)
            if k is None:
                continue
            slot = self.indexes[i].get(k)
            if slot is not None and slot != ignore_slot:
                name, cols, _ = self.unique_keys[i]
                return DuplicateKey(name, tuple(row[c] for c in cols), slot)
        return None

    def _index_add(self, row: list[Any], slot: int) -> None:
        for i in range(len(self.unique_keys)):
            k = self._key(i, row)
            if k is not None:
                self.indexes[i][k] = slot

    def _index_remove(self, row: list[Any]) -> None:
        for i in range(len(self.unique_keys)):
            k = self._key(i, row)
            if k is not None:
                self.indexes[i].pop(k, None)

    # -- modification (callers check duplicates first)

    def insert(self, row: list[Any]) -> int:
        if self.free:
            slot = self.free.pop()
            self.rows[slot] = row
        else:
            slot = len(self.rows)
            self.rows.append(row)
        self._index_add(row, slot)
        self.count += 1
        self._order = None
        return slot

    def put_back(self, slot: int, row: list[Any]) -> None:
        """Undo of a delete: the row returns to its old slot."""
        if slot in self.free:
            self.free.remove(slot)
        self.rows[slot] = row
        self._index_add(row, slot)
        self.count += 1
        self._order = None

    def delete(self, slot: int) -> list[Any]:
        row = self.rows[slot]
        assert row is not None
        self._index_remove(row)
        self.rows[slot] = None
        if self.reuse_slots:
            self.free.append(slot)
        self.count -= 1
        self._order = None
        return row

    def update(self, slot: int, new_row: list[Any]) -> list[Any]:
        old = self.rows[slot]
        assert old is not None
        self._index_remove(old)
        self.rows[slot] = new_row
        self._index_add(new_row, slot)
        if self.clustered_key is not None:
            self._order = None
        return old

    def truncate(self) -> None:
        self.rows.clear()
        self.free.clear()
        for ix in self.indexes:
            ix.clear()
        self.count = 0
        self._order = None

    # -- reading

    def slots(self) -> list[int]:
        """Live slots in the engine's scan order."""
        if self._order is None:
            live = [i for i, r in enumerate(self.rows) if r is not None]
            if self.clustered_key is not None:
                cols, fns = self.clustered_key
                rows = self.rows

                def key(i: int) -> tuple[Any, ...]:
                    r = rows[i]
                    return tuple(fn(r[c]) for c, fn in zip(cols, fns))  # type: ignore[index]

                live.sort(key=key)
            self._order = live
        return self._order

    def scan(self) -> Iterator[tuple[int, list[Any]]]:
        rows = self.rows
        for slot in list(self.slots()):
            row = rows[slot]
            if row is not None:
                yield slot, row
