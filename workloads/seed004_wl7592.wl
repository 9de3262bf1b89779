# WL#7592 (seed 004): Gtid_log_event and Previous_gtids_log_event always.
#
# MySQL's worklog: with GTID_MODE=OFF every transaction is preceded by an
# Anonymous_Gtid and every binlog starts with a Previous_gtids (FR1, FR2); with
# GTID_MODE=ON nothing user-visible changes. Its patch 13 fixes the logging of the
# "strange statements": DROP TABLE grouping, CREATE/DROP TEMPORARY, DROP DATABASE,
# ANALYZE/OPTIMIZE/REPAIR/CHECKSUM, CREATE ... SELECT, the DROP TEMPORARY of a
# disconnect. These cases run on MySQL 9.7 in both GTID profiles (mysql-9.7-gtid-off,
# mysql-9.7-gtid-on); where 9.7 differs from the seed's text the server wins and
# docs/RULES-mysql-9.7.md section 9 says how (e.g. CREATE ... SELECT is one atomic
# group since 8.0.21's WL#13355, not the seed's two).
# An error that only GTID_MODE=ON gives (enforce_gtid_consistency) is annotated with
# the profile: `=> mysql-9.7-gtid-on:3748`.

[case seed004_anonymous_gtid_every_transaction]
rule = WL7592.FR1
seed = 004
servers = mysql  # WL#7592 is MySQL's: MariaDB writes its own GTID events (Gtid with FL_STANDALONE, Gtid_list), not Anonymous_Gtid/Previous_gtids
description = every transaction and every DDL statement gets its own Anonymous_Gtid (GTID_MODE=OFF) or Gtid (ON): autocommit DML on each engine, an explicit transaction of several statements, DDL, a rolled-back transaction, an empty one and a failing statement log no group
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE m (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
con1: INSERT INTO t VALUES (1, 1)
con1: INSERT INTO m VALUES (1, 1)
con1: BEGIN
con1: INSERT INTO t VALUES (2, 2)
con1: UPDATE t SET b = b + 1
con1: DELETE FROM t WHERE a = 1
con1: COMMIT
con1: BEGIN
con1: INSERT INTO t VALUES (3, 3)
con1: ROLLBACK
con1: BEGIN
con1: COMMIT
con1: INSERT INTO t VALUES (2, 0)  => ER_DUP_ENTRY
con1: SET @x = 1
con1: ALTER TABLE t ADD COLUMN c INT
con1: CREATE INDEX i ON m (b)
con1: TRUNCATE TABLE m
con1: START TRANSACTION
con1: INSERT INTO t VALUES (4, 4, 4)
con1: CREATE TABLE n (a INT) ENGINE=InnoDB
con1: INSERT INTO n VALUES (1)
con1: COMMIT

[case seed004_anonymous_gtid_autocommit_off]
rule = WL7592.FR1
seed = 004
servers = mysql  # WL#7592 is MySQL's
description = autocommit=0: the group is the transaction up to COMMIT, one (Anonymous_)Gtid for it; a non-transactional statement inside it is its own group ahead of it
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE m (a INT PRIMARY KEY) ENGINE=MyISAM
con1.autocommit = 0
con1: INSERT INTO t VALUES (1)
con1: INSERT INTO t VALUES (2)
con1: COMMIT
con1: INSERT INTO m VALUES (1)
con1: COMMIT
con1: INSERT INTO t VALUES (3)
con1: ROLLBACK
con1: INSERT INTO t VALUES (4)

[case seed004_previous_gtids_every_binlog]
rule = WL7592.FR2
seed = 004
servers = mysql  # WL#7592 is MySQL's: MariaDB starts a binlog with Gtid_list and Binlog_checkpoint
description = every binary log starts with Format_description + Previous_gtids, also an empty one between two rotations; under GTID_MODE=ON it holds the GTIDs of the files before
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
con1: INSERT INTO t VALUES (1)
con1: FLUSH BINARY LOGS
con1: INSERT INTO t VALUES (2)
con1: FLUSH BINARY LOGS
con1: FLUSH BINARY LOGS
con1: INSERT INTO t VALUES (3)
con1: FLUSH LOGS
con1: CREATE TABLE u (a INT) ENGINE=InnoDB

[case seed004_create_select_innodb]
rule = WL7592.create_select
seed = 004
servers = mysql  # WL#7592 is MySQL's
description = CREATE TABLE ... SELECT into InnoDB: one group with one (Anonymous_)Gtid in every format (9.7's atomic DDL: ROW logs BEGIN, CREATE TABLE without the SELECT, rows, Xid -- the seed's two groups predate WL#13355); a failing one logs nothing; inside a transaction it commits the transaction first
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10)) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')
con1: CREATE TABLE c1 ENGINE=InnoDB SELECT * FROM t
con1: CREATE TABLE c2 (a INT PRIMARY KEY) ENGINE=InnoDB SELECT a FROM t WHERE a > 1
con1: CREATE TABLE c3 (a INT PRIMARY KEY) ENGINE=InnoDB SELECT 1 AS a UNION ALL SELECT 1  => ER_DUP_ENTRY
con1: CREATE TABLE IF NOT EXISTS c1 ENGINE=InnoDB SELECT * FROM t
con1: CREATE TABLE c4 ENGINE=InnoDB SELECT * FROM t WHERE 1 = 0
con1: BEGIN
con1: INSERT INTO t VALUES (4, 'd')
con1: CREATE TABLE c5 ENGINE=InnoDB SELECT * FROM t
con1: ROLLBACK

