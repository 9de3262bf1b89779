"""harness/sql/handler/row_locks.py: the access path InnoDB locks through, from the WHERE clause."""

from __future__ import annotations

from harness.sql.handler.row_locks import access_path, uses_row_locks
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def _where(bed: Bed, sql: str):  # type: ignore[no-untyped-def]
    from harness.sql.parse.parser import parse
    st = parse(sql)
    return (st[0] if isinstance(st, list) else st).where


def test_an_equality_on_the_primary_key_locks_one_key(bed: Bed) -> None:
    s = bed.session()
    s.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
    s.execute("CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM")
    t = bed.state.catalog.get_table("test", "t")
    assert uses_row_locks(t) and not uses_row_locks(bed.state.catalog.get_table("test", "n"))
    assert access_path(t, "t", _where(bed, "DELETE FROM t WHERE a = 3"))[0] == "eq"
    assert access_path(t, "t", _where(bed, "DELETE FROM t WHERE b = 3")) == ("full",)
    assert access_path(t, "t", _where(bed, "DELETE FROM t WHERE a > 3"))[0] == "range"
