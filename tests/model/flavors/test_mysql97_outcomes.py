"""Statement outcomes (error code, SHOW WARNINGS codes) of the ``mysql-9.7`` flavour against
golden vectors recorded from the real MySQL 9.7.4 server (each script below was run on it
statement by statement; docs/RULES-mysql-9.7.md section 8)."""

from __future__ import annotations

import pytest

from tests.model.flavors._probe import Bed, error_code, show_warnings


def _outcomes(thd, script: list[tuple[str, int, list[int]]]) -> list[tuple[str, int, list[int]]]:
    """(sql, error code or 0, warning codes) for every statement of ``script``, as replbed answers."""
    got = []
    for sql, _code, _warnings in script:
        try:
            thd.execute(sql)
            code = 0
        except Exception as exc:  # noqa: BLE001 - the server error is what is compared
            code = int(getattr(exc, "code", -1))
        got.append((sql, code, [w[1] for w in show_warnings(thd)]))
    return got


def _check(tmp_path, script: list[tuple[str, int, list[int]]], flavor: str = "mysql-9.7") -> Bed:
    bed = Bed(tmp_path, flavor)
    assert _outcomes(bed.thd, script) == script
    return bed


def test_create_select_first_duplicate_fails_the_row(tmp_path):
    """MySQL's InnoDB has no bulk insert into an empty table: the first duplicate fails, once."""
    bed = _check(tmp_path, [
        ("CREATE TABLE tdup (a INT, b INT)", 0, []),
        ("INSERT INTO tdup VALUES (1,1),(1,2),(2,3),(2,4),(3,5)", 0, []),
        ("CREATE TABLE c6 (a INT PRIMARY KEY) SELECT a, b FROM tdup", 1062, [1062]),
        ("CREATE TABLE c7 (a INT PRIMARY KEY) IGNORE SELECT a, b FROM tdup", 0, [1062, 1062]),
    ])
    assert show_warnings(bed.thd)[0][2] == "Duplicate entry '1' for key 'c7.PRIMARY'"


def test_create_select_bulk_load_in_mariadb(tmp_path):
    """MariaDB 10.6+ bulk-loads the new InnoDB table: the last row's key, reported twice."""
    bed = Bed(tmp_path, "mariadb-10.11")
    t = bed.thd
    t.execute("CREATE TABLE tdup (a INT, b INT)")
    t.execute("INSERT INTO tdup VALUES (1,1),(1,2),(3,5)")
    with pytest.raises(Exception) as exc:
        t.execute("CREATE TABLE c6 (a INT PRIMARY KEY) SELECT a, b FROM tdup")
    assert getattr(exc.value, "code", None) == 1062
    assert [w[1] for w in show_warnings(t)] == [1062, 1062]


def test_functions_that_are_not_native(tmp_path):
    _check(tmp_path, [
        ("SELECT SHA1('abc')", 1305, [1305]),
        ("SELECT SHA('abc')", 1305, [1305]),
        ("SELECT MD5('abc')", 1305, [1305]),
        ("SELECT SHA2('abc', 256)", 0, []),
    ])
    bed = Bed(tmp_path / "m", "mariadb-10.11")
    assert list(bed.thd.execute("SELECT SHA1('abc')").rows[0]) == ["a9993e364706816aba3e25717850c26c9cd0d89d"]


def test_unknown_functions_are_known_to_the_compiler():
    from harness.model.flavors.mysql_sql import MySQLSql
    from harness.sql.item.func_native import NOT_NATIVE_SOMEWHERE
    assert MySQLSql.unknown_functions <= NOT_NATIVE_SOMEWHERE


_MIX = 6414


def test_engine_mix_left_by_an_autocommitted_statement(tmp_path):
    """The first engine an autocommitted statement left for the next one's 6414: a COMMIT or
    ROLLBACK of a transaction, an implicit commit, SET autocommit = 1 end it; BEGIN and
    SELECT do not; an autocommitted write of a temporary MyISAM table keeps it."""
    _check(tmp_path, [
        ("SET binlog_format = ROW", 0, [1287]),
        ("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE m (a INT) ENGINE=MyISAM", 0, []),
        ("CREATE TEMPORARY TABLE tm (a INT) ENGINE=MyISAM", 0, []),
        ("BEGIN", 0, []),
        ("DELETE FROM m WHERE a = 99", 0, []),
        ("COMMIT", 0, []),
        ("INSERT INTO t VALUES (1)", 0, []),
        ("BEGIN", 0, []),
        ("DELETE FROM m WHERE a = 99", 0, []),
        ("ROLLBACK", 0, []),
        ("INSERT INTO t VALUES (2)", 0, []),
        ("DELETE FROM m WHERE a = 99", 0, []),
        ("BEGIN", 0, []),
        ("INSERT INTO t VALUES (3)", 0, [_MIX]),
        ("COMMIT", 0, []),
        ("DELETE FROM m WHERE a = 99", 0, []),
        ("SET autocommit = 1", 0, []),
        ("INSERT INTO t VALUES (4)", 0, [_MIX]),
        ("SET autocommit = 0", 0, []),
        ("INSERT INTO tm VALUES (1)", 0, []),
        ("COMMIT", 0, []),
        ("INSERT INTO t VALUES (5)", 0, []),
        ("COMMIT", 0, []),
        ("SET autocommit = 1", 0, []),
        ("DELETE FROM m WHERE a = 99", 0, []),
        ("SELECT 1", 0, []),
        ("INSERT INTO t VALUES (6)", 0, [_MIX]),
        ("DELETE FROM m WHERE a = 99", 0, []),
        ("TRUNCATE TABLE tm", 0, []),
        ("INSERT INTO t VALUES (7)", 0, []),
        ("INSERT INTO tm VALUES (2)", 0, []),
        ("INSERT INTO t VALUES (8)", 0, [_MIX]),
        ("INSERT INTO tm VALUES (3)", 0, []),
        ("CREATE INDEX ix ON m (a)", 0, []),
        ("INSERT INTO t VALUES (9)", 0, []),
        ("CREATE TEMPORARY TABLE tmp8 ENGINE=MyISAM SELECT a FROM m", 0, []),
        ("SET autocommit = 0", 0, []),
        ("SET autocommit = 1", 0, []),
        ("INSERT INTO t VALUES (10)", 0, []),
    ])


