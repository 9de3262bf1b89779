"""What the range optimizer decides before a single-table UPDATE/DELETE reads a row:
an impossible WHERE (nothing logged) and the index a range is read through (the
order of the rows events). workloads/fidelity_logging.wl compares the same
statements with MariaDB 10.11."""

from __future__ import annotations

from typing import Any

import pytest

from harness.sql.opt.range_opt import const_true, impossible_where, index_scan_chosen, range_keys
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parser import parse
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


@pytest.fixture
def s(bed: Bed):  # type: ignore[no-untyped-def]
    thd = bed.session("STATEMENT")
    thd.execute("CREATE TABLE m0 (id INT NOT NULL UNIQUE, a INT, b INT, KEY(b)) ENGINE=MyISAM")
    thd.execute("CREATE TABLE i0 (id INT NOT NULL UNIQUE, a INT) ENGINE=InnoDB")
    thd.execute("CREATE TABLE m1 (id INT NOT NULL UNIQUE, a INT, c INT NOT NULL, d DATETIME NOT NULL, "
                "s VARCHAR(5), KEY(d), KEY(s)) ENGINE=MyISAM")
    thd.execute("INSERT INTO m1 VALUES (1, 1, 1, '2020-01-01', 'a'), (2, 2, 2, '2020-01-02', 'b')")
    thd.bed = bed  # type: ignore[attr-defined]
    bed.state.binlog.reset()
    return thd


def _where(thd: Any, sql: str) -> tuple[Any, str, A.Expr | None]:
    st = parse(sql)
    assert isinstance(st, (A.Update, A.Delete))
    ref = st.tables[0]
    return thd.open_table(ref.table), ref.ref_name, st.where


@pytest.mark.parametrize("sql, impossible", [
    ("UPDATE m1 SET a = 0 WHERE 1 = 0", True),
    ("UPDATE m1 SET a = 0 WHERE NULL", True),
    ("UPDATE m1 SET a = 0 WHERE id = 1 OR 1 = 0", False),          # the OR is not folded
    ("UPDATE m1 SET a = 0 WHERE id IS NULL", True),                # NOT NULL key column
    ("UPDATE m1 SET a = 0 WHERE c IS NULL", False),                # NOT NULL, but no index
    ("UPDATE m1 SET a = 0 WHERE d IS NULL", False),                # DATETIME NOT NULL: zero dates match
    ("UPDATE m1 SET a = 0 WHERE s = NULL", True),
    ("UPDATE m1 SET a = 0 WHERE a = NULL", False),
    ("UPDATE m1 SET a = 0 WHERE id > 5 AND id < 3", True),
    ("UPDATE m1 SET a = 0 WHERE id >= 3 AND id <= 3", False),
    ("UPDATE m1 SET a = 0 WHERE id BETWEEN 5 AND 2", True),
    ("UPDATE m1 SET a = 0 WHERE id IN (1, 2) AND id > 3", True),
    ("UPDATE m1 SET a = 0 WHERE a > 5 AND a < 3", False),          # no index on a
    ("DELETE FROM m0 WHERE id IN (6, 4)", True),                    # empty MyISAM, key range
    ("DELETE FROM m0 WHERE b > 1", True),
    ("DELETE FROM m0 WHERE a = 6", False),                          # no key to range over
    ("DELETE FROM i0 WHERE id = 6", False),                         # InnoDB never estimates 0 rows
])
def test_impossible_where(s, sql: str, impossible: bool) -> None:  # type: ignore[no-untyped-def]
    assert impossible_where(*_where(s, sql)) is impossible


