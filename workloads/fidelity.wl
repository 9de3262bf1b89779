# Rules found by random differential testing (issue 10): each case is the minimal
# repro of one mismatch class, confirmed against MariaDB 10.11, with a few neighbours.

[case fid_update_no_match_logs_nothing]
rule = seed002.logging.no_rows_changed
seed = 002
description = an UPDATE/DELETE that matches no row logs nothing in any format (both engines, autocommit and in a transaction)
setup: CREATE TABLE t (id INT PRIMARY KEY, a INT) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY, a INT) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1, 1), (2, 2)
setup: INSERT INTO m VALUES (1, 1), (2, 2)
con1: UPDATE t SET a = 5 WHERE id = 9
con1: UPDATE m SET a = 5 WHERE id = 9
con1: UPDATE m SET a = 1 WHERE id = 1
con1: UPDATE t SET a = a WHERE id > 0
con1: DELETE FROM m WHERE id = 9
con1: DELETE FROM t WHERE id = 9
con1: BEGIN
con1: UPDATE t SET a = 7 WHERE id = 9
con1: UPDATE m SET a = 7 WHERE id = 9  => mysql-9.7-gtid-on/MIXED:1785,mysql-9.7-gtid-on/STATEMENT:1785
con1: COMMIT
con1: INSERT INTO t VALUES (3, 3)
con1: UPDATE t, m SET t.a = 5, m.a = 5 WHERE t.id = m.id AND t.id = 9  => mysql-9.7-gtid-on:1785
con1: UPDATE t JOIN m ON t.id = m.id SET t.a = 6 WHERE m.a = 100
con1: UPDATE m SET a = 5 WHERE id > 5 ORDER BY id LIMIT 1
con1: UPDATE IGNORE t SET id = 1 WHERE id = 2
con1: UPDATE IGNORE m SET a = 1 WHERE id = 9
con1: DELETE t, m FROM t JOIN m ON t.id = m.id WHERE t.id = 9  => mysql-9.7-gtid-on:1785
con1: UPDATE t SET a = (SELECT MAX(a) FROM m) WHERE id = 9
con1: UPDATE m SET a = (SELECT MAX(a) FROM t) WHERE id = 9
con1: UPDATE t SET a = 2 WHERE id = 2
con1: CREATE TEMPORARY TABLE tt (id INT PRIMARY KEY, a INT)
con1: UPDATE tt SET a = 1 WHERE id = 1

[case fid_rand_in_update_unsafe]
rule = seed002.unsafe.rand_update
seed = 002
description = RAND() in UPDATE/DELETE is unsafe: note 1592 in STATEMENT, rows in MIXED
setup: CREATE TABLE t (id INT PRIMARY KEY, a INT) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY, a INT) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1, 1), (2, 2)
setup: INSERT INTO m VALUES (1, 1), (2, 2)
con1: UPDATE t SET a = a + 1 WHERE RAND() >= 0
con1: UPDATE m SET a = FLOOR(RAND() * 0) + 3 WHERE id = 1
con1: DELETE FROM t WHERE id = 2 AND RAND() < 2
con1: DELETE FROM m WHERE RAND() < 0
con1: INSERT INTO t VALUES (5, FLOOR(RAND() * 0))
con1: INSERT INTO t SELECT id + 10, FLOOR(RAND()*0) FROM m
con1: REPLACE INTO t VALUES (1, FLOOR(RAND() * 0))
con1: INSERT INTO t VALUES (1, 0) ON DUPLICATE KEY UPDATE a = FLOOR(RAND() * 0) + 1
con1: CREATE TABLE c SELECT id FROM m WHERE RAND() < 2
con1: CREATE TRIGGER tr AFTER INSERT ON m FOR EACH ROW UPDATE t SET a = FLOOR(RAND() * 0) + NEW.a WHERE id = NEW.id
con1: INSERT INTO m VALUES (5, 5)  => mysql-9.7-gtid-on:1785
con1: CREATE TRIGGER tr2 AFTER DELETE ON m FOR EACH ROW INSERT INTO t VALUES (OLD.id + 100, FLOOR(RAND() * 0))
con1: DELETE FROM m WHERE id = 5  => mysql-9.7-gtid-on:1785

