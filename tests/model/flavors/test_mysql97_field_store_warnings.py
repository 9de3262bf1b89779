"""MySQL 9.7's warnings from storing values into fields (fuzz classes of INSERT IGNORE /
UPDATE), each asserted against the SHOW WARNINGS mysqld 9.7.4 gave for the same statements
(recorded with a real server of the kind, as in tests/model/flavors/_probe.py's bed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.model.flavors._probe import Bed, error_code, show_warnings


def _null(c: str) -> tuple[str, int, str]:
    return ("Warning", 1048, f"Column '{c}' cannot be null")


# field.cc Field::set_warning: ER_BAD_NULL_ERROR once per field while an INSERT/REPLACE runs
# (Field::m_warnings_pushed, reset by Field::reset_warnings when the INSERT starts); UPDATE and
# CREATE ... SELECT push one per row.
BAD_NULL = [
    ("CREATE TABLE t (a INT PRIMARY KEY, b INT NOT NULL, c DATETIME NOT NULL)", []),
    ("CREATE TABLE u (a INT PRIMARY KEY, b INT NOT NULL)", []),
    ("INSERT INTO u VALUES (1,1),(2,2),(3,3)", []),
    ("INSERT IGNORE INTO t VALUES (1,NULL,NOW()),(2,NULL,NULL),(3,NULL,NULL)", [_null("b"), _null("c")]),
    ("INSERT IGNORE INTO t (a,b,c) VALUES (70,NULL,NOW()),(70,NULL,NOW()),(71,NULL,NOW())",
     [_null("b"), ("Warning", 1062, "Duplicate entry '70' for key 't.PRIMARY'")]),
    ("INSERT IGNORE INTO t (a,b,c) VALUES (80,NULL,'2020-02-30'),(81,NULL,'x')",
     [_null("b"), ("Warning", 1264, "Out of range value for column 'c' at row 1"),
      ("Warning", 1265, "Data truncated for column 'c' at row 2")]),
    ("INSERT IGNORE INTO t (a,b,c) SELECT a+50, NULL, NOW() FROM u", [_null("b")]),
    ("SET sql_mode=''", []),
    ("INSERT INTO t SELECT a+10, NULL, NULL FROM u", [_null("b"), _null("c")]),
    ("REPLACE INTO t VALUES (1,NULL,NULL),(2,NULL,NULL)", [_null("b"), _null("c")]),
    ("INSERT INTO t VALUES (1,1,NOW()),(2,1,NOW()),(5,NULL,NOW()) ON DUPLICATE KEY UPDATE b=NULL", [_null("b")]),
    ("UPDATE t SET b=NULL WHERE a < 3", [_null("b"), _null("b")]),
    ("CREATE TABLE v (b INT NOT NULL) SELECT NULL AS b FROM u", [_null("b")] * 3),
]


def _zero(word: str, text: str, col: str) -> tuple[str, int, str]:
    return ("Warning", 1292, f"Incorrect {word} value: '{text}' for column '{col}' at row 1")


def _oor(col: str, row: int) -> tuple[str, int, str]:
    return ("Warning", 1264, f"Out of range value for column '{col}' at row {row}")


# sql_insert.cc: a SELECT reading the INSERT's own table is buffered in a temporary table
# (OPTION_BUFFER_RESULT; none when the plan is const); its temporal fields check the zero
# dates as any store does, 1292 at row 1, before the rows are inserted.
SELF_INSERT = [
    ("CREATE TABLE t1 (id INT PRIMARY KEY, k INT, d DATE, c_dt DATETIME, KEY(k))", []),
    ("SET sql_mode=''", []),
    ("INSERT INTO t1 VALUES (1, 1, '0000-00-00', '0000-00-00 00:00:00'), (2, 2, '2020-01-01', '0000-00-00 00:00:00'),"
     " (3, 3, '0000-00-00', '2020-01-01 00:00:00'), (4, 4, '2020-00-01', '2020-01-00 00:00:00')", []),
    ("SET sql_mode=DEFAULT", []),
    ("INSERT IGNORE INTO t1 (id, c_dt, d) SELECT id+20, c_dt, d FROM t1 WHERE id < 10",
     [_zero("datetime", "0000-00-00 00:00:00", "c_dt"), _zero("date", "0000-00-00", "d"),
      _zero("datetime", "0000-00-00 00:00:00", "c_dt"), _zero("date", "0000-00-00", "d"),
      _zero("datetime", "2020-01-00 00:00:00", "c_dt"), _zero("date", "2020-00-01", "d"),
      _oor("c_dt", 1), _oor("d", 1), _oor("c_dt", 2), _oor("d", 3), _oor("c_dt", 4), _oor("d", 4)]),
    ("INSERT IGNORE INTO t1 (id, c_dt) SELECT id+30, c_dt FROM t1 WHERE id = 1", [_oor("c_dt", 1)]),
    ("INSERT IGNORE INTO t1 (id, c_dt) SELECT id+40, c_dt FROM t1 WHERE k = 1",
     [_zero("datetime", "0000-00-00 00:00:00", "c_dt"), _oor("c_dt", 1)]),
    ("INSERT IGNORE INTO t1 (id, c_dt) SELECT id+60, c_dt FROM t1 WHERE id < 10 LIMIT 1",
     [_zero("datetime", "0000-00-00 00:00:00", "c_dt"), _oor("c_dt", 1)]),
    ("CREATE TABLE t2 LIKE t1", []),
    ("INSERT IGNORE INTO t2 (id, c_dt) SELECT id, c_dt FROM t1 WHERE id < 3", [_oor("c_dt", 1), _oor("c_dt", 2)]),
]


# The buffer holds the rows sent (LIMIT ends an index-ordered scan early); a filesort buffers
# every row, sorted, before LIMIT.
BUFFER_ROWS = [
    ("CREATE TABLE t (id INT PRIMARY KEY, dt DATETIME, d DATE, n INT) ENGINE=InnoDB", []),
    ("SET sql_mode = ''", []),
    ("INSERT INTO t VALUES (1, '2024-01-01', '2024-01-01', 0), (2, '0000-00-00', '2024-01-01', 0),"
     " (3, '2024-00-05', '2024-01-01', 0), (4, '2024-01-01', '0000-00-00', 0)", []),
    ("SET sql_mode = 'TRADITIONAL'", []),
    ("INSERT INTO t (id, dt) SELECT id + 70, dt FROM t ORDER BY id LIMIT 1", []),
    ("INSERT INTO t (id, dt) SELECT id + 80, dt FROM t ORDER BY id DESC LIMIT 2", []),
    ("INSERT INTO t (id, dt) SELECT id + 90, dt FROM t ORDER BY n, id LIMIT 1",
     [("Error", 1292, "Incorrect datetime value: '0000-00-00 00:00:00' for column 'dt' at row 1")]),
    ("SET sql_mode = DEFAULT", []),
    ("INSERT IGNORE INTO t (id, dt) SELECT id + 100, dt FROM t ORDER BY n, id DESC LIMIT 3",
     [_zero("datetime", "2024-00-05 00:00:00", "dt"), _zero("datetime", "0000-00-00 00:00:00", "dt")]),
    # a filesort's ORDER BY columns outside the select list are hidden columns of the buffer
    ("CREATE TABLE t3 (id DECIMAL(6,2), c_dec DECIMAL(5,2), c_dt DATETIME) ENGINE=MyISAM", []),
    # the "at row N" of INSERT ... SELECT counts the rows sent, not those the WHERE rejected
    ("CREATE TABLE t4 (id INT PRIMARY KEY, n INT, s VARCHAR(10))", []),
    ("INSERT INTO t4 VALUES (1, 1, 'a'), (2, 2, 'b'), (3, 3, 'c'), (4, 4, 'd')", []),
    ("CREATE TABLE t5 (dt DATETIME, i INT)", []),
    ("INSERT IGNORE INTO t5 (dt) SELECT s FROM t4 WHERE n > 2",
     [("Warning", 1265, "Data truncated for column 'dt' at row 1"),
      ("Warning", 1265, "Data truncated for column 'dt' at row 2")]),
    ("INSERT IGNORE INTO t3 (id, c_dec, c_dt) VALUES (8.50, -3.75, 'junk'), (2.00, 42, '2023-01-13 01:30:00')",
     [("Warning", 1265, "Data truncated for column 'c_dt' at row 1")]),
    ("INSERT INTO t3 (id, c_dec, c_dt) SELECT id, id, id FROM t3 ORDER BY c_dt LIMIT 3",
     [("Error", 1292, "Incorrect datetime value: '0000-00-00 00:00:00' for column 'c_dt' at row 1")]),
    ("INSERT IGNORE INTO t3 (id, c_dec) SELECT id, id FROM t3 ORDER BY c_dec, c_dt LIMIT 1",
     [_zero("datetime", "0000-00-00 00:00:00", "c_dt")]),
]

_VALUES_1287 = ("Warning", 1287, "'VALUES function' is deprecated and will be removed in a future release. Please use "
                "an alias (INSERT INTO ... VALUES (...) AS alias) and replace VALUES(col) in the ON DUPLICATE KEY "
                "UPDATE clause with alias.col instead")
# Query_result_insert::store_values: after a failed store, the later columns are not given, an
# ON DUPLICATE KEY UPDATE clause or not
NO_DEFAULT_AFTER_FAILED_STORE = [
    ("CREATE TABLE t1 (id INT NULL UNIQUE, c_dt DATETIME, c_str VARCHAR(6), c_blob BLOB NOT NULL) ENGINE=InnoDB", []),
    ("INSERT INTO t1 (id, c_dt, c_str, c_blob) VALUES (4, '2023-07-14 05:30:00', '', 'x')", []),
    ("CREATE TABLE t2 LIKE t1", []),
    ("INSERT INTO t2 (id, c_dt, c_str, c_blob) SELECT c_blob, id, c_dt, id FROM t1 ON DUPLICATE KEY UPDATE"
     " c_dt = VALUES(c_dt)", [_VALUES_1287, ("Error", 1366, "Incorrect integer value: 'x' for column 'id' at row 1"),
                               ("Error", 1364, "Field 'c_blob' doesn't have a default value")]),
]


def _trunc(col: str, row: int = 1) -> tuple[str, int, str]:
    return ("Warning", 1265, f"Data truncated for column '{col}' at row {row}")


# Field_temporal_with_date::convert_number_to_TIME: a negative number is out of range (1264);
# my_time.cc number_to_datetime: more than 14 digits too; a positive non-date number is 1265.
NUMBER_TO_TEMPORAL = [
    ("CREATE TABLE t (id INT, d DATE, dt DATETIME, ts TIMESTAMP NULL, tm TIME)", []),
    ("INSERT IGNORE INTO t VALUES (1, -4, -4, -4, -4)", [_oor("d", 1), _oor("dt", 1), _oor("ts", 1)]),
    ("INSERT IGNORE INTO t VALUES (2, -4.5, -4.5, -4.5, -4.5)", [_oor("d", 1), _oor("dt", 1), _oor("ts", 1)]),
    ("INSERT IGNORE INTO t VALUES (3, -4e0, -4e0, -4e0, -4e0)", [_oor("d", 1), _oor("dt", 1), _oor("ts", 1)]),
    ("INSERT IGNORE INTO t VALUES (4, '-4', '-4', '-4', '-4')", [_trunc("d"), _trunc("dt"), _trunc("ts")]),
    ("INSERT IGNORE INTO t VALUES (5, 4, 4, 4, 4)", [_trunc("d"), _trunc("dt"), _trunc("ts")]),
    ("INSERT IGNORE INTO t VALUES (8, 99999999999999999, 99999999999999999, 99999999999999999, 99999999999999999)",
     [_oor("d", 1), _oor("dt", 1), _oor("ts", 1), _oor("tm", 1)]),
    ("CREATE TABLE s (i INT, dc DECIMAL(5,2), f DOUBLE)", []),
    ("INSERT INTO s VALUES (-4, -3.75, -1.5), (59, 1.5, 2.5)", []),
    ("INSERT IGNORE INTO t (id, d, dt, ts) SELECT 10, dc, dc, dc FROM s",
     [_oor("d", 1), _oor("dt", 1), _oor("ts", 1), _trunc("d", 2), _trunc("dt", 2), _trunc("ts", 2)]),
    ("UPDATE IGNORE t SET dt = -5 WHERE id = 1", [_oor("dt", 1)]),
    ("INSERT INTO t (id, dt) VALUES (12, -4)",
     [("Error", 1292, "Incorrect datetime value: '-4' for column 'dt' at row 1")]),
]


@pytest.mark.parametrize("vector", [BAD_NULL, SELF_INSERT, BUFFER_ROWS, NO_DEFAULT_AFTER_FAILED_STORE,
                                    NUMBER_TO_TEMPORAL],
                         ids=["bad_null_once_per_insert", "self_insert_buffer_zero_dates", "self_insert_buffer_rows",
                              "no_default_after_failed_store_odku", "number_to_temporal"])
def test_field_store_warnings_as_mysql_97(vector: list, tmp_path: Path) -> None:
    bed = Bed(tmp_path, "mysql-9.7")
    for sql, expected in vector:
        error_code(bed.thd, sql)
        assert show_warnings(bed.thd) == expected, sql


# sp_head.cc execute_function: the arguments go into the parameters' fields (the caller's
# sql_mode), the RETURN value into a field of the declared type (the routine's sql_mode).
ROUTINE_VALUES = [
    ("CREATE FUNCTION f_pure(x INT) RETURNS INT DETERMINISTIC RETURN x * 3", []),
    ("SET sql_mode=''", []),
    ("CREATE FUNCTION f_loose(x INT) RETURNS INT DETERMINISTIC RETURN x * 3", []),
    ("SET sql_mode=DEFAULT", []),
    ("CREATE TABLE t3 (id INT, c_int BIGINT, c_str VARCHAR(20))", []),
    ("INSERT INTO t3 VALUES (1, 5, 'b'), (2, 2000000000, 'a'), (3, 1, 'a')", []),
    ("UPDATE t3 SET c_int = f_pure(c_int) WHERE c_str = 'a'",
     [("Error", 1264, "Out of range value for column 'f_pure' at row 1")]),
    ("INSERT IGNORE INTO t3 (id, c_int) VALUES (4, f_pure(2000000000))",
     [("Error", 1264, "Out of range value for column 'f_pure' at row 1")]),
    ("INSERT INTO t3 (id, c_int) VALUES (8, f_loose(2000000000))",
     [("Warning", 1264, "Out of range value for column 'f_loose' at row 1")]),
    ("SELECT f_pure('a')", [("Error", 1366, "Incorrect integer value: 'a' for column 'x' at row 1")]),
]


def test_stored_function_values_as_mysql_97(tmp_path: Path) -> None:
    bed = Bed(tmp_path, "mysql-9.7")
    for sql, expected in ROUTINE_VALUES:
        error_code(bed.thd, sql)
        assert show_warnings(bed.thd) == expected, sql
    assert bed.thd.execute("SELECT c_int FROM t3 WHERE id = 8").rows == [[2147483647]]
