"""Built-in functions beyond the core set in expr.py: strings, numbers, dates, intervals.

In STATEMENT format these are logged as text and re-evaluated by the replica, so
what matters is that replbed computes what the server computes (final tables)
and warns as it warns.  Each function follows the server's Item_func_* rules for
NULL arguments and edge values; the ones probed against MariaDB 10.11 are
pinned by workloads/expressions.wl.
"""

from __future__ import annotations

import calendar
import datetime as dt
import math
import re
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from typing import Any, Callable

from harness.sql.item import temporal as T
from harness.sql.sql_errors import Note
from harness.sql.item.scalar import compare, concat, substr, to_number
from harness.sql.item.column_types import ZeroDate, value_to_string
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import UnsupportedError

Fn = Callable[[Any], Any]
Maker = Callable[[list[Fn], A.FuncCall], Fn]

DATE_UNITS = frozenset(("DAY", "WEEK", "MONTH", "QUARTER", "YEAR", "YEAR_MONTH"))
_MONTH_UNITS = {"MONTH": 1, "QUARTER": 3, "YEAR": 12, "YEAR_MONTH": 1}
_US = {"MICROSECOND": 1, "SECOND": 10**6, "MINUTE": 60 * 10**6, "HOUR": 3600 * 10**6, "DAY": 86400 * 10**6,
       "WEEK": 7 * 86400 * 10**6}
# Compound units: the components, largest first ('1:30' HOUR_MINUTE is 1 hour 30 minutes).
_COMPOUND = {
    "SECOND_MICROSECOND": ("SECOND", "MICROSECOND"), "MINUTE_MICROSECOND": ("MINUTE", "SECOND", "MICROSECOND"),
    "MINUTE_SECOND": ("MINUTE", "SECOND"), "HOUR_MICROSECOND": ("HOUR", "MINUTE", "SECOND", "MICROSECOND"),
    "HOUR_SECOND": ("HOUR", "MINUTE", "SECOND"), "HOUR_MINUTE": ("HOUR", "MINUTE"),
    "DAY_MICROSECOND": ("DAY", "HOUR", "MINUTE", "SECOND", "MICROSECOND"),
    "DAY_SECOND": ("DAY", "HOUR", "MINUTE", "SECOND"), "DAY_MINUTE": ("DAY", "HOUR", "MINUTE"),
    "DAY_HOUR": ("DAY", "HOUR"), "YEAR_MONTH": ("YEAR", "MONTH"),
}
_DAYNAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_MONTHNAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
               "November", "December"]


def _warn(env: Any, code: int, message: str, level: str = "Warning") -> None:
    env.ctx.notes.append(Note(level, code, message))


# -- results bounded by max_allowed_packet ------------------------------------
# The string functions that build a result from a count (REPEAT, SPACE, LPAD,
# RPAD) or by joining (CONCAT, CONCAT_WS, INSERT) return NULL with warning 1301
# when the result would be larger than @@max_allowed_packet (Item_str_func::
# check_allowed_packet and the per-function checks in item_strfunc.cc). The
# check comes before the string is built, which also bounds replbed's memory:
# SPACE(1000000000) cost 1.9 GB and 10 s before.

_DEFAULT_MAX_ALLOWED_PACKET = 16777216
_MBMAXLEN = 4  # utf8mb4, the character set of non-binary strings here


def _max_allowed_packet(env: Any) -> int:
    try:
        return int(env.ctx.get_sysvar("max_allowed_packet", "session"))
    except Exception:  # noqa: BLE001 - a context without session variables (constant folding)
        return _DEFAULT_MAX_ALLOWED_PACKET


def _nbytes(v: Any) -> int:
    if isinstance(v, bytes):
        return len(v)
    text = v if isinstance(v, str) else _s(v)
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


def _over_packet(env: Any, fname: str, nbytes: int) -> bool:
    """True (after pushing 1301) when a result of ``nbytes`` exceeds max_allowed_packet."""
    limit = _max_allowed_packet(env)
    if nbytes <= limit:
        return False
    _warn(env, 1301, f"Result of {fname}() was larger than max_allowed_packet ({limit}) - truncated")
    return True


def _repeat(env: Any, s: Any, n: Any) -> Any:
    count = _int(n)
    if count <= 0:
        return b"" if isinstance(s, bytes) else ""
    unit = s if isinstance(s, bytes) else _s(s)
    if _over_packet(env, "repeat", _nbytes(unit) * count):
        return None
    return unit * count


def _space(env: Any, n: Any) -> Any:
    count = _int(n)
    if count <= 0:
        return ""
    if _over_packet(env, "space", count):
        return None
    return " " * count


def _concat_bounded(env: Any, *vals: Any) -> Any:
    if _over_packet(env, "concat", sum(_nbytes(v) for v in vals)):
        return None
    return concat(*vals)


def _num(v: Any) -> Any:
    return to_number(v)


def _int(v: Any) -> int:
    n = _num(v)
    if isinstance(n, float):
        return int(Decimal(repr(n)).to_integral_value(ROUND_HALF_UP))
    if isinstance(n, Decimal):
        return int(n.to_integral_value(ROUND_HALF_UP))
    return int(n)  # type: ignore[arg-type]


def _s(v: Any) -> str:
    return value_to_string(v)


# ----------------------------------------------------------------- temporal arguments


def temporal_arg(v: Any, env: Any, kind: str = "datetime") -> tuple[T.Parts | None, bool]:
    """(parts, date_only) of a DATE/DATETIME argument; a bad value warns 1292 and reads as NULL."""
    if v is None:
        return None, False
    if isinstance(v, dt.datetime):
        return T.parts_of(v), False
    if isinstance(v, (dt.date, ZeroDate)):
        p = T.parts_of(v)
        return p, not (isinstance(v, ZeroDate) and p.has_time)
    if isinstance(v, dt.timedelta):
        today = env.ctx.fn_now().date()
        return T.parts_of(dt.datetime.combine(today, dt.time()) + v), False
    if isinstance(v, (int, Decimal, float)) and not isinstance(v, bool):
        p, verdict = T.number_to_datetime(v)
        date_only = p is not None and int(v) <= 99991231
    else:
        s = v.decode("utf-8", "replace") if isinstance(v, bytes) else _s(v)
        p, verdict = T.parse_datetime(s)
        date_only = p is not None and re.fullmatch(r"\s*(\d{1,4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{6}|\d{8})\s*", s) is not None
    if p is None or verdict == T.TRUNC:
        _warn(env, 1292, bad_temporal_text(env, kind, v))
        if p is None:
            return None, False
    return p, date_only


