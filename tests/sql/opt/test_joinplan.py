"""Join order, const tables and outer-join nullability of multi-table UPDATE/DELETE
(workloads/multi_table.wl compares the same statements with MariaDB 10.11)."""

from __future__ import annotations

from typing import Any

import pytest

from harness.binlog.reader import read_binlog_file
from harness.binlog.rows import RowsEvent, TableMapEvent
from harness.sql.item.expr import Scope
from harness.sql.opt.joinplan import plan_join, rejects_nulls, safe_update_on_fly, written_columns_read
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parser import parse
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


@pytest.fixture
def s(bed: Bed):  # type: ignore[no-untyped-def]
    thd = bed.session("ROW")
    thd.execute("CREATE TABLE t1 (id INT PRIMARY KEY, a INT NOT NULL) ENGINE=InnoDB")
    thd.execute("CREATE TABLE t2 (id INT PRIMARY KEY, k INT NOT NULL, b INT NOT NULL) ENGINE=InnoDB")
    thd.execute("CREATE TABLE n1 (id INT PRIMARY KEY, a INT) ENGINE=MyISAM")
    thd.execute("CREATE TABLE n2 (id INT PRIMARY KEY, b INT) ENGINE=MyISAM")
    thd.execute("INSERT INTO t1 VALUES (1,10),(2,20)")
    thd.execute("INSERT INTO t2 VALUES (1,2,100),(2,1,200),(3,2,300),(4,1,400)")
    thd.execute("INSERT INTO n1 VALUES (1,10),(2,20),(3,30)")
    thd.execute("INSERT INTO n2 VALUES (1,100)")
    thd.bed = bed  # type: ignore[attr-defined]
    bed.state.binlog.reset()
    return thd


def _plan(thd: Any, sql: str) -> tuple[Any, A.Update, Scope]:
    st = parse(sql)
    assert isinstance(st, (A.Update, A.Delete))
    tables = [(r.ref_name, thd.open_table(r.table)) for r in st.tables]
    scope = Scope(tables)
    return plan_join(st.tables, tables, st.where, scope), st, scope


def _rows_log(bed: Bed) -> list[tuple[str, list[Any]]]:
    """(table, row ids) per rows event, and ("map:table", null bitmap) per Table_map."""
    maps: dict[int, str] = {}
    out: list[tuple[str, Any]] = []
    for f in bed.state.binlog.files:
        for ev in read_binlog_file(bed.state.binlog.dir / f):
            if isinstance(ev, TableMapEvent):
                maps[ev.table_id] = ev.table
                out.append(("map:" + ev.table, ev.null_bitmap))
            elif isinstance(ev, RowsEvent):
                out.append((maps[ev.table_id], [(r.before or r.after)[0] for r in ev.rows or []]))
    return out


def test_const_table_comes_first(s) -> None:  # type: ignore[no-untyped-def]
    plan, _, _ = _plan(s, "UPDATE t1, t2 SET t1.a = 1, t2.b = 2 WHERE t2.id = 2")
    assert plan.order == [1, 0] and plan.const == {1}


def test_one_row_myisam_table_is_a_system_table(s) -> None:  # type: ignore[no-untyped-def]
    plan, _, _ = _plan(s, "UPDATE n1, n2 SET n1.a = 1, n2.b = 2")
    assert plan.order == [1, 0]


def test_const_binding_propagates_through_the_on_clause(s) -> None:  # type: ignore[no-untyped-def]
    plan, _, _ = _plan(s, "UPDATE t1 LEFT JOIN t2 ON t1.id = t2.id SET t2.b = 1 WHERE t1.id = 2")
    assert plan.const == {0, 1} and plan.maybe_null == set()


def test_outer_join_inner_table_is_maybe_null_unless_where_rejects_nulls(s) -> None:  # type: ignore[no-untyped-def]
    plan, _, _ = _plan(s, "UPDATE t1 LEFT JOIN t2 ON t1.id = t2.id SET t2.b = 1 WHERE t1.a > 0")
    assert plan.maybe_null == {1}
    plan, _, _ = _plan(s, "UPDATE t1 LEFT JOIN t2 ON t1.id = t2.id SET t2.b = 1 WHERE t2.b > 0")
    assert plan.maybe_null == set()
    plan, _, _ = _plan(s, "DELETE t1 FROM t1 RIGHT JOIN t2 ON t1.id = t2.id")
    assert plan.order == [1, 0] and plan.maybe_null == {0}


