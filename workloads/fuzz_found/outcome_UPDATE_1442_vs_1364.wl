# replbed fuzz class 'outcome:UPDATE 1442 vs 1364': 3 case x format
# found as fuzz_s1_00132 (STATEMENT); shrunk in 24 runs to 4 statements (from 13)
# reference vs replbed: 'UPDATE t1 SET c_int = f_log(c_int) WHERE c_blob IS NOT NULL': reference 1442 Can't update table 't1' in stored function/trigger because it is already used by statement which invoked this stored function/trigger / replbed 1364 Field 'c_dt' doesn't have a default value
[case fuzz_outcome_UPDATE_1442_vs_1364]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 132
formats = STATEMENT
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL UNIQUE, c_int INT, c_dt DATETIME NOT NULL, c_blob BLOB) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_int, c_dt, c_blob) VALUES ('k5', 76, '2023-09-11 06:30:00', 'x')
setup: CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (c_int, id) VALUES (x, 'k1'); RETURN x + 1; END
con1: UPDATE t1 SET c_int = f_log(c_int) WHERE c_blob IS NOT NULL  => 1442
