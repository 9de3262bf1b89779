"""Statement outcomes and SHOW WARNINGS the executor decides (workloads/fidelity_errors.wl
compares the same statements with MariaDB 10.11 in every format; these pin the rules
in-process so a change shows without a reference server)."""

from __future__ import annotations

import pytest

from harness.sql.errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def _codes(thd) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    return [(n.level, n.code) for n in thd.last_notes]


def _fails(thd, sql: str) -> int:  # type: ignore[no-untyped-def]
    with pytest.raises(ServerError) as ei:
        thd.execute(sql)
    return ei.value.code


@pytest.fixture
def s(bed: Bed):  # type: ignore[no-untyped-def]
    thd = bed.session("STATEMENT")
    thd.execute("CREATE TABLE t (id INT NOT NULL, s VARCHAR(3), d DECIMAL(4,1)) ENGINE=InnoDB")
    return thd


def test_a_column_list_reports_every_bad_value_of_the_row(s) -> None:  # type: ignore[no-untyped-def]
    assert _fails(s, "INSERT INTO t (id, s, d) VALUES ('x', 'abcdef', 123456)") == 1366
    assert _codes(s) == [("Error", 1366), ("Error", 1406), ("Error", 1264)]
    assert _fails(s, "INSERT INTO t (s, id, d) VALUES ('abcdef', NULL, 1), (1, 'a', 1)") == 1406
    assert _codes(s) == [("Error", 1406), ("Error", 1048)]


def test_without_a_column_list_the_first_bad_value_stops_the_row(s) -> None:  # type: ignore[no-untyped-def]
    assert _fails(s, "INSERT INTO t VALUES ('x', 'abcdef', 123456)") == 1366
    assert _codes(s) == [("Error", 1366)]


def test_one_row_null_into_not_null_adds_unknown_error_with_a_list(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("SET sql_mode = ''")
    assert _fails(s, "INSERT INTO t (id, s) VALUES (NULL, 'abcdef')") == 1048
    assert _codes(s) == [("Error", 1048), ("Error", 1105)]
    assert _fails(s, "INSERT INTO t VALUES (NULL, 'abcdef', 1)") == 1048
    assert _codes(s) == [("Error", 1048)]
    s.execute("INSERT INTO t (id) VALUES (1), (NULL)")  # several rows: a warning and the zero
    assert _codes(s) == [("Warning", 1048)]


def test_missing_default_is_checked_before_the_rows(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("CREATE TABLE m (a INT NOT NULL, b INT NOT NULL, c VARCHAR(2)) ENGINE=MyISAM")
    assert _fails(s, "INSERT INTO m (c) SELECT 'abc' FROM t") == 1364  # zero rows too
    assert _codes(s) == [("Error", 1364), ("Error", 1364)]
    s.execute("INSERT IGNORE INTO m (c) VALUES ('abc')")
    assert _codes(s) == [("Warning", 1364), ("Warning", 1364), ("Warning", 1265)]


def test_create_routine_whose_body_inserts_clears_warnings(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("INSERT IGNORE INTO t VALUES (1, 'abcdef', 1)")
    s.execute("CREATE PROCEDURE p_upd() UPDATE t SET id = 1")
    assert _codes(s) == [("Warning", 1265)]
    s.execute("CREATE PROCEDURE p_ins() INSERT INTO t VALUES (1, 'a', 1)")
    assert _codes(s) == []


def test_trigger_warnings_vanish_and_it_runs_under_its_sql_mode(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("SET sql_mode = ''")
    s.execute("CREATE TABLE log (a INT NOT NULL, c VARCHAR(2)) ENGINE=MyISAM")
    s.execute("CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW INSERT INTO log (c) VALUES ('abc')")
    s.execute("SET sql_mode = DEFAULT")
    s.execute("INSERT INTO t VALUES (1, 'a', 1)")  # strict caller, non-strict trigger: no error
    assert _codes(s) == []
    assert s.execute("SELECT a, c FROM log").rows == [[0, "ab"]]


def test_zero_datetime_prints_with_its_time(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("SET sql_mode = ''")
    s.execute("CREATE TABLE z (dt DATETIME NOT NULL UNIQUE, d DATE) ENGINE=InnoDB")
    assert _fails(s, "INSERT INTO z (d) VALUES (NULL), (NULL)") == 1062
    assert s.last_notes[-1].message == "Duplicate entry '0000-00-00 00:00:00' for key 'dt'"
    s.execute("SET sql_mode = 'NO_ZERO_DATE'")
    s.execute("INSERT INTO z VALUES ('2020-01-01', '0000-00-00')")
    assert _codes(s) == [("Warning", 1264)]


@pytest.mark.parametrize("sql,clause", [
    ("SELECT nosuch FROM t", "SELECT"),
    ("SELECT * FROM t WHERE nosuch = 1", "WHERE"),
    ("SELECT * FROM t a JOIN t b ON a.nosuch = b.id", "ON"),
    ("SELECT id FROM t GROUP BY nosuch", "GROUP BY"),
    ("DELETE FROM t ORDER BY nosuch", "ORDER BY"),
    ("UPDATE t SET s = nosuch", "SET"),
    ("UPDATE t a, t b SET a.s = b.nosuch", "SELECT"),
    ("INSERT INTO t VALUES (nosuch, 'a', 1)", "VALUES"),
    ("INSERT INTO t (nosuch) VALUES (1)", "INSERT INTO"),
    ("INSERT INTO t VALUES (1, 'a', 1) ON DUPLICATE KEY UPDATE nosuch = 1", "UPDATE"),
])
def test_unknown_column_names_the_clause(s, sql: str, clause: str) -> None:  # type: ignore[no-untyped-def]
    assert _fails(s, sql) == 1054
    assert s.last_notes[-1].message.endswith(f" in '{clause}'")


def test_replace_fires_the_delete_triggers_of_the_replaced_row(s) -> None:  # type: ignore[no-untyped-def]
    # write_record: REPLACE's delete runs BEFORE/AFTER DELETE triggers (observed: a
    # failing BEFORE DELETE trigger fails the REPLACE with 1048).
    s.execute("CREATE TABLE k (id INT PRIMARY KEY, c INT) ENGINE=InnoDB")
    s.execute("CREATE TABLE log_k (n INT) ENGINE=InnoDB")
    s.execute("INSERT INTO k VALUES (1, 7)")
    s.execute("CREATE TRIGGER trg_k AFTER DELETE ON k FOR EACH ROW INSERT INTO log_k VALUES (OLD.c)")
    s.execute("REPLACE INTO k VALUES (1, 8)")
    assert [r[0] for r in s.execute("SELECT n FROM log_k").rows] == [7]
    s.execute("CREATE TRIGGER trg_k2 BEFORE DELETE ON k FOR EACH ROW INSERT INTO t (id) VALUES (NULL)")
    assert _fails(s, "REPLACE INTO k VALUES (1, 9)") == 1048
    assert [r[1] for r in s.execute("SELECT * FROM k").rows] == [8]


def test_the_ok_packets_insert_id_is_unsigned(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("CREATE TABLE a (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, v INT) ENGINE=InnoDB")
    s.execute("INSERT INTO a VALUES (2, -4)")
    ok = s.execute("INSERT INTO a (id) SELECT v FROM a")
    assert ok.last_insert_id == (1 << 64) - 4