[case fid_insert_select_odku_unsafe]
rule = seed002.unsafe.insert_select_on_duplicate
seed = 002
description = INSERT ... SELECT ... ON DUPLICATE KEY UPDATE is unsafe whatever keys the table has (1592, rows in MIXED); INSERT ... VALUES ... ODKU is unsafe when two unique keys lie in the write set (the INSERT's columns, the UPDATE part's, the AUTO_INCREMENT column); a NOT NULL column the UPDATE part assigns is not missing (no 1364)
setup: CREATE TABLE t (id INT PRIMARY KEY, a INT) ENGINE=InnoDB
setup: CREATE TABLE s (id INT PRIMARY KEY, a INT) ENGINE=InnoDB
setup: CREATE TABLE u (id INT PRIMARY KEY, a INT, UNIQUE KEY (a)) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1, 1), (2, 2)
setup: INSERT INTO s VALUES (1, 10), (3, 30)
con1: INSERT INTO t SELECT id, a FROM s ON DUPLICATE KEY UPDATE a = VALUES(a)
con1: INSERT INTO t SELECT id, a FROM s WHERE id = 3 ON DUPLICATE KEY UPDATE a = 5
con1: INSERT INTO u VALUES (1, 1) ON DUPLICATE KEY UPDATE a = 2
con1: INSERT INTO u SELECT id, a FROM s ON DUPLICATE KEY UPDATE a = 7
con1: INSERT IGNORE INTO t SELECT id, a FROM s
con1: CREATE TABLE nk (id INT, a INT) ENGINE=InnoDB
con1: INSERT INTO nk SELECT id, a FROM s ON DUPLICATE KEY UPDATE a = 5
con1: CREATE TABLE u2 (id INT PRIMARY KEY, a INT, b INT, UNIQUE KEY (a)) ENGINE=InnoDB
con1: INSERT INTO u2 (id, b) VALUES (1, 1) ON DUPLICATE KEY UPDATE a = 3
con1: INSERT INTO u2 (id, b) VALUES (2, 1) ON DUPLICATE KEY UPDATE b = 3
con1: INSERT INTO u2 (id, a) VALUES (2, 1) ON DUPLICATE KEY UPDATE b = 4
con1: INSERT INTO u2 (a, b) VALUES (3, 1) ON DUPLICATE KEY UPDATE id = 4  => mysql-9.7:1364
con1: INSERT INTO u2 (a, b) VALUES (1, 1) ON DUPLICATE KEY UPDATE id = 4  => mysql-9.7:1364
con1: INSERT INTO u2 SET id = 5, b = 5 ON DUPLICATE KEY UPDATE b = 6

[case fid_disconnect_temp_drop_and_rollback]
rule = seed002.temporary_tables.disconnect
seed = 002
description = a connection closing with an open transaction over a MyISAM change and an open temporary table: the ROLLBACK group and the DROP TEMPORARY group come in the server's order
setup: CREATE TABLE t (id INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY) ENGINE=MyISAM
con1: CREATE TEMPORARY TABLE tt (id INT) ENGINE=InnoDB
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: INSERT INTO m VALUES (1)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO tt VALUES (1)
con2: INSERT INTO t VALUES (2)

[case fid_create_select_autoinc_pk]
rule = seed002.create_select.column_types
seed = 002
description = CREATE TABLE ... (PRIMARY KEY (id)) SELECT from an AUTO_INCREMENT column: the column is NOT NULL DEFAULT 0 in the logged CREATE
setup: CREATE TABLE s (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, k INT, v VARCHAR(10)) ENGINE=InnoDB
setup: INSERT INTO s (k, v) VALUES (1, 'a'), (2, 'b')
con1: CREATE TABLE c1 (PRIMARY KEY (id)) SELECT id, k FROM s
con1: CREATE TABLE c2 SELECT id, k FROM s
con1: CREATE TABLE c3 (PRIMARY KEY (k)) SELECT k, v FROM s
con1: CREATE TABLE c4 (UNIQUE KEY (id)) ENGINE=MyISAM SELECT id FROM s  => mysql-9.7-gtid-on:1786
con1: INSERT INTO c2 (k) VALUES (5)
con1: CREATE TABLE u (id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT, PRIMARY KEY (id)) ENGINE=MyISAM
con1: INSERT INTO u VALUES (NULL), (NULL)
con1: CREATE TABLE c5 SELECT u.id, s.k FROM u JOIN s ON s.id = u.id