def bad_temporal_text(env: Any, kind: str, v: Any) -> str:
    """The 1292 of a string argument that is no ``kind`` value. MySQL reads a DATE argument
    with get_date_from_string: ``Truncated incorrect date value: 'x'`` (make_truncated_value_warning
    without a field; SqlDialect.date_arg_truncated; 9.7.4 observed for TO_DAYS, DATEDIFF,
    DAYOFWEEK, WEEKDAY, LAST_DAY, DATE), MariaDB ``Incorrect date value: 'x'``."""
    if kind == "date" and _flavour_sql(env, "date_arg_truncated"):
        return f"Truncated incorrect date value: '{_s(v)}'"
    return f"Incorrect {kind} value: '{_s(v)}'"


def _flavour_sql(env: Any, name: str) -> bool:
    thd = getattr(getattr(env, "ctx", None), "thd", None)
    sql = getattr(getattr(getattr(thd, "server", None), "flavor", None), "sql", None)
    return bool(getattr(sql, name, False))


def real_date_arg(v: Any, env: Any, kind: str = "datetime") -> T.Parts | None:
    """The parts of an argument that must be a real calendar date (DATEDIFF, TO_DAYS,
    DAYOFWEEK, TIMESTAMPDIFF, ...); None for NULL, a zero date or a date with a zero
    part. Get_date with TIME_NO_ZERO_DATE|TIME_NO_ZERO_IN_DATE: a string read as such a
    date warns 1292 (in every sql_mode, probed), a DATE/DATETIME column's value does not.
    ``kind``: ``date`` for a function MySQL reads a DATE with (bad_temporal_text)."""
    kind = kind if _flavour_sql(env, "date_arg_truncated") else "datetime"
    p, _ = temporal_arg(v, env, kind)
    if p is None or not (p.zero_in_date or p.year == 0):
        return p
    if isinstance(v, (str, bytes)) and p.zero_in_date:
        _warn(env, 1292, bad_temporal_text(env, kind, v))
    return None


def _real_date(p: T.Parts) -> dt.datetime | None:
    if p.zero_in_date or p.year == 0:
        return None
    return dt.datetime(p.year, p.month, p.day, p.hour, p.minute, p.second, p.microsecond)


def date_cast_kind(env: Any, v: Any) -> str:
    """The word of a string read as a DATE (CAST AS DATE, DATE()): MySQL's get_date_from_string
    says ``Truncated incorrect date value``, a number ``Incorrect datetime value``; MariaDB
    ``Incorrect datetime value`` (9.7.4 and MariaDB 10.11 probed)."""
    return "date" if isinstance(v, (str, bytes)) and _flavour_sql(env, "date_arg_truncated") else "datetime"


def time_arg(v: Any, env: Any, as_datetime: bool = False) -> int | None:
    """A TIME argument as signed microseconds. A bad string warns 1292: MySQL's
    get_time_from_string ``Truncated incorrect time value`` (CAST AS TIME, TIME_TO_SEC, HOUR,
    TIME()), or, read as a DATETIME first (``as_datetime``: ADDTIME's and TIMEDIFF's first
    argument, TIMEDIFF's both), ``Incorrect datetime value``; MariaDB ``Incorrect time value`` (9.7.4 probed)."""
    if v is None:
        return None
    if isinstance(v, dt.timedelta):
        return (v.days * 86400 + v.seconds) * 10**6 + v.microseconds
    if isinstance(v, dt.datetime):
        return ((v.hour * 60 + v.minute) * 60 + v.second) * 10**6 + v.microsecond
    if isinstance(v, (dt.date, ZeroDate)):
        return 0
    if isinstance(v, (int, Decimal, float)) and not isinstance(v, bool):
        us, _ = T.number_to_time(v)
    else:
        us, verdict = T.parse_time(_s(v))
    if us is None:
        mysql = _flavour_sql(env, "date_arg_truncated")
        word = ("Incorrect datetime" if as_datetime else "Truncated incorrect time") if mysql else "Incorrect time"
        _warn(env, 1292, f"{word} value: '{_s(v)}'")
    return us


def _time_value(us: int) -> dt.timedelta:
    return dt.timedelta(microseconds=us)


# ----------------------------------------------------------------- intervals


def interval_parts(value: Any, unit: str) -> tuple[int, int] | None:
    """(months, microseconds) of ``INTERVAL value unit``; None for NULL."""
    if value is None:
        return None
    if unit in _COMPOUND:
        s = _s(value).strip()
        neg = s.startswith("-")
        nums = re.findall(r"\d+", s)
        comps = _COMPOUND[unit]
        nums = nums[-len(comps):]
        vals = dict(zip(comps[len(comps) - len(nums):], nums))
        months = us = 0
        for c, text in vals.items():
            if c == "MICROSECOND":
                us += int(text[:6].ljust(6, "0"))
            elif c in ("YEAR", "MONTH"):
                months += int(text) * _MONTH_UNITS[c]
            else:
                us += int(text) * _US[c]
        return (-months, -us) if neg else (months, us)
    if unit in _MONTH_UNITS:
        return _int(value) * _MONTH_UNITS[unit], 0
    if unit == "SECOND":
        n = _num(value)
        d = Decimal(repr(n)) if isinstance(n, float) else Decimal(n)  # type: ignore[arg-type]
        return 0, int((d * 10**6).to_integral_value(ROUND_DOWN))
    return 0, _int(value) * _US[unit]


def _zero_field_silent(env: Any) -> bool:
    """Whether a stored zero (or zero-part) date a date function reads is NULL without a
    warning (the flavour's ``zero_date_field_silent``: MySQL's Field::get_date)."""
    thd = getattr(getattr(env, "ctx", None), "thd", None)
    sql = getattr(getattr(getattr(thd, "server", None), "flavor", None), "sql", None)
    return bool(getattr(sql, "zero_date_field_silent", False))


