"""Column types: how values are stored, shown, compared and logged.

Each column type knows three things the binary log cares about: how a value is
coerced on write (strict-mode errors, truncation warnings), how it appears in
the text protocol, and which MYSQL_TYPE_* code and table-map metadata describe
it in a Table_map event.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from harness.engine.errors import Note, ServerError, error, note

# MYSQL_TYPE_* codes (shared by the text protocol and the binary log).
T_DECIMAL, T_TINY, T_SHORT, T_LONG, T_FLOAT, T_DOUBLE, T_NULL, T_TIMESTAMP = 0, 1, 2, 3, 4, 5, 6, 7
T_LONGLONG, T_INT24, T_DATE, T_TIME, T_DATETIME, T_YEAR, T_NEWDATE, T_VARCHAR = 8, 9, 10, 11, 12, 13, 14, 15
T_BIT, T_TIMESTAMP2, T_DATETIME2, T_TIME2 = 16, 17, 18, 19
T_NEWDECIMAL, T_ENUM, T_SET, T_TINY_BLOB, T_MEDIUM_BLOB, T_LONG_BLOB, T_BLOB = 246, 247, 248, 249, 250, 251, 252
T_VAR_STRING, T_STRING = 253, 254

# Column flags in result-set metadata.
NOT_NULL_FLAG, PRI_KEY_FLAG, UNIQUE_KEY_FLAG, BLOB_FLAG, UNSIGNED_FLAG = 1, 2, 4, 16, 32
BINARY_FLAG, ENUM_FLAG, AUTO_INCREMENT_FLAG, NUM_FLAG = 128, 256, 512, 32768

CHARSET_UTF8MB4_GENERAL_CI = 45
CHARSET_BINARY = 63


@dataclass(frozen=True, slots=True)
class ZeroDate:
    """A date/datetime with zero parts ('0000-00-00'), which Python's date cannot hold."""

    year: int = 0
    month: int = 0
    day: int = 0
    hour: int = 0
    minute: int = 0
    second: int = 0
    microsecond: int = 0


@dataclass
class WriteContext:
    """What a coercion needs to word its error: where the value is going."""

    strict: bool
    db: str
    table: str
    row: int = 1
    notes: list[Note] = field(default_factory=list)
    # INSERT IGNORE / UPDATE IGNORE downgrade data errors to warnings.
    ignore: bool = False


class ColumnType:
    """Base class. Subclasses implement ``coerce`` and ``to_text``."""

    name: str = "?"
    protocol_type: int = T_VAR_STRING
    binlog_type: int = T_VAR_STRING
    is_blob: bool = False
    is_numeric: bool = False
    is_string: bool = False
    charset: int = CHARSET_UTF8MB4_GENERAL_CI

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        raise NotImplementedError

    def to_text(self, value: Any) -> str | bytes:
        return str(value)

    def binlog_metadata(self) -> int:
        """Table-map metadata as one integer, in the codec's convention (meaning depends on type)."""
        return 0

    def display_length(self) -> int:
        return 255

    def flags(self) -> int:
        return 0

    def decimals(self) -> int:
        return 0

    def sort_key(self, value: Any) -> Any:
        return value

    def default_value(self) -> Any:
        """Implicit default for NOT NULL columns without DEFAULT (used outside strict mode)."""
        return 0

    # -- helpers shared by subclasses

    @staticmethod
    def _data_error(ctx: WriteContext, name: str, *args: object) -> None:
        """Raise in strict mode, otherwise record a warning."""
        if ctx.strict and not ctx.ignore:
            raise error(name, *args)
        ctx.notes.append(note("Warning", name, *args))


# --------------------------------------------------------------------- numbers

_INT_RANGES = {
    "TINYINT": (1, T_TINY, 4),
    "SMALLINT": (2, T_SHORT, 6),
    "MEDIUMINT": (3, T_INT24, 9),
    "INT": (4, T_LONG, 11),
    "BIGINT": (8, T_LONGLONG, 20),
}

