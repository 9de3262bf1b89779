"""harness/sql/sql_parse.py: SET, SHOW and transaction control (workloads/session_surface.wl
compares the same statements with MariaDB 10.11)."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_show_variables_answers_the_session_value(bed: Bed) -> None:
    s = bed.session("ROW")
    assert s.execute("SHOW VARIABLES LIKE 'binlog_format'").rows == [["binlog_format", "ROW"]]


def test_a_bad_binlog_format_is_1231(bed: Bed) -> None:
    s = bed.session()
    with pytest.raises(ServerError) as e:
        s.execute("SET SESSION binlog_format = 'BOGUS'")
    assert (e.value.code, e.value.message) == (1231, "Variable 'binlog_format' can't be set to the value of 'BOGUS'")


def test_sql_log_bin_cannot_change_inside_a_transaction(bed: Bed) -> None:
    s = bed.session()
    s.execute("BEGIN")
    with pytest.raises(ServerError) as e:
        s.execute("SET SESSION sql_log_bin = 0")
    assert (e.value.code, e.value.sqlstate) == (1694, "HY000")


def test_sql_log_bin_off_keeps_statements_out_of_the_binlog(bed: Bed) -> None:
    s = bed.session()
    s.execute("CREATE TABLE t (a INT) ENGINE=InnoDB")
    s.execute("SET SESSION sql_log_bin = 0")
    s.execute("INSERT INTO t VALUES (1)")
    assert bed.shape() == ["DDL", "Q:CREATE TABLE t (a INT) ENGINE=InnoDB"]


def test_rollback_to_a_savepoint_set_before_the_binlog_joined_takes_the_binlog_out(bed: Bed) -> None:
    """ha_rollback_to_savepoint: trans->ha_list = sv->ha_list, so the next SAVEPOINT is not
    logged and the disconnect writes no SAVEPOINT / ROLLBACK group."""
    s = bed.session("STATEMENT")
    s.execute("SET autocommit = 0")
    s.execute("SAVEPOINT a")
    s.execute("CREATE TEMPORARY TABLE tmp (id INT) ENGINE=MyISAM")
    s.execute("ROLLBACK TO SAVEPOINT a")
    s.execute("SAVEPOINT b")
    s.execute("ROLLBACK")
    assert bed.shape() == ["G", "Q:CREATE TEMPORARY TABLE tmp (id INT) ENGINE=MyISAM", "COMMIT"]


def test_consistent_snapshot_registers_the_binlog_so_a_first_savepoint_is_logged(bed: Bed) -> None:
    s = bed.session("ROW")
    s.execute("CREATE TABLE t (id INT PRIMARY KEY) ENGINE=InnoDB")
    s.execute("START TRANSACTION WITH CONSISTENT SNAPSHOT")
    s.execute("SAVEPOINT a")
    s.execute("INSERT INTO t VALUES (1)")
    s.execute("ROLLBACK TO SAVEPOINT a")
    s.execute("COMMIT")
    assert bed.shape()[-3:] == ["G", "Q:SAVEPOINT `a`", "Xid"]


def test_consistent_snapshot_at_read_uncommitted_warns_138(bed: Bed) -> None:
    s = bed.session("ROW")
    s.execute("SET SESSION TRANSACTION ISOLATION LEVEL READ UNCOMMITTED")
    s.execute("START TRANSACTION WITH CONSISTENT SNAPSHOT")
    assert [(n.level, n.code) for n in s.last_notes] == [("Warning", 138)]


def test_an_implicit_commit_ends_the_binlogs_part_in_the_transaction(bed: Bed) -> None:
    """trans_commit_implicit commits every participant, the binlog too, even when only a
    CREATE TEMPORARY (autocommit=0) had joined it: the next SAVEPOINT is not logged."""
    s = bed.session("STATEMENT")
    s.execute("SET autocommit = 0")
    s.execute("CREATE TEMPORARY TABLE tmp (id INT) ENGINE=MyISAM")
    with pytest.raises(ServerError):
        s.execute("TRUNCATE TABLE nosuch")
    s.execute("SAVEPOINT sp1")
    s.execute("DELETE FROM tmp")
    s.execute("COMMIT")
    assert bed.shape() == ["G", "Q:CREATE TEMPORARY TABLE tmp (id INT) ENGINE=MyISAM", "COMMIT",
                           "G", "Q:DELETE FROM tmp", "COMMIT"]


def test_one_table_dispatches_every_statement_kind() -> None:
    """sql_parse.COMMANDS: every statement a client can send has its function, SHOW by kind;
    the statements of a routine body only (DECLARE, IF, RETURN, local SET, SIGNAL) have none."""
    import inspect

    from harness.sql.parse import parse_tree as A
    from harness.sql.parse.parse_errors import UnsupportedError
    from harness.sql.sql_parse import COMMANDS, command_of

    kinds = {c for _n, c in inspect.getmembers(A, inspect.isclass)
             if issubclass(c, A.Statement) and c is not A.Statement and c.__module__ == A.__name__}
    body_only = {A.Declare, A.If, A.Return, A.SetLocal, A.Signal}
    assert {c for c in kinds if c not in COMMANDS} == body_only | {A.Show}
    assert command_of(A.Show(what="WARNINGS")) is COMMANDS[("SHOW", "WARNINGS")]
    with pytest.raises(UnsupportedError, match="SHOW OPEN_TABLES"):
        command_of(A.Show(what="OPEN_TABLES"))
