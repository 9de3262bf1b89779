# replbed fuzz class 'warnings:CREATE FUNCTION [] vs [1048]': 3 case x format
# found as fuzz_s1_00083 (STATEMENT); shrunk in 29 runs to 4 statements (from 14)
# reference vs replbed: 'CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (c_int, id) VALUES (x, 7.00); RETURN x + 1; END': reference [] / replbed [('Warning', 1048, "Column 'c_str' cannot be null")]
[case fuzz_warnings_CREATE_FUNCTION_vs_1048]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 83
formats = STATEMENT
setup: CREATE TABLE t2 (id DATETIME NOT NULL PRIMARY KEY, c_int INT, c_str VARCHAR(6) NOT NULL) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_int, c_str) VALUES ('2024-01-03 10:00:00', 58, NULL)
setup: CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (c_int, id) VALUES (x, 7.00); RETURN x + 1; END
con2: UPDATE t2 SET c_int = f_log(c_int) WHERE c_int IS NULL
