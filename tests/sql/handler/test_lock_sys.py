"""harness/sql/handler/lock_sys.py: row locks and read views between two sessions."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from harness.sql.handler.lock_sys import deadlock_error, lock_wait_timeout_error
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_a_locked_row_times_out_and_a_consistent_read_sees_the_committed_value(bed: Bed) -> None:
    s1, s2 = bed.session("ROW"), bed.session("ROW")
    s1.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
    s1.execute("INSERT INTO t VALUES (1,1)")
    s1.execute("BEGIN")
    s1.execute("UPDATE t SET b = 10 WHERE a = 1")
    s2.execute("SET SESSION innodb_lock_wait_timeout = 1")
    with pytest.raises(ServerError) as e:
        s2.execute("UPDATE t SET b = 20 WHERE a = 1")
    assert e.value.code == 1205
    assert s2.execute("SELECT b FROM t WHERE a = 1").rows == [[1]]
    s1.execute("COMMIT")
    assert s2.execute("SELECT b FROM t WHERE a = 1").rows == [[10]]


def test_lock_errors_carry_innodbs_texts() -> None:
    assert (lock_wait_timeout_error().code, deadlock_error().sqlstate) == (1205, "40001")