def test_engine_mix_and_failed_temporary_create_select(tmp_path):
    """InnoDB's external_lock refusing STATEMENT at READ COMMITTED (1665) comes before the engine
    mix: the failed CREATE TEMPORARY ... SELECT leaves no engine for the next statement."""
    _check(tmp_path, [
        ("SET binlog_format = STATEMENT", 0, [1287]),
        ("CREATE TABLE m1 (id INT, c INT) ENGINE=MyISAM", 0, []),
        ("INSERT INTO m1 VALUES (1, 1)", 0, []),
        ("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED", 0, []),
        ("CREATE TEMPORARY TABLE tmp2 ENGINE=InnoDB SELECT id, c FROM m1", 1665, [1665, 1015]),
        ("SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ", 0, []),
        ("INSERT INTO m1 VALUES (5, 5)", 0, []),
    ])


def test_drop_statements_name_what_is_missing(tmp_path):
    """DROP TABLE IF EXISTS: a Note per missing table; DROP VIEW checks every name first (1347 for
    a base table, one 1051 for the missing views, nothing dropped); DROP TRIGGER of a missing
    database: 1049 (under IF EXISTS a Note with the unformatted text)."""
    _check(tmp_path, [
        ("CREATE TABLE n (a INT) ENGINE=MyISAM", 0, []),
        ("CREATE VIEW v AS SELECT a FROM n", 0, []),
        ("DROP TABLE IF EXISTS t10, t20", 0, [1051, 1051]),
        ("DROP TABLE t10, t20", 1051, [1051]),
        ("DROP TEMPORARY TABLE IF EXISTS t10, n2", 0, [1051, 1051]),
        ("DROP VIEW v1, v2", 1051, [1051]),
        ("DROP VIEW n, v1", 1347, [1347]),
        ("DROP VIEW IF EXISTS n, v1", 0, [1347, 1051]),
        ("DROP VIEW v, v1", 1051, [1051]),
        ("SELECT COUNT(*) FROM v", 0, []),
        ("DROP VIEW IF EXISTS v, v1", 0, [1051]),
        ("DROP TRIGGER nodb.tr", 1049, [1049]),
        ("DROP TRIGGER IF EXISTS nodb.tr", 0, [1049]),
        ("DROP TRIGGER IF EXISTS tr", 0, [1360]),
    ])


def test_legacy_syntax_and_snapshot_warnings(tmp_path):
    bed = _check(tmp_path, [
        ("SET binlog_format = STATEMENT", 0, [1287]),
        ("CREATE TABLE n (a INT, b VARCHAR(64)) ENGINE=MyISAM", 0, []),
        ("CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(64)) ENGINE=InnoDB", 0, []),
        ("INSERT DELAYED INTO n VALUES (1, 'a')", 0, [3005]),
        ("INSERT DELAYED INTO t VALUES (1, 'a')", 0, [3005]),
        ("REPLACE DELAYED INTO n VALUES (1, 'a')", 0, [3005]),
        ("REPLACE DELAYED INTO n VALUES (1, 'a')", 0, [3005]),  # the same text again: its own warning
        ("FLUSH PRIVILEGES", 0, [1681]),
        ("FLUSH TABLES", 0, []),
        ("SET SESSION TRANSACTION ISOLATION LEVEL READ UNCOMMITTED", 0, []),
        ("START TRANSACTION WITH CONSISTENT SNAPSHOT", 0, [138]),
        ("COMMIT", 0, []),
        ("SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE", 0, []),
        ("START TRANSACTION WITH CONSISTENT SNAPSHOT", 0, [138]),
        ("COMMIT", 0, []),
        ("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED", 0, []),
        ("START TRANSACTION WITH CONSISTENT SNAPSHOT", 0, [138]),
        ("COMMIT", 0, []),
        ("SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ", 0, []),
        ("START TRANSACTION WITH CONSISTENT SNAPSHOT", 0, []),
        ("COMMIT", 0, []),
    ])
    assert show_warnings(bed.thd) == []


def test_rollback_warns_for_temporary_tables_in_statement_format(tmp_path):
    """Transaction_ctx::push_unsafe_rollback_warnings: 1751 / 1752 for a temporary table created /
    dropped in the transaction, in STATEMENT format too, at ROLLBACK and ROLLBACK TO."""
    _check(tmp_path, [
        ("SET binlog_format = STATEMENT", 0, [1287]),
        ("CREATE TABLE tt_1 (a INT PRIMARY KEY) ENGINE=InnoDB", 0, []),
        ("BEGIN", 0, []),
        ("CREATE TEMPORARY TABLE x1 (a int) ENGINE=InnoDB", 0, []),
        ("ROLLBACK", 0, [1751]),
        ("BEGIN", 0, []),
        ("INSERT INTO tt_1 VALUES (1)", 0, []),
        ("CREATE TEMPORARY TABLE x2 (a int) ENGINE=InnoDB", 0, []),
        ("ROLLBACK", 0, [1751]),
        ("BEGIN", 0, []),
        ("CREATE TEMPORARY TABLE x4 (a int) ENGINE=InnoDB", 0, []),
        ("SAVEPOINT s", 0, []),
        ("INSERT INTO tt_1 VALUES (7)", 0, []),
        ("ROLLBACK TO s", 0, [1751]),
        ("COMMIT", 0, []),
        ("BEGIN", 0, []),
        ("CREATE TEMPORARY TABLE x5 (a int) ENGINE=MyISAM", 0, []),
        ("ROLLBACK", 0, [1751]),
        ("BEGIN", 0, []),
        ("INSERT INTO tt_1 VALUES (5)", 0, []),
        ("DROP TEMPORARY TABLE x1", 0, []),
        ("ROLLBACK", 0, [1752]),
        ("BEGIN", 0, []),
        ("DROP TEMPORARY TABLE x5", 0, []),
        ("ROLLBACK", 0, [1752]),
    ])


def test_removed_grammar(tmp_path):
    _check(tmp_path, [
        ("FLUSH TABLES, LOGS", 1064, [1064]),
        ("FLUSH LOGS, TABLES", 1064, [1064]),
        ("FLUSH TABLE", 0, []),
        ("SELECT PASSWORD('x')", 1064, [1064]),
        ("SELECT PASSWORD ('x')", 1064, [1064]),
        ("SELECT 'PASSWORD(' AS a", 0, []),
    ])