def test_impossible_where_logs_nothing_where_an_empty_match_is_logged(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("UPDATE m1 SET a = 5 WHERE id IS NULL")
    s.execute("UPDATE m1 SET a = 6 WHERE c IS NULL")
    queries = [info for kind, info in s.bed.events() if kind == "Query" and "UPDATE" in info]
    assert len(queries) == 1 and "c IS NULL" in queries[0]


@pytest.mark.parametrize("sql, true", [
    ("DELETE FROM m1", True), ("DELETE FROM m1 WHERE 1", True), ("DELETE FROM m1 WHERE 1 = 1", True),
    ("DELETE FROM m1 WHERE 2 > 1 AND 1", True), ("DELETE FROM m1 WHERE 1 = 0", False),
    ("DELETE FROM m1 WHERE id = id", False),
])
def test_const_true(s, sql: str, true: bool) -> None:  # type: ignore[no-untyped-def]
    assert const_true(_where(s, sql)[2]) is true


def test_range_keys_need_a_usable_first_column(s) -> None:  # type: ignore[no-untyped-def]
    t, name, where = _where(s, "UPDATE m1 SET a = 0 WHERE s = 1 AND id > 1 AND a < 3")
    assert [k.name for k, _conds in range_keys(t, name, where)] == ["id"]  # s = 1 compares numbers


@pytest.mark.parametrize("engine, n, k, index", [
    ("MyISAM", 2, 2, True), ("MyISAM", 4, 3, True), ("MyISAM", 4, 4, False), ("MyISAM", 6, 4, True),
    ("MyISAM", 6, 5, False), ("MyISAM", 10, 4, True), ("MyISAM", 10, 5, False),
    ("InnoDB", 3, 2, True), ("InnoDB", 3, 3, False), ("InnoDB", 5, 3, True), ("InnoDB", 5, 4, False),
    ("InnoDB", 6, 4, True), ("InnoDB", 6, 5, False),
])
def test_index_scan_chosen(s, engine: str, n: int, k: int, index: bool) -> None:  # type: ignore[no-untyped-def]
    t = s.open_table(A.TableName("m1" if engine == "MyISAM" else "i0"))
    assert index_scan_chosen(t, n, k) is index


def test_isnull_matches_the_zero_date_of_a_not_null_date_column(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("INSERT IGNORE INTO m1 VALUES (3, 3, 3, '2024-13-01', 'c')")  # stored as the zero date
    assert [r[0] for r in s.execute("SELECT id FROM m1 WHERE d IS NULL").rows] == [3]
    assert len(s.execute("SELECT id FROM m1 WHERE d IS NOT NULL").rows) == 3


def test_update_past_the_counter_raises_it(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("CREATE TABLE ai (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, a INT) ENGINE=MyISAM")
    s.execute("INSERT INTO ai (a) VALUES (1), (2)")
    s.execute("UPDATE ai SET id = 10 WHERE id = 1")
    s.execute("UPDATE ai SET id = 5 WHERE id = 10")
    s.execute("INSERT INTO ai (a) VALUES (3)")
    assert sorted(int(r[0]) for r in s.execute("SELECT id FROM ai").rows) == [2, 5, 11]


def test_insert_select_writes_a_secondary_range_in_index_order(bed: Bed) -> None:
    """The SELECT's rows go out as the access path reads them (index order for a range)."""
    s = bed.session("ROW")
    s.execute("CREATE TABLE src (c DATETIME UNIQUE, n INT) ENGINE=MyISAM")
    s.execute("INSERT INTO src VALUES ('2024-01-05 10:00:00', 97), ('2024-01-02 10:00:00', 47), "
              "('2023-12-30 10:00:00', 1)")
    s.execute("CREATE TABLE dst (n INT, id INT AUTO_INCREMENT PRIMARY KEY) ENGINE=MyISAM")
    s.execute("INSERT INTO dst (n) SELECT n FROM src WHERE c > '2024-01-01 10:00:00'")
    assert s.execute("SELECT n, id FROM dst").rows == [[47, 1], [97, 2]]


_FOLDED = ["DELETE FROM t1 WHERE c_dec = 1234.5", "UPDATE t1 SET c_int = 1 WHERE c_int = 2147483648",
           "UPDATE t1 SET c_int = 1 WHERE c_int = 1.5", "UPDATE t1 SET c_int = 1 WHERE c_dec = 1.005",
           "UPDATE t1 SET c_int = 1 WHERE c_dec > 1000", "UPDATE t1 SET c_int = 1 WHERE u < -1",
           "UPDATE t1 SET c_int = 1 WHERE u = 256"]
_NOT_FOLDED = ["UPDATE t1 SET c_int = 2 WHERE c_dec < 1000", "UPDATE t1 SET c_int = 3 WHERE c_int <> 2147483648",
               "UPDATE t1 SET c_int = 4 WHERE c_dec = 999.99"]


@pytest.mark.parametrize("flavor,logged", [("mysql-9.7", _NOT_FOLDED), ("mariadb-10.11", _FOLDED + _NOT_FOLDED)])
def test_a_number_the_column_cannot_hold_folds_the_where(tmp_path, flavor: str, logged: list[str]) -> None:
    """MySQL's constant folding (range_opt.folds_to_false) makes these WHEREs impossible before
    a row is read, indexed column or not: not logged (9.7.4 recorded, STATEMENT); MariaDB
    reads the rows and logs each statement."""
    from tests.model.flavors._probe import Bed as FlavorBed
    b = FlavorBed(tmp_path, flavor)
    b.thd.execute("SET SESSION binlog_format = 'STATEMENT'")
    b.thd.execute("CREATE TABLE t1 (id INT PRIMARY KEY, c_int INT, c_dec DECIMAL(5,2), u TINYINT UNSIGNED) "
                  "ENGINE=MyISAM")
    b.thd.execute("INSERT INTO t1 VALUES (1, 5, 1.5, 3), (2, 7, 2.25, 4)")
    for sql in _FOLDED + _NOT_FOLDED:
        b.thd.execute(sql)
    texts = [e.query for e, _codes in b.query_events()]
    assert [q for q in texts if q.startswith(("UPDATE", "DELETE"))] == logged
