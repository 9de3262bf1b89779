# replbed fuzz class 'outcome:UPDATE 1264 vs OK': 6 case x format
# found as fuzz_s1_00091 (STATEMENT); shrunk in 39 runs to 3 statements (from 15)
# reference vs replbed: 'UPDATE t3 SET id = id + 2147483647 WHERE id IN (8, 9)': reference 1264 Out of range value for column 'id' at row 1 / replbed OK 
[case fuzz_outcome_UPDATE_1264_vs_OK]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 91
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t3 (id INT NOT NULL PRIMARY KEY) ENGINE=MyISAM
setup: INSERT IGNORE INTO t3 (id) VALUES (9)
con1: UPDATE t3 SET id = id + 2147483647 WHERE id IN (8, 9)  => 1264