def date_add(v: Any, months: int, us: int, unit: str, env: Any) -> Any:
    """Item_date_add_interval: DATE stays DATE for day-or-larger units, else DATETIME."""
    if isinstance(v, dt.timedelta) and unit not in DATE_UNITS - {"DAY", "WEEK"}:
        return _time_value(time_arg(v, env) + us)  # type: ignore[operator]
    p, date_only = temporal_arg(v, env)
    if p is None:
        return None
    base = _real_date(p)
    if base is None:
        if not (isinstance(v, ZeroDate) and _zero_field_silent(env)):
            _warn(env, 1292, f"Incorrect datetime value: '{_s(v)}'")
        return None
    try:
        if months:
            total = base.year * 12 + base.month - 1 + months
            y, m = divmod(total, 12)
            if not 1 <= y <= 9999:
                raise OverflowError
            base = base.replace(year=y, month=m + 1, day=min(base.day, calendar.monthrange(y, m + 1)[1]))
        base = base + dt.timedelta(microseconds=us)
    except (OverflowError, ValueError):
        _warn(env, 1441, "Datetime function: datetime field overflow")
        return None
    if date_only and unit in DATE_UNITS:
        return base.date()
    return base


# ----------------------------------------------------------------- week numbers (calc_week)


def _daynr(y: int, m: int, d: int) -> int:
    return dt.date(y, m, d).toordinal() + 365


def _days_in_year(y: int) -> int:
    return 366 if calendar.isleap(y) else 365


def calc_week(y: int, m: int, d: int, behaviour: int) -> tuple[int, int]:
    """The server's calc_week(): (week, year) for a WEEK_* behaviour mask."""
    daynr = _daynr(y, m, d)
    first_daynr = _daynr(y, 1, 1)
    monday_first = bool(behaviour & 1)
    week_year = bool(behaviour & 2)
    first_weekday = bool(behaviour & 4)
    weekday = (first_daynr + 5 + (0 if monday_first else 1)) % 7
    year = y
    if m == 1 and d <= 7 - weekday:
        if not week_year and ((first_weekday and weekday != 0) or (not first_weekday and weekday >= 4)):
            return 0, year
        week_year = True
        year -= 1
        days = _days_in_year(year)
        first_daynr -= days
        weekday = (weekday + 53 * 7 - days) % 7
    if (first_weekday and weekday != 0) or (not first_weekday and weekday >= 4):
        days = daynr - (first_daynr + (7 - weekday))
    else:
        days = daynr - (first_daynr - weekday)
    if week_year and days >= 52 * 7:
        weekday = (weekday + _days_in_year(year)) % 7
        if (not first_weekday and weekday < 4) or (first_weekday and weekday == 0):
            return 1, year + 1
    return days // 7 + 1, year


def _week_mode(mode: int) -> int:
    return mode ^ 4 if not mode & 1 else mode


