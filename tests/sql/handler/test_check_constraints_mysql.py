"""CHECK constraints in the mysql-9.7 flavour (harness/sql/handler/check_constraints.py,
SqlDialect.mysql_check_constraints): every text and SHOW CREATE TABLE below is what the real
MySQL 9.7.4 sent (`replbed run --reference mysql-9.7` of a probe workload and of
workloads/schema_check.wl); the mariadb-10.11 answers are the ones already recorded there."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.flavors._probe import Bed, show_warnings


@pytest.fixture
def thd(tmp_path):
    return Bed(tmp_path, "mysql-9.7").thd


def _err(thd, sql: str) -> tuple[int, str]:
    with pytest.raises(ServerError) as e:
        thd.execute(sql)
    return e.value.code, e.value.message


def _show(thd, table: str) -> list[str]:
    text = thd.execute(f"SHOW CREATE TABLE {table}").rows[0][1]
    return [line for line in text.split("\n") if "CONSTRAINT" in line]


def test_generated_names_in_written_order_listed_by_name(thd):
    thd.execute("CREATE TABLE q (a INT CHECK (a > 0), CONSTRAINT q_chk_5 CHECK (a < 9), CHECK (a <> 3), "
                "b INT CHECK (b > 1))")
    assert _show(thd, "q") == ["  CONSTRAINT `q_chk_1` CHECK ((`a` > 0)),", "  CONSTRAINT `q_chk_2` CHECK ((`a` <> 3)),",
                               "  CONSTRAINT `q_chk_3` CHECK ((`b` > 1)),", "  CONSTRAINT `q_chk_5` CHECK ((`a` < 9))"]
    thd.execute("ALTER TABLE q ADD CHECK (a < 50)")  # after the highest generated-looking number
    assert _show(thd, "q")[-1] == "  CONSTRAINT `q_chk_6` CHECK ((`a` < 50))"


def test_rows_are_checked_in_name_order(thd):
    thd.execute("CREATE TABLE p (a INT, CONSTRAINT zz CHECK (a > 5), CONSTRAINT aa CHECK (a > 3))")
    assert _err(thd, "INSERT INTO p VALUES (1)") == (3819, "Check constraint 'aa' is violated.")
    assert show_warnings(thd) == [("Error", 3819, "Check constraint 'aa' is violated.")]


def test_names_are_the_schemas(thd):
    thd.execute("CREATE TABLE p (a INT, CONSTRAINT zz CHECK (a > 5))")
    assert _err(thd, "CREATE TABLE r (a INT, CONSTRAINT zz CHECK (a > 0))") == (
        3822, "Duplicate check constraint name 'zz'.")
    assert _err(thd, "CREATE TABLE bad (a INT, CONSTRAINT ck CHECK (a > 0), CONSTRAINT ck CHECK (a < 9))") == (
        3822, "Duplicate check constraint name 'ck'.")
    thd.execute("CREATE TEMPORARY TABLE tt (a INT, CONSTRAINT zz CHECK (a > 0))")  # a temporary table's are its own


def test_drop_unknown(thd):
    thd.execute("CREATE TABLE q (a INT CHECK (a > 0))")
    assert _err(thd, "ALTER TABLE q DROP CHECK nosuch") == (3821, "Check constraint 'nosuch' is not found in the table.")
    assert _err(thd, "ALTER TABLE q DROP CONSTRAINT nosuch") == (3940, "Constraint 'nosuch' does not exist.")


def test_like_and_rename_name_the_new_table(thd):
    thd.execute("CREATE TABLE q (a INT CHECK (a > 0), CONSTRAINT q_chk_5 CHECK (a < 9), CHECK (a <> 3), "
                "b INT CHECK (b > 1))")
    thd.execute("ALTER TABLE q ADD CHECK (a < 50)")
    thd.execute("ALTER TABLE q DROP CHECK q_chk_1")
    thd.execute("CREATE TABLE q2 LIKE q")
    assert _show(thd, "q2") == ["  CONSTRAINT `q2_chk_1` CHECK ((`a` <> 3)),", "  CONSTRAINT `q2_chk_2` CHECK ((`b` > 1)),",
                                "  CONSTRAINT `q2_chk_3` CHECK ((`a` < 9)),", "  CONSTRAINT `q2_chk_4` CHECK ((`a` < 50))"]
    thd.execute("RENAME TABLE q TO q3")
    assert _show(thd, "q3") == ["  CONSTRAINT `q3_chk_2` CHECK ((`a` <> 3)),", "  CONSTRAINT `q3_chk_3` CHECK ((`b` > 1)),",
                                "  CONSTRAINT `q3_chk_5` CHECK ((`a` < 9)),", "  CONSTRAINT `q3_chk_6` CHECK ((`a` < 50))"]
    assert _err(thd, "INSERT INTO q3 VALUES (3, 0)") == (3819, "Check constraint 'q3_chk_2' is violated.")


def test_ignore_warns_for_one_row_too_and_no_mariadb_variable(thd):
    thd.execute("CREATE TABLE t (id INT PRIMARY KEY, v INT CHECK (v > 0)) ENGINE=InnoDB")
    thd.execute("INSERT INTO t VALUES (1, 1), (2, 2)")  # was a KeyError (check_constraint_checks is MariaDB's)
    thd.execute("INSERT IGNORE INTO t VALUES (3, 0)")
    assert show_warnings(thd) == [("Warning", 3819, "Check constraint 't_chk_1' is violated.")]
    assert [list(r) for r in thd.execute("SELECT id FROM t ORDER BY id").rows] == [[1], [2]]
