"""harness/sql/locked_tables.py: LOCK TABLES / UNLOCK TABLES."""

from __future__ import annotations

import pytest

from harness.sql.errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_a_read_lock_refuses_writes_and_unlocked_tables(bed: Bed) -> None:
    s = bed.session()
    s.execute("CREATE TABLE t (a INT) ENGINE=InnoDB")
    s.execute("CREATE TABLE n (a INT) ENGINE=MyISAM")
    s.execute("LOCK TABLES t READ")
    with pytest.raises(ServerError) as e:
        s.execute("INSERT INTO t VALUES (1)")
    assert e.value.code == 1099
    with pytest.raises(ServerError) as e:
        s.execute("SELECT * FROM n")
    assert (e.value.code, e.value.message) == (1100, "Table 'n' was not locked with LOCK TABLES")
    s.execute("UNLOCK TABLES")
    s.execute("INSERT INTO t VALUES (1)")