@pytest.mark.parametrize("where, rejects", [
    ("t2.b > 0", True), ("t2.b IS NOT NULL", True), ("t2.b IS NULL", False), ("t2.b <=> 1", False),
    ("t2.b = 1 OR t1.a = 1", False), ("t2.b = 1 OR t2.k = 2", True), ("t2.b IN (1, 2)", True),
    ("IFNULL(t2.b, 0) = 0", False),
])
def test_rejects_nulls(s, where: str, rejects: bool) -> None:  # type: ignore[no-untyped-def]
    _plan_, st, scope = _plan(s, f"UPDATE t1 LEFT JOIN t2 ON t1.id = t2.id SET t2.b = 1 WHERE {where}")
    assert st.where is not None and rejects_nulls(st.where, 1, scope) is rejects


def test_safe_update_on_fly(s) -> None:  # type: ignore[no-untyped-def]
    plan, st, scope = _plan(s, "UPDATE t1, t2 SET t2.b = t1.a, t1.a = 6 WHERE t1.id = t2.k")
    t1 = s.open_table(A.TableName("t1"))
    assert not safe_update_on_fly(plan, 0, t1, {1}, written_columns_read(st.assignments, 0, scope))
    assert safe_update_on_fly(plan, 0, t1, {1}, set())
    assert not safe_update_on_fly(plan, 0, t1, {0}, set())  # InnoDB: its clustered key
    n1 = s.open_table(A.TableName("n1"))
    assert safe_update_on_fly(plan, 0, n1, {0}, set())  # MyISAM: no clustered index


