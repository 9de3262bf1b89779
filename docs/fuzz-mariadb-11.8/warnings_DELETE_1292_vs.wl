# replbed fuzz class 'warnings:DELETE [1292] vs []': 29 case x format
# found as fuzz_s2330_00055 (STATEMENT); shrunk in 38 runs to 5 statements (from 15)
# reference vs replbed: 'DELETE b FROM t1 a JOIN t2 b ON a.id = b.id WHERE a.id > 2': reference [('Warning', 1292, "Truncated incorrect DECIMAL value: 'k5'"), ('Warning', 1292, "Truncated incorrect DECIMAL value: 'k7'")] / replbed []
[case fuzz_warnings_DELETE_1292_vs]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 55
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL UNIQUE) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id) VALUES (3)
setup: CREATE TABLE t2 (id VARCHAR(10)) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id) VALUES ('k5'), ('k7')
con1: DELETE b FROM t1 a JOIN t2 b ON a.id = b.id WHERE a.id > 2
