# replbed fuzz class 'warnings:INSERT [1264, 1048, 1105] vs [1264]': 2 case x format
# found as fuzz_s1_00093 (ROW); shrunk in 17 runs to 2 statements (from 8)
# reference vs replbed: "INSERT INTO t1 (id, c_int, c_str) VALUES ('k8', -2147483649, NULL)": reference [('Error', 1264, "Out of range value for column 'c_int' at row 1"), ('Error', 1048, "Column 'c_str' cannot be null"), ('Error', 1105, 'Unknown error')] / replbed [('Error', 1264, "Out of range value for column 'c_int' at
[case fuzz_warnings_INSERT_1264_1048_1105_vs_1264]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 93
formats = ROW
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL UNIQUE, c_int INT, c_str VARCHAR(6) NOT NULL) ENGINE=InnoDB
con2: INSERT INTO t1 (id, c_int, c_str) VALUES ('k8', -2147483649, NULL)  => 1264
