"""harness/sql/stmt/locked_tables.py: LOCK TABLES / UNLOCK TABLES."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_a_read_lock_refuses_writes_and_unlocked_tables(bed: Bed) -> None:
    s = bed.session()
    s.execute("CREATE TABLE t (a INT) ENGINE=InnoDB")
    s.execute("CREATE TABLE n (a INT) ENGINE=MyISAM")
    s.execute("LOCK TABLES t READ")
    with pytest.raises(ServerError) as e:
        s.execute("INSERT INTO t VALUES (1)")
    assert e.value.code == 1099
    with pytest.raises(ServerError) as e:
        s.execute("SELECT * FROM n")
    assert (e.value.code, e.value.message) == (1100, "Table 'n' was not locked with LOCK TABLES")
    s.execute("UNLOCK TABLES")
    s.execute("INSERT INTO t VALUES (1)")


def test_a_missing_table_under_lock_tables_is_not_locked(bed: Bed) -> None:
    # probed on 10.11 and 9.7.4: open_table under LOCK TABLES looks among the locked tables
    # only -- `SELECT * FROM nosuch` and `INSERT INTO nosuch` are 1100, not 1146
    s = bed.session()
    s.execute("CREATE TABLE t (a INT) ENGINE=InnoDB")
    s.execute("LOCK TABLES t WRITE")
    for sql in ("SELECT * FROM nosuch", "INSERT INTO nosuch VALUES (1)"):
        with pytest.raises(ServerError) as e:
            s.execute(sql)
        assert (e.value.code, e.value.message) == (1100, "Table 'nosuch' was not locked with LOCK TABLES")
    s.execute("UNLOCK TABLES")


def test_the_tables_a_write_locked_tables_triggers_use_are_locked_too(bed: Bed) -> None:
    s = bed.session("ROW")
    for q in ("CREATE TABLE t1 (a INT) ENGINE=InnoDB", "INSERT INTO t1 VALUES (1),(2)",
              "CREATE TABLE t2 (b INT) ENGINE=InnoDB", "CREATE TABLE t3 (c INT) ENGINE=MyISAM",
              "CREATE TRIGGER tr2 BEFORE INSERT ON t2 FOR EACH ROW BEGIN DELETE FROM t1 LIMIT 1; "
              "SET @x = (SELECT COUNT(*) FROM t3); END", "LOCK TABLES t2 WRITE"):
        s.execute(q)
    s.execute("DELETE FROM t1 LIMIT 1")  # t1: written by the trigger, locked for WRITE
    assert s.execute("SELECT COUNT(*) FROM t3").rows == [[0]]
    with pytest.raises(ServerError) as e:
        s.execute("INSERT INTO t3 VALUES (1)")  # t3: only read by the trigger
    assert e.value.code == 1099
    s.execute("UNLOCK TABLES")
    s.execute("LOCK TABLES t2 READ")  # a READ lock fires no trigger: nothing more is locked
    with pytest.raises(ServerError) as e:
        s.execute("SELECT * FROM t1")
    assert e.value.code == 1100