def test_update_ignore_and_multi_update_errors(tmp_path):
    """UPDATE IGNORE warns for each skipped row (1062, 1451 before 1062, 1452); a multi-table UPDATE
    failing in a table it updates after the scan adds 1105; RAND is unsafe even with a seed."""
    _check(tmp_path, [
        ("SET binlog_format = ROW", 0, [1287]),
        ("CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE c (id INT AUTO_INCREMENT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id)) "
         "ENGINE=InnoDB", 0, []),
        ("INSERT INTO p VALUES (1)", 0, []),
        ("INSERT INTO c (pid) VALUES (1)", 0, []),
        ("UPDATE IGNORE c SET pid = 9 WHERE id = 1", 0, [1452]),
        ("CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_int INT) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE t3 (id INT NOT NULL PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES t2 (id)) "
         "ENGINE=InnoDB", 0, []),
        ("INSERT INTO t2 VALUES (3, 1), (7, 2)", 0, []),
        ("INSERT INTO t3 VALUES (8, 3)", 0, []),
        ("UPDATE IGNORE t2 SET id = 7 WHERE id = 3", 0, [1451]),
        ("UPDATE IGNORE t2 SET id = 3 WHERE id = 7", 0, [1062]),
        ("CREATE TABLE a (id INT PRIMARY KEY, v INT) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE b (id INT PRIMARY KEY) ENGINE=InnoDB", 0, []),
        ("INSERT INTO a VALUES (1, 1), (2, 2)", 0, []),
        ("INSERT INTO b VALUES (1), (2)", 0, []),
        ("UPDATE IGNORE a, b SET a.id = 2 WHERE a.id = b.id AND b.id = 1", 0, [1062]),
        ("UPDATE a, b SET a.id = a.id + 1 WHERE a.id = b.id", 1062, [1062, 1105]),
        ("SET binlog_format = STATEMENT", 0, [1287]),
        ("INSERT INTO a VALUES (RAND(7) * 1000, 1)", 0, [1592]),
    ])


def test_admin_statements_writing_two_engines_are_unsafe(tmp_path):
    _check(tmp_path, [
        ("SET binlog_format = STATEMENT", 0, [1287]),
        ("CREATE TABLE t (id INT PRIMARY KEY, a INT) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE m (id INT PRIMARY KEY, a INT) ENGINE=MyISAM", 0, []),
        ("OPTIMIZE TABLE t, m", 0, [1592]),
        ("OPTIMIZE TABLE t", 0, []),
        ("ANALYZE TABLE t, m", 0, []),
        ("REPAIR TABLE t, m", 0, [1592]),
        ("CHECK TABLE t, m", 0, []),
    ])


def test_lock_tables_takes_part_in_the_engine_mix(tmp_path):
    _check(tmp_path, [
        ("SET binlog_format = ROW", 0, [1287]),
        ("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE n (a INT) ENGINE=MyISAM", 0, []),
        ("CREATE TABLE t2 (a INT) ENGINE=InnoDB", 0, []),
        ("LOCK TABLES t WRITE, n WRITE, t2 WRITE", 0, [_MIX]),
        ("INSERT INTO t VALUES (1)", 0, []),
        ("DELETE FROM n WHERE a = 99", 0, []),
        ("INSERT INTO t2 VALUES (1)", 0, [_MIX]),  # each statement under LOCK TABLES is one
        ("INSERT INTO n VALUES (1)", 0, []),
        ("UNLOCK TABLES", 0, []),
        ("LOCK TABLES n WRITE, t READ", 0, []),
        ("DELETE FROM n WHERE a = 99", 0, []),
        ("UNLOCK TABLES", 0, []),
        ("LOCK TABLES n WRITE, t WRITE", 0, [_MIX]),
        ("UNLOCK TABLES", 0, []),
        ("INSERT INTO n VALUES (3)", 0, []),
        ("INSERT INTO t VALUES (3)", 0, []),
    ])


def test_join_conversions_mysql_keeps_quiet(tmp_path):
    """A join of a DATETIME and a number column compares them as numbers (no conversion); a value
    copied into an INT key for a lookup is stored quietly (store_key::copy, CHECK_FIELD_IGNORE)."""
    _check(tmp_path, [
        ("CREATE TABLE i (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c INT) ENGINE=InnoDB", 0, []),
        ("INSERT INTO i (c) VALUES (1)", 0, []),
        ("CREATE TABLE di (id DATETIME, c INT) ENGINE=InnoDB", 0, []),
        ("INSERT INTO di VALUES ('2024-01-09 10:00:00', 1)", 0, []),
        ("UPDATE i a, di b SET a.c = 5 WHERE a.id = b.id", 0, []),
        ("CREATE TABLE s (id VARCHAR(10) UNIQUE, c INT) ENGINE=InnoDB", 0, []),
        ("INSERT INTO s VALUES ('k3', 1), ('k4', 1)", 0, []),
        ("CREATE TABLE ni (id INT NOT NULL PRIMARY KEY, c INT) ENGINE=InnoDB", 0, []),
        ("INSERT INTO ni VALUES (10, 1), (11, 1), (12, 1), (13, 1)", 0, []),
        ("DELETE a FROM s a JOIN ni b ON a.id = b.id", 0, []),
        ("CREATE TABLE one (id VARCHAR(10) NOT NULL UNIQUE, c INT) ENGINE=MyISAM", 0, []),
        ("CREATE TABLE k (id INT NOT NULL UNIQUE, c INT) ENGINE=MyISAM", 0, []),
        ("CREATE TABLE n (id INT, c INT) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE dt1 (id DATETIME, c INT) ENGINE=MyISAM", 0, []),
        ("INSERT INTO one VALUES ('k7', 1)", 0, []),
        ("INSERT INTO k VALUES (1, 1), (2, 1), (6, 1)", 0, []),
        ("INSERT INTO n VALUES (4, 1), (NULL, 1), (9, 1)", 0, []),
        ("INSERT INTO dt1 VALUES ('2024-01-02 10:00:00', 1)", 0, []),
        ("UPDATE dt1 a, n b SET b.c = 3 WHERE a.id = b.id", 0, []),
        ("UPDATE one a, k b SET b.c = 3 WHERE a.id = b.id", 0, []),
    ])


