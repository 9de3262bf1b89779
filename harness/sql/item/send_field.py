"""Result-set metadata of a computed select-list item, as MariaDB 10.11's Items give it.

A client learns a result column's type, length, scale, flags and character set from
the column definition, which the server builds from the fixed Item
(``Item::make_send_field``): the item's type handler, ``max_length``, ``decimals``,
``maybe_null``, ``unsigned_flag`` and collation, all decided in
``fix_length_and_dec`` before a row is read. This module follows those rules for the
expressions the SQL subset can select, so ``SELECT 1`` is described as INT(1) NOT NULL
whatever its values are. It answers ``None`` for an item whose rules are not modelled;
the caller then describes the column from its values, as before.

The rules (observed on 10.11 with PyMySQL's raw field packets, tests/sql/item/test_send_field.py;
sql/item*.cc ``fix_length_and_dec``):

* an integer item has a *precision* (digits; ``Item_int``: its characters less a
  minus sign, otherwise ``max_length`` less the sign) and is LONG up to 9 characters
  (10 when unsigned), else LONGLONG (``type_handler_long_or_longlong``);
* a decimal item's length is precision + (scale > 0) + 1 unless unsigned
  (``my_decimal_precision_to_length_no_truncation``);
* ``+``/``-``: scale max(s), precision max(p - s) + 1 + scale; ``*``: sums;
  ``/``: DECIMAL, scale s1 + div_precision_increment, precision p1 + s2 + increment;
  ``DIV``: integer of the dividend's integer digits; ``MOD``: max precision, max scale;
  unary minus: one character more; a DOUBLE or string operand makes every one of them
  DOUBLE(23, 31); all of them nullable if an operand is, ``/ DIV MOD`` always;
* comparisons and logical operators are INT(1), NOT NULL unless an operand is
  nullable (IS [NOT] NULL never is);
* the hybrid functions (COALESCE, IFNULL, IF, CASE, GREATEST, LEAST, MIN, MAX)
  aggregate their results: the widest integer type and max integer digits + sign,
  a DECIMAL of max integer digits and max scale, DOUBLE, or a string of the longest;
  :func:`aggregate_for_result`, :func:`case_result_items` and
  :func:`hybrid_func_result_items` are that aggregation, once: item_types.py
  (CREATE ... SELECT's column types) uses them too, so the two typers cannot
  drift apart on which results a hybrid function aggregates or on its nullability;
* strings are described in their collation with ``decimals`` 31+8 = 39
  (NOT_FIXED_DEC), except CAST(... AS CHAR), HEX() and the binary literals (0);
* COUNT is BIGINT(21) NOT NULL; SUM of an exact value DECIMAL(p + 22, s), AVG
  DECIMAL(p + increment, s + increment), of a DOUBLE DOUBLE.
"""

from __future__ import annotations

import dataclasses

from dataclasses import dataclass, replace
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence, TypeVar

from harness.sql.parse import parse_tree as A
from harness.sql.item.field import Column
from harness.sql.item.charsets import CHARSET_ALIASES, CHARSETS, COLLATIONS, Charset
from harness.sql.item.column_types import BinaryType, BitType, DecimalType, EnumType, FloatType, IntType, SetType, StringType
from harness.sql.item.column_types import DateTimeType, DateType, TimeType, YearType

if TYPE_CHECKING:
    from harness.sql.item.expr import Scope
    from harness.sql.thd import Thd

# enum_field_types
T_DECIMAL, T_TINY, T_SHORT, T_LONG, T_FLOAT, T_DOUBLE, T_NULL, T_TIMESTAMP, T_LONGLONG, T_INT24 = range(10)
T_DATE, T_TIME, T_DATETIME, T_YEAR = 10, 11, 12, 13
T_NEWDECIMAL, T_ENUM, T_SET, T_TINY_BLOB, T_MEDIUM_BLOB, T_LONG_BLOB, T_BLOB = 246, 247, 248, 249, 250, 251, 252
T_VAR_STRING, T_STRING = 253, 254

#: NOT_FIXED_DEC: the ``decimals`` of a value without a fixed scale (DOUBLE, most strings).
NOT_FIXED_DEC = 31
#: A string item's decimals as sent (NOT_FIXED_DEC + 8, the pre-10.x encoding MariaDB keeps).
STRING_DECIMALS = 39
#: DECIMAL_LONGLONG_DIGITS: the digits SUM adds to its argument's precision.
_SUM_EXTRA_DIGITS = 22
_INT_RANK = {T_TINY: 0, T_SHORT: 1, T_INT24: 2, T_LONG: 3, T_LONGLONG: 4}
_DOUBLE_LENGTH = 23  # float_length(NOT_FIXED_DEC): DBL_DIG + 8

INT, DECIMAL, REAL, STRING, TEMPORAL, NULL = "INT", "DECIMAL", "REAL", "STRING", "TEMPORAL", "NULL"


@dataclass(frozen=True)
class SendField:
    """What ``Item::make_send_field`` tells the protocol about one computed column.

    ``length`` is the item's ``max_length`` in *characters* for a character string (the
    protocol scales it by character_set_results' mbmaxlen) and in bytes otherwise;
    ``charset`` is None for the binary charset (numbers, temporals, binary strings).
    ``kind`` and ``prec`` are the item's result type and decimal precision, which the
    items built over it read."""

    type_code: int
    length: int
    decimals: int = 0
    unsigned: bool = False
    nullable: bool = True
    charset: Charset | None = None
    collation_id: int = 63
    kind: str = INT
    prec: int = 0

    @property
    def scale(self) -> int:
        return self.decimals if self.kind == DECIMAL else 0

    @property
    def int_part(self) -> int:
        """``decimal_int_part()``: the digits before the point."""
        return self.prec - self.scale


def _long_or_longlong(length: int, unsigned: bool) -> int:
    """``Type_handler::type_handler_long_or_longlong``."""
    return T_LONG if length <= (10 if unsigned else 9) else T_LONGLONG


def int_item(length: int, unsigned: bool = False, nullable: bool = True, prec: int | None = None,
             type_code: int | None = None) -> SendField:
    if prec is None:
        prec = length - (0 if unsigned or length == 0 else 1)
    return SendField(type_code if type_code is not None else _long_or_longlong(length, unsigned), length, 0,
                     unsigned, nullable, kind=INT, prec=prec)


def decimal_item(prec: int, scale: int, nullable: bool = True, unsigned: bool = False) -> SendField:
    prec, scale = min(prec, 65), min(scale, 38)
    length = prec + (1 if scale > 0 else 0) + (0 if unsigned or prec == 0 else 1)
    return SendField(T_NEWDECIMAL, length, scale, unsigned, nullable, kind=DECIMAL, prec=prec)


