# replbed fuzz class 'warnings:REPLACE [1366] text or count': 3 case x format
# found as fuzz_s1_00058 (STATEMENT); shrunk in 48 runs to 4 statements (from 17)
# reference vs replbed: 'REPLACE INTO t2 (id, c_int) SELECT c_str, c_str FROM t3 WHERE 1 = 1': reference [('Error', 1366, "Incorrect decimal value: '' for column `test`.`t2`.`id` at row 1"), ('Error', 1366, "Incorrect integer value: '' for column `test`.`t2`.`c_int` at row 1")] / replbed [('Error', 1366, "Incorrect decimal
[case fuzz_warnings_REPLACE_1366_text_or_count]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 58
formats = STATEMENT
setup: CREATE TABLE t2 (id DECIMAL(6,2) NOT NULL PRIMARY KEY, c_int INT NOT NULL) ENGINE=InnoDB
setup: CREATE TABLE t3 (id DATETIME NOT NULL PRIMARY KEY, c_str VARCHAR(6)) ENGINE=MyISAM
setup: INSERT IGNORE INTO t3 (id, c_str) VALUES ('2024-01-09 10:00:00', '')
con1: REPLACE INTO t2 (id, c_int) SELECT c_str, c_str FROM t3 WHERE 1 = 1  => 1366
