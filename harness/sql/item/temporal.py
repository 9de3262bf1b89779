"""Reading dates and times the way the server's str_to_datetime / str_to_time do.

A value stored into a temporal column can be fine, lose digits the column cannot
hold (a Note 1265), carry garbage or an impossible date (Warning 1265, or 1292
in strict mode), or lie outside the type's range (Warning 1264).  The parsers
here return the parts plus that verdict; the column types turn the verdict into
the server's warnings, because the wording depends on sql_mode and on IGNORE.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

# Verdicts, from harmless to fatal.
OK, NOTE, TRUNC, BAD = "ok", "note", "trunc", "bad"

_DT_RE = re.compile(
    r"\s*(\d{1,4})[-/.:](\d{1,2})[-/.:](\d{1,2})"
    r"(?:(?:T|\s+)(\d{1,2})(?:[:.](\d{1,2})(?:[:.](\d{1,2})(?:\.(\d*))?)?)?)?\s*")
_DIGITS_RE = re.compile(r"\s*(\d+)(?:\.(\d*))?\s*")
_TIME_RE = re.compile(r"\s*(-)?\s*(?:(\d+)\s+)?(\d+):(\d{1,2})(?::(\d{1,2}))?(?:\.(\d*))?\s*")

TIME_MAX_HOURS = 838


@dataclass(frozen=True, slots=True)
class DateTimeFields:
    """The fields of the server's MYSQL_TIME; zero months and days allowed."""

    year: int = 0
    month: int = 0
    day: int = 0
    hour: int = 0
    minute: int = 0
    second: int = 0
    microsecond: int = 0


@dataclass(frozen=True, slots=True)
class ZeroDate(DateTimeFields):
    """A stored date/datetime with zero parts ('0000-00-00'), which Python's date cannot hold."""


@dataclass(frozen=True, slots=True)
class ZeroDateTime(ZeroDate):
    """A DATETIME/TIMESTAMP value with zero parts: as its field prints it, it has a time
    ('0000-00-00 00:00:00' in a 1292 or 1062 text), where a DATE's zero has none."""


@dataclass(frozen=True, slots=True)
class RejectedTimestamp(ZeroDateTime):
    """The zero a TIMESTAMP stores for a value outside its range: unlike a literal zero it
    went through the time-zone conversion, which the Query event records (Q_TIME_ZONE_CODE)."""


