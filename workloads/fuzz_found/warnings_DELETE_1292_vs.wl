# replbed fuzz class 'warnings:DELETE [1292] vs []': 1 case x format
# found as fuzz_s20261127_00001 (STATEMENT); shrunk in 41 runs to 5 statements (from 16)
# reference vs replbed: 'DELETE b FROM t1 a JOIN t2 b ON a.id = b.id WHERE a.id > 2.00': reference [('Warning', 1292, "Truncated incorrect DOUBLE value: 'k7'")] / replbed []
[case fuzz_warnings_DELETE_1292_vs]
rule = fuzz
seed = 20261127
description = replbed fuzz --seed 20261127, case 1
formats = STATEMENT
setup: CREATE TABLE t1 (id DECIMAL(6,2) NOT NULL PRIMARY KEY) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id) VALUES (4.00)
setup: CREATE TABLE t2 (id VARCHAR(10) NULL UNIQUE) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id) VALUES ('k7')
con1: DELETE b FROM t1 a JOIN t2 b ON a.id = b.id WHERE a.id > 2.00
