# replbed fuzz class 'warnings:DELETE [1292] vs []': 17 case x format
# found as fuzz_s20261129_00026 (STATEMENT); shrunk in 28 runs to 4 statements (from 14)
# reference vs replbed: "DELETE b FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.c_dt = '2023-08-17 08:30:00'": reference [('Warning', 1292, "Truncated incorrect DOUBLE value: 'k2'")] / replbed []
[case fuzz_warnings_DELETE_1292_vs]
rule = fuzz
seed = 20261129
description = replbed fuzz --seed 20261129, case 26
formats = STATEMENT
setup: CREATE TABLE t1 (id DECIMAL(6,2) NOT NULL UNIQUE) ENGINE=InnoDB
setup: CREATE TABLE t2 (id VARCHAR(10), c_dt DATETIME) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_dt) VALUES ('k2', NULL)
con1: DELETE b FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.c_dt = '2023-08-17 08:30:00'
