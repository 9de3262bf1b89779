# replbed fuzz class 'warnings:CREATE FUNCTION [] vs [1665, 1030]': 3 case x format
# found as fuzz_s1_00187 (STATEMENT); shrunk in 14 runs to 4 statements (from 7)
# reference vs replbed: 'CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (c_int) VALUES (x); RETURN x + 1; END': reference [] / replbed [('Error', 1665, 'Cannot execute statement: impossible to write to binary log since BINLOG_FORMAT = STATEMENT and at least one table uses a st
[case fuzz_warnings_CREATE_FUNCTION_vs_1665_1030]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 187
formats = STATEMENT
session.tx_isolation = 'READ-UNCOMMITTED'
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_int) VALUES (8, 5)  => 1665
setup: CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (c_int) VALUES (x); RETURN x + 1; END
con1: START TRANSACTION
