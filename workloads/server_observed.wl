# Rules found by exploratory workloads against MariaDB 10.11.19 (docs/RULES-mariadb-10.11.md
# sections 2.3 and 4.6): unsafe functions and variables, auto-increment intervals, format
# switches with temporary tables, transaction characteristics.

[case s002_format_switch_with_temp_tables]
rule = seed002.temporary_tables.format_switch
seed = 002
description = SET binlog_format inside a transaction (1679) and out of row format with temporary tables open (1559)
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO t VALUES (1, 1)
con1: SET SESSION binlog_format = 'ROW' => 1679
con1: SET autocommit = 1
con1: INSERT INTO t VALUES (2, 2)
con1: CREATE TEMPORARY TABLE tt (a INT)  => mysql-9.7-gtid-on/STATEMENT:3748
con1: SET SESSION binlog_format = 'STATEMENT'  => ROW:1559,1679,mysql-9.7:3745,mysql-9.7-gtid-on/STATEMENT:1679
con1: INSERT INTO n VALUES (3, 3)  => mysql-9.7-gtid-on:1785
con1: DROP TEMPORARY TABLE tt  => mysql-9.7-gtid-on/STATEMENT:3748

[case wl2687_trx_characteristics]
rule = WL2687.transactions.characteristics
seed = 000
description = READ ONLY (1792), WITH CONSISTENT SNAPSHOT, WORK, savepoint errors, autocommit switches, SET TRANSACTION
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
con1: START TRANSACTION READ ONLY
con1: INSERT INTO t VALUES (1, 1) => 1792
con1: COMMIT WORK
con1: START TRANSACTION WITH CONSISTENT SNAPSHOT
con1: INSERT INTO t VALUES (2, 2)
con1: ROLLBACK TO SAVEPOINT nosuch => 1305
con1: SAVEPOINT a
con1: SAVEPOINT a
con1: INSERT INTO n VALUES (3, 3)  => mysql-9.7-gtid-on:1785
con1: ROLLBACK WORK
con1: SAVEPOINT b
con1: SET autocommit = 0
con1: INSERT INTO t VALUES (4, 4)
con1: SET autocommit = 1
con1: SET TRANSACTION ISOLATION LEVEL READ COMMITTED
con1: BEGIN
con1: INSERT INTO t VALUES (5, 5)  => STATEMENT:ER_BINLOG_STMT_MODE_AND_ROW_ENGINE
con1: COMMIT
con1: INSERT INTO t VALUES (6, 6)

[case s004_temp_tables_after_mixed_row]
rule = seed004.temporary_tables
seed = 004
description = IF [NOT] EXISTS, LIKE, and a temporary table used by a row-format MIXED statement: its TRUNCATE/DROP
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
con1: CREATE TABLE IF NOT EXISTS t (a INT)
con1: DROP TABLE IF EXISTS nosuch
con1: DROP TABLE IF EXISTS nosuch, t
con1: CREATE TABLE t2 (a INT PRIMARY KEY AUTO_INCREMENT, b TIMESTAMP NULL DEFAULT NULL, c DATETIME DEFAULT NULL) ENGINE=InnoDB
con1: CREATE TABLE t3 LIKE t2
con1: CREATE TEMPORARY TABLE t4 LIKE t2
con1: INSERT INTO t3 (a) VALUES (NULL), (NULL)
con1: INSERT INTO t4 (a) VALUES (NULL)
con1: INSERT INTO t2 (a) SELECT a FROM t4
con1: TRUNCATE TABLE t4
con1: DROP TABLE t2, t3, t4

[case s002_unsafe_functions_observed]
rule = seed002.unsafe.system_function
seed = 002
description = which functions and @@variables 10.11 marks unsafe; @@identity; INSERT ... SELECT from its own auto-increment table
setup: CREATE TABLE t (a INT PRIMARY KEY AUTO_INCREMENT, b VARCHAR(64), c DATETIME) ENGINE=InnoDB
con1: INSERT INTO t (b, c) VALUES (CONNECTION_ID() > 0, '2024-01-02 03:04:05')
con1: INSERT INTO t (b) VALUES (LAST_INSERT_ID(100))
con1: INSERT INTO t (b) VALUES (@@identity)
con1: INSERT INTO t (b) VALUES (@@server_id)
con1: INSERT INTO t (b) VALUES (@@hostname IS NOT NULL)
con1: INSERT INTO t (b) VALUES (CURRENT_USER())
con1: INSERT INTO t (b) VALUES (DATABASE())
con1: INSERT INTO t (b) VALUES (VERSION() IS NOT NULL)
con1: UPDATE t SET b = CONCAT(b, 'x') WHERE a > 1 ORDER BY a DESC LIMIT 2
con1: INSERT INTO t (b) SELECT b FROM t WHERE a < 3 ORDER BY a
con1: DELETE FROM t WHERE b LIKE '%x' ORDER BY a LIMIT 1
con1: SELECT * FROM t FOR UPDATE
con1: INSERT INTO t (b) VALUES (SLEEP(0))

