"""Column types of computed select-list items (CREATE ... SELECT), as MariaDB 10.11 derives them.

The server gives every Item a result type, a maximum character length, a scale
(``decimals``), a signedness and a nullability while it fixes the expression;
CREATE ... SELECT turns those into the new table's column. This module follows
the rules for the items a random workload uses (arithmetic, comparisons, the
hybrid-type functions COALESCE/IFNULL/IF/CASE/GREATEST/LEAST, CONCAT and the
case functions) and refuses everything else with 1235 rather than guess a type
(a wrong CREATE text would be a wrong binlog).

Rules (all observed on MariaDB 10.11, docs/RULES-mariadb-10.11.md 5.3):

* an integer or decimal item has a *precision* (digits) and a *scale*;
  its character length is precision + (scale > 0) + (signed ? 1 : 0);
* ``a + b``, ``a - b``: scale max(s1, s2), precision max(p1 - s1, p2 - s2) + 1 + scale;
* ``a * b``: scale s1 + s2, precision p1 + p2;
* ``a / b``: DECIMAL, scale s1 + div_precision_increment, precision
  p1 + s2 + div_precision_increment; always nullable (division by zero);
* ``a DIV b``: integer of length p1 - s1; ``a MOD b``: integer of the longer
  argument's length, or DECIMAL(max(p - s) + scale, max(s)); both nullable;
* an arithmetic integer result is INT(length) up to 9 characters, else BIGINT(length);
* the hybrid functions keep the widest argument's integer type, length max(p) + sign;
  which results aggregate, into what, and how nullable the result is are
  send_field.py's (``aggregate_for_result``, ``case_result_items``,
  ``hybrid_func_result_items``: the server's one Type_handler_hybrid_field_type
  aggregation serves both the result-set metadata and the new table's column);
  this module only refuses what a column cannot yet be built from (unsigned
  results, DOUBLE, strings of different columns, a string beside numbers);
* comparisons and logical operators are INT(1); a DOUBLE operand makes the result ``double``.
"""

from __future__ import annotations

import dataclasses

from dataclasses import dataclass, replace
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from harness.sql.item.field import Column
from harness.sql.item.column_types import DecimalType, FloatType, IntType, StringType
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import UnsupportedError
from harness.sql.item.send_field import aggregate_for_result, case_result_items, hybrid_func_result_items, predicate_args

if TYPE_CHECKING:
    from harness.sql.thd import Thd

_INT_RANK = {"TINYINT": 0, "SMALLINT": 1, "MEDIUMINT": 2, "INT": 3, "BIGINT": 4}


@dataclass(frozen=True)
class Item:
    """What the server knows about a fixed item: enough to build its column."""

    kind: str  # INT DECIMAL REAL STRING
    prec: int = 0  # INT/DECIMAL: digits
    scale: int = 0
    unsigned: bool = False
    nullable: bool = True
    handler: str = ""  # INT: the integer type a hybrid function keeps (TINYINT .. BIGINT)
    literal: bool = False  # a non-negative integer literal: signedness does not mix
    length: int = 0  # STRING: characters; INT: a fixed length (a boolean is INT(1))
    string_type: StringType | None = None

    @property
    def char_length(self) -> int:
        if self.kind == "STRING" or self.length:
            return self.length
        return self.prec + (1 if self.scale > 0 else 0) + (0 if self.unsigned or self.prec == 0 else 1)


def _refuse(what: str) -> UnsupportedError:
    return UnsupportedError(f"CREATE ... SELECT with a computed column ({what}: type derivation not modelled)")


def _int_handler(length: int) -> str:
    return "INT" if length <= 9 else "BIGINT"