_NUM_PREFIX = re.compile(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")


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


class IntType(ColumnType):
    is_numeric = True

    def __init__(self, kind: str, unsigned: bool, width: int | None = None, zerofill: bool = False) -> None:
        size, code, default_width = _INT_RANGES[kind]
        self.name = kind
        self.size = size
        self.unsigned = unsigned
        self.protocol_type = self.binlog_type = code
        self.width = width or (default_width - (1 if unsigned and kind != "BIGINT" else 0))
        self.zerofill = zerofill
        bits = size * 8
        if unsigned:
            self.lo, self.hi = 0, (1 << bits) - 1
        else:
            self.lo, self.hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        if isinstance(value, bool):
            value = int(value)
        if isinstance(value, int):
            v = value
        elif isinstance(value, Decimal):
            v = int(value.to_integral_value(ROUND_HALF_UP))
        elif isinstance(value, float):
            v = int(Decimal(repr(value)).to_integral_value(ROUND_HALF_UP))
        elif isinstance(value, (str, bytes)):
            s = value.decode("utf-8", "replace") if isinstance(value, bytes) else value
            num, whole = parse_number_prefix(s)
            if num is None:
                self._data_error(ctx, "ER_TRUNCATED_WRONG_VALUE_FOR_FIELD", "integer", s, ctx.db, ctx.table,
                                 col, ctx.row)
                return 0
            v = int(num.to_integral_value(ROUND_HALF_UP))
            if not whole:
                self._data_error(ctx, "WARN_DATA_TRUNCATED", col, ctx.row)
        elif isinstance(value, (dt.date, dt.datetime, ZeroDate)):
            v = int(_temporal_number(value))
        else:
            v = int(value)
        if v < self.lo or v > self.hi:
            self._data_error(ctx, "ER_WARN_DATA_OUT_OF_RANGE", col, ctx.row)
            v = self.lo if v < self.lo else self.hi
        return v

    def to_text(self, value: Any) -> str:
        if self.zerofill:
            return str(value).zfill(self.width)
        return str(value)

    def display_length(self) -> int:
        return self.width

    def flags(self) -> int:
        return NUM_FLAG | (UNSIGNED_FLAG if self.unsigned else 0)


class DecimalType(ColumnType):
    is_numeric = True
    protocol_type = T_NEWDECIMAL
    binlog_type = T_NEWDECIMAL
    name = "DECIMAL"

    def __init__(self, precision: int = 10, scale: int = 0, unsigned: bool = False) -> None:
        self.precision = precision
        self.scale = scale
        self.unsigned = unsigned
        self.quantum = Decimal(1).scaleb(-scale)
        int_digits = precision - scale
        self.max = Decimal(10) ** int_digits - self.quantum

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        if isinstance(value, (str, bytes)):
            s = value.decode("utf-8", "replace") if isinstance(value, bytes) else value
            num, whole = parse_number_prefix(s)
            if num is None:
                self._data_error(ctx, "ER_TRUNCATED_WRONG_VALUE_FOR_FIELD", "decimal", s, ctx.db, ctx.table,
                                 col, ctx.row)
                num = Decimal(0)
            elif not whole:
                self._data_error(ctx, "WARN_DATA_TRUNCATED", col, ctx.row)
            d = num
        elif isinstance(value, float):
            d = Decimal(repr(value))
        elif isinstance(value, (dt.date, ZeroDate)):
            d = _temporal_number(value)
        else:
            d = Decimal(value)
        q = d.quantize(self.quantum, ROUND_HALF_UP)
        lo = Decimal(0) if self.unsigned else -self.max
        if q > self.max or q < lo:
            self._data_error(ctx, "ER_WARN_DATA_OUT_OF_RANGE", col, ctx.row)
            return self.max if q > self.max else lo
        if q != d:
            ctx.notes.append(note("Note", "WARN_DATA_TRUNCATED", col, ctx.row))
        return q

    def to_text(self, value: Any) -> str:
        return f"{value:.{self.scale}f}"

    def binlog_metadata(self) -> int:
        return (self.precision << 8) | self.scale

    def display_length(self) -> int:
        return self.precision + (1 if self.scale else 0) + (0 if self.unsigned else 1)

    def decimals(self) -> int:
        return self.scale

    def flags(self) -> int:
        return NUM_FLAG | (UNSIGNED_FLAG if self.unsigned else 0)

    def default_value(self) -> Any:
        return Decimal(0).quantize(self.quantum)


class FloatType(ColumnType):
    is_numeric = True

    def __init__(self, double: bool, unsigned: bool = False) -> None:
        self.double = double
        self.unsigned = unsigned
        self.name = "DOUBLE" if double else "FLOAT"
        self.protocol_type = self.binlog_type = T_DOUBLE if double else T_FLOAT

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        if isinstance(value, (str, bytes)):
            s = value.decode("utf-8", "replace") if isinstance(value, bytes) else value
            num, whole = parse_number_prefix(s)
            if num is None:
                self._data_error(ctx, "ER_TRUNCATED_WRONG_VALUE_FOR_FIELD", "double", s, ctx.db, ctx.table,
                                 col, ctx.row)
                return 0.0
            if not whole:
                self._data_error(ctx, "WARN_DATA_TRUNCATED", col, ctx.row)
            f = float(num)
        elif isinstance(value, (dt.date, ZeroDate)):
            f = float(_temporal_number(value))
        else:
            f = float(value)
        if not self.double:
            import struct
            f = struct.unpack("<f", struct.pack("<f", f))[0]
        if self.unsigned and f < 0:
            self._data_error(ctx, "ER_WARN_DATA_OUT_OF_RANGE", col, ctx.row)
            return 0.0
        return f

    def to_text(self, value: Any) -> str:
        return format_float(value, 17 if self.double else 6)

    def binlog_metadata(self) -> int:
        return 8 if self.double else 4

    def display_length(self) -> int:
        return 22 if self.double else 12

    def decimals(self) -> int:
        return 31

    def flags(self) -> int:
        return NUM_FLAG | (UNSIGNED_FLAG if self.unsigned else 0)

    def default_value(self) -> Any:
        return 0.0


def format_float(value: float, digits: int) -> str:
    """Shortest text that reads back to the stored value, as the server prints it."""
    if value != value or value in (float("inf"), float("-inf")):
        return str(value)
    if digits == 6:
        s = f"{value:.6g}"
    else:
        s = repr(value)
        if "e" not in s and s.endswith(".0"):
            s = s[:-2]
    if "e" in s:
        mant, exp = s.split("e")
        e = int(exp)
        s = f"{mant}e{'+' if e > 0 else '-'}{abs(e):02d}" if abs(e) >= 15 or e < -4 else str(float(s))
    if s.endswith(".0"):
        s = s[:-2]
    return s


# --------------------------------------------------------------------- strings


def string_metadata(real_type: int, length: int) -> int:
    """Table-map metadata of a STRING-typed column: real type and byte length.

    Lengths above 255 borrow two bits of the real-type byte (the server's
    encoding), so both fit in two bytes.
    """
    b0 = real_type ^ ((length & 0x300) >> 4)
    return (b0 << 8) | (length & 0xFF)

def collation_key(s: str) -> str:
    """utf8mb4_general_ci-like comparison key: case-insensitive, trailing spaces ignored."""
    return s.rstrip(" ").upper()


class StringType(ColumnType):
    """CHAR / VARCHAR / TEXT (character data, utf8mb4)."""

    is_string = True

    def __init__(self, kind: str, length: int, charset: int = CHARSET_UTF8MB4_GENERAL_CI, mbmaxlen: int = 4) -> None:
        self.name = kind
        self.length = length
        self.charset = charset
        self.mbmaxlen = mbmaxlen
        if kind == "CHAR":
            self.protocol_type = T_STRING
            self.binlog_type = T_STRING
        elif kind == "VARCHAR":
            self.protocol_type = T_VAR_STRING
            self.binlog_type = T_VARCHAR
        else:  # TEXT family
            self.is_blob = True
            self.protocol_type = T_BLOB
            self.binlog_type = T_BLOB
            self.pack_length = {"TINYTEXT": 1, "TEXT": 2, "MEDIUMTEXT": 3, "LONGTEXT": 4}[kind]

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        if isinstance(value, str):
            s = value
        elif isinstance(value, bytes):
            s = value.decode("utf-8", "replace")
        else:
            s = value_to_string(value)
        if self.is_blob:
            limit = (1 << (8 * self.pack_length)) - 1
            if len(s.encode("utf-8")) > limit:
                self._data_error(ctx, "ER_DATA_TOO_LONG", col, ctx.row)
                s = s.encode("utf-8")[:limit].decode("utf-8", "ignore")
            return s
        if len(s) > self.length:
            if s[self.length:].strip(" ") == "":
                ctx.notes.append(note("Note", "WARN_DATA_TRUNCATED", col, ctx.row))
            else:
                self._data_error(ctx, "ER_DATA_TOO_LONG", col, ctx.row)
            s = s[:self.length]
        if self.name == "CHAR":
            s = s.rstrip(" ")
        return s

    def binlog_metadata(self) -> int:
        max_bytes = self.length * self.mbmaxlen
        if self.name == "CHAR":
            return string_metadata(T_STRING, max_bytes)
        if self.name == "VARCHAR":
            return max_bytes
        return self.pack_length

    def display_length(self) -> int:
        if self.is_blob:
            return (1 << (8 * self.pack_length)) - 1
        return self.length * self.mbmaxlen

    def flags(self) -> int:
        return BLOB_FLAG if self.is_blob else 0

    def sort_key(self, value: Any) -> Any:
        return collation_key(value)

    def default_value(self) -> Any:
        return ""


class BinaryType(ColumnType):
    """BINARY / VARBINARY / BLOB (byte strings)."""

    charset = CHARSET_BINARY

    def __init__(self, kind: str, length: int) -> None:
        self.name = kind
        self.length = length
        if kind == "BINARY":
            self.protocol_type = self.binlog_type = T_STRING
        elif kind == "VARBINARY":
            self.protocol_type = T_VAR_STRING
            self.binlog_type = T_VARCHAR
        else:
            self.is_blob = True
            self.protocol_type = self.binlog_type = T_BLOB
            self.pack_length = {"TINYBLOB": 1, "BLOB": 2, "MEDIUMBLOB": 3, "LONGBLOB": 4}[kind]

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        b = value if isinstance(value, bytes) else value_to_string(value).encode("utf-8")
        limit = (1 << (8 * self.pack_length)) - 1 if self.is_blob else self.length
        if len(b) > limit:
            self._data_error(ctx, "ER_DATA_TOO_LONG", col, ctx.row)
            b = b[:limit]
        if self.name == "BINARY":
            b = b.ljust(self.length, b"\0")
        return b

    def to_text(self, value: Any) -> bytes:
        return value

    def binlog_metadata(self) -> int:
        if self.name == "BINARY":
            return string_metadata(T_STRING, self.length)
        if self.name == "VARBINARY":
            return self.length
        return self.pack_length

    def display_length(self) -> int:
        if self.is_blob:
            return (1 << (8 * self.pack_length)) - 1
        return self.length

    def flags(self) -> int:
        return BINARY_FLAG | (BLOB_FLAG if self.is_blob else 0)

    def default_value(self) -> Any:
        return b""


class EnumType(ColumnType):
    """ENUM: stored as the 1-based index; 0 is the '' error value."""

    protocol_type = T_STRING
    binlog_type = T_STRING
    is_string = True
    name = "ENUM"

    def __init__(self, values: list[str]) -> None:
        self.values = values
        self._index = {collation_key(v): i + 1 for i, v in enumerate(values)}

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            if 0 <= value <= len(self.values):
                if value == 0:
                    self._data_error(ctx, "WARN_DATA_TRUNCATED", col, ctx.row)
                return value
            self._data_error(ctx, "WARN_DATA_TRUNCATED", col, ctx.row)
            return 0
        s = value.decode("utf-8", "replace") if isinstance(value, bytes) else value_to_string(value)
        idx = self._index.get(collation_key(s))
        if idx is None:
            self._data_error(ctx, "WARN_DATA_TRUNCATED", col, ctx.row)
            return 0
        return idx

    def to_text(self, value: Any) -> str:
        return self.values[value - 1] if value else ""

    def binlog_metadata(self) -> int:
        return string_metadata(T_ENUM, 1 if len(self.values) < 256 else 2)

    def display_length(self) -> int:
        return max((len(v) for v in self.values), default=0) * 4

    def flags(self) -> int:
        return ENUM_FLAG

    def sort_key(self, value: Any) -> Any:
        return value

    def default_value(self) -> Any:
        return 1


# -------------------------------------------------------------------- temporal

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
    return ZeroDate(*parts, micro)


def _valid(p: ZeroDate) -> bool:
    if p.month > 12 or p.hour > 23 or p.minute > 59 or p.second > 59:
        return False
    if p.month == 0 or p.day == 0:
        return p.year == 0 and p.month == 0 and p.day == 0
    try:
        dt.date(p.year, p.month, p.day)
    except ValueError:
        return False
    return True


def _temporal_number(value: Any) -> Decimal:
    if isinstance(value, dt.datetime):
        return Decimal(value.strftime("%Y%m%d%H%M%S"))
    if isinstance(value, dt.date):
        return Decimal(value.strftime("%Y%m%d"))
    return Decimal(f"{value.year:04d}{value.month:02d}{value.day:02d}")


class DateType(ColumnType):
    protocol_type = T_DATE
    binlog_type = T_DATE
    name = "DATE"

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        if isinstance(value, dt.datetime):
            return value.date()
        if isinstance(value, (dt.date, ZeroDate)):
            return value
        p = parse_temporal(value_to_string(value))
        if p is None or not _valid(p):
            self._data_error(ctx, "ER_TRUNCATED_WRONG_VALUE_FOR_FIELD", "date", value_to_string(value), ctx.db,
                             ctx.table, col, ctx.row)
            return ZeroDate()
        if p.year == 0 and p.month == 0 and p.day == 0:
            return ZeroDate()
        return dt.date(p.year, p.month, p.day)

    def to_text(self, value: Any) -> str:
        return f"{value.year:04d}-{value.month:02d}-{value.day:02d}"

    def display_length(self) -> int:
        return 10

    def default_value(self) -> Any:
        return ZeroDate()

    def sort_key(self, value: Any) -> Any:
        return (value.year, value.month, value.day)


class DateTimeType(ColumnType):
    """DATETIME(fsp) and TIMESTAMP(fsp), logged as DATETIME2 / TIMESTAMP2."""

    def __init__(self, timestamp: bool, fsp: int = 0) -> None:
        self.timestamp = timestamp
        self.fsp = fsp
        self.name = "TIMESTAMP" if timestamp else "DATETIME"
        self.protocol_type = T_TIMESTAMP if timestamp else T_DATETIME
        self.binlog_type = T_TIMESTAMP2 if timestamp else T_DATETIME2

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        if isinstance(value, dt.datetime):
            p = ZeroDate(value.year, value.month, value.day, value.hour, value.minute, value.second,
                         value.microsecond)
        elif isinstance(value, dt.date):
            p = ZeroDate(value.year, value.month, value.day)
        elif isinstance(value, ZeroDate):
            p = value
        else:
            p = parse_temporal(value_to_string(value))
            if p is None or not _valid(p):
                self._data_error(ctx, "ER_TRUNCATED_WRONG_VALUE_FOR_FIELD", self.name.lower(),
                                 value_to_string(value), ctx.db, ctx.table, col, ctx.row)
                return ZeroDate()
        micro = p.microsecond
        if self.fsp < 6:
            q = 10 ** (6 - self.fsp)
            micro = (micro + q // 2) // q * q if micro else 0
        if p.month == 0 or p.day == 0:
            return ZeroDate(p.year, p.month, p.day, p.hour, p.minute, p.second, micro)
        base = dt.datetime(p.year, p.month, p.day, p.hour, p.minute, p.second)
        if micro >= 1_000_000:
            return base + dt.timedelta(seconds=1)
        return base.replace(microsecond=micro)

    def to_text(self, value: Any) -> str:
        s = (f"{value.year:04d}-{value.month:02d}-{value.day:02d} "
             f"{value.hour:02d}:{value.minute:02d}:{value.second:02d}")
        if self.fsp:
            s += "." + f"{value.microsecond:06d}"[:self.fsp]
        return s

    def binlog_metadata(self) -> int:
        return self.fsp

    def display_length(self) -> int:
        return 19 + (self.fsp + 1 if self.fsp else 0)

    def decimals(self) -> int:
        return self.fsp

    def flags(self) -> int:
        return BINARY_FLAG

    def default_value(self) -> Any:
        return ZeroDate()

    def sort_key(self, value: Any) -> Any:
        return (value.year, value.month, value.day, value.hour, value.minute, value.second, value.microsecond)


class TimeType(ColumnType):
    protocol_type = T_TIME
    binlog_type = T_TIME2
    name = "TIME"

    def __init__(self, fsp: int = 0) -> None:
        self.fsp = fsp

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        if isinstance(value, dt.timedelta):
            return value
        s = value_to_string(value).strip()
        m = re.match(r"(-)?(\d+):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,6}))?)?$", s)
        if not m:
            self._data_error(ctx, "ER_TRUNCATED_WRONG_VALUE_FOR_FIELD", "time", s, ctx.db, ctx.table, col, ctx.row)
            return dt.timedelta(0)
        sign = -1 if m.group(1) else 1
        td = dt.timedelta(hours=int(m.group(2)), minutes=int(m.group(3)), seconds=int(m.group(4) or 0),
                          microseconds=int((m.group(5) or "0").ljust(6, "0")))
        return sign * td

    def to_text(self, value: Any) -> str:
        total = int(value.total_seconds())
        sign = "-" if total < 0 else ""
        total = abs(total)
        return f"{sign}{total // 3600:02d}:{total // 60 % 60:02d}:{total % 60:02d}"

    def binlog_metadata(self) -> int:
        return self.fsp

    def default_value(self) -> Any:
        return dt.timedelta(0)


class YearType(ColumnType):
    protocol_type = binlog_type = T_YEAR
    name = "YEAR"
    is_numeric = True

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        try:
            v = int(value_to_string(value).strip() or 0)
        except ValueError:
            self._data_error(ctx, "WARN_DATA_TRUNCATED", col, ctx.row)
            return 0
        if 0 < v < 70:
            v += 2000
        elif 70 <= v < 100:
            v += 1900
        if v != 0 and not 1901 <= v <= 2155:
            self._data_error(ctx, "ER_WARN_DATA_OUT_OF_RANGE", col, ctx.row)
            return 0
        return v

    def to_text(self, value: Any) -> str:
        return f"{value:04d}"


def value_to_string(value: Any) -> str:
    """How an evaluated value reads as a string (CONCAT, string columns)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float):
        return format_float(value, 17)
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, dt.datetime):
        s = value.strftime("%Y-%m-%d %H:%M:%S")
        return s + (f".{value.microsecond:06d}" if value.microsecond else "")
    if isinstance(value, dt.date):
        return value.strftime("%Y-%m-%d")
    if isinstance(value, ZeroDate):
        s = f"{value.year:04d}-{value.month:02d}-{value.day:02d}"
        if value.hour or value.minute or value.second:
            s += f" {value.hour:02d}:{value.minute:02d}:{value.second:02d}"
        return s
    if isinstance(value, dt.timedelta):
        return TimeType().to_text(value)
    return str(value)


def make_type(type_name: str, args: list[Any], unsigned: bool = False, zerofill: bool = False) -> ColumnType:
    """Build the ColumnType for a parsed column definition; raises ServerError if invalid."""
    t = type_name.upper()
    if t == "INTEGER":
        t = "INT"
    if t in ("BOOL", "BOOLEAN"):
        return IntType("TINYINT", False, 1)
    if t in _INT_RANGES:
        return IntType(t, unsigned, int(args[0]) if args else None, zerofill)
    if t in ("DECIMAL", "DEC", "NUMERIC", "FIXED"):
        precision = int(args[0]) if args else 10
        scale = int(args[1]) if len(args) > 1 else 0
        if precision > 65 or scale > 38 or scale > precision:
            raise ServerError(1426, f"Too big precision {precision} specified. Maximum is 65", "42000")
        return DecimalType(precision, scale, unsigned)
    if t == "FLOAT":
        if args and int(args[0]) > 24:
            return FloatType(True, unsigned)
        return FloatType(False, unsigned)
    if t in ("DOUBLE", "REAL"):
        return FloatType(True, unsigned)
    if t in ("CHAR", "VARCHAR"):
        length = int(args[0]) if args else (1 if t == "CHAR" else -1)
        if length < 0:
            raise ServerError(1064, "VARCHAR requires a length", "42000")
        return StringType(t, length)
    if t in ("TINYTEXT", "TEXT", "MEDIUMTEXT", "LONGTEXT"):
        return StringType(t, 0)
    if t in ("BINARY", "VARBINARY"):
        return BinaryType(t, int(args[0]) if args else 1)
    if t in ("TINYBLOB", "BLOB", "MEDIUMBLOB", "LONGBLOB"):
        return BinaryType(t, 0)
    if t == "DATE":
        return DateType()
    if t in ("DATETIME", "TIMESTAMP"):
        return DateTimeType(t == "TIMESTAMP", int(args[0]) if args else 0)
    if t == "TIME":
        return TimeType(int(args[0]) if args else 0)
    if t == "YEAR":
        return YearType()
    if t == "ENUM":
        return EnumType([str(a) for a in args])
    from harness.sql.errors import UnsupportedError
    raise UnsupportedError(f"column type {t}")
