# replbed fuzz class 'outcome:UPDATE 1292 vs OK': 6 case x format
# found as fuzz_s2330_00400 (STATEMENT); shrunk in 36 runs to 5 statements (from 10)
# reference vs replbed: 'UPDATE t1 a, t2 b SET a.c_int = b.id WHERE a.id = b.id': reference 1292 Truncated incorrect DECIMAL value: 'k3' / replbed OK 
[case fuzz_outcome_UPDATE_1292_vs_OK]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 400
formats = STATEMENT
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL UNIQUE, c_int INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_int) VALUES ('k3', -3), ('k2', 7)
setup: CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_int INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_int) VALUES (NULL, NULL), (4, 70), (9, 39)
con1: UPDATE t1 a, t2 b SET a.c_int = b.id WHERE a.id = b.id  => 1292
