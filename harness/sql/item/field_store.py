"""MySQL 9.7's Field::store rules where they differ from MariaDB's (the flavour's
``mysql_field_stores``, carried by ``WriteContext.mysql_stores``): what a string stored into a
number reports, and whether fractional seconds are rounded. harness/sql/item/column_types.py
asks; docs/RULES-mysql-9.7.md section 7 ("numeric stores", "temporal stores")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from harness.sql.sql_errors import note

if TYPE_CHECKING:
    from harness.sql.item.column_types import WriteContext


def mysql_string_status(t: Any, status: str, kind: str, col: str, ctx: WriteContext) -> tuple[str, str]:
    """MySQL's Field::store(const char*) (9.7.4 [bytes] types_decimal_*, types_float_*,
    types_int_edges_*): spaces around the number are no truncation (no Note); a DECIMAL parse
    error is 1366 in a strict statement, a Note 1265 for trailing garbage otherwise
    (Field_new_decimal::store); a FLOAT/DOUBLE with trailing garbage is 1366 naming the type."""
    if status == "space":
        return "ok", kind
    if kind == "decimal" and status == "trunc":
        if not (ctx.strict and not ctx.ignore):
            ctx.notes.append(note("Note", "WARN_DATA_TRUNCATED", col, ctx.condition_row))
            return "ok", kind
        return "bad", kind
    if kind == "double":
        return ("bad" if status == "trunc" else status), str(getattr(t, "name", "DOUBLE"))
    return status, kind


def rounds_fraction(ctx: WriteContext) -> bool:
    """MySQL rounds a store's fractional seconds to the column's precision (my_datetime_round,
    my_time_round) unless sql_mode has TIME_TRUNCATE_FRACTIONAL; MariaDB cuts them."""
    return ctx.mysql_stores and "TIME_TRUNCATE_FRACTIONAL" not in str(ctx.sql_mode).upper()


def string_field_copy(src: Any, dst: Any, value: Any, col: str, ctx: Any) -> tuple[bool, Any]:
    """field_conv's copy of a string column into a shorter column of the same string type
    (copy_field_varstring / do_varstring / do_cut_string): a cut value is WARN_DATA_TRUNCATED
    (1265, an error where the statement aborts on warnings), not Field::store's ER_DATA_TOO_LONG.
    (handled, stored value); not handled: another pair of types, or the value fits. ``ctx``:
    strict, ignore, row, notes (a WriteContext, or ALTER TABLE's copy context)."""
    if not (src.name in ("CHAR", "VARCHAR") and src.name == dst.name and isinstance(value, str)
            and len(value) > dst.length):
        return False, value
    cut = value[:dst.length]
    if value[len(cut):].strip(" "):
        if ctx.strict and not ctx.ignore:
            from harness.sql.sql_errors import error
            raise error("WARN_DATA_TRUNCATED", col, ctx.condition_row)
        ctx.notes.append(note("Warning", "WARN_DATA_TRUNCATED", col, ctx.condition_row))
    return True, (cut.rstrip(" ") if dst.name == "CHAR" else cut)


def stored_number(t: Any, value: Any, kind: str, ctx: WriteContext) -> Any:
    """What a numeric column reads of a value: an ENUM/SET member's number (MemberStr.number,
    the index or the bitmask), a MySQL JSON value's number (field_json.JsonDoc.json_number:
    Field_json::val_int / val_decimal / val_real, 3156 for an array or an object), else the
    value itself. ``kind``: INTEGER, DECIMAL, DOUBLE (the CAST the server names)."""
    number = getattr(value, "number", None)
    if number is not None and isinstance(value, str):
        return number
    conv = getattr(value, "json_number", None)
    return conv(t, kind, ctx) if conv is not None else value
