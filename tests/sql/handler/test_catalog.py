"""harness/sql/handler/catalog.py: databases and table definitions."""

from __future__ import annotations

from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_tables_are_found_case_insensitively_and_dropped_with_their_database(bed: Bed) -> None:
    s = bed.session()
    s.execute("CREATE DATABASE d2")
    s.execute("CREATE TABLE d2.T1 (id INT AUTO_INCREMENT PRIMARY KEY, a INT) ENGINE=InnoDB")
    cat = bed.state.catalog
    t = cat.get_table("d2", "t1")
    assert t is not None and t.qualified.lower() == "d2.t1"
    assert (t.column("A"), t.auto_inc_col, t.primary_key().columns) == (1, 0, [0])
    assert t.transactional
    s.execute("DROP DATABASE d2")
    assert not cat.has_db("d2") and cat.get_table("d2", "t1") is None


def test_table_ids_are_never_reused(bed: Bed) -> None:
    cat = bed.state.catalog
    first = cat.allocate_table_id()
    assert cat.allocate_table_id() == first + 1


def test_an_invalid_default_lists_the_store_warning_first(bed: Bed) -> None:
    import pytest
    from harness.sql.sql_errors import ServerError
    s = bed.session()
    for sql, first in (("CREATE TABLE a (c TINYINT DEFAULT 300)", (1264, "Out of range value for column 'c' at row 0")),
                       ("CREATE TABLE a (c DATE DEFAULT 'x')", (1265, "Data truncated for column 'c' at row 0")),
                       ("CREATE TABLE a (c VARCHAR(2) DEFAULT 'abc')", (1265, "Data truncated for column 'c' at row 0"))):
        with pytest.raises(ServerError) as e:
            s.execute(sql)
        assert e.value.code == 1067
        assert [(n.code, n.message) for n in s.last_notes] == [first, (1067, "Invalid default value for 'c'")]
    with pytest.raises(ServerError):
        s.execute("CREATE TABLE a (c ENUM('a') DEFAULT 'b')")
    assert [n.code for n in s.last_notes] == [1067]
