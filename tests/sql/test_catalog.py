"""harness/sql/catalog.py: databases and table definitions."""

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
