# replbed fuzz class 'outcome:INSERT 1364 vs 1264': 3 case x format
# found as fuzz_s1_00290 (STATEMENT); shrunk in 19 runs to 2 statements (from 11)
# reference vs replbed: 'INSERT INTO t1 (c_int) VALUES (2147483648) ON DUPLICATE KEY UPDATE c_int = VALUES(c_int)': reference 1364 Field 'id' doesn't have a default value / replbed 1264 Out of range value for column 'c_int' at row 1
[case fuzz_outcome_INSERT_1364_vs_1264]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 290
formats = STATEMENT
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL UNIQUE, c_int INT) ENGINE=MyISAM
con1: INSERT INTO t1 (c_int) VALUES (2147483648) ON DUPLICATE KEY UPDATE c_int = VALUES(c_int)  => 1364
