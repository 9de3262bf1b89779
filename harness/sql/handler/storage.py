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

from harness.sql.sql_errors import error


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
    # InnoDB hands out auto-increment values in reserved intervals (harness/sql/handler/autoinc.py).
    reserves_autoinc_intervals: bool = False
    # InnoDB (10.6+) bulk-loads a table CREATE ... SELECT fills, checking unique keys at the end.
    bulk_loads_empty_tables: bool = False
    # HA_PARTIAL_COLUMN_READ: the engine fills only the columns a statement reads, so an
    # UPDATE can compare old and new rows only when every assigned column was read.
    partial_column_read: bool = False
    # update_row compares the old and new record and answers HA_ERR_RECORD_IS_THE_SAME
    # (InnoDB): a REPLACE that rewrites a row unchanged then logs no row.
    detects_same_record: bool = False
    # A handlerton without prepare() that registers in the transaction when one of its
    # tables is locked (Aria's born-transactional tables, maria_create_trn_for_mysql):
    # trans_register_ha sets no_2pc, so the commit is one-phase and the binlog ends the
    # group with a COMMIT Query instead of an Xid (probed, even for a read).
    registers_without_2pc: bool = False
    # HA_STATS_RECORDS_IS_EXACT (MyISAM, Aria, MEMORY): the optimizer knows an empty table
    # has no row and reads it as a const table (MariaDB 11.8's single-table UPDATE/DELETE).
    exact_record_count: bool = False


ENGINES: dict[str, Engine] = {
    "INNODB": Engine("InnoDB", transactional=True, clustered=True, row_only_below_repeatable_read=True,
                     xa_capable=True, reserves_autoinc_intervals=True,
                     bulk_loads_empty_tables=True, partial_column_read=True, detects_same_record=True),
    "MYISAM": Engine("MyISAM", transactional=False, exact_record_count=True),
    "ARIA": Engine("Aria", transactional=False, registers_without_2pc=True, exact_record_count=True),
    "MEMORY": Engine("MEMORY", transactional=False, exact_record_count=True),
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
        raise error("ER_UNKNOWN_STORAGE_ENGINE", name) from None


class DuplicateKey(Exception):
    """Raised by TableData when a unique key would be violated."""

    def __init__(self, key_name: str, key_values: tuple[Any, ...], slot: int,
                 key_columns: tuple[int, ...] = ()) -> None:
        super().__init__(key_name)
        self.key_name = key_name
        self.key_values = key_values
        self.slot = slot
        # The key's column positions: the 1062 text shows each value as its column prints it.
        self.key_columns = key_columns


class TableData:
    """Rows of one table, in slots, with hash indexes on unique keys.

    ``unique_keys`` is a list of (key name, column positions, key function); the
    key function maps a column value to its comparison key (collation).
    """

    __slots__ = ("rows", "free", "indexes", "unique_keys", "clustered_key", "count", "_order", "auto_increment",
                 "reuse_slots", "versions")

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
        # InnoDB's undo chains, kept only for rows changed while a transaction or
        # read view may still need an older image: slot -> [[trx_id, commit_no
        # or None while uncommitted, image or None (absent)], ...], oldest first.
        # A slot without a chain has one version, its current row, visible to all.
        self.versions: dict[int, list[list[Any]]] = {}

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
                return DuplicateKey(name, tuple(row[c] for c in cols), slot, tuple(cols))
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
        self.versions.clear()
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

    # -- multi-versioning (InnoDB)

    def note_change(self, slot: int, trx_id: int, before: list[Any] | None) -> bool:
        """A transaction is about to leave an uncommitted version in ``slot``; True
        the first time for this (slot, transaction), when it must stamp it at its end."""
        chain = self.versions.get(slot)
        if chain is None:
            self.versions[slot] = [[0, 0, list(before) if before is not None else None], [trx_id, None, None]]
            return True
        if chain[-1][0] == trx_id and chain[-1][1] is None:
            return False
        chain.append([trx_id, None, None])
        return True

    def end_change(self, slot: int, trx_id: int, commit_no: int, purge: bool) -> None:
        """End of the transaction: its version becomes the row as it now stands
        (after a rollback, the restored image). ``purge``: no read view needs older
        images any more."""
        chain = self.versions.get(slot)
        if not chain:
            return
        for entry in chain:
            if entry[0] == trx_id and entry[1] is None:
                row = self.rows[slot] if slot < len(self.rows) else None
                entry[1], entry[2] = commit_no, list(row) if row is not None else None
        if purge and all(e[1] is not None for e in chain):
            del self.versions[slot]

    def visible(self, slot: int, trx_id: int, view: int) -> list[Any] | None:
        """The image a consistent read of ``trx_id`` with read view ``view`` sees."""
        chain = self.versions.get(slot)
        row = self.rows[slot] if slot < len(self.rows) else None
        if chain is None:
            return row
        for owner, commit_no, image in reversed(chain):
            if owner == trx_id and commit_no is None:
                return row
            if commit_no is not None and commit_no <= view:
                return image
        return None

    def clustered_sort_key(self, slot: int, row: list[Any]) -> tuple[Any, ...]:
        if self.clustered_key is None:
            return (slot,)
        cols, fns = self.clustered_key
        return tuple(fn(row[c]) for c, fn in zip(cols, fns))

    def consistent_scan(self, trx_id: int, view: int) -> list[tuple[int, list[Any]]]:
        """A consistent read: the rows visible to the view, in the engine's scan order."""
        if not self.versions:
            return list(self.scan())
        out = []
        candidates = set(self.slots()) | set(self.versions)
        for slot in candidates:
            img = self.visible(slot, trx_id, view)
            if img is not None:
                out.append((slot, img))
        out.sort(key=lambda e: self.clustered_sort_key(e[0], e[1]))
        return out

    def index_records(self) -> list[tuple[int, list[Any] | None, tuple[Any, ...]]]:
        """The clustered index as a locking read walks it: live rows plus the
        delete-marked records of uncommitted deletes ((slot, row or None, key)), in key order."""
        out: list[tuple[int, list[Any] | None, tuple[Any, ...]]] = [
            (s, self.rows[s], self.clustered_sort_key(s, self.rows[s])) for s in self.slots()]  # type: ignore[arg-type]
        for slot, chain in self.versions.items():
            if self.rows[slot] is None and chain[-1][1] is None:
                old = next((e[2] for e in reversed(chain) if e[2] is not None), None)
                if old is not None:
                    out.append((slot, None, self.clustered_sort_key(slot, old)))
        if len(out) > self.count:
            out.sort(key=lambda e: e[2])
        return out


def registers_without_2pc(t: Any) -> bool:
    """An Aria table that joins the server transaction: a base table created
    TRANSACTIONAL (the default for ROW_FORMAT=PAGE, Aria's default); a temporary
    table or a DYNAMIC/FIXED row format does not (probed)."""
    if not t.engine.registers_without_2pc or t.temporary:
        return False
    opts = {k.upper(): str(v).upper() for k, v in t.options.items()}
    if "TRANSACTIONAL" in opts:
        return opts["TRANSACTIONAL"] not in ("0", "NO")
    return opts.get("ROW_FORMAT", "PAGE") in ("PAGE", "DEFAULT")