def test_a_bare_string_column_copied_into_a_shorter_one(tmp_path):
    """fill_record copies a bare column with field_conv: a VARCHAR cut into a shorter VARCHAR is
    1265 (copy_field_varstring), while an expression, a literal or another string type is 1406."""
    _check(tmp_path, [
        ("CREATE TABLE t (id INT PRIMARY KEY, s VARCHAR(3), d DECIMAL(4,1), dt DATETIME) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE src (id INT, c VARCHAR(20), n INT, ch CHAR(10)) ENGINE=InnoDB", 0, []),
        ("INSERT INTO src VALUES (1, 'abcdef', 99999999, 'xyzw'), (2, 'x', 5, 'y')", 0, []),
        ("INSERT INTO t VALUES (1, 'a', 1, NULL)", 0, []),
        ("UPDATE t a, src b SET a.s = b.c, a.d = b.n WHERE a.id = b.id", 1265, [1265]),
        ("UPDATE t a, src b SET a.s = b.ch WHERE a.id = b.id", 1406, [1406]),
        ("UPDATE IGNORE t a, src b SET a.s = b.c WHERE a.id = b.id", 0, [1265]),
        ("UPDATE t a, src b SET a.s = CONCAT(b.c, '') WHERE a.id = b.id", 1406, [1406]),
        ("UPDATE t a JOIN src b ON a.id = b.id SET a.s = 'abcdef'", 1406, [1406]),
        ("INSERT INTO t (s, id, d) SELECT c, NULL, n FROM src", 1265, [1265, 1364]),
        ("INSERT INTO t (s, id) SELECT c, id + 10 FROM src", 1265, [1265, 1364]),
    ])


def test_detached_xa_rollback_and_sql_no_cache(tmp_path):
    _check(tmp_path, [
        ("CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE m (a INT PRIMARY KEY, b INT) ENGINE=MyISAM", 0, []),
        ("XA START 'n2'", 0, []),
        ("INSERT INTO m VALUES (2, 1)", 0, []),
        ("XA END 'n2'", 0, []),
        ("XA PREPARE 'n2'", 0, []),
        ("XA ROLLBACK 'n2'", 0, [1196]),
        ("XA START 'c3'", 0, []),
        ("INSERT INTO t VALUES (6, 1)", 0, []),
        ("XA END 'c3'", 0, []),
        ("XA PREPARE 'c3'", 0, []),
        ("XA ROLLBACK 'c3'", 0, []),
        ("SELECT /*!40001 SQL_NO_CACHE */ a FROM t", 0, [1681]),
        ("SELECT SQL_NO_CACHE a FROM t", 0, [1681]),
    ])


def test_temporal_column_against_a_number_that_is_no_date(tmp_path):
    """The number constant is converted to the column's type once: one that is no date warns
    1292 (a strict UPDATE/DELETE fails on it) and the rows are compared with it as numbers."""
    bed = _check(tmp_path, [
        ("SET sql_mode = ''", 0, []),
        ("CREATE TABLE t (id INT PRIMARY KEY, d DATETIME, dd DATE) ENGINE=InnoDB", 0, []),
        ("INSERT IGNORE INTO t VALUES (1, 'bb', 'bb'), (2, '2024-01-01 00:00:00', '2024-01-01'), (3, NULL, NULL)",
         0, [1265, 1265]),
        ("UPDATE t SET id = id + 10 WHERE d = 7", 0, [1292]),
        ("UPDATE t SET id = id + 100 WHERE d = 20240101", 0, []),
        ("SELECT id FROM t WHERE dd = 7", 0, [1292]),
        ("SELECT id FROM t WHERE d < 7", 0, [1292]),
        ("SELECT id FROM t WHERE d = 0", 0, []),
        ("SET sql_mode = DEFAULT", 0, []),
        ("UPDATE t SET id = id + 10 WHERE d = 7", 1292, [1292]),
        ("DELETE FROM t WHERE dd = 7", 1292, [1292]),
    ])
    assert [list(r) for r in bed.thd.execute("SELECT id FROM t ORDER BY id").rows] == [[1], [3], [102]]


def test_values_deprecation_is_pushed_when_the_clause_resolves(tmp_path):
    bed = _check(tmp_path, [
        ("CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(64), c INT DEFAULT 7) ENGINE=InnoDB", 0, []),
        ("CREATE VIEW ve AS SELECT a AS x, b, c * 2 AS cc FROM t", 0, []),
        ("CREATE VIEW v AS SELECT a, b FROM t WHERE a > 0", 0, []),
        ("INSERT INTO ve (x, b) VALUES (101, 'dup') ON DUPLICATE KEY UPDATE b = VALUES(b)", 1471, [1471]),
        ("INSERT INTO v (a, b) VALUES (1, 'x') ON DUPLICATE KEY UPDATE b = VALUES(b)", 0, [1287]),
        ("INSERT INTO v (a, nosuch) VALUES (1, 'x') ON DUPLICATE KEY UPDATE b = VALUES(b)", 1054, [1054]),
        ("INSERT INTO nosuch (a, b) VALUES (1, 'x') ON DUPLICATE KEY UPDATE b = VALUES(b)", 1146, [1146]),
        ("INSERT INTO t (a, b) VALUES (1, 'x') ON DUPLICATE KEY UPDATE b = VALUES(nosuch)", 1054, [1054]),
    ])
    # COM_STMT_EXECUTE: the statement was parsed at COM_STMT_PREPARE, where its warnings went
    t = bed.thd
    t.prepared_execution = True
    try:
        t.execute("INSERT INTO t (a, b) VALUES (1, 'y') ON DUPLICATE KEY UPDATE b = VALUES(b)")
    finally:
        t.prepared_execution = False
    assert show_warnings(t) == []


def test_replace_over_a_referenced_row_is_an_update_for_its_children(tmp_path):
    bed = _check(tmp_path, [
        ("CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES t1 (id) "
         "ON UPDATE CASCADE) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE p (id INT NOT NULL PRIMARY KEY, v INT) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE c (id VARCHAR(10) NOT NULL PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) "
         "ON DELETE SET NULL) ENGINE=InnoDB", 0, []),
        ("INSERT INTO t1 VALUES (2, 55), (3, 1)", 0, []),
        ("INSERT INTO t2 VALUES (1, 2)", 0, []),
        ("INSERT INTO p VALUES (6, 36), (7, 1)", 0, []),
        ("INSERT INTO c VALUES ('a', 6)", 0, []),
        ("REPLACE INTO t1 (id, c_int) VALUES (2, 53)", 0, []),
        ("REPLACE INTO p (id, v) VALUES (6, 52)", 0, []),
        ("CREATE TABLE p2 (id INT NOT NULL PRIMARY KEY, u INT UNIQUE) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE c2 (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p2 (id)) ENGINE=InnoDB", 0, []),
        ("INSERT INTO p2 VALUES (6, 1), (7, 2)", 0, []),
        ("INSERT INTO c2 VALUES (1, 6)", 0, []),
        ("REPLACE INTO p2 (id, u) VALUES (9, 1)", 1451, [1451]),
        ("REPLACE INTO p2 (id, u) VALUES (6, 5)", 0, []),
    ])
    assert [list(r) for r in bed.thd.execute("SELECT * FROM c").rows] == [["a", 6]]


