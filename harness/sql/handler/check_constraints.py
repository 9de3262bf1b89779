"""CHECK constraints (table.cc TABLE::verify_constraints, sql_table.cc).

MariaDB 10.11:

* A column's ``CHECK (e)`` is named after the column (its 4025 says ``t.col``); a
  table's unnamed ``CHECK`` is ``CONSTRAINT_<n>``, numbered in order; a repeated name
  is 1826.
* A row fails a constraint whose expression is FALSE -- NULL passes -- with 4025
  ``ER_CONSTRAINT_FAILED``; under IGNORE it is a warning and the row is skipped.
  ``check_constraint_checks=0`` (OPTION_NO_CHECK_CONSTRAINT_CHECKS) skips them.
* SHOW CREATE TABLE prints a column's after its attributes and the table's as
  ``CONSTRAINT `name` CHECK (e)``, the expression as Item::print writes it.

MySQL 8.0.16+ (``SqlDialect.mysql_check_constraints``; sql/sql_table.cc
``prepare_check_constraints_for_create``, sql/sql_check_constraint.cc, the data dictionary):

* every constraint is the table's, a column's too; an unnamed one is ``<table>_chk_<n>``
  (n counts the generated names, in the order written); a name is unique in the schema
  (3822 ``ER_CHECK_CONSTRAINT_DUP_NAME``, also against another table's);
* the data dictionary keeps them ordered by name: SHOW CREATE TABLE lists them so, the row
  is checked in that order, and CREATE TABLE ... LIKE gives each, in that order, a generated
  name of the new table (the names are the schema's);
* a failing row is 3819 ``Check constraint 'name' is violated.``, a warning under IGNORE
  (a one-row INSERT IGNORE too); DROP CHECK of an unknown name is 3940.
"""

from __future__ import annotations

import re
from typing import Any

from harness.diagnostics import register
from harness.sql.handler.catalog import CheckConstraint, TableDef, build_checks
from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import ServerError, error, note

register({
    "ER_CHECK_CONSTRAINT_VIOLATED": (3819, "HY000", "Check constraint '{0}' is violated."),
    "ER_CHECK_CONSTRAINT_DUP_NAME": (3822, "HY000", "Duplicate check constraint name '{0}'."),
    "ER_CONSTRAINT_NOT_FOUND": (3940, "HY000", "Constraint '{0}' does not exist."),
    "ER_CHECK_CONSTRAINT_NOT_FOUND": (3821, "HY000", "Check constraint '{0}' is not found in the table."),
})


def mysql_checks(thd: Any) -> bool:
    return bool(thd.server.flavor.sql.mysql_check_constraints)


def verify_checks(thd: Any, t: TableDef, row: list[Any], ctx: Any, info: Any, ignore: bool) -> bool:
    """TABLE::verify_constraints: False when a constraint failed under IGNORE (a warning,
    the row skipped); raises 4025 (MySQL: 3819) otherwise."""
    mysql = mysql_checks(thd)
    # check_constraint_checks is MariaDB's (MySQL has no such variable: its checks always run)
    if not t.checks or (not mysql and not thd.vars.get("check_constraint_checks")):
        return True
    from harness.sql.item.expr import Compiler, Env, Scope, to_bool
    for c in t.checks:
        fn = Compiler(Scope([(t.name, t)]), info).compile(c.expr)
        if to_bool(fn(Env(ctx, [row]))) is False:
            if mysql:
                args: tuple[Any, ...] = ("ER_CHECK_CONSTRAINT_VIOLATED", c.name)
            else:
                name = f"{t.name}.{c.field}" if c.field is not None else c.name
                args = ("ER_CONSTRAINT_FAILED", name, t.db, t.name)
            if not ignore:
                raise error(*args)
            ctx.notes.append(note("Warning", *args))
            return False
    return True