[case fid_create_select_computed]
rule = seed002.create_select.column_types
seed = 002
description = CREATE ... SELECT with computed columns derives the column types as the server does
setup: CREATE TABLE s (id INT PRIMARY KEY, k INT, b BIGINT, d DECIMAL(6,2), v VARCHAR(10), dt DATETIME, f FLOAT) ENGINE=InnoDB
setup: INSERT INTO s VALUES (1, 2, 3, 1.50, 'ab', '2020-01-01 00:00:00', 1.5)
con1: CREATE TABLE c1 SELECT id, k * 2 AS k2 FROM s
con1: CREATE TABLE c2 SELECT k + 1 AS a, b * 2 AS b2, d * 2 AS d2, -k AS nk FROM s
con1: CREATE TABLE c3 SELECT CONCAT(v, 'x') AS cv, k + 0.5 AS kf, 7 AS seven FROM s
con1: CREATE TABLE c4 SELECT k DIV 2 AS q, k / 2 AS r, k MOD 2 AS m2 FROM s
con1: CREATE TABLE c5 ENGINE=MyISAM SELECT id * id * id AS c, COALESCE(k, 0) AS ck, IFNULL(d, k) AS dk, IF(id > 0, id, 2) AS i FROM s  => mysql-9.7-gtid-on:1786
con1: CREATE TABLE c6 (PRIMARY KEY (k2)) SELECT k * 2 AS k2, k > 1 AS gt, k IN (1, 2) AS isin, CASE WHEN id > 0 THEN 1 ELSE 2 END AS cs FROM s
con1: CREATE TABLE c7 SELECT f * 2 AS f2, -d AS nd, d / k AS dk, b + 1 AS b1 FROM s
con1: INSERT INTO c1 (id) VALUES (2)

[case fid_minimal_odku_after_image]
rule = seed002.row_image.minimal
seed = 002
description = with binlog_row_image=MINIMAL the after-image of ON DUPLICATE KEY UPDATE holds the statement's write set: the INSERT's columns (the key among them), the assigned ones and the AUTO_INCREMENT column
formats = ROW MIXED
con1.binlog_row_image = MINIMAL
setup: CREATE TABLE t (id INT PRIMARY KEY, a INT, b INT) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY, a INT, b INT) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1, 1, 1)
setup: INSERT INTO m VALUES (1, 1, 1)
con1: INSERT INTO t VALUES (1, 5, 5) ON DUPLICATE KEY UPDATE a = 9
con1: INSERT INTO m VALUES (1, 5, 5) ON DUPLICATE KEY UPDATE b = VALUES(b)
con1: INSERT INTO t VALUES (2, 5, 5) ON DUPLICATE KEY UPDATE a = 9
con1: UPDATE t SET a = 3 WHERE id = 1
con1: INSERT INTO t (id, a) VALUES (1, 5) ON DUPLICATE KEY UPDATE b = 9
con1: INSERT INTO t (id) VALUES (1) ON DUPLICATE KEY UPDATE b = 10, a = 3
con1: CREATE TABLE u (id INT PRIMARY KEY, a INT, b INT, c INT, UNIQUE KEY (a)) ENGINE=InnoDB
con1: INSERT INTO u VALUES (1, 1, 1, 1)
con1: INSERT INTO u (id, a) VALUES (7, 1) ON DUPLICATE KEY UPDATE b = 9
con1: INSERT INTO u (a) VALUES (1) ON DUPLICATE KEY UPDATE c = 9  => ROW:1364,MIXED:1364
con1: CREATE TABLE ai (id INT AUTO_INCREMENT PRIMARY KEY, a INT, b INT, UNIQUE KEY (a)) ENGINE=InnoDB
con1: INSERT INTO ai VALUES (1, 1, 1)
con1: INSERT INTO ai (a) VALUES (1) ON DUPLICATE KEY UPDATE b = 9
con1: INSERT INTO ai (a, b) VALUES (1, 3) ON DUPLICATE KEY UPDATE b = VALUES(b)
con1: INSERT INTO t SELECT 1, 2, 3 ON DUPLICATE KEY UPDATE b = 7

[case fid_disconnect_temp_drop_and_rollback_2]
rule = seed002.temporary_tables.disconnect
seed = 002
description = the same with autocommit=0, a MyISAM temporary table written inside the transaction and a second database
con1.autocommit = 0
setup: CREATE TABLE t (id INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY) ENGINE=MyISAM
con1: CREATE TEMPORARY TABLE tm (id INT) ENGINE=MyISAM  => mysql-9.7-gtid-on/STATEMENT:3748
con1: CREATE TEMPORARY TABLE tt (id INT) ENGINE=InnoDB  => mysql-9.7-gtid-on/STATEMENT:3748
con1: INSERT INTO t VALUES (1)
con1: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on/STATEMENT:1146
con1: INSERT INTO m VALUES (1)  => mysql-9.7-gtid-on:1785
con2: INSERT INTO t VALUES (2)

