"""MySQL 9.7's conversions of a comparison between a column and a constant of another
type (sql/item_cmpfunc.cc ``Arg_comparator::set_cmp_func``, ``item_cmp_type``;
docs/RULES-mysql-9.7.md section 7), where they differ from MariaDB 10.11's
(harness/sql/item/arg_comparator.py):

* a DECIMAL column against a constant string compares as DECIMAL ("do comparison as
  decimal rather than float, in order not to lose precision"): ``Truncated incorrect
  DECIMAL value: 'x'``, once, when the constant is converted -- whatever the rows hold
  (an empty table, NULLs); an INT column against a string compares as REAL:
  ``Truncated incorrect DOUBLE value``, and an empty (or blank) string is 0 without a
  word (``double_from_string_with_check``: my_strntod consumed all of it);
* a string column against a number compares as REAL: each non-NULL value read that is
  no number warns ``DOUBLE`` (the empty string does not);
* a DATETIME column against a string constant converts the constant to DATETIME while
  the statement is prepared: one that is no date (``'x'``, ``'2020-13-01'``) warns
  ``Incorrect datetime value: 'x' for column 'dt' at row 1`` and fails the statement
  with 1525 ``Incorrect DATETIME value: 'x'`` -- SELECT too, strict or not; a strict
  UPDATE/DELETE fails with the 1292 itself, the 1525 listed after it; a DATETIME against
  a number compares as a number: no conversion;
* a trigger's ``NEW.x``/``OLD.x`` is such a constant: a DECIMAL column against a string
  field whose text starts with no number warns 1366 ``Incorrect DECIMAL value: '0' for
  column '' at row -1`` (Field_varstring::val_decimal -> str2my_decimal's
  decimal_operation_results) and then 1292 ``Truncated incorrect DECIMAL value: 'x1'``;
  a DATETIME against a number field, either side, converts nothing.

Probed on 9.7.4 (SELECT/DELETE/UPDATE against literals, AFTER INSERT triggers over
``c2 > NEW.c1``); anything else keeps MariaDB's check.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any, Callable

from harness.diagnostics import ComparisonNote, FoldedNote, Note, ResolvedNote, ServerError
from harness.sql.item.column_types import DateTimeType, DateType, DecimalType, IntType, StringType, value_to_string
from harness.sql.item.number_text import scan_number
from harness.sql.item.temporal import BAD, number_to_datetime, parse_datetime
from harness.sql.parse import parse_tree as A

if TYPE_CHECKING:
    from harness.sql.item.expr import Scope

Check = Callable[[Any, Any, Any], Any]


def double_clean(s: str) -> bool:
    """my_strntod read all of ``s`` (trailing spaces aside): no DOUBLE warning. The empty
    or blank string is 0 without one."""
    return s.strip(" \t\n\r") == "" or scan_number(s)[1] in ("ok", "space")


def decimal_status(s: str) -> str:
    """str2my_decimal of ``s``: ``ok``, ``trunc`` (a number then other characters) or
    ``bad`` (no number starts it; the empty string too)."""
    status = scan_number(s)[1]
    return "ok" if status in ("ok", "space") else status


def mysql_conversion(op: str, left: A.Expr, right: A.Expr, scope: "Scope", mariadb: Check | None,
                     resolved: Callable[[A.Expr], Any], literal: Callable[[A.Expr], tuple[Any, bool]],
                     trigger_types: Callable[[A.Expr, A.RowValue], Any]) -> Check | None:
    """The check MySQL makes of ``left op right`` (``mariadb``: MariaDB's, kept where the
    two servers agree)."""
    for col, field, col_left in ((left, right, True), (right, left, False)):
        if isinstance(field, A.RowValue):
            types = trigger_types(col, field)
            if types is None:
                return mariadb
            dt = _trigger_datetime(op, types, col_left)
            return dt if dt is not None else _trigger_field(types[0], types[1], col_left, mariadb)
    for col, lit, col_left in ((left, right, True), (right, left, False)):
        found = resolved(col)
        value, is_lit = literal(lit)
        if found is None or not is_lit:
            continue
        family = family_of(found[1].type)
        if family in ("INT", "DECIMAL") and isinstance(value, str):
            if family == "DECIMAL":
                return None if decimal_status(value) == "ok" else \
                    _once([Note("Warning", 1292, f"Truncated incorrect DECIMAL value: '{value}'")])
            return None if double_clean(value) else \
                _once([Note("Warning", 1292, f"Truncated incorrect DOUBLE value: '{value}'")])
        if family == "STRING" and isinstance(value, (int, Decimal, float)):
            return _per_row_double(col_left)
        if family == "DATETIME" and isinstance(value, str):
            return _datetime_constant(value, found[1].name)
        if (family == "DATETIME" or isinstance(found[1].type, DateType)) \
                and isinstance(value, (int, Decimal, float)) and not isinstance(value, bool):
            check = _datetime_number(value, found[1])
            if check is None and family == "DATETIME":
                return _number_into_temporal  # a date: stored into the field, reads the zone
            return check
        if family == "DATETIME":
            return None
        return mariadb
    if _temporal_against_number(resolved(left), resolved(right)):
        return _as_numbers
    return mariadb


def _temporal_against_number(left: Any, right: Any) -> bool:
    """Two columns, one DATE/DATETIME/TIMESTAMP and the other INT or DECIMAL: MySQL's
    ``can_compare_as_dates`` is false for date[time] + number, and no constant is there for
    ``convert_constant_item`` to store in the temporal field, so ``item_cmp_type`` compares
    them as numbers, the temporal value as YYYYMMDDhhmmss (9.7.4 probed: a DECIMAL 0.00
    matches the zero date, 20240101.00 does not match 2024-01-01 00:00:00). MariaDB compares
    them as DATETIME."""
    if left is None or right is None:
        return False
    lt, rt = left[1].type, right[1].type
    return (_temporal(lt) and _numeric(rt)) or (_numeric(lt) and _temporal(rt))


def _temporal(t: Any) -> bool:
    return family_of(t) == "DATETIME" or isinstance(t, DateType)


def _numeric(t: Any) -> bool:
    return family_of(t) in ("INT", "DECIMAL")


def _as_numbers(lv: Any, rv: Any, ctx: Any) -> Any:
    return CompareAsNumbers()


def family_of(t: Any) -> str | None:
    """The comparison family of a column's type (None: not modelled); arg_comparator's
    comparison_family is this one."""
    if isinstance(t, DateTimeType):
        return "DATETIME"
    if isinstance(t, IntType):
        return "INT"
    if isinstance(t, DecimalType):
        return "DECIMAL"
    if isinstance(t, StringType) and not t.is_blob:
        return "STRING"
    return None


def _trigger_field(ctype: Any, ftype: Any, col_left: bool, mariadb: Check | None) -> Check | None:
    cf, ff = family_of(ctype), family_of(ftype)
    numbers = ("INT", "DECIMAL")
    if (cf == "DATETIME" and ff in numbers) or (ff == "DATETIME" and cf in numbers):
        return None  # compared as numbers
    if cf == "DECIMAL" and ff == "STRING":
        return _decimal_field(col_left)
    if cf == "STRING" and ff in numbers:
        return _per_row_double(col_left)
    if cf == "INT" and ff == "STRING" and mariadb is not None:
        def check(lv: Any, rv: Any, ctx: Any) -> Any:
            v = rv if col_left else lv
            if isinstance(v, str) and v.strip(" \t\n\r") == "":
                return None  # 0 without a word
            return mariadb(lv, rv, ctx)
        return check
    return mariadb


def _trigger_datetime(op: str, types: tuple[Any, Any, Any, Any, Any], col_left: bool) -> Check | None:
    """A string column against a DATETIME trigger field, or a DATETIME column against a
    string one: get_datetime_value converts the string operand with the temporal operand as
    ``warn_item`` (sql/item_cmpfunc.cc), so the 1292 names the DATETIME side's column
    (``Incorrect datetime value: 'x1' for column 'c1' at row N``, N the sub-statement's
    rows read for an UPDATE, 1 for a DELETE). A sub-statement that runs as a JOIN
    (INSERT ... SELECT, multi-table UPDATE/DELETE) first wraps NEW/OLD in an Item_cache
    (JOIN::cache_const_exprs), which has no name: ``Truncated incorrect datetime value:
    'x1'``; there a DATETIME column ``=`` the string field converts it as a constant
    (1525 after the 1292, one more Warning 1292 first from the range optimizer when the
    column leads an index). A table read as a constant (a one-row MyISAM table) is
    evaluated before the caching. 9.7.4 probed (tests/sql/item/test_arg_comparator_mysql.py)."""
    ctype, ftype, table, column, fcol = types
    cf, ff = family_of(ctype), family_of(ftype)
    if {cf, ff} != {"STRING", "DATETIME"}:
        return None
    field_is_datetime = ff == "DATETIME"
    name = fcol.name if field_is_datetime else column.name
    system = not table.engine.transactional and sum(1 for _ in table.data.scan()) <= 1
    keyed = any(k.columns[:1] == [table.column(column.name)] for k in table.keys)
    state: dict[str, Any] = {"ctx": None, "row": 0}

    def check(lv: Any, rv: Any, ctx: Any) -> Any:
        if state["ctx"] is not ctx or state.get("stmt") is not getattr(ctx, "outer_env", None):
            state.update(ctx=ctx, row=0, stmt=getattr(ctx, "outer_env", None))
        state["row"] += 1
        if col_left and op != "<=>" and lv is None:
            return None  # the right operand is not read
        text = (rv if col_left else lv) if not field_is_datetime else (lv if col_left else rv)
        if text is None:
            return None
        text = text if isinstance(text, str) else value_to_string(text)
        if parse_datetime(text)[1] != BAD:
            return None
        shape = getattr(ctx, "sub_statement_shape", "")
        join = shape == "join" and not system
        if join and field_is_datetime:
            return [Note("Warning", 1292, f"Truncated incorrect datetime value: '{text}'")]
        row = state["row"] if shape == "update" else 1
        note = Note("Warning", 1292, f"Incorrect datetime value: '{text}' for column '{name}' at row {row}")
        if join and op == "=":
            if keyed:
                ctx.notes.append(FoldedNote("Warning", 1292, note.message))  # stays a warning
            ctx.notes.append(note)
            raise ConstantConversionError(1525, f"Incorrect DATETIME value: '{text}'")
        return [note]

    return check


def _first_in_statement() -> Callable[[Any], bool]:
    """A predicate true on a statement's first comparison only: what the server's
    once-per-statement conversions of a constant go by (``ctx`` is the statement's)."""
    seen: dict[int, bool] = {}

    def first(ctx: Any) -> bool:
        if seen.get(id(ctx)):
            return False
        seen.clear()
        seen[id(ctx)] = True
        return True

    return first


def _once_per_statement(check: Check) -> Check:
    """``check`` run on the statement's first comparison only (a constant the server
    converts once per statement, whatever the rows hold)."""
    first = _first_in_statement()

    def once(lv: Any, rv: Any, ctx: Any) -> Any:
        return check(lv, rv, ctx) if first(ctx) else None

    return once


def _decimal_field(col_left: bool) -> Check:
    """A string field compared as DECIMAL: converted once per statement (a constant),
    whatever the column holds."""

    def check(lv: Any, rv: Any, ctx: Any) -> Any:
        v = rv if col_left else lv
        if v is None:
            return None
        text = v if isinstance(v, str) else value_to_string(v)
        status = decimal_status(text)
        if status == "ok":
            return None
        truncated = Note("Warning", 1292, f"Truncated incorrect DECIMAL value: '{text}'")
        if status == "bad":
            return [Note("Warning", 1366, "Incorrect DECIMAL value: '0' for column '' at row -1"), truncated]
        return [truncated]

    return _once_per_statement(check)


def _per_row_double(col_left: bool) -> Check:
    """The string column's value converted to DOUBLE on each row where it is not NULL."""

    def check(lv: Any, rv: Any, ctx: Any) -> Any:
        v = lv if col_left else rv
        if v is None or isinstance(v, (int, Decimal, float)):
            return None
        text = value_to_string(v) if not isinstance(v, str) else v
        return None if double_clean(text) else [Note("Warning", 1292, f"Truncated incorrect DOUBLE value: '{text}'")]

    return check


def _number_into_temporal(lv: Any, rv: Any, ctx: Any) -> None:
    """A DATETIME/TIMESTAMP column against a number constant: convert_constant_item stores the
    constant into the field, which reads the session time zone when the number is a date
    (thd->time_zone_used, the statement's Q_TIME_ZONE_CODE; 9.7.4 observed: `UPDATE t SET id =
    id + 100 WHERE d = 20240101` carries `SYSTEM`, `... WHERE d = 7` (no date) and `... WHERE
    dd = 20240102` on a DATE do not). No condition."""
    log = getattr(getattr(ctx, "thd", None), "stmt_log", None)
    if log is not None:
        log.read_time_zone()


def _once(notes: list[Note]) -> Check:
    """The constant converted once per statement, whatever the rows hold."""
    return _once_per_statement(lambda lv, rv, ctx: list(notes))


class ConstantConversionError(ServerError):
    """1525: the constant a DATETIME is compared with is no date (Item_func_comparison's
    constant conversion while the statement is prepared). A statement that aborts on
    warnings fails with the 1292 before it instead (join_rows)."""


def _datetime_constant(value: str, column: str) -> Check | None:
    if parse_datetime(value)[1] != BAD:
        return None

    def check(lv: Any, rv: Any, ctx: Any) -> Any:
        ctx.notes.append(Note("Warning", 1292, f"Incorrect datetime value: '{value}' for column '{column}' at row 1"))
        raise ConstantConversionError(1525, f"Incorrect DATETIME value: '{value}'")

    return check


class CompareAsNumbers(list):  # type: ignore[type-arg]
    """A check's answer: these notes, and the comparison made between numbers (a temporal
    value as its YYYYMMDDhhmmss number) instead of the values' own rules."""


def _datetime_number(value: Any, col: Any) -> Check | None:
    """A DATETIME/DATE column against a number constant: the constant converted to the
    column's type once (number_to_datetime); a number that is no date (7, 2024, 7.5) warns
    ``Incorrect datetime value: '7' for column 'd' at row 1`` and the rows are compared with
    it as numbers -- the zero date is 0, so `d = 7` matches none of them (9.7.4 probed); a
    number that is a date (20240101, 0) compares as a datetime, without a word."""
    parts, verdict = number_to_datetime(value)
    if parts is not None and verdict != BAD:
        return None
    kind = "date" if str(getattr(col.type, "name", "")).upper() == "DATE" else "datetime"
    note = ResolvedNote("Warning", 1292, f"Incorrect {kind} value: '{value_to_string(value)}' for column '{col.name}' "
                                 "at row 1")
    first = _first_in_statement()

    def check(lv: Any, rv: Any, ctx: Any) -> Any:
        return CompareAsNumbers([note] if first(ctx) else [])  # compared as numbers on every row

    return check


def push_conversion(notes: list[Note], msg: Any) -> None:
    """A check's answer onto the statement's conditions: MariaDB's text (a ComparisonNote the
    flavour words) or MySQL's own Notes."""
    if isinstance(msg, str):
        notes.append(ComparisonNote("Warning", 1292, msg))
    else:
        notes.extend(msg)
