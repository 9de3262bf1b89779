# Held-out-style variants of the seed documents' rules (issue 10, helper fid-seeds):
# engines beyond InnoDB/MyISAM, binlog_direct_non_transactional_updates, DROP TABLE
# mixes, savepoints, two connections. Rules: docs/RULES-mariadb-10.11.md 5.17.

[case fidseed_aria_joins_trx_commit_query]
servers = mariadb  # Aria is MariaDB's crash-safe engine; MySQL 9.7 has none (CREATE ... ENGINE=Aria: 1286), and the rule is about how Aria joins a transaction
rule = seed003.mixing_engines.aria_one_phase_commit
seed = 003
description = an Aria table written in an InnoDB transaction makes the commit one-phase: COMMIT Query, no Xid
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE ar (a INT PRIMARY KEY) ENGINE=Aria
con1: BEGIN
con1: INSERT INTO ar VALUES (1)
con1: INSERT INTO t VALUES (1)
con1: INSERT INTO ar VALUES (2)
con1: UPDATE t SET a = a + 1
con1: COMMIT

[case fidseed_aria_read_joins_trx]
servers = mariadb  # Aria is MariaDB's crash-safe engine; MySQL 9.7 has none (CREATE ... ENGINE=Aria: 1286), and the rule is about how Aria joins a transaction
rule = seed003.mixing_engines.aria_one_phase_commit
seed = 003
description = reading an Aria table registers it too (autocommit and inside BEGIN)
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE ar (a INT PRIMARY KEY) ENGINE=Aria
setup: INSERT INTO ar VALUES (1)
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: SELECT COUNT(*) FROM ar
con1: COMMIT
con1: INSERT INTO t SELECT a + 1 FROM ar
con1: SELECT COUNT(*) FROM ar
con1: INSERT INTO t VALUES (4)
con1: BEGIN
con1: SELECT COUNT(*) FROM ar
con1: INSERT INTO t VALUES (5)
con1: COMMIT

[case fidseed_aria_nontransactional_formats]
servers = mariadb  # Aria is MariaDB's crash-safe engine; MySQL 9.7 has none (CREATE ... ENGINE=Aria: 1286), and the rule is about how Aria joins a transaction
rule = seed003.mixing_engines.aria_one_phase_commit
seed = 003
description = ROW_FORMAT=DYNAMIC, TRANSACTIONAL=0 and temporary Aria tables do not join: Xid stays
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE ad (a INT PRIMARY KEY) ENGINE=Aria ROW_FORMAT=DYNAMIC
setup: CREATE TABLE a0 (a INT PRIMARY KEY) ENGINE=Aria TRANSACTIONAL=0
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: INSERT INTO ad VALUES (1)
con1: COMMIT
con1: BEGIN
con1: INSERT INTO t VALUES (2)
con1: INSERT INTO a0 VALUES (1)
con1: COMMIT
con1: CREATE TEMPORARY TABLE tmp (a INT) ENGINE=Aria
con1: BEGIN
con1: INSERT INTO t VALUES (3)
con1: INSERT INTO tmp VALUES (1)
con1: COMMIT
con1: INSERT INTO t SELECT a + 10 FROM tmp

