# replbed fuzz class 'outcome:INSERT 1364 vs OK': 3 case x format
# found as fuzz_s1_00180 (STATEMENT); shrunk in 44 runs to 3 statements (from 13)
# reference vs replbed: 'INSERT INTO t2 (c_dec) VALUES (42) ON DUPLICATE KEY UPDATE c_str = VALUES(c_str)': reference 1364 Field 'id' doesn't have a default value / replbed OK 
[case fuzz_outcome_INSERT_1364_vs_OK]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 180
formats = STATEMENT
setup: CREATE TABLE t2 (id DECIMAL(6,2) NOT NULL UNIQUE, c_dec DECIMAL(5,2), c_str VARCHAR(6)) ENGINE=MyISAM
con1: SET sql_mode = 'TRADITIONAL'
con1: INSERT INTO t2 (c_dec) VALUES (42) ON DUPLICATE KEY UPDATE c_str = VALUES(c_str)  => 1364
