# replbed fuzz class 'warnings:INSERT [1048, 1105] vs [1048]': 15 case x format
# found as fuzz_s1_00038 (STATEMENT); shrunk in 22 runs to 2 statements (from 10)
# reference vs replbed: 'INSERT INTO t1 (c_blob, id) VALUES (@v_blob, 8.00)': reference [('Error', 1048, "Column 'c_blob' cannot be null"), ('Error', 1105, 'Unknown error')] / replbed [('Error', 1048, "Column 'c_blob' cannot be null")]
[case fuzz_warnings_INSERT_1048_1105_vs_1048]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 38
formats = STATEMENT
setup: CREATE TABLE t1 (id DECIMAL(6,2), c_blob BLOB NOT NULL) ENGINE=InnoDB
con1: INSERT INTO t1 (c_blob, id) VALUES (@v_blob, 8.00)  => 1048
