# replbed fuzz class 'warnings:CREATE FUNCTION [] vs [1062]': 5 case x format
# found as fuzz_s1_00057 (STATEMENT); shrunk in 22 runs to 4 statements (from 13)
# reference vs replbed: 'CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t2 (c_int) VALUES (x); RETURN x + 1; END': reference [] / replbed [('Warning', 1062, "Duplicate entry '5' for key 'PRIMARY'")]
[case fuzz_warnings_CREATE_FUNCTION_vs_1062]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 57
formats = STATEMENT
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_int) VALUES (5, 56), (5, 89)
setup: CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t2 (c_int) VALUES (x); RETURN x + 1; END
con1: UPDATE t1 SET c_dec = c_dec * 100 WHERE c_dec IS NULL  => 1146
