# replbed fuzz class 'outcome:REPLACE 1292 vs OK': 6 case x format
# found as fuzz_s1_00156 (STATEMENT); shrunk in 14 runs to 3 statements (from 5)
# reference vs replbed: 'REPLACE INTO t1 (id, c_blob) SELECT c_blob, c_blob FROM t1': reference 1292 Incorrect datetime value: 'x' for column `test`.`t1`.`id` at row 1 / replbed OK 
[case fuzz_outcome_REPLACE_1292_vs_OK]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 156
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id DATETIME NULL UNIQUE, c_blob BLOB) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_blob) VALUES ('2024-01-07 10:00:00', 'x')
con1: REPLACE INTO t1 (id, c_blob) SELECT c_blob, c_blob FROM t1  => 1292
