# replbed fuzz class 'warnings:REPLACE [1364, 1264] vs [1264, 1364]': 3 case x format
# found as fuzz_s1_00288 (STATEMENT); shrunk in 27 runs to 2 statements (from 11)
# reference vs replbed: 'REPLACE INTO t1 (c_int) VALUES (-2147483649)': reference [('Warning', 1364, "Field 'id' doesn't have a default value"), ('Warning', 1264, "Out of range value for column 'c_int' at row 1")] / replbed [('Warning', 1264, "Out of range value for column 'c_int' at row 1"), ('Warning', 1364, "Field 'id' 
[case fuzz_warnings_REPLACE_1364_1264_vs_1264_1364]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 288
formats = STATEMENT
session.sql_mode = ''
setup: CREATE TABLE t1 (id INT NOT NULL UNIQUE, c_int INT) ENGINE=InnoDB
con1: REPLACE INTO t1 (c_int) VALUES (-2147483649)
