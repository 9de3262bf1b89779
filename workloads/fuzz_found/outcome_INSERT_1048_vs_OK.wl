# replbed fuzz class 'outcome:INSERT 1048 vs OK': 9 case x format
# found as fuzz_s1_00163 (STATEMENT); shrunk in 19 runs to 2 statements (from 8)
# reference vs replbed: "INSERT INTO t2 (id, c_dt) VALUES (2.50, NULL), (2.00, '2023-08-12 01:30:00')": reference 1048 Column 'c_dt' cannot be null / replbed OK 
[case fuzz_outcome_INSERT_1048_vs_OK]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 163
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t2 (id DECIMAL(6,2) NULL UNIQUE, c_dt DATETIME NOT NULL) ENGINE=MyISAM
con1: INSERT INTO t2 (id, c_dt) VALUES (2.50, NULL), (2.00, '2023-08-12 01:30:00')  => 1048
