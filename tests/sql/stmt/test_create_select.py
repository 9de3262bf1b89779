"""harness/sql/stmt/create_select.py: CREATE ... SELECT's table and its logging (the module
docstring lists what MariaDB 10.11 writes; workloads/fidelity.wl and session_surface.wl
compare the same statements with the real server)."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def _src(bed: Bed, fmt: str):  # type: ignore[no-untyped-def]
    s = bed.session(fmt)
    s.execute("CREATE TABLE src (a INT) ENGINE=InnoDB")
    s.execute("INSERT INTO src VALUES (1),(2)")
    bed.state.binlog.reset()
    return s


def test_row_format_is_one_group_with_a_generated_create(bed: Bed) -> None:
    s = _src(bed, "ROW")
    s.execute("CREATE TABLE c SELECT a FROM src")
    assert bed.shape() == ["G", "Q:CREATE TABLE `c` (\n  `a` int(11) DEFAULT NULL\n)", "A", "TM(c)", "W*", "Xid"]
    assert s.execute("SELECT * FROM c").rows == [[1], [2]]


def test_statement_format_logs_the_text_as_ddl(bed: Bed) -> None:
    s = _src(bed, "STATEMENT")
    s.execute("CREATE TABLE c SELECT a FROM src")
    assert bed.shape() == ["DDL", "Q:CREATE TABLE c SELECT a FROM src"]


def test_temporary_in_row_format_logs_nothing(bed: Bed) -> None:
    s = _src(bed, "ROW")
    s.execute("CREATE TEMPORARY TABLE c SELECT a FROM src")
    assert bed.shape() == []
    assert s.execute("SELECT COUNT(*) FROM c").rows == [[2]]


def test_autoinc_column_filled_from_a_select_goes_row_in_mixed(bed: Bed) -> None:
    s = _src(bed, "MIXED")
    s.execute("CREATE TABLE c (id INT AUTO_INCREMENT PRIMARY KEY) SELECT a FROM src")
    assert bed.shape()[0] == "G" and bed.shape()[-3:] == ["TM(c)", "W*", "Xid"]
    assert s.execute("SELECT id, a FROM c").rows == [[1, 1], [2, 2]]


def test_if_not_exists_over_an_existing_table_is_a_note_and_logs_nothing(bed: Bed) -> None:
    s = _src(bed, "STATEMENT")
    s.execute("CREATE TABLE IF NOT EXISTS src SELECT 1 AS a")
    assert s.execute("SHOW WARNINGS").rows == [["Note", 1050, "Table 'src' already exists"]]
    assert bed.shape() == []


def test_a_bulk_load_duplicate_is_reported_twice_and_leaves_no_table(bed: Bed) -> None:
    s = _src(bed, "STATEMENT")
    with pytest.raises(ServerError) as e:
        s.execute("CREATE TABLE c (PRIMARY KEY (a)) SELECT 1 AS a UNION ALL SELECT 1")
    assert e.value.code == 1062
    assert s.execute("SHOW WARNINGS").rows == [["Error", 1062, "Duplicate entry '1' for key 'PRIMARY'"]] * 2
    assert bed.shape() == []
    with pytest.raises(ServerError):
        s.execute("SELECT * FROM c")


@pytest.mark.parametrize("fmt, expected", [
    ("STATEMENT", ["use `test`; CREATE OR REPLACE TABLE t (PRIMARY KEY (a)) SELECT 1 AS a UNION ALL SELECT 1",
                   "use `test`; DROP TABLE IF EXISTS `test`.`t`/* Generated to handle failed CREATE OR REPLACE */"]),
    ("ROW", ["use `test`; DROP TABLE IF EXISTS `test`.`t`/* Generated to handle failed CREATE OR REPLACE */",
             "ROLLBACK"]),
])
def test_failed_replace_drops_the_old_table_on_the_slave(bed: Bed, fmt: str, expected: list[str]) -> None:
    s = bed.session(fmt)
    s.execute("CREATE TABLE t (a INT) ENGINE=InnoDB")
    with pytest.raises(ServerError) as e:
        s.execute("CREATE OR REPLACE TABLE t (PRIMARY KEY (a)) SELECT 1 AS a UNION ALL SELECT 1")
    assert e.value.code == 1062
    with pytest.raises(ServerError):
        s.execute("SELECT * FROM t")
    assert [info for kind, info in bed.events() if kind == "Query"][-2:] == expected


def test_an_enum_not_null_without_default_shows_no_default(bed) -> None:  # type: ignore[no-untyped-def]
    from harness.sql.parse import parse_tree as A
    from harness.sql.stmt.create_select import _default_sql
    s = bed.session("ROW")
    s.execute("CREATE TABLE e (a ENUM('x','y') NOT NULL, b ENUM('x','y') NOT NULL DEFAULT 'x')")
    t = s.open_table(A.TableName("e"))
    assert [_default_sql(c) for c in t.columns] == ["", " DEFAULT 'x'"]


@pytest.mark.parametrize("temporary", ["", "TEMPORARY "])
def test_failed_statement_ends_its_engine_transaction(bed: Bed, temporary: str) -> None:
    """An autocommitted CREATE ... SELECT that fails is rolled back as a whole
    (trans_rollback_stmt, trans_rollback_implicit): its SELECT's read view closes and its
    row locks go, so no later transaction's row versions are kept for it."""
    s = _src(bed, "ROW")
    s.execute("SET sql_mode = 'STRICT_ALL_TABLES'")
    s.execute("INSERT INTO src VALUES (NULL)")
    with pytest.raises(ServerError) as ei:
        s.execute(f"CREATE {temporary}TABLE c (a INT NOT NULL) ENGINE=InnoDB SELECT a FROM src")
    assert ei.value.code == 1048
    assert bed.state.lock_sys.oldest_view() is None
    assert not bed.state.lock_sys.held.get(s)
    other = bed.session("ROW")
    other.execute("UPDATE src SET a = 7 WHERE a = 1")  # no lock of the failed statement's is left
    assert s.execute("SELECT a FROM src ORDER BY a").rows == [[None], [2], [7]]
