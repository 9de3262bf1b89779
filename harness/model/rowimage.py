"""Row images for rows events: which columns (binlog_row_image) and their values.

Seed 002's table, as MariaDB 10.11 applies it: with a primary key (or a UNIQUE
NOT NULL key promoted to primary) MINIMAL logs the key in the before image and
only the assigned columns in the after image; NOBLOB adds every non-blob
column; FULL logs everything. A table without such a key always logs full
images.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from harness.binlog.bytes_io import ByteWriter
from harness.binlog.rows import RowChange, _encode_image
from harness.binlog.values import column_codec

if TYPE_CHECKING:
    from harness.model.session import TableView


class TableImageInfo:
    """Per-table data for building images, computed once per table definition."""

    def __init__(self, table: "TableView") -> None:
        cols = table.columns
        n = len(cols)
        self.n = n
        self.all = (1 << n) - 1
        self.convert = [c.type.codec_value() for c in cols]
        self.encoders = [column_codec(c.type.binlog_type, c.type.binlog_metadata())[1] for c in cols]
        key = table.clustered_key()
        self.has_pk = key is not None
        self.pk = sum(1 << i for i in (key.columns if key else []))
        self.non_blob = sum(1 << i for i, c in enumerate(cols) if not c.type.is_blob)
        self.autoinc = (1 << table.auto_inc_col) if table.auto_inc_col is not None else 0
        # VIRTUAL and STORED generated columns (EventStyle.images_skip_generated_after_change)
        self.generated = sum(1 << i for i, c in enumerate(cols) if getattr(c, "generated", None) is not None)


_INFO_CACHE: dict[int, tuple[Any, TableImageInfo]] = {}


def image_info(table: "TableView") -> TableImageInfo:
    hit = _INFO_CACHE.get(id(table))
    if hit is not None and hit[0] is table:
        return hit[1]
    info = TableImageInfo(table)
    _INFO_CACHE[id(table)] = (table, info)
    return info


def _bits(mask: int, n: int) -> list[int]:
    return [i for i in range(n) if mask >> i & 1]


class RowImager:
    def __init__(self, table: "TableView", mode: str, write_set_after: bool = False,
                 without_generated: bool = False, keyless_full: bool = True) -> None:
        """``write_set_after``: the after images hold the statement's write set only (a
        statement MIXED switched to rows late, LoggingDecision.late_row).
        ``without_generated``: the images leave the generated columns out (MariaDB 11.8's
        UPDATE / DELETE images, EventStyle.images_skip_generated_after_change).
        ``keyless_full``: a table without a primary key logs full images whatever the mode
        (MariaDB); else (MySQL, ``EventStyle.images_full_without_pk`` False) its before
        image is every column and its after image follows the mode."""
        self.info = image_info(table)
        self.mode = mode.upper() if self.info.has_pk or not keyless_full else "FULL"
        self.keyless = not self.info.has_pk
        self.write_set_after = write_set_after
        self.keep = self.info.all & ~self.info.generated if without_generated else self.info.all

    def _sets(self, kind: str, assigned: set[int] | None) -> tuple[int, int | None]:
        info = self.info
        assigned_mask = sum(1 << i for i in assigned) if assigned else 0
        mode = self.mode
        if mode == "FULL":
            before = after = info.all
        elif mode == "MINIMAL":
            before = info.pk
            after = assigned_mask | (info.autoinc if kind == "write" else 0)
        else:  # NOBLOB
            before = info.pk | info.non_blob
            after = assigned_mask | info.non_blob | (info.autoinc if kind == "write" else 0)
        if self.write_set_after:
            after = assigned_mask | (info.autoinc if kind == "write" else 0)
        if self.keyless:
            before = info.all  # MySQL: no primary key, the whole row identifies it
        before, after = before & self.keep, after & self.keep
        if kind == "write":
            return after, None
        if kind == "delete":
            return before, None
        return before, after

    def image(self, kind: str, before: list[Any] | None, after: list[Any] | None,
              assigned: set[int] | None) -> tuple[int, int | None, RowChange, int]:
        """(columns bitmap, after bitmap for updates, the RowChange, packed size)."""
        info = self.info
        present, present_after = self._sets(kind, assigned)
        size = 0
        b_vals = a_vals = None
        if kind == "write":
            a_vals, s = self._pack(after, present)  # type: ignore[arg-type]
            size += s
        elif kind == "delete":
            b_vals, s = self._pack(before, present)  # type: ignore[arg-type]
            size += s
        else:
            b_vals, s1 = self._pack(before, present)  # type: ignore[arg-type]
            a_vals, s2 = self._pack(after, present_after)  # type: ignore[arg-type]
            size += s1 + s2
        del info
        return present, present_after, RowChange(before=b_vals, after=a_vals), size

    def _pack(self, row: list[Any], mask: int) -> tuple[list[Any], int]:
        info = self.info
        idx = _bits(mask, info.n)
        vals = [None if row[i] is None else info.convert[i](row[i]) for i in idx]
        w = ByteWriter()
        _encode_image(w, [info.encoders[i] for i in idx], vals)
        return vals, len(w.getvalue())
