# Seed 002 rules (decide_logging_format, unsafe statements, context events, row images,
# row-event cutting, temporary tables) and seed 004's DROP TABLE grouping, as MariaDB shows them.

[case s002_unsafe_limit]
rule = seed002.unsafe.LIMIT
seed = 002
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1,1),(2,2),(3,3)
con1: UPDATE t SET b = b + 1 ORDER BY a LIMIT 1
con1: DELETE FROM t WHERE a > 1 LIMIT 1

[case s002_unsafe_sysfunc]
rule = seed002.unsafe.system_function
seed = 002
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(60)) ENGINE=InnoDB
con1: INSERT INTO t VALUES (1, USER())
con1: INSERT INTO t VALUES (2, LENGTH(UUID()))
con1: INSERT INTO t SELECT 3, FOUND_ROWS() >= 0

[case s002_intvar_autoinc]
rule = seed002.context.intvar
seed = 002
setup: CREATE TABLE ai (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, v INT) ENGINE=InnoDB
con1: INSERT INTO ai (v) VALUES (1)
con1: INSERT INTO ai (v) VALUES (2),(3)
con1: INSERT INTO ai (v) VALUES (LAST_INSERT_ID())
con1: INSERT INTO ai VALUES (10, 4)
con1: INSERT INTO ai (v) VALUES (5)

[case s002_user_var]
rule = seed002.context.user_var
seed = 002
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(20), c DECIMAL(6,3)) ENGINE=InnoDB
con1: SET @x = 5
con1: SET @s = 'hello'
con1: SET @d = 3.250
con1: INSERT INTO t VALUES (@x, @s, @d)
con1: INSERT INTO t VALUES (@x + 1, @nosuch, NULL)

[case s002_rand]
rule = seed002.context.rand
seed = 002
setup: CREATE TABLE t (a INT PRIMARY KEY, b DOUBLE) ENGINE=MyISAM
con1: INSERT INTO t VALUES (1, RAND() >= 0)

[case s002_rc_isolation]
rule = seed002.isolation.read_committed
seed = 002
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1)
con1.tx_isolation = 'READ-COMMITTED'
con1: INSERT INTO t VALUES (2)  => STATEMENT:ER_BINLOG_STMT_MODE_AND_ROW_ENGINE
con1: INSERT INTO n SELECT a FROM t

[case s002_row_image_minimal]
rule = seed002.binlog_row_image
seed = 002
setup: CREATE TABLE img (a INT PRIMARY KEY, b INT, c INT, bl BLOB) ENGINE=InnoDB
setup: CREATE TABLE nopk (a INT, b INT) ENGINE=InnoDB
setup: CREATE TABLE uk (a INT NOT NULL UNIQUE, b INT, c INT) ENGINE=InnoDB
setup: INSERT INTO img VALUES (1,1,1,'x')
setup: INSERT INTO nopk VALUES (1,1)
setup: INSERT INTO uk VALUES (1,1,1)
con1.binlog_row_image = MINIMAL
con1: UPDATE img SET b = 2 WHERE a = 1
con1: INSERT INTO img (a, b) VALUES (2, 2)
con1: DELETE FROM img WHERE a = 2
con1: UPDATE nopk SET b = 2
con1: UPDATE uk SET c = 5 WHERE a = 1

[case s002_row_image_noblob]
rule = seed002.binlog_row_image
seed = 002
setup: CREATE TABLE img (a INT PRIMARY KEY, b INT, c INT, bl BLOB) ENGINE=InnoDB
setup: INSERT INTO img VALUES (1,1,1,'x')
con1.binlog_row_image = NOBLOB
con1: UPDATE img SET b = 2 WHERE a = 1
con1: INSERT INTO img (a, b) VALUES (2, 2)
con1: DELETE FROM img WHERE a = 2

[case s002_types]
rule = seed002.types
seed = 002
setup: CREATE TABLE ty (id INT PRIMARY KEY, ti TINYINT, si SMALLINT UNSIGNED, mi MEDIUMINT, bi BIGINT, d DECIMAL(10,3), f FLOAT, db DOUBLE, c CHAR(5), vc VARCHAR(300), tx TEXT, bb BLOB, dt DATE, dtm DATETIME(3), ts TIMESTAMP(6) NULL, e ENUM('a','b','c')) ENGINE=InnoDB
con1: INSERT INTO ty VALUES (1, -5, 65535, -8388608, 9223372036854775807, -1234567.891, 1.5, 2.25, 'ab', 'hello', 'text', 'blob', '2021-03-04', '2021-03-04 05:06:07.891', '2021-03-04 05:06:07.123456', 'b')
con1: INSERT INTO ty (id) VALUES (2)
con1: UPDATE ty SET vc = REPEAT('x', 300), e = 'c' WHERE id = 2

