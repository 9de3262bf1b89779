# replbed fuzz class 'warnings:UPDATE [1264, 4094] vs [1264]': 2 case x format
# found as fuzz_s20261125_00126 (ROW); shrunk in 26 runs to 4 statements (from 11)
# reference vs replbed: 'UPDATE t1 SET c_int = f_pure(c_int) WHERE id IN (4, 7)': reference [('Error', 1264, "Out of range value for column '(null)' at row 0"), ('Note', 4094, 'At line 3 in test.f_pure')] / replbed [('Error', 1264, "Out of range value for column 'c_int' at row 1")]
[case fuzz_warnings_UPDATE_1264_4094_vs_1264]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 126
formats = ROW
setup: CREATE TABLE t1 (id INT, c_int INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_int) VALUES (7, -2147483649)
setup: CREATE FUNCTION f_pure(x INT) RETURNS INT DETERMINISTIC RETURN x * 3
con1: UPDATE t1 SET c_int = f_pure(c_int) WHERE id IN (4, 7)  => 1264
