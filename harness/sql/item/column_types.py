"""Column types: how values are stored, shown, compared and logged.

Each column type knows three things the binary log cares about: how a value is
coerced on write (strict-mode errors, truncation warnings), how it appears in
the text protocol, and which MYSQL_TYPE_* code and table-map metadata describe
it in a Table_map event.
"""

from __future__ import annotations

import calendar
import datetime as dt
import math
import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from harness.binlog.values import MyDate, MyDateTime, MyTime, MyTimestamp
from harness.sql.sql_errors import Note, error, note
# The zero dates live with the date parsing; imported here for the column types and their users.
from harness.sql.item import temporal as T
from harness.sql.item.temporal import RejectedDateTime, RejectedTimestamp, ZeroDate, ZeroDateTime, to_date_value  # noqa: F401
from harness.sql.item.field_store import mysql_string_status, rounds_fraction, stored_number
from harness.sql.item.temporal import (  # noqa: F401 (parse_temporal, temporal_number: re-exported)
    impossible_day, minutes_past_59, parse_temporal, round_micro, temporal_number)
from harness.sql.item.charsets import CHARSETS, Charset, CharsetStr, _CP1252_HOLES, _NOT_UTF8_BYTE, bin_collation_key, collation_key, resolve_charset, swedish_collation_key, well_formed
from harness.sql.item.number_text import _scan_text, format_float
from harness.sql.item.type_codes import BINARY_FLAG, BLOB_FLAG, CHARSET_BINARY, CHARSET_LATIN1_SWEDISH_CI, CHARSET_UTF8MB4_GENERAL_CI, ENUM_FLAG, NUM_FLAG, T_BIT, T_BLOB, T_DATE, T_DATETIME, T_DATETIME2, T_DOUBLE, T_ENUM, T_FLOAT, T_INT24, T_LONG, T_LONGLONG, T_NEWDECIMAL, T_SET, T_SHORT, T_STRING, T_TIME, T_TIME2, T_TIMESTAMP, T_TIMESTAMP2, T_TINY, T_VARCHAR, T_VAR_STRING, T_YEAR, UNSIGNED_FLAG



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
    # The session's sql_mode (NO_ZERO_DATE, NO_ZERO_IN_DATE decide what temporal columns accept).
    sql_mode: str = ""
    timestamp_max: dt.datetime | None = None  # SysvarProfile.timestamp_max (None: 2038-01-19 03:14:07)
    # MySQL's temporal stores (the flavour's ``mysql_field_stores``): a well-formed date
    # check_date refuses (a zero part under NO_ZERO_IN_DATE, a day past the month's end) warns
    # 1264, not 1265; fractional seconds are rounded to the column's precision, not cut
    mysql_stores: bool = False
    counter: Any = None  # the statement's ConditionRow (condition_row.py): MySQL's subquery reset

    @property
    def condition_row(self) -> int:
        return self.row if self.counter is None else self.counter.shifted(self.row)

    @property
    def abort_on_warning(self) -> bool:
        """THD::abort_on_warning: strict sql_mode and no IGNORE, for the whole statement.
        It words a cut string as 1406 even where ``strict`` (really_abort_on_warning:
        a later row of a multi-row MyISAM INSERT) only warns."""
        return not self.ignore and ("STRICT_TRANS_TABLES" in self.sql_mode or "STRICT_ALL_TABLES" in self.sql_mode)

    def too_long(self, col: str) -> None:
        """Field_longstr::report_if_important_data for a value cut to fit."""
        if self.strict and not self.ignore:
            raise error("ER_DATA_TOO_LONG", col, self.condition_row)
        if self.abort_on_warning:
            self.notes.append(note("Warning", "ER_DATA_TOO_LONG", col, self.condition_row))
        else:
            self.notes.append(note("Warning", "WARN_DATA_TRUNCATED", col, self.condition_row))


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

    def codec_value(self) -> Callable[[Any], Any]:
        """How a stored value becomes the row codec's value (Field::pack's job, so the
        binlog layers never look inside the SQL layer's types)."""
        return _codec_value(self)

    @property
    def table_map_metadata_kind(self) -> str:
        """MySQL 8.0's Table_map optional metadata lists the column under SIGNEDNESS
        ("numeric") or DEFAULT_CHARSET ("char", or "binary" for charset 63); "" for neither."""
        return _table_map_metadata_kind(self)

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

_INT_RANGES = {"TINYINT": (1, T_TINY, 4), "SMALLINT": (2, T_SHORT, 6), "MEDIUMINT": (3, T_INT24, 9),
               "INT": (4, T_LONG, 11), "BIGINT": (8, T_LONGLONG, 20)}


def _string_status(t: "ColumnType", status: str, kind: str, s: str, col: str, ctx: "WriteContext") -> None:
    """Report a string-to-number conversion the way the server words it."""
    if ctx.mysql_stores:
        status, kind = mysql_string_status(t, status, kind, col, ctx)
    if status == "ok":
        return
    if status == "space":
        ctx.notes.append(note("Note", "WARN_DATA_TRUNCATED", col, ctx.condition_row))
    elif status == "trunc":
        t._data_error(ctx, "WARN_DATA_TRUNCATED", col, ctx.condition_row)
    elif status == "bad":
        t._data_error(ctx, "ER_TRUNCATED_WRONG_VALUE_FOR_FIELD", kind, s, ctx.db, ctx.table, col, ctx.condition_row)