def test_a_functions_insert_warns_1364_on_each_call(tmp_path):
    _check(tmp_path, [
        ("SET sql_mode = ''", 0, []),
        ("CREATE TABLE t1 (id DECIMAL(6,2) NOT NULL UNIQUE, c_dec DECIMAL(5,2) NOT NULL, c_int INT) ENGINE=InnoDB",
         0, []),
        ("CREATE TABLE t2 (id INT, c_int INT) ENGINE=InnoDB", 0, []),
        ("INSERT INTO t2 VALUES (5, 64), (9, 11), (6, 14)", 0, []),
        ("CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (c_int, id) "
         "VALUES (x, 9.00); RETURN x + 1; END", 0, []),
        ("UPDATE t2 SET c_int = f_log(c_int) WHERE id > 5", 1062, [1364, 1062]),
        ("INSERT INTO t1 (c_int, id) VALUES (1, 7.00), (2, 9.00)", 0, [1364]),
    ])


def test_insert_ignore_select_odku_null_warns(tmp_path):
    _check(tmp_path, [
        ("SET sql_mode = ''", 0, []),
        ("CREATE TABLE ti (id INT PRIMARY KEY, c_int INT NOT NULL, s VARCHAR(2)) ENGINE=InnoDB", 0, []),
        ("INSERT INTO ti VALUES (1, 1, 'a')", 0, []),
        ("INSERT IGNORE INTO ti (id, c_int) SELECT 1, 5 ON DUPLICATE KEY UPDATE c_int = NULL", 0, [1048]),
    ])


def test_zero_timestamp_refused_by_no_zero_date_is_out_of_range(tmp_path):
    _check(tmp_path, [
        ("CREATE TABLE w (dt DATETIME, d DATE, ts TIMESTAMP NULL) ENGINE=MyISAM", 0, []),
        ("SET sql_mode = 'TRADITIONAL'", 0, []),
        ("INSERT IGNORE INTO w (ts) VALUES ('0000-00-00 00:00:00')", 0, [1264]),
        ("INSERT IGNORE INTO w (dt) VALUES ('0000-00-00 00:00:00')", 0, [1264]),
        ("INSERT INTO w (ts) VALUES ('0000-00-00 00:00:00')", 1292, [1292]),
    ])


def test_blackhole_rows_warning_code(tmp_path):
    _check(tmp_path, [
        ("SET binlog_format = ROW", 0, [1287]),
        ("CREATE TABLE bh (a INT, b INT) ENGINE=BLACKHOLE", 0, []),
        ("UPDATE bh SET a = 3", 0, [1870]),
        ("DELETE FROM bh WHERE a = 1", 0, [1870]),
        ("INSERT INTO bh VALUES (1, 2)", 0, []),
    ])


def test_enum_copy_and_datetime_key_lookup(tmp_path):
    """An ENUM copied into an ENUM is not a string cut; a number looked up in a unique DATETIME key
    is stored into it (1292)."""
    _check(tmp_path, [
        ("SET binlog_format = ROW", 0, [1287]),
        ("CREATE TABLE t1 (id INT PRIMARY KEY, c_enum ENUM('a','b','c')) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE t2 (id INT PRIMARY KEY, c_enum ENUM('a','b','c')) ENGINE=InnoDB", 0, []),
        ("INSERT IGNORE INTO t1 VALUES (1, 'a'), (2, 'zz'), (3, 'c')", 0, [1265]),
        ("INSERT IGNORE INTO t2 (id, c_enum) SELECT id + 10, c_enum FROM t1", 0, []),
        ("CREATE TABLE z (id INT, c INT) ENGINE=MyISAM", 0, []),
        ("INSERT INTO z VALUES (20240105, 1), (3, 1)", 0, []),
        ("CREATE TABLE dk (id DATETIME UNIQUE, c INT) ENGINE=InnoDB", 0, []),
        ("INSERT INTO dk VALUES ('2024-01-01 10:00:00', 1), ('2024-01-02 10:00:00', 1), "
         "('2024-01-03 10:00:00', 1)", 0, []),
        ("DELETE a FROM z a JOIN dk b ON a.id = b.id", 1292, [1292]),
    ])


def test_deprecated_variable_warns_before_the_scope_error_of_a_set_not_of_a_read(tmp_path):
    """sys_var::check warns 1287 before SET's scope check (1229); a read checks the scope
    first (1238 alone). 9.7.4 recorded."""
    _check(tmp_path, [
        ("SET SESSION log_bin_trust_function_creators = 1", 1229, [1287, 1229]),
        ("SET log_bin_trust_function_creators = DEFAULT", 1229, [1287, 1229]),
        ("SET SESSION binlog_format = 'FOO'", 1231, [1287, 1231]),
        ("SELECT @@session.log_bin_trust_function_creators", 1238, [1238]),
    ])


def test_with_clause_before_update_and_delete_is_mysql_grammar(tmp_path):
    """sql_yacc.yy: update_stmt and delete_stmt open with opt_with_clause (MySQL 8.0+); a
    WITH before INSERT, or inside a subquery, stays a syntax error; a CTE is no UPDATE
    target (1288). 9.7.4 recorded; MariaDB 11.8 refuses WITH ... UPDATE (1064)."""
    bed = _check(tmp_path, [
        ("CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE u (a INT, r INT) ENGINE=InnoDB", 0, []),
        ("INSERT INTO t VALUES (1,10),(2,20),(3,30),(4,40)", 0, []),
        ("INSERT INTO u VALUES (1,1),(3,3)", 0, []),
        ("WITH c AS (SELECT a FROM t) UPDATE t SET b = 0", 0, []),
        ("WITH c AS (SELECT a FROM u) UPDATE t SET b = 5 WHERE a IN (SELECT a FROM c)", 0, []),
        ("WITH c AS (SELECT a FROM u) UPDATE t, c SET t.b = 7 WHERE t.a = c.a", 0, []),
        ("WITH c AS (SELECT a FROM u) DELETE FROM t WHERE a IN (SELECT a FROM c)", 0, []),
        ("WITH c AS (SELECT 2 AS a) DELETE t FROM t, c WHERE t.a = c.a", 0, []),
        ("SELECT * FROM u WHERE a IN (WITH c AS (SELECT 1) UPDATE t SET b = 1)", 1064, [1064]),
        ("WITH c AS (SELECT 1) INSERT INTO u VALUES (9, 9)", 1064, [1064]),
        ("WITH c AS (SELECT a FROM u) UPDATE c SET a = 1", 1288, [1288]),
    ])
    assert [tuple(r) for r in bed.thd.execute("SELECT * FROM t").rows] == [(4, 0)]
    maria = Bed(tmp_path / "m", "mariadb-11.8")
    maria.thd.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT)")
    assert _outcomes(maria.thd, [("WITH c AS (SELECT a FROM t) UPDATE t SET b = 0", 1064, [1064])])[0][1] == 1064


