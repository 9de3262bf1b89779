# replbed fuzz class 'warnings:INSERT [1366] text or count': 3 case x format
# found as fuzz_s1_00233 (STATEMENT); shrunk in 31 runs to 4 statements (from 10)
# reference vs replbed: 'INSERT INTO t1 (id, c_dec) SELECT c_str, c_blob FROM t3 WHERE 1 = 1': reference [('Error', 1366, "Incorrect integer value: 'bb' for column `test`.`t1`.`id` at row 1"), ('Error', 1366, "Incorrect decimal value: 'x' for column `test`.`t1`.`c_dec` at row 1")] / replbed [('Error', 1366, "Incorrect inte
[case fuzz_warnings_INSERT_1366_text_or_count]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 233
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: CREATE TABLE t3 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB NOT NULL, c_str VARCHAR(6)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t3 (id, c_blob, c_str) VALUES (4, 'x', 'bb')
con1: INSERT INTO t1 (id, c_dec) SELECT c_str, c_blob FROM t3 WHERE 1 = 1  => 1366
