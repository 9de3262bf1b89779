# replbed fuzz class 'warnings:SELECT [1364, 4094, 1592] vs [1364]': 1 case x format
# found as fuzz_s1_00249 (STATEMENT); shrunk in 25 runs to 3 statements (from 13)
# reference vs replbed: 'SELECT f_log(3)': reference [('Error', 1364, "Field 'c_dt' doesn't have a default value"), ('Note', 4094, 'At line 4 in test.f_log'), ('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Statement is unsafe because it invokes a trigger o
[case fuzz_warnings_SELECT_1364_4094_1592_vs_1364]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 249
formats = STATEMENT
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dt DATETIME NOT NULL, c_int INT) ENGINE=MyISAM
setup: CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t2 (c_int) VALUES (x); RETURN x + 1; END
con1: SELECT f_log(3)  => 1364
