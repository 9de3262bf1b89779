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
con1: UPDATE m SET a = 7 WHERE id = 9
con1: COMMIT
con1: INSERT INTO t VALUES (3, 3)
con1: UPDATE t, m SET t.a = 5, m.a = 5 WHERE t.id = m.id AND t.id = 9
con1: UPDATE t JOIN m ON t.id = m.id SET t.a = 6 WHERE m.a = 100
con1: UPDATE m SET a = 5 WHERE id > 5 ORDER BY id LIMIT 1
con1: UPDATE IGNORE t SET id = 1 WHERE id = 2
con1: UPDATE IGNORE m SET a = 1 WHERE id = 9
con1: DELETE t, m FROM t JOIN m ON t.id = m.id WHERE t.id = 9
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
con1: INSERT INTO m VALUES (5, 5)
con1: CREATE TRIGGER tr2 AFTER DELETE ON m FOR EACH ROW INSERT INTO t VALUES (OLD.id + 100, FLOOR(RAND() * 0))
con1: DELETE FROM m WHERE id = 5

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
con1: INSERT INTO u2 (a, b) VALUES (3, 1) ON DUPLICATE KEY UPDATE id = 4
con1: INSERT INTO u2 (a, b) VALUES (1, 1) ON DUPLICATE KEY UPDATE id = 4
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
con1: INSERT INTO m VALUES (1)
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
con1: CREATE TABLE c4 (UNIQUE KEY (id)) ENGINE=MyISAM SELECT id FROM s
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
con1: CREATE TABLE c5 ENGINE=MyISAM SELECT id * id * id AS c, COALESCE(k, 0) AS ck, IFNULL(d, k) AS dk, IF(id > 0, id, 2) AS i FROM s
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
con1: INSERT INTO u (a) VALUES (1) ON DUPLICATE KEY UPDATE c = 9
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
con1: CREATE TEMPORARY TABLE tm (id INT) ENGINE=MyISAM
con1: CREATE TEMPORARY TABLE tt (id INT) ENGINE=InnoDB
con1: INSERT INTO t VALUES (1)
con1: INSERT INTO tm VALUES (1)
con1: INSERT INTO m VALUES (1)
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
con1: UPDATE m, t SET m.a = 2, t.a = 2 WHERE t.id = m.id AND m.id = 2
con1: UPDATE t, m SET t.a = t.a WHERE t.id = m.id AND m.id = 2
con1: BEGIN
con1: INSERT INTO m VALUES (3, 3)
con1: UPDATE t SET a = 2 WHERE id = 2
con1: COMMIT
