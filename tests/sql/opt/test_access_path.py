"""SERVER_STATUS_NO_INDEX_USED (access_path.py) against MariaDB 10.11.19.

SCRIPT is a session run on the reference server (binlog_format MIXED, the default),
each statement with whether the status word of its OK/EOF packet had
SERVER_STATUS_NO_INDEX_USED (0x20); tests/server/test_status_no_index.py runs it
against a live MariaDB and ``replbed serve`` too. Here the model alone must give the
same bit after every statement.
"""

from __future__ import annotations

from harness.sql.sql_errors import ServerError
from tests.model.conftest import bed  # noqa: F401  (the in-process server fixture)

#: (statement, NO_INDEX_USED set), observed statement by statement in this order.
SCRIPT: list[tuple[str, bool]] = [
    ("CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, k INT, v INT, KEY(k)) ENGINE=InnoDB", False),
    ("CREATE TABLE m (id INT PRIMARY KEY, v INT) ENGINE=MyISAM", False),
    ("CREATE TABLE e (id INT PRIMARY KEY, v INT) ENGINE=InnoDB", False),
    ("INSERT INTO t (k, v) VALUES (1,1),(2,2),(3,3),(4,4),(5,5),(6,6),(7,7),(8,8)", False),
    ("INSERT INTO m VALUES (1,1)", False),
    ("SELECT 1", False),
    ("SELECT * FROM t", True),
    ("SELECT * FROM t ORDER BY id", True),
    ("SELECT COUNT(*) FROM t", True),
    ("SELECT * FROM t WHERE id = 3", False),
    ("SELECT * FROM t WHERE id > 3", False),
    ("SELECT * FROM t WHERE id > 0", False),
    ("SELECT * FROM t WHERE k = 3", False),
    ("SELECT * FROM t WHERE k > 3", True),
    ("SELECT * FROM t WHERE k > 0", True),
    ("SELECT * FROM t WHERE v = 3", True),
    ("SELECT * FROM t WHERE id = 100", False),
    ("SELECT * FROM t WHERE 1 = 0", False),
    ("SELECT * FROM m", False),
    ("SELECT * FROM e", True),
    ("SELECT * FROM t, m", True),
    ("SELECT * FROM t a JOIN t b ON a.id = b.id", True),
    ("SELECT * FROM t a JOIN t b ON a.v = b.v", True),
    ("SELECT * FROM t a JOIN t b ON a.v = b.k", True),
    ("SELECT * FROM t a LEFT JOIN e ON e.id = a.id", True),
    ("SELECT * FROM (SELECT * FROM t) d", True),
    ("SELECT (SELECT MAX(v) FROM t)", True),
    ("SELECT * FROM t WHERE id IN (SELECT k FROM t)", True),
    ("SELECT k FROM t", True),
    ("SELECT MAX(id) FROM t", False),
    ("SELECT MIN(k) FROM t", False),
    ("INSERT INTO t (k, v) VALUES (9, 9)", False),
    ("INSERT INTO t (k, v) SELECT k, v FROM t WHERE id = 1", False),
    ("UPDATE t SET v = v + 1", True),
    ("UPDATE t SET v = v + 1 WHERE id = 2", False),
    ("UPDATE t SET v = v + 1 WHERE v = 2", True),
    ("UPDATE t SET v = v + 1 WHERE k = 2", False),
    ("UPDATE t SET v = v + 1 WHERE id = 1000", False),
    ("UPDATE t SET v = v + 1 WHERE 1 = 0", False),
    ("DELETE FROM t WHERE id = 1000", False),
    ("DELETE FROM t WHERE v = 1000", True),
    ("DELETE FROM t WHERE k = 1000", False),
    ("UPDATE t a JOIN m ON a.id = m.id SET a.v = 5", False),
    ("DELETE FROM m", False),
    ("DELETE FROM e", True),
    ("SELECT * FROM t WHERE id = 3 UNION SELECT * FROM t WHERE id = 4", True),
    ("SELECT * FROM t WHERE id = 3 UNION SELECT * FROM t", True),
    ("SHOW TABLES", True),
    ("SET @x = 1", False),
    ("SELECT * FROM t LIMIT 0", False),
    ("SELECT * FROM t WHERE id = 1 OR v = 2", True),
    ("SELECT * FROM t FOR UPDATE", True),
    ("REPLACE INTO t (id, k, v) VALUES (1, 1, 1)", False),
    ("INSERT INTO t (id, k, v) VALUES (1, 1, 1) ON DUPLICATE KEY UPDATE v = 2", False),
    ("TRUNCATE e", False),
    ("SELECT * FROM t WHERE id = 3 UNION ALL SELECT * FROM t WHERE id = 4", False),
    ("SELECT 1 UNION SELECT 2", True),
    ("SELECT 1 UNION ALL SELECT 2", False),
    ("SELECT * FROM (SELECT * FROM t WHERE id = 1) d", False),
    ("SELECT * FROM t WHERE id = 1 AND v IN (SELECT v FROM t WHERE id = 1)", False),
    ("SHOW WARNINGS", False),
    ("SHOW VARIABLES LIKE 'server_id'", True),
    ("SHOW CREATE TABLE t", False),
    ("SHOW DATABASES", True),
    ("SHOW MASTER STATUS", False),
    ("SHOW BINARY LOGS", False),
    ("SHOW PROCESSLIST", False),
    ("SHOW STATUS LIKE 'Com_select'", False),
    ("SHOW ENGINES", True),
    ("SELECT * FROM information_schema.tables WHERE table_schema = 'st'", True),
    ("SELECT COUNT(*) FROM m", False),
    ("SELECT COUNT(*) FROM t WHERE id > 2", False),
    ("SELECT MAX(v) FROM t", True),
    ("SELECT id FROM t ORDER BY id LIMIT 1", True),
    ("SELECT * FROM t GROUP BY k", True),
    ("SELECT DISTINCT k FROM t", False),
    ("SELECT * FROM t WHERE k IS NULL", False),
    ("SELECT * FROM t WHERE id IN (1,2)", False),
    ("SELECT * FROM t WHERE id BETWEEN 1 AND 2", False),
    ("SELECT * FROM t WHERE id = 1 OR id = 2", False),
    ("SELECT * FROM t WHERE k = 3 AND v = 3", False),
    ("SELECT * FROM t WHERE k IN (1,2)", False),
    ("SELECT * FROM t WHERE k BETWEEN 1 AND 2", False),
    ("SELECT * FROM t a JOIN t b ON a.k = b.k WHERE a.id = 1", False),
    ("SELECT * FROM t a JOIN t b ON a.k = b.v WHERE a.id = 1", True),
    ("SELECT * FROM t a, t b WHERE a.id = b.k", True),
    ("DELETE FROM m WHERE id > 100", False),
    ("INSERT INTO m VALUES (2,2),(3,3)", False),
    ("DELETE FROM m", False),
    ("INSERT INTO m VALUES (2,2),(3,3)", False),
    ("DELETE FROM m LIMIT 1", True),
    ("UPDATE m SET v = 1", True),
    ("UPDATE t SET v = 1 LIMIT 1", True),
    ("UPDATE t SET v = 1 ORDER BY id LIMIT 1", True),
]


def test_the_bit_follows_the_servers_access_paths(bed) -> None:  # type: ignore[no-untyped-def]
    thd = bed.session("MIXED", db=None)
    thd.execute("CREATE DATABASE st")
    thd.execute("USE st")
    wrong = []
    for sql, want in SCRIPT:
        try:
            thd.execute(sql)
        except ServerError as e:
            wrong.append(f"{sql}: error {e.code}")
            continue
        if thd.status_no_index_used != want:
            wrong.append(f"{sql}: replbed {thd.status_no_index_used}, MariaDB {want}")
    assert not wrong, "\n".join(wrong)


def test_the_bit_is_cleared_by_the_next_statement(bed) -> None:  # type: ignore[no-untyped-def]
    thd = bed.session("MIXED")
    thd.execute("CREATE TABLE s (id INT PRIMARY KEY, v INT) ENGINE=InnoDB")
    thd.execute("SELECT * FROM s")
    assert thd.status_no_index_used
    thd.execute("SET @x = 1")
    assert not thd.status_no_index_used