[case fid_update_unchanged_row_innodb_rw]
rule = seed000.commit.xid_or_query
seed = 000
description = an UPDATE that matches an InnoDB row without changing it calls the engine (and ends with Xid) unless every assigned column was read: InnoDB reads only the columns a statement uses (HA_PARTIAL_COLUMN_READ)
setup: CREATE TABLE t (id INT PRIMARY KEY, a INT, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (id INT, a INT, b INT) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY, a INT) ENGINE=MyISAM
setup: CREATE TABLE g (id INT PRIMARY KEY, a INT, b INT) ENGINE=InnoDB
setup: CREATE TRIGGER g_bu BEFORE UPDATE ON g FOR EACH ROW SET @x = OLD.a
setup: INSERT INTO t VALUES (1, 1, 1), (2, 2, 2)
setup: INSERT INTO n VALUES (1, 1, 1), (2, 2, 2)
setup: INSERT INTO m VALUES (1, 1), (2, 2)
setup: INSERT INTO g VALUES (1, 1, 1), (2, 2, 2)
con1: UPDATE t SET a = 2 WHERE id = 2
con1: UPDATE t SET a = 2 WHERE id = 2 AND a = 2
con1: UPDATE t SET a = a WHERE id = 1
con1: UPDATE t SET a = 2 WHERE id > 1
con1: UPDATE n SET a = 2 WHERE id = 2
con1: UPDATE t SET a = b WHERE id = 2
con1: UPDATE t SET a = 2, b = 2 WHERE b = 2
con1: UPDATE t SET a = 2 WHERE id = 2 ORDER BY a
con1: UPDATE g SET a = 2 WHERE id = 2
con1: UPDATE g SET b = 2 WHERE id = 2
con1: UPDATE m SET a = 2 WHERE id = 2
con1: UPDATE t, m SET t.a = 2 WHERE t.id = m.id AND m.id = 2
con1: UPDATE t, m SET t.a = m.a WHERE t.id = m.id AND m.id = 2
con1: UPDATE m, t SET m.a = 2, t.a = 2 WHERE t.id = m.id AND m.id = 2  => mysql-9.7-gtid-on:1785
con1: UPDATE t, m SET t.a = t.a WHERE t.id = m.id AND m.id = 2
con1: BEGIN
con1: INSERT INTO m VALUES (3, 3)
con1: UPDATE t SET a = 2 WHERE id = 2
con1: COMMIT

[case fid_err_1442_function_changes_used_table]
rule = errors.stored_routine.1442
seed = 002
description = a stored function or trigger may not change a table the invoking statement (or an enclosing routine statement) uses (1442); the error is followed by a Note 4094 per routine, innermost first, the line counted in the definition as stored
setup: CREATE TABLE t (id INT PRIMARY KEY, a INT) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY, a INT) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1, 1), (2, 2)
setup: INSERT INTO m VALUES (1, 1), (2, 2)
setup: CREATE FUNCTION f_t() RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN UPDATE t SET a = a + 1; RETURN 1; END
setup: CREATE FUNCTION f_m() RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO m VALUES (10, 10); RETURN 1; END
setup: CREATE TRIGGER m_ai AFTER INSERT ON m FOR EACH ROW UPDATE m SET a = 0 WHERE id = 1
con1: SELECT f_t() FROM t => 1442
con1: UPDATE t SET a = f_t() WHERE id = 1 => 1442
con1: INSERT INTO t VALUES (3, f_t()) => 1442
con1: INSERT INTO m VALUES (5, 5) => 1442
con1: UPDATE t SET a = f_m() WHERE id = 1  => 1442,mysql-9.7-gtid-on:1785
con1: DELETE FROM t WHERE id = f_t() => 1442
con1: INSERT INTO t SELECT id + 20, f_m() FROM m => 1442,mysql-9.7-gtid-on:1785
con1: CREATE TABLE z (id INT PRIMARY KEY) ENGINE=InnoDB
con1: CREATE TRIGGER z_ai AFTER INSERT ON z FOR EACH ROW INSERT INTO t VALUES (NEW.id, 0)
con1: INSERT INTO z VALUES (50)
con1: INSERT INTO z SELECT id + 60 FROM t => 1442
con1: UPDATE t SET a = a + 1 WHERE id = 50
con1: CREATE FUNCTION f_dup() RETURNS INT DETERMINISTIC BEGIN INSERT INTO t VALUES (1, 1); RETURN 1; END
con1: SELECT f_dup() => 1062