[case s002_autoinc_intervals]
rule = seed002.context.intvar.autoinc
seed = 002
description = InnoDB reserves auto-increment intervals (INSERT ... SELECT asks 1, 2, 4 ...); MyISAM gives failed rows' values back; ODKU with two unique keys
setup: CREATE TABLE ti (id INT AUTO_INCREMENT PRIMARY KEY, k INT, UNIQUE KEY (k)) ENGINE=InnoDB
setup: CREATE TABLE tm (id INT AUTO_INCREMENT PRIMARY KEY, k INT, UNIQUE KEY (k)) ENGINE=MyISAM
setup: CREATE TABLE src (a INT) ENGINE=InnoDB
setup: INSERT INTO src VALUES (1),(2),(3),(4),(5)
con1: INSERT INTO ti (k) SELECT a FROM src WHERE a <= 2
con1: INSERT INTO ti (k) VALUES (100)
con1: INSERT INTO ti (k) SELECT a + 10 FROM src
con1: INSERT INTO ti (k) VALUES (101)
con1: INSERT INTO ti (k) VALUES (1) => 1062
con1: INSERT INTO ti (k) VALUES (102)
con1: INSERT IGNORE INTO ti (k) VALUES (1), (103)
con1: INSERT INTO ti (k) VALUES (104)
con1: INSERT INTO ti (k) VALUES (1) ON DUPLICATE KEY UPDATE k = k
con1: INSERT INTO ti (k) VALUES (105)
con1: INSERT INTO ti (id, k) VALUES (NULL, 106), (50, 107), (NULL, 108)
con1: INSERT INTO ti (k) VALUES (109)
con1: REPLACE INTO ti (k) VALUES (1)
con1: INSERT INTO ti (k) VALUES (110)
con1: INSERT INTO ti (k) SELECT a + 20 FROM src WHERE a = 1
con1: INSERT INTO ti (k) VALUES (111)
con1: INSERT INTO tm (k) SELECT a FROM src WHERE a <= 2
con1: INSERT INTO tm (k) VALUES (100)
con1: INSERT INTO tm (k) VALUES (1) => 1062
con1: INSERT INTO tm (k) VALUES (101)
con1: INSERT IGNORE INTO tm (k) VALUES (1), (103)
con1: INSERT INTO tm (k) VALUES (104)
con1: INSERT INTO tm (k) VALUES (1) ON DUPLICATE KEY UPDATE k = k
con1: INSERT INTO tm (k) VALUES (105)
con1: SELECT id, k FROM ti ORDER BY id
con1: SELECT id, k FROM tm ORDER BY id

[case s002_ignore_and_no_change_writes]
rule = seed002.unsafe.update_ignore
seed = 002
description = IGNORE / ON DUPLICATE KEY UPDATE that change nothing still end an InnoDB group with Xid; UPDATE IGNORE skips silently
setup: CREATE TABLE ti (id INT AUTO_INCREMENT PRIMARY KEY, k INT, UNIQUE KEY (k)) ENGINE=InnoDB
setup: CREATE TABLE tm (id INT AUTO_INCREMENT PRIMARY KEY, k INT, UNIQUE KEY (k)) ENGINE=MyISAM
setup: INSERT INTO ti (k) VALUES (1), (2)
setup: INSERT INTO tm (k) VALUES (1), (2)
con1: INSERT IGNORE INTO ti (k) VALUES (1)
con1: INSERT IGNORE INTO ti (k) VALUES (1), (2)
con1: INSERT INTO ti (k) VALUES (2) ON DUPLICATE KEY UPDATE k = 2
con1: INSERT IGNORE INTO tm (k) VALUES (1)
con1: INSERT INTO tm (k) VALUES (2) ON DUPLICATE KEY UPDATE k = 2
con1: BEGIN
con1: INSERT IGNORE INTO ti (k) VALUES (1)
con1: COMMIT
con1: BEGIN
con1: INSERT IGNORE INTO tm (k) VALUES (1)
con1: INSERT IGNORE INTO ti (k) VALUES (1)
con1: COMMIT
con1: UPDATE ti SET k = 1 WHERE k = 1
con1: UPDATE IGNORE ti SET k = 2 WHERE k = 1
con1: INSERT INTO ti (k) VALUES (10), (11)
con1: INSERT INTO ti (k) VALUES (12)
con1: CREATE TABLE tc (id INT AUTO_INCREMENT PRIMARY KEY, k INT) ENGINE=InnoDB SELECT k FROM ti
con1: INSERT INTO tc (k) VALUES (99)

