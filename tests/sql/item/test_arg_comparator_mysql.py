"""MySQL 9.7's conversion of a string against a DATETIME trigger field (or a DATETIME
column against a string one) inside a trigger's sub-statement
(harness/sql/item/arg_comparator_mysql.py _trigger_datetime). Golden vectors recorded
from MySQL 9.7.4 (strict sql_mode, the statements below, SHOW WARNINGS after each)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from decimal import Decimal
from typing import Any

import pytest

from tests.model.flavors._probe import Bed, error_code, show_warnings

SETUP_STRING_COLUMN = [
    "CREATE TABLE t1 (id INT PRIMARY KEY, c1 DATETIME, u INT) ENGINE=InnoDB",
    "CREATE TABLE t2 (c2 VARCHAR(10), n INT) ENGINE=InnoDB",
    "CREATE TABLE t3 (n INT) ENGINE=InnoDB",
    "CREATE TABLE t4 (c2 VARCHAR(10), n INT) ENGINE=MyISAM",
    "INSERT INTO t1 VALUES (1, '2024-03-04 00:00:00', 0), (2, '2024-03-04 00:00:00', 0)",
    "INSERT INTO t2 VALUES ('2024-01-01', 0), ('2023-01-01', 1), ('x1', 2)",
    "INSERT INTO t4 VALUES ('x1', 2)",
]

SETUP_DATETIME_COLUMN = [
    "CREATE TABLE t1 (id INT PRIMARY KEY, c1 VARCHAR(10), u INT) ENGINE=InnoDB",
    "CREATE TABLE t2 (c2 DATETIME, n INT) ENGINE=InnoDB",
    "CREATE TABLE t5 (c2 DATETIME UNIQUE, n INT) ENGINE=InnoDB",
    "CREATE TABLE t3 (n INT) ENGINE=InnoDB",
    "INSERT INTO t1 VALUES (1, 'x1', 0)",
    "INSERT INTO t2 VALUES ('2024-01-01', 0), ('2023-01-01', 1)",
    "INSERT INTO t5 VALUES ('2024-01-01', 0), ('2023-01-01', 1)",
]

NAMED = "Incorrect datetime value: 'x1' for column '{}' at row {}"

# (setup, trigger body, the UPDATE's SHOW WARNINGS on 9.7.4)
CASES = [
    # single-table UPDATE: the DATETIME side (NEW.c1) named, at the sub-statement's row read
    (SETUP_STRING_COLUMN, "UPDATE t2 SET n = n + 1 WHERE c2 <> NEW.c1", [("Error", 1292, NAMED.format("c1", 3))]),
    # single-table DELETE: at row 1
    (SETUP_STRING_COLUMN, "DELETE FROM t2 WHERE c2 <> NEW.c1", [("Error", 1292, NAMED.format("c1", 1))]),
    # a JOIN: NEW.c1 is an Item_cache without a name
    (SETUP_STRING_COLUMN, "DELETE t2 FROM t2, t1 WHERE c2 <> NEW.c1",
     [("Error", 1292, "Truncated incorrect datetime value: 'x1'")]),
    (SETUP_STRING_COLUMN, "INSERT INTO t3 SELECT n FROM t2 WHERE c2 = NEW.c1",
     [("Error", 1292, "Truncated incorrect datetime value: 'x1'")]),
    # ... but a one-row MyISAM table is read as a constant before the caching
    (SETUP_STRING_COLUMN, "INSERT INTO t3 SELECT n FROM t4 WHERE c2 <> NEW.c1", [("Error", 1292, NAMED.format("c1", 1))]),
    # a DATETIME column against the string field: the column named
    (SETUP_DATETIME_COLUMN, "UPDATE t2 SET n = n + 1 WHERE c2 <> NEW.c1", [("Error", 1292, NAMED.format("c2", 1))]),
    (SETUP_DATETIME_COLUMN, "INSERT INTO t3 SELECT n FROM t2 WHERE c2 <> NEW.c1", [("Error", 1292, NAMED.format("c2", 1))]),
    # = in a JOIN converts the cached field as a constant: 1525 after the 1292
    (SETUP_DATETIME_COLUMN, "INSERT INTO t3 SELECT n FROM t2 WHERE c2 = NEW.c1 OR n = 1",
     [("Error", 1292, NAMED.format("c2", 1)), ("Error", 1525, "Incorrect DATETIME value: 'x1'")]),
    # ... and the range optimizer's conversion for the column's index, a warning, first
    (SETUP_DATETIME_COLUMN, "INSERT INTO t3 SELECT n FROM t5 WHERE c2 = NEW.c1 OR n = 1",
     [("Warning", 1292, NAMED.format("c2", 1)), ("Error", 1292, NAMED.format("c2", 1)),
      ("Error", 1525, "Incorrect DATETIME value: 'x1'")]),
]


@pytest.mark.parametrize("setup,body,expected", CASES)
def test_trigger_datetime_conversion_matches_mysql_97(setup: list[str], body: str, expected: list[Any]) -> None:
    bed = Bed(Path(tempfile.mkdtemp()), "mysql-9.7")
    for sql in setup:
        bed.thd.execute(sql)
    bed.thd.execute(f"CREATE TRIGGER tr AFTER UPDATE ON t1 FOR EACH ROW {body}")
    assert error_code(bed.thd, "UPDATE t1 SET u = u + 1 WHERE id = 1") == next(c for lv, c, _ in expected if lv == "Error")
    assert [tuple(w) for w in show_warnings(bed.thd)] == expected


_JUNK = [("Error", 1292, "Incorrect datetime value: 'junk' for column 'c_dt' at row 1"),
         ("Error", 1525, "Incorrect DATETIME value: 'junk'")]


@pytest.mark.parametrize("sql,code", [
    ("UPDATE t2 SET id = 3 WHERE c_dt = 'junk'", 1292),
    ("UPDATE t2 SET id = 3 WHERE c_dt = 'junk' ORDER BY id LIMIT 2", 1292),
    ("UPDATE t2 SET id = 3 WHERE c_dt = 'junk' ORDER BY id", 1292),
    ("UPDATE IGNORE t2 SET id = 3 WHERE c_dt = 'junk' ORDER BY id", 1525),
    ("DELETE FROM t2 WHERE c_dt = 'junk' ORDER BY id LIMIT 1", 1292),
])
def test_strict_update_order_by_fails_with_the_constants_1292(sql: str, code: int) -> None:
    """The constant a DATETIME is compared with is converted while the UPDATE is optimized,
    before an ORDER BY's filesort: strict, its 1292 is the statement's error with ORDER BY too
    (9.7.4 probed, fuzz seed 64101; IGNORE: the 1525)."""
    bed = Bed(Path(tempfile.mkdtemp()), "mysql-9.7")
    bed.thd.execute("CREATE TABLE t2 (id INT NULL UNIQUE, c_dt DATETIME) ENGINE=MyISAM")
    bed.thd.execute("INSERT INTO t2 VALUES (1, '2023-06-10 07:30:00'), (2, NULL)")
    bed.thd.execute("SET sql_mode = 'STRICT_ALL_TABLES'")
    assert error_code(bed.thd, sql) == code
    got = [tuple(w) for w in show_warnings(bed.thd)]
    assert [(w[1], w[2]) for w in got] == [(c, m) for _l, c, m in _JUNK]
    if code == 1292:
        assert [w[0] for w in got] == ["Error", "Error"]


@pytest.mark.parametrize("flavor,expected", [
    # 9.7.4 probed: compared as numbers, the DATETIME as YYYYMMDDhhmmss, so only 0.00 meets
    # the zero date and 20240101.00 is not 2024-01-01 00:00:00
    ("mysql-9.7", [[Decimal("0.00")]]),
    # MariaDB compares them as DATETIME: every number that is no date is the zero date
    ("mariadb-10.11", [[Decimal("0.00")], [Decimal("2.50")], [Decimal("4.00")], [Decimal("20240101.00")]]),
])
def test_datetime_column_against_a_number_column(flavor: str, expected: list[Any]) -> None:
    bed = Bed(Path(tempfile.mkdtemp()), flavor)
    for sql in ["SET sql_mode = ''",
                "CREATE TABLE t1 (id DECIMAL(20,2) NOT NULL UNIQUE) ENGINE=InnoDB",
                "INSERT INTO t1 VALUES (2.5), (4), (20240101), (20240101120000), (0)",
                "CREATE TABLE t3 (d DATETIME NOT NULL PRIMARY KEY) ENGINE=InnoDB",
                "INSERT INTO t3 VALUES ('0000-00-00 00:00:00'), ('2024-01-01 00:00:00')"]:
        bed.thd.execute(sql)
    got = bed.thd.execute("SELECT a.id FROM t1 a JOIN t3 b ON a.id = b.d ORDER BY a.id").rows
    assert got == expected
    bed.thd.execute("DELETE a FROM t1 a JOIN t3 b ON a.id = b.d")
    left = bed.thd.execute("SELECT id FROM t1 ORDER BY id").rows
    assert [r for r in [[Decimal("0.00")], [Decimal("2.50")], [Decimal("4.00")], [Decimal("20240101.00")],
                        [Decimal("20240101120000.00")]] if r not in expected] == left
