"""harness/sql/context.py: the per-statement clock, RAND and user variables."""

from __future__ import annotations

from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_rand_with_a_seed_is_the_servers_sequence(bed: Bed) -> None:
    s = bed.session()
    assert s.execute("SELECT RAND(3)").rows == [[0.9057697559760601]]
    assert s.execute("SELECT RAND(3)").rows == [[0.9057697559760601]]  # each statement seeds afresh


def test_user_variables_read_by_a_logged_statement_become_user_var_events(bed: Bed) -> None:
    s = bed.session()
    s.execute("CREATE TABLE t (a INT) ENGINE=InnoDB")
    s.execute("SET @x = 5")
    s.execute("INSERT INTO t VALUES (@x)")
    assert bed.shape()[-4:] == ["G", "User var", "Q:INSERT INTO t VALUES (@x)", "Xid"]
