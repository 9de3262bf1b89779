# replbed fuzz class 'outcome:REPLACE 1265 vs OK': 3 case x format
# found as fuzz_s1_00081 (STATEMENT); shrunk in 25 runs to 2 statements (from 12)
# reference vs replbed: "REPLACE INTO t1 (id, c_int) VALUES ('k1', '12abc')": reference 1265 Data truncated for column 'c_int' at row 1 / replbed OK 
[case fuzz_outcome_REPLACE_1265_vs_OK]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 81
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL UNIQUE, c_int INT) ENGINE=MyISAM
con1: REPLACE INTO t1 (id, c_int) VALUES ('k1', '12abc')  => 1265
