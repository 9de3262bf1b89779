"""Generated columns, VIRTUAL and STORED/PERSISTENT (table.cc TABLE::update_virtual_fields,
TABLE::mark_virtual_columns_for_write; sql_base.cc fill_record).

* Every column is in the Table_map and in a FULL / NOBLOB row image, a VIRTUAL one with
  its computed value (probed).
* binlog_row_image=MINIMAL: the write set of an INSERT or UPDATE holds every STORED
  generated column and every VIRTUAL one that is part of an index, whether or not a
  column it reads changed (probed: ``UPDATE h SET e = 8`` logs the STORED column). MySQL
  instead follows what the statement assigns (``generated_write_set``, by_dependency).
* A value other than DEFAULT assigned to a generated column is 1906
  ER_WARNING_NON_DEFAULT_VALUE_FOR_GENERATED_COLUMN; outside strict mode a warning, the
  value ignored and computed instead.
* The model stores a VIRTUAL column's value in the row too: what the logs show is the
  same, and nothing reads a stored row without computing it first.
"""

from __future__ import annotations

from typing import Any

from harness.sql.handler.catalog import TableDef
from harness.sql.sql_errors import error, note


def has_generated(t: TableDef) -> bool:
    return any(c.generated is not None for c in t.columns)


def generated_write_set(t: TableDef, assigned: set[int] | None = None, *, by_dependency: bool = False) -> set[int]:
    """The generated columns the statement adds to its write set (the MINIMAL image).

    MariaDB (mark_virtual_columns_for_write): every STORED one and every indexed VIRTUAL one.
    MySQL (``by_dependency``, TABLE::mark_generated_columns; SqlDialect.generated_write_set_by_dependency):
    an INSERT (``assigned`` None) every generated column, VIRTUAL ones too; an UPDATE those whose
    expression reads a column of the write set -- assigned, or a generated one marked before it
    (column order) -- and every indexed VIRTUAL one (9.7.4 observed, gcol_images_minimal_noblob:
    `UPDATE h SET e = 8` logs e alone, `UPDATE h SET a = 3` a and both generated columns over it,
    `UPDATE g SET e = 8` e and g's indexed VIRTUAL b, not the STORED c = a + 1; `INSERT INTO h
    (id, a)` id, a, b, c)."""
    indexed = {i for k in t.keys for i in k.columns}
    if not by_dependency:
        return {i for i, c in enumerate(t.columns)
                if c.generated is not None and (c.generated_stored or i in indexed)}
    if assigned is None:
        return {i for i, c in enumerate(t.columns) if c.generated is not None}
    ws, out = set(assigned), set()
    for i, c in enumerate(t.columns):
        if c.generated is not None and (i in ws or _reads(t, c.generated) & ws
                                        or (i in indexed and not c.generated_stored)):
            ws.add(i)
            out.add(i)
    return out


def _reads(t: TableDef, expr: Any) -> set[int]:
    """The columns of ``t`` a generated column's expression names."""
    from harness.sql.parse import parse_tree as A
    found: set[int] = set()
    stack = [expr]
    while stack:
        x = stack.pop()
        if isinstance(x, A.ColumnRef):
            if x.name.lower() in t.col_index:
                found.add(t.col_index[x.name.lower()])
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
        elif hasattr(x, "__dataclass_fields__"):
            stack.extend(getattr(x, f) for f in x.__dataclass_fields__)
    return found


def update_generated(t: TableDef, row: list[Any], ctx: Any, info: Any, wctx: Any = None, fill: Any = None,
                     all_reported: bool = False) -> None:
    """Compute the generated columns of ``row`` in column order (one may read an earlier one).

    With ``wctx`` the store reports as fill_record's does (probed: an out-of-range
    ``c_int`` stored into ``g_int AS (c_int * 2)`` adds "Out of range value for column
    'g_int'" after c_int's, a warning or, strict, an error listed after the first);
    without, the values are recomputed silently (after BEFORE triggers and AUTO_INCREMENT)."""
    from harness.sql.item.column_types import WriteContext
    from harness.sql.item.expr import Compiler, Env, Scope
    from harness.sql.sql_errors import ServerError
    quiet = WriteContext(False, t.db, t.name)
    # Only the columns written for the row (STORED, indexed VIRTUAL) are stored with a report
    # (VCOL_UPDATE_FOR_WRITE; probed: a VIRTUAL column's overflow says nothing on INSERT).
    # A statement logged in rows with a FULL/NOBLOB image reads every column for the image:
    # its VIRTUAL columns are computed, and report, too (probed: ROW, not MIXED's statements).
    reported = (set(range(len(t.columns))) if all_reported else generated_write_set(t)) if wctx is not None else set()
    for i, c in enumerate(t.columns):
        if c.generated is None:
            continue
        v = Compiler(Scope([(t.name, t)]), info).compile(c.generated)(Env(ctx, [row]))
        try:
            row[i] = None if v is None else c.type.coerce(v, c.name, wctx if i in reported else quiet)
        except ServerError as err:
            if fill is None:
                raise
            fill.failed(err)
            row[i] = c.type.coerce(v, c.name, quiet)


def check_assigned(thd: Any, t: TableDef, assigned: set[int], notes: list[Any], row: int) -> None:
    """1906 for a generated column given a value: an error in strict mode, else one
    warning per column and row, the value ignored. MySQL (SqlDialect.generated_value_error):
    3105 ER_NON_DEFAULT_VALUE_FOR_GENERATED_COLUMN, an error in any sql_mode (sql_base.cc
    fill_record; 9.7.4 observed: gcol_1906 with sql_mode '')."""
    for i in sorted(assigned):
        c = t.columns[i]
        if c.generated is None:
            continue
        if thd.server.flavor.sql.generated_value_error:
            raise error("ER_NON_DEFAULT_VALUE_FOR_GENERATED_COLUMN", c.name, t.name)
        if thd.is_strict(t, row):
            raise error("ER_WARNING_NON_DEFAULT_VALUE_FOR_GENERATED_COLUMN", c.name, t.name)
        notes.append(note("Warning", "ER_WARNING_NON_DEFAULT_VALUE_FOR_GENERATED_COLUMN", c.name, t.name))


__all__ = ["has_generated", "generated_write_set", "update_generated", "check_assigned"]