[case fid_err_1052_ambiguous_odku]
rule = errors.name_resolution.1052
seed = 002
description = INSERT ... SELECT ... ON DUPLICATE KEY UPDATE naming a column both the target and the SELECT's table have is ambiguous (1052)
setup: CREATE TABLE t (id INT PRIMARY KEY, a INT) ENGINE=InnoDB
setup: CREATE TABLE s (id INT PRIMARY KEY, a INT, b INT) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1, 1)
setup: INSERT INTO s VALUES (1, 5, 6)
con1: INSERT INTO t SELECT id, a FROM s ON DUPLICATE KEY UPDATE a = a + 1 => 1052
con1: INSERT INTO t SELECT id, a FROM s ON DUPLICATE KEY UPDATE a = b
con1: INSERT INTO t SELECT id, a FROM s ON DUPLICATE KEY UPDATE a = t.a + s.b
con1: INSERT INTO t SELECT s.id, s.a FROM s ON DUPLICATE KEY UPDATE a = VALUES(a)
con1: INSERT INTO t SELECT x.id, x.a FROM s AS x ON DUPLICATE KEY UPDATE a = id => 1052
con1: INSERT INTO t SELECT * FROM (SELECT id, a FROM s) AS d ON DUPLICATE KEY UPDATE a = d.a + 1
con1: CREATE TABLE w (id INT PRIMARY KEY, c INT, dt DATETIME, v VARCHAR(5)) ENGINE=MyISAM
con1: INSERT INTO w VALUES (1, 40, '2021-03-04 05:06:07', 'xy')
con1: INSERT INTO t SELECT s.id, w.c FROM s JOIN w ON w.id = s.id ON DUPLICATE KEY UPDATE a = c + b + YEAR(dt) + LENGTH(v)
con1: INSERT INTO t SELECT s.id, w.c FROM s JOIN w ON w.id = s.id ON DUPLICATE KEY UPDATE a = id => 1052

[case fid_err_strict_update_myisam_1264]
rule = errors.strict.update_stops
seed = 002
description = strict UPDATE on MyISAM stops at the first failing row with 1264: the rows before it stay changed and the Query is logged with the error code; InnoDB rolls the statement back
session.sql_mode = 'STRICT_ALL_TABLES'
setup: CREATE TABLE m (id INT PRIMARY KEY, a TINYINT) ENGINE=MyISAM
setup: CREATE TABLE t (id INT PRIMARY KEY, a TINYINT) ENGINE=InnoDB
setup: INSERT INTO m VALUES (1, 100), (2, 120), (3, 10)
setup: INSERT INTO t VALUES (1, 100), (2, 120), (3, 10)
con1: UPDATE m SET a = a + 10 => 1264
con1: UPDATE t SET a = a + 10 => 1264
con1: UPDATE m SET a = a * 2 WHERE id > 1 => 1264
con1: UPDATE IGNORE m SET a = a + 100
con1: INSERT INTO m VALUES (4, 1), (5, 300), (6, 1) => 1264

[case fid_err_traditional_is_strict]
rule = errors.strict.traditional
seed = 002
description = sql_mode=TRADITIONAL is strict (STRICT_TRANS_TABLES, STRICT_ALL_TABLES, NO_ZERO_DATE, ERROR_FOR_DIVISION_BY_ZERO ...)
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t (id INT PRIMARY KEY, a TINYINT, v VARCHAR(3), n INT NOT NULL) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY, a TINYINT, v VARCHAR(3), n INT NOT NULL) ENGINE=MyISAM
con1: INSERT INTO t VALUES (1, 300, 'a', 1) => 1264
con1: INSERT INTO t VALUES (2, 1, 'abcd', 1) => 1406
con1: INSERT INTO m VALUES (1, 300, 'a', 1) => 1264
con1: INSERT INTO t (id, a) VALUES (3, 1) => 1364
con1: INSERT INTO t VALUES (4, 1, 'a', NULL) => 1048
con1: INSERT INTO t VALUES (5, 1, 'a', 1)
con1: UPDATE t SET a = 1000 WHERE id = 5 => 1264
con1: SELECT @@sql_mode

