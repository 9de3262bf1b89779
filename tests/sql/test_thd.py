"""harness/sql/thd.py: the life of a statement and of a transaction in a connection."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_ddl_commits_the_open_transaction_implicitly(bed: Bed) -> None:
    s = bed.session()
    s.execute("CREATE TABLE t2 (a INT) ENGINE=InnoDB")
    s.execute("BEGIN")
    s.execute("INSERT INTO t2 VALUES (1)")
    assert s.in_multi_stmt_transaction_mode()
    s.execute("CREATE TABLE t3 (a INT)")
    assert not s.in_multi_stmt_transaction_mode()
    assert bed.shape()[-4:] == ["Q:INSERT INTO t2 VALUES (1)", "Xid", "DDL", "Q:CREATE TABLE t3 (a INT)"]


def test_a_read_only_transaction_refuses_writes(bed: Bed) -> None:
    s = bed.session()
    s.execute("CREATE TABLE t (a INT) ENGINE=InnoDB")
    s.execute("START TRANSACTION READ ONLY")
    with pytest.raises(ServerError) as e:
        s.execute("INSERT INTO t VALUES (1)")
    assert (e.value.code, e.value.sqlstate) == (1792, "25006")


def test_a_parse_error_is_listed_in_show_warnings(bed: Bed) -> None:
    s = bed.session()
    with pytest.raises(ServerError) as e:
        s.execute("SELECT 1 +")
    assert e.value.code == 1064
    assert s.execute("SHOW WARNINGS").rows[0][:2] == ["Error", 1064]


def test_sessions_share_parsed_statements_and_each_runs_its_own(bed: Bed) -> None:
    """The parse cache is process-wide (each connection sends the same setup texts):
    a text parsed in one session is the same AST in another, and running it there
    acts on that session (its binlog_format decides the event)."""
    a, b = bed.session("STATEMENT"), bed.session("ROW")
    a.execute("CREATE TABLE tp (x INT) ENGINE=InnoDB")
    assert a.parse("INSERT INTO tp VALUES (7)") is b.parse("INSERT INTO tp VALUES (7)")
    a.execute("INSERT INTO tp VALUES (7)")
    b.execute("INSERT INTO tp VALUES (7)")
    assert bed.shape()[-8:] == ["G", "Q:INSERT INTO tp VALUES (7)", "Xid", "G", "A", "TM(tp)", "W*", "Xid"]


def test_in_transaction_follows_the_engines_registered_in_the_transaction(bed: Bed) -> None:
    """Probed on MariaDB 10.11 (the corpus case conc_timeout_victim_with_myisam_writes read 0
    where the server says 1): @@in_transaction is the status word's SERVER_STATUS_IN_TRANS."""
    thd = bed.session()
    thd.execute("CREATE TABLE c (id INT PRIMARY KEY) ENGINE=InnoDB")
    thd.execute("CREATE TABLE m (id INT) ENGINE=MyISAM")

    def in_trx() -> int:
        return int(thd.execute("SELECT @@in_transaction").rows[0][0])
    seen = [in_trx()]
    for sql in ("BEGIN", "COMMIT", "SET autocommit = 0", "SELECT * FROM m", "INSERT INTO m VALUES (1)", "COMMIT",
                "SELECT * FROM c", "COMMIT"):
        thd.execute(sql)
        seen.append(in_trx())
    assert seen == [0, 1, 0, 0, 0, 1, 0, 1, 0]
    with pytest.raises(ServerError):
        thd.execute("INSERT INTO c VALUES (3), (3)")  # the statement fails; the transaction stays open
    assert in_trx() == 1
