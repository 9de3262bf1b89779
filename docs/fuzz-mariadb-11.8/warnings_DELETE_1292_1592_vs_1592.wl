# replbed fuzz class 'warnings:DELETE [1292, 1592] vs [1592]': 1 case x format
# found as fuzz_s2330_00348 (STATEMENT); shrunk in 40 runs to 5 statements (from 16)
# reference vs replbed: 'DELETE a FROM t3 a JOIN t1 b ON a.id = b.id WHERE a.id > 4': reference [('Warning', 1292, "Truncated incorrect DECIMAL value: 'k4'"), ('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Statements writing to a table with an auto-increme
[case fuzz_warnings_DELETE_1292_1592_vs_1592]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 348
formats = STATEMENT
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL PRIMARY KEY) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id) VALUES ('k4')
setup: CREATE TABLE t3 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY) ENGINE=InnoDB
setup: INSERT IGNORE INTO t3 (id) VALUES (5)
con1: DELETE a FROM t3 a JOIN t1 b ON a.id = b.id WHERE a.id > 4
