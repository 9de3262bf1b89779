# replbed fuzz class 'warnings:CREATE FUNCTION [] vs [1264, 1062]': 3 case x format
# found as fuzz_s1_00023 (STATEMENT); shrunk in 21 runs to 4 statements (from 15)
# reference vs replbed: "CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t2 (c_int, id) VALUES (x, 'k5'); RETURN x + 1; END": reference [] / replbed [('Warning', 1264, "Out of range value for column 'c_dec' at row 1"), ('Warning', 1062, "Duplicate entry '2024-01-04 10:00:00' for k
[case fuzz_warnings_CREATE_FUNCTION_vs_1264_1062]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 23
formats = STATEMENT
setup: CREATE TABLE t3 (id DATETIME NULL UNIQUE, c_dec DECIMAL(5,2)) ENGINE=MyISAM
setup: INSERT IGNORE INTO t3 (id, c_dec) VALUES ('2024-01-04 10:00:00', 1234.5), ('2024-01-04 10:00:00', NULL)
setup: CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t2 (c_int, id) VALUES (x, 'k5'); RETURN x + 1; END
con1: INSERT IGNORE INTO t1 (c_dec, c_int) VALUES (0.25, 0)  => 1146
