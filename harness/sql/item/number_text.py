"""Numbers in text: the numeric prefix of a string, FLOAT/DOUBLE as the server prints them, DECIMAL's precision."""

from __future__ import annotations

import decimal
import re
from decimal import Decimal, InvalidOperation

from harness.sql.item.temporal import RejectedTimestamp, ZeroDate, ZeroDateTime, to_date_value  # noqa: F401

_NUM_PREFIX = re.compile(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")


def configure_decimal_arithmetic() -> None:
    """DECIMAL holds 65 digits and intermediate results up to 81 (DECIMAL_MAX_POSSIBLE_PRECISION
    plus the division increment); Python's default context keeps only 28 and would round or
    raise InvalidOperation in quantize. Called when a server starts (ServerState.start), not
    at import; threads started later copy DefaultContext."""
    decimal.DefaultContext.prec = 200
    decimal.getcontext().prec = 200


def parse_number_prefix(s: str) -> tuple[Decimal | None, bool]:
    """MySQL reads the numeric prefix of a string; returns (value, whole_string_used)."""
    m = _NUM_PREFIX.match(s)
    if not m:
        return None, s.strip() == ""
    try:
        val = Decimal(m.group(1))
    except InvalidOperation:
        return None, False
    return val, s[m.end():].strip() == ""


def scan_number(s: str) -> tuple[Decimal | None, str]:
    """A string stored into a numeric field: (value, how the conversion went).

    The status is what Field_num::check_edom_and_truncation reports: ``"ok"``;
    ``"space"`` when only trailing spaces were left over (a Note 1265);
    ``"trunc"`` when other characters were (Warning 1265, an error in strict
    mode); ``"bad"`` when no number starts the string (1366).
    """
    m = _NUM_PREFIX.match(s)
    if not m:
        return None, "bad"
    try:
        val = Decimal(m.group(1))
    except InvalidOperation:
        return None, "bad"
    rest = s[m.end():]
    if rest == "":
        return val, "ok"
    return val, "space" if rest.strip(" \t\n\r") == "" else "trunc"


def _scan_text(value: str | bytes) -> tuple[Decimal | None, str, str]:
    """A string stored into a numeric column: its leading number as the server's
    string-to-number scan reads it, the scan's status, and the text (for the warning)."""
    s = value.decode("utf-8", "replace") if isinstance(value, bytes) else value
    num, status = scan_number(s)
    return num, status, s


def format_float(value: float, digits: int) -> str:
    """The server's my_gcvt: shortest digits (6 significant for FLOAT), 'f' format while
    the decimal point stays within 15 places of the digits, else 'e' with a bare exponent."""
    if value != value or value in (float("inf"), float("-inf")):
        return str(value)
    if value == 0:
        return "0"
    text = repr(value) if digits != 6 else f"{value:.6g}"
    neg = text.startswith("-")
    m = Decimal(text.lstrip("-")).normalize()
    sign, dig_t, exp = m.as_tuple()
    dig = "".join(map(str, dig_t))
    decpt = len(dig) + exp  # type: ignore[operator]
    out = "-" if neg else ""
    if -15 < decpt <= 15:
        if decpt <= 0:
            return out + "0." + "0" * (-decpt) + dig
        if decpt >= len(dig):
            return out + dig + "0" * (decpt - len(dig))
        return out + dig[:decpt] + "." + dig[decpt:]
    mant = dig[0] + ("." + dig[1:] if len(dig) > 1 else "")
    return f"{out}{mant}e{decpt - 1}"