@dataclass(frozen=True, slots=True, eq=False)
class RejectedDateTime(ZeroDateTime):
    """The zero a MySQL DATETIME or TIMESTAMP stores when the value's conversion failed with a
    warning: no date at all ('x', a DECIMAL 8.00), a date out of range ('2024-13-01',
    '2024-02-30', '2024-01-01 25:00:00'), a zero date NO_ZERO_DATE refuses. Field_temporal::store
    resets the field without reaching store_internal, which is where THD::time_zone() is asked, so
    unlike a stored zero literal it sets no Q_TIME_ZONE_CODE (9.7.4 observed). Equal to the zero."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ZeroDateTime) and not any(
            (other.year, other.month, other.day, other.hour, other.minute, other.second, other.microsecond))

    def __hash__(self) -> int:
        return hash(ZeroDateTime())


@dataclass(frozen=True, slots=True)
class Parts(DateTimeFields):
    """A datetime being read or computed, before it becomes a stored value (MYSQL_TIME)."""

    @property
    def zero_date(self) -> bool:
        return self.year == 0 and self.month == 0 and self.day == 0

    @property
    def zero_in_date(self) -> bool:
        return self.month == 0 or self.day == 0

    @property
    def has_time(self) -> bool:
        return bool(self.hour or self.minute or self.second or self.microsecond)


def _frac(digits: str | None) -> tuple[int, str]:
    """Microseconds of a fraction; more than six digits are cut with a Note."""
    if not digits:
        return 0, OK
    return int(digits[:6].ljust(6, "0")), NOTE if len(digits) > 6 else OK


def _year2(y: str) -> int:
    n = int(y)
    if len(y) <= 2:
        return n + (2000 if n < 70 else 1900)
    return n


def _check(p: Parts) -> bool:
    """Field ranges and, for complete dates, the calendar (ALLOW_INVALID_DATES off)."""
    if p.month > 12 or p.day > 31 or p.hour > 23 or p.minute > 59 or p.second > 59:
        return False
    if p.month and p.day and p.year:
        return p.day <= calendar.monthrange(p.year, p.month)[1]
    if p.month and p.day:
        return p.day <= (29 if p.month == 2 else calendar.monthrange(2001, p.month)[1])
    return True


def _compact(d: str) -> Parts | None:
    n = len(d)
    if n in (6, 12):
        y, rest = _year2(d[:2]), d[2:]
    elif n in (8, 14):
        y, rest = int(d[:4]), d[4:]
    else:
        return None
    nums = [int(rest[i:i + 2]) for i in range(0, len(rest), 2)]
    return Parts(y, *nums)  # type: ignore[arg-type]


def parse_datetime(s: str) -> tuple[Parts | None, str]:
    """A string read as DATE/DATETIME/TIMESTAMP: (parts or None, verdict)."""
    m = _DT_RE.match(s)
    verdict = OK
    if m:
        y, mo, d, h, mi, se, fr = m.groups()
        micro, verdict = _frac(fr)
        p = Parts(_year2(y), int(mo), int(d), int(h or 0), int(mi or 0), int(se or 0), micro)
        rest = s[m.end():]
    else:
        m = _DIGITS_RE.match(s)
        if not m:
            return None, BAD
        p0 = _compact(m.group(1))
        if p0 is None:
            return None, BAD
        micro, verdict = _frac(m.group(2))
        p = Parts(p0.year, p0.month, p0.day, p0.hour, p0.minute, p0.second, micro)
        rest = s[m.end():]
    if not _check(p):
        return None, BAD
    if rest.strip():
        verdict = TRUNC
    return p, verdict


def number_to_datetime(v: Any) -> tuple[Parts | None, str]:
    """A number read as a datetime (number_to_datetime): YYMMDD, YYYYMMDD, ...HHMMSS."""
    d = Decimal(str(v)) if not isinstance(v, Decimal) else v
    if d < 0:
        return None, BAD
    n = int(d)
    micro = int((d - n) * 1_000_000)
    if n == 0:
        return Parts(microsecond=micro), OK
    if n < 101:
        return None, BAD
    if n <= 991231:
        text = f"{n:06d}"
    elif n < 10000101:
        return None, BAD
    elif n <= 99991231:
        text = f"{n:08d}"
    elif n < 101000000:
        return None, BAD
    elif n <= 991231235959:
        text = f"{n:012d}"
    elif n < 10000101000000:
        return None, BAD
    else:
        text = f"{n:014d}"
    p = _compact(text)
    if p is None or not _check(p):
        return None, BAD
    return Parts(p.year, p.month, p.day, p.hour, p.minute, p.second, micro), OK


def parse_time(s: str) -> tuple[int | None, str]:
    """A string read as TIME: (signed microseconds or None, verdict); range checked by the caller."""
    m = _TIME_RE.match(s)
    if m:
        neg, days, h, mi, se, fr = m.groups()
        micro, verdict = _frac(fr)
        hours = int(h) + 24 * int(days or 0)
        if int(mi) > 59 or int(se or 0) > 59:
            return None, BAD
        total = ((hours * 60 + int(mi)) * 60 + int(se or 0)) * 1_000_000 + micro
        rest = s[m.end():]
        if rest.strip():
            verdict = TRUNC
        return (-total if neg else total), verdict
    m = _DT_RE.match(s)
    if m and m.group(4) is not None:
        p, verdict = parse_datetime(s)
        if p is None:
            return None, BAD
        return ((p.hour * 60 + p.minute) * 60 + p.second) * 1_000_000 + p.microsecond, verdict
    m = re.match(r"\s*(-)?(\d+)(?:\.(\d*))?\s*", s)
    if not m:
        return None, BAD
    micro, verdict = _frac(m.group(3))
    total = _hhmmss(int(m.group(2)))
    if total is None:
        return None, BAD
    if s[m.end():].strip():
        verdict = TRUNC
    total = total * 1_000_000 + micro
    return (-total if m.group(1) else total), verdict


def _hhmmss(n: int) -> int | None:
    ss, mm, hh = n % 100, n // 100 % 100, n // 10000
    if mm > 59 or ss > 59:
        return None
    return (hh * 60 + mm) * 60 + ss


TIME_MAX_NUMBER = 8385959  # TIME_MAX_VALUE: 838:59:59 as a number


def is_number(value: Any) -> bool:
    return isinstance(value, (int, Decimal, float)) and not isinstance(value, bool)


def number_out_of_datetime_range(value: Any) -> bool:
    """A number MySQL's DATE/DATETIME/TIMESTAMP store refuses as out of range, not as a bad
    value: a negative one (Field_temporal_with_date::convert_number_to_TIME) or one past
    9999-12-31 23:59:59's 14 digits (my_time.cc number_to_datetime) -- 1264, where a
    positive number that is no date is 1265 (9.7.4 probed: -4, -4.5, -4e0, 99999999999999999)."""
    return is_number(value) and (value < 0 or value > 99999999999999)


def number_to_time(v: Any) -> tuple[int | None, str]:
    d = Decimal(str(v)) if not isinstance(v, Decimal) else v
    neg = d < 0
    d = abs(d)
    n = int(d)
    secs = _hhmmss(n)
    if secs is None:
        return None, BAD
    total = secs * 1_000_000 + int((d - n) * 1_000_000)
    return (-total if neg else total), OK


def truncate_micro(micro: int, fsp: int) -> int:
    """Fractional seconds beyond the column's precision are cut (TIME_ROUND_FRACTIONAL off)."""
    q = 10 ** (6 - fsp)
    return micro // q * q