def test_update_lists_the_on_the_fly_table_first_then_first_reach_order(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("UPDATE t1, t2 SET t1.a = t2.b, t2.b = 1 WHERE t1.id = t2.k")
    rows = [r for r in _rows_log(s.bed) if not r[0].startswith("map:")]
    assert rows == [("t1", [1, 2]), ("t2", [2, 4, 1, 3])]
    assert s.execute("SELECT a FROM t1 ORDER BY id").rows == [[200], [100]]


def test_update_deferred_first_table_keeps_written_order(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("UPDATE t1 RIGHT JOIN t2 ON t1.id = t2.k SET t1.a = 5, t2.b = t2.b + 1")
    assert [r[0] for r in _rows_log(s.bed) if not r[0].startswith("map:")] == ["t1", "t2"]


def test_update_const_first_table_is_read_back_by_later_values(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("UPDATE t1, t2 SET t2.b = 5, t1.a = t2.b WHERE t2.id = 2")
    assert s.execute("SELECT a FROM t1 ORDER BY id").rows == [[200], [5]]


def test_outer_join_table_map_marks_all_columns_nullable(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("UPDATE t1 LEFT JOIN t2 ON t1.id = t2.k SET t1.a = 1, t2.b = 2")
    maps = dict(r for r in _rows_log(s.bed) if r[0].startswith("map:"))
    assert maps == {"map:t1": 0b00, "map:t2": 0b111}


def test_delete_lists_tables_in_join_order_rows_in_scan_order(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("DELETE t1, t2 FROM t2 STRAIGHT_JOIN t1 ON t1.id = t2.k WHERE t2.id > 1")
    rows = [r for r in _rows_log(s.bed) if not r[0].startswith("map:")]
    assert rows == [("t2", [2, 3, 4]), ("t1", [1, 2])]


@pytest.mark.parametrize("ddl, rows, first", [
    # A unique DECIMAL key looked up by the INT column costs less than scanning twice (MyISAM).
    (("id DECIMAL(6,2) NOT NULL UNIQUE", "MyISAM", "id INT", "MyISAM"), ("(8.5, 1), (4, 2)", "(8, 1), (4, 2)"), "b"),
    # Unique keys on both sides, MyISAM: the smaller table is read, the other looked up.
    (("id DECIMAL(6,2) NOT NULL UNIQUE", "MyISAM", "id INT NOT NULL UNIQUE", "MyISAM"),
     ("(2, 1), (5, 1), (4, 1), (8, 1)", "(6, 1), (2, 1)"), "b"),
    # ... and with InnoDB the one with fewer rows comes first.
    (("id DECIMAL(6,2) NOT NULL UNIQUE", "InnoDB", "id INT NOT NULL UNIQUE", "InnoDB"),
     ("(5, 1), (1, 1), (6, 1), (2, 1)", "(7, 1), (1, 1)"), "b"),
    # Equal InnoDB rows, the lookup table second in FROM and deleted: scanned after the other.
    (("id INT", "InnoDB", "id DECIMAL(6,2) NOT NULL UNIQUE", "InnoDB"),
     ("(4, 1), (6, 1), (5, 1), (3, 1), (2, 1)", "(8, 1), (2, 1), (4, 1), (1, 1), (6, 1)"), "a"),
])
def test_a_two_table_delete_lists_the_table_the_plan_reads_first(bed: Bed, ddl: tuple[str, str, str, str],
                                                                 rows: tuple[str, str], first: str) -> None:
    """multi_delete deletes from the first table of the plan while scanning: its rows come
    first (probed with 108 random two-table DELETEs; RULES 5.9)."""
    thd = bed.session("ROW")
    thd.execute(f"CREATE TABLE a ({ddl[0]}, x INT) ENGINE={ddl[1]}")
    thd.execute(f"CREATE TABLE b ({ddl[2]}, y INT) ENGINE={ddl[3]}")
    thd.execute(f"INSERT INTO a VALUES {rows[0]}")
    thd.execute(f"INSERT INTO b VALUES {rows[1]}")
    bed.state.binlog.reset()
    thd.execute("DELETE b, a FROM a JOIN b ON a.id = b.id")
    deleted = [r[0] for r in _rows_log(bed) if not r[0].startswith("map:")]
    assert deleted[0] == first and len(deleted) == 2


@pytest.fixture
def dt(bed: Bed):  # type: ignore[no-untyped-def]
    """One-row tables joined on a DATETIME and a non-temporal key (RULES 5.12.1)."""
    thd = bed.session("ROW")
    thd.execute("SET sql_mode = ''")
    thd.execute("CREATE TABLE v (id VARCHAR(10), c INT) ENGINE=MyISAM")
    thd.execute("CREATE TABLE i (id INT, c INT) ENGINE=InnoDB")
    thd.execute("CREATE TABLE d (id DATETIME, c INT) ENGINE=InnoDB")
    thd.execute("CREATE TABLE dk (id DATETIME UNIQUE, c INT) ENGINE=InnoDB")
    thd.execute("INSERT INTO v VALUES ('k3', 1)")
    thd.execute("INSERT INTO i VALUES (3, 1)")
    thd.execute("INSERT INTO d VALUES ('2024-01-09 10:00:00', 1)")
    thd.execute("INSERT INTO dk VALUES ('2024-01-09 10:00:00', 1)")
    return thd


def _warnings(thd: Any) -> list[tuple[str, int, str]]:
    return [(n.level, n.code, n.message) for n in thd.last_notes]


def test_join_converts_the_non_temporal_value_once_when_both_tables_hold_one_row(dt) -> None:  # type: ignore[no-untyped-def]
    dt.execute("DELETE a FROM d a JOIN v b ON a.id = b.id")
    assert _warnings(dt) == [("Warning", 1292, "Incorrect datetime value: 'k3' for column `test`.`v`.`id` at row 1")]
    dt.execute("UPDATE i a, dk b SET a.c = 2 WHERE b.id = a.id")
    assert _warnings(dt) == [("Warning", 1292, "Incorrect datetime value: '3' for column `test`.`i`.`id` at row 1")]


def test_no_conversion_warning_for_a_const_lookup_or_a_value_that_reads_as_a_datetime(dt) -> None:  # type: ignore[no-untyped-def]
    # a string of a one-row MyISAM table looked up in an InnoDB DATETIME index: no warning
    dt.execute("DELETE a FROM v a JOIN dk b ON b.id = a.id")
    assert _warnings(dt) == []
    dt.execute("INSERT INTO i VALUES (4, 1)")
    dt.execute("INSERT INTO d VALUES ('2024-01-10 10:00:00', 1)")
    # equal row counts and no key: the cost tie keeps the FROM order, each pair compared
    # (probed on MariaDB 10.11: the same four warnings)
    dt.execute("DELETE a FROM i a JOIN d b ON a.id = b.id")
    assert [n.message[26:29] + n.message[-8:] for n in dt.last_notes] == [
        "'3'at row 1", "'3'at row 2", "'4'at row 1", "'4'at row 2"]
    dt.execute("INSERT INTO v VALUES ('2024-01-09', 1)")
    dt.execute("DELETE FROM v WHERE id = 'k3'")
    dt.execute("DELETE a FROM v a JOIN d b ON a.id = b.id")
    assert _warnings(dt) == []


def test_strict_update_stops_on_a_compared_conversion(dt) -> None:  # type: ignore[no-untyped-def]
    from harness.sql.sql_errors import ServerError
    dt.execute("SET sql_mode = 'STRICT_TRANS_TABLES'")
    with pytest.raises(ServerError) as ei:
        dt.execute("UPDATE i a, d b SET a.c = 2 WHERE a.id = b.id")
    assert ei.value.code == 1292
    dt.execute("DELETE a FROM i a JOIN d b ON a.id = b.id")  # a DELETE only warns
    assert [n.code for n in dt.last_notes] == [1292]


def test_is_not_null_on_a_not_null_column_leaves_the_plan_alone(dt) -> None:  # type: ignore[no-untyped-def]
    dt.execute("CREATE TABLE p (id DATETIME NOT NULL PRIMARY KEY, c INT) ENGINE=InnoDB")
    dt.execute("INSERT INTO p VALUES ('2024-01-09 10:00:00', 1)")
    dt.execute("UPDATE i a, p b SET a.c = 2 WHERE b.id = a.id AND b.id IS NOT NULL")
    assert [n.code for n in dt.last_notes] == [1292]  # as without the (constant) condition


def test_the_conversion_check_leaves_name_errors_to_the_join(dt) -> None:  # type: ignore[no-untyped-def]
    from harness.sql.sql_errors import ServerError
    with pytest.raises(ServerError) as ei:
        dt.execute("DELETE a FROM d a JOIN v b ON a.id = b.nosuch")
    assert ei.value.code == 1054 and "'ON'" in ei.value.message


def test_the_smaller_table_is_read_first(dt) -> None:  # type: ignore[no-untyped-def]
    dt.execute("INSERT INTO i VALUES (4, 1)")
    # DATETIME table first (1 row < 2): each pair compared, "at row" of the inner row
    dt.execute("DELETE a FROM i a JOIN d b ON a.id = b.id")
    assert [n.message[-24:] for n in dt.last_notes] == [
        "`test`.`i`.`id` at row 1", "`test`.`i`.`id` at row 2"]
    for v in ("2024-01-10 10:00:00", "2024-01-11 10:00:00"):
        dt.execute(f"INSERT INTO dk VALUES ('{v}', 1)")
    # non-temporal table first (2 rows < 3) with a unique DATETIME index: one lookup per row
    dt.execute("UPDATE i a, dk b SET a.c = 2 WHERE b.id = a.id")
    assert [(n.message[26:29], n.message[-8:]) for n in dt.last_notes] == [("'3'", "at row 1"), ("'4'", "at row 1")]
    # ... without an index: every pair, "at row" of the DATETIME row; strict: the first stops it
    for v in ("2024-01-10 10:00:00", "2024-01-11 10:00:00"):
        dt.execute(f"INSERT INTO d VALUES ('{v}', 1)")
    dt.execute("DELETE a FROM i a JOIN d b ON a.id = b.id")
    assert [n.message[-8:] for n in dt.last_notes] == ["at row 1", "at row 2", "at row 3"] * 2
    dt.execute("SET sql_mode = 'STRICT_ALL_TABLES'")
    dt.execute("UPDATE i a, dk b SET a.c = 2 WHERE b.id = a.id")  # a lookup only warns
    assert len(dt.last_notes) == 2


def test_a_lookup_of_a_clean_datetime_that_finds_nothing_does_not_warn(dt) -> None:  # type: ignore[no-untyped-def]
    dt.execute("INSERT INTO i VALUES (20240105, 1)")
    for v in ("2024-01-10 10:00:00", "2024-01-11 10:00:00"):
        dt.execute(f"INSERT INTO dk VALUES ('{v}', 1)")
    dt.execute("DELETE a FROM i a JOIN dk b ON a.id = b.id")
    assert [n.message[26:29] for n in dt.last_notes] == ["'3'"]
    # the one-row DATETIME table first, each i row compared: only '3' warns (probed)
    dt.execute("DELETE a FROM i a JOIN d b ON a.id = b.id")
    assert [n.message[26:29] for n in dt.last_notes] == ["'3'"]


def test_a_string_number_join_converts_the_strings_as_the_plan_reads_them(dt) -> None:  # type: ignore[no-untyped-def]
    dt.execute("CREATE TABLE s (id VARCHAR(10), c INT) ENGINE=InnoDB")
    dt.execute("INSERT INTO s VALUES ('k3', 1), ('k4', 1)")
    dt.execute("CREATE TABLE n (id INT UNIQUE, c INT) ENGINE=InnoDB")
    dt.execute("INSERT INTO n VALUES (10, 1), (11, 1), (12, 1)")
    dt.execute("DELETE a FROM s a JOIN n b ON a.id = b.id")  # a lookup per string into the INT index
    assert [n.message for n in dt.last_notes] == ["Truncated incorrect INTEGER value: 'k3'",
                                                  "Truncated incorrect INTEGER value: 'k4'"]
    dt.execute("UPDATE n b, s a SET b.c = 2 WHERE b.id = a.id")  # updating the indexed table: every pair
    assert [n.message[-4:] for n in dt.last_notes] == ["'k3'"] * 3 + ["'k4'"] * 3
    assert dt.last_notes[0].message.startswith("Truncated incorrect DECIMAL value")
    dt.execute("INSERT INTO n VALUES (0, 1)")  # 'k3' reads as 0 and finds a row: compared too (probed)
    dt.execute("DELETE a FROM s a JOIN n b ON a.id = b.id")
    assert [n.message for n in dt.last_notes] == [
        "Truncated incorrect INTEGER value: 'k3'", "Truncated incorrect DECIMAL value: 'k3'",
        "Truncated incorrect INTEGER value: 'k4'", "Truncated incorrect DECIMAL value: 'k4'"]


@pytest.fixture
def jp(bed: Bed):  # type: ignore[no-untyped-def]
    """Fuzz-shaped tables for the plan rules of RULES 5.12.2 (each expectation probed on MariaDB 10.11)."""
    thd = bed.session("ROW")
    thd.execute("SET sql_mode = ''")
    return thd


def _texts(thd: Any) -> list[str]:
    return [n.message for n in thd.last_notes]


def test_system_table_lookup_warns_only_as_the_left_operand(jp) -> None:  # type: ignore[no-untyped-def]
    jp.execute("CREATE TABLE one (id VARCHAR(10) NOT NULL UNIQUE, c INT) ENGINE=MyISAM")
    jp.execute("CREATE TABLE k (id INT NOT NULL UNIQUE, c INT) ENGINE=MyISAM")
    jp.execute("INSERT INTO one VALUES ('k7', 1)")
    jp.execute("INSERT INTO k VALUES (1, 1), (2, 1), (6, 1)")
    jp.execute("DELETE b FROM one a JOIN k b ON a.id = b.id")
    assert _texts(jp) == ["Truncated incorrect DECIMAL value: 'k7'"]
    jp.execute("DELETE b FROM k b JOIN one a ON b.id = a.id")
    assert _texts(jp) == []


def test_system_table_lookup_warns_whatever_the_where_says_of_the_system_row(jp) -> None:  # type: ignore[no-untyped-def]
    """Probed on MariaDB 10.11 (fuzz seed 20261129, case 26): the lookup of ``b`` by the
    system row happens while the const tables are read, before the WHERE is evaluated on
    that row, so a false condition on it (a NULL ``c_dt``) still warns; a strict multi-table
    UPDATE fails on it."""
    jp.execute("CREATE TABLE t1 (id DECIMAL(6,2) NOT NULL UNIQUE) ENGINE=InnoDB")
    jp.execute("CREATE TABLE t2 (id VARCHAR(10), c_dt DATETIME) ENGINE=MyISAM")
    jp.execute("INSERT INTO t2 VALUES ('k2', NULL)")
    for stmt in ("DELETE b FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.c_dt = '2023-08-17 08:30:00'",
                 "DELETE a FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.c_dt > '2023-08-17'"):
        jp.execute(stmt)
        assert _texts(jp) == ["Truncated incorrect DOUBLE value: 'k2'"], stmt
    from harness.sql.sql_errors import ServerError
    jp.execute("SET sql_mode = DEFAULT")
    with pytest.raises(ServerError) as e:
        jp.execute("UPDATE t2 a JOIN t1 b ON a.id = b.id SET b.id = 1 WHERE a.c_dt = '2023-08-17 08:30:00'")
    assert e.value.code == 1292


def test_a_scanned_table_is_compared_only_when_the_system_row_passes_its_conditions(jp) -> None:  # type: ignore[no-untyped-def]
    """Probed on MariaDB 10.11 (fuzz seed 20261129, case 82): a string key cannot be looked
    up by the system row's number, so ``t3`` is scanned -- only when the system row passes
    its own conditions, which are evaluated once after the const tables are read."""
    jp.execute("CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_blob BLOB, c INT) ENGINE=MyISAM")
    jp.execute("INSERT INTO t2 VALUES (6, 'x', 3)")
    jp.execute("CREATE TABLE t3 (id VARCHAR(10) NOT NULL PRIMARY KEY) ENGINE=InnoDB")
    jp.execute("INSERT INTO t3 VALUES ('k5'), ('k7')")
    both = ["Truncated incorrect DECIMAL value: 'k5'", "Truncated incorrect DECIMAL value: 'k7'"]
    for where, texts in (("a.c_blob = 'y'", []), ("a.c < 2", []), ("a.c = 3", both), ("a.c_blob = 'x'", both)):
        jp.execute(f"DELETE b FROM t2 a JOIN t3 b ON a.id = b.id WHERE {where}")
        assert _texts(jp) == texts, where


def test_cost_tie_and_lookup_decide_the_plan(jp) -> None:  # type: ignore[no-untyped-def]
    jp.execute("CREATE TABLE s (id VARCHAR(10) NOT NULL PRIMARY KEY, c INT) ENGINE=MyISAM")
    jp.execute("CREATE TABLE u (id DECIMAL(6,2) NULL UNIQUE, c INT) ENGINE=MyISAM")
    jp.execute("CREATE TABLE n (id DECIMAL(6,2), c INT) ENGINE=MyISAM")
    jp.execute("INSERT INTO s VALUES ('k5', 1), ('k2', 1)")
    jp.execute("INSERT INTO u VALUES (3.00, 1), (7.00, 1)")
    jp.execute("INSERT INTO n VALUES (3.00, 1), (7.00, 1)")
    # equal rows: the MyISAM unique key that the string can be looked up in is the inner table
    jp.execute("DELETE a, b FROM u a JOIN s b ON a.id = b.id")
    assert _texts(jp) == ["Truncated incorrect DECIMAL value: 'k5'", "Truncated incorrect DECIMAL value: 'k2'"]
    # no key: the FROM order, every pair compared as DOUBLE
    jp.execute("DELETE a FROM n a JOIN s b ON a.id = b.id")
    assert _texts(jp) == ["Truncated incorrect DOUBLE value: 'k5'", "Truncated incorrect DOUBLE value: 'k2'"] * 2


def test_a_null_left_operand_converts_nothing(jp) -> None:  # type: ignore[no-untyped-def]
    jp.execute("CREATE TABLE i (id INT NULL UNIQUE, c INT) ENGINE=InnoDB")
    jp.execute("CREATE TABLE s (id VARCHAR(10) NOT NULL UNIQUE, c INT) ENGINE=InnoDB")
    jp.execute("INSERT INTO i VALUES (NULL, 1)")
    jp.execute("INSERT INTO s VALUES ('k5', 1), ('k8', 1)")
    jp.execute("UPDATE i a, s b SET a.c = 2 WHERE a.id = b.id")
    assert _texts(jp) == []
    jp.execute("UPDATE s a, i b SET a.c = 2 WHERE a.id = b.id")
    assert _texts(jp) == ["Truncated incorrect DECIMAL value: 'k5'", "Truncated incorrect DECIMAL value: 'k8'"]


def test_strict_update_fails_on_the_first_compared_string(jp) -> None:  # type: ignore[no-untyped-def]
    from harness.sql.sql_errors import ServerError
    jp.execute("CREATE TABLE s (id VARCHAR(10), c INT) ENGINE=InnoDB")
    jp.execute("CREATE TABLE n (id DECIMAL(6,2) NULL UNIQUE, c INT) ENGINE=MyISAM")
    jp.execute("INSERT INTO s VALUES ('k7', 1), ('k4', 1), ('k9', 1)")
    jp.execute("INSERT INTO n VALUES (5.00, 1), (6.00, 1)")
    jp.execute("SET sql_mode = DEFAULT")
    with pytest.raises(ServerError) as ei:
        jp.execute("UPDATE s a, n b SET b.c = 2 WHERE a.id = b.id")
    assert ei.value.code == 1292 and ei.value.message == "Truncated incorrect DOUBLE value: 'k7'"


def test_unmodelled_shapes_are_not_predicted(jp) -> None:  # type: ignore[no-untyped-def]
    jp.execute("CREATE TABLE s (id VARCHAR(10) UNIQUE, c INT) ENGINE=MyISAM")
    jp.execute("CREATE TABLE n (id INT, c INT) ENGINE=MyISAM")
    jp.execute("INSERT INTO s VALUES ('k7', 1), ('k4', 1)")
    jp.execute("INSERT INTO n VALUES (5, 1), (6, 1), (7, 1)")
    from harness.sql.opt.joinplan import join_conversions
    for sql, modelled in (("DELETE a FROM s a JOIN n b ON a.id = b.id", True),
                          ("DELETE a FROM s a JOIN n b ON a.id = b.id WHERE a.id > 'k5'", False),  # a range on the key
                          ("DELETE a FROM s a JOIN n b ON a.id = b.id WHERE b.c = 1", False),  # a condition on the inner table
                          ("DELETE a FROM s a LEFT JOIN n b ON a.id = b.id", False)):
        st = parse(sql)
        assert isinstance(st, A.Delete)
        tables = [(r.ref_name, jp.open_table(r.table)) for r in st.tables]
        conv = join_conversions(st.tables, tables, st.where, Scope(tables), {0}, [st.where])
        assert (conv is not None) == modelled, sql


def test_key_bound_and_empty_constants_evaluate_the_condition_once(jp) -> None:  # type: ignore[no-untyped-def]
    jp.execute("CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c INT) ENGINE=InnoDB")
    jp.execute("CREATE TABLE one (id VARCHAR(10) NULL UNIQUE, c INT) ENGINE=MyISAM")
    jp.execute("CREATE TABLE s1 (id VARCHAR(10) NOT NULL PRIMARY KEY, c INT) ENGINE=MyISAM")
    jp.execute("CREATE TABLE e (id DECIMAL(6,2) NULL UNIQUE, c INT) ENGINE=MyISAM")
    jp.execute("INSERT INTO t1 VALUES (1, 1), (4, 1), (9, 1)")
    jp.execute("INSERT INTO one VALUES ('k5', 1)")
    jp.execute("INSERT INTO s1 VALUES ('k1', 1)")
    jp.execute("DELETE a, b FROM t1 a JOIN one b ON a.id = b.id WHERE a.id = 1")
    assert _texts(jp) == ["Truncated incorrect DECIMAL value: 'k5'"]
    jp.execute("DELETE a, b FROM t1 a JOIN one b ON a.id = b.id WHERE a.id = 2")  # no row: NULL on the left
    assert _texts(jp) == []
    jp.execute("DELETE b FROM s1 a JOIN e b ON a.id = b.id")  # an empty system table on the right
    assert _texts(jp) == ["Truncated incorrect DOUBLE value: 'k1'"]
    jp.execute("DELETE b FROM e b JOIN s1 a ON b.id = a.id")
    assert _texts(jp) == []


@pytest.mark.parametrize("flavor", ["mariadb-10.11", "mariadb-11.8"])
def test_cut_string_lookup_that_finds_a_row_compares_it_too(tmp_path, flavor: str) -> None:
    """Probed on 10.11 and 11.8 (fuzz seed 118301 case 35): 'k2' looked up in an INT
    primary key holding 0 warns the store_key INTEGER conversion, then the row found is
    compared (DECIMAL); a strict UPDATE stops on the comparison."""
    from harness.profile import get_profile
    from harness.sql.sql_errors import ServerError
    from tests.model.flavors._probe import Bed as FlavourBed, show_warnings
    kw = {"profile": get_profile("mariadb-11.8-debian")} if flavor == "mariadb-11.8" else {}
    t = FlavourBed(tmp_path, flavor, **kw).thd
    t.execute("CREATE TABLE t1 (id VARCHAR(10), c_dt DATETIME) ENGINE=InnoDB")
    t.execute("INSERT INTO t1 VALUES ('k2', '2023-03-18 08:30:00')")
    t.execute("CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_dt DATETIME) ENGINE=MyISAM")
    t.execute("INSERT INTO t2 VALUES (0, '2023-04-13 00:30:00'), (2, '2023-02-12 04:30:00')")
    with pytest.raises(ServerError) as e:
        t.execute("UPDATE t1 a, t2 b SET a.c_dt = b.c_dt WHERE a.id = b.id")
    assert (e.value.code, e.value.message) == (1292, "Truncated incorrect DECIMAL value: 'k2'")
    t.execute("SET sql_mode = ''")
    t.execute("DELETE a FROM t1 a JOIN t2 b ON a.id = b.id")
    assert [r[2] for r in show_warnings(t)] == ["Truncated incorrect INTEGER value: 'k2'",
                                                "Truncated incorrect DECIMAL value: 'k2'"]


def test_a_system_row_with_a_null_join_column_is_still_compared(jp) -> None:  # type: ignore[no-untyped-def]
    """Probed on MariaDB 10.11 and 11.8 (fuzz seed 118729, outcome:UPDATE 1292 vs OK): a
    one-row MyISAM table whose join column is NULL is not an empty one; the other table
    is scanned and each row's value converted when it is the left operand (not when the
    NULL is), and a strict UPDATE fails on the first."""
    jp.execute("CREATE TABLE t1 (id DATETIME NULL UNIQUE, c_int INT NOT NULL) ENGINE=MyISAM")
    jp.execute("CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_dt DATETIME) ENGINE=InnoDB")
    jp.execute("INSERT INTO t1 VALUES (NULL, 79)")
    jp.execute("INSERT INTO t2 VALUES (1, NULL), (2, NULL), (3, NULL)")
    want = [f"Incorrect datetime value: '{i}' for column `test`.`t2`.`id` at row {i}" for i in (1, 2, 3)]
    jp.execute("UPDATE t2 a, t1 b SET a.c_dt = b.id WHERE a.id = b.id")
    assert _texts(jp) == want
    jp.execute("UPDATE t2 a, t1 b SET a.c_dt = b.id WHERE b.id = a.id")
    assert _texts(jp) == []
    jp.execute("DELETE a FROM t2 a JOIN t1 b ON a.id = b.id")
    assert _texts(jp) == want
    jp.execute("SET sql_mode = 'STRICT_TRANS_TABLES'")
    with pytest.raises(Exception, match="'1' for column `test`.`t2`.`id` at row 1"):
        jp.execute("UPDATE t2 a, t1 b SET a.c_dt = b.id WHERE a.id = b.id")


def test_a_bad_datetime_looked_up_finds_a_zero_key_and_converts_again(jp) -> None:  # type: ignore[no-untyped-def]
    """Probed on MariaDB 10.11 and 11.8 (fuzz seed 118811, warnings:UPDATE [1292] text or
    count): a value no DATETIME reads is stored into the key as the zero datetime; with a
    '0000-00-00 00:00:00' key it finds that row and the condition converts it again."""
    jp.execute("CREATE TABLE t1 (id INT NULL UNIQUE, c_int INT) ENGINE=InnoDB")
    jp.execute("INSERT INTO t1 VALUES (8, 16), (6, 36)")
    jp.execute("CREATE TABLE t2 (id DATETIME NOT NULL PRIMARY KEY, c_int INT, c_blob BLOB) ENGINE=MyISAM")
    jp.execute("INSERT INTO t2 VALUES ('2024-01-03 10:00:00', 43, 'b'), ('2024-01-02 10:00:00', NULL, 'b'),"
               " ('0000-00-00 00:00:00', 1, 'x'), ('2024-01-05 10:00:00', 43, 'b')")
    jp.execute("UPDATE t2 a, t1 b SET a.c_blob = CONCAT(a.c_blob, 'q') WHERE a.id = b.id")
    assert _texts(jp) == [f"Incorrect datetime value: '{v}' for column `test`.`t1`.`id` at row 1"
                          for v in (6, 6, 8, 8)]