def test_address_functions_warn_1411_with_the_printed_argument(tmp_path):
    """item_inetfunc.cc: ER_WRONG_VALUE_FOR_TYPE naming the argument as Item::print writes it,
    once per evaluation; MariaDB: NULL without a word. 9.7.4 recorded."""
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("CREATE TABLE t (a INT, s VARCHAR(10))")
    t.execute("INSERT INTO t VALUES (-1, 'zz'), (5, '1.2.3.4')")
    rows = t.execute("SELECT INET_NTOA(-1), INET_NTOA(-5 + 1), INET_NTOA(4294967296), INET_NTOA(1.5)").rows
    assert [tuple(r) for r in rows] == [(None, None, None, "0.0.0.2")]
    assert [w[2] for w in show_warnings(t)] == [
        "Incorrect integer value: '-(1)' for function inet_ntoa",
        "Incorrect integer value: '(-(5) + 1)' for function inet_ntoa",
        "Incorrect integer value: '4294967296' for function inet_ntoa"]
    t.execute("SELECT INET6_ATON('zz'), INET6_ATON(''), INET6_ATON(NULL), INET6_ATON(s) FROM t")
    assert [w[2] for w in show_warnings(t)] == [
        "Incorrect string value: ''zz'' for function inet6_aton", "Incorrect string value: '''' for function inet6_aton",
        "Incorrect string value: '`test`.`t`.`s`' for function inet6_aton",
        "Incorrect string value: ''zz'' for function inet6_aton", "Incorrect string value: '''' for function inet6_aton"]
    t.execute("SELECT INET_ATON('zz'), INET6_NTOA('zz'), INET6_NTOA(123), INET6_ATON(CONCAT('z', 'z'))")
    assert [w[2] for w in show_warnings(t)] == [
        "Incorrect string value: ''zz'' for function inet_aton", "Incorrect string value: ''zz'' for function inet6_ntoa",
        "Incorrect string value: '123' for function inet6_ntoa",
        "Incorrect string value: 'concat('z','z')' for function inet6_aton"]
    maria = Bed(tmp_path / "m", "mariadb-11.8")
    maria.thd.execute("SELECT INET_NTOA(-1), INET6_ATON('zz')")
    assert show_warnings(maria.thd) == []


def test_aes_functions_are_unsafe_for_statement_logging(tmp_path):
    """Item_func_aes_encrypt/decrypt::do_itemize: BINLOG_STMT_UNSAFE_SYSTEM_FUNCTION (the result
    depends on the unreplicated block_encryption_mode). 9.7.4 recorded in STATEMENT."""
    _check(tmp_path, [
        ("SET SESSION binlog_format = 'STATEMENT'", 0, [1287]),
        ("CREATE TABLE fx (a VARCHAR(80), b VARBINARY(64)) ENGINE=InnoDB", 0, []),
        ("INSERT INTO fx (b) VALUES (AES_ENCRYPT('text', 'key'))", 0, [1592]),
        ("UPDATE fx SET a = AES_DECRYPT(b, 'key') WHERE b IS NOT NULL AND a IS NULL", 0, [1592]),
        ("INSERT INTO fx (a) VALUES (SHA2('x', 256))", 0, []),
    ])


def test_statement_unsafe_rules_of_mysql(tmp_path):
    """9.7.4 recorded in STATEMENT: a foreign key's checked tables are opened for read (an
    AUTO_INCREMENT write is then unsafe; not a child's DELETE, nor with foreign_key_checks=0);
    ON DUPLICATE KEY UPDATE counts every unique key; a query expression's LIMIT 0 is unsafe."""
    _check(tmp_path, [
        ("SET SESSION binlog_format = 'STATEMENT'", 0, [1287]),
        ("CREATE TABLE p (id INT AUTO_INCREMENT PRIMARY KEY, v INT) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE c (id INT AUTO_INCREMENT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id)) "
         "ENGINE=InnoDB", 0, []),
        ("CREATE TABLE c2 (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE) "
         "ENGINE=InnoDB", 0, []),
        ("INSERT INTO p (v) VALUES (1), (2)", 0, []),
        ("INSERT INTO c (pid) VALUES (1)", 0, [1592]),
        ("UPDATE c SET pid = 2 WHERE id = 1", 0, [1592]),
        ("DELETE FROM c WHERE id = 1", 0, []),
        ("UPDATE p SET v = 3 WHERE id = 1", 0, [1592]),
        ("DELETE FROM p WHERE id = 2", 0, [1592]),
        ("INSERT INTO c2 VALUES (1, 1)", 0, []),
        ("SET foreign_key_checks = 0", 0, []),
        ("INSERT INTO c (pid) VALUES (1)", 0, []),
        ("SET foreign_key_checks = 1", 0, []),
        ("CREATE TABLE u2 (id INT PRIMARY KEY, a INT, b INT, UNIQUE KEY (a)) ENGINE=InnoDB", 0, []),
        ("INSERT INTO u2 (id, b) VALUES (2, 1) ON DUPLICATE KEY UPDATE b = 3", 0, [1592]),
        ("INSERT INTO u2 SET id = 5, b = 5 ON DUPLICATE KEY UPDATE b = 6", 0, [1592]),
        ("CREATE TABLE n (a INT, b INT)", 0, []),
        ("INSERT INTO n SELECT id, v FROM p LIMIT 0", 0, [1592]),
        ("INSERT INTO n SELECT a, b FROM (SELECT id AS a, v AS b FROM p LIMIT 0) d", 0, [1592]),
        ("DELETE FROM n LIMIT 0", 0, []),
    ])


