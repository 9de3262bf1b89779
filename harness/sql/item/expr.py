"""Expression compiler and MySQL value semantics.

Expressions are compiled once per statement into Python closures over an
:class:`Env`, so that evaluating a WHERE clause per row does not re-walk the
AST. Value rules follow the server where the binary log can see them:
three-valued logic, numeric/string comparison by double, case-insensitive
string comparison (utf8mb4_general_ci), integer vs decimal arithmetic.
"""

from __future__ import annotations

import calendar
import datetime as dt
import math
from decimal import ROUND_HALF_UP, Decimal, DivisionByZero, InvalidOperation
from typing import Any, Callable

from harness.sql.sql_errors import ServerError, error
from harness.sql.item.func_math import func_abs, func_ceil, func_floor, func_pow, func_round
from harness.sql.item.func_native import NOT_NATIVE_SOMEWHERE, native_or_stored
from harness.sql.item.scalar import concat, _temporal_key, compare, substr, to_bool, to_number  # noqa: F401 (re-exported)
from harness.sql.item.charsets import CharsetStr
from harness.sql.item.column_types import MemberStr, parse_temporal, value_to_string
from harness.sql.item.func_cast import cast_int
from harness.sql.item.temporal import ZeroDate, ZeroDateTime, parse_time
from harness.sql.parse import parse_tree as A
from harness.sql.item.arg_comparator import comparison, comparison_conversion
from harness.sql.parse.parse_errors import UnsupportedError

Fn = Callable[["Env"], Any]


def sysvar_read_name(e: A.SysVar) -> str:
    """The name decide.py checks against SAFE_SYSVARS: a global value is never
    the one the slave's session has (sys_var::is_written_to_binlog is false for
    OPT_GLOBAL), so ``@@global.x`` is recorded under a name no safe list holds."""
    return f"@@global.{e.name}" if e.scope == "global" else e.name

# Functions that make a statement unsafe for statement-based logging (seed 002's
# list, plus MariaDB's additions).
UNSAFE_FUNCTIONS = frozenset(
    """FOUND_ROWS GET_LOCK IS_FREE_LOCK IS_USED_LOCK LOAD_FILE MASTER_POS_WAIT RAND RELEASE_LOCK
    ROW_COUNT SESSION_USER SLEEP SYSDATE SYSTEM_USER USER UUID UUID_SHORT MASTER_GTID_WAIT
    RELEASE_ALL_LOCKS RANDOM_BYTES BINLOG_GTID_POS""".split()
)
AGGREGATES = frozenset("COUNT SUM MIN MAX AVG GROUP_CONCAT BIT_AND BIT_OR BIT_XOR STD STDDEV VARIANCE".split())


class Env:
    """Evaluation environment: current rows of the FROM tables plus statement context."""

    __slots__ = ("rows", "ctx", "outer", "new", "old", "locals", "group", "window")

    def __init__(self, ctx: Any, rows: list[Any] | None = None, outer: "Env | None" = None) -> None:
        self.ctx = ctx
        self.rows: list[Any] = rows if rows is not None else []
        self.outer = outer
        self.new: list[Any] | None = None
        self.old: list[Any] | None = None
        self.locals: dict[str, Any] | None = outer.locals if outer is not None else None
        self.group: list[list[Any]] | None = None
        # The values of the query's window functions for this row (stmt/sql_window.py).
        self.window: dict[int, Any] | None = None

    def child(self, rows: list[Any] | None = None) -> "Env":
        e = Env(self.ctx, rows, self)
        e.new, e.old, e.locals = self.new, self.old, self.locals
        return e


class Scope:
    """Name resolution for column references."""

    def __init__(self, tables: list[tuple[str, Any]], outer: "Scope | None" = None,
                 trigger_table: Any = None, local_names: set[str] | None = None) -> None:
        self.tables = tables  # (reference name, TableDef)
        self.outer = outer
        self.trigger_table = trigger_table if trigger_table is not None else (outer.trigger_table if outer else None)
        self.local_names = local_names if local_names is not None else (outer.local_names if outer else set())

    def resolve(self, ref: A.ColumnRef, clause: str = "field list") -> tuple[int, int, int]:
        """(depth, table position, column position) for a column reference; ``clause``
        is the part of the statement being resolved (thd->where), named by 1054/1052."""
        depth = 0
        scope: Scope | None = self
        while scope is not None:
            found = None
            for ti, (rname, tdef) in enumerate(scope.tables):
                if ref.table is not None and ref.table.lower() != rname.lower() and \
                        ref.table.lower() != tdef.name.lower():
                    continue
                ci = tdef.col_index.get(ref.name.lower())
                if ci is not None:
                    if found is not None:
                        raise error("ER_NON_UNIQ_ERROR", ref.name, clause)
                    found = (depth, ti, ci)
            if found is not None:
                return found
            scope = scope.outer
            depth += 1
        where = f"{ref.table}.{ref.name}" if ref.table else ref.name
        raise error("ER_BAD_FIELD_ERROR", where, clause)


def _string_view(scope: Scope, depth: int, ti: int, ci: int) -> Any:
    """The type of an ENUM/SET column (its to_text reads the member text), None for
    every other column."""
    from harness.sql.item.column_types import EnumType, SetType
    sc = scope
    for _ in range(depth):
        sc = sc.outer  # type: ignore[assignment]
    tdef = sc.tables[ti][1]
    cols = getattr(tdef, "columns", None)
    if cols is None or ci >= len(cols):
        return None
    ctype = cols[ci].type
    return ctype if isinstance(ctype, (EnumType, SetType)) else None


# ------------------------------------------------------------------- values


