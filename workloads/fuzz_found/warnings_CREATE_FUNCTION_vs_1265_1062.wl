# replbed fuzz class 'warnings:CREATE FUNCTION [] vs [1265, 1062]': 3 case x format
# found as fuzz_s1_00200 (STATEMENT); shrunk in 30 runs to 4 statements (from 12)
# reference vs replbed: 'CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (c_int, id) VALUES (x, 8); RETURN x + 1; END': reference [] / replbed [('Warning', 1265, "Data truncated for column 'c_int' at row 2"), ('Warning', 1062, "Duplicate entry '2' for key 'PRIMARY'")]
[case fuzz_warnings_CREATE_FUNCTION_vs_1265_1062]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 200
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c_dec DECIMAL(5,2), c_int INT NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_dec, c_int) VALUES (2, 42, 95), (2, 0.25, '12abc')
setup: CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (c_int, id) VALUES (x, 8); RETURN x + 1; END
con1: DELETE FROM t1 WHERE c_dec IS NOT NULL