[case fidseed_aria_statement_rollback_note]
servers = mariadb  # Aria is MariaDB's crash-safe engine; MySQL 9.7 has none (CREATE ... ENGINE=Aria: 1286), and the rule is about how Aria joins a transaction
rule = seed003.mixing_engines.aria_one_phase_commit
seed = 003
description = a failed autocommit statement that changed Aria rows: Note 4173 before Warning 1196
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE ar (a INT PRIMARY KEY) ENGINE=Aria
setup: CREATE TABLE tr_src (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER trg BEFORE INSERT ON tr_src FOR EACH ROW INSERT INTO ar VALUES (NEW.a + 100)
con1: BEGIN
con1: INSERT INTO ar VALUES (1)
con1: INSERT INTO t VALUES (1)
con1: ROLLBACK
con1: INSERT INTO ar VALUES (1) => ER_DUP_ENTRY
con1: INSERT INTO ar VALUES (2), (1) => ER_DUP_ENTRY
con1: INSERT INTO tr_src VALUES (1)
con1: INSERT INTO tr_src VALUES (2), (1) => ER_DUP_ENTRY
con1: UPDATE t, ar SET t.a = 7, ar.a = ar.a + 10

[case fidseed_drop_temp_and_missing_base]
rule = seed004.drop_table.missing
seed = 004
description = DROP TABLE tmp, nosuch logs the temporary drop only; IF EXISTS logs the missing names
setup: CREATE TABLE r1 (a INT) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE tt (a INT)
con1: DROP TABLE tt, nosuch => ER_BAD_TABLE_ERROR
con1: CREATE TEMPORARY TABLE tt2 (a INT) ENGINE=MyISAM
con1: DROP TABLE IF EXISTS tt2, nosuch1
con1: DROP TABLE IF EXISTS r1, nosuch2
con1: DROP TEMPORARY TABLE IF EXISTS nosuch3

[case fidseed_drop_mixed_temp_and_base]
rule = seed004.drop_table.grouping
seed = 004
description = temporary InnoDB and MyISAM tables with base tables of both engines in one DROP
setup: CREATE TABLE r1 (a INT) ENGINE=InnoDB
setup: CREATE TABLE r2 (a INT) ENGINE=MyISAM
con1: CREATE TEMPORARY TABLE tt (a INT) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE tn (a INT) ENGINE=MyISAM
con1: INSERT INTO tt VALUES (1)
con1: DROP TABLE tt, r1, tn, r2

[case fidseed_memory_in_innodb_trx]
rule = seed000.definition_tables
seed = 000
description = MEMORY is an N-table like MyISAM: ahead of the transaction, kept at ROLLBACK
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE m (a INT PRIMARY KEY) ENGINE=MEMORY
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: INSERT INTO m VALUES (1)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO m SELECT a + 10 FROM t  => mysql-9.7-gtid-on:1785
con1: ROLLBACK

[case fidseed_blackhole_in_trx]
rule = seed003.engine_capabilities
seed = 003
description = BLACKHOLE inside and outside a transaction, UPDATE/DELETE on it
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE bh (a INT) ENGINE=BLACKHOLE
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: INSERT INTO bh VALUES (1)
con1: INSERT INTO bh SELECT * FROM t
con1: COMMIT
con1: INSERT INTO bh VALUES (2)
con1: UPDATE bh SET a = 3
con1: DELETE FROM bh

[case fidseed_savepoint_aria_rollback_to]
rule = seed002.R-log-rollback-to-savepoint
seed = 002
description = an N-write after the savepoint keeps ROLLBACK TO in the cache
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: SAVEPOINT s1
con1: INSERT INTO t VALUES (2)
con1: INSERT INTO n VALUES (2)  => mysql-9.7-gtid-on:1785
con1: ROLLBACK TO SAVEPOINT s1
con1: INSERT INTO t VALUES (3)
con1: SAVEPOINT s2
con1: INSERT INTO t VALUES (4)
con1: ROLLBACK TO s2
con1: RELEASE SAVEPOINT s1
con1: COMMIT

[case fidseed_autocommit0_myisam_then_innodb]
rule = seed000.definition_tables
seed = 000
description = autocommit=0: N-statements before and after a T-statement, ROLLBACK then COMMIT
con1.autocommit = 0
setup: CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
con1: INSERT INTO n VALUES (1)
con1: INSERT INTO n VALUES (1) => ER_DUP_ENTRY
con1: INSERT INTO t VALUES (1)
con1: INSERT INTO n VALUES (2)  => mysql-9.7-gtid-on:1785
con1: ROLLBACK
con1: INSERT INTO n VALUES (3)
con1: COMMIT

[case fidseed_sql_log_bin_in_trx]
rule = seed002.sql_log_bin
seed = 002
description = sql_log_bin cannot change inside a transaction (1694); off outside it hides a temporary table
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE n (a INT) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: SET SESSION sql_log_bin = 0 => 1694
con1: INSERT INTO n VALUES (1)  => mysql-9.7-gtid-on:1785
con1: COMMIT
con1: SET SESSION sql_log_bin = 0
con1: INSERT INTO t VALUES (2)
con1: CREATE TEMPORARY TABLE tmp (a INT)
con1: SET SESSION sql_log_bin = 1
con1: INSERT INTO t SELECT a + 10 FROM tmp
con1: DROP TEMPORARY TABLE tmp

[case fidseed_two_conns_aria_overtakes]
servers = mariadb  # Aria is MariaDB's crash-safe engine; MySQL 9.7 has none (CREATE ... ENGINE=Aria: 1286), and the rule is about how Aria joins a transaction
rule = seed000.example2
seed = 000
description = con2's N-statements on an Aria table overtake con1's open transaction
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE t2 (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE ar (a INT) ENGINE=Aria
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: INSERT INTO ar SELECT a FROM t
con2: INSERT INTO ar VALUES (2)
con2: BEGIN
con2: INSERT INTO ar VALUES (3)
con2: INSERT INTO t2 VALUES (2)
con2: COMMIT
con1: COMMIT

[case fidseed_rollback_to_savepoint_after_temp_myisam]
rule = seed002.R-log-rollback-to-savepoint
seed = 002
description = a temporary MyISAM change after the savepoint is an N-write: ROLLBACK TO is logged, 1196
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE tmp (a INT) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: SAVEPOINT sp
con1: INSERT INTO tmp VALUES (1)  => mysql-9.7-gtid-on/STATEMENT:1785
con1: ROLLBACK TO SAVEPOINT sp
con1: INSERT INTO t VALUES (2)
con1: COMMIT
con1: BEGIN
con1: INSERT INTO tmp VALUES (2)
con1: SAVEPOINT sp2
con1: INSERT INTO t VALUES (3)
con1: ROLLBACK TO sp2
con1: COMMIT

[case fidseed_direct_nontrans_updates_keeps_transactional]
rule = seed002.binlog_direct_non_transactional_updates
seed = 000
description = binlog_direct_non_transactional_updates=ON: the N-writes go straight out; the transaction's group keeps FL_TRANSACTIONAL, at COMMIT and at ROLLBACK
con1.binlog_direct_non_transactional_updates = ON
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: INSERT INTO n VALUES (1)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO n SELECT a + 5 FROM t  => mysql-9.7-gtid-on:1785
con1: UPDATE n SET a = a + 100 WHERE a = 1  => mysql-9.7-gtid-on:1785
con1: ROLLBACK
con1: CREATE TEMPORARY TABLE tmp (a INT) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: INSERT INTO tmp VALUES (1)  => mysql-9.7-gtid-on/STATEMENT:1785
con1: INSERT INTO n SELECT a FROM tmp  => mysql-9.7-gtid-on:1785
con1: COMMIT
con1: DROP TEMPORARY TABLE tmp

[case fidseed_create_select_commits_mixed_trx]
rule = seed004.create_select
seed = 004
description = CREATE ... SELECT inside a transaction that wrote InnoDB and MyISAM: the implicit commit's group is FL_TRANSACTIONAL in ROW, as for CREATE TABLE
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE n (a INT) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: INSERT INTO n VALUES (1)  => mysql-9.7-gtid-on:1785
con1: CREATE TABLE c SELECT * FROM t
con1: ROLLBACK

[case fidseed_create_temp_myisam_select_in_trx_rollback]
rule = seed002.R-log-create-select-statement-format
seed = 002
description = CREATE TEMPORARY ... ENGINE=MyISAM SELECT inside a transaction: its rows are an N-write, ROLLBACK warns 1196
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1),(2)
con1: BEGIN
con1: INSERT INTO t VALUES (3)
con1: CREATE TEMPORARY TABLE tt ENGINE=MyISAM SELECT * FROM t  => mysql-9.7-gtid-on/STATEMENT:3748
con1: INSERT INTO t SELECT a + 10 FROM tt  => mysql-9.7-gtid-on/STATEMENT:1146
con1: ROLLBACK
con1: SELECT COUNT(*) FROM tt  => mysql-9.7-gtid-on/STATEMENT:1146

[case fidseed_pseudo_thread_id_and_session_vars]
rule = seed002.unsafe.system_variable
seed = 002
description = @@pseudo_thread_id is the connection id until set; other session variables in a row
setup: CREATE TABLE t (a INT PRIMARY KEY, b BIGINT) ENGINE=InnoDB
con1: INSERT INTO t VALUES (1, @@pseudo_thread_id = CONNECTION_ID())
con1: INSERT INTO t VALUES (2, @@session.auto_increment_offset)
con1: INSERT INTO t VALUES (3, @@warning_count)
con1: INSERT INTO t VALUES (4, @@error_count)
con1: INSERT INTO t VALUES (5, @@in_transaction)  => mysql-9.7:1193


[case fidseed_drop_temporary_in_trx_each_engine]
rule = seed004.temporary_tables
seed = 004
description = DROP TEMPORARY of an InnoDB and a MyISAM temporary table inside a transaction that is rolled back
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE ti (a INT) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE tm (a INT) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: DROP TEMPORARY TABLE ti  => mysql-9.7-gtid-on/STATEMENT:3748
con1: INSERT INTO t VALUES (2)
con1: DROP TEMPORARY TABLE tm  => mysql-9.7-gtid-on/STATEMENT:3748
con1: ROLLBACK

[case fidseed_unsafe_functions_on_myisam]
rule = seed002.unsafe.system_function
seed = 002
description = UUID(), USER(), @@hostname, LIMIT with and without ORDER BY on a MyISAM auto-increment table
formats = MIXED STATEMENT
setup: CREATE TABLE n (a INT PRIMARY KEY AUTO_INCREMENT, b VARCHAR(80)) ENGINE=MyISAM
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
con1: INSERT INTO n (b) VALUES (LENGTH(UUID()))
con1: INSERT INTO n (b) VALUES (USER() IS NOT NULL)
con1: INSERT INTO n (b) SELECT COUNT(*) FROM t
con1: INSERT INTO n (b) VALUES (@@hostname IS NOT NULL)
con1: UPDATE n SET b = 'x' ORDER BY a LIMIT 1
con1: DELETE FROM n ORDER BY a DESC LIMIT 1
con1: INSERT INTO t SELECT a, 1 FROM n ORDER BY a LIMIT 1
con1: INSERT INTO t SELECT a + 10, 1 FROM n LIMIT 1

[case fidseed_trigger_myisam_writes_innodb]
rule = seed003.bug40116_trigger
seed = 003
description = a MyISAM table whose trigger writes InnoDB: autocommit, failing multi-row, inside a rolled-back transaction
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM
setup: CREATE TRIGGER tr AFTER INSERT ON n FOR EACH ROW INSERT INTO t VALUES (NEW.a)
con1: INSERT INTO n VALUES (1)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO n VALUES (2), (1) => ER_DUP_ENTRY,mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO n VALUES (3)  => mysql-9.7-gtid-on:1785
con1: ROLLBACK
con1: INSERT INTO t VALUES (4)
con1: INSERT INTO n VALUES (4) => ER_DUP_ENTRY,mysql-9.7-gtid-on:1785

[case fidseed_autocommit0_temp_table_life]
rule = seed004.temporary_tables
seed = 004
description = autocommit=0: a temporary MyISAM table created, used for an N-write and dropped, then ROLLBACK
con1.autocommit = 0
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE n (a INT) ENGINE=MyISAM
con1: INSERT INTO t VALUES (1)
con1: CREATE TEMPORARY TABLE tmp (a INT) ENGINE=MyISAM  => mysql-9.7-gtid-on/STATEMENT:3748
con1: INSERT INTO tmp VALUES (1)  => mysql-9.7-gtid-on/STATEMENT:1146
con1: INSERT INTO n SELECT * FROM tmp  => mysql-9.7-gtid-on/MIXED:1785,mysql-9.7-gtid-on/ROW:1785,mysql-9.7-gtid-on/STATEMENT:1146
con1: DROP TEMPORARY TABLE tmp  => mysql-9.7-gtid-on/STATEMENT:3748
con1: ROLLBACK
con1: INSERT INTO t VALUES (2)
con1: COMMIT

[case fidseed_noblob_memory_and_innodb_unique]
rule = seed002.binlog_row_image
seed = 002
description = NOBLOB images of MEMORY with a nullable UNIQUE key and InnoDB with a NOT NULL UNIQUE key (the PKE)
con1.binlog_row_image = NOBLOB
setup: CREATE TABLE m (a INT, b INT, c VARCHAR(10), UNIQUE KEY (a)) ENGINE=MEMORY
setup: CREATE TABLE t (a INT NOT NULL, b INT, bl BLOB, UNIQUE KEY (a)) ENGINE=InnoDB
setup: INSERT INTO m VALUES (1,1,'x'),(2,2,'y')
setup: INSERT INTO t VALUES (1,1,'b1')
con1: UPDATE m SET b = 5 WHERE a = 1
con1: DELETE FROM m WHERE a = 2
con1: UPDATE t SET b = 7
con1: UPDATE t SET bl = 'zz'
con1: DELETE FROM t

[case fidseed_two_conns_same_temp_name]
rule = seed004.temporary_tables
seed = 004
description = two connections with temporary tables of one name, DROP TABLE and DROP TEMPORARY
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE tmp (a INT)
con2: CREATE TEMPORARY TABLE tmp (a INT)
con1: INSERT INTO tmp VALUES (1)
con2: INSERT INTO tmp VALUES (2)
con1: INSERT INTO t SELECT * FROM tmp
con2: INSERT INTO t SELECT * FROM tmp
con2: DROP TABLE tmp
con1: DROP TEMPORARY TABLE tmp

[case fidseed_replace_select_odku_across_engines]
rule = seed002.unsafe.insert_select_keys
seed = 002
description = REPLACE ... SELECT and INSERT ... SELECT ... ON DUPLICATE KEY UPDATE between MyISAM and InnoDB with two unique keys
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT, UNIQUE KEY (b)) ENGINE=InnoDB
setup: INSERT INTO n VALUES (1,1),(2,2)
setup: INSERT INTO t VALUES (1,1)
con1: REPLACE INTO t SELECT * FROM n
con1: INSERT INTO t SELECT a + 1, b + 1 FROM n ON DUPLICATE KEY UPDATE b = t.b + 10
con1: INSERT INTO n SELECT a + 10, b FROM t ON DUPLICATE KEY UPDATE b = 0
con1: BEGIN
con1: INSERT INTO t VALUES (50, 50)
con1: REPLACE INTO n SELECT a, b FROM t WHERE a = 50  => mysql-9.7-gtid-on:1785
con1: COMMIT

