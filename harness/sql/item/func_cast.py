"""CAST(... AS SIGNED / UNSIGNED): Item_typecast_signed / Item_typecast_unsigned's value and
conditions, MariaDB's by default and MySQL's where the flavour says (``cast_unsigned_wraps``)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from harness.sql.item.column_types import value_to_string
from harness.sql.item.number_text import parse_number_prefix
from harness.sql.item.scalar import to_number


def _flavor_sql(env: Any) -> Any:
    """The running server's SqlDialect (None outside a server: a bare evaluation context)."""
    thd = getattr(env.ctx, "thd", None)
    return getattr(getattr(getattr(thd, "server", None), "flavor", None), "sql", None)


def cast_int(v: Any, unsigned: bool, env: Any) -> int:
    """CAST(... AS SIGNED/UNSIGNED): strings warn when cut, doubles saturate with 1916."""
    from harness.sql.sql_errors import Note
    notes = env.ctx.notes
    # MySQL's Item_typecast_unsigned: a DECIMAL goes through my_decimal2int as signed when
    # negative (-12.3456 -> -12 -> 18446744073709551604, no 1916), an integer is taken as it
    # is; only a string's negative number notes 1105 (9.7.4 [bytes] expr_strings_numbers)
    mysql_cast = bool(getattr(_flavor_sql(env), "cast_unsigned_wraps", False))
    if isinstance(v, (str, bytes)):
        s = v.decode("utf-8", "replace") if isinstance(v, bytes) else v
        num, whole = parse_number_prefix(s)
        if num is None or not whole:
            notes.append(Note("Warning", 1292, f"Truncated incorrect INTEGER value: '{s}'"))
        n: Any = int(num) if num is not None else 0
    else:
        n = to_number(v)
    if isinstance(n, float):
        r = Decimal(repr(n)).to_integral_value(ROUND_HALF_UP)
        lo, hi = (0, (1 << 64) - 1) if unsigned else (-(1 << 63), (1 << 63) - 1)
        if not lo <= r <= hi:
            notes.append(Note("Warning", 1916, f"Got overflow when converting '{value_to_string(v)}' to "
                                               f"{'UNSIGNED' if unsigned else 'SIGNED'} BIGINT. Value truncated"))
            return hi if r > hi else lo
        n = int(r)
    elif isinstance(n, Decimal):
        if unsigned and n < 0 and not mysql_cast:
            # A negative DECIMAL saturates at 0 (Item_func_unsigned on a decimal argument).
            notes.append(Note("Warning", 1916, f"Got overflow when converting '{value_to_string(v)}' to "
                                               f"UNSIGNED INT. Value truncated"))
            return 0
        n = int(n.to_integral_value(ROUND_HALF_UP))
    n = int(n)  # type: ignore[arg-type]
    if unsigned:
        if n < 0 and (not mysql_cast or isinstance(v, (str, bytes))):
            notes.append(Note("Note", 1105, "Cast to unsigned converted negative integer to it's positive complement"))
        return n & 0xFFFFFFFFFFFFFFFF
    if n >= 1 << 63:
        return n - (1 << 64)
    return n
