# replbed fuzz class 'outcome:INSERT 1406 vs OK': 9 case x format
# found as fuzz_s1_00029 (STATEMENT); shrunk in 26 runs to 2 statements (from 14)
# reference vs replbed: "INSERT INTO t2 (id, c_str) VALUES (3.00, 'toolongvalue') ON DUPLICATE KEY UPDATE id = id * 100": reference 1406 Data too long for column 'c_str' at row 1 / replbed OK 
[case fuzz_outcome_INSERT_1406_vs_OK]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 29
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t2 (id DECIMAL(6,2) NOT NULL UNIQUE, c_str VARCHAR(6)) ENGINE=InnoDB
con2: INSERT INTO t2 (id, c_str) VALUES (3.00, 'toolongvalue') ON DUPLICATE KEY UPDATE id = id * 100  => 1406
