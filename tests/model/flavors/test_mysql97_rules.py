"""MySQL 9.7.4's rules found by `replbed fuzz --reference mysql-9.7` (docs/RULES-mysql-9.7.md
section 7): each test runs the statement on the ``mysql-9.7`` flavour and on
``mariadb-10.11``, which must keep MariaDB's answer."""

from __future__ import annotations

import pytest

from harness.binlog.constants import QueryStatus as Q
from harness.binlog.query import QueryEvent
from harness.sql.sql_errors import ServerError
from tests.model.flavors.test_newer_flavours import Bed


@pytest.fixture(params=["mysql-9.7", "mariadb-10.11"])
def bed(request, tmp_path):
    return Bed(tmp_path, request.param)


def _mysql(bed: Bed) -> bool:
    return bed.state.flavor.name == "mysql-9.7"


def _err(thd, sql: str) -> ServerError:
    with pytest.raises(ServerError) as exc:
        thd.execute(sql)
    return exc.value


def _warnings(thd) -> list[tuple[str, int, str]]:
    return [tuple(r) for r in thd.execute("SHOW WARNINGS").rows]


def _query(bed: Bed, head: str) -> QueryEvent:
    return [e.event for e in bed.entries() if isinstance(e.event, QueryEvent) and e.event.query.startswith(head)][-1]


def _has_ddl_xid(ev: QueryEvent) -> bool:
    return any(sv.code in (Q.Q_DDL_LOGGED_WITH_XID, Q.Q_XID) for sv in ev.status_vars)


def test_innodb_refusing_statement_format_fails_its_lock_with_1015_in_mysql(bed):
    # sql/lock.cc print_lock_error: ER_CANT_LOCK for HA_ERR_LOGGING_IMPOSSIBLE (MariaDB: 1030)
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED")
    t.execute("CREATE TABLE t1 (id INT) ENGINE=InnoDB")
    assert _err(t, "INSERT INTO t1 VALUES (1)").code == 1665
    second = _warnings(t)[1]
    if _mysql(bed):
        assert second == ("Error", 1015, "Can't lock file (errno: 170 - It is not possible to log this statement)")
    else:
        assert second == ("Error", 1030, 'Got error 170 "It is not possible to log this statement" '
                                         'from storage engine InnoDB')


def test_create_select_into_myisam_logs_no_ddl_xid_in_mysql(bed):
    t = bed.thd
    t.execute("SET binlog_format = ROW")
    t.execute("CREATE TABLE t1 (id INT) ENGINE=InnoDB")
    t.execute("INSERT INTO t1 VALUES (1)")
    t.execute("START TRANSACTION")
    t.execute("CREATE TABLE t2 ENGINE=MyISAM SELECT id FROM t1")
    create = _query(bed, "CREATE TABLE")
    assert "t2" in create.query
    assert not _has_ddl_xid(create)  # 9.7.4 observed; MariaDB neither


def test_temporary_create_inside_a_transaction_logs_no_ddl_xid_in_mysql(bed):
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("BEGIN")
    t.execute("CREATE TEMPORARY TABLE tmp2 (id INT) ENGINE=InnoDB")
    t.execute("COMMIT")
    # MariaDB logs its Q_XID on it
    assert _has_ddl_xid(_query(bed, "CREATE TEMPORARY TABLE tmp2")) is (not _mysql(bed))
