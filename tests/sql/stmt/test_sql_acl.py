"""harness/sql/stmt/sql_acl.py: account statements, logged as statements in every format
(workloads/query.wl compares the same with MariaDB 10.11)."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from harness.sql.stmt.sql_acl import password_hash
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_password_hash_is_mysql_native_password() -> None:
    assert password_hash("x") == "*B69027D44F6E5EDC07F1AEAD1477967B16F28227"
    assert password_hash("") == ""


@pytest.mark.parametrize("fmt", ["STATEMENT", "ROW", "MIXED"])
def test_create_user_is_a_statement_with_its_password(bed: Bed, fmt: str) -> None:
    s = bed.session(fmt)
    bed.state.binlog.reset()
    s.execute("CREATE USER u1@localhost IDENTIFIED BY 'secret'")
    assert bed.shape() == ["DDL", "Q:CREATE USER u1@localhost IDENTIFIED BY 'secret'"]


def test_set_password_is_rewritten_to_the_hash(bed: Bed) -> None:
    s = bed.session("ROW")
    s.execute("CREATE USER u1@localhost")
    bed.state.binlog.reset()
    s.execute("SET PASSWORD FOR u1@localhost = PASSWORD('x')")
    assert bed.shape() == ["DDL", "Q:SET PASSWORD FOR 'u1'@'localhost'='*B69027D44F6E5EDC07F1AEAD1477967B16F28227'"]


def test_if_not_exists_notes_and_errors(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    s.execute("CREATE USER u1@localhost")
    s.execute("CREATE USER IF NOT EXISTS u1@localhost")
    assert s.execute("SHOW WARNINGS").rows == [["Note", 1973, "Can't create user 'u1'@'localhost'; it already exists"]]
    s.execute("DROP USER IF EXISTS nosuch@localhost")
    assert s.execute("SHOW WARNINGS").rows[0][1] == 1974
    for sql, code in [("CREATE USER u1@localhost", 1396), ("DROP USER nosuch", 1396),
                      ("GRANT SELECT ON test.* TO nosuch@localhost", 1133), ("GRANT nosuchrole TO u1@localhost", 1959),
                      ("SET PASSWORD FOR nosuch@localhost = PASSWORD('x')", 1133)]:
        with pytest.raises(ServerError) as e:
            s.execute(sql)
        assert e.value.code == code, sql


def test_a_partial_failure_is_logged_with_its_error(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    bed.state.binlog.reset()
    with pytest.raises(ServerError) as e:
        s.execute("CREATE USER u4@localhost, u4@localhost")
    assert e.value.code == 1396
    assert bed.shape() == ["DDL", "Q:CREATE USER u4@localhost, u4@localhost"]
    assert bed.binlog_events()[-1].error_code == 1396


def test_an_account_statement_commits_the_transaction(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE t (a INT) ENGINE=InnoDB")
    s.execute("BEGIN")
    s.execute("INSERT INTO t VALUES (1)")
    s.execute("CREATE ROLE r1")
    s.execute("ROLLBACK")
    assert s.execute("SELECT * FROM t").rows == [[1]]


def test_a_created_account_can_log_in_with_its_password(bed: Bed) -> None:
    from harness.server.protocol import native_password_scramble
    from harness.sql.stmt.sql_acl import verify_login
    s = bed.session("STATEMENT")
    s.execute("CREATE USER adm@localhost IDENTIFIED BY 'foobar'")
    s.execute("CREATE USER nopw@localhost")
    salt = b"0123456789abcdefghij"
    assert verify_login(bed.state, "adm", native_password_scramble("foobar", salt), salt)
    assert not verify_login(bed.state, "adm", native_password_scramble("wrong", salt), salt)
    assert verify_login(bed.state, "nopw", b"", salt)
    assert not verify_login(bed.state, "nosuch", b"", salt)
