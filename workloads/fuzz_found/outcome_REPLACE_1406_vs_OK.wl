# replbed fuzz class 'outcome:REPLACE 1406 vs OK': 3 case x format
# found as fuzz_s1_00164 (STATEMENT); shrunk in 28 runs to 4 statements (from 10)
# reference vs replbed: 'REPLACE INTO t1 (id) SELECT id FROM t2 ORDER BY id, c_str, c_dec LIMIT 3': reference 1406 Data too long for column 'id' at row 1 / replbed OK 
[case fuzz_outcome_REPLACE_1406_vs_OK]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 164
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE t2 (id DATETIME NOT NULL UNIQUE, c_str VARCHAR(6), c_dec DECIMAL(5,2) NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_str, c_dec) VALUES ('2024-01-04 10:00:00', 'a', 0.25)
con1: REPLACE INTO t1 (id) SELECT id FROM t2 ORDER BY id, c_str, c_dec LIMIT 3  => 1406