[case fid_err_multi_update_not_null_1048]
rule = errors.strict.multi_update_null
seed = 002
description = a multi-table UPDATE assigning NULL to a NOT NULL column gives 1048 (strict) or a warning and the zero value (not strict)
setup: CREATE TABLE t (id INT PRIMARY KEY, a INT NOT NULL) ENGINE=InnoDB
setup: CREATE TABLE s (id INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1, 1), (2, 2)
setup: INSERT INTO s VALUES (1, NULL), (2, 5)
con1: UPDATE t, s SET t.a = s.b WHERE t.id = s.id => 1048
con1: UPDATE t, s SET t.a = NULL WHERE t.id = s.id AND s.id = 2 => 1048
con1: UPDATE t JOIN s ON t.id = s.id SET t.a = s.b WHERE s.id = 2
con1: UPDATE IGNORE t, s SET t.a = s.b WHERE t.id = s.id
con1: CREATE TABLE m (id INT PRIMARY KEY, a INT NOT NULL) ENGINE=MyISAM
con1: INSERT INTO m VALUES (1, 1), (2, 2)
con1: UPDATE m, s SET m.a = s.b WHERE m.id = s.id AND s.id = 1 => 1048
con1: SET SESSION sql_mode = ''
con1: UPDATE t, s SET t.a = s.b WHERE t.id = s.id
con1: UPDATE m, s SET m.a = s.b WHERE m.id = s.id

[case fid_err_strict_trans_update_myisam]
rule = errors.strict.update_stops
seed = 002
description = STRICT_TRANS_TABLES on MyISAM: an UPDATE's bad value is an error until the statement has changed a row of a non-transactional table, a warning after (THD::really_abort_on_warning)
setup: CREATE TABLE m (id INT PRIMARY KEY, a TINYINT) ENGINE=MyISAM
setup: INSERT INTO m VALUES (1, 100), (2, 120), (3, 10)
con1: UPDATE m SET a = IF(id = 1, a, a + 10) => 1264
con1: UPDATE m SET a = a + 10  => 1264
con1: UPDATE m SET a = IF(id = 3, a + 200, a) => 1264
con1: INSERT INTO m VALUES (4, 1), (5, 300), (6, 1)
con1: INSERT INTO m VALUES (7, 300), (8, 1) => 1264
con1: INSERT INTO m VALUES (1, 1), (9, 300) => 1062

[case fid_rows_truncate_resets_autoinc]
rule = seed002.autoinc.truncate
seed = 002
description = TRUNCATE resets the AUTO_INCREMENT counter (InnoDB and MyISAM); DELETE does not
setup: CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, a INT) ENGINE=InnoDB
setup: CREATE TABLE m (id INT AUTO_INCREMENT PRIMARY KEY, a INT) ENGINE=MyISAM
con1: INSERT INTO t (a) VALUES (1), (2), (3)
con1: INSERT INTO m (a) VALUES (1), (2), (3)
con1: TRUNCATE TABLE t
con1: TRUNCATE m
con1: INSERT INTO t (a) VALUES (4)
con1: INSERT INTO m (a) VALUES (4)
con1: DELETE FROM t
con1: DELETE FROM m
con1: INSERT INTO t (a) VALUES (5)
con1: INSERT INTO m (a) VALUES (5)

[case fid_rows_ignored_explicit_id_keeps_counter]
rule = seed002.autoinc.explicit_ignored
seed = 002
description = an explicit AUTO_INCREMENT value raises the counter only when its row is written: an INSERT IGNORE row dropped as a duplicate, or an ON DUPLICATE KEY UPDATE row that updated another, leaves it
setup: CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, u INT, UNIQUE KEY (u)) ENGINE=InnoDB
setup: CREATE TABLE m (id INT AUTO_INCREMENT PRIMARY KEY, u INT, UNIQUE KEY (u)) ENGINE=MyISAM
con1: INSERT INTO t (u) VALUES (1), (2)
con1: INSERT INTO m (u) VALUES (1), (2)
con1: INSERT IGNORE INTO t VALUES (10, 1)
con1: INSERT IGNORE INTO m VALUES (10, 1)
con1: INSERT INTO t (u) VALUES (3)
con1: INSERT INTO m (u) VALUES (3)
con1: INSERT INTO t VALUES (20, 2) ON DUPLICATE KEY UPDATE u = 5
con1: INSERT INTO m VALUES (20, 2) ON DUPLICATE KEY UPDATE u = 5
con1: INSERT INTO t (u) VALUES (6)
con1: INSERT INTO m (u) VALUES (6)
con1: INSERT IGNORE INTO t VALUES (30, 7), (31, 1)
con1: INSERT INTO t (u) VALUES (8)