def _arith(op: str, a: Any, b: Any, ctx: Any, unsigned_operand: bool = False) -> Any:
    """``unsigned_operand``: an operand is an UNSIGNED integer column (or arithmetic on
    one), which makes an integer +, - or * unsigned (Item_func_additive_op's
    unsigned_flag), so a negative result is out of range (1690)."""
    if a is None or b is None:
        return None
    x, y = to_number(a), to_number(b)
    if op == "/":
        if y == 0:
            ctx.division_by_zero()
            return None
        if isinstance(x, float) or isinstance(y, float):
            try:
                return float(x) / float(y)  # type: ignore[arg-type]
            except OverflowError:
                return math.inf
        dx, dy = Decimal(x), Decimal(y)  # type: ignore[arg-type]
        scale = max(-dx.as_tuple().exponent, 0) + 4  # type: ignore[operator]
        return (dx / dy).quantize(Decimal(1).scaleb(-scale), ROUND_HALF_UP)
    if op in ("DIV",):
        if y == 0:
            ctx.division_by_zero()
            return None
        return int(Decimal(x) / Decimal(y))  # type: ignore[arg-type]
    if op in ("%", "MOD"):
        if y == 0:
            ctx.division_by_zero()
            return None
        if isinstance(x, float) or isinstance(y, float):
            return math.fmod(x, y)  # type: ignore[arg-type]
        r = Decimal(x) % Decimal(y)  # type: ignore[arg-type]
        return int(r) if isinstance(x, int) and isinstance(y, int) else r
    if isinstance(x, float) or isinstance(y, float):
        x, y = float(x), float(y)  # type: ignore[arg-type]
    elif isinstance(x, Decimal) or isinstance(y, Decimal):
        x, y = Decimal(x), Decimal(y)  # type: ignore[arg-type]
    if op == "+":
        r = x + y  # type: ignore[operator]
    elif op == "-":
        r = x - y  # type: ignore[operator]
    else:
        r = x * y  # type: ignore[operator]
    if isinstance(r, int):
        # Item_func_plus/minus/mul::int_op: an operand beyond the int64 range can only be
        # unsigned, and makes the operation unsigned; so does an UNSIGNED column operand
        # (but not for ``-`` under NO_UNSIGNED_SUBTRACTION).
        typed = unsigned_operand and not (op == "-" and ctx is not None and
                                          "NO_UNSIGNED_SUBTRACTION" in str(ctx.thd.vars.get("sql_mode") or ""))
        unsigned = typed or x >= (1 << 63) or y >= (1 << 63)  # type: ignore[operator]
        if not (0 <= r < (1 << 64) if unsigned else -(1 << 63) <= r < (1 << 63)):
            raise error("ER_DATA_OUT_OF_RANGE", "BIGINT UNSIGNED" if unsigned else "BIGINT",
                        f"{value_to_string(a)} {op} {value_to_string(b)}")
    return r


def like_match(value: Any, pattern: Any) -> bool | None:
    if value is None or pattern is None:
        return None
    import re
    s, p = value_to_string(value), value_to_string(pattern)
    rx = []
    i = 0
    while i < len(p):
        c = p[i]
        if c == "\\" and i + 1 < len(p):
            rx.append(re.escape(p[i + 1]))
            i += 2
            continue
        rx.append(".*" if c == "%" else "." if c == "_" else re.escape(c))
        i += 1
    return re.fullmatch("".join(rx), s, re.IGNORECASE | re.DOTALL) is not None


def constant_value(e: A.Expr | None) -> Any:
    """Value of a constant expression (column DEFAULTs); evaluated without a session."""
    if e is None:
        return None
    if isinstance(e, A.Literal):
        return e.value
    if isinstance(e, A.Unary) and e.op == "-":
        v = constant_value(e.operand)
        return -v if v is not None else None
    raise UnsupportedError("non-constant DEFAULT")


# ------------------------------------------------------------------ compiler


