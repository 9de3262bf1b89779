# replbed fuzz class 'warnings:INSERT [1292, 1366] vs [1292]': 8 case x format
# found as fuzz_s1_00082 (STATEMENT); shrunk in 37 runs to 4 statements (from 18)
# reference vs replbed: 'INSERT INTO t2 (id, c_dec) SELECT c_int, c_blob FROM t1 ORDER BY id, c_int, c_dec, c_blob LIMIT 2': reference [('Error', 1292, "Incorrect datetime value: '47' for column `test`.`t2`.`id` at row 1"), ('Error', 1366, "Incorrect decimal value: 'bbbbbbbbbbbbbbbbbbbb' for column `test`.`t2`.`c_dec` at r
[case fuzz_warnings_INSERT_1292_1366_vs_1292]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 82
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT, c_dec DECIMAL(5,2), c_blob BLOB NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_int, c_dec, c_blob) VALUES (1, 47, 42, REPEAT('b', 20))
setup: CREATE TABLE t2 (id DATETIME NULL UNIQUE, c_dec DECIMAL(5,2) NOT NULL) ENGINE=MyISAM
con1: INSERT INTO t2 (id, c_dec) SELECT c_int, c_blob FROM t1 ORDER BY id, c_int, c_dec, c_blob LIMIT 2  => 1292
