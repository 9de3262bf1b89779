# replbed fuzz class 'outcome:UPDATE 1442 vs OK': 7 case x format
# found as fuzz_s1_00025 (STATEMENT); shrunk in 31 runs to 4 statements (from 12)
# reference vs replbed: 'UPDATE t1 SET c_int = f_log(c_int) WHERE 1 = 1': reference 1442 Can't update table 't1' in stored function/trigger because it is already used by statement which invoked this stored function/trigger / replbed OK 
[case fuzz_outcome_UPDATE_1442_vs_OK]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 25
formats = STATEMENT
setup: CREATE TABLE t1 (id INT, c_int INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_int) VALUES (4, 82)
setup: CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (c_int, id) VALUES (x, 7); RETURN x + 1; END
con1: UPDATE t1 SET c_int = f_log(c_int) WHERE 1 = 1  => 1442
