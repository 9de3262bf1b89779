# replbed fuzz class 'warnings:CREATE FUNCTION [] vs [1265]': 10 case x format
# found as fuzz_s1_00024 (STATEMENT); shrunk in 15 runs to 4 statements (from 9)
# reference vs replbed: 'CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (c_int, id) VALUES (x, 3); RETURN x + 1; END': reference [] / replbed [('Warning', 1265, "Data truncated for column 'c_str' at row 1")]
[case fuzz_warnings_CREATE_FUNCTION_vs_1265]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 24
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NULL UNIQUE, c_str VARCHAR(6), c_int INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_str, c_int) VALUES (7, 'toolongvalue', 74)
setup: CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (c_int, id) VALUES (x, 3); RETURN x + 1; END
con1: DELETE FROM t1 WHERE c_int = 25