def _scan_integer(t: "ColumnType", value: str | bytes, col: str,
                  ctx: "WriteContext") -> tuple[Decimal | None, str, str]:
    """A string stored into an integer-valued column (INT, YEAR): its leading number,
    the scan's status and the text. A string with no number at all is reported here
    (the caller stores 0); any other status is the caller's to report, because INT
    lets an out-of-range value win over the truncation report and YEAR does not."""
    num, status, s = _scan_text(value)
    if num is None:
        _string_status(t, status, "integer", s, col, ctx)
    return num, status, s


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
        value = stored_number(self, value, "INTEGER", ctx)  # an ENUM/SET member's number, a JSON value's
        if isinstance(value, int):
            # an integer literal beyond the 64-bit range is a DECIMAL item in the server
            v = value if -(1 << 63) <= value < (1 << 64) else self._decimal_to_longlong(value, col, ctx)
        elif isinstance(value, Decimal):
            v = self._decimal_to_longlong(int(value.to_integral_value(ROUND_HALF_UP)), col, ctx)
        elif isinstance(value, float):
            v = int(Decimal(repr(value)).to_integral_value(ROUND_HALF_UP))
        elif isinstance(value, (str, bytes)):
            num, status, s = _scan_integer(self, value, col, ctx)
            if num is None:
                return 0
            v = int(num.to_integral_value(ROUND_HALF_UP))
            if v < self.lo or v > self.hi:
                # Out of range wins over the truncation report (one warning per value).
                status = "ok"
            _string_status(self, status, "integer", s, col, ctx)
        elif isinstance(value, (dt.date, dt.datetime, ZeroDate, dt.timedelta)):
            v = int(temporal_number(value))
        else:
            v = int(value)
        if v < self.lo or v > self.hi:
            self._data_error(ctx, "ER_WARN_DATA_OUT_OF_RANGE", col, ctx.condition_row)
            v = self.lo if v < self.lo else self.hi
        return v

    def _decimal_to_longlong(self, v: int, col: str, ctx: WriteContext) -> int:
        """Field_int::store_decimal converts to a longlong first (convert_decimal2longlong):
        a DECIMAL beyond the signed (unsigned) 64-bit range is 1264 there, clamped, and
        stored -- a column narrower than BIGINT reports 1264 a second time (observed:
        two 1264 for 18446744073709551616 into an INT, two errors when strict)."""
        lo, hi = (0, (1 << 64) - 1) if self.unsigned else (-(1 << 63), (1 << 63) - 1)
        if lo <= v <= hi or (self.unsigned and v < 0):  # a negative for unsigned: one warning, below
            return v
        v = hi if v > hi else lo
        if ctx.strict and not ctx.ignore:
            err = error("ER_WARN_DATA_OUT_OF_RANGE", col, ctx.condition_row)
            if v < self.lo or v > self.hi:
                err.trailing_notes.append(note("Error", "ER_WARN_DATA_OUT_OF_RANGE", col, ctx.condition_row))
            raise err
        ctx.notes.append(note("Warning", "ER_WARN_DATA_OUT_OF_RANGE", col, ctx.condition_row))
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
        value = stored_number(self, value, "DECIMAL", ctx)  # an ENUM/SET member's number, a JSON value's
        if isinstance(value, (str, bytes)):
            num, status, s = _scan_text(value)
            if status != "ok":
                _string_status(self, status, "decimal", s, col, ctx)
                if status != "space":
                    # The server reports one problem per value: a cut string is not also rounded.
                    q = (num or Decimal(0)).quantize(self.quantum, ROUND_HALF_UP)
                    return self._clamp(q, col, ctx, warn=False)
            d = num if num is not None else Decimal(0)
            if status == "space" and not ctx.mysql_stores:  # MySQL: the spaces are no cut; a rounding is
                return self._clamp(d.quantize(self.quantum, ROUND_HALF_UP), col, ctx, warn=True)
        elif isinstance(value, float):
            d = Decimal(repr(value))
        elif isinstance(value, (dt.date, ZeroDate, dt.timedelta)):
            d = temporal_number(value)
        else:
            d = Decimal(value)
        q = d.quantize(self.quantum, ROUND_HALF_UP)
        lo = Decimal(0) if self.unsigned else -self.max
        if q > self.max or q < lo:
            return self._clamp(q, col, ctx, warn=True)
        if q != d:
            ctx.notes.append(note("Note", "WARN_DATA_TRUNCATED", col, ctx.condition_row))
        return q + 0 if q else abs(q)

    def _clamp(self, q: Decimal, col: str, ctx: WriteContext, warn: bool) -> Decimal:
        lo = Decimal(0) if self.unsigned else -self.max
        if q > self.max or q < lo:
            self._data_error(ctx, "ER_WARN_DATA_OUT_OF_RANGE", col, ctx.condition_row)
            return self.max if q > self.max else lo
        return q + 0 if q else abs(q)

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


_FLT_MAX = struct.unpack("<f", b"\xff\xff\x7f\x7f")[0]
_DBL_MAX = 1.7976931348623157e308