class Compiler:
    """Compiles expressions against a scope. ``ctx_hooks`` record what the logging layer needs."""

    def __init__(self, scope: Scope, info: Any = None, clause: str = "field list") -> None:
        self.scope = scope
        self.info = info  # StatementInfo collecting functions / user vars used
        self.has_aggregate = False
        # The clause being compiled, as MariaDB 10.11 names it in 1054/1052 (thd->where:
        # SELECT, WHERE, ON, GROUP BY, HAVING, ORDER BY, SET, VALUES, ...; probed).
        self.clause = clause

    def compile_in(self, clause: str, e: A.Expr) -> Fn:
        """Compile ``e`` as part of ``clause`` (the name a 1054/1052 gives)."""
        saved, self.clause = self.clause, clause
        try:
            return self.compile(e)
        finally:
            self.clause = saved

    def compile(self, e: A.Expr) -> Fn:
        m = getattr(self, "c_" + type(e).__name__, None)
        if m is None:
            raise UnsupportedError(type(e).__name__)
        return m(e)

    def c_Literal(self, e: A.Literal) -> Fn:
        v = e.value
        return lambda env: v

    def c_ColumnRef(self, e: A.ColumnRef) -> Fn:
        if e.table is None and e.name.lower() in self.scope.local_names:
            name = e.name.lower()
            return lambda env: env.locals[name]  # type: ignore[index]
        depth, ti, ci = self.scope.resolve(e, self.clause)
        mtype = _string_view(self.scope, depth, ti, ci)
        if mtype is not None:
            view, members = mtype.to_text, tuple(mtype.values)
            # ENUM/SET store an index/bitmask but read as their member text in expressions.
            def member_text(env: Env) -> Any:
                o = env
                for _ in range(depth):
                    o = o.outer  # type: ignore[assignment]
                row = o.rows[ti]
                v = None if row is None else row[ci]
                return None if v is None else MemberStr(view(v), v, members) if isinstance(v, int) else view(v)
            return member_text
        if depth == 0:
            def col(env: Env) -> Any:
                row = env.rows[ti]
                return None if row is None else row[ci]
            return col

        def outer_col(env: Env) -> Any:
            o = env
            for _ in range(depth):
                o = o.outer  # type: ignore[assignment]
            row = o.rows[ti]
            return None if row is None else row[ci]
        return outer_col

    def c_RowValue(self, e: A.RowValue) -> Fn:
        t = self.scope.trigger_table
        if t is None:
            raise error("ER_BAD_FIELD_ERROR", e.column, e.which)
        ci = t.column(e.column)
        if e.which == "NEW":
            if self.info is not None:
                self.info.reads_new = True
            return lambda env: env.new[ci]  # type: ignore[index]
        return lambda env: env.old[ci]  # type: ignore[index]

    def c_UserVar(self, e: A.UserVar) -> Fn:
        name = e.name.lower()
        if self.info is not None:
            self.info.user_vars_read.append(name)
        return lambda env: env.ctx.get_user_var(name)

    def c_SysVar(self, e: A.SysVar) -> Fn:
        name, scope = e.name, e.scope
        if self.info is not None:
            self.info.sysvars_read.append(sysvar_read_name(e))
        if name.lower() in ("last_insert_id", "identity") and scope != "global":
            # Like LAST_INSERT_ID(): the statement depends on the previous one's id (Intvar).
            return lambda env: env.ctx.fn_last_insert_id()
        return lambda env: env.ctx.get_sysvar(name, scope)

    def c_Assign(self, e: A.Assign) -> Fn:
        f = self.compile(e.expr)
        name = e.var.lower()

        def assign(env: Env) -> Any:
            v = f(env)
            env.ctx.set_user_var(name, v)
            return v
        return assign

    def c_Default(self, e: A.Default) -> Fn:
        raise UnsupportedError("DEFAULT in this position")

    def c_Unary(self, e: A.Unary) -> Fn:
        f = self.compile(e.operand)
        if e.op == "-":
            def neg(env: Env) -> Any:
                v = to_number(f(env))
                return None if v is None else -v
            return neg
        if e.op == "NOT":
            def not_(env: Env) -> Any:
                b = to_bool(f(env))
                return None if b is None else int(not b)
            return not_
        if e.op == "~":
            return lambda env: None if (v := f(env)) is None else (~int(to_number(v))) & 0xFFFFFFFFFFFFFFFF  # type: ignore[arg-type]
        if e.op == "BINARY":
            return lambda env: None if (v := f(env)) is None else (v if isinstance(v, bytes) else value_to_string(v).encode())
        raise UnsupportedError(e.op)

    def c_Interval(self, e: A.Interval) -> Fn:
        raise UnsupportedError("INTERVAL outside date arithmetic")

    def c_Regexp(self, e: A.Regexp) -> Fn:
        from harness.sql.item.builtins import regexp_match
        sf, pf = self.compile(e.expr), self.compile(e.pattern)
        neg = e.negated

        def regexp(env: Env) -> Any:
            r = regexp_match(sf(env), pf(env))
            return None if r is None else (1 - r if neg else r)
        return regexp

    def _interval_arith(self, e: A.Binary) -> Fn:
        """d + INTERVAL n unit, INTERVAL n unit + d, d - INTERVAL n unit (Item_date_add_interval)."""
        from harness.sql.item.builtins import date_interval_fn
        if isinstance(e.left, A.Interval):
            if e.op != "+" or isinstance(e.right, A.Interval):
                raise UnsupportedError("INTERVAL on the left of -")
            iv, base = e.left, e.right
        else:
            iv, base = e.right, e.left  # type: ignore[assignment]
        sign = 1 if e.op == "+" else -1
        return date_interval_fn(self.compile(base), self.compile(iv.value), iv.unit, sign)  # type: ignore[attr-defined]

    def c_Binary(self, e: A.Binary) -> Fn:
        op = e.op
        if op in ("+", "-") and (isinstance(e.left, A.Interval) or isinstance(e.right, A.Interval)):
            return self._interval_arith(e)
        lf, rf = self.compile(e.left), self.compile(e.right)
        if op == "AND":
            def and_(env: Env) -> Any:
                a = to_bool(lf(env))
                if a is False:
                    return 0
                b = to_bool(rf(env))
                if b is False:
                    return 0
                return None if a is None or b is None else 1
            return and_
        if op == "OR":
            def or_(env: Env) -> Any:
                a = to_bool(lf(env))
                if a is True:
                    return 1
                b = to_bool(rf(env))
                if b is True:
                    return 1
                return None if a is None or b is None else 0
            return or_
        if op == "XOR":
            def xor(env: Env) -> Any:
                a, b = to_bool(lf(env)), to_bool(rf(env))
                return None if a is None or b is None else int(a != b)
            return xor
        conv = comparison_conversion(op, e.left, e.right, self.scope)
        if op == "<=>":
            return comparison(lf, rf, conv, None)
        if op in ("=", "!=", "<", ">", "<=", ">="):
            test = {"=": lambda c: c == 0, "!=": lambda c: c != 0, "<": lambda c: c < 0,
                    ">": lambda c: c > 0, "<=": lambda c: c <= 0, ">=": lambda c: c >= 0}[op]

            return comparison(lf, rf, conv, test)
        if op in ("+", "-", "*", "/", "%", "MOD", "DIV"):
            uns = op in ("+", "-", "*") and (self._unsigned_int(e.left) or self._unsigned_int(e.right))

            def arith(env: Env) -> Any:
                a, b = lf(env), rf(env)  # an operand's own 1690 names the operand (observed)
                try:
                    r = _arith(op, a, b, env.ctx, uns)
                except ServerError as err:
                    if err.code != 1690:
                        raise
                    # The server names the expression as Item::print writes it (columns
                    # as `db`.`table`.`col`), not the values; observed for column operands.
                    text = self._print(e, _print_parens(env))
                    if text is None:
                        raise
                    kind = err.message.split(" value is out of range", 1)[0]
                    raise error("ER_DATA_OUT_OF_RANGE", kind, text) from None
                if isinstance(r, float) and not math.isfinite(r):
                    raise self._out_of_range("DOUBLE", e, env)
                return r
            return arith
        if op in ("|", "&", "^", "<<", ">>"):
            def bit(env: Env) -> Any:
                a, b = lf(env), rf(env)
                if a is None or b is None:
                    return None
                x, y = int(to_number(a)) & 0xFFFFFFFFFFFFFFFF, int(to_number(b)) & 0xFFFFFFFFFFFFFFFF  # type: ignore[arg-type]
                r = {"|": x | y, "&": x & y, "^": x ^ y, "<<": (x << y) if y < 64 else 0,
                     ">>": x >> y if y < 64 else 0}[op]
                return r & 0xFFFFFFFFFFFFFFFF
            return bit
        raise UnsupportedError(f"operator {op}")

    def _unsigned_int(self, e: A.Expr) -> bool:
        """The expression has the unsigned flag: an UNSIGNED integer column of the scope,
        or +, - or * over one."""
        if isinstance(e, A.Binary) and e.op in ("+", "-", "*"):
            return self._unsigned_int(e.left) or self._unsigned_int(e.right)
        if not isinstance(e, A.ColumnRef) or (e.table is None and e.name.lower() in self.scope.local_names):
            return False
        try:
            depth, ti, ci = self.scope.resolve(e, self.clause)
        except ServerError:
            return False
        sc = self.scope
        for _ in range(depth):
            sc = sc.outer  # type: ignore[assignment]
        cols = getattr(sc.tables[ti][1], "columns", None)
        ctype = cols[ci].type if cols is not None and ci < len(cols) else None
        from harness.sql.item.column_types import IntType
        return isinstance(ctype, IntType) and ctype.unsigned

    def _print(self, e: A.Expr, parens: bool = False) -> str | None:
        """Item::print for the simple arithmetic the 1690 message shows; None when unsure.
        ``parens``: MySQL's Item_func::print_op wraps every infix operation, `(a - 1)`, and
        its parser keeps a minus before a number as Item_func_neg, printed `-(1)` (9.7.4
        observed: `us * -1` -> `(`test`.`t1`.`us` * -(1))`); MariaDB folds it into the number."""
        if parens and isinstance(e, A.Literal) and isinstance(e.value, (int, float, Decimal)) \
                and not isinstance(e.value, bool) and e.value < 0:
            inner = self._print(A.Literal(-e.value), parens)
            return None if inner is None else f"-({inner})"
        if isinstance(e, A.Literal) and isinstance(e.value, int) and not isinstance(e.value, bool):
            return str(e.value)
        if isinstance(e, A.Literal) and isinstance(e.value, float):
            return repr(e.value).replace("e+", "e")  # as written for the usual 1e308 / 1.5e-3 forms
        if isinstance(e, A.Literal) and isinstance(e.value, Decimal):
            return str(e.value)
        if isinstance(e, A.Unary) and e.op == "-" and isinstance(e.operand, A.Literal):
            inner = self._print(e.operand, parens)
            if parens:
                return None if inner is None else f"-({inner})"  # Item_func_neg::print
            return None if inner is None else "-" + inner  # the parser folds it into the literal
        if isinstance(e, A.FuncCall) and e.name in _DOUBLE_FUNCTIONS:
            args = [self._print(a, parens) for a in e.args]
            if any(a is None for a in args):
                return None
            return f"{_DOUBLE_FUNCTIONS[e.name]}({','.join(args)})"  # type: ignore[arg-type]
        if isinstance(e, A.ColumnRef) and not (e.table is None and e.name.lower() in self.scope.local_names):
            try:
                depth, ti, ci = self.scope.resolve(e)
            except ServerError:
                return None
            scope = self.scope
            for _ in range(depth):
                scope = scope.outer  # type: ignore[assignment]
            t = scope.tables[ti][1]
            return f"`{t.db}`.`{t.name}`.`{t.columns[ci].name}`"
        if isinstance(e, A.Binary) and e.op in ("+", "-", "*", "/"):
            left, right = self._print(e.left, parens), self._print(e.right, parens)
            if left is None or right is None:
                return None
            return f"({left} {e.op} {right})" if parens else f"{left} {e.op} {right}"
        return None

    def c_IsNull(self, e: A.IsNull) -> Fn:
        f, neg = self.compile(e.expr), e.negated
        from harness.sql.item.isnull_date import notnull_date_type, zero_into_datetime
        date_type = None if neg else notnull_date_type(self.scope, e.expr)
        if date_type is not None:
            datetime = getattr(date_type, "name", "") == "DATETIME"
            # Item_func_isnull on a NOT NULL DATE/DATETIME column: the zero date '0000-00-00'
            # counts as NULL (the ODBC convention the server keeps; probed). IS NOT NULL
            # (Item_func_isnotnull) has no such rule: the zero date is NOT NULL too.
            from harness.sql.item.temporal import ZeroDate

            def isnull_date(env: Env) -> int:
                if datetime:
                    zero_into_datetime(env)
                v = f(env)
                zero = isinstance(v, ZeroDate) and v.year == 0 and v.month == 0 and v.day == 0
                return int((v is None or zero) != neg)
            return isnull_date
        return lambda env: int((f(env) is None) != neg)

    def c_IsBool(self, e: A.IsBool) -> Fn:
        f, want, neg = self.compile(e.expr), e.value, e.negated
        return lambda env: int((to_bool(f(env)) is want) != neg)

    def c_InList(self, e: A.InList) -> Fn:
        f = self.compile(e.expr)
        items = [self.compile(i) for i in e.items]
        neg = e.negated

        def in_(env: Env) -> Any:
            v = f(env)
            if v is None:
                return None
            saw_null = False
            for it in items:
                c = compare(v, it(env))
                if c is None:
                    saw_null = True
                elif c == 0:
                    return int(not neg)
            return None if saw_null else int(neg)
        return in_

    def c_InSubquery(self, e: A.InSubquery) -> Fn:
        f = self.compile(e.expr)
        run = self._subquery(e.query)
        neg = e.negated

        def in_sub(env: Env) -> Any:
            v = f(env)
            rows = run(env)
            if v is None:
                return None if rows else int(neg)
            saw_null = False
            for r in rows:
                c = compare(v, r[0])
                if c is None:
                    saw_null = True
                elif c == 0:
                    return int(not neg)
            return None if saw_null else int(neg)
        return in_sub

    def c_Between(self, e: A.Between) -> Fn:
        f, lo, hi, neg = self.compile(e.expr), self.compile(e.low), self.compile(e.high), e.negated

        def between(env: Env) -> Any:
            v = f(env)
            a, b = compare(v, lo(env)), compare(v, hi(env))
            if a is None or b is None:
                return None
            return int((a >= 0 and b <= 0) != neg)
        return between

    def c_Like(self, e: A.Like) -> Fn:
        f, p, neg = self.compile(e.expr), self.compile(e.pattern), e.negated

        def like(env: Env) -> Any:
            m = like_match(f(env), p(env))
            return None if m is None else int(m != neg)
        return like

    def c_Case(self, e: A.Case) -> Fn:
        op = self.compile(e.operand) if e.operand is not None else None
        whens = [(self.compile(c), self.compile(r)) for c, r in e.whens]
        els = self.compile(e.else_) if e.else_ is not None else (lambda env: None)

        def case(env: Env) -> Any:
            if op is not None:
                v = op(env)
                for c, r in whens:
                    if compare(v, c(env)) == 0:
                        return r(env)
            else:
                for c, r in whens:
                    if to_bool(c(env)):
                        return r(env)
            return els(env)
        return case

    def _subquery(self, q: A.Select) -> Callable[[Env], list[list[Any]]]:
        info = self.info
        scope = self.scope

        def run(env: Env) -> list[list[Any]]:
            return env.ctx.run_subquery(q, scope, env, info)
        if info is not None:
            info.subqueries.append(q)
        return run

    def c_ScalarSubquery(self, e: A.ScalarSubquery) -> Fn:
        run = self._subquery(e.query)

        def scalar(env: Env) -> Any:
            rows = run(env)
            if e.query.from_ and hasattr(env.ctx, "scalar_subquery_ran"):
                env.ctx.scalar_subquery_ran(e.query, len(rows))  # MySQL's row counter (condition_row.py)
            if not rows:
                return None
            if len(rows) > 1:
                raise error("ER_SUBQUERY_NO_1_ROW")
            return rows[0][0]
        return scalar

    def c_Exists(self, e: A.Exists) -> Fn:
        run = self._subquery(e.query)
        return lambda env: int(bool(run(env)))

    def c_WindowFunc(self, e: A.WindowFunc) -> Fn:
        """A window function's value is computed over the query's result rows before the
        select list is (stmt/sql_window.py); here it is only read back."""
        if self.info is not None:
            self.info.functions.add(e.func.name)
        if self.clause not in ("SELECT", "field list", "ORDER BY", "order clause"):
            err = error("ER_WRONG_PLACEMENT_OF_WINDOW_FUNCTION")
            # MySQL: ER_WINDOW_INVALID_WINDOW_FUNC_USE, naming the function (its text ends `.'`;
            # 9.7.4 observed: query_window_functions_select)
            err.mysql = (3593, f"You cannot use the window function '{e.func.name.lower()}' in this context.'")
            raise err
        key = id(e)

        def read(env: Env) -> Any:
            w = env.window
            while w is None and env.outer is not None:
                env = env.outer
                w = env.window
            if w is None or key not in w:
                raise error("ER_NOT_SUPPORTED_YET", "window functions in this part of a query")
            return w[key]
        return read

    def c_FuncCall(self, e: A.FuncCall) -> Fn:
        name = e.name
        if self.info is not None:
            self.info.functions.add(name)
        if name in AGGREGATES:
            return self._aggregate(e)
        if name == "VALUES":
            return self._values_func(e)
        # DATE_ADD(d, INTERVAL n unit): the interval's value is the argument, its unit stays in the AST.
        args = [self.compile(a.value if isinstance(a, A.Interval) else a) for a in e.args]
        impl = FUNCTIONS.get(name)
        if impl is not None:
            fn = impl(args, e)
            if name in _DOUBLE_FUNCTIONS:
                fn = self._double_checked(fn, e)
            if name in INET_WRONG_VALUE:
                fn = inet_wrong_value(fn, args, e, lambda a: self._print(a, parens=True))
            if name in NOT_NATIVE_SOMEWHERE:
                return native_or_stored(name, fn, self._stored_call(name, args, e.written or name))
            return fn
        return self._stored_function(name, args, e.written or name)

    def _double_checked(self, fn: Fn, e: A.Expr) -> Fn:
        """Item_func::check_float_overflow: a DOUBLE result that is infinite or NaN is
        error 1690, naming the expression as Item::print writes it."""
        def checked(env: Env) -> Any:
            r = fn(env)
            if isinstance(r, float) and not math.isfinite(r):
                raise self._out_of_range("DOUBLE", e, env)
            return r
        return checked

    def _out_of_range(self, kind: str, e: A.Expr, env: Env) -> ServerError:
        return error("ER_DATA_OUT_OF_RANGE", kind, self._print(e, _print_parens(env)) or _UNPRINTABLE)

    def _stored_function(self, name: str, args: list[Fn], written: str) -> Fn:
        if self.info is not None:
            self.info.stored_functions.append(name)
        return self._stored_call(name, args, written)

    def _stored_call(self, name: str, args: list[Fn], written: str) -> Fn:
        def call(env: Env) -> Any:
            try:
                return env.ctx.call_function(name, [a(env) for a in args])
            except ServerError as err:
                if err.code == 1305 and err.message.endswith(f".{name} does not exist"):
                    # 1305 names the function as the statement spells it
                    raise ServerError(1305, err.message.replace(f".{name} does", f".{written} does"),
                                      err.sqlstate) from None
                raise
        return call

    def _values_func(self, e: A.FuncCall) -> Fn:
        if not e.args or not isinstance(e.args[0], A.ColumnRef):
            raise UnsupportedError("VALUES() argument")
        t = self.scope.tables[0][1] if self.scope.tables else None
        if t is None:
            raise UnsupportedError("VALUES() outside INSERT")
        ci = t.column(e.args[0].name)
        return lambda env: env.ctx.insert_values_row[ci] if env.ctx.insert_values_row is not None else None

    def _aggregate(self, e: A.FuncCall) -> Fn:
        self.has_aggregate = True
        name = e.name
        arg = self.compile(e.args[0]) if e.args else None
        distinct = e.distinct

        def agg(env: Env) -> Any:
            group = env.group if env.group is not None else []
            if name == "COUNT" and e.star:
                return len(group)
            vals = []
            for rows in group:
                sub = env.child(rows)
                v = arg(sub)  # type: ignore[misc]
                if v is not None:
                    vals.append(v)
            if distinct:
                seen: list[Any] = []
                for v in vals:
                    if not any(compare(v, s) == 0 for s in seen):
                        seen.append(v)
                vals = seen
            if name == "COUNT":
                return len(vals)
            if name in _BIT_AGGREGATES:
                return _bit_aggregate(name, vals)
            if not vals:
                return None
            if name == "SUM":
                nums = [to_number(v) for v in vals]
                if any(isinstance(n, float) for n in nums):
                    return float(sum(nums))  # type: ignore[arg-type]
                return SumDecimal.of(sum(Decimal(n) for n in nums), nums)  # type: ignore[arg-type]
            if name == "AVG":
                nums = [to_number(v) for v in vals]
                if any(isinstance(n, float) for n in nums):
                    return sum(nums) / len(nums)  # type: ignore[arg-type]
                total = sum(Decimal(n) for n in nums)  # type: ignore[arg-type]
                scale = max((max(-Decimal(n).as_tuple().exponent, 0) for n in nums), default=0) + 4  # type: ignore[arg-type,operator]
                return (total / len(nums)).quantize(Decimal(1).scaleb(-scale), ROUND_HALF_UP)
            if name in ("MIN", "MAX"):
                best = vals[0]
                for v in vals[1:]:
                    c = compare(v, best)
                    if (name == "MIN" and c < 0) or (name == "MAX" and c > 0):  # type: ignore[operator]
                        best = v
                return best
            if name == "GROUP_CONCAT":
                return ",".join(value_to_string(v) for v in vals)
            raise UnsupportedError(name)
        return agg