[case seed004_create_select_nontransactional]
rule = WL7592.create_select
seed = 004
servers = mysql  # WL#7592 is MySQL's
description = CREATE TABLE ... SELECT into MyISAM: a non-atomic DDL with rows; enforce_gtid_consistency refuses it under GTID_MODE=ON (1786, ER_GTID_UNSAFE_CREATE_SELECT), whatever the format; CREATE TEMPORARY ... SELECT is allowed in both modes
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1), (2)
con1: CREATE TABLE m1 ENGINE=MyISAM SELECT * FROM t  => mysql-9.7-gtid-on:1786
con1: CREATE TEMPORARY TABLE tm ENGINE=MyISAM SELECT * FROM t
con1: CREATE TEMPORARY TABLE ti ENGINE=InnoDB SELECT * FROM t
con1: INSERT INTO t SELECT a + 10 FROM tm
con1: DROP TEMPORARY TABLE tm, ti

[case seed004_drop_table_grouping]
rule = WL7592.drop_table
seed = 004
servers = mysql  # WL#7592 is MySQL's
description = DROP TABLE of several tables is logged as one statement per kind of table, each its own group: non-atomic (MyISAM) base tables one by one, the InnoDB base tables together (with an xid), then the temporary tables per engine; IF EXISTS names the missing ones
setup: CREATE TABLE i1 (a INT) ENGINE=InnoDB
setup: CREATE TABLE i2 (a INT) ENGINE=InnoDB
setup: CREATE TABLE m1 (a INT) ENGINE=MyISAM
setup: CREATE TABLE m2 (a INT) ENGINE=MyISAM
setup: CREATE TABLE i3 (a INT) ENGINE=InnoDB
setup: CREATE TABLE m3 (a INT) ENGINE=MyISAM
con1: CREATE TEMPORARY TABLE ti (a INT) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE tm (a INT) ENGINE=MyISAM
con1: DROP TABLE i1, m1, i2, m2
con1: DROP TABLE ti, i3, tm, m3
con1: CREATE TABLE i4 (a INT) ENGINE=InnoDB
con1: DROP TABLE IF EXISTS nosuch, i4, nosuch2
con1: DROP TABLE nosuch  => ER_BAD_TABLE_ERROR
con1: CREATE TABLE i5 (a INT) ENGINE=InnoDB
con1: DROP TABLE i5, nosuch  => ER_BAD_TABLE_ERROR

[case seed004_temporary_tables]
rule = WL7592.temporary_tables
seed = 004
servers = mysql  # WL#7592 is MySQL's
description = CREATE/DROP TEMPORARY outside a transaction are DDL with a group of their own (STATEMENT and MIXED; ROW logs neither); inside a transaction they join it and do not end it -- refused under GTID_MODE=ON (3748, ER_CLIENT_GTID_UNSAFE_CREATE_DROP_TEMP_TABLE_IN_TRX_IN_SBR, STATEMENT only in 9.7)
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE tt (a INT) ENGINE=InnoDB
con1: INSERT INTO tt VALUES (1)
con1: INSERT INTO t SELECT a FROM tt
con1: DROP TEMPORARY TABLE tt
con1: BEGIN
con1: INSERT INTO t VALUES (2)
con1: CREATE TEMPORARY TABLE tx (a INT) ENGINE=InnoDB  => mysql-9.7-gtid-on/STATEMENT:3748
con1: INSERT INTO tx VALUES (5)  => mysql-9.7-gtid-on/STATEMENT:1146
con1: INSERT INTO t VALUES (3)
con1: COMMIT
con1: DROP TEMPORARY TABLE IF EXISTS tx
con1: DROP TEMPORARY TABLE IF EXISTS nosuch

