# replbed fuzz class 'warnings:CREATE FUNCTION [] vs [1048, 1062]': 2 case x format
# found as fuzz_s1_00142 (ROW); shrunk in 27 runs to 4 statements (from 11)
# reference vs replbed: 'CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (c_int, id) VALUES (x, 8); RETURN x + 1; END': reference [] / replbed [('Warning', 1048, "Column 'id' cannot be null"), ('Warning', 1048, "Column 'id' cannot be null"), ('Warning', 1062, "Duplicate entry '
[case fuzz_warnings_CREATE_FUNCTION_vs_1048_1062]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 142
formats = ROW
setup: CREATE TABLE t1 (id INT NOT NULL UNIQUE, c_int INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_int) VALUES (NULL, 75), (NULL, 83)
setup: CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (c_int, id) VALUES (x, 8); RETURN x + 1; END
con1: SET sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION'
