"""CHECK constraints in-process: names, 4025, IGNORE, check_constraint_checks and SHOW
CREATE TABLE (texts probed on MariaDB 10.11)."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.sql.sql_errors import ServerError
from harness.sql.stmt.sql_show import show_create_table
from harness.sql.thd import Thd
from tests.sql._thd import thd_in_test_db


@pytest.fixture
def thd(tmp_path: Path) -> Thd:
    t = thd_in_test_db(tmp_path)
    t.execute("CREATE TABLE c (id INT PRIMARY KEY, v INT CHECK (v > 0), CONSTRAINT ck2 CHECK (v < 100), "
              "CHECK (v <> 50)) ENGINE=InnoDB")
    return t


@pytest.mark.parametrize("values, name", [("(1, 0)", "c.v"), ("(1, 100)", "ck2"), ("(1, 50)", "CONSTRAINT_1")])
def test_4025_names_the_constraint(thd: Thd, values: str, name: str) -> None:
    with pytest.raises(ServerError) as e:
        thd.execute(f"INSERT INTO c VALUES {values}")
    assert (e.value.code, e.value.message) == (4025, f"CONSTRAINT `{name}` failed for `test`.`c`")


def test_null_passes_and_ignore_warns(thd: Thd) -> None:
    thd.execute("INSERT INTO c VALUES (1, NULL)")
    res = thd.execute("INSERT IGNORE INTO c VALUES (2, 0), (3, 5)")
    assert res.affected_rows == 1  # type: ignore[union-attr]
    assert [(n.level, n.code) for n in thd.last_notes] == [("Warning", 4025)]


def test_check_constraint_checks_off(thd: Thd) -> None:
    thd.execute("SET check_constraint_checks = 0")
    thd.execute("INSERT INTO c VALUES (1, -1)")
    assert thd.vars.flags2() & (1 << 15)


def test_show_create_prints_column_and_table_checks(thd: Thd) -> None:
    lines = show_create_table(thd.catalog.get_table("test", "c")).split("\n")
    assert lines[2] == "  `v` int(11) DEFAULT NULL CHECK (`v` > 0),"
    assert lines[-3:-1] == ["  CONSTRAINT `ck2` CHECK (`v` < 100),", "  CONSTRAINT `CONSTRAINT_1` CHECK (`v` <> 50)"]


@pytest.mark.parametrize("sql", [
    "CREATE TABLE d (j JSON) SELECT 1 AS y",
    "ALTER TABLE c ADD COLUMN w INT CHECK (w > 0)",
    "ALTER TABLE c ADD COLUMN g INT AS (v + 1) STORED",
    "ALTER TABLE c MODIFY v JSON",
])
def test_declarations_the_model_would_drop_are_refused(thd: Thd, sql: str) -> None:
    """Never a table without the constraint it was declared with: 1235 instead."""
    with pytest.raises(ServerError) as e:
        thd.execute(sql)
    assert e.value.code == 1235


def test_create_select_keeps_its_checks_and_checks_its_rows(thd: Thd) -> None:
    """CHECK declared in CREATE TABLE ... SELECT (workloads/breadth_mtr.wl
    mtrb_create_select_constraints compares it with MariaDB 10.11)."""
    thd.execute("CREATE TABLE d (x INT CHECK (x > 0)) SELECT 1 AS y")
    assert [c.field for c in thd.catalog.get_table("test", "d").checks] == ["x"]  # type: ignore[union-attr]
    with pytest.raises(ServerError) as e:
        thd.execute("CREATE TABLE d2 (x INT, CHECK (x > 1)) SELECT 1 AS x")
    assert e.value.code == 4025 and thd.catalog.get_table("test", "d2") is None
