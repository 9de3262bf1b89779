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

A trigger's ``NEW.x`` / ``OLD.x`` (Item_trigger_field) compares like a literal of its
column's type, except against a DATETIME: there a Field converts itself
(``Field::get_date``) and names itself, ``Incorrect datetime value: 'v' for column
`db`.`t`.`c` at row N`` (N: the row of the sub-statement being read), for every
comparison operator, whichever side is the DATETIME (probed on MariaDB 10.11 with
strict triggers; a non-strict trigger's warnings never reach the client).  A column
some index starts with is left out when the index can look the value up (a ref access
converts the value for the key instead; not modelled); a string key is never looked up
by a number (``ref_usable``), so it is scanned and compared row by row.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any, Callable

from harness.sql.parse import parse_tree as A
from harness.sql.item.temporal import BAD, number_to_datetime, parse_datetime
from harness.sql.item.column_types import DateTimeType
from harness.sql.item.column_types import DecimalType, IntType, StringType, value_to_string
from harness.sql.item.number_text import scan_number
from harness.sql.item.arg_comparator_mysql import CompareAsNumbers, family_of, mysql_conversion, push_conversion
from harness.sql.item.scalar import compare, to_number

if TYPE_CHECKING:
    from harness.sql.item.expr import Scope

# check(left value, right value, statement context) -> the warning of this evaluation, or None
ConversionCheck = Callable[[Any, Any, Any], Any]  # a str (MariaDB's text), a list of Notes, or None

_COMPARISONS = ("=", "!=", "<", ">", "<=", ">=", "<=>")


def _column_family(e: A.Expr, scope: "Scope") -> str | None:
    resolved = _resolved_column(e, scope, outer=True)
    return None if resolved is None else _family_of_type(resolved[1].type)


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
    comparison converts nothing the model knows of. The flavour picks MariaDB's rules or
    MySQL's (``SqlDialect.mysql_comparisons``, harness/sql/item/arg_comparator_mysql.py)
    when the statement runs."""
    if op not in _COMPARISONS:
        return None
    mariadb = _mariadb_conversion(op, left, right, scope)
    mysql = mysql_conversion(op, left, right, scope, mariadb,
                             lambda e: _resolved_column(e, scope, outer=True), _literal,
                             lambda col, field: _trigger_types(col, field, scope))
    if mysql is mariadb:
        return mariadb

    def check(lv: Any, rv: Any, ctx: Any) -> Any:
        chosen = mysql if _mysql_rules(ctx) else mariadb
        return None if chosen is None else chosen(lv, rv, ctx)

    return check


def _mysql_rules(ctx: Any) -> bool:
    flavor = getattr(getattr(getattr(ctx, "thd", None), "server", None), "flavor", None)
    return bool(getattr(getattr(flavor, "sql", None), "mysql_comparisons", False))


def _trigger_types(col: A.Expr, field: A.RowValue, scope: "Scope") -> tuple[Any, Any, Any, Any, Any] | None:
    """(the column's type, the trigger field's type, the column's table, the column, the
    trigger field's column), or None when either is unknown."""
    trg = scope.trigger_table
    resolved = _resolved_column(col, scope)
    if trg is None or resolved is None:
        return None
    try:
        fcol = trg.columns[trg.column(field.column)]
    except Exception:  # noqa: BLE001 - an unknown NEW/OLD column fails when compiled
        return None
    return resolved[1].type, fcol.type, resolved[0], resolved[1], fcol


def _mariadb_conversion(op: str, left: A.Expr, right: A.Expr, scope: "Scope") -> ConversionCheck | None:
    for col, field, col_left in ((left, right, True), (right, left, False)):
        if isinstance(field, A.RowValue):
            return _trigger_field_conversion(op, col, field, col_left, scope)
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


def _family_of_type(t: Any) -> str | None:
    if isinstance(t, DateTimeType):
        return "DATETIME"
    if isinstance(t, (IntType, DecimalType)):
        return "NUMBER"
    if isinstance(t, StringType) and not t.is_blob:
        return "STRING"
    return None


def _resolved_column(e: A.Expr, scope: "Scope", outer: bool = False) -> tuple[Any, Any] | None:
    """(table, column) of a column reference (``outer``: also one of an outer query's
    tables), or None for anything else; a name error surfaces when the comparison is
    compiled."""
    if not isinstance(e, A.ColumnRef) or (e.table is None and e.name.lower() in scope.local_names):
        return None
    try:
        depth, ti, ci = scope.resolve(e)
    except Exception:  # noqa: BLE001 - a name error surfaces when the comparison is compiled
        return None
    if depth and not outer:
        return None
    sc = scope
    for _ in range(depth):
        sc = sc.outer  # type: ignore[assignment]
    t = sc.tables[ti][1]
    return t, t.columns[ci]


def _trigger_field_conversion(op: str, col: A.Expr, field: A.RowValue, col_left: bool,
                              scope: "Scope") -> ConversionCheck | None:
    trg = scope.trigger_table
    resolved = _resolved_column(col, scope)
    if trg is None or resolved is None:
        return None
    t, column = resolved
    try:
        fcol = trg.columns[trg.column(field.column)]
    except Exception:  # noqa: BLE001 - an unknown NEW/OLD column fails when compiled
        return None
    fam, ffam = _family_of_type(column.type), _family_of_type(fcol.type)
    if fam is None or ffam is None or fam == ffam:
        return None
    key_family, value_family = comparison_family(column.type), comparison_family(fcol.type)
    system = not t.engine.transactional and sum(1 for _ in t.data.scan()) <= 1  # read as a constant
    if not system and any(k.columns[:1] == [t.column(column.name)] for k in t.keys):
        if key_family is None or value_family is None:
            return None
        if ref_usable(key_family, value_family) and fam == "NUMBER":
            # The range optimizer converts the value once for the key, before any row is
            # read, whatever the rows hold (probed under a strict trigger: PRIMARY/UNIQUE
            # DECIMAL and INT keys with >=). A number key looked up by = reads with
            # store_key, which only warns (and a trigger's warnings are not seen): nothing.
            # A DATETIME key converts row by row like a column without one (probed: "at
            # row 2" after a NULL first row with <>).
            if op in ("=", "<=>"):
                return None
            return _field_once(col_left, lambda v: None if not isinstance(v, str) or _clean_number(v)
                               else f"Truncated incorrect DECIMAL value: '{v}'")
    # Arg_comparator reads the right operand only when the left one is not NULL; <=>
    # (compare_e_*) reads both.
    skips = col_left and op != "<=>"
    if fam == "NUMBER" and ffam == "STRING":
        return _field_value(col_left, skips, lambda v: None if _clean_number(v) else
                            f"Truncated incorrect DECIMAL value: '{v}'")
    if fam == "STRING" and ffam == "NUMBER":
        return _per_row("DECIMAL" if isinstance(fcol.type, IntType) else "DOUBLE", col_left)
    if fam == "DATETIME":
        name = f"`{trg.db}`.`{trg.name}`.`{fcol.name}`"
        return _datetime_of(col_left, skips, field_side=True, column=name)
    if ffam == "DATETIME":
        name = f"`{t.db}`.`{t.name}`.`{column.name}`"
        return _datetime_of(col_left, skips, field_side=False, column=name)
    return None


def _field_value(col_left: bool, skips: bool, message: Callable[[str], "str | None"]) -> ConversionCheck:
    """The trigger field's value converted at each evaluation that reads it (``skips``:
    not when the column, the left operand, is NULL)."""

    def check(lv: Any, rv: Any, ctx: Any) -> str | None:
        v = rv if col_left else lv
        if v is None or (skips and lv is None):
            return None
        return message(v if isinstance(v, str) else value_to_string(v))

    return check


def _field_once(col_left: bool, message: Callable[[Any], "str | None"]) -> ConversionCheck:
    """The trigger field's value converted once, at the first evaluation, whatever the
    column holds (the range optimizer's conversion for the key)."""
    said = False

    def check(lv: Any, rv: Any, ctx: Any) -> str | None:
        nonlocal said
        if said:
            return None
        said = True
        v = rv if col_left else lv
        return None if v is None else message(v)

    return check


def _bad_datetime(v: Any, column: str, row: int) -> str | None:
    """``Field::get_date`` of a number or string that is no datetime, or None."""
    if isinstance(v, bool) or not isinstance(v, (str, int, Decimal)):
        return None
    verdict = parse_datetime(v)[1] if isinstance(v, str) else number_to_datetime(v)[1]
    if verdict != BAD:
        return None
    text = v if isinstance(v, str) else value_to_string(v)
    return f"Incorrect datetime value: '{text}' for column {column} at row {row}"


def _datetime_of(col_left: bool, skips: bool, *, field_side: bool, column: str) -> ConversionCheck:
    """A number or string Field converting itself to DATETIME: the trigger field
    (``field_side``) or the statement's column; ``at row N`` counts the rows the
    sub-statement read (per statement context)."""
    state: dict[str, Any] = {"ctx": None, "row": 0}

    def check(lv: Any, rv: Any, ctx: Any) -> str | None:
        if state["ctx"] is not ctx:
            state["ctx"], state["row"] = ctx, 0
        state["row"] += 1
        if skips and lv is None:
            return None  # the right operand is not read
        v = (rv if col_left else lv) if field_side else (lv if col_left else rv)
        return None if v is None else _bad_datetime(v, column, state["row"])

    return check


def _once(message: str, col_left: bool | None) -> ConversionCheck:
    """The literal converted once per statement, when first read: the right operand is
    read only when the left one is not NULL (``col_left``: the column is the left one;
    None: read whatever the column holds)."""
    said = False

    def check(lv: Any, rv: Any, ctx: Any) -> str | None:
        nonlocal said
        if said or (col_left and lv is None):
            return None
        said = True
        return message

    return check


def _per_row(word: str, col_left: bool) -> ConversionCheck:
    """The column's value converted on each row where it is not NULL."""

    def check(lv: Any, rv: Any, ctx: Any) -> str | None:
        v = lv if col_left else rv
        if v is None or isinstance(v, (int, Decimal, float)):
            return None
        text = value_to_string(v) if not isinstance(v, str) else v
        return None if _clean_number(text) else f"Truncated incorrect {word} value: '{text}'"

    return check


def comparison_family(t: Any) -> str | None:
    """The comparison family of a join column's type (None: not modelled)."""
    return family_of(t)


def ref_usable(key_family: str, value_family: str, mysql: bool = False) -> bool:
    """Can an index on a ``key_family`` column be looked up (ref/eq_ref) with a value of
    ``value_family``? (``Field::can_optimize_keypart_ref``, probed on the fuzz types): a
    string index only by strings (a number compares as a number, not in the index's
    collation order), a DATETIME index by anything (the value is converted to
    DATETIME), a numeric index by numbers and strings but not by a DATETIME.

    ``mysql``: MySQL's ``comparable_in_index`` (sql/range_optimizer/range_optimizer.cc,
    called by add_key_field): a temporal field's result_type() is STRING_RESULT and its
    cmp_type() INT_RESULT, so a DATETIME index takes a string, an integer or a temporal
    value but not a DECIMAL (DECIMAL_RESULT != INT_RESULT: "Cannot use ref access ...
    due to type or collation conversion", 1739); a numeric index takes anything, a
    DATETIME too (9.7.4 probed with EXPLAIN: ``Single-row index lookup on b using
    PRIMARY (id = a.id)`` for an INT key and a DATETIME column)."""
    if key_family == value_family:
        return True
    if key_family == "STRING":
        return False
    if mysql:
        return not (key_family == "DATETIME" and value_family == "DECIMAL")
    if key_family == "DATETIME":
        return True
    return value_family != "DATETIME"


# ------------------------------------------------------------------ evaluation

Fn = Callable[[Any], Any]


def comparison(lf: Fn, rf: Fn, conv: Callable[[Any, Any, Any], Any] | None,
               test: Callable[[int], bool] | None) -> Fn:
    """``lf op rf`` (``test`` of compare(); None: ``<=>``), pushing Warning 1292 for the
    conversion comparison_conversion says it makes (the expression compiler's comparisons)."""
    if conv is not None:
        def converting(env: Any) -> Any:
            a, b = lf(env), rf(env)
            msg = conv(a, b, env.ctx)
            if msg is not None:
                push_conversion(env.ctx.notes, msg)
            if isinstance(msg, CompareAsNumbers) and a is not None and b is not None:
                return _compared(to_number(a), to_number(b), test)
            return _compared(a, b, test)
        return converting
    if test is None:
        def nseq(env: Any) -> Any:
            return _compared(lf(env), rf(env), None)
        return nseq

    def cmp(env: Any) -> Any:
        c = compare(lf(env), rf(env))
        return None if c is None else int(test(c))
    return cmp


def _compared(a: Any, b: Any, test: Callable[[int], bool] | None) -> Any:
    if test is None:
        if a is None or b is None:
            return int(a is None and b is None)
        return int(compare(a, b) == 0)
    c = compare(a, b)
    return None if c is None else int(test(c))
