"""The conversion warnings of a comparison between a column and a literal of another
type (Arg_comparator, docs/RULES-mariadb-10.11.md 5.12.3).

A comparison ``col = 'x'`` converts one operand into the comparison's type, and a
value that does not convert cleanly raises Warning 1292.  A statement that aborts on
warnings (strict CREATE ... SELECT, INSERT ... SELECT, UPDATE) turns it into its
error; SELECT and DELETE only warn.  When it happens and how often depends on which
operand converts (probed on MariaDB 10.11):

* a number column (INT/DECIMAL) against a string literal: the literal is converted
  once, the first time it is read: ``Truncated incorrect DECIMAL value: 'x'``.  The
  left operand is read first and the right one only when the left is not NULL, so
  ``c = 'x'`` says nothing while every ``c`` read is NULL (or no row is read), and
  ``'x' = c`` warns at the first row.
* a string column against a number literal: each non-NULL value read is converted,
  one warning per row: ``DECIMAL`` against an integer literal, ``DOUBLE`` against a
  decimal or float one.
* a DATETIME column ``=``/``<=>`` a string or integer literal that is no datetime:
  ``Truncated incorrect datetime value: 'x'``, once, whatever the rows hold (the
  optimizer converts the constant; the model says it at the first row read, so an
  empty table is not modelled).

Anything else (other operators against DATETIME, a literal whose conversion the model
does not know the wording of) says nothing.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any, Callable

from harness.sql import ast as A
from harness.sql.temporal import BAD, number_to_datetime, parse_datetime
from harness.sql.types import DateTimeType, DecimalType, IntType, StringType, scan_number, value_to_string

if TYPE_CHECKING:
    from harness.sql.expr import Scope

# check(left value, right value) -> the warning message of this evaluation, or None
ConversionCheck = Callable[[Any, Any], "str | None"]

_COMPARISONS = ("=", "!=", "<", ">", "<=", ">=", "<=>")


def _column_family(e: A.Expr, scope: "Scope") -> str | None:
    if not isinstance(e, A.ColumnRef) or (e.table is None and e.name.lower() in scope.local_names):
        return None
    try:
        depth, ti, ci = scope.resolve(e)
        sc = scope
        for _ in range(depth):
            sc = sc.outer  # type: ignore[assignment]
        t = sc.tables[ti][1].columns[ci].type
    except Exception:  # noqa: BLE001 - a name error surfaces when the comparison is compiled
        return None
    if isinstance(t, DateTimeType):
        return "DATETIME"
    if isinstance(t, (IntType, DecimalType)):
        return "NUMBER"
    if isinstance(t, StringType) and not t.is_blob:
        return "STRING"
    return None


def _literal(e: A.Expr) -> tuple[Any, bool]:
    """(value, is a literal) of a literal operand (a negated number literal included)."""
    if isinstance(e, A.Literal) and not isinstance(e.value, (bool, bytes)) and e.value is not None:
        return e.value, True
    if (isinstance(e, A.Unary) and e.op == "-" and isinstance(e.operand, A.Literal)
            and isinstance(e.operand.value, (int, Decimal, float)) and not isinstance(e.operand.value, bool)):
        return -e.operand.value, True
    return None, False


def _clean_number(s: str) -> bool:
    return scan_number(s)[1] in ("ok", "space")


def comparison_conversion(op: str, left: A.Expr, right: A.Expr, scope: "Scope") -> ConversionCheck | None:
    """The per-evaluation warning check of ``left op right``, or None when the
    comparison converts nothing the model knows of."""
    if op not in _COMPARISONS:
        return None
    for col, lit, col_left in ((left, right, True), (right, left, False)):
        family = _column_family(col, scope)
        value, is_lit = _literal(lit)
        if family is None or not is_lit:
            continue
        if family == "NUMBER" and isinstance(value, str):
            return None if _clean_number(value) else _once(f"Truncated incorrect DECIMAL value: '{value}'", col_left)
        if family == "STRING" and isinstance(value, (int, Decimal, float)):
            return _per_row("DECIMAL" if isinstance(value, int) else "DOUBLE", col_left)
        if family == "DATETIME" and op in ("=", "<=>") and isinstance(value, (str, int)):
            verdict = parse_datetime(value)[1] if isinstance(value, str) else number_to_datetime(value)[1]
            if verdict == BAD:
                return _once(f"Truncated incorrect datetime value: '{value}'", None)
        return None
    return None


def _once(message: str, col_left: bool | None) -> ConversionCheck:
    """The literal converted once per statement, when first read: the right operand is
    read only when the left one is not NULL (``col_left``: the column is the left one;
    None: read whatever the column holds)."""
    said = False

    def check(lv: Any, rv: Any) -> str | None:
        nonlocal said
        if said or (col_left and lv is None):
            return None
        said = True
        return message

    return check


def _per_row(word: str, col_left: bool) -> ConversionCheck:
    """The column's value converted on each row where it is not NULL."""

    def check(lv: Any, rv: Any) -> str | None:
        v = lv if col_left else rv
        if v is None or isinstance(v, (int, Decimal, float)):
            return None
        text = value_to_string(v) if not isinstance(v, str) else v
        return None if _clean_number(text) else f"Truncated incorrect {word} value: '{text}'"

    return check
