# replbed fuzz class 'warnings:CREATE TEMPORARY [1665, 1015] vs [6414, 1665, 1015]': 1 case x format
# found as fuzz_s9803_00294 (STATEMENT); shrunk in 15 runs to 5 statements (from 9)
# reference vs replbed: 'CREATE TEMPORARY TABLE tmp2 ENGINE=InnoDB SELECT c_blob FROM t1': reference [('Error', 1665, 'Cannot execute statement: impossible to write to binary log since BINLOG_FORMAT = STATEMENT and at least one table uses a storage engine limited to row-based logging. InnoDB is limited to row-logging when 
[case fuzz_warnings_CREATE_TEMPORARY_1665_1015_vs_6414_1665_1015]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 294
formats = STATEMENT
session.tx_isolation = 'READ-COMMITTED'
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
con1.autocommit = 0
setup: CREATE TABLE t1 (id DECIMAL(6,2) NULL UNIQUE, c_blob BLOB) ENGINE=MyISAM
setup: CREATE FUNCTION f_pure(x INT) RETURNS INT DETERMINISTIC RETURN x * 3
con1: DELETE FROM t1 WHERE id IN (9.50, 8.50)
con1: CREATE TEMPORARY TABLE tmp2 ENGINE=InnoDB SELECT c_blob FROM t1  => 1665
con1: SET @v_blob = 'blob'
