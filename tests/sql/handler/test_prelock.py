"""harness/sql/handler/prelock.py: every table a statement may touch, before it runs (triggers included)."""

from __future__ import annotations

from harness.sql.handler.prelock import analyze
from harness.sql.parse.parser import parse
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_an_insert_prelocks_the_tables_its_trigger_writes(bed: Bed) -> None:
    s = bed.session()
    s.execute("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB")
    s.execute("CREATE TABLE n (a INT) ENGINE=MyISAM")
    s.execute("CREATE TABLE r (a INT) ENGINE=MyISAM")
    s.execute("CREATE TRIGGER tr AFTER INSERT ON t FOR EACH ROW INSERT INTO n SELECT a FROM r")
    stmt = parse("INSERT INTO t VALUES (1)")
    info = analyze(s, stmt[0] if isinstance(stmt, list) else stmt, "INSERT")
    assert sorted(t.name for t in info.written) == ["n", "t"]
    assert [t.name for t in info.read_only_tables] == ["r"]