_BIT_AGGREGATES = frozenset({"BIT_AND", "BIT_OR", "BIT_XOR"})


def _bit_aggregate(name: str, vals: list[Any]) -> int:
    """BIT_AND / BIT_OR / BIT_XOR over the non-NULL values, as 64-bit unsigned integers;
    over no rows BIT_AND is all ones, the others 0 (Item_sum_bit's reset values)."""
    mask = (1 << 64) - 1
    acc = mask if name == "BIT_AND" else 0
    for v in vals:
        n = to_number(v)
        k = int(n if not isinstance(n, float) else round(n)) & mask  # type: ignore[arg-type]
        acc = acc & k if name == "BIT_AND" else acc | k if name == "BIT_OR" else acc ^ k
    return acc


class SumDecimal(Decimal):
    """A DECIMAL SUM() as the server holds it: my_decimal_add leaves whole 9-digit words
    of integer part (do_add: ``to->intg = intg0 * DIG_PER_DEC1``), so a user variable
    assigned from it is logged with precision 9 + scale for a small sum (observed:
    ``SUM(v)`` of INT values -> User_var DECIMAL precision 9, scale 0), not its digit
    count. ``binlog_precision`` is that intg + frac; arithmetic yields a plain Decimal."""

    binlog_precision: int

    @classmethod
    def of(cls, total: Decimal, addends: list[Any]) -> "SumDecimal":
        out = cls(total)
        words = max([1] + [_int_words(Decimal(n)) for n in [*addends, total]])
        frac = max([0] + [max(-Decimal(n).as_tuple().exponent, 0) for n in addends])  # type: ignore[operator]
        out.binlog_precision = words * 9 + frac
        return out


