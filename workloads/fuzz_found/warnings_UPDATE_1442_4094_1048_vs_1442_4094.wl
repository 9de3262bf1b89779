# replbed fuzz class 'warnings:UPDATE [1442, 4094, 1048] vs [1442, 4094]': 6 case x format
# found as fuzz_s20261125_00032 (STATEMENT); shrunk in 25 runs to 4 statements (from 11)
# reference vs replbed: 'UPDATE t1 SET c_int = f_log(c_int) WHERE id IN (9, 6)': reference [('Error', 1442, "Can't update table 't1' in stored function/trigger because it is already used by statement which invoked this stored function/trigger"), ('Note', 4094, 'At line 4 in test.f_log'), ('Error', 1048, "Column 'c_int' can
[case fuzz_warnings_UPDATE_1442_4094_1048_vs_1442_4094]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 32
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_int) VALUES (6, 69)
setup: CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (c_int) VALUES (x); RETURN x + 1; END
con1: UPDATE t1 SET c_int = f_log(c_int) WHERE id IN (9, 6)  => 1442
