# replbed fuzz class 'outcome:INSERT IGNORE OK vs 1364': 11 case x format
# found as fuzz_s1_00020 (STATEMENT); shrunk in 16 runs to 2 statements (from 12)
# reference vs replbed: 'INSERT IGNORE INTO t2 (c_int) VALUES (0)': reference OK  / replbed 1364 Field 'c_dt' doesn't have a default value
[case fuzz_outcome_INSERT_IGNORE_OK_vs_1364]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 20
formats = STATEMENT
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT, c_dt DATETIME NOT NULL) ENGINE=InnoDB
con1: INSERT IGNORE INTO t2 (c_int) VALUES (0)
