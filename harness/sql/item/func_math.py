"""The numeric functions of item_func.cc whose C semantics Python does not share:
pow() that overflows to inf, ROUND() as my_double_round / decimal rounding, and
FLOOR/CEILING/ABS over the server's numeric kinds (int, Decimal, double)."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from harness.sql.item.scalar import to_number


def func_pow(x: float, y: float) -> float:
    """C's pow(): an overflow is inf and a domain error NaN (both become 1690 above);
    Python raises, or returns a complex number for a negative base."""
    try:
        return math.pow(x, y)
    except OverflowError:
        return math.inf
    except ValueError:
        return math.inf if x == 0 else math.nan


def func_round(x: Any, d: Any = 0) -> Any:
    n, d = to_number(x), int(to_number(d))  # type: ignore[arg-type]
    if isinstance(n, float):
        # my_double_round(): rint (half-even) on the scaled double.
        f = 10.0 ** abs(d)
        r = round(n * f) / f if d >= 0 else round(n / f) * f
        return r + 0.0
    if isinstance(n, int):
        if d >= 0:
            return n
        return int(Decimal(n).scaleb(d).quantize(Decimal(1), ROUND_HALF_UP).scaleb(-d))
    assert isinstance(n, Decimal), n  # to_number gives int, float or Decimal for a non-NULL
    q = n.quantize(Decimal(1).scaleb(-max(d, 0)), ROUND_HALF_UP) if d >= 0 else \
        n.scaleb(d).quantize(Decimal(1), ROUND_HALF_UP).scaleb(-d)
    return q if q else abs(q)


def func_abs(x: Any) -> Any:
    n = to_number(x)
    return abs(n)  # type: ignore[arg-type]


def func_floor(x: Any) -> Any:
    n = to_number(x)
    return math.floor(n) if not isinstance(n, float) else float(math.floor(n))  # type: ignore[arg-type]


def func_ceil(x: Any) -> Any:
    n = to_number(x)
    return math.ceil(n) if not isinstance(n, float) else float(math.ceil(n))  # type: ignore[arg-type]
