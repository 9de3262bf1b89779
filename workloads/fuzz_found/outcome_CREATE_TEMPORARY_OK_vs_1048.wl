# replbed fuzz class 'outcome:CREATE TEMPORARY OK vs 1048': 3 case x format
# found as fuzz_s1_00284 (STATEMENT); shrunk in 29 runs to 3 statements (from 12)
# reference vs replbed: 'CREATE TEMPORARY TABLE tmp2 ENGINE=InnoDB SELECT c_int FROM t1 WHERE c_int IS NULL': reference OK  / replbed 1048 Column 'c_int' cannot be null
[case fuzz_outcome_CREATE_TEMPORARY_OK_vs_1048]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 284
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT NOT NULL) ENGINE=MyISAM
con1: INSERT INTO t1 (id, c_int) VALUES (3, 77), (3, 4) ON DUPLICATE KEY UPDATE c_int = NULL
con1: CREATE TEMPORARY TABLE tmp2 ENGINE=InnoDB SELECT c_int FROM t1 WHERE c_int IS NULL
