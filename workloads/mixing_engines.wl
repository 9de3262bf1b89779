# Command classes of MySQL's rpl_mixing_engines family, written as replbed's own cases:
# T / N / eT / eN / M statements, trigger, function and procedure variants,
# savepoints, CREATE ... SELECT, INSERT ... SELECT and temporary tables, inside transactions.

[case mix_trx_trigger_function_procedure]
rule = WL2687.mixing.sub_statements
seed = 000
setup: CREATE TABLE tt_1 (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE nt_1 (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nt_log (a INT) ENGINE=MyISAM
setup: CREATE TRIGGER tt_1_ai AFTER INSERT ON tt_1 FOR EACH ROW INSERT INTO nt_log VALUES (NEW.a)
setup: CREATE FUNCTION fc_nt(x INT) RETURNS INT DETERMINISTIC BEGIN INSERT INTO nt_1 VALUES (x, x); RETURN x; END
setup: CREATE PROCEDURE pc_mix(x INT) BEGIN INSERT INTO tt_1 VALUES (x, 0); INSERT INTO nt_1 VALUES (x, 0); END
con1: BEGIN
con1: INSERT INTO tt_1 VALUES (1, 1)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO tt_1 VALUES (2, fc_nt(2))  => mysql-9.7-gtid-on:1785
con1: CALL pc_mix(3)  => mysql-9.7-gtid-on:1785
con1: COMMIT
con1: BEGIN
con1: INSERT INTO nt_1 VALUES (4, 4)
con1: INSERT INTO tt_1 VALUES (5, fc_nt(5))  => mysql-9.7-gtid-on:1785
con1: ROLLBACK

[case mix_savepoints]
rule = WL2687.mixing.savepoint
seed = 002
setup: CREATE TABLE tt_1 (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE nt_1 (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO tt_1 VALUES (1, 1)
con1: SAVEPOINT s1
con1: INSERT INTO tt_1 VALUES (2, 2)
con1: SAVEPOINT s2
con1: INSERT INTO nt_1 VALUES (3, 3)  => mysql-9.7-gtid-on:1785
con1: ROLLBACK TO s2
con1: INSERT INTO tt_1 VALUES (4, 4)
con1: RELEASE SAVEPOINT s1
con1: COMMIT
con1: BEGIN
con1: INSERT INTO tt_1 VALUES (10, 10)
con1: SAVEPOINT s3
con1: INSERT INTO tt_1 VALUES (11, 11)
con1: ROLLBACK TO SAVEPOINT s3
con1: COMMIT

[case mix_temp_table_rollbacks]
rule = seed004.temporary_tables
seed = 004
setup: CREATE TABLE tt_1 (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE nt_1 (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO tt_1 VALUES (1, 1)
con1: CREATE TEMPORARY TABLE tmp_t (a INT) ENGINE=InnoDB  => mysql-9.7-gtid-on/STATEMENT:3748
con1: INSERT INTO tmp_t VALUES (1)  => mysql-9.7-gtid-on/STATEMENT:1146
con1: INSERT INTO nt_1 SELECT a, a FROM tmp_t  => mysql-9.7-gtid-on/MIXED:1785,mysql-9.7-gtid-on/ROW:1785,mysql-9.7-gtid-on/STATEMENT:1146
con1: DROP TEMPORARY TABLE tmp_t  => mysql-9.7-gtid-on/STATEMENT:3748
con1: ROLLBACK
con1: BEGIN
con1: CREATE TEMPORARY TABLE tmp_n (a INT) ENGINE=MyISAM  => mysql-9.7-gtid-on/STATEMENT:3748
con1: INSERT INTO tmp_n VALUES (2)  => mysql-9.7-gtid-on/STATEMENT:1146
con1: INSERT INTO tt_1 SELECT a, a FROM tmp_n  => mysql-9.7-gtid-on/STATEMENT:1146
con1: COMMIT

[case mix_error_statements_in_trx]
rule = WL2687.mixing.error_statements
seed = 000
setup: CREATE TABLE tt_1 (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE nt_1 (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: INSERT INTO tt_1 VALUES (1, 1)
setup: INSERT INTO nt_1 VALUES (1, 1)
con1: BEGIN
con1: INSERT INTO tt_1 VALUES (2, 2), (1, 1) => ER_DUP_ENTRY
con1: INSERT INTO nt_1 VALUES (2, 2), (1, 1) => ER_DUP_ENTRY
con1: INSERT INTO tt_1 SELECT a + 10, b FROM nt_1
con1: UPDATE nt_1 SET a = 1 WHERE a = 2 => ER_DUP_ENTRY,mysql-9.7-gtid-on:1785
con1: COMMIT

[case mix_savepoint_before_binlog_joined]
rule = WL2687.mixing.savepoint
seed = 002
description = SAVEPOINT before anything reached a binlog cache: ROLLBACK TO rolls the binlog back as a whole
setup: CREATE TABLE tt_1 (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE nt_1 (a INT PRIMARY KEY) ENGINE=MyISAM
con1: BEGIN
con1: CREATE TEMPORARY TABLE x4 (a int) ENGINE=InnoDB  => mysql-9.7-gtid-on/STATEMENT:3748
con1: SAVEPOINT s
con1: INSERT INTO tt_1 VALUES (7)
con1: ROLLBACK TO s
con1: INSERT INTO tt_1 VALUES (8)
con1: COMMIT
con1: BEGIN
con1: SAVEPOINT s
con1: INSERT INTO nt_1 VALUES (9)
con1: INSERT INTO tt_1 VALUES (9)
con1: ROLLBACK TO s
con1: INSERT INTO tt_1 VALUES (10)
con1: COMMIT
con1: BEGIN
con1: SAVEPOINT s
con1: INSERT INTO tt_1 VALUES (11)
con1: ROLLBACK TO s
con1: INSERT INTO tt_1 VALUES (12)
con1: COMMIT
con1: BEGIN
con1: INSERT INTO nt_1 VALUES (1)
con1: SAVEPOINT s
con1: INSERT INTO tt_1 VALUES (1)
con1: ROLLBACK TO s
con1: INSERT INTO tt_1 VALUES (2)
con1: COMMIT

[case mix_temp_table_savepoint_and_drop_if_exists]
rule = WL2687.mixing.temporary
seed = 002
description = a temporary table created in the transaction makes ROLLBACK TO logged and warned; DROP TEMPORARY TABLE IF EXISTS is logged db-qualified
setup: CREATE TABLE tt_1 (a INT PRIMARY KEY) ENGINE=InnoDB
con1: BEGIN
con1: INSERT INTO tt_1 VALUES (1)
con1: CREATE TEMPORARY TABLE x1 (a int) ENGINE=InnoDB  => mysql-9.7-gtid-on/STATEMENT:3748
con1: ROLLBACK
con1: DROP TEMPORARY TABLE IF EXISTS x1
con1: BEGIN
con1: INSERT INTO tt_1 VALUES (2)
con1: SAVEPOINT s
con1: INSERT INTO tt_1 VALUES (3)
con1: CREATE TEMPORARY TABLE x2 (a int) ENGINE=InnoDB  => mysql-9.7-gtid-on/STATEMENT:3748
con1: ROLLBACK TO s
con1: ROLLBACK
con1: DROP TEMPORARY TABLE x2  => mysql-9.7-gtid-on/STATEMENT:1051
con1: BEGIN
con1: CREATE TEMPORARY TABLE x3 (a int) ENGINE=MyISAM  => mysql-9.7-gtid-on/STATEMENT:3748
con1: SAVEPOINT s
con1: INSERT INTO tt_1 VALUES (7)
con1: ROLLBACK TO s
con1: ROLLBACK
con1: CREATE TEMPORARY TABLE x5 (a int) ENGINE=InnoDB
con1: DROP TEMPORARY TABLE IF EXISTS x5, x3
