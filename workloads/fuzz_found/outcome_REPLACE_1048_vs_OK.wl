# replbed fuzz class 'outcome:REPLACE 1048 vs OK': 9 case x format
# found as fuzz_s1_00046 (STATEMENT); shrunk in 26 runs to 2 statements (from 11)
# reference vs replbed: "REPLACE INTO t1 (id, c_blob) VALUES ('2024-01-05 10:00:00', NULL), ('2024-01-07 10:00:00', 'x')": reference 1048 Column 'c_blob' cannot be null / replbed OK 
[case fuzz_outcome_REPLACE_1048_vs_OK]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 46
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id DATETIME NOT NULL PRIMARY KEY, c_blob BLOB NOT NULL) ENGINE=MyISAM
con2: REPLACE INTO t1 (id, c_blob) VALUES ('2024-01-05 10:00:00', NULL), ('2024-01-07 10:00:00', 'x')  => 1048
