# replbed fuzz class 'warnings:INSERT [1366, 1406] vs [1366]': 3 case x format
# found as fuzz_s1_00127 (STATEMENT); shrunk in 35 runs to 4 statements (from 14)
# reference vs replbed: 'INSERT INTO t1 (id, c_str) SELECT c_str, id FROM t2': reference [('Error', 1366, "Incorrect integer value: 'abcdef' for column `test`.`t1`.`id` at row 1"), ('Error', 1406, "Data too long for column 'c_str' at row 1")] / replbed [('Error', 1366, "Incorrect integer value: 'abcdef' for column `test`.`
[case fuzz_warnings_INSERT_1366_1406_vs_1366]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 127
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_str VARCHAR(6) NOT NULL) ENGINE=InnoDB
setup: CREATE TABLE t2 (id DATETIME, c_str VARCHAR(6)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_str) VALUES ('2024-01-04 10:00:00', 'abcdefghij')
con1: INSERT INTO t1 (id, c_str) SELECT c_str, id FROM t2  => 1366