def _int_words(d: Decimal) -> int:
    digits = len(str(abs(int(d)))) if int(d) else 1
    return (digits + 8) // 9


# ------------------------------------------------------------------ functions


def _nullsafe(fn: Callable[..., Any]) -> Callable[[list[Fn], A.FuncCall], Fn]:
    def make(args: list[Fn], e: A.FuncCall) -> Fn:
        def call(env: Env) -> Any:
            vals = [a(env) for a in args]
            if any(v is None for v in vals):
                return None
            return fn(*vals)
        return call
    return make


def _ctx_func(method: str) -> Callable[[list[Fn], A.FuncCall], Fn]:
    def make(args: list[Fn], e: A.FuncCall) -> Fn:
        def call(env: Env) -> Any:
            return getattr(env.ctx, method)(*[a(env) for a in args])
        return call
    return make


def _print_parens(env: Env) -> bool:
    """Whether the server prints an expression as MySQL's Item::print does (SqlDialect.print_infix_parens)."""
    sql = getattr(getattr(getattr(getattr(env.ctx, "thd", None), "server", None), "flavor", None), "sql", None)
    return bool(getattr(sql, "print_infix_parens", False))


#: Functions whose DOUBLE result is checked for overflow (1690), with the name Item::print
#: gives them.
_DOUBLE_FUNCTIONS = {"POW": "pow", "POWER": "pow", "EXP": "exp"}
#: The 1690 text when replbed cannot print the expression as the server would.
_UNPRINTABLE = "(an expression replbed does not print)"


