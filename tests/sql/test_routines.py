"""harness/sql/routines.py: stored functions, procedures and triggers."""

from __future__ import annotations

import pytest

from harness.sql.errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_function_procedure_and_a_missing_one(bed: Bed) -> None:
    s = bed.session()
    s.execute("CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10)) ENGINE=InnoDB")
    s.execute("CREATE FUNCTION f(x INT) RETURNS INT DETERMINISTIC RETURN x * 2")
    assert s.execute("SELECT f(21)").rows == [[42]]
    s.execute("CREATE PROCEDURE p(IN x INT) INSERT INTO t VALUES (x, 'p')")
    assert s.execute("CALL p(10)").affected_rows == 1
    with pytest.raises(ServerError) as e:
        s.execute("CALL nope()")
    assert (e.value.code, e.value.message) == (1305, "PROCEDURE test.nope does not exist")


def test_a_trigger_writes_through_the_same_statement(bed: Bed) -> None:
    s = bed.session("ROW")
    s.execute("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB")
    s.execute("CREATE TABLE n (a INT) ENGINE=MyISAM")
    s.execute("CREATE TRIGGER tr AFTER INSERT ON t FOR EACH ROW INSERT INTO n VALUES (NEW.a)")
    s.execute("INSERT INTO t VALUES (7)")
    assert s.execute("SELECT * FROM n").rows == [[7]]


def test_a_trigger_may_not_change_the_table_its_statement_uses(bed: Bed) -> None:
    s = bed.session()
    s.execute("CREATE TABLE t (a INT) ENGINE=InnoDB")
    s.execute("CREATE TRIGGER tr AFTER INSERT ON t FOR EACH ROW INSERT INTO t VALUES (NEW.a + 1)")
    with pytest.raises(ServerError) as e:
        s.execute("INSERT INTO t VALUES (1)")
    assert e.value.code == 1442