def real_item(nullable: bool = True, length: int = _DOUBLE_LENGTH, decimals: int = NOT_FIXED_DEC) -> SendField:
    return SendField(T_DOUBLE, length, decimals, False, nullable, kind=REAL)


def string_item(chars: int, cs: Charset | None, collation_id: int, nullable: bool = True,
                decimals: int = STRING_DECIMALS, type_code: int = T_VAR_STRING) -> SendField:
    return SendField(type_code, chars, decimals, False, nullable, cs, collation_id if cs is not None else 63,
                     kind=STRING)


def _bool_item(nullable: bool) -> SendField:
    return int_item(1, nullable=nullable, prec=1)


def temporal_item(type_code: int, fsp: int = 0, nullable: bool = True) -> SendField:
    base = {T_DATE: 10, T_DATETIME: 19, T_TIMESTAMP: 19, T_TIME: 10}[type_code]
    return SendField(type_code, base + (fsp + 1 if fsp else 0), fsp, False, nullable, kind=TEMPORAL)


class HybridArg(Protocol):
    """What the hybrid aggregation reads of an item (a SendField, or item_types.Item)."""

    @property
    def kind(self) -> str: ...
    @property
    def prec(self) -> int: ...
    @property
    def scale(self) -> int: ...
    @property
    def unsigned(self) -> bool: ...
    @property
    def nullable(self) -> bool: ...


_H = TypeVar("_H", bound=HybridArg)


@dataclass(frozen=True)
class HybridType:
    """``Type_handler_hybrid_field_type::aggregate_for_result``'s choice over a hybrid
    function's results, with what its numbers share (Item_hybrid_func_fix_attributes):
    ``int_digits`` is the max ``decimal_int_part()``, ``scale`` the max scale; an
    integer result is ``unsigned`` only when every result is."""

    kind: str  # INT DECIMAL REAL STRING TEMPORAL NULL
    unsigned: bool = False
    int_digits: int = 0
    scale: int = 0


def aggregate_for_result(items: Sequence[HybridArg]) -> HybridType | None:
    """The result type of a hybrid function over ``items`` (NULLs take no part):
    integers of one signedness stay integers, any other exact mix is a DECIMAL, a
    DOUBLE makes it DOUBLE, strings (or a string beside numbers) a string, temporals
    a temporal; None for a mix this aggregation does not model (a temporal beside
    anything else). The caller checks what its own items add (type codes, collations)."""
    typed = [i for i in items if i.kind != NULL]
    if not typed:
        return HybridType(NULL)
    kinds = {i.kind for i in typed}
    digits = max(i.prec - i.scale for i in typed)
    scale = max(i.scale for i in typed)
    if kinds == {INT} and len({i.unsigned for i in typed}) == 1:
        return HybridType(INT, typed[0].unsigned, digits)
    if kinds <= {INT, DECIMAL}:
        # A mix of signed and unsigned integers is a DECIMAL too.
        return HybridType(DECIMAL, False, digits, scale)
    if kinds <= {INT, DECIMAL, REAL}:
        return HybridType(REAL)
    if kinds == {TEMPORAL}:
        return HybridType(TEMPORAL)
    if STRING in kinds and TEMPORAL not in kinds:
        return HybridType(STRING)
    return None


def predicate_args(e: A.InList | A.Between | A.Like) -> list[A.Expr]:
    """The arguments of IN, BETWEEN and LIKE (Item_func_in, Item_func_between,
    Item_func_like): an INT(1) result, nullable when any of them is."""
    if isinstance(e, A.InList):
        return [e.expr, *e.items]
    if isinstance(e, A.Between):
        return [e.expr, e.low, e.high]
    return [e.expr, e.pattern]


def case_result_items(e: A.Case, item: Callable[[A.Expr], _H]) -> tuple[list[_H], bool]:
    """``Item_func_case``: its THEN and ELSE items, the ones whose types aggregate
    (the operand and the WHEN conditions are typed on the way), and whether the CASE
    is nullable: when any operand, condition or result is, or without an ELSE (observed)."""
    nullable = e.else_ is None
    if e.operand is not None:
        nullable |= item(e.operand).nullable
    results = []
    for cond, res in e.whens:
        nullable |= item(cond).nullable
        results.append(item(res))
    if e.else_ is not None:
        results.append(item(e.else_))
    return results, nullable or any(r.nullable for r in results)


def hybrid_func_result_items(name: str, args: list[_H]) -> tuple[list[_H], bool] | None:
    """The arguments of a hybrid function call whose types aggregate, and its
    nullability: COALESCE is NULL only when all its arguments are, IFNULL when its
    last is; IF (over its two branches) when any argument is, its condition too;
    GREATEST and LEAST when any argument is (observed). None: not a hybrid call."""
    if name in ("COALESCE", "IFNULL") and args:
        return args, all(a.nullable for a in args) if name == "COALESCE" else args[-1].nullable
    if name == "IF" and len(args) == 3:
        return args[1:], any(a.nullable for a in args)
    if name in ("GREATEST", "LEAST") and len(args) >= 2:
        return args, any(a.nullable for a in args)
    return None


def field_item(col: Column, nullable: bool | None = None) -> SendField | None:
    """An Item_field's attributes, for the items built over it (a column reference
    itself is described by the protocol layer from its table)."""
    t = col.type
    null = col.nullable if nullable is None else nullable
    if isinstance(t, IntType):
        return int_item(t.display_length(), t.unsigned, null, type_code=t.protocol_type)
    if isinstance(t, DecimalType):
        return decimal_item(t.precision, t.scale, null, t.unsigned)
    if isinstance(t, FloatType):
        return real_item(null, 22 if t.double else 12, t.decimals())
    if isinstance(t, YearType):
        return int_item(4, True, null, type_code=T_YEAR)
    if isinstance(t, DateTimeType):
        return temporal_item(T_TIMESTAMP if t.name == "TIMESTAMP" else T_DATETIME, t.fsp, null)
    if isinstance(t, DateType):
        return temporal_item(T_DATE, 0, null)
    if isinstance(t, TimeType):
        return temporal_item(T_TIME, t.fsp, null)
    if isinstance(t, (EnumType, SetType)):
        cs = CHARSETS.get(getattr(getattr(t, "cs", None), "name", "utf8mb4"), CHARSETS["utf8mb4"])
        chars = max((len(v) for v in t.values), default=0) if isinstance(t, EnumType) else \
            max(len(",".join(t.values)), 0)
        return string_item(chars, cs, t.charset, null, decimals=0,
                           type_code=T_ENUM if isinstance(t, EnumType) else T_SET)
    if isinstance(t, StringType):
        if t.is_blob:
            # A TEXT's max_length counts bytes; the protocol scales it like characters.
            return string_item(t.display_length(), t.cs or CHARSETS["utf8mb4"], t.charset, null, decimals=0,
                               type_code=t.protocol_type)
        cs = t.cs or CHARSETS["utf8mb4"]
        return string_item(t.length, cs, t.charset, null, decimals=0,
                           type_code=T_STRING if t.name == "CHAR" else T_VAR_STRING)
    if isinstance(t, BinaryType):
        if t.is_blob:
            return string_item(t.display_length(), None, 63, null, decimals=0, type_code=t.protocol_type)
        return string_item(t.length, None, 63, null, decimals=0,
                           type_code=T_STRING if t.name == "BINARY" else T_VAR_STRING)
    if isinstance(t, BitType):
        return None
    return None