def _cast(args: list[Fn], e: A.FuncCall) -> Fn:
    from harness.sql.item import temporal as T
    from harness.sql.item.isnull_date import string_to_temporal_reads_time_zone
    from harness.sql.item.builtins import date_cast_kind, temporal_arg, time_arg
    f = args[0]
    tname = e.args[1].value  # type: ignore[attr-defined]
    targs = e.args[2].value  # type: ignore[attr-defined]

    def cast(env: Env) -> Any:
        v = f(env)
        if v is None:
            return None
        if tname in ("SIGNED", "UNSIGNED", "INT", "INTEGER", "BIGINT"):
            return cast_int(v, tname == "UNSIGNED", env)
        if tname in ("DECIMAL", "DEC", "NUMERIC"):
            p = int(targs[0]) if targs else 10
            s = int(targs[1]) if len(targs) > 1 else 0
            n = to_number(v)
            d = Decimal(repr(n)) if isinstance(n, float) else Decimal(n)  # type: ignore[arg-type]
            q = d.quantize(Decimal(1).scaleb(-s), ROUND_HALF_UP)
            top = Decimal(10) ** (p - s) - Decimal(1).scaleb(-s)
            if abs(q) > top:
                from harness.sql.sql_errors import Note
                env.ctx.notes.append(Note("Warning", 1264, "Out of range value for column '' at row 1"))
                q = top if q > 0 else -top
            return q if q else abs(q)
        if tname in ("CHAR", "VARCHAR", "BINARY"):
            text: Any = v if tname == "BINARY" and isinstance(v, bytes) else value_to_string(v)
            if tname == "BINARY" and isinstance(text, str):
                text = text.encode()
            if targs and len(text) > int(targs[0]):
                from harness.sql.sql_errors import Note
                shown = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
                env.ctx.notes.append(Note("Warning", 1292, f"Truncated incorrect {tname}({targs[0]}) value: "
                                                           f"'{shown}'"))
                text = text[:int(targs[0])]
            return text
        if tname in ("DATETIME", "TIME") and isinstance(v, str):
            string_to_temporal_reads_time_zone(env)
        if tname in ("DATE", "DATETIME"):
            p2, _ = temporal_arg(v, env, date_cast_kind(env, v) if tname == "DATE" else "datetime")
            if p2 is None:
                return None
            if tname == "DATE":
                return T.to_date_value(T.Parts(p2.year, p2.month, p2.day))
            fsp = int(targs[0]) if targs else 0
            p2 = T.Parts(p2.year, p2.month, p2.day, p2.hour, p2.minute, p2.second,
                         T.truncate_micro(p2.microsecond, fsp))
            return T.to_datetime_value(p2)
        if tname == "TIME":
            us = time_arg(v, env)
            if us is None:
                return None
            fsp = int(targs[0]) if targs else 0
            a = abs(us)
            a = a // 1_000_000 * 1_000_000 + T.truncate_micro(a % 1_000_000, fsp)
            return dt.timedelta(microseconds=-a if us < 0 else a)
        if tname in ("DOUBLE", "FLOAT", "REAL"):
            return float(to_number(v))  # type: ignore[arg-type]
        from harness.sql.item.func_json import native_json
        if tname == "JSON" and native_json(env):
            from harness.sql.item.field_json import cast_as_json
            return cast_as_json(v)
        raise UnsupportedError(f"CAST AS {tname}")
    return cast


def _if(args: list[Fn], e: A.FuncCall) -> Fn:
    c, a, b = args
    return lambda env: a(env) if to_bool(c(env)) else b(env)


def _ifnull(args: list[Fn], e: A.FuncCall) -> Fn:
    return _coalesce(args, e)


