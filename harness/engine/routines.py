"""Triggers, stored functions and stored procedures.

Trigger and function bodies run inside the statement that invoked them: their
row changes belong to that statement's row events, and in statement format only
the invoking statement is logged. CALL is "unrolled": every statement of the
procedure is logged as a statement of its own (seed 002).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from harness.engine.catalog import TableDef, Trigger
from harness.engine.errors import ServerError, error
from harness.engine.executor import Executor
from harness.engine.expr import Compiler, Env, Scope
from harness.sql import ast as A
from harness.sql.errors import UnsupportedError

if TYPE_CHECKING:
    from harness.engine.context import ExecContext
    from harness.engine.thd import OkPacket, Thd


class _Return(Exception):
    def __init__(self, value: Any) -> None:
        self.value = value


def _run_body(thd: "Thd", body: list[A.Statement], ctx: "ExecContext", env: Env, scope: Scope) -> None:
    """Execute sub-statements of a trigger or function within the current statement."""
    for st in body:
        if isinstance(st, A.Declare):
            for n in st.names:
                env.locals[n.lower()] = Compiler(scope).compile(st.default)(env) if st.default else None  # type: ignore[index]
                scope.local_names.add(n.lower())
        elif isinstance(st, A.SetLocal):
            if st.name.lower() not in scope.local_names:
                raise UnsupportedError("SET of a variable that is not declared")
            env.locals[st.name.lower()] = Compiler(scope).compile(st.value)(env)  # type: ignore[arg-type,index]
        elif isinstance(st, A.Set):
            for a in st.assignments:
                v = Compiler(scope).compile(a.value)(env)
                if isinstance(a.target, A.UserVar):
                    thd.user_vars[a.target.name.lower()] = v
                elif isinstance(a.target, A.SysVar):
                    if a.target.name.lower() == "binlog_format":
                        raise error("ER_STORED_FUNCTION_PREVENTS_SWITCH_BINLOG_FORMAT")
                    raise UnsupportedError("SET of a system variable in a trigger or function")
        elif isinstance(st, A.Return):
            raise _Return(Compiler(scope).compile(st.expr)(env) if st.expr is not None else None)
        elif isinstance(st, (A.Insert, A.Update, A.Delete)):
            sub = _SubStatement(thd, ctx, env, scope)
            sub.run(st)
        elif isinstance(st, (A.Commit, A.Rollback, A.Begin)):
            raise error("ER_COMMIT_NOT_ALLOWED_IN_SF_OR_TRG")
        else:
            raise UnsupportedError(f"{type(st).__name__} in a trigger or function")


class _SubStatement:
    """A DML statement inside a trigger/function: rewritten so that NEW/OLD and
    local variables are visible to its expressions."""

    def __init__(self, thd: "Thd", ctx: "ExecContext", env: Env, scope: Scope) -> None:
        self.thd, self.ctx, self.env, self.scope = thd, ctx, env, scope

    def run(self, st: A.Statement) -> None:
        ex = Executor(self.thd, self.ctx, self.ctx.info)
        # Sub-statement expressions need NEW/OLD and locals: run them with an outer env.
        prev = getattr(self.ctx, "outer_env", None)
        self.ctx.outer_env = self.env  # type: ignore[attr-defined]
        try:
            if isinstance(st, A.Insert):
                _insert_with_env(ex, st, self.env, self.scope)
            elif isinstance(st, A.Update):
                ex.update(st)
            elif isinstance(st, A.Delete):
                ex.delete(st)
        finally:
            self.ctx.outer_env = prev  # type: ignore[attr-defined]


def _insert_with_env(ex: Executor, st: A.Insert, env: Env, scope: Scope) -> None:
    """INSERT ... VALUES inside a trigger: evaluate the values with NEW/OLD first."""
    if st.rows is None:
        ex.insert(st)
        return
    rows = []
    for r in st.rows:
        vals: list[A.Expr] = []
        for e in r:
            if isinstance(e, A.Default):
                vals.append(e)
            else:
                vals.append(A.Literal(Compiler(scope, ex.info).compile(e)(env)))
        rows.append(vals)
    ex.insert(A.Insert(text=st.text, table=st.table, columns=st.columns, rows=rows, ignore=st.ignore,
                       replace=st.replace, on_duplicate=st.on_duplicate))


def run_trigger(thd: "Thd", trg: Trigger, table: TableDef, new: list[Any] | None, old: list[Any] | None,
                ctx: "ExecContext") -> None:
    env = Env(ctx)
    env.new, env.old = new, old
    env.locals = {}
    scope = Scope([], trigger_table=table, local_names=set())
    try:
        _run_body(thd, trg.body, ctx, env, scope)
    except _Return:
        pass


def call_function(thd: "Thd", name: str, args: list[Any], ctx: "ExecContext") -> Any:
    r = thd.find_routine("FUNCTION", name)
    if r is None:
        raise ServerError(1305, f"FUNCTION {thd.db}.{name} does not exist", "42000")
    d = r.definition
    if len(args) != len(d.params):
        raise error("ER_SP_WRONG_NO_OF_ARGS", "FUNCTION", f"{thd.db}.{name}", len(d.params), len(args))
    env = Env(ctx)
    env.locals = {p.name.lower(): a for p, a in zip(d.params, args)}
    scope = Scope([], local_names=set(env.locals))
    try:
        _run_body(thd, d.body, ctx, env, scope)
    except _Return as r_:
        return r_.value
    raise error("ER_SP_NORETURNEND", name)


def call_procedure(thd: "Thd", st: A.Call) -> "OkPacket":
    from harness.engine.thd import OkPacket
    r = thd.find_routine("PROCEDURE", st.name)
    if r is None:
        raise ServerError(1305, f"PROCEDURE {thd.db}.{st.name} does not exist", "42000")
    raise UnsupportedError("CALL (stored procedure unrolling)")
    return OkPacket()