#: Resolves a column reference of the statement to its column and whether an outer join
#: makes it nullable; None when it is not a plain table column (an outer reference, a view).
FieldResolver = Callable[[A.ColumnRef], "tuple[Column, bool] | None"]


class _Unmodelled(Exception):
    """An item whose metadata rules are not modelled: the caller falls back."""


class SendFieldTyper:
    """Derives the SendField of the items of one statement."""

    def __init__(self, resolve: FieldResolver, connection: Charset, connection_collation: int,
                 div_precision_increment: int, user_var: Callable[[str], tuple[bool, Any]] | None = None,
                 version: str = "", sys_var: Callable[[A.SysVar], tuple[str, Any]] | None = None) -> None:
        self.resolve = resolve
        self.conn, self.conn_coll = connection, connection_collation
        self.inc = div_precision_increment
        self.user_var = user_var
        self.version = version
        self.sys_var = sys_var
        self.group_concat_max_len = 1048576

    def send_field(self, e: A.Expr, text: str = "") -> SendField | None:
        """The item's metadata, or None when it is not modelled. ``text`` is the item as
        the statement spells it (a DOUBLE literal's length is its text's)."""
        try:
            if isinstance(e, A.Literal) and isinstance(e.value, float) and text:
                return real_item(False, len(text.strip()))
            if isinstance(e, A.Literal) and text.strip().upper() in ("TRUE", "FALSE"):
                return int_item(5, False, False, prec=1)  # Item_bool (observed: INT(5))
            return self.item(e)
        except _Unmodelled:
            return None

    # -- leaves

    def _str(self, chars: int, nullable: bool = True, decimals: int = STRING_DECIMALS) -> SendField:
        return string_item(chars, self.conn, self.conn_coll, nullable, decimals)

    def item(self, e: A.Expr) -> SendField:
        if isinstance(e, A.Literal):
            return self._literal(e.value)
        if isinstance(e, A.ColumnRef):
            found = self.resolve(e)
            if found is None:
                raise _Unmodelled("column")
            col, outer_nullable = found
            f = field_item(col, col.nullable or outer_nullable)
            if f is None:
                raise _Unmodelled("column type")
            return f
        if isinstance(e, A.Unary):
            return self._unary(e)
        if isinstance(e, A.Binary):
            return self._binary(e)
        if isinstance(e, A.IsNull):
            self.item(e.expr)
            return _bool_item(False)
        if isinstance(e, (A.InList, A.Between, A.Like)):
            return _bool_item(any(self.item(p).nullable for p in predicate_args(e)))
        if isinstance(e, A.Case):
            return self._case(e)
        if isinstance(e, A.UserVar):
            return self._user_var(e.name)
        if isinstance(e, A.SysVar):
            return self._sys_var(e)
        if isinstance(e, A.Assign):
            return self._assign(e)
        if isinstance(e, A.FuncCall):
            return self._func(e)
        if isinstance(e, A.WindowFunc):
            return self._window(e)
        raise _Unmodelled(type(e).__name__)

    def _window(self, e: A.WindowFunc) -> SendField:
        """Item_window_func: the ranking functions are BIGINT(21) (Item_sum_row_number
        and co.), an aggregate is typed as the aggregate, LAG/LEAD/FIRST_VALUE/LAST_VALUE
        as their argument (nullable)."""
        name = e.func.name
        if name in ("ROW_NUMBER", "RANK", "DENSE_RANK", "NTILE"):
            return int_item(21, False, False)
        if name in ("LAG", "LEAD", "FIRST_VALUE", "LAST_VALUE"):
            f = self.item(e.func.args[0])
            return dataclasses.replace(f, nullable=True)
        if name in ("PERCENT_RANK", "CUME_DIST"):
            raise _Unmodelled(name)
        return self._func(e.func)

    def _literal(self, v: Any) -> SendField:
        if v is None:
            return SendField(T_NULL, 0, 0, False, True, kind=NULL)
        if isinstance(v, bool):
            v = int(v)
        if isinstance(v, int):
            length = len(str(v))
            unsigned = v >= 1 << 63
            return int_item(length, unsigned, False, prec=length - (v < 0))
        if isinstance(v, Decimal):
            t = v.as_tuple()
            scale = max(-int(t.exponent), 0)
            int_digits = len(str(abs(int(v))))  # 0.5 has one: Item_decimal counts the 0
            return decimal_item(int_digits + scale, scale, False)
        if isinstance(v, float):
            return real_item(False, 0)  # its length is its text's, unknown here (see _length_of)
        if isinstance(v, str):
            return self._str(len(v), False)
        if isinstance(v, bytes):
            # A hexadecimal or bit literal (Item_hex_hybrid): binary, "unsigned", decimals 0.
            return SendField(T_VAR_STRING, len(v), 0, True, False, None, 63, kind=STRING)
        raise _Unmodelled("literal")

    def _user_var(self, name: str) -> SendField:
        """Item_func_get_user_var: typed by the variable's current value."""
        if self.user_var is None:
            raise _Unmodelled("user variable")
        found, v = self.user_var(name)
        if v is None:
            # Never set: MAX_BLOB_WIDTH; set to NULL: one less (observed).
            return SendField(T_LONG_BLOB, 16777215 if found else 16777216, STRING_DECIMALS, False, True, None, 63,
                             kind=STRING)
        if isinstance(v, bool) or isinstance(v, int):
            return int_item(20, int(v) >= 1 << 63, True, type_code=T_LONGLONG)
        if isinstance(v, Decimal):
            return SendField(T_NEWDECIMAL, 83, 38, False, True, kind=DECIMAL, prec=81)
        if isinstance(v, float):
            return real_item(True)
        if isinstance(v, str):
            return string_item(16777215, self.conn, self.conn_coll, True, type_code=T_LONG_BLOB)
        raise _Unmodelled("user variable value")

    # -- operators

    def _unary(self, e: A.Unary) -> SendField:
        a = self.item(e.operand)
        if e.op == "+":
            return a
        if e.op == "NOT":
            return _bool_item(a.nullable)
        if e.op == "~":
            return int_item(21, True, a.nullable, type_code=T_LONGLONG)
        if e.op == "-":
            if a.kind in (REAL, STRING):
                return real_item(a.nullable)
            if a.kind == DECIMAL and not isinstance(e.operand, A.Literal):
                return replace(a, length=a.length + 1, unsigned=False)
            if a.kind == INT:
                # Item_func_neg: one character more than the argument.
                return int_item(a.length + 1, False, a.nullable)
        raise _Unmodelled(f"unary {e.op}")

    @staticmethod
    def _numeric_kind(a: SendField, b: SendField) -> str:
        kinds = {a.kind, b.kind}
        if kinds & {TEMPORAL, NULL}:
            raise _Unmodelled("temporal or NULL arithmetic")
        if kinds & {REAL, STRING}:
            return REAL
        return DECIMAL if DECIMAL in kinds else INT

    def _binary(self, e: A.Binary) -> SendField:
        op = e.op.upper()
        if isinstance(e.right, A.Interval) and op in ("+", "-"):
            return self._date_add(self.item(e.left), e.right.unit)
        a, b = self.item(e.left), self.item(e.right)
        nullable = a.nullable or b.nullable
        if op in ("=", "<>", "!=", "<", ">", "<=", ">=", "AND", "OR", "XOR", "&&", "||"):
            return _bool_item(nullable)
        if op == "<=>":
            return _bool_item(False)
        if op in ("&", "|", "^", "<<", ">>"):
            return int_item(21, True, nullable, type_code=T_LONGLONG)
        if op not in ("+", "-", "*", "/", "DIV", "MOD", "%"):
            raise _Unmodelled(op)
        kind = self._numeric_kind(a, b)
        unsigned = a.unsigned or b.unsigned
        if op == "DIV":
            if kind == REAL:
                raise _Unmodelled("DIV of a DOUBLE")
            length = min(a.int_part, 20)
            return int_item(length, unsigned, True, prec=length)
        if kind == REAL:
            return real_item(True if op in ("/", "MOD", "%") else nullable)
        if op == "/":
            return decimal_item(a.prec + b.scale + self.inc, a.scale + self.inc, True)
        if op in ("MOD", "%"):
            scale = max(a.scale, b.scale)
            prec = max(a.prec, b.prec)
            if kind == INT:
                return int_item(prec + (0 if a.unsigned else 1), a.unsigned, True, prec=prec)
            return decimal_item(prec, scale, True, a.unsigned)
        if op == "*":
            scale, prec = a.scale + b.scale, a.prec + b.prec
        else:
            scale = max(a.scale, b.scale)
            prec = max(a.int_part, b.int_part) + 1 + scale
        if kind == INT:
            return int_item(prec + (0 if unsigned else 1), unsigned, nullable, prec=prec)
        return decimal_item(prec, scale, nullable, unsigned)

    def _date_add(self, a: SendField, unit: str) -> SendField:
        """DATE_ADD / DATE_SUB / ``+ INTERVAL``: a DATE stays a DATE for day-or-longer
        units, a DATETIME keeps its precision; always nullable (an invalid result is NULL)."""
        unit = unit.upper()
        if a.type_code == T_DATE:
            if unit in ("DAY", "WEEK", "MONTH", "QUARTER", "YEAR", "YEAR_MONTH"):
                return temporal_item(T_DATE, 0, True)
            if unit in ("HOUR", "MINUTE", "SECOND", "DAY_HOUR", "DAY_MINUTE", "DAY_SECOND", "HOUR_MINUTE",
                        "HOUR_SECOND", "MINUTE_SECOND"):
                return temporal_item(T_DATETIME, 0, True)
        if a.type_code in (T_DATETIME, T_TIMESTAMP) and "MICROSECOND" not in unit:
            return temporal_item(T_DATETIME, a.decimals, True)
        raise _Unmodelled("this interval arithmetic")

    # -- hybrid functions

    def _hybrid(self, items: list[SendField], nullable: bool) -> SendField:
        """:func:`aggregate_for_result` and the attributes of the chosen handler
        (Item_hybrid_func_fix_attributes): its type code, length and collation."""
        agg = aggregate_for_result(items)
        typed = [i for i in items if i.kind != NULL]
        if agg is None:
            raise _Unmodelled("mixed hybrid types")
        if agg.kind == NULL:
            return SendField(T_NULL, 0, 0, False, True, kind=NULL)
        if agg.kind == INT:
            code = max((i.type_code for i in typed), key=lambda c: _INT_RANK.get(c, 4))
            if code not in _INT_RANK:
                raise _Unmodelled("YEAR in a hybrid function")
            prec = min(agg.int_digits, 20)
            return int_item(prec + (0 if agg.unsigned else 1), agg.unsigned, nullable, prec=prec, type_code=code)
        if agg.kind == DECIMAL:
            return decimal_item(agg.int_digits + agg.scale, agg.scale, nullable)
        if agg.kind == REAL:
            decimals = max(i.decimals if i.kind != INT else 0 for i in typed)
            if decimals != NOT_FIXED_DEC:
                raise _Unmodelled("a DOUBLE of fixed scale")
            return real_item(nullable, max(self._length_of(i) for i in typed))
        if agg.kind == TEMPORAL:
            if len({i.type_code for i in typed}) != 1:
                raise _Unmodelled("mixed hybrid types")
            return replace(typed[0], nullable=nullable, decimals=max(i.decimals for i in typed),
                           length=max(i.length for i in typed))
        return self._hybrid_string(typed, nullable)

    def _hybrid_string(self, typed: list[SendField], nullable: bool) -> SendField:
        """A hybrid function's string result: the longest of strings of one collation,
        or, beside numbers, the numbers as their text in the connection's collation."""
        if all(i.kind == STRING for i in typed):
            if any(i.charset is None for i in typed) or len({i.collation_id for i in typed}) > 1:
                raise _Unmodelled("strings of different collations")
            first = typed[0]
            return string_item(max(i.length for i in typed), first.charset, first.collation_id, nullable)
        if any(i.kind == STRING and i.charset is None for i in typed):
            raise _Unmodelled("mixed hybrid types")
        return self._str(max(self._length_of(i) for i in typed), nullable)

    def _case(self, e: A.Case) -> SendField:
        return self._hybrid(*case_result_items(e, self.item))

    def _sys_var(self, e: A.SysVar) -> SendField:
        """Item_func_get_system_var: integers as BIGINT(21) (a boolean as BIGINT(1)),
        strings as the value's characters in the system charset; always nullable."""
        if self.sys_var is None:
            raise _Unmodelled("system variable")
        kind, value = self.sys_var(e)
        if kind == "BOOLEAN":
            return int_item(1, False, True, prec=1, type_code=T_LONGLONG)
        if kind in ("BIGINT", "INT", "BIGINT UNSIGNED", "INT UNSIGNED"):
            return int_item(21, kind.endswith("UNSIGNED"), True, type_code=T_LONGLONG)
        if kind in ("VARCHAR", "ENUM", "SET") and isinstance(value, str):
            return string_item(len(value), CHARSETS["utf8mb3"], 33, True)
        raise _Unmodelled(f"a {kind} system variable")

    def _assign(self, e: A.Assign) -> SendField:
        """Item_func_set_user_var: the value's attributes, an integer LONG or LONGLONG by length."""
        a = self.item(e.expr)
        if a.kind == INT:
            return int_item(a.length, a.unsigned, a.nullable, prec=a.prec)
        if a.kind == DECIMAL:
            return a
        if a.kind == STRING and a.charset is not None:
            return replace(a, type_code=T_VAR_STRING, decimals=STRING_DECIMALS)
        raise _Unmodelled("this assignment")

    # -- functions

    @staticmethod
    def _length_of(f: SendField) -> int:
        """An argument's length as a string (a number converts to its max_length)."""
        if f.kind == REAL and f.length == 0:
            raise _Unmodelled("the length of a nested DOUBLE literal")
        return f.length

    def _func(self, e: A.FuncCall) -> SendField:
        """A function call: the functions typed before their arguments (their arguments
        are not all expressions), then by name over the typed arguments."""
        name = e.name
        early = _EARLY_FUNCS.get(name)
        if early is not None:
            return early(self, e)
        handler = _CONSTANT_FUNCS.get(name)
        if handler is not None and not e.args:
            return handler(self)
        args = [self.item(a) for a in e.args]
        typed = _FUNCS.get(name)
        if typed is not None:
            out = typed(self, e, args)
            if out is not None:
                return out
        elif name in _STRING_FUNCS:
            return self._string_func(name, e.args, args)
        elif name in _INT_FUNCS:
            length, code, nullable = _INT_FUNCS[name]
            return int_item(length, False, nullable or any(a.nullable for a in args), type_code=code)
        elif name in _REAL_FUNCS:
            return real_item(True)
        raise _Unmodelled(f"function {name}")

    # The functions typed before their arguments.

    def _f_count(self, e: A.FuncCall) -> SendField:
        for x in e.args:
            self.item(x)
        return int_item(21, False, False, prec=20, type_code=T_LONGLONG)

    def _f_now(self, e: A.FuncCall) -> SendField:
        fsp = _fsp_arg(e.args)
        code = T_TIME if e.name in ("CURTIME", "CURRENT_TIME", "UTC_TIME") else T_DATETIME
        return temporal_item(code, fsp, False)

    def _f_cast_date(self, e: A.FuncCall) -> SendField:
        for x in e.args:
            self.item(x)
        return temporal_item(T_DATE, 0, False)

    def _f_date_add(self, e: A.FuncCall) -> SendField:
        if len(e.args) != 2 or not isinstance(e.args[1], A.Interval):
            raise _Unmodelled("DATE_ADD without an INTERVAL")
        return self._date_add(self.item(e.args[0]), e.args[1].unit)

    def _f_timestampdiff(self, e: A.FuncCall) -> SendField:
        for x in e.args[1:]:
            self.item(x)
        return int_item(21, False, True, type_code=T_LONGLONG)

    # The functions typed over their typed arguments (None: not this form).

    def _f_hybrid(self, e: A.FuncCall, args: list[SendField]) -> SendField | None:
        """COALESCE, IFNULL, IF, GREATEST, LEAST (:func:`hybrid_func_result_items`)."""
        if e.name == "IF" and len(args) == 3:
            # A NULL branch takes the other branch's attributes (Item_func_if).
            if args[1].kind == NULL and args[2].kind != NULL:
                return replace(args[2], nullable=True)
            if args[2].kind == NULL and args[1].kind != NULL:
                return replace(args[1], nullable=True)
        hybrid = hybrid_func_result_items(e.name, args)
        return None if hybrid is None else self._hybrid(*hybrid)

    def _f_nullif(self, e: A.FuncCall, args: list[SendField]) -> SendField | None:
        if len(args) != 2:
            return None
        if args[0].kind == STRING:
            return replace(args[0], nullable=True, decimals=STRING_DECIMALS, type_code=T_VAR_STRING)
        return replace(args[0], nullable=True)

    def _f_mod(self, e: A.FuncCall, args: list[SendField]) -> SendField | None:
        return self._binary(A.Binary("MOD", e.args[0], e.args[1])) if len(args) == 2 else None

    def _f_group_concat(self, e: A.FuncCall, args: list[SendField]) -> SendField | None:
        if not args or e.distinct:
            return None
        if any(a.kind != STRING or a.charset is None for a in args):
            raise _Unmodelled("GROUP_CONCAT of a number or a binary string")
        cs, coll = args[0].charset, args[0].collation_id
        assert cs is not None
        # max_length is group_concat_max_len characters in bytes; a BLOB's length is
        # scaled by the results charset again (Protocol: length / mbminlen * mbmaxlen).
        nbytes = self.group_concat_max_len * cs.mbmaxlen
        if nbytes <= 512:
            return string_item(self.group_concat_max_len, cs, coll, True, 0)
        return string_item(nbytes, cs, coll, True, 0, T_BLOB)

    def _f_min_max(self, e: A.FuncCall, args: list[SendField]) -> SendField | None:
        return self._min_max(e.args[0], args[0]) if len(args) == 1 else None

    def _f_sum_avg(self, e: A.FuncCall, args: list[SendField]) -> SendField | None:
        if len(args) != 1:
            return None
        a = args[0]
        if a.kind in (REAL, STRING):
            return real_item(True)
        if a.kind not in (INT, DECIMAL):
            return None
        if e.name == "SUM":
            return decimal_item(a.prec + _SUM_EXTRA_DIGITS, a.scale, True)
        return decimal_item(a.prec + self.inc, a.scale + self.inc, True)

    def _f_last_insert_id(self, e: A.FuncCall, args: list[SendField]) -> SendField | None:
        return int_item(args[0].length, True, False, type_code=T_LONGLONG) if len(args) == 1 else None

    def _f_date(self, e: A.FuncCall, args: list[SendField]) -> SendField | None:
        return temporal_item(T_DATE, 0, True) if len(args) == 1 else None

    def _f_unix_timestamp(self, e: A.FuncCall, args: list[SendField]) -> SendField | None:
        if len(args) != 1 or args[0].kind != TEMPORAL:
            return None
        fsp = args[0].decimals
        if fsp:
            return decimal_item(17 + fsp - 1, fsp, True)
        return int_item(17, False, True, type_code=T_LONGLONG)

    def _f_abs(self, e: A.FuncCall, args: list[SendField]) -> SendField | None:
        if len(args) != 1:
            return None
        a = args[0]
        if a.kind == INT:
            return int_item(a.length, a.unsigned, a.nullable, prec=a.prec)
        if a.kind == DECIMAL:
            return a
        if a.kind == REAL:
            return real_item(a.nullable)
        return None

    def _f_hex(self, e: A.FuncCall, args: list[SendField]) -> SendField | None:
        """Item_func_hex: two digits per byte of a string, 16 for an exact number; decimals 0."""
        if len(args) != 1:
            return None
        a = args[0]
        if a.kind in (INT, DECIMAL):
            return self._str(16, True, 0)
        if a.kind == STRING:
            return self._str(2 * a.length * (a.charset.mbmaxlen if a.charset is not None else 1), True, 0)
        return None

    def _f_date_format(self, e: A.FuncCall, args: list[SendField]) -> SendField | None:
        """Item_func_date_format over a constant format: its characters as format_length
        counts them (observed: %M and %W 64, %a and %b 32, %r 11, %T 8, %H and %k 7,
        %f 6, %Y %D %x %X 4, %j 3, the other two-digit fields 2, anything else 1)."""
        if len(e.args) != 2 or not isinstance(e.args[1], A.Literal) or not isinstance(e.args[1].value, str):
            return None
        fmt, size, i = e.args[1].value, 0, 0
        while i < len(fmt):
            if fmt[i] != "%" or i == len(fmt) - 1:
                size += 1
            else:
                i += 1
                size += _DATE_FORMAT_WIDTHS.get(fmt[i], 1)
            i += 1
        return self._str(size, True, 0)

    def _f_round(self, e: A.FuncCall, args: list[SendField]) -> SendField | None:
        return self._round(e.name, e.args, args) if args else None

    def _min_max(self, arg: A.Expr, a: SendField) -> SendField:
        """Item_sum_min_max keeps its argument's type (a string gets decimals 39, ENUM and
        SET become VARCHAR); a constant integer becomes BIGINT."""
        if a.type_code in (T_ENUM, T_SET):
            return replace(a, nullable=True, type_code=T_VAR_STRING)
        if a.kind == STRING:
            return replace(a, nullable=True, decimals=STRING_DECIMALS)
        if a.kind == REAL:
            return real_item(True)
        if a.kind == INT and isinstance(arg, A.Literal):
            return replace(a, nullable=True, type_code=T_LONGLONG)
        return replace(a, nullable=True)

    def _round(self, name: str, exprs: list[A.Expr], args: list[SendField]) -> SendField:
        a = args[0]
        places = 0
        if len(exprs) > 1:
            p = exprs[1]
            if not (isinstance(p, A.Literal) and isinstance(p.value, int)) or p.value < 0:
                raise _Unmodelled("ROUND to a variable or negative scale")
            places = p.value
        if a.kind == INT:
            return replace(a, nullable=a.nullable or any(x.nullable for x in args))
        if a.kind == REAL and len(exprs) == 1:
            return real_item(a.nullable, 17, 0)
        if a.kind != DECIMAL:
            raise _Unmodelled(f"{name} of this argument")
        if name in ("FLOOR", "CEIL", "CEILING"):
            prec = a.int_part + (1 if a.scale else 0)
            if prec > 18:
                raise _Unmodelled("a wide FLOOR/CEIL")
            return int_item(prec + (0 if a.unsigned else 1), a.unsigned, a.nullable, prec=prec)
        scale = min(places, a.scale)
        carry = 1 if name == "ROUND" else 0
        return decimal_item(a.int_part + carry + scale, scale, a.nullable or any(x.nullable for x in args),
                            a.unsigned)

    def _string_collation(self, name: str, args: list[SendField]) -> tuple[Charset | None, int]:
        """The collation a string function's result takes: the first string argument's
        (the connection's for none); CONCAT over mixed collations or numbers, the
        connection's; the binary charset when CONCAT meets a binary string."""
        if any(a.kind == STRING and a.charset is None for a in args):
            if name != "CONCAT":
                raise _Unmodelled(f"{name} of a binary string")
            return None, 63
        strings = [a for a in args if a.kind == STRING]
        if not strings:
            return self.conn, self.conn_coll
        if len({a.collation_id for a in strings}) > 1 or (name == "CONCAT" and strings[0].charset is not self.conn):
            if name != "CONCAT" or any(a.charset is not self.conn and a.collation_id != 8 for a in strings):
                raise _Unmodelled("strings of different collations")
            if any(a.kind != STRING for a in args) and strings[0].charset is not self.conn:
                raise _Unmodelled("CONCAT of a number and a non-connection string")
            return self.conn, self.conn_coll
        return strings[0].charset, strings[0].collation_id

    def _string_func(self, name: str, exprs: list[A.Expr], args: list[SendField]) -> SendField:
        """The string functions: the result's characters from the arguments'; nullable."""
        cs, coll = self._string_collation(name, args)
        if name == "CONCAT" or cs is None:
            return string_item(sum(self._length_of(a) for a in args), cs, coll, True)
        if name == "CONVERT_USING":
            return self._convert_using(exprs, args)
        if name == "REPEAT" and len(exprs) == 2 and not isinstance(exprs[1], A.Literal):
            # MAX_BLOB_WIDTH: a count known only at run time.
            return string_item(16777216, cs, coll, True, type_code=T_LONG_BLOB)
        if name == "SPACE":
            cs, coll = self.conn, self.conn_coll
        return string_item(self._string_chars(name, exprs, args, cs), cs, coll, True)

    def _convert_using(self, exprs: list[A.Expr], args: list[SendField]) -> SendField:
        target = exprs[1].value if isinstance(exprs[1], A.Literal) else None
        target_cs = CHARSETS.get(CHARSET_ALIASES.get(str(target).lower(), str(target).lower()))
        if target_cs is None or args[0].kind != STRING:
            raise _Unmodelled("CONVERT USING")
        return string_item(self._length_of(args[0]), target_cs, target_cs.default_id, True)

    def _string_chars(self, name: str, exprs: list[A.Expr], args: list[SendField], cs: Charset) -> int:
        """The characters of a string function's result (fix_length_and_dec)."""
        first = self._length_of(args[0]) if args else 0
        const = [x.value if isinstance(x, A.Literal) and isinstance(x.value, int) else None for x in exprs]
        if name in ("UPPER", "LOWER", "UCASE", "LCASE", "TRIM", "LTRIM", "RTRIM", "REVERSE"):
            chars = first
        elif name in ("LEFT", "RIGHT") and len(args) == 2:
            n = const[1]
            chars = first if n is None else max(min(n, first), 0)
        elif name in ("SUBSTRING", "SUBSTR", "MID") and len(args) in (2, 3):
            # Item_func_substr counts the argument's *bytes* down by the start and
            # clips them to the length, then multiplies by mbmaxlen.
            chars = first * cs.mbmaxlen
            start = const[1]
            if start is not None:
                chars = min(-start, chars) if start < 0 else chars - min(max(start - 1, 0), chars)
            if len(args) == 3 and const[2] is not None:
                chars = max(min(chars, const[2]), 0)
        elif name == "REPEAT" and len(args) == 2 and const[1] is not None:
            chars = first * max(const[1], 0)
        elif name == "REPLACE" and len(args) == 3:
            frm, to = self._length_of(args[1]), self._length_of(args[2])
            chars = first + (first // frm) * (to - frm) if to > frm and frm > 0 else first
        elif name in ("LPAD", "RPAD") and len(args) == 3 and const[1] is not None:
            chars = max(const[1], 0)
        elif name == "SPACE" and const[0] is not None:
            chars = max(const[0], 0)
        elif name == "ELT" and len(args) >= 2:
            chars = max(self._length_of(a) for a in args[1:])
        else:
            raise _Unmodelled(f"function {name}")
        return chars

    def _cast(self, e: A.FuncCall) -> SendField:
        src, target, params = e.args[0], e.args[1], e.args[2]
        a = self.item(src)
        kind = str(getattr(target, "value", "")).upper()
        p = list(getattr(params, "value", []) or [])
        if kind == "DECIMAL":
            m = int(p[0]) if p else 10
            d = int(p[1]) if len(p) > 1 else 0
            return decimal_item(m, d, a.nullable)
        if kind == "DATE":
            return temporal_item(T_DATE, 0, True)
        if kind in ("DATETIME", "TIME"):
            fsp = int(p[0]) if p else 0
            return temporal_item(T_DATETIME if kind == "DATETIME" else T_TIME, fsp, True)
        if kind == "CHAR":
            if a.kind == STRING and a.charset is None:
                raise _Unmodelled("CAST of a binary string AS CHAR")
            chars = int(p[0]) if p else (0 if a.kind == NULL else self._length_of(a))
            return string_item(chars, self.conn, self.conn_coll, True, 0)
        if kind == "BINARY":
            n = int(p[0]) if p else (0 if a.kind == NULL else
                                     self._length_of(a) * (a.charset.mbmaxlen if a.charset is not None else 1))
            return string_item(n, None, 63, True, 0)
        if kind in ("SIGNED", "UNSIGNED"):
            unsigned = kind == "UNSIGNED"
            if a.kind == STRING:
                chars = max(min(a.length, 20), 1 if unsigned else 2)
            elif unsigned or a.kind == REAL:
                chars = 20
            elif a.kind in (INT, DECIMAL):
                chars = max(min(a.length, 20), 2)
            else:
                raise _Unmodelled("CAST of this value to an integer")
            return int_item(chars, unsigned, a.nullable)
        raise _Unmodelled(f"CAST AS {kind}")


def _fsp_arg(args: list[A.Expr]) -> int:
    if not args:
        return 0
    if len(args) == 1 and isinstance(args[0], A.Literal) and isinstance(args[0].value, int):
        return min(max(args[0].value, 0), 6)
    raise _Unmodelled("fractional precision")


def _database(t: SendFieldTyper) -> SendField:
    return string_item(64, CHARSETS["utf8mb3"], 33, True)


def _user(t: SendFieldTyper) -> SendField:
    # USERNAME_CHAR_LENGTH + HOSTNAME_LENGTH + 1 characters of the system charset.
    return string_item(384, CHARSETS["utf8mb3"], 33, True)


def _version(t: SendFieldTyper) -> SendField:
    return string_item(len(t.version), CHARSETS["utf8mb3"], 33, False)


#: Functions of a fixed integer type: name -> (length, type, always nullable).
_INT_FUNCS: dict[str, tuple[int, int, bool]] = {
    "LENGTH": (10, T_LONG, False), "CHAR_LENGTH": (10, T_LONG, False), "CHARACTER_LENGTH": (10, T_LONG, False),
    "OCTET_LENGTH": (10, T_LONG, False), "BIT_LENGTH": (10, T_LONG, False), "ASCII": (3, T_LONG, False),
    "LOCATE": (11, T_LONG, False), "INSTR": (11, T_LONG, False), "POSITION": (11, T_LONG, False),
    "STRCMP": (2, T_LONG, False), "FIELD": (3, T_LONG, False), "SIGN": (2, T_LONG, False),
    "YEAR": (4, T_LONG, True), "MONTH": (2, T_LONG, True), "DAY": (2, T_LONG, True),
    "DAYOFMONTH": (2, T_LONG, True), "HOUR": (2, T_LONG, True), "MINUTE": (2, T_LONG, True),
    "SECOND": (2, T_LONG, True), "DAYOFWEEK": (1, T_LONG, True), "WEEKDAY": (1, T_LONG, True),
    "QUARTER": (1, T_LONG, True), "DATEDIFF": (8, T_LONG, True),
}
_DATE_FORMAT_WIDTHS = {**dict.fromkeys("MW", 64), **dict.fromkeys("ab", 32), "r": 11, "T": 8, "H": 7, "k": 7, "f": 6,
                       **dict.fromkeys("YDxX", 4), "j": 3, **dict.fromkeys("UuVvymdhIilpSsce", 2)}
_REAL_FUNCS = frozenset({"POW", "POWER", "SQRT", "EXP", "LN", "LOG", "LOG2", "LOG10", "SIN", "COS", "TAN", "ATAN"})
_EARLY_FUNCS: dict[str, Callable[[SendFieldTyper, A.FuncCall], SendField]] = {
    "COUNT": SendFieldTyper._f_count, "CAST": SendFieldTyper._cast, "CAST_DATE": SendFieldTyper._f_cast_date,
    **dict.fromkeys(("NOW", "CURRENT_TIMESTAMP", "LOCALTIME", "LOCALTIMESTAMP", "SYSDATE", "UTC_TIMESTAMP", "CURTIME",
                     "CURRENT_TIME", "UTC_TIME"), SendFieldTyper._f_now),
    **dict.fromkeys(("DATE_ADD", "DATE_SUB", "ADDDATE", "SUBDATE"), SendFieldTyper._f_date_add),
    "TIMESTAMPDIFF": SendFieldTyper._f_timestampdiff,
}
_FUNCS: dict[str, Callable[[SendFieldTyper, A.FuncCall, list[SendField]], SendField | None]] = {
    **dict.fromkeys(("COALESCE", "IFNULL", "IF", "GREATEST", "LEAST"), SendFieldTyper._f_hybrid),
    "NULLIF": SendFieldTyper._f_nullif, "MOD": SendFieldTyper._f_mod, "GROUP_CONCAT": SendFieldTyper._f_group_concat,
    "MIN": SendFieldTyper._f_min_max,
    "MAX": SendFieldTyper._f_min_max, "SUM": SendFieldTyper._f_sum_avg, "AVG": SendFieldTyper._f_sum_avg,
    "LAST_INSERT_ID": SendFieldTyper._f_last_insert_id, "DATE": SendFieldTyper._f_date,
    "LAST_DAY": SendFieldTyper._f_date, "UNIX_TIMESTAMP": SendFieldTyper._f_unix_timestamp,
    "ABS": SendFieldTyper._f_abs, "HEX": SendFieldTyper._f_hex, "DATE_FORMAT": SendFieldTyper._f_date_format,
    **dict.fromkeys(("ROUND", "TRUNCATE", "FLOOR", "CEIL", "CEILING"),
                                                   SendFieldTyper._f_round),
}
_STRING_FUNCS = frozenset({"CONCAT", "UPPER", "LOWER", "UCASE", "LCASE", "TRIM", "LTRIM", "RTRIM", "REVERSE", "LEFT",
                           "RIGHT", "SUBSTRING", "SUBSTR", "MID", "REPEAT", "REPLACE", "LPAD", "RPAD", "SPACE", "ELT",
                           "CONVERT_USING", "SOUNDEX", "COLLATION", "CHARSET"})

_CONSTANT_FUNCS: dict[str, Callable[[SendFieldTyper], SendField]] = {
    "DATABASE": _database,
    "SCHEMA": _database,
    "USER": _user,
    "CURRENT_USER": _user,
    "SESSION_USER": _user,
    "SYSTEM_USER": _user,
    "VERSION": _version,
    "CONNECTION_ID": lambda t: int_item(10, True, False, type_code=T_LONG),
    "LAST_INSERT_ID": lambda t: int_item(21, True, False, type_code=T_LONGLONG),
    "ROW_COUNT": lambda t: int_item(21, False, False, type_code=T_LONGLONG),
    "FOUND_ROWS": lambda t: int_item(21, False, False, type_code=T_LONGLONG),
    "CURDATE": lambda t: temporal_item(T_DATE, 0, False),
    "CURRENT_DATE": lambda t: temporal_item(T_DATE, 0, False),
    "UTC_DATE": lambda t: temporal_item(T_DATE, 0, False),
    "RAND": lambda t: real_item(False),
    "UNIX_TIMESTAMP": lambda t: int_item(17, False, True, type_code=T_LONGLONG),
    "PI": lambda t: real_item(False, 8, 6),
}


def statement_typer(thd: "Thd", scope: "Scope", from_: list[A.TableRef]) -> SendFieldTyper:
    """The typer of one SELECT of ``thd``'s statement: its FROM list (``scope``) resolves
    column references; a table on the inner side of an outer join makes them nullable."""
    from harness.sql.sql_errors import ServerError
    inner: set[int] = set()
    for k, r in enumerate(from_):
        if r.join == "LEFT":
            inner.add(k)
        elif r.join == "RIGHT":
            inner.update(range(k))

    def resolve(ref: A.ColumnRef) -> tuple[Column, bool] | None:
        try:
            depth, ti, ci = scope.resolve(ref, "SELECT")
        except ServerError:
            return None
        if depth != 0:
            return None
        return scope.tables[ti][1].columns[ci], ti in inner

    cs_name = str(thd.vars.get("character_set_connection") or "utf8mb4")
    cs = CHARSETS.get(cs_name, CHARSETS["utf8mb4"])
    coll = COLLATIONS.get(str(thd.vars.get("collation_connection") or ""))
    coll_id = coll[1] if coll is not None and coll[0] == cs.name else cs.default_id

    def sys_var(e: A.SysVar) -> tuple[str, Any]:
        kind = _sysvar_kinds().get(e.name.lower())
        if kind is None or e.name.lower() in ("last_insert_id", "identity"):
            raise _Unmodelled("system variable")
        try:
            return kind, thd.vars.read(e.name, e.scope, thd)  # no 1287 here: the value is read again
        except ServerError:
            raise _Unmodelled("system variable") from None

    typer = SendFieldTyper(resolve, cs, coll_id, int(thd.vars.get("div_precision_increment")),
                           lambda name: (name.lower() in thd.user_vars, thd.user_vars.get(name.lower())),
                           thd.server.version, sys_var)
    try:
        typer.group_concat_max_len = int(thd.vars.get("group_concat_max_len"))
    except KeyError:  # a flavour whose variable catalog lacks it (mysql-8.0): the class default
        pass
    return typer


_SYSVAR_KINDS: dict[str, str] = {}


def _sysvar_kinds() -> dict[str, str]:
    """System variable -> its type as information_schema.SYSTEM_VARIABLES names it."""
    if not _SYSVAR_KINDS:
        from harness.sql.sys_vars.sysvar_catalog import CATALOG
        _SYSVAR_KINDS.update((row[0], row[2]) for row in CATALOG)
    return _SYSVAR_KINDS