class FloatType(ColumnType):
    """FLOAT / DOUBLE, optionally (M,D): a fixed number of decimals and a bounded range."""

    is_numeric = True

    def __init__(self, double: bool, unsigned: bool = False, m: int | None = None, d: int | None = None) -> None:
        self.double = double
        self.unsigned = unsigned
        self.m, self.d = m, d
        self.name = "DOUBLE" if double else "FLOAT"
        self.protocol_type = self.binlog_type = T_DOUBLE if double else T_FLOAT

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        value = stored_number(self, value, "DOUBLE", ctx)  # an ENUM/SET member's number, a JSON value's
        if isinstance(value, (str, bytes)):
            num, status, s = _scan_text(value)
            _string_status(self, status, "double", s, col, ctx)
            try:
                f = float(num) if num is not None else 0.0
            except OverflowError:
                f = float("inf") if num > 0 else float("-inf")  # type: ignore[operator]
        elif isinstance(value, (dt.date, ZeroDate, dt.timedelta)):
            f = float(temporal_number(value))
        else:
            f = float(value)
        if self.unsigned and f < 0:
            self._data_error(ctx, "ER_WARN_DATA_OUT_OF_RANGE", col, ctx.condition_row)
            return 0.0
        if self.d is not None and self.m is not None:
            # truncate_double(): the fraction is rounded half-even (rint) on its own, then added back.
            scale = 10.0 ** self.d
            if not math.isinf(f):
                fl = math.floor(f)
                f = fl + round((f - fl) * scale) / scale
            limit = 10.0 ** (self.m - self.d) - 1.0 / scale
            if abs(f) > limit:
                self._data_error(ctx, "ER_WARN_DATA_OUT_OF_RANGE", col, ctx.condition_row)
                return limit if f > 0 else -limit
        top = _DBL_MAX if self.double else _FLT_MAX
        if abs(f) > top:
            self._data_error(ctx, "ER_WARN_DATA_OUT_OF_RANGE", col, ctx.condition_row)
            f = top if f > 0 else -top
        if not self.double:
            f = struct.unpack("<f", struct.pack("<f", f))[0]
        return f

    def to_text(self, value: Any) -> str:
        if self.d is not None:
            return f"{value:.{self.d}f}"
        return format_float(value, 17 if self.double else 6)

    def binlog_metadata(self) -> int:
        return 8 if self.double else 4

    def display_length(self) -> int:
        if self.m is not None:
            return self.m
        return 22 if self.double else 12

    def decimals(self) -> int:
        return 31 if self.d is None else self.d

    def flags(self) -> int:
        return NUM_FLAG | (UNSIGNED_FLAG if self.unsigned else 0)

    def default_value(self) -> Any:
        return 0.0


# --------------------------------------------------------------------- strings


def string_metadata(real_type: int, length: int) -> int:
    """Table-map metadata of a STRING-typed column: real type and byte length.

    Lengths above 255 borrow two bits of the real-type byte (the server's
    encoding), so both fit in two bytes.
    """
    b0 = real_type ^ ((length & 0x300) >> 4)
    return (b0 << 8) | (length & 0xFF)


def _printable(b: bytes) -> str:
    """convert_to_printable(): the bytes an error message quotes, at most 6 of them."""
    out = "".join(chr(c) if 0x20 <= c < 0x7F else f"\\x{c:02X}" for c in b[:6])
    return out + ("..." if len(b) > 6 else "")


