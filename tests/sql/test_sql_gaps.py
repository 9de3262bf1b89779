"""Derived tables, RIGHT JOIN, transaction control in CALL bodies (workloads/sql_gaps.wl
compares the same statements with MariaDB 10.11 in every format)."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


@pytest.fixture
def s(bed: Bed):  # type: ignore[no-untyped-def]
    thd = bed.session("STATEMENT")
    thd.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
    thd.execute("CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM")
    thd.execute("INSERT INTO t VALUES (1,1),(2,2),(3,3),(5,5)")
    thd.execute("INSERT INTO n VALUES (2,20),(4,40),(5,50),(6,60)")
    return thd


def test_derived_table_rows_and_columns(s) -> None:  # type: ignore[no-untyped-def]
    res = s.execute("SELECT * FROM (SELECT a, b * 2 AS c FROM t WHERE a > 1) AS d")
    assert [c.name for c in res.columns] == ["a", "c"]
    assert res.rows == [[2, 4], [3, 6], [5, 10]]


def test_derived_table_feeds_a_multi_table_update(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("UPDATE t, (SELECT a, b FROM n) AS d SET t.b = d.b WHERE t.a = d.a")
    assert s.execute("SELECT b FROM t ORDER BY a").rows == [[1], [20], [3], [50]]


def test_derived_table_is_not_updatable(s) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ServerError) as e:
        s.execute("UPDATE t, (SELECT a FROM n) AS d SET d.a = 1 WHERE t.a = d.a")
    assert e.value.code == 1288


def test_right_join_scans_the_right_table_first_and_keeps_column_order(s) -> None:  # type: ignore[no-untyped-def]
    res = s.execute("SELECT * FROM t RIGHT JOIN n ON t.a = n.a")
    assert res.rows == [[2, 2, 2, 20], [None, None, 4, 40], [5, 5, 5, 50], [None, None, 6, 60]]


def test_right_join_in_multi_table_delete(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("DELETE n FROM t RIGHT JOIN n ON t.a = n.a WHERE t.a IS NULL")
    assert s.execute("SELECT a FROM n").rows == [[2], [5]]


def test_start_transaction_in_a_call_sets_hrnow_for_the_rest_of_it(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("CREATE PROCEDURE p1(x INT) BEGIN START TRANSACTION; INSERT INTO t VALUES (x, x); COMMIT; END")
    s.execute("CALL p1(9)")
    assert s.stmt_log.hrnow_used
    s.execute("INSERT INTO t VALUES (10, 10)")
    assert not s.stmt_log.hrnow_used


@pytest.mark.parametrize("sql", [
    "CREATE FUNCTION f9() RETURNS INT BEGIN START TRANSACTION; RETURN 1; END",
    "CREATE TRIGGER tr9 BEFORE INSERT ON t FOR EACH ROW COMMIT",
])
def test_transaction_control_refused_in_functions_and_triggers(s, sql: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ServerError) as e:
        s.execute(sql)
    assert e.value.code == 1422