def _coalesce(args: list[Fn], e: A.FuncCall) -> Fn:
    """IFNULL / COALESCE: the first non-NULL argument, in the type the arguments
    aggregate to. A user variable that is NULL (or unset) is a string NULL
    (Item_func_get_user_var), so ``IFNULL(@unset, 0)`` is the string '0' and
    ``IFNULL(@unset, 0) + 1`` a DOUBLE (observed: the next statement's User_var event
    is REAL_RESULT); a string user variable makes a numeric result a string too."""
    user_vars = [i for i, x in enumerate(e.args) if isinstance(x, A.UserVar)]

    def coalesce(env: Env) -> Any:
        values = [a(env) if i in user_vars else None for i, a in enumerate(args)]
        for i, a in enumerate(args):
            v = values[i] if i in user_vars else a(env)
            if v is not None:
                null_is_string = env.ctx.thd.server.flavor.sql.null_user_var_is_string
                strings = [values[j] for j in user_vars
                           if values[j] is None and null_is_string or isinstance(values[j], str)]
                return _as_string_result(v, strings) if strings else v
        return None
    return coalesce


def _as_string_result(v: Any, strings: list[Any]) -> Any:
    """A number in a string result: in the string user variable's charset, or, next to
    NULL ones only, in the numeric charset latin1 (observed: ``@d = COALESCE(@unset, 5)``
    logs ``@d=_latin1 X'35'``)."""
    if not isinstance(v, (int, float, Decimal)) or isinstance(v, bool):
        return v
    text = value_to_string(v)
    if any(s is not None for s in strings):
        return text
    return CharsetStr(text, 8, "cp1252")


def _nullif(args: list[Fn], e: A.FuncCall) -> Fn:
    a, b = args

    def nullif(env: Env) -> Any:
        x = a(env)
        return None if compare(x, b(env)) == 0 else x
    return nullif


def _greatest(sign: int) -> Callable[[list[Fn], A.FuncCall], Fn]:
    def make(args: list[Fn], e: A.FuncCall) -> Fn:
        def g(env: Env) -> Any:
            vals = [a(env) for a in args]
            if any(v is None for v in vals):
                return None
            best = vals[0]
            for v in vals[1:]:
                if (compare(v, best) or 0) * sign > 0:
                    best = v
            return best
        return g
    return make


def _check_temporal_literal(env: Env, kind: str, text: str, p: Any) -> None:
    thd = getattr(env.ctx, "thd", None)
    if thd is not None:
        check_temporal_literal(thd, kind, text, p)


def check_temporal_literal(thd: Any, kind: str, text: str, p: Any = False) -> None:
    """MySQL's DATE'...' / TIMESTAMP'...' (sql_yacc.yy create_temporal_literal: str_to_datetime
    with the sql_mode's TIME_NO_ZERO_DATE / TIME_NO_ZERO_IN_DATE): a literal that is no valid
    date -- garbage, a day past its month's end, the zero date under NO_ZERO_DATE, a zero
    month or day under NO_ZERO_IN_DATE -- is 1525 ``Incorrect DATE value: '...'`` (DATETIME
    for TIMESTAMP), strict or not (9.7.4 probed). MariaDB reads them as given."""
    if kind == "TIME" or not thd.server.flavor.sql.temporal_literal_checks:
        return
    if p is False:
        p = parse_temporal(text)
    mode = str(thd.vars.get("sql_mode") or "")
    if p is None:
        bad = True
    elif p.year == p.month == p.day == 0:
        bad = "NO_ZERO_DATE" in mode
    elif p.month == 0 or p.day == 0:
        bad = "NO_ZERO_IN_DATE" in mode
    else:
        bad = p.month > 12 or p.day > calendar.monthrange(p.year, p.month)[1]
    if bad:
        raise ServerError(1525, f"Incorrect {'DATE' if kind == 'DATE' else 'DATETIME'} value: '{text}'")


def _cast_literal(kind: str) -> Callable[[list[Fn], A.FuncCall], Fn]:
    def make(args: list[Fn], e: A.FuncCall) -> Fn:
        def lit(env: Env) -> Any:
            s = value_to_string(args[0](env))
            if kind == "TIME":
                # TIME'-26:02:03.5' (how a prepared statement's TIME parameter is logged):
                # read as a TIME, not as a date.
                us = parse_time(s)[0]
                if us is None:
                    raise error("ER_TRUNCATED_WRONG_VALUE", kind.lower(), s)
                # A TIME value (stored into a number it is HHMMSS: TIME'10:20:30' into a
                # DECIMAL is 102030, binlog_stm_ps); one with a fraction keeps its text, which
                # carries the digits written.
                return s if "." in s else dt.timedelta(microseconds=us)
            p = parse_temporal(s)
            _check_temporal_literal(env, kind, s, p)
            if p is None:
                raise error("ER_TRUNCATED_WRONG_VALUE", kind.lower(), s)
            if p.year == p.month == p.day == 0:
                # DATE'0000-00-00' / TIMESTAMP'0000-00-00 00:00:00' (a binary-protocol date
                # parameter out of range becomes this zero: Item_param::set_time)
                return ZeroDate() if kind == "DATE" else ZeroDateTime(0, 0, 0, p.hour, p.minute, p.second,
                                                                     p.microsecond)
            if kind == "DATE":
                return dt.date(p.year, p.month, p.day)
            if kind == "TIMESTAMP":
                return dt.datetime(p.year, p.month, p.day, p.hour, p.minute, p.second, p.microsecond)
            return s
        return lit
    return make


def _bytes_of(s: Any) -> bytes:
    """A string's bytes in its character set: a value of a column in another character set
    (CharsetStr: latin1, ucs2, ...) in that set's encoding, any other string in utf8mb4."""
    if isinstance(s, bytes):
        return s
    if isinstance(s, CharsetStr):
        return s.encoded()
    return value_to_string(s).encode()


