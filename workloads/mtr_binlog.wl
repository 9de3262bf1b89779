# Logging rules exercised by MariaDB's own binlog test suite (mysql-test/suite/binlog),
# rewritten by hand as replbed cases: one topic per case, statements grouped, no
# mysqltest control flow.  The test each case follows is named in its description.

[case mtr_implicit_commit_autocommit]
rule = WL2687.ddl.implicit_commit
seed = 000
description = binlog_implicit_commit: SET AUTOCOMMIT=1 commits a pending autocommit=0 transaction; =0 does not
setup: CREATE TABLE t1 (id INT) ENGINE=InnoDB
con1: SET AUTOCOMMIT = 0
con1: INSERT INTO t1 VALUES (1)
con1: SET AUTOCOMMIT = 1
con1: SET AUTOCOMMIT = 0
con1: BEGIN
con1: INSERT INTO t1 VALUES (2)
con1: SET AUTOCOMMIT = 1
con1: INSERT INTO t1 VALUES (3)
con1: COMMIT
con1: SET AUTOCOMMIT = 1
con1: BEGIN
con1: INSERT INTO t1 VALUES (4)
con1: SET AUTOCOMMIT = 1
con1: INSERT INTO t1 VALUES (5)
con1: COMMIT
con1: SET AUTOCOMMIT = 0
con1: INSERT INTO t1 VALUES (6)
con1: SET AUTOCOMMIT = 0
con1: INSERT INTO t1 VALUES (7)
con1: COMMIT
con1: BEGIN
con1: INSERT INTO t1 VALUES (8)
con1: SET AUTOCOMMIT = 0
con1: INSERT INTO t1 VALUES (9)
con1: COMMIT

[case mtr_implicit_commit_lock_tables]
rule = WL2687.ddl.implicit_commit
seed = 000
description = binlog_implicit_commit: LOCK TABLES commits the autocommit=0 transaction, UNLOCK TABLES does not end the next one
setup: CREATE TABLE t1 (id INT) ENGINE=InnoDB
con1: SET AUTOCOMMIT = 0
con1: INSERT INTO t1 VALUES (1)
con1: LOCK TABLES t1 WRITE
con1: INSERT INTO t1 VALUES (2)
con1: UNLOCK TABLES
con1: INSERT INTO t1 VALUES (3)
con1: COMMIT