[case fidseed_xa_prepare_with_aria_and_myisam]
servers = mariadb  # Aria is MariaDB's crash-safe engine; MySQL 9.7 has none (CREATE ... ENGINE=Aria: 1286), and the rule is about how Aria joins a transaction
rule = seed000.xa
seed = 000
description = XA with MyISAM (not registered) and Aria (registered without prepare: Warning 1030 at XA PREPARE)
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE n (a INT) ENGINE=MyISAM
setup: CREATE TABLE ar (a INT) ENGINE=Aria
con1: XA START 'x1'
con1: INSERT INTO t VALUES (1)
con1: INSERT INTO n VALUES (1)
con1: XA END 'x1'
con1: XA PREPARE 'x1'
con1: XA ROLLBACK 'x1'
con1: XA START 'x2'
con1: INSERT INTO t VALUES (2)
con1: INSERT INTO ar VALUES (2)
con1: XA END 'x2'
con1: XA PREPARE 'x2'
con1: XA COMMIT 'x2'

[case fidseed_aria_savepoints]
servers = mariadb  # Aria is MariaDB's crash-safe engine; MySQL 9.7 has none (CREATE ... ENGINE=Aria: 1286), and the rule is about how Aria joins a transaction
rule = seed003.mixing_engines.aria_one_phase_commit
seed = 003
description = ROLLBACK TO a savepoint set before Aria joined unregisters it (Xid again); SAVEPOINT once Aria joined is 1178
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE ar (a INT PRIMARY KEY) ENGINE=Aria
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: SAVEPOINT s
con1: INSERT INTO ar VALUES (1)
con1: ROLLBACK TO SAVEPOINT s
con1: COMMIT
con1: BEGIN
con1: INSERT INTO ar VALUES (2)
con1: SAVEPOINT s2 => 1178
con1: INSERT INTO t VALUES (2)
con1: ROLLBACK TO s2 => 1305
con1: COMMIT

