# What MariaDB's mysql-test suites need from the server (issue 16, docs/MTR.md):
# FLUSH statements and how they are logged (reload_acl_and_cache), CALL db.proc(),
# a routine parameter named like the column it is inserted into.

[case mtr_flush_tables_logged]
rule = reload_acl_and_cache
seed = 000
setup: CREATE TABLE t1 (a INT) ENGINE=MyISAM
con1: INSERT INTO t1 VALUES (1)
con1: FLUSH TABLES
con1: FLUSH TABLE t1
con1: FLUSH NO_WRITE_TO_BINLOG TABLES
con1: FLUSH LOCAL TABLE t1
con1: FLUSH PRIVILEGES
con1: FLUSH STATUS
con1: FLUSH HOSTS  => mysql-9.7:1064
con1: FLUSH USER_RESOURCES
con1: FLUSH STATUS, PRIVILEGES
con1: FLUSH TABLES, LOGS  => 1064
con1: FLUSH PRIVILEGES
con1: SHOW WARNINGS
con1: BEGIN
con1: INSERT INTO t1 VALUES (2)
con1: FLUSH TABLES t1
con1: INSERT INTO t1 VALUES (3)
con1: INSERT INTO t1 VALUES (4)

[case mtr_call_qualified]
rule = sp_head_execute_db
seed = 002
setup: CREATE DATABASE d2
setup: CREATE TABLE t (a INT) ENGINE=MyISAM
setup: CREATE PROCEDURE p(x INT) BEGIN INSERT INTO t VALUES (x); END
con1: USE d2
con1: CALL test.p(5)
con1: CALL test.p(6)
con1: DROP DATABASE d2

[case mtr_sp_param_named_like_column]
rule = sp_head_name_const
seed = 002
setup: CREATE TABLE sup (pattern VARCHAR(255)) ENGINE=MyISAM
setup: CREATE PROCEDURE add_sup(pattern VARCHAR(255)) BEGIN INSERT INTO sup (pattern) VALUES (pattern); END
con1: CALL add_sup("the master's version")
con1: CALL test.add_sup('x')

[case mtr_purge_binary_logs]
rule = purge_master_logs
seed = 000
setup: CREATE TABLE t1 (a INT) ENGINE=MyISAM
con1: INSERT INTO t1 VALUES (1)
con1: FLUSH BINARY LOGS
con1: INSERT INTO t1 VALUES (2)
con1: FLUSH LOGS
con1: PURGE BINARY LOGS TO 'nosuch.000001'  => 1373
con1: PURGE BINARY LOGS TO 'binlog.000002'
con1: SHOW BINARY LOGS
con1: PURGE MASTER LOGS BEFORE '2001-01-01 00:00:00'  => mysql-9.7:1064
con1: INSERT INTO t1 VALUES (3)

[case mtr_myisam_covering_index_order]
servers = mariadb  # Aria is MariaDB's crash-safe engine; MySQL 9.7 has none (CREATE ... ENGINE=Aria: 1286), and the rule is about how Aria joins a transaction
rule = make_join_readinfo_covering_keys
seed = 000
setup: CREATE TABLE t1 (a INT, UNIQUE(a)) ENGINE=MyISAM
setup: CREATE TABLE t2 (a INT) ENGINE=MyISAM
setup: CREATE TABLE t3 (a INT, b INT, KEY(a)) ENGINE=MyISAM
setup: CREATE TABLE t4 (a VARCHAR(5), b INT, PRIMARY KEY (b, a)) ENGINE=Aria
con1: INSERT INTO t1 VALUES (2),(NULL),(1),(3)
con1: INSERT INTO t3 VALUES (2,1),(1,2),(3,3)
con1: INSERT INTO t4 VALUES ('b',2),('a',2),('c',1)
con1: SELECT * FROM t1
con1: INSERT INTO t2 SELECT * FROM t1
con1: SELECT * FROM t3
con1: SELECT * FROM t4
con1: DELETE FROM t1 WHERE a = 2
con1: INSERT INTO t1 VALUES (0)
con1: INSERT INTO t2 SELECT * FROM t1 WHERE a > 0
con1: UPDATE t1 SET a = a + 10

[case mtr_show_binlog_events_from_pos]
rule = mysql_show_binlog_events
seed = 000
setup: CREATE TABLE t1 (a INT) ENGINE=MyISAM
con1: INSERT INTO t1 VALUES (1)
con1: SHOW BINLOG EVENTS FROM 1 LIMIT 2
con1: SHOW BINLOG EVENTS FROM 4 LIMIT 1
con1: SHOW BINLOG EVENTS FROM 5  => 1220,mysql-9.7:OK
con1: SHOW BINLOG EVENTS FROM 100000  => 1220,mysql-9.7:OK
con1: SET GLOBAL server_id = 1
con1: SELECT @@server_id

[case mtr_trust_function_creators_global]
rule = sp_create_routine_unsafe
seed = 002
con1: SET GLOBAL log_bin_trust_function_creators = 1
con1: CREATE FUNCTION f1() RETURNS INT BEGIN RETURN UNIX_TIMESTAMP(); END
con1: SET GLOBAL log_bin_trust_function_creators = 0
con1: CREATE FUNCTION f2() RETURNS INT BEGIN RETURN UNIX_TIMESTAMP(); END  => 1418
con1: CREATE FUNCTION f3() RETURNS INT DETERMINISTIC BEGIN RETURN 1; END
con1: SELECT f1() > 0  => STATEMENT:1418
con1: SET GLOBAL log_bin_trust_function_creators = 1
con1: SELECT f1() > 0
# globals outlive the case on the reused servers: put it back for the cases that follow
con1: SET GLOBAL log_bin_trust_function_creators = 0