[case mtr_innodb_isolation_levels]
rule = seed002.isolation.read_committed
seed = 002
description = binlog_innodb: READ COMMITTED / READ UNCOMMITTED force rows (MIXED) or fail (STATEMENT); RR / SERIALIZABLE log statements
setup: CREATE TABLE t1 (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES (1,1),(2,2),(3,3),(4,4),(5,5),(6,6)
con1: SET SESSION TRANSACTION ISOLATION LEVEL READ UNCOMMITTED
con1: BEGIN
con1: UPDATE t1 SET b = 1*a WHERE a > 1  => STATEMENT:ER_BINLOG_STMT_MODE_AND_ROW_ENGINE
con1: COMMIT
con1: SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED
con1: BEGIN
con1: UPDATE t1 SET b = 2*a WHERE a > 2  => STATEMENT:ER_BINLOG_STMT_MODE_AND_ROW_ENGINE
con1: COMMIT
con1: SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ
con1: BEGIN
con1: UPDATE t1 SET b = 3*a WHERE a > 3
con1: COMMIT
con1: SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE
con1: BEGIN
con1: UPDATE t1 SET b = 4*a WHERE a > 4
con1: COMMIT

[case mtr_innodb_isolation_stmt_errors]
rule = seed002.isolation.read_committed
seed = 002
formats = STATEMENT
description = binlog_innodb: under STATEMENT a row-only InnoDB isolation level makes the write fail with 1665, the transaction goes on
setup: CREATE TABLE t1 (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n1 (a INT) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES (1,1),(2,2),(3,3)
con1: SET SESSION TRANSACTION ISOLATION LEVEL READ UNCOMMITTED
con1: BEGIN
con1: INSERT INTO n1 VALUES (1)
con1: UPDATE t1 SET b = 1*a WHERE a > 1  => 1665
con1: COMMIT
con1: SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED
con1: BEGIN
con1: UPDATE t1 SET b = 2*a WHERE a > 2  => 1665
con1: INSERT INTO n1 VALUES (2)
con1: SELECT * FROM t1
con1: COMMIT
con1: DELETE FROM n1
con1: SET TRANSACTION ISOLATION LEVEL READ COMMITTED
con1: INSERT INTO t1 VALUES (9, 9)  => 1665
con1: INSERT INTO t1 VALUES (10, 10)  => ER_BINLOG_STMT_MODE_AND_ROW_ENGINE

[case mtr_multi_update_dup_key]
rule = WL2687.table.with_error
seed = 000
description = binlog_innodb Bug#27716: a multi-table UPDATE failing on a duplicate key logs what the MyISAM side changed
setup: CREATE TABLE t1 (a INT NOT NULL AUTO_INCREMENT, b INT DEFAULT NULL, PRIMARY KEY (a)) ENGINE=MyISAM
setup: CREATE TABLE t2 (a INT NOT NULL AUTO_INCREMENT, b INT DEFAULT NULL, PRIMARY KEY (a)) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES (1,1),(2,2)
setup: INSERT INTO t2 VALUES (1,1),(4,4)
con1: UPDATE t2,t1 SET t2.a=t1.a+2  => ER_DUP_ENTRY
con1: DELETE FROM t1
con1: DELETE FROM t2
con1: INSERT INTO t1 VALUES (1,2),(3,4),(4,4)
con1: INSERT INTO t2 VALUES (1,2),(3,4),(4,4)
con1: UPDATE t2,t1 SET t2.a=t2.b WHERE t2.a=t1.a  => ER_DUP_ENTRY
con1: UPDATE t1,t2 SET t1.a=t1.b WHERE t2.a=t1.a  => ER_DUP_ENTRY

[case mtr_innodb_row_dup_in_trx]
rule = WL2687.table.with_error
seed = 000
description = binlog_innodb_row Bug#40221: a statement that fails on a duplicate inside a transaction leaves no rows of its own in the binlog
setup: CREATE TABLE t1 (i INT UNIQUE) ENGINE=InnoDB
con1: BEGIN
con1: INSERT INTO t1 VALUES (1),(2)
con1: UPDATE t1 SET i = 3 WHERE i < 3  => ER_DUP_ENTRY
con1: COMMIT
con1: DELETE FROM t1
con1: BEGIN
con1: INSERT INTO t1 VALUES (1),(2)
con1: INSERT INTO t1 VALUES (3),(4),(1),(2)  => ER_DUP_ENTRY
con1: COMMIT

[case mtr_truncate_temporary_innodb]
rule = seed002.temporary_tables
seed = 002
description = binlog_innodb_row Bug#51251: TRUNCATE of a temporary table is logged only where the temporary table is
setup: CREATE TABLE t1 (c1 INT, PRIMARY KEY (c1)) ENGINE=InnoDB
con1: INSERT INTO t1 VALUES (1), (2), (3)
con1: CREATE TEMPORARY TABLE IF NOT EXISTS t2 LIKE t1
con1: TRUNCATE TABLE t2
con1: CREATE TEMPORARY TABLE t3 (c1 INT) ENGINE=InnoDB
con1: INSERT INTO t3 VALUES (1), (2), (3)
con1: TRUNCATE t3
con1: DROP TEMPORARY TABLE t3
con1: DROP TABLE t1

[case mtr_ignore_in_mixed_trx]
rule = WL2687.table1.row4_N
seed = 000
description = binlog_innodb Bug#12346411: INSERT IGNORE / UPDATE IGNORE on InnoDB that change nothing, after a MyISAM change in the same transaction
setup: CREATE TABLE t1 (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE t2 (a INT) ENGINE=MyISAM
con1: INSERT INTO t1 VALUES (1)
con1: START TRANSACTION
con1: INSERT INTO t2 VALUES (1)
con1: INSERT IGNORE INTO t1 VALUES (1)
con1: COMMIT
con1: INSERT INTO t1 VALUES (2)
con1: START TRANSACTION
con1: INSERT INTO t2 VALUES (2)
con1: UPDATE IGNORE t1 SET a=1 WHERE a=2
con1: COMMIT

[case mtr_drop_temp_table_variants]
rule = seed004.temporary_tables
seed = 004
description = drop_temp_table.inc: DROP [TEMPORARY] TABLE [IF EXISTS] over temporary and base tables; the rest is dropped at disconnect
con1: CREATE TEMPORARY TABLE shortn1 (a INT)
con1: CREATE TEMPORARY TABLE `table:name` (a INT)
con1: CREATE TEMPORARY TABLE shortn2 (a INT)
con1: CREATE TEMPORARY TABLE tmp (c1 INT)
con1: CREATE TEMPORARY TABLE tmp1 (c1 INT)
con1: CREATE TEMPORARY TABLE tmp2 (c1 INT)
con1: CREATE TEMPORARY TABLE tmp3 (c1 INT)
con1: CREATE TABLE t (c1 INT)
con1: DROP TEMPORARY TABLE IF EXISTS tmp
con1: DROP TEMPORARY TABLE IF EXISTS tmp
con1: DROP TEMPORARY TABLE IF EXISTS tmp, tmp1
con1: DROP TEMPORARY TABLE tmp3
con1: DROP TABLE IF EXISTS tmp2, t
con1: DROP TABLE IF EXISTS tmp2, t

[case mtr_drop_temp_table_engines_disconnect]
rule = seed004.temporary_tables
seed = 004
description = drop_temp_table.inc: temporary tables of both engines, one per connection, dropped at disconnect
con1: CREATE TEMPORARY TABLE tn (a INT) ENGINE=MyISAM
con1: CREATE TEMPORARY TABLE tt (a INT) ENGINE=InnoDB
con1: INSERT INTO tn VALUES (1)
con1: INSERT INTO tt VALUES (1)
con2: CREATE TEMPORARY TABLE tt (b INT) ENGINE=InnoDB
con2: CREATE TABLE t1 (a INT) ENGINE=InnoDB
con2: INSERT INTO t1 SELECT * FROM tt
con2: DROP TEMPORARY TABLE tt
con1: BEGIN
con1: INSERT INTO tt VALUES (2)

[case mtr_tmp_table_switch_to_row_disconnect]
rule = seed002.temporary_tables
seed = 002
description = database.test part 2: a temporary table created under one format, session switched to ROW, DROP at disconnect
setup: CREATE TABLE t1 (i TEXT)
con1: CREATE TEMPORARY TABLE ttmp1 (i TEXT)
con1: SET @@session.binlog_format = ROW  => mysql-9.7:3745
con1: INSERT INTO t1 VALUES ('1')
con1: SELECT @@session.binlog_format

[case mtr_tmp_table_shadows_base]
rule = seed002.temporary_tables
seed = 002
description = database.test BUG#28642318: a temporary table shadowing a base table of another connection
con1: CREATE TABLE t1 (a INT) ENGINE=InnoDB
con2: CREATE TEMPORARY TABLE t1 (b BLOB) ENGINE=InnoDB
con1: DELETE d1, d2 FROM t1 AS d1, t1 AS d2 WHERE d1.a<>d2.a
con2: INSERT INTO t1 VALUES ('x')
con1: DROP TABLE t1
con2: DROP TABLE IF EXISTS t1
con1: CREATE TABLE t2 (a INT) ENGINE=InnoDB
con2: CREATE TEMPORARY TABLE t2 (b BLOB) ENGINE=InnoDB
con1: DROP TABLE t2
con2: DROP TABLE t2

[case mtr_drop_database_objects]
rule = seed004.drop_table_groups
seed = 004
description = database.test: DROP DATABASE with tables, routines and triggers logs one statement; IF EXISTS on a missing database is logged
con1: CREATE DATABASE testing_1
con1: USE testing_1
con1: CREATE TABLE t1 (a INT)
con1: CREATE FUNCTION sf1 (a INT) RETURNS INT DETERMINISTIC RETURN a+1
con1: CREATE TRIGGER tr1 BEFORE INSERT ON t1 FOR EACH ROW INSERT INTO t2 VALUES (2*new.a)
con1: CREATE PROCEDURE sp1 (a INT) INSERT INTO t1 VALUES(a)
con1: DROP DATABASE testing_1
con1: USE test
con1: CREATE TEMPORARY TABLE tt1 (a INT)
con1: CREATE TABLE t1 (a INT)
con1: INSERT INTO t1 VALUES (1)
con1: DROP DATABASE IF EXISTS mysqltest1
con1: INSERT INTO t1 VALUES (1)
con1: DROP TABLE tt1, t1

[case mtr_drop_current_database]
rule = seed004.drop_table_groups
seed = 004
description = binlog.test: statements after the current database was dropped are logged without a database
con1: CREATE DATABASE test1
con1: USE test1
con1: DROP DATABASE test1
con1: CREATE TABLE test.t1 (a INT)
con1: INSERT INTO test.t1 VALUES (1), (2)
con1: CREATE TABLE test.t2 SELECT * FROM test.t1
con1: UPDATE test.t2 SET a = a + 10
con1: USE test
con1: DROP TABLES t1, t2

[case mtr_drop_if_exists_missing_objects]
rule = seed004.drop_table_groups
seed = 004
description = binlog_drop_if_exists: DROP ... IF EXISTS of objects that do not exist is logged (with a note), then of objects that do
con1: DROP PROCEDURE IF EXISTS db_bug_13684.p
con1: DROP FUNCTION IF EXISTS db_bug_13684.f
con1: DROP TRIGGER IF EXISTS db_bug_13684.tr
con1: DROP VIEW IF EXISTS db_bug_13684.v
con1: DROP TABLE IF EXISTS db_bug_13684.t
con1: DROP DATABASE IF EXISTS db_bug_13684
con1: CREATE DATABASE db_bug_13684
con1: CREATE TABLE db_bug_13684.t (a INT)
con1: CREATE VIEW db_bug_13684.v AS SELECT * FROM db_bug_13684.t
con1: USE db_bug_13684
con1: CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET new.a = new.a + 1
con1: CREATE PROCEDURE p (OUT p1 INT) SET p1 = 1
con1: CREATE FUNCTION f (s CHAR(20)) RETURNS CHAR(50) DETERMINISTIC RETURN s
con1: USE test
con1: DROP PROCEDURE IF EXISTS db_bug_13684.p
con1: DROP FUNCTION IF EXISTS db_bug_13684.f
con1: DROP TRIGGER IF EXISTS db_bug_13684.tr
con1: DROP VIEW IF EXISTS db_bug_13684.v
con1: DROP TABLE IF EXISTS db_bug_13684.t
con1: DROP DATABASE IF EXISTS db_bug_13684

[case mtr_drop_table_comments_and_errors]
rule = seed004.drop_table_groups
seed = 004
description = binlog_drop_if_exists: comments inside DROP TABLE, unknown tables in a list, IF EXISTS lists
con1: CREATE TABLE t1 (id INT)
con1: DROP TABLE /* comment */ t1
con1: CREATE TABLE t1 (id INT)
con1: DROP TABLE IF EXISTS /* comment */ t1
con1: CREATE TABLE t1 (id INT)
con1: DROP TABLE /**/ t1
con1: CREATE TABLE t1 (id INT)
con1: DROP TABLE IF EXISTS /* */ t1
con1: CREATE TABLE t3 (a INT) ENGINE=MyISAM
con1: DROP TABLE t10, t20  => 1051
con1: DROP TABLE t10, t20, t3  => 1051
con1: DROP TABLE IF EXISTS t10, t20
con1: CREATE TABLE t3 (a INT) ENGINE=MyISAM  => mysql-9.7:1050
con1: DROP TABLE IF EXISTS t10, t20, t3

[case mtr_switch_format_inside_trans]
rule = seed002.sql_log_bin
seed = 002
description = binlog_switch_inside_trans: binlog_format, binlog_direct_non_transactional_updates and sql_log_bin are read-only inside a transaction
setup: CREATE TABLE t1 (a INT) ENGINE=MyISAM
setup: CREATE TABLE t2 (a INT) ENGINE=InnoDB
con1: SET @@session.binlog_format = STATEMENT
con1: SET @@session.binlog_direct_non_transactional_updates = TRUE
con1: SET @@session.sql_log_bin = FALSE
con1: BEGIN
con1: SET @@session.binlog_format = MIXED  => 1679
con1: SET @@session.binlog_direct_non_transactional_updates = FALSE  => 1685
con1: SET @@session.sql_log_bin = FALSE  => 1694
con1: INSERT INTO t2 VALUES (1)
con1: SET @@session.binlog_format = ROW  => 1679
con1: COMMIT
con1: SET AUTOCOMMIT = 0
con1: SET @@session.binlog_format = ROW
con1: SET @@session.binlog_direct_non_transactional_updates = FALSE
con1: SET @@session.sql_log_bin = TRUE
con1: INSERT INTO t1 VALUES (3)
con1: SET @@session.binlog_format = STATEMENT  => 1679
con1: SET @@session.binlog_direct_non_transactional_updates = TRUE  => 1685
con1: SET @@session.sql_log_bin = FALSE  => 1694
con1: COMMIT
con1: INSERT INTO t2 VALUES (4)
con1: SET @@session.binlog_format = STATEMENT  => 1679
con1: COMMIT
con1: SET AUTOCOMMIT = 1
con1: INSERT INTO t2 VALUES (5)

[case mtr_mix_commit_rollback_savepoint]
rule = WL2687.table1.row4_N
seed = 000
description = mix_innodb_myisam_binlog: InnoDB + MyISAM INSERT...SELECT committed, rolled back, and around a savepoint
setup: CREATE TABLE t1 (a INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (a INT) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO t1 VALUES (1)
con1: INSERT INTO t2 SELECT * FROM t1  => mysql-9.7-gtid-on:1785
con1: COMMIT
con1: BEGIN
con1: INSERT INTO t1 VALUES (2)
con1: INSERT INTO t2 SELECT * FROM t1  => mysql-9.7-gtid-on:1785
con1: ROLLBACK
con1: BEGIN
con1: INSERT INTO t1 VALUES (3)
con1: SAVEPOINT my_savepoint
con1: INSERT INTO t1 VALUES (4)
con1: INSERT INTO t2 SELECT * FROM t1  => mysql-9.7-gtid-on:1785
con1: ROLLBACK TO SAVEPOINT my_savepoint
con1: COMMIT
con1: BEGIN
con1: INSERT INTO t1 VALUES (5)
con1: SAVEPOINT my_savepoint
con1: INSERT INTO t1 VALUES (6)
con1: INSERT INTO t2 SELECT * FROM t1  => mysql-9.7-gtid-on:1785
con1: ROLLBACK TO SAVEPOINT my_savepoint
con1: INSERT INTO t1 VALUES (7)
con1: COMMIT
con1: INSERT INTO t1 VALUES (9)
con1: INSERT INTO t2 SELECT * FROM t1
con1: BEGIN
con1: INSERT INTO t2 SELECT * FROM t1
con1: INSERT INTO t1 VALUES (11)
con1: COMMIT

[case mtr_mix_all_innodb_savepoint]
rule = WL2687.table1.row3_T
seed = 000
description = mix_innodb_myisam_binlog: the same after ALTER TABLE t2 ENGINE=InnoDB (all transactional)
setup: CREATE TABLE t1 (a INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (a INT) ENGINE=MyISAM
con1: INSERT INTO t1 VALUES (10)
con1: ALTER TABLE t2 ENGINE=INNODB
con1: BEGIN
con1: INSERT INTO t1 VALUES (12)
con1: INSERT INTO t2 SELECT * FROM t1
con1: COMMIT
con1: BEGIN
con1: INSERT INTO t1 VALUES (13)
con1: INSERT INTO t2 SELECT * FROM t1
con1: ROLLBACK
con1: BEGIN
con1: INSERT INTO t1 VALUES (14)
con1: SAVEPOINT my_savepoint
con1: INSERT INTO t1 VALUES (15)
con1: INSERT INTO t2 SELECT * FROM t1
con1: ROLLBACK TO SAVEPOINT my_savepoint
con1: COMMIT
con1: BEGIN
con1: INSERT INTO t1 VALUES (16)
con1: SAVEPOINT my_savepoint
con1: INSERT INTO t1 VALUES (17)
con1: INSERT INTO t2 SELECT * FROM t1
con1: ROLLBACK TO SAVEPOINT my_savepoint
con1: INSERT INTO t1 VALUES (18)
con1: COMMIT

[case mtr_mix_disconnect_rollback]
rule = WL2687.table1.row4_N
seed = 000
description = mix_innodb_myisam_binlog: a connection that disconnects inside a T+N transaction; the server rolls it back
setup: CREATE TABLE t1 (a INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (a INT) ENGINE=MyISAM
setup: CREATE TABLE t3 (a INT) ENGINE=InnoDB
con1: BEGIN
con1: INSERT INTO t1 VALUES (8)
con1: INSERT INTO t2 SELECT * FROM t1  => mysql-9.7-gtid-on:1785
con2: INSERT INTO t3 VALUES (20)

[case mtr_mix_create_select_autocommit0]
rule = seed002.create_select
seed = 002
description = mix_innodb_myisam_binlog Bug#13505: CREATE [TEMPORARY] TABLE ... SELECT failing on a duplicate, IF NOT EXISTS, with autocommit=0
con3: SET AUTOCOMMIT = 0
con3: CREATE TABLE t1 (a INT, b INT) ENGINE=MyISAM
con3: INSERT INTO t1 VALUES (1,1),(1,2)
con3: CREATE TABLE t2 (PRIMARY KEY (a)) ENGINE=InnoDB SELECT * FROM t1  => ER_DUP_ENTRY
con3: DROP TABLE IF EXISTS t2
con3: INSERT INTO t1 VALUES (3,3)
con3: CREATE TEMPORARY TABLE t2 (PRIMARY KEY (a)) ENGINE=InnoDB SELECT * FROM t1  => ER_DUP_ENTRY,mysql-9.7-gtid-on/STATEMENT:3748
con3: ROLLBACK
con3: DROP TABLE IF EXISTS t2
con3: CREATE TABLE t2 (a INT, b INT, PRIMARY KEY (a)) ENGINE=InnoDB
con3: INSERT INTO t1 VALUES (4,4)
con3: CREATE TABLE IF NOT EXISTS t2 (PRIMARY KEY (a)) ENGINE=InnoDB SELECT * FROM t1
con3: TRUNCATE TABLE t2
con3: INSERT INTO t1 VALUES (5,5)
con3: INSERT INTO t2 SELECT * FROM t1  => ER_DUP_ENTRY
con3: DROP TABLE t2
con3: INSERT INTO t1 VALUES (6,6)
con3: CREATE TEMPORARY TABLE t2 (a INT, b INT, PRIMARY KEY (a)) ENGINE=InnoDB  => mysql-9.7-gtid-on/STATEMENT:3748
con3: INSERT INTO t1 VALUES (7,7)
con3: ROLLBACK
con3: INSERT INTO t1 VALUES (8,8)
con3: CREATE TEMPORARY TABLE IF NOT EXISTS t2 (PRIMARY KEY (a)) ENGINE=InnoDB SELECT * FROM t1  => mysql-9.7-gtid-on/STATEMENT:3748
con3: COMMIT
con3: INSERT INTO t1 VALUES (9,9)
con3: CREATE TEMPORARY TABLE IF NOT EXISTS t2 (PRIMARY KEY (a)) ENGINE=InnoDB SELECT * FROM t1  => mysql-9.7-gtid-on/STATEMENT:3748
con3: ROLLBACK
con3: TRUNCATE TABLE t2  => mysql-9.7-gtid-on/STATEMENT:1146
con3: INSERT INTO t1 VALUES (10,10)
con3: INSERT INTO t2 SELECT * FROM t1  => ER_DUP_ENTRY,mysql-9.7-gtid-on/STATEMENT:1146
con3: INSERT INTO t2 VALUES (100,100)  => mysql-9.7-gtid-on/STATEMENT:1146
con3: CREATE TEMPORARY TABLE IF NOT EXISTS t2 (PRIMARY KEY (a)) ENGINE=InnoDB SELECT * FROM t1  => mysql-9.7-gtid-on/STATEMENT:3748
con3: COMMIT
con3: INSERT INTO t2 VALUES (101,101)  => mysql-9.7-gtid-on/STATEMENT:1146
con3: CREATE TEMPORARY TABLE IF NOT EXISTS t2 (PRIMARY KEY (a)) ENGINE=InnoDB SELECT * FROM t1  => mysql-9.7-gtid-on/STATEMENT:3748
con3: ROLLBACK
con3: DROP TABLE t1, t2  => mysql-9.7-gtid-on/STATEMENT:1051

[case mtr_mix_temp_myisam_rollback]
rule = WL2687.table1.row4_N
seed = 000
description = mix_innodb_myisam_binlog Bug#26395: INSERT into a temporary MyISAM table from InnoDB rows, rolled back, with and without a duplicate error
setup: CREATE TABLE ti (a INT) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE tt (a INT UNIQUE) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO ti VALUES (1)
con1: INSERT INTO ti VALUES (2)
con1: INSERT INTO tt SELECT * FROM ti  => mysql-9.7-gtid-on/STATEMENT:1785
con1: ROLLBACK
con1: INSERT INTO ti SELECT * FROM tt
con1: DELETE FROM ti
con1: DELETE FROM tt WHERE a=1
con1: BEGIN
con1: INSERT INTO ti VALUES (1)
con1: INSERT INTO ti VALUES (2)
con1: INSERT INTO tt SELECT * FROM ti  => ER_DUP_ENTRY,mysql-9.7-gtid-on/STATEMENT:1785
con1: ROLLBACK
con1: INSERT INTO ti SELECT * FROM tt

[case mtr_autocommit0_transaction]
rule = WL2687.table1.row3_T
seed = 000
description = binlog.test: explicit BEGIN/COMMIT with autocommit=0, and a DDL committing the open transaction
con1: SET AUTOCOMMIT = 0
con1: CREATE TABLE t1 (n INT) ENGINE=InnoDB
con1: BEGIN
con1: INSERT INTO t1 VALUES (1)
con1: INSERT INTO t1 VALUES (2)
con1: INSERT INTO t1 VALUES (3)
con1: COMMIT
con1: INSERT INTO t1 VALUES (4)
con1: DROP TABLE t1

[case mtr_create_if_not_exists]
rule = seed002.create_select
seed = 002
description = binlog.test Bug#34305 / Bug#47418: CREATE TABLE IF NOT EXISTS ... SELECT and ... LIKE a temporary table; duplicate column names
con1: CREATE TABLE t1 (a INT)
con1: INSERT INTO t1 VALUES (1)
con1: CREATE TABLE IF NOT EXISTS t2 SELECT * FROM t1
con1: CREATE TABLE IF NOT EXISTS t2 SELECT * FROM t1
con1: CREATE TEMPORARY TABLE tt1 (a INT)
con1: CREATE TABLE IF NOT EXISTS t3 LIKE tt1
con1: CREATE TABLE IF NOT EXISTS t3 LIKE tt1
con1: DROP TABLE t1, t2, t3, tt1
con1: CREATE TABLE t AS SELECT 1 AS b, 2 AS b  => 1060
con1: CREATE TABLE t (old_table_field INT)
con1: DROP TABLE t

[case mtr_insert_select_dup_partial]
rule = WL2687.table.with_error
seed = 000
description = insert_select-binlog: INSERT...SELECT and CREATE...SELECT stopping on a duplicate key after a partial MyISAM write
setup: CREATE TABLE t1 (a INT, UNIQUE(a)) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES (2)
setup: CREATE TABLE t2 (a INT) ENGINE=MyISAM
setup: INSERT INTO t2 VALUES (1),(2)
con1: INSERT INTO t1 SELECT * FROM t2  => ER_DUP_ENTRY
con1: CREATE TABLE t3 (a INT) ENGINE=MyISAM
con1: INSERT INTO t3 VALUES (1),(1)
con1: CREATE TABLE t4 (UNIQUE(a)) ENGINE=MyISAM SELECT a FROM t3  => ER_DUP_ENTRY,mysql-9.7-gtid-on:1786
con1: CREATE TABLE t5 (UNIQUE(a)) ENGINE=InnoDB SELECT a FROM t3  => ER_DUP_ENTRY

[case mtr_truncate_engines_isolation]
rule = WL2687.ddl.implicit_commit
seed = 000
description = binlog_truncate_innodb / _myisam: TRUNCATE is logged as a statement in every format and isolation level
setup: CREATE TABLE t1 (a INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (a INT) ENGINE=InnoDB
setup: CREATE TABLE m1 (a INT) ENGINE=MyISAM
con1: INSERT INTO t2 VALUES (1),(2),(3)
con1: TRUNCATE TABLE t1
con1: SET TRANSACTION ISOLATION LEVEL READ COMMITTED
con1: TRUNCATE TABLE t2
con1: INSERT INTO t1 VALUES (1),(2)
con1: INSERT INTO m1 VALUES (1),(2)
con1: BEGIN
con1: INSERT INTO t2 SELECT * FROM t1
con1: TRUNCATE TABLE m1
con1: INSERT INTO t2 SELECT * FROM t1
con1: COMMIT
con1: SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE
con1: TRUNCATE TABLE t2

[case mtr_tmp_tables_two_sessions]
rule = seed002.temporary_tables
seed = 002
description = binlog_tmp_table: same-named temporary tables in two sessions, written and copied into a base table
setup: CREATE TABLE foo (a INT)
con1: CREATE TEMPORARY TABLE tmp1_foo LIKE foo
con2: CREATE TEMPORARY TABLE tmp2_foo (a INT)
con1: INSERT INTO tmp1_foo VALUES (1), (2), (3), (4)
con2: REPLACE INTO tmp2_foo VALUES (1), (2), (3), (4)
con1: UPDATE tmp1_foo SET a=2*a-1
con2: UPDATE tmp2_foo SET a=2*a
con1: DELETE FROM tmp1_foo WHERE a < 5
con2: DELETE FROM tmp2_foo WHERE a < 5
con1: INSERT INTO foo SELECT * FROM tmp1_foo
con2: INSERT INTO foo SELECT * FROM tmp2_foo
con1: TRUNCATE TABLE tmp1_foo
con2: TRUNCATE TABLE tmp2_foo
con1: CREATE TEMPORARY TABLE t1 (i INT)
con2: CREATE TEMPORARY TABLE t1 (i INT)
con1: CREATE TEMPORARY TABLE t1 (i INT)  => 1050
con2: DROP TEMPORARY TABLE t1, tmp2_foo

[case mtr_unsafe_functions_list]
rule = seed002.unsafe.system_function
seed = 002
description = binlog_unsafe / binlog_stm_unsafe_warning Bug#47995: the system functions marked unsafe
setup: CREATE TABLE t1 (a VARCHAR(1000))
con1: INSERT INTO t1 VALUES (CURRENT_USER())
con1: INSERT INTO t1 VALUES (SESSION_USER())
con1: INSERT INTO t1 VALUES (SLEEP(0))
con1: INSERT INTO t1 VALUES (SYSTEM_USER())
con1: INSERT INTO t1 VALUES (USER())
con1: INSERT INTO t1 VALUES (LENGTH(UUID()))
con1: INSERT INTO t1 VALUES (UUID_SHORT() > 0)
con1: INSERT INTO t1 VALUES (RAND() >= 0)
con1: DELETE FROM t1

[case mtr_unsafe_two_autoinc_tables]
rule = seed002.unsafe.more
seed = 002
description = binlog_unsafe Bug#50192 / Bug#45827: a function or trigger writing a second auto-increment table makes the statement unsafe
setup: CREATE TABLE t1 (a INT, b INT PRIMARY KEY AUTO_INCREMENT)
setup: CREATE TABLE t2 (a INT, b INT PRIMARY KEY AUTO_INCREMENT)
setup: CREATE TABLE t3 (a INT)
setup: CREATE TABLE t4 (a INT, b INT PRIMARY KEY AUTO_INCREMENT)
setup: CREATE TABLE t5 (a INT, b INT PRIMARY KEY AUTO_INCREMENT)
con1: CREATE FUNCTION func_modify_t1 () RETURNS INT DETERMINISTIC BEGIN INSERT INTO t1 SET a = 1; RETURN 0; END
con1: INSERT INTO t2 SET a = func_modify_t1()
con1: CREATE TRIGGER tri_modify_two_tables BEFORE INSERT ON t3 FOR EACH ROW BEGIN INSERT INTO t4(a) VALUES(new.a); INSERT INTO t5(a) VALUES(new.a); END
con1: INSERT INTO t3 SET a = 1
con1: CREATE TRIGGER tr_bug50192 AFTER INSERT ON t5 FOR EACH ROW INSERT INTO t1 (a) VALUES (1)
con1: INSERT INTO t5 (a) VALUES (0)
con1: SELECT func_modify_t1()

[case mtr_insert_delayed_statement_global]
rule = seed002.unsafe.more
seed = 002
description = binlog_statement_insert_delayed: with a STATEMENT global binlog_format the delayed-insert thread could not log safely (upgrade_lock_type), so INSERT DELAYED runs in the session as a plain INSERT, logged by the session's format; as a statement it loses its DELAYED keyword
setup: CREATE TABLE t1 (a INT NOT NULL AUTO_INCREMENT PRIMARY KEY) ENGINE=MyISAM
con1: SET @saved_format = @@GLOBAL.binlog_format
con1: SET GLOBAL binlog_format = STATEMENT
con1: INSERT /* before delayed */ DELAYED /* after delayed */ INTO t1 VALUES (207)
con1: INSERT /*! DELAYED */ INTO t1 VALUES (NULL)
con1: INSERT DELAYED INTO t1 VALUES (300), (NULL)
con1: SET GLOBAL binlog_format = @saved_format

[case mtr_lock_tables_trigger_tables]
rule = WL2687.ddl.implicit_commit
seed = 000
description = binlog_mixed (MDEV-22048): LOCK TABLES t2 WRITE also locks what t2's triggers use (t1 for WRITE, t3 for READ), so a statement may use t1 directly; under LOCK TABLES every WRITE-locked table gets a Table_map
setup: CREATE TABLE t1 (a INT) ENGINE=InnoDB
setup: INSERT INTO t1 (a) VALUES (1),(2),(3)
setup: CREATE TABLE t2 (b INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (c INT) ENGINE=MyISAM
setup: CREATE TRIGGER tr2 BEFORE INSERT ON t2 FOR EACH ROW BEGIN DELETE FROM t1 LIMIT 1; SET @x = (SELECT COUNT(*) FROM t3); END
con1: SET AUTOCOMMIT = OFF
con1: LOCK TABLES t2 WRITE
con1: DELETE FROM t1 LIMIT 1
con1: SAVEPOINT A
con1: INSERT INTO t2 VALUES (1)
con1: SELECT COUNT(*) FROM t3
con1: INSERT INTO t3 VALUES (1)  => 1099
con1: UNLOCK TABLES
con1: SET AUTOCOMMIT = ON

[case mtr_1pc_aria_participant]
servers = mariadb  # Aria is MariaDB's crash-safe engine; MySQL 9.7 has none (CREATE ... ENGINE=Aria: 1286), and the rule is about how Aria joins a transaction
rule = WL2687.table.with_error
seed = 000
description = binlog_1pc: a transactional Aria table in the transaction (written or only read) registers an engine without prepare (trans->no_2pc), so the InnoDB group commits in one phase and ends with COMMIT, not Xid; a row-format CREATE ... SELECT into Aria logs PAGE_CHECKSUM=1
setup: CREATE TABLE t (f INT) ENGINE=InnoDB
setup: CREATE TABLE ta (f INT) ENGINE=Aria
con1: BEGIN
con1: INSERT INTO t SET f = 1
con1: INSERT INTO ta SET f = 1
con1: COMMIT
con1: BEGIN
con1: INSERT INTO t SET f = 2
con1: SELECT * FROM ta
con1: COMMIT
con1: INSERT INTO t SELECT f FROM ta
con1: SELECT * FROM ta
con1: INSERT INTO t SET f = 3
con1: CREATE TABLE ta2 ENGINE = Aria SELECT * FROM t
