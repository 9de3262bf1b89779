"""MySQL 9.7's account statements (harness/sql/stmt/sql_acl_mysql.py): outcome and logged
text of each, a golden vector recorded from MySQL 9.7.4 (SHOW WARNINGS, SHOW BINLOG EVENTS)."""

from __future__ import annotations

from typing import Any

from harness.binlog.query import QueryEvent
from tests.model.flavors._probe import Bed, error_code, show_warnings

P = "IDENTIFIED WITH 'caching_sha2_password'"

# (statement, error code, SHOW WARNINGS codes, the Query event logged or None)
SCRIPT: list[tuple[str, int, list[int], Any]] = [
    ("CREATE TABLE t (a INT, b INT)", 0, [], "CREATE TABLE t (a INT, b INT)"),
    ("CREATE USER u1@localhost, u2", 0, [], f"CREATE USER 'u1'@'localhost' {P},'u2'@'%' {P}"),
    ("CREATE USER IF NOT EXISTS u1@localhost, u3@'%'", 0, [3163],
     f"CREATE USER IF NOT EXISTS 'u1'@'localhost' {P},'u3'@'%' {P}"),
    ("CREATE USER u1@localhost, u4@localhost", 1396, [1396], None),
    ("create user if not exists u8@localhost with max_queries_per_hour 5", 0, [],
     f"CREATE USER IF NOT EXISTS 'u8'@'localhost' {P} WITH MAX_QUERIES_PER_HOUR 5"),
    ("GRANT INSERT, SELECT ON test.* TO u1@localhost", 0, [], "GRANT SELECT, INSERT ON `test`.* TO 'u1'@'localhost'"),
    ("GRANT ALL ON test.t TO u1@localhost, u2 WITH GRANT OPTION", 0, [],
     "GRANT ALL PRIVILEGES ON `test`.`t` TO 'u1'@'localhost','u2'@'%' WITH GRANT OPTION"),
    ("GRANT SELECT (a), UPDATE (a, b) ON t TO u1@localhost", 0, [],
     "GRANT SELECT (`a`), UPDATE (`a`, `b`) ON `test`.`t` TO 'u1'@'localhost'"),
    ("GRANT SELECT ON *.* TO u1@localhost", 0, [], "GRANT SELECT ON *.* TO 'u1'@'localhost'"),
    ("GRANT SELECT ON t TO nosuch@localhost", 1410, [1410], None),
    ("GRANT SELECT ON test.nosuch TO u1@localhost", 1146, [1146], None),
    ("REVOKE ALL ON test.t FROM u2", 0, [], "REVOKE ALL ON test.t FROM u2"),
    ("REVOKE SELECT ON test.* FROM u2", 1141, [1141], None),
    ("REVOKE SELECT, DELETE ON test.* FROM u1@localhost", 1141, [1141], None),
    ("REVOKE ALL PRIVILEGES, GRANT OPTION FROM u1@localhost", 0, [],
     "REVOKE ALL PRIVILEGES, GRANT OPTION FROM u1@localhost"),
    ("ALTER USER u1@localhost, nosuch@localhost ACCOUNT UNLOCK", 1396, [1396], None),
    ("ALTER USER IF EXISTS u1@localhost, nosuch@localhost ACCOUNT UNLOCK", 0, [3162],
     "ALTER USER IF EXISTS 'u1'@'localhost','nosuch'@'localhost' ACCOUNT UNLOCK"),
    ("DROP USER u3, nosuch@localhost", 1396, [1396], None),
    ("DROP USER IF EXISTS u4@localhost, nosuch@localhost", 0, [3162, 3162],
     "DROP USER IF EXISTS u4@localhost, nosuch@localhost"),
    ("RENAME USER u2 TO u5, nosuch TO u6", 1396, [1396], None),
    ("CREATE ROLE r1, r2", 0, [], "CREATE ROLE r1, r2"),
    ("CREATE ROLE r1", 1396, [1396], None),
    ("GRANT r1, r2 TO u1@localhost", 0, [], "GRANT r1, r2 TO u1@localhost"),
    ("GRANT r1 TO nosuch", 3523, [3523], None),
    ("GRANT nosuchrole TO u1@localhost", 3523, [3523], None),
    ("DROP ROLE r1, r2", 0, [], "DROP ROLE r1, r2"),
    ("DROP USER u1@localhost, u2, u3, u8@localhost", 0, [], "DROP USER u1@localhost, u2, u3, u8@localhost"),
]

MESSAGES = {
    "CREATE USER IF NOT EXISTS u1@localhost, u3@'%'": ["Authorization ID 'u1'@'localhost' already exists."],
    "CREATE USER u1@localhost, u4@localhost":
        ["Operation CREATE USER failed for 'u1'@'localhost' (User account already exists)"],
    "DROP USER u3, nosuch@localhost":
        ["Operation DROP USER failed for 'nosuch'@'localhost' (User account does not exist)"],
    "RENAME USER u2 TO u5, nosuch TO u6": ["Operation RENAME USER failed for 'nosuch'@'%'"],
    "GRANT r1 TO nosuch": ["Unknown authorization ID `nosuch`@`%`"],
    "CREATE ROLE r1": ["Operation CREATE ROLE failed for 'r1'@'%' (User account already exists)"],
}


def test_account_statements_match_mysql_97(tmp_path: Any) -> None:
    bed = Bed(tmp_path, "mysql-9.7")
    seen = len([e for e in bed.entries() if isinstance(e.event, QueryEvent)])
    for sql, code, warnings, logged in SCRIPT:
        assert error_code(bed.thd, sql) == code, sql
        got = show_warnings(bed.thd)
        assert [w[1] for w in got] == warnings, sql
        if sql in MESSAGES:
            assert [w[2] for w in got] == MESSAGES[sql], sql
        events = [e.event for e in bed.entries() if isinstance(e.event, QueryEvent)]
        new = [e.query.decode() if isinstance(e.query, bytes) else e.query for e in events[seen:]]
        seen = len(events)
        assert new == ([] if logged is None else [logged]), sql


def test_password_forms_are_refused_on_mysql(tmp_path: Any) -> None:
    """caching_sha2_password logs a salted hash no two servers share: refused, never logged wrongly."""
    bed = Bed(tmp_path, "mysql-9.7")
    assert error_code(bed.thd, "CREATE USER u7 IDENTIFIED BY 'x'") == 1235
    assert error_code(bed.thd, "CREATE USER u7") == 0
    assert error_code(bed.thd, "SET PASSWORD FOR u7 = 'x'") == 1235
