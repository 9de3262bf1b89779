"""harness/sql/stmt/sql_admin.py: ANALYZE / OPTIMIZE / REPAIR / CHECK / CHECKSUM TABLE result sets."""

from __future__ import annotations

from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_admin_statements_answer_one_status_row(bed: Bed) -> None:
    s = bed.session()
    s.execute("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB")
    s.execute("CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM")
    assert s.execute("ANALYZE TABLE t").rows == [["test.t", "analyze", "status", "OK"]]
    assert s.execute("OPTIMIZE TABLE n").rows == [["test.n", "optimize", "status", "OK"]]
    assert s.execute("CHECK TABLE t").rows == [["test.t", "check", "status", "OK"]]


def test_checksum_of_an_empty_table_is_zero(bed: Bed) -> None:
    s = bed.session()
    s.execute("CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM")
    assert s.execute("CHECKSUM TABLE n").rows == [["test.n", 0]]
