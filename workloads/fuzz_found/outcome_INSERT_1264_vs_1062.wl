# replbed fuzz class 'outcome:INSERT 1264 vs 1062': 3 case x format
# found as fuzz_s1_00106 (STATEMENT); shrunk in 28 runs to 3 statements (from 12)
# reference vs replbed: 'INSERT INTO t1 (id, c_dec) VALUES (3.50, 1234.5)': reference 1264 Out of range value for column 'c_dec' at row 1 / replbed 1062 Duplicate entry '3.50' for key 'PRIMARY'
[case fuzz_outcome_INSERT_1264_vs_1062]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 106
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id DECIMAL(6,2) NOT NULL PRIMARY KEY, c_dec DECIMAL(5,2) NOT NULL) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_dec) VALUES (3.50, 42)
con1: INSERT INTO t1 (id, c_dec) VALUES (3.50, 1234.5)  => 1264
