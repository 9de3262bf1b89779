"""harness/sql/sys_vars/sysvar_catalog.py: MariaDB 10.11.19's SYSTEM_VARIABLES, as dumped from the server."""

from __future__ import annotations

from harness.sql.sys_vars.sysvar_catalog import CATALOG


def test_the_catalog_names_each_variable_once_with_a_scope() -> None:
    names = [row[0] for row in CATALOG]
    assert len(set(names)) == len(names) > 500
    assert all(row[1] in ("GLOBAL", "SESSION", "SESSION ONLY") for row in CATALOG)


def test_binlog_format_is_a_session_enum_of_the_three_formats() -> None:
    row = next(r for r in CATALOG if r[0] == "binlog_format")
    assert row[1:3] == ("SESSION", "ENUM") and row[7] == "MIXED,STATEMENT,ROW"