[case fid_rows_last_insert_id_null]
rule = seed002.functions.last_insert_id
seed = 002
description = LAST_INSERT_ID(NULL) returns NULL and sets the session value to 0
setup: CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, a BIGINT) ENGINE=InnoDB
con1: INSERT INTO t (a) VALUES (LAST_INSERT_ID(NULL))
con1: INSERT INTO t (a) VALUES (LAST_INSERT_ID())
con1: SELECT LAST_INSERT_ID(NULL), LAST_INSERT_ID()
con1: UPDATE t SET a = LAST_INSERT_ID(NULL) WHERE id = 1
con1: INSERT INTO t (a) VALUES (LAST_INSERT_ID(7))
con1: INSERT INTO t (a) VALUES (LAST_INSERT_ID())

[case fid_syntax_insert_returning_create_db_charset]
servers = mariadb  # INSERT/REPLACE ... RETURNING is MariaDB syntax (MySQL 9.7's grammar has no RETURNING: 1064)
rule = sql.syntax.returning_charset
seed = 002
description = INSERT/REPLACE ... RETURNING returns the written rows (logged as the plain statement); CREATE DATABASE ... CHARACTER SET / COLLATE is logged as written
setup: CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, a INT) ENGINE=InnoDB
con1: INSERT INTO t (a) VALUES (1), (2) RETURNING id, a
con1: INSERT INTO t (a) VALUES (3) RETURNING id, a * 2 AS a2
con1: REPLACE INTO t VALUES (1, 10) RETURNING *
con1: INSERT INTO t (a) SELECT a FROM t WHERE id = 2 RETURNING id
con1: CREATE DATABASE d1 CHARACTER SET latin1
con1: CREATE DATABASE IF NOT EXISTS d2 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin
con1: CREATE DATABASE d3 CHARSET = latin1
con1: DROP DATABASE d1
con1: DROP DATABASE d2
con1: DROP DATABASE d3

[case fid_warn_cleared_by_statements_with_tables]
rule = warnings.show_warnings.lifetime
seed = 002
description = SHOW WARNINGS keeps the previous statement's conditions unless the statement names a table (a subquery in SET or DO, the view of CREATE VIEW) or raises its own
session.sql_mode = ''
formats = STATEMENT ROW
setup: CREATE TABLE t (id INT, a TINYINT) ENGINE=InnoDB
con1: INSERT INTO t VALUES (1, 300)
con1: SET @v = (SELECT a FROM t LIMIT 1)
con1: INSERT INTO t VALUES (2, 300)
con1: SET @v = 1
con1: INSERT INTO t VALUES (3, 300)
con1: DO (SELECT 1 FROM t LIMIT 1)
con1: INSERT INTO t VALUES (4, 300)
con1: CREATE VIEW v1 AS SELECT 1 AS x
con1: INSERT INTO t VALUES (5, 300)
con1: CREATE FUNCTION f1() RETURNS INT DETERMINISTIC RETURN (SELECT COUNT(*) FROM t)
con1: INSERT INTO t VALUES (6, 300)
con1: SELECT (SELECT MAX(a) FROM t)
con1: INSERT INTO t VALUES (7, 300)
con1: SELECT 1
con1: INSERT INTO t VALUES (8, 300)
con1: CREATE DATABASE d1
con1: DROP DATABASE d1

