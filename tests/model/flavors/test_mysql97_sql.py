"""The ``mysql-9.7`` flavour's SQL layer answers as MySQL 9.7.4 does where MariaDB 10.11
answers otherwise (docs/RULES-mysql-9.7.md section 8; each text below is what the real
9.7.4 server sent, recorded with `replbed run --reference mysql-9.7`)."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.flavors.test_newer_flavours import Bed


def _err(thd, sql: str) -> ServerError:
    with pytest.raises(ServerError) as exc:
        thd.execute(sql)
    return exc.value


def _warnings(thd) -> list[tuple[str, int, str]]:
    return [tuple(r) for r in thd.execute("SHOW WARNINGS").rows]


@pytest.fixture(params=["mysql-9.7", "mariadb-10.11"])
def bed(request, tmp_path):
    return Bed(tmp_path, request.param)


def test_error_texts(bed):
    t = bed.thd
    mysql = bed.state.flavor.name == "mysql-9.7"
    t.execute("CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(2), c DATE, UNIQUE KEY uk (b))")
    t.execute("INSERT INTO t VALUES (1, 'a', NULL)")
    e = _err(t, "INSERT INTO t VALUES (1, 'b', NULL)")
    assert (e.code, e.message) == (1062, "Duplicate entry '1' for key 't.PRIMARY'" if mysql
                                   else "Duplicate entry '1' for key 'PRIMARY'")
    e = _err(t, "INSERT INTO t VALUES (2, 'a', NULL)")
    assert e.message.endswith("for key 't.uk'" if mysql else "for key 'uk'")
    e = _err(t, "UPDATE t SET c = 'abc'")
    assert (e.code, e.message) == (1292, "Incorrect date value: 'abc' for column 'c' at row 1" if mysql
                                   else "Incorrect date value: 'abc' for column `test`.`t`.`c` at row 1")
    assert _warnings(t) == [("Error", 1292, e.message)]
    e = _err(t, "SELECT nocol FROM t")
    assert e.message == "Unknown column 'nocol' in '" + ("field list" if mysql else "SELECT") + "'"
    e = _err(t, "SELECT 1 FROM t WHERE nocol = 1")
    assert e.message == "Unknown column 'nocol' in '" + ("where clause" if mysql else "WHERE") + "'"


def test_alter_ignore_is_a_syntax_error_in_mysql(bed):
    t = bed.thd
    t.execute("CREATE TABLE t (a INT)")
    if bed.state.flavor.name == "mariadb-10.11":
        t.execute("ALTER IGNORE TABLE t ADD KEY (a)")
        return
    e = _err(t, "ALTER IGNORE TABLE t ADD KEY (a)")
    assert (e.code, e.message) == (
        1064, "You have an error in your SQL syntax; check the manual that corresponds to your MySQL server "
              "version for the right syntax to use near 'IGNORE TABLE t ADD KEY (a)' at line 1")
    assert bed.entries()[-1].event.query == "CREATE TABLE t (a INT)"  # nothing logged


def test_every_statement_clears_the_warnings_in_mysql(bed):
    t = bed.thd
    t.execute("DROP DATABASE IF EXISTS nosuch")
    note = ("Note", 1008, "Can't drop database 'nosuch'; database doesn't exist")
    assert _warnings(t) == [note]
    t.execute("SELECT 1")  # no table: MariaDB keeps the list (opt_clear_warning_info)
    assert _warnings(t) == ([] if bed.state.flavor.name == "mysql-9.7" else [note])


def test_variables_are_the_servers(bed):
    t = bed.thd
    mysql = bed.state.flavor.name == "mysql-9.7"
    t.execute("SET SESSION innodb_lock_wait_timeout = 1")
    assert list(t.execute("SELECT @@innodb_lock_wait_timeout").rows[0]) == [1]
    for name in ("tx_isolation", "gtid_seq_no", "check_constraint_checks", "skip_parallel_replication"):
        if mysql:
            e = _err(t, f"SET {name} = 1")
            assert (e.code, e.message) == (1193, f"Unknown system variable '{name}'")
    if mysql:
        t.execute("SET transaction_isolation = 'READ-COMMITTED'")
        assert list(t.execute("SELECT @@transaction_isolation").rows[0]) == ["READ-COMMITTED"]