def _ordinal(n: int) -> str:
    if 10 < n % 100 < 14:
        return f"{n}th"
    return f"{n}" + {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def date_format(p: T.Parts, fmt: str) -> str:
    out = []
    i = 0
    while i < len(fmt):
        c = fmt[i]
        if c != "%" or i + 1 == len(fmt):
            out.append(c)
            i += 1
            continue
        f = fmt[i + 1]
        i += 2
        h12 = (p.hour % 12) or 12
        real = p.year and p.month and p.day
        wd = dt.date(p.year, p.month, p.day).weekday() if real else 0
        out.append({
            "Y": f"{p.year:04d}", "y": f"{p.year % 100:02d}", "m": f"{p.month:02d}", "c": str(p.month),
            "d": f"{p.day:02d}", "e": str(p.day), "D": _ordinal(p.day), "H": f"{p.hour:02d}", "k": str(p.hour),
            "h": f"{h12:02d}", "I": f"{h12:02d}", "l": str(h12), "i": f"{p.minute:02d}", "s": f"{p.second:02d}",
            "S": f"{p.second:02d}", "f": f"{p.microsecond:06d}", "p": "PM" if p.hour >= 12 else "AM",
            "T": f"{p.hour:02d}:{p.minute:02d}:{p.second:02d}",
            "r": f"{h12:02d}:{p.minute:02d}:{p.second:02d} {'PM' if p.hour >= 12 else 'AM'}",
            "M": _MONTHNAMES[p.month - 1] if p.month else "", "b": _MONTHNAMES[p.month - 1][:3] if p.month else "",
            "W": _DAYNAMES[wd] if real else "", "a": _DAYNAMES[wd][:3] if real else "",
            "w": str((wd + 1) % 7) if real else "",
            "j": f"{(dt.date(p.year, p.month, p.day).timetuple().tm_yday if real else 0):03d}",
            "U": f"{calc_week(p.year, p.month, p.day, 4)[0]:02d}" if real else "00",
            "u": f"{calc_week(p.year, p.month, p.day, 1)[0]:02d}" if real else "00",
            "V": f"{calc_week(p.year, p.month, p.day, 6)[0]:02d}" if real else "00",
            "v": f"{calc_week(p.year, p.month, p.day, 3)[0]:02d}" if real else "00",
            "X": f"{calc_week(p.year, p.month, p.day, 6)[1]:04d}" if real else "0000",
            "x": f"{calc_week(p.year, p.month, p.day, 3)[1]:04d}" if real else "0000",
            "%": "%",
        }.get(f, f))
    return "".join(out)


# ----------------------------------------------------------------- makers


def _nulls(fn: Callable[..., Any], with_env: bool = False) -> Maker:
    """A function that is NULL when any argument is NULL."""
    def make(args: list[Fn], e: A.FuncCall) -> Fn:
        def call(env: Any) -> Any:
            vals = [a(env) for a in args]
            if any(v is None for v in vals):
                return None
            return fn(env, *vals) if with_env else fn(*vals)
        return call
    return make


def _date_part(get: Callable[[T.Parts], Any], kind: str = "datetime") -> Maker:
    def fn(env: Any, v: Any) -> Any:
        p, _ = temporal_arg(v, env, kind)
        return None if p is None else get(p)
    return _nulls(fn, True)


def _real_part(get: Callable[[dt.date], Any]) -> Maker:
    """Parts that need a real calendar date (zero dates give NULL)."""
    def fn(env: Any, v: Any) -> Any:
        p = real_date_arg(v, env, "date")
        if p is None:
            return None
        return get(dt.date(p.year, p.month, p.day))
    return _nulls(fn, True)


def _time_part(get: Callable[[int], int]) -> Maker:
    def fn(env: Any, v: Any) -> Any:
        if isinstance(v, (dt.date, ZeroDate)) and not isinstance(v, dt.datetime):
            return get(0)
        if isinstance(v, str) and T.parse_datetime(v)[0] is not None and ":" in v and "-" in v:
            p = T.parse_datetime(v)[0]
            us = ((p.hour * 60 + p.minute) * 60 + p.second) * 10**6 + p.microsecond  # type: ignore[union-attr]
        else:
            us = time_arg(v, env)
        return None if us is None else get(abs(us))
    return _nulls(fn, True)


def date_interval_fn(base: Fn, value: Fn, unit: str, sign: int) -> Fn:
    """``base ± INTERVAL value unit``: one evaluation for DATE_ADD/DATE_SUB/ADDDATE/SUBDATE
    and the ``+``/``-`` operators (Item_date_add_interval)."""
    def call(env: Any) -> Any:
        v = base(env)
        parts = interval_parts(value(env), unit)
        if v is None or parts is None:
            return None
        return date_add(v, sign * parts[0], sign * parts[1], unit, env)
    return call


def _date_add(sign: int) -> Maker:
    def make(args: list[Fn], e: A.FuncCall) -> Fn:
        base = args[0]
        iv = e.args[1]
        if isinstance(iv, A.Interval):
            unit = iv.unit
            val = args[1]
        else:  # ADDDATE(d, n) / SUBDATE(d, n): days
            unit = "DAY"
            val = args[1]
        return date_interval_fn(base, val, unit, sign)
    return make


def _timestampadd(args: list[Fn], e: A.FuncCall) -> Fn:
    unit = e.args[0].value  # type: ignore[attr-defined]

    def call(env: Any) -> Any:
        n, v = args[1](env), args[2](env)
        parts = interval_parts(n, unit)
        if v is None or parts is None:
            return None
        return date_add(v, parts[0], parts[1], unit, env)
    return call


def _timestampdiff(args: list[Fn], e: A.FuncCall) -> Fn:
    unit = e.args[0].value  # type: ignore[attr-defined]

    def call(env: Any) -> Any:
        a, b = args[1](env), args[2](env)
        if a is None or b is None:
            return None
        pa, pb = real_date_arg(a, env), real_date_arg(b, env)
        if pa is None or pb is None:
            return None
        da, db = _real_date(pa), _real_date(pb)
        if da is None or db is None:
            return None
        if unit in _MONTH_UNITS:
            sign = 1 if db >= da else -1
            lo, hi = (da, db) if sign > 0 else (db, da)
            months = (hi.year - lo.year) * 12 + hi.month - lo.month
            if (hi.day, hi.time()) < (lo.day, lo.time()):
                months -= 1
            return sign * (months // _MONTH_UNITS[unit])
        delta = db - da
        us = (delta.days * 86400 + delta.seconds) * 10**6 + delta.microseconds
        q = abs(us) // _US[unit]
        return q if us >= 0 else -q
    return call


def _extract(args: list[Fn], e: A.FuncCall) -> Fn:
    unit = e.args[0].value  # type: ignore[attr-defined]

    def call(env: Any) -> Any:
        v = args[1](env)
        if v is None:
            return None
        if unit in ("HOUR", "MINUTE", "SECOND", "MICROSECOND") and not isinstance(v, (dt.datetime, dt.date)):
            us = time_arg(v, env) if not (isinstance(v, str) and "-" in v) else None
            if us is not None:
                a = abs(us)
                val = {"HOUR": a // 3_600_000_000, "MINUTE": a // 60_000_000 % 60, "SECOND": a // 10**6 % 60,
                       "MICROSECOND": a % 10**6}[unit]
                return -val if us < 0 else val
        p, _ = temporal_arg(v, env)
        if p is None:
            return None
        return {
            "YEAR": p.year, "MONTH": p.month, "DAY": p.day, "HOUR": p.hour, "MINUTE": p.minute, "SECOND": p.second,
            "MICROSECOND": p.microsecond, "QUARTER": (p.month + 2) // 3,
            "WEEK": calc_week(p.year, p.month, p.day, _week_mode(0))[0] if p.month and p.day else 0,
            "YEAR_MONTH": p.year * 100 + p.month, "DAY_HOUR": p.day * 100 + p.hour,
            "DAY_MINUTE": (p.day * 100 + p.hour) * 100 + p.minute,
            "DAY_SECOND": ((p.day * 100 + p.hour) * 100 + p.minute) * 100 + p.second,
            "HOUR_MINUTE": p.hour * 100 + p.minute, "HOUR_SECOND": (p.hour * 100 + p.minute) * 100 + p.second,
            "MINUTE_SECOND": p.minute * 100 + p.second,
        }.get(unit)
    return call


def _week_function(with_year: bool) -> Callable[[list[Fn], A.FuncCall], Fn]:
    """WEEK(d[, mode]) and YEARWEEK(d[, mode]): one calendar rule, YEARWEEK counting into the year
    the week belongs to (the server's WEEK_YEAR flag)."""

    def make(args: list[Fn], e: A.FuncCall) -> Fn:
        def call(env: Any) -> Any:
            v = args[0](env)
            mode = args[1](env) if len(args) > 1 else 0
            if v is None or mode is None:
                return None
            p, _ = temporal_arg(v, env)
            if p is None or p.zero_in_date:
                return None
            flags = _week_mode(_int(mode) & 7) | (2 if with_year else 0)
            w, y = calc_week(p.year, p.month, p.day, flags)
            return y * 100 + w if with_year else w
        return call
    return make


_week = _week_function(with_year=False)
_yearweek = _week_function(with_year=True)


def _date_format(env: Any, v: Any, fmt: Any) -> Any:
    p, _ = temporal_arg(v, env)
    return None if p is None else date_format(p, _s(fmt))


def _concat_ws(args: list[Fn], e: A.FuncCall) -> Fn:
    def call(env: Any) -> Any:
        sep = args[0](env)
        if sep is None:
            return None
        parts = [_s(v) for v in (a(env) for a in args[1:]) if v is not None]
        sep_text = _s(sep)
        if _over_packet(env, "concat_ws", sum(map(_nbytes, parts)) + _nbytes(sep_text) * max(len(parts) - 1, 0)):
            return None
        return sep_text.join(parts)
    return call


def _pad(left: bool) -> Maker:
    def fn(env: Any, s: Any, n: Any, pad: Any) -> Any:
        text, width, p = _s(s), _int(n), _s(pad)
        if width < 0:
            return None
        # Item_func_lpad/rpad check the width times the result's mbmaxlen, before padding.
        mbmaxlen = 1 if isinstance(s, bytes) and isinstance(pad, bytes) else _MBMAXLEN
        if _over_packet(env, "lpad" if left else "rpad", width * mbmaxlen):
            return None
        if len(text) >= width:
            return text[:width]
        if not p:
            return None
        fill = (p * (width // len(p) + 1))[:width - len(text)]
        return fill + text if left else text + fill
    return _nulls(fn, True)


def _substring_index(s: Any, delim: Any, count: Any) -> str:
    text, d, n = _s(s), _s(delim), _int(count)
    if not d or n == 0:
        return ""
    parts = text.split(d)
    if n > 0:
        return d.join(parts[:n])
    return d.join(parts[n:])


def _locate(args: list[Fn], e: A.FuncCall) -> Fn:
    def call(env: Any) -> Any:
        vals = [a(env) for a in args]
        if any(v is None for v in vals):
            return None
        sub, s = _s(vals[0]).upper(), _s(vals[1]).upper()
        start = _int(vals[2]) if len(vals) > 2 else 1
        if start < 1:
            return 0
        return s.find(sub, start - 1) + 1
    return call


def _trim(s: Any, rem: Any, side: Any) -> str:
    text, r = _s(s), _s(rem)
    if not r:
        return text
    if side in ("BOTH", "LEADING"):
        while text.startswith(r):
            text = text[len(r):]
    if side in ("BOTH", "TRAILING"):
        while text.endswith(r):
            text = text[:-len(r)]
    return text


def _truncate(x: Any, d: Any) -> Any:
    n, places = _num(x), _int(d)
    if isinstance(n, float):
        f = 10.0 ** abs(places)
        r = math.trunc(n * f) / f if places >= 0 else math.trunc(n / f) * f
        return r + 0.0
    dn = Decimal(n)  # type: ignore[arg-type]
    if places >= 0:
        q = dn.quantize(Decimal(1).scaleb(-places), ROUND_DOWN) if isinstance(n, Decimal) else dn
    else:
        q = dn.scaleb(places).quantize(Decimal(1), ROUND_DOWN).scaleb(-places)
    if isinstance(n, int):
        return int(q)
    return q if q else abs(q)


def _insert(env: Any, s: Any, pos: Any, length: Any, new: Any) -> Any:
    text, p, n = _s(s), _int(pos), _int(length)
    if p < 1 or p > len(text):
        return text
    if n < 0 or p - 1 + n > len(text):
        n = len(text) - p + 1
    replacement = _s(new)
    if _over_packet(env, "insert", _nbytes(text) - _nbytes(text[p - 1:p - 1 + n]) + _nbytes(replacement)):
        return None
    return text[:p - 1] + replacement + text[p - 1 + n:]


def _field(args: list[Fn], e: A.FuncCall) -> Fn:

    def call(env: Any) -> Any:
        v = args[0](env)
        if v is None:
            return 0
        for i, a in enumerate(args[1:], 1):
            if compare(v, a(env)) == 0:
                return i
        return 0
    return call


def _elt(args: list[Fn], e: A.FuncCall) -> Fn:
    def call(env: Any) -> Any:
        n = args[0](env)
        if n is None:
            return None
        i = _int(n)
        return args[i](env) if 1 <= i < len(args) else None
    return call


def _find_in_set(v: Any, lst: Any) -> int:
    needle = _s(v).upper()
    if "," in needle:
        return 0
    for i, item in enumerate(_s(lst).split(","), 1):
        if item.upper().rstrip(" ") == needle.rstrip(" "):
            return i
    return 0


def _format(x: Any, d: Any) -> str:
    n, places = _num(x), max(_int(d), 0)
    q = (Decimal(repr(n)) if isinstance(n, float) else Decimal(n)).quantize(  # type: ignore[arg-type]
        Decimal(1).scaleb(-places), ROUND_HALF_UP)
    return f"{q:,.{places}f}"


_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_U64 = (1 << 64) - 1


def _strtoull(text: str, base: int, signed: bool) -> int:
    """my_strntoull / my_strntoll: leading spaces, a sign, then digits of ``base`` up
    to the first one that is not; an overflow saturates (unsigned: 2**64-1; signed:
    the int64 bound of the sign). A minus in the unsigned form wraps modulo 2**64."""
    t = text.lstrip(" \t\n\r\v\f")
    neg = t[:1] == "-"
    if t[:1] in "+-" and t:
        t = t[1:]
    v = 0
    limit = (1 << 63) if signed else _U64
    for ch in t:
        d = _DIGITS.find(ch.upper())
        if d < 0 or d >= base:
            break
        v = v * base + d
        if v > limit:  # saturated: the rest of the digits cannot bring it back
            v = limit + 1
            break
    if signed:
        if neg:
            return -min(v, 1 << 63)
        return min(v, (1 << 63) - 1)
    if v > _U64:
        return _U64
    return (-v) & _U64 if neg else v


def _conv(n: Any, frm: Any, to: Any) -> Any:
    """CONV(N, from_base, to_base) as Item_func_conv: 64-bit arithmetic, bases 2..36
    (negative: signed), NULL for a bad base or an empty string. Python's unbounded
    integers made CONV(REPEAT('f',100000),16,10) take 9 s and print 120k digits."""
    f, t = _int(frm), _int(to)
    text = _s(n)
    if not (2 <= abs(f) <= 36 and 2 <= abs(t) <= 36) or not text:
        return None
    v = _strtoull(text, abs(f), signed=f < 0)
    if t < 0:
        v = v - (1 << 64) if v >= (1 << 63) else v  # printed as a signed longlong
    else:
        v &= _U64
    base, neg = abs(t), v < 0
    v = abs(v)
    out = ""
    while True:
        out = _DIGITS[v % base] + out
        v //= base
        if not v:
            break
    return ("-" if neg else "") + out


def _regexp_fn(kind: str) -> Maker:
    def fn(*vals: Any) -> Any:
        s, pat = _s(vals[0]), _s(vals[1])
        rx = re.compile(pat, re.IGNORECASE)
        if kind == "REPLACE":
            return rx.sub(lambda m: _s(vals[2]), s)
        m = rx.search(s)
        if kind == "SUBSTR":
            return m.group(0) if m else None
        return m.start() + 1 if m else 0
    return _nulls(fn)


def regexp_match(s: Any, pat: Any) -> int | None:
    """REGEXP / RLIKE: PCRE search, case-insensitive under the default collation."""
    if s is None or pat is None:
        return None
    return int(re.search(_s(pat), _s(s), re.IGNORECASE | re.DOTALL) is not None)


def _datediff(env: Any, a: Any, b: Any) -> Any:
    pa, pb = real_date_arg(a, env, "date"), real_date_arg(b, env, "date")
    if pa is None or pb is None:
        return None
    return _daynr(pa.year, pa.month, pa.day) - _daynr(pb.year, pb.month, pb.day)


def _addtime(sign: int) -> Maker:
    def fn(env: Any, a: Any, b: Any) -> Any:
        us2 = time_arg(b, env)
        if us2 is None:
            return None
        if isinstance(a, dt.datetime) or (isinstance(a, str) and "-" in a.strip()[1:]):
            p, _ = temporal_arg(a, env)
            base = _real_date(p) if p is not None else None
            return None if base is None else base + dt.timedelta(microseconds=sign * us2)
        us1 = time_arg(a, env, as_datetime=True)
        return None if us1 is None else _time_value(us1 + sign * us2)
    return _nulls(fn, True)


def _timediff(env: Any, a: Any, b: Any) -> Any:
    if isinstance(a, str) and "-" in a.strip()[1:]:
        pa, _ = temporal_arg(a, env)
        pb, _ = temporal_arg(b, env)
        da = _real_date(pa) if pa else None
        db = _real_date(pb) if pb else None
        if da is None or db is None:
            return None
        d = da - db
        return _time_value((d.days * 86400 + d.seconds) * 10**6 + d.microseconds)
    us1, us2 = time_arg(a, env, as_datetime=True), time_arg(b, env, as_datetime=True)
    return None if us1 is None or us2 is None else _time_value(us1 - us2)


def _sec_to_time(x: Any) -> dt.timedelta:
    n = _num(x)
    d = Decimal(repr(n)) if isinstance(n, float) else Decimal(n)  # type: ignore[arg-type]
    us = int((d * 10**6).to_integral_value(ROUND_DOWN))
    cap = ((838 * 60 + 59) * 60 + 59) * 10**6
    return _time_value(max(-cap, min(cap, us)))


def _time_to_sec(env: Any, v: Any) -> Any:
    us = time_arg(v, env)
    if us is None:
        return None
    return us // 10**6 if us >= 0 else -((-us) // 10**6)


def _makedate(y: Any, n: Any) -> Any:
    year, day = _int(y), _int(n)
    if day <= 0 or not 0 <= year <= 9999:
        return None
    if year < 70:
        year += 2000
    elif year < 100:
        year += 1900
    try:
        return dt.date(year, 1, 1) + dt.timedelta(days=day - 1)
    except OverflowError:
        return None


def _from_days(n: Any) -> Any:
    d = _int(n)
    if d < 366:
        return ZeroDate()
    return dt.date.fromordinal(d - 365)


#: The largest value FROM_UNIXTIME accepts: TIMESTAMP's 2038-01-19 03:14:07 UTC in 10.11.
_MAX_UNIXTIME = 2147483647


def _from_unixtime(env: Any, n: Any, *fmt: Any) -> Any:
    secs = _num(n)
    if secs < 0:  # type: ignore[operator]
        return None
    if secs > (getattr(env.ctx, "max_unixtime", None) or _MAX_UNIXTIME):  # type: ignore[operator]
        _warn(env, 1292, f"Truncated incorrect unixtime value: '{_s(n)}'")
        return None
    v = dt.datetime(1970, 1, 1) + dt.timedelta(seconds=float(secs))  # type: ignore[arg-type]
    if not isinstance(secs, float) and not isinstance(secs, Decimal):
        v = v.replace(microsecond=0)
    if fmt:
        return date_format(T.parts_of(v), _s(fmt[0]))
    return v


def _period_add(p: Any, n: Any) -> int:
    per = _int(p)
    y, m = divmod(per, 100)
    if y < 70:
        y += 2000
    elif y < 100:
        y += 1900
    total = y * 12 + m - 1 + _int(n)
    return total // 12 * 100 + total % 12 + 1


def _period_diff(a: Any, b: Any) -> int:
    def months(per: int) -> int:
        y, m = divmod(per, 100)
        if y < 70:
            y += 2000
        elif y < 100:
            y += 1900
        return y * 12 + m - 1
    return months(_int(a)) - months(_int(b))


def _str_to_date(env: Any, s: Any, fmt: Any) -> Any:
    text, f = _s(s), _s(fmt)
    rx = []
    fields = []
    i = 0
    spec = {"Y": r"(\d{4})", "y": r"(\d{2})", "m": r"(\d{1,2})", "c": r"(\d{1,2})", "d": r"(\d{1,2})",
            "e": r"(\d{1,2})", "H": r"(\d{1,2})", "k": r"(\d{1,2})", "i": r"(\d{1,2})", "s": r"(\d{1,2})",
            "S": r"(\d{1,2})", "f": r"(\d{1,6})"}
    while i < len(f):
        if f[i] == "%" and i + 1 < len(f) and f[i + 1] in spec:
            rx.append(spec[f[i + 1]])
            fields.append(f[i + 1])
            i += 2
        else:
            rx.append(re.escape(f[i]))
            i += 1
    m = re.match("".join(rx), text)
    if not m:
        _warn(env, 1411, f"Incorrect datetime value: '{text}' for function str_to_date")
        return None
    vals = dict(zip(fields, m.groups()))
    y = int(vals["Y"]) if "Y" in vals else (2000 + int(vals["y"]) if int(vals.get("y", 0)) < 70 else
                                            1900 + int(vals["y"])) if "y" in vals else 0
    mo = int(vals.get("m", vals.get("c", 0)))
    d = int(vals.get("d", vals.get("e", 0)))
    hh, mi, ss = int(vals.get("H", vals.get("k", 0))), int(vals.get("i", 0)), int(vals.get("s", vals.get("S", 0)))
    micro = int(vals["f"].ljust(6, "0")) if "f" in vals else 0
    p = T.Parts(y, mo, d, hh, mi, ss, micro)
    if any(k in fields for k in "HkisSf"):
        return T.to_datetime_value(p)
    return T.to_date_value(p)


def _collation_of(args: list[Any], e: A.FuncCall, part: int) -> Any:
    """COLLATION(x) / CHARSET(x) (Item_func_collation, Item_func_charset): a value of a
    column in another set (CharsetStr) names its own; a binary string, a number or NULL
    is binary; a utf8mb4 column's value utf8mb4_general_ci; a literal or any other string
    the connection's collation (the DERIVATION_COERCIBLE / IMPLICIT rules of the model)."""
    from harness.sql.item.charsets import COLLATIONS, CharsetStr
    (arg,) = args
    column = isinstance(e.args[0], A.ColumnRef)

    def fn(env: Any) -> Any:
        v = arg(env)
        if isinstance(v, CharsetStr):
            name = next((n for n, (_cs, cid, _b) in COLLATIONS.items() if cid == getattr(v, "collation_id", None)), None)
        elif v is None or not isinstance(v, str):
            name = "binary"
        elif column:
            name = "utf8mb4_general_ci"
        else:
            name = str(env.ctx.get_sysvar("collation_connection", "session"))
        if name is None:
            raise UnsupportedError(f"COLLATION() of a value in collation {getattr(v, 'collation_id', '?')}")
        return name if part else ("binary" if name == "binary" else COLLATIONS[name][0])
    return fn


_SOUNDEX_CODES = "01230120022455012623010202"  # A..Z (item_strfunc.cc soundex_map)


def _soundex(text: str) -> str:
    """Item_func_soundex: the first letter, then the code of each later letter unless it
    is a vowel-like 0 or repeats the last code written (a vowel in between does not let it
    repeat: Tymczak is T520); other characters are skipped; padded with '0' to four,
    never cut."""
    letters = [c.upper() for c in text if c.isalpha()]
    if not letters:
        return ""
    out = [letters[0]]
    last = _SOUNDEX_CODES[ord(letters[0]) - 65] if "A" <= letters[0] <= "Z" else letters[0]
    for c in letters[1:]:
        code = _SOUNDEX_CODES[ord(c) - 65] if "A" <= c <= "Z" else c
        if code != "0" and code != last:
            out.append(code)
            last = code
    return "".join(out).ljust(4, "0")


def _convert_using(v: Any, cs: Any) -> Any:
    """CONVERT(x USING cs): the characters cs cannot hold become '?' (my_convert); the
    result has cs's default collation, which a user variable assigned from it keeps
    (observed: ``SET @v=CONVERT('abc' USING ucs2)`` logs ``@v=_ucs2 X'006100620063'
    COLLATE ucs2_general_ci``)."""
    from harness.sql.item.charsets import CHARSET_ALIASES, CHARSETS, CharsetStr, representable
    if isinstance(v, bytes):
        return v
    target = CHARSETS.get(CHARSET_ALIASES.get(str(cs).lower(), str(cs).lower()))
    if target is None:
        raise UnsupportedError(f"CONVERT ... USING {cs} (a character set the model lacks)")
    text = "".join(ch if representable(ch, target) else "?" for ch in _s(v))
    if target.default_id == 45:
        return text
    return CharsetStr(text, target.default_id, target.codec)


def _last_day(env: Any, v: Any) -> Any:
    if _flavour_sql(env, "date_arg_truncated"):
        # MySQL: Item_func_last_day::val_date reads a real date (TIME_NO_ZERO_DATE): a zero or
        # zero-part date string warns in every sql_mode (9.7.4 observed)
        p0 = real_date_arg(v, env, "date")
        return None if p0 is None else dt.date(p0.year, p0.month, calendar.monthrange(p0.year, p0.month)[1])
    p, _ = temporal_arg(v, env)
    if p is not None and p.zero_date:
        return _zero_date_by_sql_mode(v, env)
    if p is None or p.month == 0 or p.year == 0:
        return None
    return dt.date(p.year, p.month, calendar.monthrange(p.year, p.month)[1])


def _to_days(env: Any, v: Any) -> Any:
    p = real_date_arg(v, env, "date")
    if p is None:
        return None
    return _daynr(p.year, p.month, p.day)


def _date_fn(env: Any, v: Any) -> Any:
    p, _ = temporal_arg(v, env, date_cast_kind(env, v))
    if p is not None and p.zero_date and "NO_ZERO_DATE" in _sql_mode(env) and isinstance(v, (str, bytes)):
        return _zero_date_by_sql_mode(v, env)
    return None if p is None else T.to_date_value(T.Parts(p.year, p.month, p.day))


def _sql_mode(env: Any) -> str:
    try:
        return str(env.ctx.get_sysvar("sql_mode", "session"))
    except Exception:  # noqa: BLE001 - a context without session variables (constant folding)
        return ""


def _zero_date_by_sql_mode(v: Any, env: Any) -> None:
    """LAST_DAY and DATE read their argument with the session's fuzzy-date flags: a zero
    date is NULL, and a string's zero date warns 1292 only under NO_ZERO_DATE (probed)."""
    if "NO_ZERO_DATE" in _sql_mode(env) and isinstance(v, (str, bytes)):
        _warn(env, 1292, bad_temporal_text(env, "date", v) if _flavour_sql(env, "date_arg_truncated")
              else f"Incorrect datetime value: '{_s(v)}'")
    return None


def _time_fn(env: Any, v: Any) -> Any:
    if isinstance(v, str) and re.match(r"\s*\d{1,4}[-/.]\d", v):
        p, _ = temporal_arg(v, env)
        return None if p is None else _time_value(((p.hour * 60 + p.minute) * 60 + p.second) * 10**6
                                                  + p.microsecond)
    us = time_arg(v, env)
    return None if us is None else _time_value(us)


def _exp(x: float) -> float:
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf  # 1690 DOUBLE, raised by the compiler's overflow check


def _log(*vals: Any) -> Any:
    if len(vals) == 2:
        b, x = float(_num(vals[0])), float(_num(vals[1]))  # type: ignore[arg-type]
        return math.log(x) / math.log(b) if x > 0 and b > 0 and b != 1 else None
    x = float(_num(vals[0]))  # type: ignore[arg-type]
    return math.log(x) if x > 0 else None


def _positive(fn: Callable[[float], float]) -> Callable[[Any], Any]:
    def call(x: Any) -> Any:
        f = float(_num(x))  # type: ignore[arg-type]
        return fn(f) if f > 0 else None
    return call


def _bytes_of(v: Any) -> bytes:
    return v if isinstance(v, bytes) else _s(v).encode("utf-8", "surrogateescape")


def _digest(name: str) -> Callable[[Any], str]:
    import hashlib
    return lambda v: hashlib.new(name, _bytes_of(v)).hexdigest()


def _crc32(v: Any) -> int:
    import zlib
    return zlib.crc32(_bytes_of(v))


MORE_FUNCTIONS: dict[str, Maker] = {
    "CRC32": _nulls(_crc32),
    "ISNULL": lambda args, e: (lambda env: 1 if args[0](env) is None else 0),
    "MD5": _nulls(_digest("md5")),
    "SHA1": _nulls(_digest("sha1")),
    "SHA": _nulls(_digest("sha1")),
    "CONCAT_WS": _concat_ws,
    "LPAD": _pad(True),
    "RPAD": _pad(False),
    "SUBSTRING_INDEX": _nulls(_substring_index),
    "INSTR": lambda args, e: _locate([args[1], args[0]], e),
    "LOCATE": _locate,
    "TRIM": _nulls(_trim),
    "MID": _nulls(lambda s, p, n=None: substr(s, p, n)),
    "SPACE": _nulls(_space, True),
    "SOUNDEX": _nulls(lambda v: _soundex(_s(v))),
    "COLLATION": lambda args, e: _collation_of(args, e, 1),
    "CHARSET": lambda args, e: _collation_of(args, e, 0),
    "ASCII": _nulls(lambda s: _s(s).encode()[0] if _s(s) else 0),
    "ORD": _nulls(lambda s: int.from_bytes(_s(s)[:1].encode(), "big") if _s(s) else 0),
    "CHAR": lambda args, e: (lambda env: bytes(b for a in args if (v := a(env)) is not None
                                               for b in (_int(v) & 0xFFFFFFFF).to_bytes(4, "big").lstrip(b"\0")
                                               or b"\0")),
    "STRCMP": _nulls(lambda a, b: (_s(a).upper() > _s(b).upper()) - (_s(a).upper() < _s(b).upper())),
    "FIELD": _field,
    "ELT": _elt,
    "FIND_IN_SET": _nulls(_find_in_set),
    "INSERT": _nulls(_insert, True),
    "REPEAT": _nulls(_repeat, True),
    "CONCAT": _nulls(_concat_bounded, True),
    "UNHEX": _nulls(lambda s: bytes.fromhex(_s(s)) if re.fullmatch(r"([0-9a-fA-F]{2})*", _s(s)) else None),
    "CONV": _nulls(_conv),
    "BIN": _nulls(lambda n: format(_int(n) & 0xFFFFFFFFFFFFFFFF, "b")),
    "OCT": _nulls(lambda n: format(_int(n) & 0xFFFFFFFFFFFFFFFF, "o")),
    "FORMAT": _nulls(_format),
    "TRUNCATE": _nulls(_truncate),
    "EXP": _nulls(lambda x: _exp(float(_num(x)))),  # type: ignore[arg-type]
    "LN": _nulls(_positive(math.log)),
    "LOG": _nulls(_log),
    "LOG10": _nulls(_positive(math.log10)),
    "LOG2": _nulls(_positive(math.log2)),
    "PI": lambda args, e: (lambda env: math.pi),
    "REGEXP_REPLACE": _regexp_fn("REPLACE"),
    "REGEXP_SUBSTR": _regexp_fn("SUBSTR"),
    "REGEXP_INSTR": _regexp_fn("INSTR"),
    "CONVERT_USING": _nulls(_convert_using),
    # dates and times
    "DATE_ADD": _date_add(1),
    "ADDDATE": _date_add(1),
    "DATE_SUB": _date_add(-1),
    "SUBDATE": _date_add(-1),
    "TIMESTAMPADD": _timestampadd,
    "TIMESTAMPDIFF": _timestampdiff,
    "EXTRACT": _extract,
    "DATE_FORMAT": _nulls(_date_format, True),
    "YEAR": _date_part(lambda p: p.year),
    "MONTH": _date_part(lambda p: p.month),
    "DAY": _date_part(lambda p: p.day),
    "DAYOFMONTH": _date_part(lambda p: p.day),
    "QUARTER": _date_part(lambda p: (p.month + 2) // 3),
    "HOUR": _time_part(lambda us: us // 3_600_000_000),
    "MINUTE": _time_part(lambda us: us // 60_000_000 % 60),
    "SECOND": _time_part(lambda us: us // 10**6 % 60),
    "MICROSECOND": _time_part(lambda us: us % 10**6),
    "DAYOFWEEK": _real_part(lambda d: (d.weekday() + 1) % 7 + 1),
    "WEEKDAY": _real_part(lambda d: d.weekday()),
    "DAYOFYEAR": _real_part(lambda d: d.timetuple().tm_yday),
    "DAYNAME": _real_part(lambda d: _DAYNAMES[d.weekday()]),
    "MONTHNAME": _date_part(lambda p: _MONTHNAMES[p.month - 1] if p.month else None),
    "WEEK": _week,
    "WEEKOFYEAR": lambda args, e: _week([args[0], lambda env: 3], e),
    "YEARWEEK": _yearweek,
    "LAST_DAY": _nulls(_last_day, True),
    "DATE": _nulls(_date_fn, True),
    "TIME": _nulls(_time_fn, True),
    "DATEDIFF": _nulls(_datediff, True),
    "TO_DAYS": _nulls(_to_days, True),
    "FROM_DAYS": _nulls(_from_days),
    "MAKEDATE": _nulls(_makedate),
    "MAKETIME": _nulls(lambda h, m, s: _time_value(((_int(h) * 60 + _int(m)) * 60 + _int(s)) * 10**6)
                       if 0 <= _int(m) < 60 and 0 <= _int(s) < 60 else None),
    "SEC_TO_TIME": _nulls(_sec_to_time),
    "TIME_TO_SEC": _nulls(_time_to_sec, True),
    "STR_TO_DATE": _nulls(_str_to_date, True),
    "FROM_UNIXTIME": _nulls(_from_unixtime, True),
    "ADDTIME": _addtime(1),
    "SUBTIME": _addtime(-1),
    "TIMEDIFF": _nulls(_timediff, True),
    "PERIOD_ADD": _nulls(_period_add),
    "PERIOD_DIFF": _nulls(_period_diff),
}
