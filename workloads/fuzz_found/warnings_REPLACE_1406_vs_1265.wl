# replbed fuzz class 'warnings:REPLACE [1406] vs [1265]': 1 case x format
# found as fuzz_s1_00223 (MIXED); shrunk in 24 runs to 2 statements (from 12)
# reference vs replbed: "REPLACE INTO t1 (c_str) VALUES (''), ('abcdefghij')": reference [('Warning', 1406, "Data too long for column 'c_str' at row 2")] / replbed [('Warning', 1265, "Data truncated for column 'c_str' at row 2")]
[case fuzz_warnings_REPLACE_1406_vs_1265]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 223
formats = MIXED
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_str VARCHAR(6)) ENGINE=MyISAM
con1: REPLACE INTO t1 (c_str) VALUES (''), ('abcdefghij')
