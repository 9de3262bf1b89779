"""Statement outcomes and SHOW WARNINGS the executor decides (workloads/fidelity_errors.wl
compares the same statements with MariaDB 10.11 in every format; these pin the rules
in-process so a change shows without a reference server)."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
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


@pytest.fixture
def zd(bed: Bed):  # type: ignore[no-untyped-def]
    """A zero date and a date with a zero month, stored by a non-strict INSERT."""
    thd = bed.session("ROW")
    thd.execute("CREATE TABLE z (id INT PRIMARY KEY, dt DATETIME, s VARCHAR(30)) ENGINE=InnoDB")
    thd.execute("CREATE TABLE zm (id INT PRIMARY KEY, dt DATETIME) ENGINE=MyISAM")
    thd.execute("SET sql_mode = ''")
    thd.execute("INSERT INTO z VALUES (1, '0000-00-00 00:00:00', ''), (2, '2024-00-05 10:00:00', ''), (3, '2024-01-02 03:04:05', '')")
    thd.execute("INSERT INTO zm SELECT id, dt FROM z")
    return thd


def test_strict_update_aborts_on_a_date_arithmetic_warning(zd) -> None:  # type: ignore[no-untyped-def]
    zd.execute("UPDATE z SET s = dt + INTERVAL 1 DAY WHERE id = 1")  # not strict: a warning, NULL stored
    assert _codes(zd) == [("Warning", 1292)]
    zd.execute("SET sql_mode = 'STRICT_TRANS_TABLES'")
    zd.execute("SELECT dt + INTERVAL 1 DAY FROM z")  # a SELECT only warns
    assert _codes(zd) == [("Warning", 1292), ("Warning", 1292)]
    assert _fails(zd, "UPDATE z SET dt = ADDDATE(dt, 1) WHERE id = 2") == 1292
    assert [(n.level, n.code, n.message) for n in zd.last_notes] == [
        ("Error", 1292, "Incorrect datetime value: '2024-00-05 10:00:00'")]
    zd.execute("UPDATE IGNORE z SET s = dt - INTERVAL 1 HOUR WHERE id = 2")
    assert _codes(zd) == [("Warning", 1292)]


def test_strict_myisam_update_stops_at_the_failing_row(zd) -> None:  # type: ignore[no-untyped-def]
    zd.execute("SET sql_mode = 'STRICT_TRANS_TABLES'")
    assert _fails(zd, "UPDATE zm SET dt = dt + INTERVAL 1 DAY ORDER BY id DESC") == 1292
    assert _codes(zd) == [("Error", 1292), ("Warning", 1196)]
    rows = zd.execute("SELECT CAST(dt AS CHAR) FROM zm ORDER BY id")  # the row before the failing one is kept
    assert [r[0] for r in rows.rows] == ["0000-00-00 00:00:00", "2024-00-05 10:00:00", "2024-01-03 03:04:05"]


def test_strict_insert_and_odku_abort_on_a_date_arithmetic_warning(zd) -> None:  # type: ignore[no-untyped-def]
    zd.execute("SET sql_mode = 'STRICT_TRANS_TABLES'")
    assert _fails(zd, "INSERT INTO z (id, s) VALUES (7, '0000-00-00' + INTERVAL 1 DAY)") == 1292
    assert _fails(zd, "INSERT INTO z (id) VALUES (1) ON DUPLICATE KEY UPDATE s = dt + INTERVAL 1 DAY") == 1292
    assert _fails(zd, "UPDATE z a, zm b SET a.s = b.dt + INTERVAL 1 DAY WHERE a.id = b.id") == 1292
    zd.execute("INSERT IGNORE INTO z (id, s) VALUES (8, '0000-00-00' + INTERVAL 1 DAY)")
    assert _codes(zd) == [("Warning", 1292)]


def test_a_where_warning_fails_a_strict_update_unless_a_filesort_read_first(zd) -> None:  # type: ignore[no-untyped-def]
    zd.execute("SET sql_mode = 'STRICT_TRANS_TABLES'")
    where = "WHERE dt + INTERVAL 1 DAY IS NOT NULL"
    assert _fails(zd, f"UPDATE z SET s = 'x' {where}") == 1292
    zd.execute(f"UPDATE z SET s = 'y' {where} ORDER BY id")  # the filesort read the rows before abort_on_warning
    assert _codes(zd) == [("Warning", 1292), ("Warning", 1292)]
    assert _fails(zd, f"UPDATE z a, zm b SET a.s = 'z' {where.replace('dt', 'b.dt')} AND a.id = b.id") == 1292
    assert _fails(zd, f"INSERT INTO z (id) SELECT id + 10 FROM zm {where}") == 1292
    zd.execute(f"DELETE FROM z {where.replace('NOT ', '')} AND s = 'none'")  # DELETE does not abort on warnings
    assert ("Warning", 1292) in _codes(zd)


def test_the_null_of_an_aborting_warning_is_still_stored(zd) -> None:  # type: ignore[no-untyped-def]
    zd.execute("CREATE TABLE k (id INT PRIMARY KEY, nn DATETIME NOT NULL, s VARCHAR(2)) ENGINE=InnoDB")
    zd.execute("INSERT INTO k VALUES (1, '0000-00-00', '')")
    zd.execute("SET sql_mode = 'STRICT_TRANS_TABLES'")
    assert _fails(zd, "UPDATE k SET nn = nn + INTERVAL 1 DAY, s = 'abc'") == 1292
    assert _codes(zd) == [("Error", 1292), ("Error", 1048), ("Error", 1406)]


def test_insert_select_from_itself_refuses_a_zero_date_in_its_temporary_table(zd) -> None:  # type: ignore[no-untyped-def]
    zd.execute("SET sql_mode = 'TRADITIONAL'")
    assert _fails(zd, "INSERT INTO z (id, dt) SELECT id + 10, dt FROM z ORDER BY id DESC LIMIT 1") == 1292
    assert [n.message for n in zd.last_notes] == [
        "Incorrect datetime value: '0000-00-00 00:00:00' for column ``.`(temporary)`.`dt` at row 1"]
    assert _fails(zd, "INSERT INTO zm (id, dt) SELECT id + 10, dt FROM z") == 1292  # another table: its own name
    assert "`test`.`zm`.`dt` at row 1" in zd.last_notes[0].message
    assert _fails(zd, "INSERT INTO z (id, dt) SELECT id + 20, dt FROM z WHERE id = 2") == 1292  # a zero part
    assert "`test`.`z`.`dt` at row 1" in zd.last_notes[0].message


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


def test_the_default_keyword_for_a_column_without_one_is_1364_per_row(bed: Bed) -> None:
    thd = bed.session("ROW")
    thd.execute("CREATE TABLE d (id INT PRIMARY KEY, b INT NOT NULL, e ENUM('x','y') NOT NULL) ENGINE=MyISAM")
    thd.execute("SET sql_mode = ''")
    thd.execute("INSERT INTO d VALUES (1, DEFAULT, DEFAULT), (2, DEFAULT, 'y')")
    assert _codes(thd) == [("Warning", 1364), ("Warning", 1364)]  # b twice, the ENUM never
    assert thd.execute("SELECT b, e FROM d ORDER BY id").rows == [[0, "x"], [0, "y"]]
    assert _fails(thd, "UPDATE d SET b = DEFAULT") == 1364  # prepare time, even when not strict
    thd.execute("SET sql_mode = 'STRICT_ALL_TABLES'")
    assert _fails(thd, "INSERT INTO d SET id = 3, b = DEFAULT") == 1364
    thd.execute("INSERT IGNORE INTO d SET id = 3, b = DEFAULT")
    assert _codes(thd) == [("Warning", 1364)]


def test_with_a_before_trigger_a_missing_field_is_checked_after_the_row_is_stored(bed: Bed) -> None:
    thd = bed.session("ROW")
    thd.execute("SET sql_mode = 'STRICT_ALL_TABLES'")
    thd.execute("CREATE TABLE m (id INT PRIMARY KEY, a TINYINT, b INT NOT NULL) ENGINE=MyISAM")
    thd.execute("CREATE TRIGGER tm BEFORE UPDATE ON m FOR EACH ROW SET NEW.a = 1")
    assert _fails(thd, "INSERT INTO m (id, a) VALUES (2, 1000)") == 1264  # the row's own error first
    assert _fails(thd, "INSERT INTO m (id, a) VALUES (1, 5)") == 1364
    thd.execute("INSERT IGNORE INTO m (id, a) VALUES (6, 5), (7, 6)")
    assert _codes(thd) == [("Warning", 1364), ("Warning", 1364)]  # once per row


def test_strict_trans_tables_aborts_a_myisam_insert_until_a_row_changed(bed: Bed) -> None:
    thd = bed.session("ROW")
    thd.execute("CREATE TABLE m (id INT PRIMARY KEY, d DATETIME) ENGINE=MyISAM")
    thd.execute("INSERT INTO m VALUES (7, NULL)")
    # row 1 changes nothing (same values): row 2's bad date is still an error
    assert _fails(thd, "INSERT INTO m VALUES (7, NULL), (8, 'x') ON DUPLICATE KEY UPDATE id = VALUES(id)") == 1292
    thd.execute("INSERT INTO m VALUES (9, NULL), (10, 'x')")  # after a written row: a warning
    assert _codes(thd) == [("Warning", 1265)]


def test_an_update_of_the_clustered_key_counts_only_matched_rows(bed: Bed) -> None:
    thd = bed.session("ROW")
    thd.execute("SET sql_mode = ''")
    thd.execute("CREATE TABLE t (id DECIMAL(6,2) NOT NULL PRIMARY KEY, c INT) ENGINE=InnoDB")
    thd.execute("INSERT INTO t VALUES (1.50, 1), (2.50, 1), (6.00, NULL), (9.50, 1)")
    thd.execute("UPDATE t SET id = id / 3 WHERE c IS NOT NULL")
    assert [n.message[-8:] for n in thd.last_notes] == ["at row 2", "at row 3"]


def test_a_rows_store_errors_are_listed_in_column_order(bed: Bed) -> None:
    thd = bed.session("ROW")
    thd.execute("SET sql_mode = 'STRICT_ALL_TABLES'")
    thd.execute("CREATE TABLE r (id INT PRIMARY KEY, s VARCHAR(2), n INT NOT NULL) ENGINE=InnoDB")
    assert _fails(thd, "REPLACE INTO r (id, s, n) VALUES (1, 'toolong', DEFAULT)") == 1406
    assert [c for _l, c in _codes(thd)] == [1406, 1364]
