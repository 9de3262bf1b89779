"""MySQL's scalar value rules shared by expressions and built-in functions.

Numeric conversion of strings and temporals, three-way comparison with the
server's type rules (temporal, collation, binary, numeric), and SUBSTRING's
position arithmetic. Both the expression compiler (expr.py) and the built-in
functions (builtins.py) use them; living here, neither has to import the other
for them.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from harness.sql.item.column_types import MemberStr, ZeroDate, value_to_string
from harness.sql.item.number_text import parse_number_prefix
from harness.sql.item.charsets import collation_key
from harness.sql.item.column_types import parse_temporal, temporal_number


def to_number(v: Any) -> int | float | Decimal | None:
    if v is None or isinstance(v, (int, float, Decimal)):
        return int(v) if isinstance(v, bool) else v
    if isinstance(v, MemberStr):
        return v.number  # an ENUM/SET column in numeric context: its index / bitmask
    if isinstance(v, (str, bytes)):
        s = v.decode("utf-8", "replace") if isinstance(v, bytes) else v
        num, _ = parse_number_prefix(s)
        return float(num) if num is not None else 0.0
    if isinstance(v, (dt.datetime, dt.date, ZeroDate)):
        return int(value_to_string(v).replace("-", "").replace(" ", "").replace(":", "").split(".")[0])
    if isinstance(v, dt.timedelta):
        return int(temporal_number(v))  # TIME in numeric context: [-]HHMMSS
    return float(v)


def to_bool(v: Any) -> bool | None:
    if v is None:
        return None
    if isinstance(v, (int, float, Decimal)):
        return v != 0
    n = to_number(v)
    return n != 0


def _temporal_key(v: Any) -> tuple[int, ...] | None:
    if isinstance(v, dt.datetime):
        return (v.year, v.month, v.day, v.hour, v.minute, v.second, v.microsecond)
    if isinstance(v, dt.date):
        return (v.year, v.month, v.day, 0, 0, 0, 0)
    if isinstance(v, ZeroDate):
        return (v.year, v.month, v.day, v.hour, v.minute, v.second, v.microsecond)
    if isinstance(v, str):
        p = parse_temporal(v)
        if p is not None:
            return (p.year, p.month, p.day, p.hour, p.minute, p.second, p.microsecond)
    return None


def _number_as_temporal_key(v: Any) -> tuple[int, ...] | None:
    """A number compared with a DATETIME/DATE is read as one (number_to_datetime:
    20240101 is 2024-01-01 00:00:00); one that is no datetime reads as the zero
    datetime (its 1292 comes from harness/sql/item/arg_comparator.py), so it equals a
    zero date (probed: `dt = 7` is 1 for '0000-00-00 00:00:00')."""
    if isinstance(v, bool) or not isinstance(v, (int, Decimal, float)):
        return None
    from harness.sql.item.temporal import BAD, number_to_datetime
    parts, verdict = number_to_datetime(v)
    if parts is None or verdict == BAD:
        return (0, 0, 0, 0, 0, 0, 0)
    return (parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second, parts.microsecond)


def compare(a: Any, b: Any) -> int | None:
    """Three-way comparison with MySQL's type rules; None if either is NULL."""
    if a is None or b is None:
        return None
    if isinstance(a, (dt.date, ZeroDate)) or isinstance(b, (dt.date, ZeroDate)):
        ka = _temporal_key(a)
        if ka is None:
            ka = _number_as_temporal_key(a)
        kb = _temporal_key(b)
        if kb is None:
            kb = _number_as_temporal_key(b)
        if ka is not None and kb is not None:
            return (ka > kb) - (ka < kb)
    if isinstance(a, str) and isinstance(b, str):
        ca, cb = collation_key(a), collation_key(b)
        return (ca > cb) - (ca < cb)
    if isinstance(a, bytes) or isinstance(b, bytes):
        ba = a if isinstance(a, bytes) else value_to_string(a).encode()
        bb = b if isinstance(b, bytes) else value_to_string(b).encode()
        if isinstance(a, bytes) and isinstance(b, bytes) or not (
                isinstance(a, (int, float, Decimal)) or isinstance(b, (int, float, Decimal))):
            return (ba > bb) - (ba < bb)
    na, nb = to_number(a), to_number(b)
    if isinstance(a, str) or isinstance(b, str):
        na, nb = float(na), float(nb)  # type: ignore[arg-type]
    elif isinstance(na, float) or isinstance(nb, float):
        na, nb = float(na), float(nb)  # type: ignore[arg-type]
    return (na > nb) - (na < nb)  # type: ignore[operator]


def substr(s: Any, pos: Any, length: Any = None) -> str:
    text = value_to_string(s)
    p = int(to_number(pos))  # type: ignore[arg-type]
    if p > 0:
        start = p - 1
    elif p < 0:
        start = len(text) + p
    else:
        return ""
    if length is None:
        return text[start:]
    n = int(to_number(length))  # type: ignore[arg-type]
    return text[start:start + max(n, 0)]


def concat(*vals: Any) -> Any:
    """CONCAT of non-NULL values: binary when any argument is binary."""
    if any(isinstance(v, bytes) for v in vals):
        return b"".join(v if isinstance(v, bytes) else value_to_string(v).encode() for v in vals)
    return "".join(value_to_string(v) for v in vals)
