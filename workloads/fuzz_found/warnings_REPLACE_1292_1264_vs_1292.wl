# replbed fuzz class 'warnings:REPLACE [1292, 1264] vs [1292]': 3 case x format
# found as fuzz_s1_00097 (STATEMENT); shrunk in 32 runs to 4 statements (from 11)
# reference vs replbed: 'REPLACE INTO t3 (id, c_dec) SELECT c_dec, c_int FROM t2 WHERE c_blob IS NOT NULL ORDER BY id, c_int, c_dec, c_blob LIMIT 3': reference [('Error', 1292, "Incorrect datetime value: '-3.75' for column `test`.`t3`.`id` at row 1"), ('Error', 1264, "Out of range value for column 'c_dec' at row 1")] / rep
[case fuzz_warnings_REPLACE_1292_1264_vs_1292]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 97
formats = STATEMENT
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT, c_dec DECIMAL(5,2) NOT NULL, c_blob BLOB) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_int, c_dec, c_blob) VALUES (4, -2147483649, -3.75, REPEAT('b', 20))
setup: CREATE TABLE t3 (id DATETIME, c_dec DECIMAL(5,2) NOT NULL) ENGINE=InnoDB
con2: REPLACE INTO t3 (id, c_dec) SELECT c_dec, c_int FROM t2 WHERE c_blob IS NOT NULL ORDER BY id, c_int, c_dec, c_blob LIMIT 3  => 1292
