# replbed fuzz class 'outcome:INSERT 1052 vs OK': 8 case x format
# found as fuzz_s1_00114 (ROW); shrunk in 23 runs to 2 statements (from 10)
# reference vs replbed: 'INSERT INTO t1 (id, c_int, c_dt) SELECT c_dt, id, c_dt FROM t1 ON DUPLICATE KEY UPDATE c_int = t1.c_int + 2147483647': reference 1052 Column 't1.c_int' in UPDATE is ambiguous / replbed OK 
[case fuzz_outcome_INSERT_1052_vs_OK]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 114
formats = ROW
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT, c_dt DATETIME) ENGINE=InnoDB
con1: INSERT INTO t1 (id, c_int, c_dt) SELECT c_dt, id, c_dt FROM t1 ON DUPLICATE KEY UPDATE c_int = t1.c_int + 2147483647  => 1052
