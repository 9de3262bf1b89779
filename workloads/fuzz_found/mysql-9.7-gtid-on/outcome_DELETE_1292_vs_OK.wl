# replbed fuzz class 'outcome:DELETE 1292 vs OK': 3 case x format
# found as fuzz_s9804_00074 (STATEMENT); shrunk in 10 runs to 5 statements (from 13)
# reference vs replbed: "DELETE FROM t3 WHERE c_dt = '2024-13-01 00:00:00'": reference 1292 Incorrect datetime value: '2024-13-01 00:00:00' for column 'c_dt' at row 1 / replbed OK 
[case fuzz_outcome_DELETE_1292_vs_OK]
rule = fuzz
seed = 9804
description = replbed fuzz --seed 9804, case 74
formats = STATEMENT
session.tx_isolation = 'REPEATABLE-READ'
setup: CREATE TABLE t3 (id VARCHAR(10) NOT NULL UNIQUE, c_dt DATETIME) ENGINE=MyISAM
setup: INSERT IGNORE INTO t3 (id, c_dt) VALUES ('k7', '2023-01-19 04:30:00')
con1: CREATE TEMPORARY TABLE tmp4 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB) ENGINE=InnoDB
con1: REPLACE INTO t1 (id, c_int, c_blob) SELECT c_int, c_int, id FROM t2  => 1146
con1: DELETE FROM t3 WHERE c_dt = '2024-13-01 00:00:00'  => 1292
