# replbed fuzz class 'warnings:SELECT [1062, 4094, 1592] vs [1062, 4094]': 1 case x format
# found as fuzz_s20261125_00883 (STATEMENT); shrunk in 30 runs to 7 statements (from 14)
# reference vs replbed: 'SELECT f_log(3)': reference [('Error', 1062, "Duplicate entry '3.50' for key 'id'"), ('Note', 4094, 'At line 4 in test.f_log'), ('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Statement is unsafe because it accesses a non-transactio
[case fuzz_warnings_SELECT_1062_4094_1592_vs_1062_4094]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 883
formats = STATEMENT
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id DECIMAL(6,2) NOT NULL UNIQUE, c_int INT NOT NULL, c_blob BLOB, c_dt DATETIME) ENGINE=MyISAM
setup: CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (c_int, id) VALUES (x, 3.50); RETURN x + 1; END
con1: SET autocommit = 0
con1: CREATE TEMPORARY TABLE tmp2 ENGINE=InnoDB SELECT c_blob FROM t1
con1: INSERT IGNORE INTO tmp2 (c_blob) VALUES ('x'), (REPEAT('b', 20))
con1: REPLACE INTO t1 (id, c_int, c_blob, c_dt) VALUES (3.50, -5, REPEAT('b', 20), '2023-02-18 01:30:00'), (1.00, 1, NULL, '2023-03-18 00:30:00')
con1: SELECT f_log(3)  => 1062
