# replbed fuzz class 'outcome:REPLACE OK vs 1364': 3 case x format
# found as fuzz_s1_00194 (STATEMENT); shrunk in 42 runs to 3 statements (from 15)
# reference vs replbed: "REPLACE INTO t4 (c_dec, c_str, c_blob) VALUES (1.50, 'a', 'blob')": reference OK  / replbed 1364 Field 'id' doesn't have a default value
[case fuzz_outcome_REPLACE_OK_vs_1364]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 194
formats = STATEMENT
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dec DECIMAL(5,2), c_str VARCHAR(6), c_blob BLOB) ENGINE=MyISAM
con1: CREATE TABLE t4 (PRIMARY KEY (id)) ENGINE=MyISAM SELECT id, c_dec, c_str, c_blob FROM t2
con1: REPLACE INTO t4 (c_dec, c_str, c_blob) VALUES (1.50, 'a', 'blob')