def to_date_value(p: Parts) -> Any:
    """The engine's stored form: a Python date, or ZeroDate parts when a part is zero."""
    if p.zero_in_date or p.year == 0:
        return ZeroDate(p.year, p.month, p.day)
    return dt.date(p.year, p.month, p.day)


def to_datetime_value(p: Parts) -> Any:
    if p.zero_in_date or p.year == 0:
        return ZeroDateTime(p.year, p.month, p.day, p.hour, p.minute, p.second, p.microsecond)
    return dt.datetime(p.year, p.month, p.day, p.hour, p.minute, p.second, p.microsecond)


def parts_of(value: Any) -> Parts:
    """Parts of an evaluated temporal value (date, datetime or ZeroDate)."""
    return Parts(value.year, value.month, value.day, getattr(value, "hour", 0), getattr(value, "minute", 0),
                 getattr(value, "second", 0), getattr(value, "microsecond", 0))


TIMESTAMP_MIN = dt.datetime(1970, 1, 1, 0, 0, 1)
TIMESTAMP_MAX = dt.datetime(2038, 1, 19, 3, 14, 7, 999999)


# ------------------------------------------------ literals and store checks (column_types)

_DATE_RE = re.compile(r"\s*(\d{1,4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,6}))?)?)?\s*$")
_COMPACT_RE = re.compile(r"\s*(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2}))?\s*$")


def parse_temporal(s: str) -> ZeroDate | None:
    """Parse 'YYYY-MM-DD[ HH:MM:SS[.ffffff]]' (or compact digits) into parts."""
    m = _DATE_RE.match(s) or _COMPACT_RE.match(s)
    if not m:
        return None
    parts = [int(p) if p else 0 for p in m.groups()[:6]]
    frac = m.groups()[6] if len(m.groups()) > 6 else None
    micro = int((frac or "").ljust(6, "0")) if frac else 0
    return ZeroDate(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], micro)




def temporal_number(value: Any) -> Decimal:
    if isinstance(value, dt.timedelta):
        # TIME as a number: [-]HHMMSS[.ffffff], the hours unbounded (-01:30:00 is -13000)
        us = abs(value.days * 86400_000000 + value.seconds * 1000000 + value.microseconds)
        secs, frac = divmod(us, 1000000)
        n = Decimal((secs // 3600) * 10000 + (secs % 3600 // 60) * 100 + secs % 60)
        n += Decimal(frac).scaleb(-6) if frac else 0
        return -n if value < dt.timedelta(0) else n
    if isinstance(value, dt.datetime):
        return Decimal(value.strftime("%Y%m%d%H%M%S"))
    if isinstance(value, dt.date):
        return Decimal(value.strftime("%Y%m%d"))
    return Decimal(f"{value.year:04d}{value.month:02d}{value.day:02d}")


def round_micro(micro: int, fsp: int) -> int:
    """``micro`` rounded half up to ``fsp`` digits (1_000_000: the second carries)."""
    q = 10 ** (6 - fsp)
    return (micro + q // 2) // q * q


_WELL_FORMED_TIME = re.compile(r"\s*-?\d+:(\d{1,2}):(\d{1,2})(?:\.\d*)?\s*$")


def minutes_past_59(value: Any) -> bool:
    m = _WELL_FORMED_TIME.match(value if isinstance(value, str) else "")
    return m is not None and (int(m.group(1)) > 59 or int(m.group(2)) > 59)


_WELL_FORMED_DATE = re.compile(r"\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[ T]\d)")


def impossible_day(s: str) -> bool:
    """A well-formed date string whose day is past its month's end ('2024-02-30'): MySQL's
    check_date flags it MYSQL_TIME_WARN_OUT_OF_RANGE where garbage or month 13 is truncated."""
    m = _WELL_FORMED_DATE.match(s)
    if m is None:
        return False
    y, mo, d = (int(g) for g in m.groups())
    return 1 <= mo <= 12 and 1 <= d <= 31 and y > 0 and d > calendar.monthrange(y, mo)[1]
