# replbed fuzz class 'outcome:UPDATE 1292 vs OK': 27 case x format
# found as fuzz_s1_00037 (STATEMENT); shrunk in 50 runs to 4 statements (from 15)
# reference vs replbed: "UPDATE t2 a, t1 b SET a.c_dt = b.c_dt, b.c_blob = 'newblob' WHERE a.id = b.id": reference 1292 Truncated incorrect DECIMAL value: 'k6' / replbed OK 
[case fuzz_outcome_UPDATE_1292_vs_OK]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 37
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL UNIQUE, c_blob BLOB, c_dt DATETIME) ENGINE=MyISAM
setup: CREATE TABLE t2 (id VARCHAR(10), c_dt DATETIME) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_dt) VALUES ('k6', '2023-08-11 08:30:00')
con1: UPDATE t2 a, t1 b SET a.c_dt = b.c_dt, b.c_blob = 'newblob' WHERE a.id = b.id  => 1292