[case s002_big_rows_split]
rule = seed002.rows.max_event_size
seed = 002
setup: CREATE TABLE big (a INT PRIMARY KEY, b VARCHAR(1000)) ENGINE=InnoDB
con1: INSERT INTO big VALUES (1, REPEAT('x',1000)),(2, REPEAT('x',1000)),(3, REPEAT('x',1000)),(4, REPEAT('x',1000)),(5, REPEAT('x',1000)),(6, REPEAT('x',1000)),(7, REPEAT('x',1000)),(8, REPEAT('x',1000)),(9, REPEAT('x',1000)),(10, REPEAT('x',1000)),(11, REPEAT('x',1000)),(12, REPEAT('x',1000)),(13, REPEAT('x',1000)),(14, REPEAT('x',1000)),(15, REPEAT('x',1000)),(16, REPEAT('x',1000)),(17, REPEAT('x',1000)),(18, REPEAT('x',1000)),(19, REPEAT('x',1000)),(20, REPEAT('x',1000))
con1: UPDATE big SET b = REPEAT('y', 1000)

[case s002_sql_log_bin_off]
rule = seed002.sql_log_bin
seed = 002
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
con1: SET sql_log_bin = 0
con1: INSERT INTO t VALUES (1)
con1: SET sql_log_bin = 1
con1: INSERT INTO t VALUES (2)

[case s002_empty_and_readonly_trx]
rule = seed002.empty_transaction
seed = 002
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1)
con1: BEGIN
con1: COMMIT
con1: BEGIN
con1: SELECT * FROM t
con1: COMMIT
con1: UPDATE t SET a = a WHERE a = 1
con1: UPDATE t SET a = 5 WHERE a = 99

[case s002_multi_table]
rule = seed002.multi_table
seed = 002
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1,1),(2,2)
setup: INSERT INTO n VALUES (1,10),(2,20)
con1: UPDATE t, n SET t.b = n.b, n.b = t.a WHERE t.a = n.a  => mysql-9.7-gtid-on:1785
con1: DELETE t FROM t, n WHERE t.a = n.a AND n.b = 1

[case s002_insert_select]
rule = seed002.insert_select
seed = 002
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1,1),(2,2)
con1: INSERT INTO n SELECT * FROM t
con1: INSERT INTO t SELECT a + 10, b FROM n
con1: BEGIN
con1: INSERT INTO t VALUES (30, 30)
con1: INSERT INTO n SELECT a + 100, b FROM t  => mysql-9.7-gtid-on:1785
con1: COMMIT

[case s002_temp_tables]
rule = seed002.temporary_tables
seed = 002
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE tt (a INT) ENGINE=InnoDB
con1: INSERT INTO tt VALUES (1)
con1: INSERT INTO t SELECT a FROM tt
con1: CREATE TEMPORARY TABLE tz (a INT) ENGINE=MyISAM
con1: DROP TEMPORARY TABLE tt

[case s002_drop_table_groups]
rule = seed004.drop_table_groups
seed = 004
setup: CREATE TABLE x1 (a INT) ENGINE=InnoDB
setup: CREATE TABLE x2 (a INT) ENGINE=MyISAM
con1: CREATE TEMPORARY TABLE tn (a INT) ENGINE=MyISAM
con1: DROP TABLE tn, x1, x2

[case s002_insert_ignore_replace_odku]
rule = seed002.insert_variants
seed = 002
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1,1)
con1: INSERT IGNORE INTO t VALUES (1,2),(2,2)
con1: REPLACE INTO t VALUES (1,3)
con1: INSERT INTO t VALUES (2,0) ON DUPLICATE KEY UPDATE b = b + 10
con1: INSERT INTO t VALUES (1,1) => ER_DUP_ENTRY

[case s002_strict_errors_myisam]
rule = seed002.strict_mode
seed = 002
setup: CREATE TABLE n (a TINYINT PRIMARY KEY, b VARCHAR(3)) ENGINE=MyISAM
con1: INSERT INTO n VALUES (1,'a'),(2,'b'),(300,'c')
con1: INSERT INTO n VALUES (500,'x') => 1264
con1: INSERT INTO n VALUES (5,'toolong') => 1406
con1: UPDATE n SET a = a + 1 => ER_DUP_ENTRY