FUNCTIONS: dict[str, Callable[[list[Fn], A.FuncCall], Fn]] = {
    "CONCAT": _nullsafe(concat),
    "LENGTH": _nullsafe(lambda s: len(_bytes_of(s))),
    "OCTET_LENGTH": _nullsafe(lambda s: len(_bytes_of(s))),
    "CHAR_LENGTH": _nullsafe(lambda s: len(value_to_string(s))),
    "CHARACTER_LENGTH": _nullsafe(lambda s: len(value_to_string(s))),
    "UPPER": _nullsafe(lambda s: value_to_string(s).upper()),
    "UCASE": _nullsafe(lambda s: value_to_string(s).upper()),
    "LOWER": _nullsafe(lambda s: value_to_string(s).lower()),
    "LCASE": _nullsafe(lambda s: value_to_string(s).lower()),
    "SUBSTRING": _nullsafe(substr),
    "SUBSTR": _nullsafe(substr),
    "LEFT": _nullsafe(lambda s, n: value_to_string(s)[:max(int(to_number(n)), 0)]),  # type: ignore[arg-type]
    "RIGHT": _nullsafe(lambda s, n: value_to_string(s)[-int(to_number(n)):] if int(to_number(n)) > 0 else ""),  # type: ignore[arg-type]
    "REPEAT": _nullsafe(lambda s, n: value_to_string(s) * max(int(to_number(n)), 0)),  # type: ignore[arg-type]
    "REPLACE": _nullsafe(lambda s, a, b: value_to_string(s).replace(value_to_string(a), value_to_string(b))),
    "TRIM": _nullsafe(lambda s: value_to_string(s).strip(" ")),
    "LTRIM": _nullsafe(lambda s: value_to_string(s).lstrip(" ")),
    "RTRIM": _nullsafe(lambda s: value_to_string(s).rstrip(" ")),
    "REVERSE": _nullsafe(lambda s: value_to_string(s)[::-1]),
    "HEX": _nullsafe(lambda s: _bytes_of(s).hex().upper()
                     if not isinstance(s, (int,)) else format(s, "X")),
    "ABS": _nullsafe(func_abs),
    "FLOOR": _nullsafe(func_floor),
    "CEIL": _nullsafe(func_ceil),
    "CEILING": _nullsafe(func_ceil),
    "ROUND": _nullsafe(func_round),
    "SIGN": _nullsafe(lambda x: (to_number(x) > 0) - (to_number(x) < 0)),  # type: ignore[operator]
    "SQRT": _nullsafe(lambda x: math.sqrt(to_number(x)) if to_number(x) >= 0 else None),  # type: ignore[arg-type,operator]
    "POW": _nullsafe(lambda x, y: func_pow(float(to_number(x)), float(to_number(y)))),  # type: ignore[arg-type]
    "POWER": _nullsafe(lambda x, y: func_pow(float(to_number(x)), float(to_number(y)))),  # type: ignore[arg-type]
    "MOD": _nullsafe(lambda x, y: _arith("%", x, y, None) if to_number(y) != 0 else None),
    "GREATEST": _greatest(1),
    "LEAST": _greatest(-1),
    "IF": _if,
    "IFNULL": _ifnull,
    "NVL": _ifnull,
    "COALESCE": _coalesce,
    "NULLIF": _nullif,
    "CAST": _cast,
    "NAME_CONST": lambda args, e: args[1],
    "CAST_DATE": _cast_literal("DATE"),
    "CAST_TIME": _cast_literal("TIME"),
    "CAST_TIMESTAMP": _cast_literal("TIMESTAMP"),
    # Functions that read the session or the clock: the context implements them
    # and records what the binary log must carry (Rand, Intvar events, unsafety).
    "NOW": _ctx_func("fn_now"),
    "CURRENT_TIMESTAMP": _ctx_func("fn_now"),
    "LOCALTIME": _ctx_func("fn_now"),
    "LOCALTIMESTAMP": _ctx_func("fn_now"),
    "SYSDATE": _ctx_func("fn_sysdate"),
    "CURDATE": _ctx_func("fn_curdate"),
    "CURRENT_DATE": _ctx_func("fn_curdate"),
    "CURTIME": _ctx_func("fn_curtime"),
    "CURRENT_TIME": _ctx_func("fn_curtime"),
    "UTC_TIMESTAMP": _ctx_func("fn_utc_timestamp"),
    "UNIX_TIMESTAMP": _ctx_func("fn_unix_timestamp"),
    "RAND": _ctx_func("fn_rand"),
    "UUID": _ctx_func("fn_uuid"),
    "UUID_SHORT": _ctx_func("fn_uuid_short"),
    "LAST_INSERT_ID": _ctx_func("fn_last_insert_id"),
    "CONNECTION_ID": _ctx_func("fn_connection_id"),
    "DATABASE": _ctx_func("fn_database"),
    "SCHEMA": _ctx_func("fn_database"),
    "USER": _ctx_func("fn_user"),
    "SESSION_USER": _ctx_func("fn_user"),
    "SYSTEM_USER": _ctx_func("fn_user"),
    "CURRENT_USER": _ctx_func("fn_current_user"),
    "VERSION": _ctx_func("fn_version"),
    "FOUND_ROWS": _ctx_func("fn_found_rows"),
    "ROW_COUNT": _ctx_func("fn_row_count"),
    "SLEEP": _ctx_func("fn_sleep"),
    "GET_LOCK": _ctx_func("fn_get_lock"),
    "RELEASE_LOCK": _ctx_func("fn_release_lock"),
    "RELEASE_ALL_LOCKS": _ctx_func("fn_release_all_locks"),
    "IS_FREE_LOCK": _ctx_func("fn_is_free_lock"),
    "IS_USED_LOCK": _ctx_func("fn_is_used_lock"),
    "LOAD_FILE": _ctx_func("fn_load_file"),
    "MASTER_POS_WAIT": _ctx_func("fn_master_pos_wait"),
    "BINLOG_GTID_POS": _ctx_func("fn_binlog_gtid_pos"),
}


from harness.sql.item.builtins import MORE_FUNCTIONS  # noqa: E402  (builtins reads helpers defined above)

FUNCTIONS.update(MORE_FUNCTIONS)

from harness.sql.item.func_json import JSON_FUNCTIONS  # noqa: E402

FUNCTIONS.update(JSON_FUNCTIONS)

from harness.sql.item.func_crypt import CRYPT_FUNCTIONS, INET_WRONG_VALUE, inet_wrong_value  # noqa: E402

FUNCTIONS.update(CRYPT_FUNCTIONS)


def is_aggregate_expr(e: A.Expr) -> bool:
    """True when ``e`` contains an aggregate function (outside subqueries)."""
    if isinstance(e, A.FuncCall):
        if e.name in AGGREGATES:
            return True
        return any(is_aggregate_expr(a) for a in e.args)
    for attr in ("left", "right", "operand", "expr", "low", "high", "pattern"):
        sub = getattr(e, attr, None)
        if isinstance(sub, A.Expr) and is_aggregate_expr(sub):
            return True
    if isinstance(e, A.InList):
        return any(is_aggregate_expr(i) for i in e.items)
    if isinstance(e, A.Case):
        return any(is_aggregate_expr(x) for w in e.whens for x in w) or (
            e.else_ is not None and is_aggregate_expr(e.else_))
    return False


__all__ = ["Compiler", "Env", "Scope", "compare", "to_bool", "to_number", "UNSAFE_FUNCTIONS", "constant_value",
           "is_aggregate_expr", "InvalidOperation", "DivisionByZero"]