def test_date_functions_warn_truncated_incorrect_date_value(tmp_path):
    """item_timefunc.cc: a function reading a DATE (TO_DAYS, DATEDIFF, DAYOFWEEK, WEEKDAY,
    LAST_DAY, DATE under NO_ZERO_DATE) warns `Truncated incorrect date value` for a string
    that is no real date; TIMESTAMPDIFF keeps `Incorrect datetime value`. 9.7.4 recorded."""
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("SET sql_mode = ''")
    t.execute("SELECT DATEDIFF('0000-00-00', '2024-01-01'), TO_DAYS('0000-00-00'), DAYOFWEEK('0000-00-00'), "
              "WEEKDAY('2024-00-05'), LAST_DAY('0000-00-00'), DATE('0000-00-00')")
    assert [w[2] for w in show_warnings(t)] == [
        "Truncated incorrect date value: '0000-00-00'", "Truncated incorrect date value: '0000-00-00'",
        "Truncated incorrect date value: '0000-00-00'", "Truncated incorrect date value: '2024-00-05'",
        "Truncated incorrect date value: '0000-00-00'"]
    rows = t.execute("SELECT TO_DAYS('x'), TO_DAYS('2024-13-01'), LAST_DAY('2024-02-30'), "
                     "DAYOFWEEK('2024-02-00 10:00:00')").rows
    assert [tuple(r) for r in rows] == [(None, None, None, None)]
    assert [w[2] for w in show_warnings(t)] == [
        "Truncated incorrect date value: 'x'", "Truncated incorrect date value: '2024-13-01'",
        "Truncated incorrect date value: '2024-02-30'", "Truncated incorrect date value: '2024-02-00 10:00:00'"]
    t.execute("SET sql_mode = 'NO_ZERO_DATE'")
    t.execute("SELECT TIMESTAMPDIFF(DAY, '0000-00-00', '2024-01-01'), LAST_DAY('0000-00-00'), DATE('0000-00-00')")
    assert [w[2] for w in show_warnings(t)] == [
        "Incorrect datetime value: '0000-00-00'", "Truncated incorrect date value: '0000-00-00'",
        "Truncated incorrect date value: '0000-00-00'"]


def test_insert_reports_the_store_of_every_generated_column(tmp_path):
    """fill_record -> update_generated_write_fields: an INSERT stores every generated column,
    VIRTUAL ones too, whatever the binlog format (9.7.4 recorded in STATEMENT)."""
    bed = _check(tmp_path, [
        ("SET SESSION binlog_format = 'STATEMENT'", 0, [1287]),
        ("CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c_int INT, g_int INT AS (c_int * 2) STORED, "
         "v_int INT AS (c_int + 1) VIRTUAL) ENGINE=InnoDB", 0, []),
        ("INSERT IGNORE INTO t1 (id, c_int) VALUES (3, 2147483648)", 0, [1264, 1264, 1264]),
        ("INSERT INTO t1 (id, c_int) VALUES (4, 2147483648)", 1264, [1264]),
    ])
    assert show_warnings(bed.thd)[0][2] == "Out of range value for column 'c_int' at row 1"


def test_a_new_temporary_table_counts_for_no_multi_statement_unsafe_rule(tmp_path):
    """decide_logging_format runs before CREATE TEMPORARY ... SELECT opens its new table: in a
    transaction that changed InnoDB, a new temporary table filled from MyISAM is safe (MariaDB:
    mixed-unsafe); below REPEATABLE READ reading InnoDB into it stays unsafe. 9.7.4 recorded."""
    _check(tmp_path, [
        ("SET SESSION binlog_format = 'STATEMENT'", 0, [1287]),
        ("CREATE TABLE t3 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dec DECIMAL(5,2)) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE m1 (id INT) ENGINE=MyISAM", 0, []),
        ("INSERT INTO m1 VALUES (1)", 0, []),
        ("START TRANSACTION", 0, []),
        ("INSERT INTO t3 (c_dec) VALUES (1.5)", 0, []),
        ("CREATE TEMPORARY TABLE x1 ENGINE=InnoDB SELECT id FROM m1", 0, []),
        ("CREATE TEMPORARY TABLE x2 ENGINE=MyISAM SELECT id FROM m1", 0, [6414]),
        ("CREATE TEMPORARY TABLE x3 ENGINE=MyISAM SELECT c_dec FROM t3", 0, []),
        ("COMMIT", 0, []),
        ("SET SESSION TRANSACTION ISOLATION LEVEL READ UNCOMMITTED", 0, []),
        ("START TRANSACTION", 0, []),
        ("CREATE TEMPORARY TABLE x4 ENGINE=MyISAM SELECT c_dec FROM t3", 0, [1592]),
        ("CREATE TEMPORARY TABLE x5 ENGINE=MyISAM SELECT id FROM m1", 0, []),
    ])


def test_a_cascade_into_an_auto_increment_child_is_unsafe(tmp_path):
    """The child a cascade changes is written with its parent read again: an AUTO_INCREMENT
    child makes the parent's DELETE/UPDATE unsafe; a RESTRICT child does not (9.7.4 recorded)."""
    _check(tmp_path, [
        ("SET SESSION binlog_format = 'STATEMENT'", 0, [1287]),
        ("CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE c (id INT AUTO_INCREMENT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) "
         "ON DELETE CASCADE) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE p2 (id INT PRIMARY KEY) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE c2 (id INT AUTO_INCREMENT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p2 (id) "
         "ON UPDATE CASCADE) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE p3 (id INT PRIMARY KEY) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE c3 (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p3 (id) ON DELETE CASCADE) "
         "ENGINE=InnoDB", 0, []),
        ("INSERT INTO p VALUES (1), (2)", 0, []),
        ("INSERT INTO p2 VALUES (1), (2)", 0, []),
        ("INSERT INTO p3 VALUES (1), (2)", 0, []),
        ("DELETE FROM p WHERE id = 1", 0, [1592]),
        ("DELETE FROM p2 WHERE id = 1", 0, []),
        ("UPDATE p2 SET id = 5 WHERE id = 2", 0, [1592, 1592]),
        ("DELETE FROM p3 WHERE id = 1", 0, []),
    ])


def test_a_cascade_child_is_a_prelocked_auto_increment_table(tmp_path):
    """The unsafe reasons 9.7.4 gives: a DELETE cascade into an AUTO_INCREMENT child is
    AUTOINC_COLUMNS alone; an UPDATE cascade adds WRITE_AUTOINC_SELECT (the child's parent read)."""
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    for sql in ("SET SESSION binlog_format = 'STATEMENT'", "CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB",
                "CREATE TABLE c (id INT AUTO_INCREMENT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) "
                "ON DELETE CASCADE ON UPDATE CASCADE) ENGINE=InnoDB", "INSERT INTO p VALUES (1), (2)"):
        t.execute(sql)
    t.execute("DELETE FROM p WHERE id = 1")
    assert [w[2].split(". ", 1)[1][:40] for w in show_warnings(t)] == ["Statement is unsafe because it invokes a"]
    t.execute("UPDATE p SET id = 5 WHERE id = 2")
    assert [w[2].split(". ", 1)[1][:40] for w in show_warnings(t)] == [
        "Statement is unsafe because it invokes a", "Statements writing to a table with an au"]


