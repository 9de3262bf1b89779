"""CHECK constraints (table.cc TABLE::verify_constraints, sql_table.cc).

* A column's ``CHECK (e)`` is named after the column (its 4025 says ``t.col``); a
  table's unnamed ``CHECK`` is ``CONSTRAINT_<n>``, numbered in order; a repeated name
  is 1826.
* A row fails a constraint whose expression is FALSE -- NULL passes -- with 4025
  ``ER_CONSTRAINT_FAILED``; under IGNORE it is a warning and the row is skipped.
  ``check_constraint_checks=0`` (OPTION_NO_CHECK_CONSTRAINT_CHECKS) skips them.
* SHOW CREATE TABLE prints a column's after its attributes and the table's as
  ``CONSTRAINT `name` CHECK (e)``, the expression as Item::print writes it.
"""

from __future__ import annotations

from typing import Any

from harness.sql.handler.catalog import TableDef, build_checks
from harness.sql.sql_errors import ServerError, error, note


def verify_checks(thd: Any, t: TableDef, row: list[Any], ctx: Any, info: Any, ignore: bool) -> bool:
    """TABLE::verify_constraints: False when a constraint failed under IGNORE (a warning,
    the row skipped); raises 4025 otherwise."""
    if not t.checks or not thd.vars.get("check_constraint_checks"):
        return True
    from harness.sql.item.expr import Compiler, Env, Scope, to_bool
    for c in t.checks:
        fn = Compiler(Scope([(t.name, t)]), info).compile(c.expr)
        if to_bool(fn(Env(ctx, [row]))) is False:
            name = f"{t.name}.{c.field}" if c.field is not None else c.name
            if not ignore:
                raise error("ER_CONSTRAINT_FAILED", name, t.db, t.name)
            ctx.notes.append(note("Warning", "ER_CONSTRAINT_FAILED", name, t.db, t.name))
            return False
    return True


def drop_check(t: TableDef, name: str) -> None:
    for c in t.checks:
        if c.field is None and c.name.lower() == name.lower():
            t.checks.remove(c)
            return
    raise error("ER_CANT_DROP_FIELD_OR_KEY", "CONSTRAINT", name)


__all__ = ["build_checks", "verify_checks", "drop_check", "ServerError"]