[case s002_call_unrolled_nested_mixed]
rule = seed002.unroll.call
seed = 002
description = nested CALL; MIXED stays row from the first row statement to the end of the client CALL; UPDATE with a function parameter
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE PROCEDURE p1(x INT) BEGIN INSERT INTO t VALUES (x, x); INSERT INTO n VALUES (x, x); END
setup: CREATE PROCEDURE p2(x INT) BEGIN CALL p1(x); UPDATE t SET b = b + 1 WHERE a = x; END
setup: CREATE FUNCTION f1(x INT) RETURNS INT DETERMINISTIC BEGIN UPDATE n SET b = b + 1 WHERE a = x; RETURN x; END
con1: CALL p1(1)
con1: CALL p2(2)
con1: BEGIN
con1: INSERT INTO t VALUES (3, 3)
con1: CALL p1(4)  => mysql-9.7-gtid-on:1785
con1: ROLLBACK
con1: SELECT f1(4)

[case wl2687_multi_table_mixed_engines]
rule = WL2687.mixing.multi_table
seed = 000
description = multi-table UPDATE/DELETE over InnoDB and MyISAM, JOIN/LEFT JOIN/USING forms, rollback
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1,1),(2,2),(3,3)
setup: INSERT INTO n VALUES (1,1),(2,2),(4,4)
con1: UPDATE t, n SET t.b = t.b + 10, n.b = n.b + 100 WHERE t.a = n.a  => mysql-9.7-gtid-on:1785
con1: UPDATE t JOIN n ON t.a = n.a SET t.b = n.b
con1: UPDATE t LEFT JOIN n ON t.a = n.a SET t.b = 0 WHERE n.a IS NULL
con1: DELETE t, n FROM t JOIN n ON t.a = n.a WHERE t.a = 1  => mysql-9.7-gtid-on:1785
con1: DELETE FROM n USING n JOIN t ON n.a = t.a
con1: BEGIN
con1: UPDATE t, n SET t.b = 5, n.b = 5 WHERE t.a = 3  => mysql-9.7-gtid-on:1785
con1: ROLLBACK
con1: DELETE t FROM t, n WHERE t.a > n.a

[case s002_binlog_direct_and_sql_log_bin]
rule = seed002.R-log-statement-format.binlog_direct
seed = 002
description = binlog_direct_non_transactional_updates, sql_log_bin (1694 inside a transaction), interleaved sessions
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
con1: SET binlog_direct_non_transactional_updates = 1
con1: BEGIN
con1: INSERT INTO t VALUES (1, 1)
con1: INSERT INTO n VALUES (1, 1)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO n SELECT a + 10, b FROM t  => mysql-9.7-gtid-on:1785
con1: COMMIT
con1: SET binlog_direct_non_transactional_updates = 0
con1: SET sql_log_bin = 0
con1: INSERT INTO t VALUES (2, 2)
con1: SET sql_log_bin = 1
con1: BEGIN
con1: INSERT INTO t VALUES (3, 3)
con1: SET sql_log_bin = 0 => 1694
con1: COMMIT
con2: BEGIN
con2: INSERT INTO n VALUES (20, 20)
con1: INSERT INTO t VALUES (4, 4)
con2: INSERT INTO t VALUES (20, 20)
con1: INSERT INTO n VALUES (21, 21)
con2: ROLLBACK

[case s002_noop_writes_and_select_unsafe]
rule = seed002.unsafe.select_order
seed = 002
description = writes that change nothing, LIMIT, REPLACE/INSERT IGNORE ... SELECT unsafeness
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1,1),(2,2)
setup: INSERT INTO n VALUES (1,1),(2,2)
con1: UPDATE t SET b = b WHERE a = 1
con1: UPDATE n SET b = b WHERE a = 1
con1: UPDATE t SET b = 5 WHERE a = 99
con1: DELETE FROM n WHERE a = 99
con1: BEGIN
con1: UPDATE n SET b = b WHERE a = 1
con1: UPDATE t SET b = 3 WHERE a = 1
con1: COMMIT
con1: UPDATE t SET b = b + 1 ORDER BY a LIMIT 1
con1: DELETE FROM n ORDER BY a DESC LIMIT 1
con1: INSERT INTO n SELECT * FROM t LIMIT 1  => ER_DUP_ENTRY
con1: REPLACE INTO n SELECT a + 5, b FROM t
con1: INSERT IGNORE INTO n SELECT * FROM t

[case s002_missing_routine_errors]
rule = seed002.unroll.call
seed = 002
description = 1305 for a missing function or procedure names it as the statement spells it
setup: CREATE TABLE t (a INT) ENGINE=InnoDB
con1: INSERT INTO t VALUES (nosuchfn(1)) => 1305
con1: SELECT NoSuchFn(2) => 1305
con1: CALL nosuchproc() => 1305
