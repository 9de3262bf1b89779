"""harness/sql/stmt/executor.py: DML and SELECT over replbed's storage."""

from __future__ import annotations

from decimal import Decimal

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


@pytest.fixture
def s(bed: Bed):  # type: ignore[no-untyped-def]
    thd = bed.session()
    thd.execute("CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10)) ENGINE=InnoDB")
    thd.execute("INSERT INTO t VALUES (1,'x'),(2,'y')")
    return thd


def test_insert_reports_records_and_duplicates(s) -> None:  # type: ignore[no-untyped-def]
    ok = s.execute("INSERT INTO t VALUES (3,'z'),(4,'w')")
    assert (ok.affected_rows, ok.info) == (2, "Records: 2  Duplicates: 0  Warnings: 0")


def test_aggregates_order_and_limit(s) -> None:  # type: ignore[no-untyped-def]
    assert s.execute("SELECT COUNT(*), SUM(a), MAX(b) FROM t").rows == [[2, Decimal(3), "y"]]
    assert s.execute("SELECT a FROM t ORDER BY a DESC LIMIT 1").rows == [[2]]


def test_update_reports_matched_and_changed(s) -> None:  # type: ignore[no-untyped-def]
    ok = s.execute("UPDATE t SET b = 'y' WHERE a >= 1")
    assert ok.info == "Rows matched: 2  Changed: 1  Warnings: 0"


def test_a_missing_value_for_a_not_null_column_without_default_is_1364_in_strict_mode(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("CREATE TABLE d (a INT NOT NULL, b INT NOT NULL) ENGINE=InnoDB")
    with pytest.raises(ServerError) as e:
        s.execute("INSERT INTO d (a) VALUES (1)")
    assert (e.value.code, e.value.message) == (1364, "Field 'b' doesn't have a default value")


def test_replace_fires_after_insert_and_decides_each_conflict(bed: Bed) -> None:
    s = bed.session("ROW")
    s.execute("CREATE TABLE t (id INT PRIMARY KEY, u INT UNIQUE, a INT) ENGINE=InnoDB")
    s.execute("CREATE TABLE log (n INT) ENGINE=InnoDB")
    s.execute("INSERT INTO t VALUES (1, 1, 1), (2, 2, 2)")
    s.execute("CREATE TRIGGER tr AFTER INSERT ON t FOR EACH ROW INSERT INTO log VALUES (NEW.a)")
    assert s.execute("REPLACE INTO t VALUES (1, 2, 11)").affected_rows == 3  # row 1 deleted, row 2 updated
    assert s.execute("SELECT * FROM t").rows == [[1, 2, 11]]
    assert s.execute("SELECT n FROM log").rows == [[11]]


def test_a_join_names_an_unknown_column_of_where_before_on_and_set_values(bed: Bed) -> None:
    from harness.sql.sql_errors import ServerError
    s = bed.session("ROW")
    s.execute("CREATE TABLE a (id INT PRIMARY KEY, c INT) ENGINE=InnoDB")
    s.execute("CREATE TABLE b (k INT PRIMARY KEY, c INT) ENGINE=InnoDB")
    for sql in ("SELECT * FROM a JOIN b ON a.id = b.nope WHERE b.zz > 0",
                "UPDATE a JOIN b ON a.id = b.k SET a.c = b.nothere WHERE b.zz IS NOT NULL"):
        with pytest.raises(ServerError) as e:
            s.execute(sql)
        assert e.value.message == "Unknown column 'b.zz' in 'WHERE'"


def test_a_multi_table_delete_fires_the_delete_triggers(bed: Bed) -> None:
    from harness.sql.sql_errors import ServerError
    s = bed.session("ROW")
    s.execute("CREATE TABLE a (id INT PRIMARY KEY) ENGINE=InnoDB")
    s.execute("CREATE TABLE b (id INT PRIMARY KEY) ENGINE=InnoDB")
    s.execute("CREATE TABLE lg (n INT) ENGINE=InnoDB")
    s.execute("INSERT INTO a VALUES (1), (2)")
    s.execute("INSERT INTO b VALUES (1), (2)")
    s.execute("CREATE TRIGGER t BEFORE DELETE ON a FOR EACH ROW INSERT INTO lg VALUES (OLD.id)")
    s.execute("DELETE a FROM a JOIN b ON a.id = b.id WHERE b.id = 2")
    assert s.execute("SELECT n FROM lg").rows == [[2]]
    s.execute("CREATE TRIGGER u AFTER DELETE ON b FOR EACH ROW INSERT INTO a VALUES (OLD.id + 10)")
    with pytest.raises(ServerError) as e:
        s.execute("DELETE b FROM a JOIN b ON a.id = b.id")
    assert e.value.code == 1442