class StringType(ColumnType):
    """CHAR / VARCHAR / TEXT: character data in the column's character set."""

    is_string = True

    def __init__(self, kind: str, length: int, charset: int = CHARSET_UTF8MB4_GENERAL_CI, mbmaxlen: int = 4,
                 cs: Charset | None = None, binary_collation: bool = False) -> None:
        self.name = kind
        self.length = length
        self.cs = cs or CHARSETS["utf8mb4"]
        self.charset = charset
        self.mbmaxlen = self.cs.mbmaxlen if cs is not None else mbmaxlen
        self.binary_collation = binary_collation
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

    def encode(self, s: str) -> bytes:
        """The stored bytes (row images carry the column's own character set)."""
        if self.cs.codec == "utf-8":
            return s.encode("utf-8")
        out = bytearray()
        for ch in s:
            try:
                out += ch.encode(self.cs.codec)
            except UnicodeEncodeError:
                out.append(ord(ch))  # the cp1252 holes map to themselves
        return bytes(out)

    def _convert(self, s: str, col: str, ctx: WriteContext) -> str:
        """Characters the column's charset cannot hold become '?' with a 1366."""
        cs = self.cs
        if cs.name == "utf8mb4":
            return s
        bad = -1
        chars = []
        for i, ch in enumerate(s):
            ok = ord(ch) <= 0xFFFF if cs.name == "utf8mb3" else self._encodable(ch)
            if not ok:
                if bad < 0:
                    bad = i
                chars.append("?")
            else:
                chars.append(ch)
        if bad < 0:
            return s
        self._data_error(ctx, "ER_TRUNCATED_WRONG_VALUE_FOR_FIELD", "string", _printable(s[bad:].encode("utf-8")),
                         ctx.db, ctx.table, col, ctx.condition_row)
        return "".join(chars)

    def _encodable(self, ch: str) -> bool:
        if ord(ch) in _CP1252_HOLES:
            return self.cs.codec == "cp1252"
        try:
            ch.encode(self.cs.codec)
            return True
        except UnicodeEncodeError:
            return False

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        if isinstance(value, str):
            s = value
        elif isinstance(value, bytes) and self.cs.codec == "utf-8":
            try:
                s = value.decode("utf-8")
            except UnicodeDecodeError as exc:
                # A binary string that is not well-formed UTF-8: 1366 naming the bytes from
                # the first bad one (strict: an error); otherwise each bad byte becomes '?'.
                self._data_error(ctx, "ER_TRUNCATED_WRONG_VALUE_FOR_FIELD", "string",
                                 _printable(value[exc.start:]), ctx.db, ctx.table, col, ctx.condition_row)
                s = _NOT_UTF8_BYTE.sub("?", value.decode("utf-8", "surrogateescape"))
        elif isinstance(value, bytes) and self.cs.name == "cp932":
            s = well_formed(value, self.cs.name, self.cs.codec)
        elif isinstance(value, bytes):
            s = value.decode("utf-8", "replace")
        else:
            s = value_to_string(value)
        s = self._convert(s, col, ctx)
        if self.is_blob:
            limit = (1 << (8 * self.pack_length)) - 1
            b = self.encode(s)
            if len(b) > limit:
                kept = b[:limit].decode("utf-8", "ignore") if self.cs.codec == "utf-8" else s[:limit]
                self._too_long(s[len(kept):], True, col, ctx)
                s = kept
            return self._tagged(s)
        if len(s) > self.length:
            self._too_long(s[self.length:], self.name != "CHAR", col, ctx)
            s = s[:self.length]
        if self.name == "CHAR":
            s = s.rstrip(" ")
        return self._tagged(s)

    def _tagged(self, s: str) -> str:
        if self.charset == CHARSET_UTF8MB4_GENERAL_CI:
            return s
        return CharsetStr(s, self.charset, self.cs.codec)

    def _too_long(self, rest: str, count_spaces: bool, col: str, ctx: WriteContext) -> None:
        """report_if_important_data(): cut spaces are a Note (none for CHAR), anything else 1406/1265."""
        if rest.strip(" ") == "":
            if count_spaces:
                ctx.notes.append(note("Note", "WARN_DATA_TRUNCATED", col, ctx.condition_row))
            return
        ctx.too_long(col)

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
        if self.binary_collation:
            return bin_collation_key(value)
        return swedish_collation_key(value) if self.charset == CHARSET_LATIN1_SWEDISH_CI else collation_key(value)

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
            ctx.too_long(col)
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


class MemberStr(str):
    """An ENUM/SET value read in an expression: its member text, which also knows the
    number it is stored as (Field_enum::val_int: the index; a SET's bitmask). A numeric
    column storing it, and arithmetic on it, take that number (observed: an ENUM 'b'
    copied into a DECIMAL column is 2.00). Any string operation yields a plain str."""

    __slots__ = ("number", "members")
    number: int
    members: tuple[str, ...]  # the source column's member list

    def __new__(cls, value: str, number: int, members: tuple[str, ...] = ()) -> "MemberStr":
        obj = super().__new__(cls, value)
        obj.number = number
        obj.members = members
        return obj


class _MemberListType(ColumnType):
    """What ENUM and SET share: a list of member strings, stored as a number
    (an index, a bitmask) that is logged as a STRING column with the real type in
    its metadata, and compared by that number (as the server sorts them)."""

    protocol_type = T_STRING
    binlog_type = T_STRING
    is_string = True

    def __init__(self, values: list[str]) -> None:
        self.values = values

    @staticmethod
    def _member_string(value: Any) -> str:
        """The text a stored value is matched against the members with."""
        return value.decode("utf-8", "replace") if isinstance(value, bytes) else value_to_string(value)

    def to_text(self, value: Any) -> str:
        if isinstance(value, str):  # already read as member text (an expression's result)
            return value
        return self._members_text(value)

    def _members_text(self, value: int) -> str:
        raise NotImplementedError

    def sort_key(self, value: Any) -> Any:
        return value


class EnumType(_MemberListType):
    """ENUM: stored as the 1-based index; 0 is the '' error value."""

    name = "ENUM"

    def __init__(self, values: list[str]) -> None:
        super().__init__(values)
        self._index = {collation_key(v): i + 1 for i, v in enumerate(values)}

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        if isinstance(value, MemberStr) and (value.members == tuple(self.values) or value.number == 0):
            # Copy_field's do_field_eq: a column of the same definition copies the stored
            # index, the '' error value (0) too, without a warning; another ENUM's error
            # value is stored as this one's, silently too (observed)
            return value.number if value.members == tuple(self.values) else 0
        if isinstance(value, int) and not isinstance(value, bool):
            if 0 <= value <= len(self.values):
                if value == 0:
                    self._data_error(ctx, "WARN_DATA_TRUNCATED", col, ctx.condition_row)
                return value
            self._data_error(ctx, "WARN_DATA_TRUNCATED", col, ctx.condition_row)
            return 0
        s = self._member_string(value)
        idx = self._index.get(collation_key(s))
        if idx is None and s.strip().isdigit() and 0 < int(s) <= len(self.values):
            return int(s)
        if idx is None:
            self._data_error(ctx, "WARN_DATA_TRUNCATED", col, ctx.condition_row)
            return 0
        return idx

    def _members_text(self, value: int) -> str:
        return self.values[value - 1] if value else ""

    def binlog_metadata(self) -> int:
        return string_metadata(T_ENUM, 1 if len(self.values) < 256 else 2)

    def display_length(self) -> int:
        return max((len(v) for v in self.values), default=0) * 4

    def flags(self) -> int:
        return ENUM_FLAG

    def default_value(self) -> Any:
        return 1


