# replbed fuzz class 'outcome:REPLACE 1366 vs OK': 6 case x format
# found as fuzz_s1_00231 (STATEMENT); shrunk in 33 runs to 3 statements (from 13)
# reference vs replbed: 'REPLACE INTO t1 (id, c_blob) SELECT c_blob, c_blob FROM t1 WHERE 1 = 1 ORDER BY id, c_blob LIMIT 3': reference 1366 Incorrect integer value: 'blob' for column `test`.`t1`.`id` at row 1 / replbed OK 
[case fuzz_outcome_REPLACE_1366_vs_OK]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 231
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_blob) VALUES (1, 'blob')
con2: REPLACE INTO t1 (id, c_blob) SELECT c_blob, c_blob FROM t1 WHERE 1 = 1 ORDER BY id, c_blob LIMIT 3  => 1366
