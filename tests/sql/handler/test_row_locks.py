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


def test_mysql_does_not_lock_past_a_range(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """MySQL 9.7's InnoDB checks the range's end before locking the record it read: after
    `DELETE FROM c WHERE id <= 2` another session's UPDATE of id 4 and INSERT of 3 go through
    (9.7.4 observed: conc_range_le_mysql); MariaDB next-key locks 4 (1205)."""
    import pytest

    from harness.sql.sql_errors import ServerError
    from harness.sql.thd import Thd
    from tests.model.flavors._probe import Bed as FlavourBed
    for flavour, waits in (("mysql-9.7", False), ("mariadb-10.11", True)):
        b = FlavourBed(tmp_path / flavour, flavour)
        a = b.thd
        other = Thd(b.state, 8, db=None)
        b.state.sessions[8] = other
        other.execute("USE test")
        other.execute("SET SESSION innodb_lock_wait_timeout = 1")
        a.execute("CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB")
        a.execute("INSERT INTO c VALUES (1, 1), (2, 2), (4, 4), (6, 6)")
        a.execute("BEGIN")
        a.execute("DELETE FROM c WHERE id <= 2")
        for sql in ("UPDATE c SET v = 0 WHERE id = 4", "INSERT INTO c VALUES (3, 3)"):
            if waits:
                with pytest.raises(ServerError) as e:
                    other.execute(sql)
                assert e.value.code == 1205
            else:
                other.execute(sql)
        with pytest.raises(ServerError) as e:
            other.execute("UPDATE c SET v = 0 WHERE id = 2")  # the deleted rows stay locked
        assert e.value.code == 1205
        a.execute("ROLLBACK")