# -------------------------------------------------------------------- temporal

class _TemporalBase(ColumnType):
    """What DATE, DATETIME and TIMESTAMP share: reading a value into parts and the warnings."""

    kind_word = "date"
    fsp = 0  # fractional-second digits (DATETIME(n), TIMESTAMP(n), TIME(n)); DATE has none

    def binlog_metadata(self) -> int:
        """DATETIME2/TIMESTAMP2/TIME2 Table_map metadata: the fractional-second digits."""
        return self.fsp

    def decimals(self) -> int:
        return self.fsp

    def _with_fraction(self, text: str, microsecond: int) -> str:
        """``text`` followed by the fsp leading digits of the fraction, as the server
        prints a DATETIME(n)/TIME(n) (truncated, never rounded: the value already is)."""
        return text + "." + f"{microsecond:06d}"[:self.fsp] if self.fsp else text

    def _display_width(self, whole: int) -> int:
        """The column's display length: the whole part plus the point and the fraction."""
        return whole + (self.fsp + 1 if self.fsp else 0)

    def _problem(self, ctx: WriteContext, col: str, value: Any, name: str = "WARN_DATA_TRUNCATED") -> None:
        """set_datetime_warning(): 1292 when the statement aborts on warnings, else a Warning."""
        if ctx.strict and not ctx.ignore:
            raise error("ER_TRUNCATED_WRONG_VALUE_IN_FIELD", self.kind_word, value_to_string(value), ctx.db,
                        ctx.table, col, ctx.condition_row)
        ctx.notes.append(note("Warning", name, col, ctx.condition_row))

    def _read(self, value: Any) -> tuple[Any, str]:
        if isinstance(value, (dt.date, ZeroDate)):
            return T.parts_of(value), T.OK
        if isinstance(value, bool):
            value = int(value)
        if isinstance(value, (int, Decimal, float)):
            return T.number_to_datetime(value)
        if isinstance(value, dt.timedelta):
            return None, T.BAD
        s = value.decode("utf-8", "replace") if isinstance(value, bytes) else value_to_string(value)
        return T.parse_datetime(s)

    def _coerce_parts(self, value: Any, col: str, ctx: WriteContext) -> Any:
        """Parts to store, ZeroDate() after a rejected value; None never (NULL handled earlier)."""
        p, verdict = self._read(value)
        if p is None:
            text = value.decode("latin1") if isinstance(value, bytes) else value_to_string(value)
            out = ctx.mysql_stores and (T.number_out_of_datetime_range(value) or impossible_day(text))
            self._problem(ctx, col, value, "ER_WARN_DATA_OUT_OF_RANGE" if out else "WARN_DATA_TRUNCATED")
            return T.Parts()
        modes = ctx.sql_mode
        if p.zero_date:
            if "NO_ZERO_DATE" in modes:
                # check_date(): a zero date refused by NO_ZERO_DATE is out of range, 1264 (MariaDB's
                # TIMESTAMP, stored through its own conversion, 1265; probed; strict: 1292 either way).
                self._problem(ctx, col, value, "WARN_DATA_TRUNCATED" if getattr(self, "timestamp", False)
                              and not ctx.mysql_stores else "ER_WARN_DATA_OUT_OF_RANGE")
        elif p.zero_in_date and ("NO_ZERO_IN_DATE" in modes or self.kind_word == "datetime" and self.timestamp):
            self._problem(ctx, col, value, "ER_WARN_DATA_OUT_OF_RANGE" if ctx.mysql_stores
                          else "WARN_DATA_TRUNCATED")
            return T.Parts()
        if verdict == T.TRUNC:
            self._problem(ctx, col, value)
        elif ctx.mysql_stores and verdict == T.NOTE and not (self.kind_word == "date" and p.has_time):
            pass  # more than six fractional digits: rounded, no Note (9.7.4 [bytes] types_temporal_nonstrict)
        elif ctx.mysql_stores and ctx.abort_on_warning and self.kind_word == "date" and p.has_time:
            # a time part cut off a DATE under a strict sql_mode is a Note 1292 `Incorrect date
            # value: '...' for column` (9.7.4 [bytes] types_temporal_strict: '2024-01-01 10:00:00';
            # not strict: Note 1265, as MariaDB's, types_temporal_nonstrict)
            e = error("ER_TRUNCATED_WRONG_VALUE_IN_FIELD", self.kind_word, value_to_string(value), ctx.db, ctx.table,
                      col, ctx.condition_row)
            ctx.notes.append(Note("Note", e.code, e.message))
        elif verdict == T.NOTE or (self.kind_word == "date" and p.has_time):
            ctx.notes.append(note("Note", "WARN_DATA_TRUNCATED", col, ctx.condition_row))
        return p