class ItemTyper:
    """Types the items of one SELECT (its FROM list resolves the column references)."""

    def __init__(self, thd: "Thd", sel: A.Select) -> None:
        self.thd = thd
        self.sel = sel
        if any(r.join in ("LEFT", "RIGHT") for r in sel.from_):
            # Outer-join nullability of a computed column is not modelled.
            self.tables: list[tuple[A.TableRef, Any]] | None = None
        else:
            self.tables = [(r, thd.find_table(r.table)) for r in sel.from_ if r.derived is None]

    def column(self, name: str, e: A.Expr) -> Column:
        it = self.item(e)
        if it.kind == "REAL":
            return Column(name, FloatType(True), nullable=it.nullable)
        if it.kind == "STRING":
            st = it.string_type
            if it.length > 512:
                raise _refuse("a string longer than 512 characters")
            t = StringType("VARCHAR", it.length) if st is None else StringType(
                "VARCHAR", it.length, st.charset, st.mbmaxlen, cs=st.cs, binary_collation=st.binary_collation)
            return Column(name, t, nullable=it.nullable)
        if it.kind == "DECIMAL":
            if it.prec > 65 or it.scale > 38 or it.unsigned:
                raise _refuse("a DECIMAL beyond the modelled range")
            return Column(name, DecimalType(max(it.prec, 1), it.scale), nullable=it.nullable)
        length = it.char_length
        if length > 64:
            raise _refuse("an integer item this long")
        return Column(name, IntType(it.handler or self._own_int_type(it), it.unsigned, length), nullable=it.nullable)

    def _int_type(self, length: int) -> str:
        """The integer type of a computed integer ``length`` characters long (sign included):
        INT up to the flavour's limit (MariaDB 9, MySQL 11), else BIGINT."""
        return "INT" if length <= self.thd.server.flavor.sql.int_item_max_int_length else "BIGINT"

    def _own_int_type(self, it: Item) -> str:
        return self._int_type(it.char_length)

    # -- leaves

    def _field(self, ref: A.ColumnRef) -> Column:
        if self.tables is None:
            raise _refuse("a column of an outer join")
        found = None
        for r, t in self.tables:
            if t is None:
                raise _refuse("a column of a view")
            if ref.table and ref.table.lower() not in (r.ref_name.lower(), r.table.name.lower()):
                continue
            if ref.name.lower() in t.col_index:
                if found is not None:
                    raise _refuse("an ambiguous column")
                found = t.columns[t.col_index[ref.name.lower()]]
        if found is None:
            raise _refuse("an unresolved column")
        return found

    def item(self, e: A.Expr) -> Item:
        if isinstance(e, A.Literal):
            return self._literal(e.value)
        if isinstance(e, A.ColumnRef):
            c = self._field(e)
            t = c.type
            if isinstance(t, IntType):
                return Item("INT", t.width - (0 if t.unsigned else 1), 0, t.unsigned, c.nullable, t.name)
            if isinstance(t, DecimalType):
                return Item("DECIMAL", t.precision, t.scale, t.unsigned, c.nullable)
            if isinstance(t, FloatType):
                return Item("REAL", nullable=c.nullable)
            if isinstance(t, StringType) and not t.is_blob and not t.binary_collation:
                return Item("STRING", nullable=c.nullable, length=t.length, string_type=t)
            raise _refuse(f"a {t.name} column")
        if isinstance(e, A.Unary):
            return self._unary(e)
        if isinstance(e, A.Binary):
            return self._binary(e)
        if isinstance(e, A.IsNull):
            self.item(e.expr)
            return Item("INT", 1, nullable=False, handler="INT", length=1)
        if isinstance(e, (A.InList, A.Between, A.Like)):
            items = [self.item(p) for p in predicate_args(e)]
            return Item("INT", 1, nullable=any(i.nullable for i in items), handler="INT", length=1)
        if isinstance(e, A.Case):
            return self._case(e)
        if isinstance(e, A.FuncCall):
            return self._func(e)
        if isinstance(e, A.WindowFunc):
            return self._window(e)
        raise _refuse(type(e).__name__)

    def _window(self, e: A.WindowFunc) -> Item:
        """ROW_NUMBER/RANK/DENSE_RANK/NTILE: BIGINT(21) NOT NULL (observed); an aggregate
        as the aggregate; LAG/LEAD/FIRST_VALUE/LAST_VALUE as their argument, nullable."""
        name = e.func.name
        if name in ("ROW_NUMBER", "RANK", "DENSE_RANK", "NTILE"):
            # MySQL's Item_row_number / Item_rank are unsigned (9.7.4 [bytes]: bigint unsigned)
            unsigned = name != "NTILE" and self.thd.server.flavor.sql.ranking_unsigned
            return Item("INT", 20, 0, unsigned, False, "BIGINT")
        if name in ("LAG", "LEAD", "FIRST_VALUE", "LAST_VALUE"):
            return dataclasses.replace(self.item(e.func.args[0]), nullable=True)
        if name in ("PERCENT_RANK", "CUME_DIST"):
            raise _refuse(name)
        return self._func(e.func)

    def _literal(self, v: Any) -> Item:
        if isinstance(v, bool):
            v = int(v)
        if isinstance(v, int):
            if not -(1 << 63) <= v < (1 << 63):
                raise _refuse("an unsigned BIGINT literal")
            digits = len(str(abs(v)))
            return Item("INT", digits, 0, False, False, _int_handler(digits + (v < 0)), literal=v >= 0)
        if isinstance(v, Decimal):
            t = v.as_tuple()
            scale = max(-int(t.exponent), 0)
            int_digits = len(str(abs(int(v)))) if abs(v) >= 1 else 0
            return Item("DECIMAL", int_digits + scale, scale, False, False)
        if isinstance(v, float):
            return Item("REAL", nullable=False)
        if isinstance(v, str):
            return Item("STRING", nullable=False, length=len(v))
        raise _refuse("this literal")

    # -- operators

    @staticmethod
    def _numeric(*items: Item) -> str:
        kinds = {i.kind for i in items}
        if kinds - {"INT", "DECIMAL", "REAL"}:
            raise _refuse("arithmetic over a string or temporal value")
        if "REAL" in kinds:
            return "REAL"
        return "DECIMAL" if "DECIMAL" in kinds else "INT"

    @staticmethod
    def _sign(a: Item, b: Item) -> bool:
        """Unsigned when an unsigned operand meets an unsigned one or a non-negative literal."""
        if not (a.unsigned or b.unsigned):
            return False
        for x in (a, b):
            if not x.unsigned and not x.literal:
                raise _refuse("signed and unsigned operands")
        return True

    def _unary(self, e: A.Unary) -> Item:
        a = self.item(e.operand)
        if e.op == "+":
            return a
        if e.op == "NOT":
            return Item("INT", 1, nullable=a.nullable, handler="INT", length=1)
        if e.op == "-":
            if a.kind == "REAL":
                return a
            if a.kind == "DECIMAL" and not a.unsigned:
                return replace(a, literal=False)
            if a.kind == "INT" and self.thd.server.flavor.sql.negation_keeps_int_type:
                # MySQL: signed, of the argument's own integer type (INT up to INT, else BIGINT)
                kept = "BIGINT" if (a.handler or self._own_int_type(a)) == "BIGINT" else "INT"
                return Item("INT", a.char_length, 0, False, a.nullable, kept)
            if a.kind != "INT" or a.unsigned:
                raise _refuse("negation of this operand")
            # Item_func_neg: one more character than the argument.
            return Item("INT", a.char_length, 0, False, a.nullable)
        raise _refuse(f"the {e.op} operator")

    def _binary(self, e: A.Binary) -> Item:
        op = e.op.upper()
        a, b = self.item(e.left), self.item(e.right)
        nullable = a.nullable or b.nullable
        if op in ("=", "<>", "!=", "<", ">", "<=", ">=", "AND", "OR", "XOR", "&&", "||"):
            return Item("INT", 1, nullable=nullable, handler="INT", length=1)
        if op == "<=>":
            return Item("INT", 1, nullable=False, handler="INT", length=1)
        if op not in ("+", "-", "*", "/", "DIV", "MOD", "%"):
            raise _refuse(f"the {e.op} operator")
        kind = self._numeric(a, b)
        if op == "/":
            if kind == "REAL":
                return Item("REAL", nullable=True)
            if a.unsigned or b.unsigned:
                raise _refuse("division of an unsigned value")
            inc = int(self.thd.vars.get("div_precision_increment"))
            return Item("DECIMAL", min(a.prec + b.scale + inc, 65), min(a.scale + inc, 38), False, True)
        if kind == "REAL":
            return Item("REAL", nullable=nullable if op in ("+", "-", "*") else True)
        if op == "DIV":
            if a.unsigned or b.unsigned:
                raise _refuse("DIV of an unsigned value")
            length = a.prec - a.scale
            return Item("INT", length - 1, 0, False, True, self._int_type(length))
        if op in ("MOD", "%"):
            if a.unsigned or b.unsigned:
                raise _refuse("MOD of an unsigned value")
            if kind == "INT":
                length = max(a.char_length, b.char_length)
                return Item("INT", length - 1, 0, False, True, self._int_type(length))
            scale = max(a.scale, b.scale)
            return Item("DECIMAL", max(a.prec - a.scale, b.prec - b.scale) + scale, scale, False, True)
        unsigned = self._sign(a, b)
        if unsigned and kind != "INT":
            raise _refuse("unsigned DECIMAL arithmetic")
        if op == "*":
            scale, prec = a.scale + b.scale, a.prec + b.prec
        else:
            scale = max(a.scale, b.scale)
            prec = max(a.prec - a.scale, b.prec - b.scale) + 1 + scale
        return Item(kind, prec, scale, unsigned, nullable)

    # -- functions

    def _hybrid(self, results: list[Item], nullable: bool) -> Item:
        """The column of :func:`aggregate_for_result` over ``results``, the widest integer
        type for integers, where CREATE ... SELECT's column is modelled."""
        kinds = {r.kind for r in results}
        if any(r.unsigned for r in results):
            raise _refuse("a hybrid function over unsigned values" if kinds == {"INT"} else
                          "a hybrid function over mixed types")
        agg = aggregate_for_result(results)
        if agg is not None and agg.kind == "INT":
            # (MySQL's hybrid of arithmetic items is not its digits rule: `IFNULL(m * 2, ti)` is
            # bigint where `m * 2` alone is int -- 9.7.4 probed; the length rule matches that)
            handler = max((r.handler or _int_handler(r.char_length) for r in results), key=lambda h: _INT_RANK[h])
            return Item("INT", agg.int_digits, 0, False, nullable, handler)
        if agg is not None and agg.kind == "DECIMAL":
            return Item("DECIMAL", agg.int_digits + agg.scale, agg.scale, False, nullable)
        if kinds == {"STRING"}:
            st = {r.string_type for r in results if r.string_type is not None}
            if len(st) > 1:
                raise _refuse("strings of different columns")
            return Item("STRING", nullable=nullable, length=max(r.length for r in results),
                        string_type=next(iter(st)) if st else None)
        raise _refuse("a hybrid function over mixed types")

    def _case(self, e: A.Case) -> Item:
        results, nullable = case_result_items(e, self.item)
        return self._int_aggregate(self._hybrid(results, nullable), results, "CASE")

    def _int_aggregate(self, it: Item, args: list[Item], name: str) -> Item:
        """MySQL: the integer type COALESCE, IF and CASE aggregate is INT over arguments up to
        INT, BIGINT once one is (a BIGINT column, an arithmetic item past 11 characters); IFNULL's
        is always BIGINT (9.7.4 probed: `COALESCE(ti, si)`, `IF(id > 0, ti, si)`, `CASE ... ti ELSE m
        END` int; `COALESCE(m, b)`, `IFNULL(ti, 0)`, `IFNULL(m * 2, ti)` bigint). MariaDB keeps the
        widest argument's type (TINYINT .. BIGINT)."""
        if it.kind != "INT" or not self.thd.server.flavor.sql.int_aggregate_widens or \
                name not in ("COALESCE", "IFNULL", "IF", "CASE"):
            return it
        wide = name == "IFNULL" or any(a.kind == "INT" and (a.handler or self._own_int_type(a)) == "BIGINT"
                                       for a in args)
        return replace(it, handler="BIGINT" if wide else "INT")

    def _func(self, e: A.FuncCall) -> Item:
        name = e.name
        args = [self.item(a) for a in e.args]
        hybrid = hybrid_func_result_items(name, args)
        if hybrid is not None:
            return self._int_aggregate(self._hybrid(*hybrid), hybrid[0], name)
        if name == "ABS" and len(args) == 1:
            a = args[0]
            if a.kind == "INT":
                length = a.char_length
                return Item("INT", length - (0 if a.unsigned else 1), 0, a.unsigned, a.nullable, self._int_type(length))
            if a.kind in ("DECIMAL", "REAL"):
                return replace(a, literal=False)
        if name == "CONCAT" and args:
            st = {a.string_type for a in args if a.string_type is not None}
            if len(st) > 1:
                raise _refuse("CONCAT of different columns")
            # CONCAT may return NULL (a result over max_allowed_packet): always nullable (observed).
            return Item("STRING", nullable=True,
                        length=sum(a.length if a.kind == "STRING" else a.char_length for a in args),
                        string_type=next(iter(st)) if st else None)
        if name in ("UPPER", "LOWER", "UCASE", "LCASE") and len(args) == 1 and args[0].kind == "STRING" \
                and args[0].nullable:
            return replace(args[0])
        raise _refuse(f"the function {name}")
