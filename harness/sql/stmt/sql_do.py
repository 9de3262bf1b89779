"""DO and SET @v = expr run as statements with tables (the server's ``sql_do.cc`` and
``set_var.cc``'s user-variable assignment through a subquery)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import ServerError
from harness.sql.stmt.sql_result import DmlResult

if TYPE_CHECKING:
    from harness.sql.thd import Thd


def run_do_or_set(thd: "Thd", stmt: A.Do | A.Set, info: Any, ctx: Any) -> DmlResult:
    """DO evaluates its expressions; SET @v = f() assigns user variables. An error
    raised while DO evaluates (not while it is prepared) is marked: mysql_do turns it
    into OK after the statement rollback."""
    from harness.sql.item.expr import Compiler, Env, Scope
    if isinstance(stmt, A.Set):
        for a in stmt.assignments:
            assert isinstance(a.target, A.UserVar)
            thd.user_vars[a.target.name.lower()] = Compiler(Scope([]), info).compile(a.value)(Env(ctx))
        return DmlResult()
    fns = [Compiler(Scope([]), info).compile_in("DO", e) for e in stmt.exprs]
    try:
        for fn in fns:
            fn(Env(ctx))
    except ServerError as e:
        setattr(e, "do_evaluating", True)  # noqa: B010 -- read back by Thd._run_dml_locked
        raise
    return DmlResult()


def do_answers_ok(thd: "Thd", e: ServerError) -> bool:
    """mysql_do rolls the statement back, then clear_error(): "DO always is OK" (MariaDB;
    its conditions stay in SHOW WARNINGS); not a lock wait, deadlock or a routine's
    handled error. MySQL 8.0's Query_result_do sends the error (SqlDialect.do_always_ok)."""
    return bool(getattr(e, "do_evaluating", False) and thd.sp_unsafe is None and e.code not in (1205, 1213, 1020)
                and thd.server.flavor.sql.do_always_ok)