class DateType(_TemporalBase):
    protocol_type = T_DATE
    binlog_type = T_DATE
    name = "DATE"
    kind_word = "date"
    timestamp = False

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        return to_date_value(self._coerce_parts(value, col, ctx))

    def to_text(self, value: Any) -> str:
        return f"{value.year:04d}-{value.month:02d}-{value.day:02d}"

    def display_length(self) -> int:
        return 10

    def default_value(self) -> Any:
        return ZeroDate()

    def sort_key(self, value: Any) -> Any:
        return (value.year, value.month, value.day)


class DateTimeType(_TemporalBase):
    """DATETIME(fsp) and TIMESTAMP(fsp), logged as DATETIME2 / TIMESTAMP2."""

    kind_word = "datetime"

    def __init__(self, timestamp: bool, fsp: int = 0) -> None:
        self.timestamp = timestamp
        self.fsp = fsp
        self.name = "TIMESTAMP" if timestamp else "DATETIME"
        self.protocol_type = T_TIMESTAMP if timestamp else T_DATETIME
        self.binlog_type = T_TIMESTAMP2 if timestamp else T_DATETIME2

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        warned = len(ctx.notes)
        p = self._coerce_parts(value, col, ctx)
        if ctx.mysql_stores and len(ctx.notes) > warned and not any(
                (p.year, p.month, p.day, p.hour, p.minute, p.second, p.microsecond)):
            # the conversion failed and left the zero ('x', '2024-13-01', a zero date NO_ZERO_DATE
            # refuses): no time zone read (harness/sql/stmt/time_zone.py)
            return RejectedDateTime()
        carry = False
        if rounds_fraction(ctx) and p.microsecond:
            micro = round_micro(p.microsecond, self.fsp)
            carry, micro = micro >= 1_000_000, micro % 1_000_000
        else:
            micro = T.truncate_micro(p.microsecond, self.fsp)
        p = T.Parts(p.year, p.month, p.day, p.hour, p.minute, p.second, micro)
        v = T.to_datetime_value(p)
        if carry and isinstance(v, dt.datetime):
            # my_datetime_round: the rounded-up second carries into the date
            v = v + dt.timedelta(seconds=1) if v < dt.datetime(9999, 12, 31, 23, 59, 59) else v
        if self.timestamp and isinstance(v, dt.datetime) and not T.TIMESTAMP_MIN <= v <= (ctx.timestamp_max or T.TIMESTAMP_MAX):
            self._problem(ctx, col, value, "ER_WARN_DATA_OUT_OF_RANGE")
            return RejectedTimestamp()
        return v

    def to_text(self, value: Any) -> str:
        return self._with_fraction(f"{value.year:04d}-{value.month:02d}-{value.day:02d} "
                                   f"{value.hour:02d}:{value.minute:02d}:{value.second:02d}", value.microsecond)

    def display_length(self) -> int:
        return self._display_width(19)

    def flags(self) -> int:
        return BINARY_FLAG

    def default_value(self) -> Any:
        return ZeroDateTime()

    def sort_key(self, value: Any) -> Any:
        return (value.year, value.month, value.day, value.hour, value.minute, value.second, value.microsecond)


_TIME_MAX_US = ((838 * 60 + 59) * 60 + 59) * 1_000_000 + 999_999


