# replbed fuzz class 'outcome:UPDATE OK vs 1292': 30 case x format
# found as fuzz_s2330_00037 (STATEMENT); shrunk in 40 runs to 6 statements (from 13)
# reference vs replbed: "UPDATE t1 a, t3 b SET a.c_str = CONCAT(a.c_str, 'zzzzzzz') WHERE a.id = b.id": reference OK  / replbed 1292 Truncated incorrect DECIMAL value: 'k7'
[case fuzz_outcome_UPDATE_OK_vs_1292]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 37
formats = STATEMENT
setup: CREATE TABLE t1 (id VARCHAR(10), c_str VARCHAR(6)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_str) VALUES ('k7', 'a'), ('k9', '')
setup: CREATE TABLE t3 (id INT NOT NULL UNIQUE, c_dec DECIMAL(5,2)) ENGINE=MyISAM
setup: INSERT IGNORE INTO t3 (id, c_dec) VALUES (2, 0.25), (3, -3.75)
con1: INSERT IGNORE INTO t1 (id, c_str) SELECT id, c_str FROM t1
con1: UPDATE t1 a, t3 b SET a.c_str = CONCAT(a.c_str, 'zzzzzzz') WHERE a.id = b.id