[case fidseed_aria_failure_inside_trx]
servers = mariadb  # Aria is MariaDB's crash-safe engine; MySQL 9.7 has none (CREATE ... ENGINE=Aria: 1286), and the rule is about how Aria joins a transaction
rule = seed003.mixing_engines.aria_one_phase_commit
seed = 003
description = a failed statement inside BEGIN that changed Aria rows: Note 4173 after its 1592, no 1196
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE ar (a INT PRIMARY KEY) ENGINE=Aria
setup: INSERT INTO ar VALUES (1)
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: INSERT INTO ar VALUES (2), (1) => ER_DUP_ENTRY
con1: COMMIT

[case fidseed_aria_reads_and_routines]
servers = mariadb  # Aria is MariaDB's crash-safe engine; MySQL 9.7 has none (CREATE ... ENGINE=Aria: 1286), and the rule is about how Aria joins a transaction
rule = seed003.mixing_engines.aria_one_phase_commit
seed = 003
description = an autocommit SELECT of Aria does not carry into the next statement; a procedure writing Aria and InnoDB; unsafe statements on Aria in a transaction
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE ar (a INT PRIMARY KEY, b VARCHAR(60)) ENGINE=Aria
setup: INSERT INTO ar VALUES (100, 'x')
setup: CREATE PROCEDURE p(x INT) BEGIN INSERT INTO ar VALUES (x, 'p'); INSERT INTO t VALUES (x, x); END
con1: SELECT * FROM ar
con1: INSERT INTO t VALUES (1, 1)
con1: SET @x = (SELECT COUNT(*) FROM ar)
con1: INSERT INTO t VALUES (2, @x)
con1: CALL p(3)
con1: BEGIN
con1: CALL p(4)
con1: COMMIT
con1: CALL p(3) => ER_DUP_ENTRY
con1: INSERT INTO ar VALUES (5, UUID() IS NOT NULL)
con1: BEGIN
con1: UPDATE t SET b = 2
con1: INSERT INTO ar SELECT a + 10, b FROM t
con1: UPDATE ar SET b = 'z' LIMIT 1
con1: COMMIT

[case fidseed_create_select_from_aria]
servers = mariadb  # Aria is MariaDB's crash-safe engine; MySQL 9.7 has none (CREATE ... ENGINE=Aria: 1286), and the rule is about how Aria joins a transaction
rule = seed003.mixing_engines.aria_one_phase_commit
seed = 003
description = ROW: CREATE ... SELECT from an Aria table ends with COMMIT, not Xid; an Aria target's CREATE text carries PAGE_CHECKSUM=1
setup: CREATE TABLE ar (a INT PRIMARY KEY) ENGINE=Aria
setup: INSERT INTO ar VALUES (1),(2)
con1: CREATE TABLE c1 ENGINE=InnoDB SELECT * FROM ar
con1: CREATE TABLE c2 ENGINE=Aria SELECT * FROM c1
con1: INSERT INTO c1 SELECT a + 10 FROM c2
con1: INSERT INTO c1 VALUES (50)