class TimeType(_TemporalBase):
    protocol_type = T_TIME
    binlog_type = T_TIME2
    name = "TIME"
    kind_word = "time"

    def __init__(self, fsp: int = 0) -> None:
        self.fsp = fsp

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        if isinstance(value, dt.timedelta):
            total, verdict = (value.days * 86400 + value.seconds) * 1_000_000 + value.microseconds, T.OK
        elif isinstance(value, (dt.datetime, ZeroDate)):
            # the time of day; a date part that is not zero is cut with a note (observed:
            # 1265 Note for '2023-05-06 10:11:12', none for '0000-00-00 10:00:00')
            total = ((value.hour * 60 + value.minute) * 60 + value.second) * 1_000_000 + value.microsecond
            verdict = T.NOTE if value.year or value.month or value.day else T.OK
        elif isinstance(value, dt.date):
            total, verdict = 0, T.NOTE  # a DATE is midnight, its date cut (observed)
        elif isinstance(value, (int, Decimal, float)) and not isinstance(value, bool):
            total, verdict = T.number_to_time(value)
        else:
            s = value.decode("utf-8", "replace") if isinstance(value, bytes) else value_to_string(value)
            total, verdict = T.parse_time(s)
        if total is None and ctx.mysql_stores and T.is_number(value) and abs(value) > T.TIME_MAX_NUMBER:
            total, verdict = (_TIME_MAX_US + 1) * (1 if value > 0 else -1), T.OK  # my_time.cc number_to_time: 1264
        if total is None:
            # a minute or second past 59 in a well-formed time is MYSQL_TIME_WARN_OUT_OF_RANGE in
            # MySQL's str_to_time (9.7.4 [bytes] types_temporal_nonstrict: '12:60:00' -> 1264)
            self._problem(ctx, col, value, "ER_WARN_DATA_OUT_OF_RANGE" if ctx.mysql_stores
                          and minutes_past_59(value) else "WARN_DATA_TRUNCATED")
            return dt.timedelta(0)
        if abs(total) > _TIME_MAX_US:
            self._problem(ctx, col, value, "ER_WARN_DATA_OUT_OF_RANGE")
            total = _TIME_MAX_US if total > 0 else -_TIME_MAX_US
        elif verdict == T.TRUNC:
            self._problem(ctx, col, value)
        elif verdict == T.NOTE:
            ctx.notes.append(note("Note", "WARN_DATA_TRUNCATED", col, ctx.condition_row))
        neg = total < 0
        a = abs(total)
        if rounds_fraction(ctx):
            a = min(a // 1_000_000 * 1_000_000 + round_micro(a % 1_000_000, self.fsp), _TIME_MAX_US)
        else:
            a = a // 1_000_000 * 1_000_000 + T.truncate_micro(a % 1_000_000, self.fsp)
        return dt.timedelta(microseconds=-a if neg else a)

    def to_text(self, value: Any) -> str:
        total = (value.days * 86400 + value.seconds) * 1_000_000 + value.microseconds
        sign = "-" if total < 0 else ""
        total = abs(total)
        secs, micro = divmod(total, 1_000_000)
        return self._with_fraction(f"{sign}{secs // 3600:02d}:{secs // 60 % 60:02d}:{secs % 60:02d}", micro)

    def display_length(self) -> int:
        return self._display_width(10)

    def default_value(self) -> Any:
        return dt.timedelta(0)


class YearType(ColumnType):
    protocol_type = binlog_type = T_YEAR
    name = "YEAR"
    is_numeric = True

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        if isinstance(value, (str, bytes)):
            num, status, s = _scan_integer(self, value, col, ctx)
            if num is None:
                return 0
            _string_status(self, status, "integer", s, col, ctx)
            v = int(num.to_integral_value(ROUND_HALF_UP))
            if v == 0 and status == "ok":
                return 2000  # the string '0' / '00' is the year 2000, the number 0 is 0000
        elif isinstance(value, (dt.date, ZeroDate)):
            v = value.year
        else:
            v = int(Decimal(repr(value) if isinstance(value, float) else value).to_integral_value(ROUND_HALF_UP))
        if 0 < v < 70:
            v += 2000
        elif 70 <= v < 100:
            v += 1900
        if v != 0 and not 1901 <= v <= 2155:
            self._data_error(ctx, "ER_WARN_DATA_OUT_OF_RANGE", col, ctx.condition_row)
            return 0
        return v

    def to_text(self, value: Any) -> str:
        return f"{value:04d}"

    def display_length(self) -> int:
        return 4


SET_FLAG = 2048


class SetType(_MemberListType):
    """SET: stored as a bitmask of members; logged as STRING with real type SET."""

    name = "SET"

    def __init__(self, values: list[str]) -> None:
        super().__init__(values)
        self._bit = {collation_key(v): 1 << i for i, v in enumerate(values)}
        self.mask = (1 << len(values)) - 1
        n = (len(values) + 7) // 8
        self.pack_length = 8 if n > 4 else n

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        if isinstance(value, (int, Decimal, float)) and not isinstance(value, bool):
            v = int(value)
            if v & ~self.mask or v < 0:
                self._data_error(ctx, "WARN_DATA_TRUNCATED", col, ctx.condition_row)
                return v & self.mask
            return v
        s = self._member_string(value)
        if s == "":
            return 0
        v, bad = 0, False
        for part in s.split(","):
            bit = self._bit.get(collation_key(part))
            if bit is None:
                bad = True
            else:
                v |= bit
        if bad and v == 0 and s.strip().isdigit():
            return self.coerce(int(s), col, ctx)
        if bad:
            self._data_error(ctx, "WARN_DATA_TRUNCATED", col, ctx.condition_row)
        return v

    def _members_text(self, value: int) -> str:
        return ",".join(m for i, m in enumerate(self.values) if value >> i & 1)

    def binlog_metadata(self) -> int:
        return string_metadata(T_SET, self.pack_length)

    def display_length(self) -> int:
        return (sum(len(v) for v in self.values) + max(len(self.values) - 1, 0)) * 4

    def flags(self) -> int:
        return SET_FLAG

    def default_value(self) -> Any:
        return 0


class BitType(ColumnType):
    """BIT(n): an unsigned integer of n bits, shown and logged as big-endian bytes."""

    protocol_type = binlog_type = T_BIT
    name = "BIT"
    charset = CHARSET_BINARY

    def __init__(self, bits: int) -> None:
        self.bits = bits
        self.nbytes = (bits + 7) // 8
        self.max = (1 << bits) - 1

    def coerce(self, value: Any, col: str, ctx: WriteContext) -> Any:
        if value is None:
            return None
        if isinstance(value, bytes):
            v = int.from_bytes(value, "big") if value else 0
        elif isinstance(value, str):
            b = value.encode("utf-8")
            v = int.from_bytes(b, "big") if b else 0
        elif isinstance(value, (Decimal, float)):
            v = int(Decimal(repr(value) if isinstance(value, float) else value).to_integral_value(ROUND_HALF_UP))
        elif isinstance(value, (dt.date, ZeroDate, dt.timedelta)):
            v = int(temporal_number(value))
        else:
            v = int(value)
        if v < 0:
            v &= 0xFFFFFFFFFFFFFFFF
        if v > self.max:
            # Field_bit::store: out of range is 1264 as a warning but "too long" when it aborts.
            if ctx.strict and not ctx.ignore:
                raise error("ER_DATA_TOO_LONG", col, ctx.condition_row)
            ctx.notes.append(note("Warning", "ER_WARN_DATA_OUT_OF_RANGE", col, ctx.condition_row))
            v = self.max
        return v

    def to_text(self, value: Any) -> bytes:
        return value.to_bytes(self.nbytes, "big")

    def binlog_metadata(self) -> int:
        return (self.bits // 8) << 8 | (self.bits % 8)

    def display_length(self) -> int:
        return self.bits

    def flags(self) -> int:
        return UNSIGNED_FLAG

    def default_value(self) -> Any:
        return 0


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
        if value.hour or value.minute or value.second or isinstance(value, ZeroDateTime):
            s += f" {value.hour:02d}:{value.minute:02d}:{value.second:02d}"
        return s
    if isinstance(value, dt.timedelta):
        return TimeType(6 if value.microseconds else 0).to_text(value)
    return str(value)


def make_type(type_name: str, args: list[Any], unsigned: bool = False, zerofill: bool = False,
              charset: str | None = None, collation: str | None = None) -> ColumnType:
    """Build the ColumnType for a parsed column definition; raises ServerError if invalid."""
    t = type_name.upper()
    if t in ("CHAR", "VARCHAR", "TINYTEXT", "TEXT", "MEDIUMTEXT", "LONGTEXT") and \
            (charset or "").lower() == "binary":
        t = {"CHAR": "BINARY", "VARCHAR": "VARBINARY"}.get(t, t.replace("TEXT", "BLOB"))
        charset = None
    cs, coll_id, cs_bin = resolve_charset(charset, collation)
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
            raise error("ER_TOO_BIG_PRECISION", precision, 65)
        return DecimalType(precision, scale, unsigned)
    if t == "FLOAT":
        if len(args) == 2:
            return FloatType(False, unsigned, int(args[0]), int(args[1]))
        if args and int(args[0]) > 53:
            raise error("ER_WRONG_FIELD_SPEC_UNNAMED")
        return FloatType(bool(args) and int(args[0]) > 24, unsigned)
    if t in ("DOUBLE", "REAL"):
        if len(args) == 2:
            return FloatType(True, unsigned, int(args[0]), int(args[1]))
        return FloatType(True, unsigned)
    if t in ("CHAR", "VARCHAR"):
        length = int(args[0]) if args else (1 if t == "CHAR" else -1)
        if length < 0:
            raise error("ER_PARSE_ERROR", "VARCHAR requires a length")
        return StringType(t, length, coll_id, cs=cs, binary_collation=cs_bin)
    if t in ("TINYTEXT", "TEXT", "MEDIUMTEXT", "LONGTEXT"):
        return StringType(t, 0, coll_id, cs=cs, binary_collation=cs_bin)
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
    if t == "SET":
        if len(args) > 64:
            raise error("ER_TOO_BIG_SET", 64)
        return SetType([str(a) for a in args])
    if t == "BIT":
        bits = int(args[0]) if args else 1
        if bits > 64:
            raise error("ER_TOO_BIG_DISPLAYWIDTH", 64)
        return BitType(bits)
    from harness.sql.parse.parse_errors import UnsupportedError
    raise UnsupportedError(f"column type {t}")


# -- what the binlog layers ask of a column type ---------------------------------


def _codec_value(ctype: ColumnType) -> Callable[[Any], Any]:
    """How a stored value becomes the codec's value for this column type."""
    if isinstance(ctype, StringType):
        return ctype.encode
    if isinstance(ctype, BinaryType):
        if ctype.name == "BINARY":
            # Field_string::pack drops the pad character, 0x00 for the binary charset.
            return lambda v: v.rstrip(b"\0")
        return lambda v: v
    if isinstance(ctype, DateType):
        return lambda v: MyDate(v.year, v.month, v.day)
    if isinstance(ctype, DateTimeType):
        fsp = ctype.fsp
        if ctype.timestamp:
            def ts(v: Any) -> MyTimestamp:
                if isinstance(v, ZeroDate):
                    return MyTimestamp(0, 0, fsp)
                secs = calendar.timegm((v.year, v.month, v.day, v.hour, v.minute, v.second, 0, 0, 0))
                return MyTimestamp(secs, v.microsecond, fsp)
            return ts
        return lambda v: MyDateTime(v.year, v.month, v.day, v.hour, v.minute, v.second,
                                    getattr(v, "microsecond", 0), fsp)
    if isinstance(ctype, TimeType):
        fsp = ctype.fsp

        def tm(v: dt.timedelta) -> MyTime:
            total_us = (v.days * 86400 + v.seconds) * 1_000_000 + v.microseconds
            neg = total_us < 0
            total_us = abs(total_us)
            secs, us = divmod(total_us, 1_000_000)
            return MyTime(neg, secs // 3600, secs // 60 % 60, secs % 60, us, fsp)
        return tm
    return lambda v: v


def _table_map_metadata_kind(ctype: ColumnType) -> str:
    if isinstance(ctype, (IntType, DecimalType, FloatType)):
        return "numeric"
    if isinstance(ctype, BinaryType):
        return "binary"
    if isinstance(ctype, StringType):
        return "char"
    return ""