def table_checks(thd: Any, t: TableDef, columns: list[A.ColumnDef], checks: list[A.CheckDef],
                 existing: list[CheckConstraint] | None = None) -> list[CheckConstraint]:
    """The table's constraints after CREATE TABLE (``existing`` None) or ALTER TABLE ... ADD."""
    if not mysql_checks(thd):
        return build_checks(columns, checks, existing)
    from harness.sql.item.item_print import print_item_mysql
    out = list(existing or [])
    prefix = f"{t.name}_chk_"
    taken = _schema_names(thd, t)
    n = max([int(m.group(1)) for c in out if (m := re.fullmatch(re.escape(prefix.lower()) + r"(\d+)",
                                                                  c.name.lower()))] + [0])
    # in the order written, a column's among the table's (9.7.4 observed: `a INT CHECK (..),
    # CHECK (..), b INT CHECK (..)` -> q_chk_1, q_chk_2, q_chk_3)
    defs = sorted([cd.check for cd in columns if cd.check is not None] + list(checks), key=lambda d: d.pos)
    for d in defs:
        name, expr = d.name, d.expr
        if name is None:
            n += 1
            name = f"{prefix}{n}"
        if name.lower() in taken or any(c.name.lower() == name.lower() for c in out):
            raise error("ER_CHECK_CONSTRAINT_DUP_NAME", name)
        out.append(CheckConstraint(name, expr, print_item_mysql(expr)))
    return sorted(out, key=lambda c: c.name.lower())


def like_checks(thd: Any, src: TableDef, new_name: str) -> list[CheckConstraint]:
    """CREATE TABLE ... LIKE: MariaDB copies the constraints; MySQL gives each, in the data
    dictionary's (name) order, a generated name of the new table (mysql_create_like_table:
    names are the schema's)."""
    if not mysql_checks(thd):
        return list(src.checks)
    return [CheckConstraint(f"{new_name}_chk_{i}", c.expr, c.text, c.field) for i, c in enumerate(src.checks, 1)]


def _schema_names(thd: Any, t: TableDef) -> set[str]:
    """The check constraint names of the schema's other base tables (a temporary table's are its own)."""
    if t.temporary:
        return set()
    return {c.name.lower() for other in thd.catalog.tables(t.db).values()
            if other.name.lower() != t.name.lower() for c in other.checks}


def rename_checks(thd: Any, t: TableDef, new_name: str) -> None:
    t.checks = renamed_checks(thd, t.checks, t.name, new_name)


def renamed_checks(thd: Any, checks: list[CheckConstraint], old: str, new_name: str) -> list[CheckConstraint]:
    """RENAME TABLE (MySQL): the generated names follow the table, their numbers kept
    (sql_table.cc mysql_rename_table -> rename generated check constraint names; 9.7.4
    observed: q_chk_2 becomes q3_chk_2); a name the user gave stays."""
    if not mysql_checks(thd) or old.lower() == new_name.lower():
        return checks
    pattern = re.compile(re.escape(old) + r"_chk_(\d+)", re.I)
    return sorted((CheckConstraint(f"{new_name}_chk_{m.group(1)}", c.expr, c.text, c.field)
                   if (m := pattern.fullmatch(c.name)) else c for c in checks), key=lambda c: c.name.lower())


def drop_check(t: TableDef, name: str, mysql: bool = False, check_keyword: bool = False) -> None:
    """ALTER TABLE ... DROP CONSTRAINT / DROP CHECK of a name the table lacks: MariaDB 1091;
    MySQL 3940 for DROP CONSTRAINT, 3821 for DROP CHECK (sql_table.cc; 9.7.4 observed)."""
    for c in t.checks:
        if c.field is None and c.name.lower() == name.lower():
            t.checks.remove(c)
            return
    if mysql:
        raise error("ER_CHECK_CONSTRAINT_NOT_FOUND" if check_keyword else "ER_CONSTRAINT_NOT_FOUND", name)
    raise error("ER_CANT_DROP_FIELD_OR_KEY", "CONSTRAINT", name)


__all__ = ["build_checks", "drop_check", "like_checks", "mysql_checks", "rename_checks", "table_checks",
           "verify_checks",
           "ServerError"]
