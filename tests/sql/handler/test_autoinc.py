"""harness/sql/handler/autoinc.py: auto-increment values as MariaDB 10.11.19 hands them out.

Expected ids are the real server's (workloads/server_observed.wl, case
s002_autoinc_intervals, compares the same sequence with MariaDB in every format).
"""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def ids(s, table: str) -> list[int]:  # type: ignore[no-untyped-def]
    return [r[0] for r in s.execute(f"SELECT id FROM {table} ORDER BY id").rows]


@pytest.fixture
def s(bed: Bed):  # type: ignore[no-untyped-def]
    thd = bed.session("ROW")
    for engine, name in (("InnoDB", "ti"), ("MyISAM", "tm")):
        thd.execute(f"CREATE TABLE {name} (id INT AUTO_INCREMENT PRIMARY KEY, k INT, UNIQUE KEY (k)) ENGINE={engine}")
    thd.execute("CREATE TABLE src (a INT) ENGINE=InnoDB")
    thd.execute("INSERT INTO src VALUES (1),(2),(3),(4),(5)")
    return thd


def test_innodb_insert_select_reserves_1_2_4(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("INSERT INTO ti (k) SELECT a FROM src")  # intervals 1 | 2 | 4: uses 1..5, reserves up to 7
    s.execute("INSERT INTO ti (k) VALUES (100)")
    assert ids(s, "ti") == [1, 2, 3, 4, 5, 8]


def test_innodb_multi_row_values_and_an_explicit_id(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("INSERT INTO ti (id, k) VALUES (NULL, 1), (50, 2), (NULL, 3)")
    s.execute("INSERT INTO ti (k) VALUES (4)")
    assert ids(s, "ti") == [1, 50, 51, 52]


def test_failed_rows_use_up_innodb_values_but_not_myisam_ones(s) -> None:  # type: ignore[no-untyped-def]
    for t in ("ti", "tm"):
        s.execute(f"INSERT INTO {t} (k) VALUES (1)")
        with pytest.raises(ServerError):
            s.execute(f"INSERT INTO {t} (k) VALUES (1)")
        s.execute(f"INSERT INTO {t} (k) VALUES (1) ON DUPLICATE KEY UPDATE k = k")
        s.execute(f"INSERT IGNORE INTO {t} (k) VALUES (1), (2)")  # the skipped row hands its value on
        s.execute(f"INSERT INTO {t} (k) VALUES (3)")
    assert ids(s, "ti") == [1, 4, 6]
    assert ids(s, "tm") == [1, 2, 3]


def test_a_before_insert_trigger_sees_the_auto_increment_column_before_it_is_generated(bed: Bed) -> None:
    """handler::update_auto_increment runs in write_row, after the BEFORE INSERT triggers:
    NEW.id is 0 for an omitted column and NULL for an explicit NULL; the row still gets
    its generated value."""
    s = bed.session()
    s.execute("CREATE TABLE t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c INT) ENGINE=InnoDB")
    s.execute("CREATE TABLE seen (v INT) ENGINE=InnoDB")
    s.execute("CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW INSERT INTO seen VALUES (NEW.id)")
    s.execute("INSERT INTO t (c) VALUES (1), (2)")
    s.execute("INSERT INTO t VALUES (NULL, 3), (0, 4), (20, 5)")
    assert s.execute("SELECT v FROM seen").rows == [[0], [0], [None], [0], [20]]
    assert s.execute("SELECT id FROM t").rows == [[1], [2], [3], [4], [20]]


def test_a_row_failing_in_its_before_trigger_leaves_the_innodb_counter(s) -> None:  # type: ignore[no-untyped-def]
    from harness.sql.sql_errors import ServerError
    s.execute("SET sql_mode = 'STRICT_ALL_TABLES'")
    s.execute("CREATE TRIGGER tr BEFORE INSERT ON ti FOR EACH ROW SET NEW.k = NEW.k + 2147483647")
    with pytest.raises(ServerError):
        s.execute("INSERT INTO ti (k) VALUES (5), (6)")  # the server never generated the values
    s.execute("INSERT INTO ti (k) VALUES (-2147483647)")
    assert ids(s, "ti") == [1]


def test_an_odku_row_hands_its_value_to_the_next_row(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("INSERT INTO ti (k) VALUES (1), (2)")
    s.execute("INSERT INTO ti (k) VALUES (1), (3) ON DUPLICATE KEY UPDATE k = k")
    assert ids(s, "ti") == [1, 2, 3]