def test_two_unique_keys_unsafe_text_keeps_its_double_space(tmp_path):
    """ER_BINLOG_UNSAFE_INSERT_TWO_KEYS as 9.7.4 words it (recorded: fid_insert_select_odku_unsafe)."""
    bed = Bed(tmp_path, "mysql-9.7")
    for sql in ("SET SESSION binlog_format = 'STATEMENT'",
                "CREATE TABLE u (id INT PRIMARY KEY, a INT, UNIQUE KEY (a)) ENGINE=InnoDB",
                "INSERT INTO u VALUES (1, 1) ON DUPLICATE KEY UPDATE a = 2"):
        bed.thd.execute(sql)
    assert show_warnings(bed.thd)[0][2].endswith(
        "STATEMENT. INSERT... ON DUPLICATE KEY UPDATE  on a table with more than one UNIQUE KEY is unsafe")


def test_update_of_a_merged_derived_table_names_its_base_table(tmp_path):
    """9.7.4 recorded (gaps_derived_tables): the derived table is merged before the check."""
    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT)")
    bed.thd.execute("CREATE TABLE n (a INT, b INT)")
    assert error_code(bed.thd, "UPDATE t, (SELECT a FROM n) AS d SET d.a = 1 WHERE t.a = d.a") == 1288
    assert show_warnings(bed.thd)[0][2] == "The target table n of the UPDATE is not updatable"


def test_system_variables_unsafe_to_read(tmp_path):
    """9.7.4 recorded in STATEMENT: which @@variables make an INSERT unsafe (1592)."""
    unsafe = {"explicit_defaults_for_timestamp", "autocommit", "default_week_format"}
    script = [("SET SESSION binlog_format = 'STATEMENT'", 0, [1287]), ("CREATE TABLE t (a INT, b INT)", 0, [])]
    for i, v in enumerate(["unique_checks", "foreign_key_checks", "explicit_defaults_for_timestamp",
                           "auto_increment_increment", "sql_auto_is_null", "autocommit", "auto_increment_offset",
                           "pseudo_thread_id", "default_week_format"]):
        script.append((f"INSERT INTO t VALUES ({i}, @@{v})", 0, [1592] if v in unsafe else []))
    _check(tmp_path, script)


def test_invalid_default_is_stored_within_the_statement(tmp_path):
    """9.7.4 recorded: the DEFAULT's store at row 1, an error in a strict sql_mode."""
    bed = Bed(tmp_path, "mysql-9.7")
    got = []
    for mode, sql in (("DEFAULT", "CREATE TABLE a2 (c VARCHAR(2) DEFAULT 'abcd')"),
                      ("DEFAULT", "CREATE TABLE a3 (c INT DEFAULT 99999999999)"),
                      ("''", "CREATE TABLE a4 (c VARCHAR(2) DEFAULT 'abcd')"),
                      ("''", "CREATE TABLE a5 (c INT DEFAULT 99999999999)")):
        bed.thd.execute(f"SET sql_mode = {mode}")
        assert error_code(bed.thd, sql) == 1067
        got.append([tuple(w) for w in show_warnings(bed.thd)][0])
    assert got == [("Error", 1406, "Data too long for column 'c' at row 1"),
                   ("Error", 1264, "Out of range value for column 'c' at row 1"),
                   ("Warning", 1265, "Data truncated for column 'c' at row 1"),
                   ("Warning", 1264, "Out of range value for column 'c' at row 1")]


def test_create_select_keeps_a_resolve_time_conversion_a_warning(tmp_path):
    """A DATETIME column against a number that is no date: the constant is converted while the
    statement is resolved (convert_constant_item). A strict CREATE ... SELECT pushes its
    Strict_error_handler only for the execution, so the 1292 stays a warning and the table is
    created; a per-row conversion (DECIMAL against 'x') still fails it (9.7.4 recorded:
    fid_single_datetime_equality_literal, fid_single_number_column_string_literal)."""
    _check(tmp_path, [
        ("CREATE TABLE t (id INT, dt DATETIME) ENGINE=InnoDB", 0, []),
        ("INSERT INTO t VALUES (1, NULL), (2, '2020-01-01 00:00:00')", 0, []),
        ("CREATE TABLE t2 SELECT id FROM t WHERE dt = 5", 0, [1292]),
        ("CREATE TABLE d (id INT, d DECIMAL(5,2)) ENGINE=InnoDB", 0, []),
        ("INSERT INTO d VALUES (1, NULL), (2, 1.50)", 0, []),
        ("CREATE TABLE t3 ENGINE=InnoDB SELECT id, d FROM d WHERE d = 'x'", 1292, [1292]),
    ])


def test_foreign_keys_make_auto_increment_writes_unsafe(tmp_path):
    """MySQL 8+ prelocks a written child's parents for read, so an INSERT into an
    AUTO_INCREMENT child writes "after selecting from another table" (WRITE_AUTOINC_SELECT),
    and a parent's DELETE cascading into an AUTO_INCREMENT child writes it as a prelocked
    table (AUTOINC_COLUMNS): Note 1592 in STATEMENT (9.7.4 recorded: fk_insert_ignore,
    fk_cascade_autoinc_child). MariaDB logs both safely."""
    script = [
        ("SET SESSION binlog_format = 'STATEMENT'", 0, [1287]),  # deprecated in 9.x
        ("CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB", 0, []),
        ("CREATE TABLE c (id INT AUTO_INCREMENT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) "
         "ON DELETE CASCADE) ENGINE=InnoDB", 0, []),
        ("INSERT INTO p VALUES (1), (2)", 0, []),
        ("INSERT INTO c (pid) VALUES (1), (2)", 0, [1592]),
        ("DELETE FROM p WHERE id = 1", 0, [1592]),
    ]
    bed = _check(tmp_path / "my", script)
    texts = [w[2] for w in show_warnings(bed.thd)]
    assert "inserts into an AUTO_INCREMENT column" in texts[0]
    maria = Bed(tmp_path / "mdb", "mariadb-10.11")
    assert _outcomes(maria.thd, script) == [(s, c, []) for s, c, _w in script]
