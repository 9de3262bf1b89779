# replbed fuzz class 'outcome:UPDATE 1442 vs 1062': 3 case x format
# found as fuzz_s1_00299 (STATEMENT); shrunk in 40 runs to 4 statements (from 15)
# reference vs replbed: 'UPDATE t3 SET c_int = f_log(c_int) WHERE c_dt IS NOT NULL': reference 1442 Can't update table 't3' in stored function/trigger because it is already used by statement which invoked this stored function/trigger / replbed 1062 Duplicate entry 'k4' for key 'id'
[case fuzz_outcome_UPDATE_1442_vs_1062]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 299
formats = STATEMENT
setup: CREATE TABLE t3 (id VARCHAR(10) NOT NULL UNIQUE, c_dt DATETIME, c_int INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t3 (id, c_dt, c_int) VALUES ('k4', NULL, -4), ('k2', '2023-05-19 00:30:00', 25)
setup: CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t3 (c_int, id) VALUES (x, 'k4'); RETURN x + 1; END
con1: UPDATE t3 SET c_int = f_log(c_int) WHERE c_dt IS NOT NULL  => 1442
