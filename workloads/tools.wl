# What dump tools and CDC snapshots send (issue 27), and what it leaves in the binary
# log: FLUSH TABLES WITH READ LOCK commits the open transaction and is not logged; its
# holder's writes fail with 1223, another session's wait until UNLOCK TABLES; LOCK TABLES
# ... READ LOCAL (mariadb-dump's lock) commits like LOCK TABLES; a consistent snapshot.
# Probed on MariaDB 10.11.19 (tests/server/test_tools_catalog.py checks the waits too).

[case tools_ftwrl_commits_and_is_not_logged]
rule = issue27.ftwrl
seed = 004
description = FTWRL commits the open transaction (logged then), is not logged itself; the holder's writes and DDL get 1223; UNLOCK TABLES releases; under LOCK TABLES it is 1192
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: INSERT INTO n VALUES (1)  => mysql-9.7-gtid-on:1785
con1: FLUSH TABLES WITH READ LOCK
con1: INSERT INTO t VALUES (2)  => 1223
con1: CREATE TABLE u (a INT)  => 1223
con1: SELECT * FROM t
con1: UNLOCK TABLES
con1: INSERT INTO t VALUES (3)
con1: LOCK TABLES t READ
con1: FLUSH TABLES WITH READ LOCK  => 1192
con1: UNLOCK TABLES
con1: FLUSH LOCAL TABLES WITH READ LOCK
con1: UNLOCK TABLES

[case tools_ftwrl_holds_other_writers]
rule = issue27.ftwrl
seed = 004
description = another session's INSERT waits for the global read lock and runs after UNLOCK TABLES; its COMMIT of a transaction with changes waits too
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
con2: BEGIN
con2: INSERT INTO t VALUES (10)
con1: FLUSH TABLES WITH READ LOCK
con3: send INSERT INTO t VALUES (1)
con3: wait_blocked
con1: UNLOCK TABLES
con3: reap
con2: COMMIT
con1: FLUSH TABLES WITH READ LOCK
con1: UNLOCK TABLES

[case tools_lock_tables_read_local]
rule = issue27.lock_tables_read_local
seed = 004
description = mariadb-dump's LOCK TABLES ... READ /*!32311 LOCAL */ commits the open transaction, is not logged; reads go on, writes are 1099
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM
setup: CREATE VIEW v AS SELECT a FROM t
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: LOCK TABLES `t` READ /*!32311 LOCAL */,`n` READ /*!32311 LOCAL */,`v` READ /*!32311 LOCAL */
con1: SELECT * FROM t
con1: SELECT * FROM n
con1: INSERT INTO n VALUES (1)  => 1099
con1: UNLOCK TABLES
con1: INSERT INTO n VALUES (2)

[case tools_consistent_snapshot_dump]
rule = issue27.consistent_snapshot
seed = 003
description = mariadb-dump --single-transaction --master-data: the snapshot's binlog position, BINLOG_GTID_POS, SAVEPOINT / ROLLBACK TO around each table
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1)
con1: SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ
con1: START TRANSACTION /*!40100 WITH CONSISTENT SNAPSHOT */
con2: INSERT INTO t VALUES (2)
con1: SAVEPOINT sp
con1: SELECT /*!40001 SQL_NO_CACHE */ `a` FROM `t`
con1: ROLLBACK TO SAVEPOINT sp
con1: RELEASE SAVEPOINT sp
con1: COMMIT