[case s002_create_select]
rule = seed002.create_select
seed = 002
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b VARCHAR(10) DEFAULT 'x') ENGINE=MyISAM
setup: INSERT INTO t VALUES (1,1),(2,2)
setup: INSERT INTO n VALUES (1,'a')
con1: CREATE TABLE cs1 ENGINE=InnoDB SELECT * FROM t
con1: CREATE TABLE cs2 ENGINE=MyISAM SELECT * FROM n  => mysql-9.7-gtid-on:1786
con1: CREATE TABLE cs3 SELECT a, 'lit' AS s, 2.5 AS d, 7 AS i FROM t
con1: CREATE TABLE cs4 (k INT AUTO_INCREMENT PRIMARY KEY, a INT) ENGINE=InnoDB SELECT a FROM t
con1: CREATE TABLE cs5 (a INT PRIMARY KEY) SELECT a FROM t UNION ALL SELECT 1 => ER_DUP_ENTRY
con1: CREATE TEMPORARY TABLE cs6 SELECT * FROM t
con1: INSERT INTO t SELECT a + 10, b FROM cs6
con1: BEGIN
con1: INSERT INTO t VALUES (30, 30)
con1: CREATE TABLE cs7 SELECT * FROM n
con1: ROLLBACK

[case s002_procedure_unrolled]
rule = seed002.call_unrolling
seed = 002
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE PROCEDURE p(x INT) BEGIN INSERT INTO t VALUES (x, x+1); INSERT INTO n VALUES (x, 0); UPDATE t SET b = b + x WHERE a = x; END
con1: CALL p(5)
con1: BEGIN
con1: CALL p(20)  => mysql-9.7-gtid-on:1785
con1: COMMIT

[case s002_stored_function]
rule = seed002.stored_function
seed = 002
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE FUNCTION f(x INT) RETURNS INT DETERMINISTIC BEGIN INSERT INTO n VALUES (x, 1); RETURN x * 2; END
con1: SELECT f(7)
con1: INSERT INTO t VALUES (8, f(9))  => mysql-9.7-gtid-on:1785
con1: DO f(10)

[case s002_function_needs_deterministic]
rule = seed002.function_creators
seed = 002
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
con1: CREATE FUNCTION g(x INT) RETURNS INT BEGIN INSERT INTO n VALUES (x, 1); RETURN x; END => 1418
con1: CREATE FUNCTION h(x INT) RETURNS INT READS SQL DATA RETURN x + 1

[case s002_memory_blackhole]
rule = seed002.engines.memory_blackhole
seed = 002
setup: CREATE TABLE m (a INT PRIMARY KEY, b INT) ENGINE=MEMORY
setup: CREATE TABLE bh (a INT PRIMARY KEY, b INT) ENGINE=BLACKHOLE
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
con1: INSERT INTO m VALUES (1,1),(2,2)
con1: INSERT INTO bh VALUES (1,1),(2,2)
con1: UPDATE bh SET b = 5
con1: BEGIN
con1: INSERT INTO t VALUES (1,1)
con1: INSERT INTO m VALUES (3,3)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO bh VALUES (3,3)
con1: ROLLBACK
con1: DELETE FROM m WHERE a = 1

[case s002_unsafe_sysvar_delayed_autoinc_sub]
rule = seed002.unsafe.more
seed = 002
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(64)) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE ai (id INT AUTO_INCREMENT PRIMARY KEY, v INT) ENGINE=MyISAM
setup: CREATE TABLE src (a INT) ENGINE=InnoDB
setup: CREATE TRIGGER src_ai AFTER INSERT ON src FOR EACH ROW INSERT INTO ai (v) VALUES (NEW.a)
con1: INSERT INTO t VALUES (1, LENGTH(@@hostname) > 0)
con1: INSERT INTO t VALUES (2, @@auto_increment_increment)
con1: INSERT INTO src VALUES (5)  => mysql-9.7-gtid-on:1785
con1: UPDATE t SET b = 'x' WHERE a = 1 LIMIT 1

# INSERT DELAYED runs in the server's delayed-insert thread, which writes its group when
# it gets to it: as the case's last statement nothing can overtake it (deterministic).
[case s002_unsafe_insert_delayed]
rule = seed002.unsafe.more
seed = 002
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(64)) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
con1: INSERT INTO t VALUES (1, 'a')
con1: INSERT DELAYED INTO n VALUES (1, 1)
# Give the delayed-insert thread time before the runner reads the binlog and the tables
# (a SELECT is not logged; nothing else can be ordered after the delayed row).
con1: SELECT SLEEP(0.5)

[case s002_views]
rule = seed002.unsafe.views
seed = 002
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(64)) ENGINE=InnoDB
setup: CREATE TABLE n (a INT, b VARCHAR(64)) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1,'x'),(2,'y')
con1: CREATE VIEW v AS SELECT a, b FROM t WHERE a > 0
con1: CREATE VIEW vu AS SELECT a, LENGTH(UUID()) AS u FROM t
con1: INSERT INTO n SELECT * FROM v
con1: INSERT INTO n SELECT a, u FROM vu
con1: SELECT COUNT(*) FROM v
con1: DROP VIEW v
con1: DROP VIEW IF EXISTS v, vu
