"""MySQL 9.7's join plan where it decides a multi-table statement's conversions
(docs/RULES-mysql-9.7.md, "join plan"): every expected outcome is what 9.7.4 answered to
the same statements (probed against the real server, strict sql_mode unless set)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.model.flavors._probe import Bed, show_warnings


@pytest.fixture
def bed(tmp_path: Any) -> Bed:
    b = Bed(tmp_path, "mysql-9.7")
    b.thd.execute("SET sql_mode = 'STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO'")
    return b


def _run(bed: Bed, *sql: str) -> tuple[int, list[tuple[Any, ...]]]:
    for s in sql[:-1]:
        bed.thd.execute(s)
    try:
        bed.thd.execute(sql[-1])
        code = 0
    except Exception as exc:  # noqa: BLE001 - the server error is what is asserted
        code = int(getattr(exc, "code", -1))
    return code, [w[1:] for w in show_warnings(bed.thd)]


def test_system_datetime_looked_up_in_an_int_key_is_quiet(bed: Bed) -> None:
    # the one-row MyISAM table is const; its DATETIME stored into i's PRIMARY (store_key,
    # CHECK_FIELD_IGNORE) finds nothing: "Zero rows (no matching row in const table)"
    assert _run(bed, "CREATE TABLE d (id DATETIME NOT NULL UNIQUE, c INT) ENGINE=MyISAM",
                "INSERT INTO d VALUES ('2024-01-09 10:00:00', 51)",
                "CREATE TABLE i (id INT NOT NULL PRIMARY KEY, c INT) ENGINE=InnoDB",
                "INSERT INTO i VALUES (1, 1), (2, 1)",
                "DELETE a FROM i a JOIN d b ON a.id = b.id WHERE 1 = 1") == (0, [])
    assert _run(bed, "UPDATE i a, d b SET a.c = 2 WHERE a.id = b.id") == (0, [])


def test_system_decimal_against_a_datetime_key_compares_as_numbers(bed: Bed) -> None:
    # a DATETIME key cannot be looked up by a DECIMAL (1739): scanned, compared as doubles
    assert _run(bed, "CREATE TABLE s (id DECIMAL(6,2), c INT) ENGINE=MyISAM",
                "INSERT INTO s VALUES (1.5, 1)",
                "CREATE TABLE k (id DATETIME NOT NULL UNIQUE, c INT) ENGINE=InnoDB",
                "INSERT INTO k (id) VALUES ('2024-01-09 10:00:00'), ('2024-01-10 00:00:00')",
                "DELETE b FROM s a JOIN k b ON b.id = a.id") == (0, [])
    # an INT is looked up: stored into the DATETIME key, 1292 fails the strict statement
    assert _run(bed, "CREATE TABLE n (id INT, c INT) ENGINE=MyISAM", "INSERT INTO n VALUES (7, 1)",
                "DELETE b FROM n a JOIN k b ON a.id = b.id") == \
        (1292, [(1292, "Incorrect datetime value: '7' for column 'id' at row 1")])


def test_an_empty_const_table_empties_the_join(bed: Bed) -> None:
    assert _run(bed, "CREATE TABLE s1 (id VARCHAR(10) NOT NULL PRIMARY KEY, c INT) ENGINE=MyISAM",
                "CREATE TABLE e (id DECIMAL(6,2) NULL UNIQUE, c INT) ENGINE=MyISAM",
                "INSERT INTO s1 VALUES ('k1', 1)",
                "DELETE b FROM s1 a JOIN e b ON a.id = b.id") == (0, [])


def test_fewer_rows_first_then_a_lookup(bed: Bed) -> None:
    # s3 (3 rows) is read first and ni's PRIMARY looked up by each string: quiet
    assert _run(bed, "SET sql_mode = ''",
                "CREATE TABLE s3 (id VARCHAR(10), c INT) ENGINE=MyISAM",
                "INSERT INTO s3 VALUES ('k5', 1), ('k6', 1), ('k7', 1)",
                "CREATE TABLE ni (id INT NOT NULL PRIMARY KEY, c INT) ENGINE=InnoDB",
                "INSERT INTO ni VALUES (10, 1), (11, 1), (12, 1), (13, 1)",
                "UPDATE ni b, s3 a SET b.c = 2 WHERE b.id = a.id") == (0, [])


def test_fewer_rows_first_stores_into_a_datetime_key(bed: Bed) -> None:
    # i (2 rows) first, dk's DATETIME key looked up by 3: the store fails the strict UPDATE
    assert _run(bed, "CREATE TABLE i (id INT NOT NULL PRIMARY KEY, c INT) ENGINE=InnoDB",
                "INSERT INTO i VALUES (3, 1), (4, 1)",
                "CREATE TABLE dk (id DATETIME UNIQUE, c INT) ENGINE=InnoDB",
                "INSERT INTO dk VALUES ('2024-01-01 10:00:00', 1), ('2024-01-02 10:00:00', 1), "
                "('2024-01-03 10:00:00', 1)",
                "UPDATE i a, dk b SET a.c = 2 WHERE b.id = a.id") == \
        (1292, [(1292, "Incorrect datetime value: '3' for column 'id' at row 1")])


def test_a_filtered_first_table_scans_the_other(bed: Bed) -> None:
    # k's IS NULL filter leaves it 1 estimated row: read first, s scanned (a string key is not
    # looked up by a number), each of s's strings compared as a double
    assert _run(bed, "SET sql_mode = ''",
                "CREATE TABLE k (id INT NULL UNIQUE, c_blob BLOB) ENGINE=MyISAM",
                "CREATE TABLE s (id VARCHAR(10) NULL UNIQUE, c_blob BLOB) ENGINE=MyISAM",
                "INSERT INTO k VALUES (3, NULL), (7, 'x')",
                "INSERT INTO s VALUES ('k9', NULL), ('u', 'y')",
                "DELETE b FROM k a JOIN s b ON a.id = b.id WHERE a.c_blob IS NULL") == \
        (0, [(1292, "Truncated incorrect DOUBLE value: 'k9'"), (1292, "Truncated incorrect DOUBLE value: 'u'")])


def test_rows_compared_with_a_const_datetime_compare_as_numbers(bed: Bed) -> None:
    # fuzz seed 11971 case 70: t1 is a one-row MyISAM table (const) keyed on its DATETIME; each
    # of t2's INT ids is compared with that constant as doubles, never stored into t1's key
    assert _run(bed, "CREATE TABLE t1 (id DATETIME NULL UNIQUE, c INT) ENGINE=MyISAM",
                "INSERT INTO t1 VALUES ('2024-01-04 10:00:00', 1)",
                "CREATE TABLE t2 (id INT, c_dt DATETIME) ENGINE=InnoDB",
                "INSERT INTO t2 VALUES (5, NULL), (8, NULL), (6, NULL)",
                "UPDATE t2 a, t1 b SET a.c_dt = b.id WHERE a.id = b.id") == (0, [])


def test_a_string_column_against_a_datetime_column_warns_as_a_cast(bed: Bed) -> None:
    # cast(a.id as datetime(6)) = b.id: the CAST's 1292 names no column; d (2 rows) is read
    # first and s scanned per row, the NULL row too (the left operand is evaluated first)
    assert _run(bed, "SET sql_mode = ''",
                "CREATE TABLE s (id VARCHAR(10) NOT NULL UNIQUE, c INT) ENGINE=InnoDB",
                "CREATE TABLE d (id DATETIME NULL, c INT) ENGINE=MyISAM",
                "INSERT INTO s VALUES ('k5', 1), ('k8', 1), ('k4', 1)",
                "INSERT INTO d VALUES ('2024-01-08 10:00:00', 1), (NULL, 1)",
                "DELETE a FROM s a JOIN d b ON a.id = b.id") == \
        (0, [(1292, f"Incorrect datetime value: '{v}'") for v in ("k4", "k5", "k8") * 2])


def test_multi_update_1105_follows_the_statement_binlog_write(bed: Bed) -> None:
    # t2 (InnoDB) is read first, t1 (MyISAM, equal rows) looked up and updated afterwards: its
    # 1062 is do_updates', send_eof writes the statement (1592 in STATEMENT) and then raises 1105
    code, warnings = _run(bed, "SET binlog_format = STATEMENT",
                          "CREATE TABLE t1 (a INT NOT NULL AUTO_INCREMENT, b INT, PRIMARY KEY (a)) ENGINE=MyISAM",
                          "CREATE TABLE t2 (a INT NOT NULL AUTO_INCREMENT, b INT, PRIMARY KEY (a)) ENGINE=InnoDB",
                          "INSERT INTO t1 VALUES (1,2),(3,4),(4,4)", "INSERT INTO t2 VALUES (1,2),(3,4),(4,4)",
                          "UPDATE t1,t2 SET t1.a=t1.b WHERE t2.a=t1.a")
    assert code == 1062 and [w[0] for w in warnings] == [1062, 1592, 1105, 1196]


def test_first_table_updated_on_the_fly_whatever_the_set_reads(bed: Bed) -> None:
    # 9.7.4: `Update t1 (immediate), t2 (buffered)`; t2's values are computed after t1's
    # new row when t1 is listed first (5 + id), before it in the same join row when t2 is
    setup = ("CREATE TABLE t1 (id INT PRIMARY KEY, a INT) ENGINE=InnoDB",
             "CREATE TABLE t2 (id INT PRIMARY KEY, k INT, b INT) ENGINE=InnoDB",
             "INSERT INTO t1 VALUES (1,10),(2,20)",
             "INSERT INTO t2 VALUES (1,2,100),(2,1,200),(3,2,300),(4,1,400)")
    assert _run(bed, *setup, "UPDATE t1, t2 SET t1.a = 5, t2.b = t1.a + t2.id WHERE t1.id = t2.k") == (0, [])
    assert [tuple(r) for r in bed.thd.execute("SELECT * FROM t2").rows] == [(1, 2, 6), (2, 1, 7), (3, 2, 8), (4, 1, 9)]
    assert _run(bed, "UPDATE t1 SET a = id * 10", "UPDATE t2, t1 SET t1.a = 5, t2.b = t1.a WHERE t1.id = t2.k") == (0, [])
    assert [tuple(r) for r in bed.thd.execute("SELECT * FROM t2").rows] == [(1, 2, 20), (2, 1, 10), (3, 2, 5), (4, 1, 5)]


def test_right_join_is_turned_into_a_left_join_of_the_swapped_tables(bed: Bed) -> None:
    # Query_block::convert_right_join: t2 becomes the first table of the statement, updated on
    # the fly; t1 (buffered) reads t2's new b
    assert _run(bed, "SET binlog_format = ROW", "CREATE TABLE t1 (id INT PRIMARY KEY, a INT) ENGINE=InnoDB",
                "CREATE TABLE t2 (id INT PRIMARY KEY, b INT) ENGINE=InnoDB",
                "INSERT INTO t1 VALUES (1,10),(2,20),(3,30)", "INSERT INTO t2 VALUES (3,9),(1,9),(2,9)",
                "UPDATE t1 RIGHT JOIN t2 ON t1.id = t2.id SET t1.a = t2.b, t2.b = t2.b + 1") == (0, [])
    assert [tuple(r) for r in bed.thd.execute("SELECT * FROM t1").rows] == [(1, 10), (2, 10), (3, 10)]
    maps = [e.event.table for e in bed.entries() if type(e.event).__name__ == "TableMapEvent"]
    assert maps[-2:] == ["t2", "t1"]


def test_multi_delete_deletes_const_tables_immediately(bed: Bed) -> None:
    # "Delete from t1 (immediate), t2 (immediate)": per join row, in the DELETE list's order
    _run(bed, "SET binlog_format = ROW", "CREATE TABLE t1 (id INT PRIMARY KEY, a INT) ENGINE=InnoDB",
         "CREATE TABLE t2 (id INT PRIMARY KEY, b INT) ENGINE=InnoDB",
         "INSERT INTO t1 VALUES (1,10),(2,20),(3,30)", "INSERT INTO t2 VALUES (1,100),(2,200),(3,300)",
         "DELETE t1, t2 FROM t1, t2 WHERE t2.id = 2 AND t1.id > 1")
    deleted = [[list(r.before) for r in e.event.rows] for e in bed.entries()
               if type(e.event).__name__ == "DeleteRowsEvent"]
    assert deleted == [[[2, 20]], [[2, 200]], [[3, 30]]]