[case seed004_temporary_tables_disconnect]
rule = WL7592.temporary_tables
seed = 004
servers = mysql  # WL#7592 is MySQL's
description = a client that disconnects with open temporary tables: the server logs DROP TEMPORARY TABLE IF EXISTS for those the binlog knows of (STATEMENT and MIXED), as a group of its own with GTID_NEXT=AUTOMATIC in either GTID mode (patch 13.6)
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE t1 (a INT) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE t2 (a INT) ENGINE=MyISAM
con1: INSERT INTO t1 VALUES (1)
con1: INSERT INTO t SELECT a FROM t1
con2: CREATE TEMPORARY TABLE t3 (a INT)
con2: INSERT INTO t VALUES (9)

[case seed004_drop_database]
rule = WL7592.drop_database
seed = 004
servers = mysql  # WL#7592 is MySQL's
description = DROP DATABASE is one group; its non-atomic (MyISAM) tables are dropped and logged first as DROP TABLE IF EXISTS, each a group of its own; IF EXISTS of a missing database is still logged; a missing one without it is 1008 and logs nothing
setup: CREATE TABLE t (a INT) ENGINE=InnoDB
con1: CREATE DATABASE d1
con1: CREATE TABLE d1.i (a INT) ENGINE=InnoDB
con1: CREATE TABLE d1.m (a INT) ENGINE=MyISAM
con1: CREATE TABLE d1.m2 (a INT) ENGINE=MyISAM
con1: INSERT INTO d1.i VALUES (1)
con1: DROP DATABASE d1
con1: CREATE DATABASE d2
con1: CREATE TABLE d2.i (a INT) ENGINE=InnoDB
con1: DROP DATABASE d2
con1: DROP DATABASE IF EXISTS d2
con1: DROP DATABASE d3  => ER_DB_DROP_EXISTS
con1: CREATE DATABASE IF NOT EXISTS test
con1: INSERT INTO t VALUES (1)

[case seed004_admin_statements]
rule = WL7592.admin_statements
seed = 004
servers = mysql  # WL#7592 is MySQL's
description = ANALYZE/OPTIMIZE/REPAIR/CHECK/CHECKSUM TABLE: the first three are logged with a group of their own even when they fail (patch 13.4 keeps the GTID owned across the rollback), CHECK and CHECKSUM are not logged
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE m (a INT PRIMARY KEY) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1), (2)
con1: ANALYZE TABLE t
con1: OPTIMIZE TABLE m
con1: REPAIR TABLE m
con1: ANALYZE TABLE nosuch
con1: OPTIMIZE TABLE nosuch
con1: REPAIR TABLE t
con1: CHECK TABLE t
con1: CHECKSUM TABLE t
con1: ANALYZE TABLE t, m
con1: INSERT INTO t VALUES (3)

[case seed004_event_sizes]
rule = WL7592.event_sizes
seed = 004
servers = mysql  # WL#7592 is MySQL's
description = the worklog's storage analysis as a check: binlogs of at most max_binlog_size = 4096 bytes, so each rotation point (and hence the file every event lands in) depends on the exact size of every event before it -- the Anonymous_Gtid/Gtid events, the minimal BEGIN / INSERT / Xid transaction, Query events of growing length; SET GLOBAL max_binlog_size is put back at the end
setup: CREATE TABLE t (a INT PRIMARY KEY AUTO_INCREMENT, b VARCHAR(200)) ENGINE=InnoDB
con1: SET GLOBAL max_binlog_size = 4096
con1: INSERT INTO t SET b = 'x'
con1: INSERT INTO t SET b = 'xx'
con1: INSERT INTO t SET b = REPEAT('y', 10)
con1: INSERT INTO t SET b = REPEAT('y', 20)
con1: BEGIN
con1: INSERT INTO t SET b = REPEAT('z', 30)
con1: INSERT INTO t SET b = REPEAT('z', 40)
con1: COMMIT
con1: INSERT INTO t SET b = REPEAT('w', 50)
con1: INSERT INTO t SET b = REPEAT('w', 60)
con1: INSERT INTO t SET b = REPEAT('w', 70)
con1: INSERT INTO t SET b = REPEAT('w', 80)
con1: UPDATE t SET b = CONCAT(b, '!') WHERE a < 5
con1: DELETE FROM t WHERE a = 2
con1: INSERT INTO t SET b = REPEAT('v', 90)
con1: INSERT INTO t SET b = REPEAT('v', 100)
con1: INSERT INTO t SET b = REPEAT('v', 110)
con1: INSERT INTO t SET b = REPEAT('v', 120)
con1: INSERT INTO t SET b = REPEAT('v', 130)
con1: INSERT INTO t SET b = REPEAT('v', 140)
con1: INSERT INTO t SET b = REPEAT('v', 150)
con1: INSERT INTO t SET b = REPEAT('v', 160)
con1: SET GLOBAL max_binlog_size = DEFAULT