[case fid_warn_string_too_long_and_null_into_blob]
rule = warnings.conversions.multi_row
seed = 002
description = a too-long string in a multi-row INSERT (1406 in strict mode on the first row, 1265 after it on MyISAM), NULL into a NOT NULL column of a table with a BLOB, "at row N" counting the rows examined, 1196 for a rolled-back non-transactional change
setup: CREATE TABLE m (id INT PRIMARY KEY, v VARCHAR(3)) ENGINE=MyISAM
setup: CREATE TABLE b (id INT PRIMARY KEY, v VARCHAR(3) NOT NULL, x BLOB) ENGINE=MyISAM
setup: CREATE TABLE bi (id INT PRIMARY KEY, v VARCHAR(3) NOT NULL, x BLOB) ENGINE=InnoDB
setup: CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(3)) ENGINE=InnoDB
con1: INSERT INTO m VALUES (1, 'ab'), (2, 'abcdef'), (3, 'x')
con1: INSERT INTO m VALUES (4, 'abcdef'), (5, 'x') => 1406
con1: INSERT INTO t VALUES (1, 'ab'), (2, 'abcdef') => 1406
con1: INSERT IGNORE INTO t VALUES (3, 'abcdef')
con1: INSERT INTO b VALUES (1, NULL, 'x') => 1048
con1: INSERT INTO b VALUES (2, 'a', 'x'), (3, NULL, 'y')
con1: INSERT INTO bi VALUES (1, NULL, 'x') => 1048
con1: UPDATE m SET v = CONCAT(v, 'zzzz') WHERE id > 1 => 1406
con1: BEGIN
con1: INSERT INTO t VALUES (10, 'a')
con1: INSERT INTO m VALUES (10, 'a')  => mysql-9.7-gtid-on:1785
con1: ROLLBACK

[case fid_warn_at_row_and_missing_default_once]
rule = warnings.conversions.row_count
seed = 002
description = "at row N" of an UPDATE over a full scan counts the rows examined (rejected ones too); a column without a default is reported once per statement, not once per row
session.sql_mode = ''
setup: CREATE TABLE t (id INT PRIMARY KEY, a TINYINT, v VARCHAR(2), n INT NOT NULL) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY, a TINYINT, v VARCHAR(2), n INT NOT NULL) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1, 1, 'a', 1), (2, 2, 'b', 2), (3, 3, 'c', 3), (4, 4, 'd', 4)
setup: INSERT INTO m VALUES (1, 1, 'a', 1), (2, 2, 'b', 2), (3, 3, 'c', 3), (4, 4, 'd', 4)
con1: UPDATE m SET v = 'abcdef' WHERE n = 4
con1: UPDATE t SET a = 300 WHERE n > 2
con1: UPDATE t SET a = 300 WHERE id = 3
con1: UPDATE m SET a = a + 200 WHERE n IN (2, 4)
con1: INSERT INTO t (id) VALUES (11), (12)
con1: INSERT INTO m (id, a) VALUES (11, 1), (12, 2)
con1: INSERT INTO t (id, v) SELECT id + 20, v FROM m

# A BEFORE INSERT trigger runs on the filled row; the AUTO_INCREMENT value comes later
# from write_row (handler::update_auto_increment): NEW.id is 0 for an omitted column,
# NULL for an explicit NULL, the value when given (fuzz class 'table:rows' /
# 'events:Table_map-vs-Annotate_rows' of seed 20261128; RULES 5.12).
[case fid_before_insert_trigger_sees_no_auto_increment_value]
rule = handler.update_auto_increment.after_before_triggers
seed = 002
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT) ENGINE=InnoDB
setup: CREATE TABLE n1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT) ENGINE=MyISAM
setup: CREATE TABLE log (v INT, w INT, x INT) ENGINE=InnoDB
setup: CREATE TRIGGER trg_t1 BEFORE INSERT ON t1 FOR EACH ROW INSERT INTO log VALUES (NEW.id, NEW.id IS NULL, 1)
setup: CREATE TRIGGER trg_n1 BEFORE INSERT ON n1 FOR EACH ROW INSERT INTO log VALUES (NEW.id, NEW.id IS NULL, 2)
setup: CREATE TRIGGER trg_t1a AFTER INSERT ON t1 FOR EACH ROW INSERT INTO log VALUES (NEW.id, NEW.id IS NULL, 3)
con1: INSERT INTO t1 (c_int) VALUES (92), (10) ON DUPLICATE KEY UPDATE c_int = c_int - 100
con1: INSERT INTO t1 (c_int) VALUES (5)
con1: INSERT INTO t1 VALUES (NULL, 5)
con1: INSERT INTO t1 VALUES (0, 5)
con1: INSERT INTO t1 VALUES (20, 5)
con1: INSERT INTO n1 (c_int) VALUES (1), (2)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO t1 (c_int) SELECT c_int FROM n1
con1: REPLACE INTO t1 (c_int) VALUES (7)
con1: SELECT * FROM log
