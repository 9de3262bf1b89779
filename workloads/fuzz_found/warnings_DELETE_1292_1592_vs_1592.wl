# replbed fuzz class 'warnings:DELETE [1292, 1592] vs [1592]': 1 case x format
# found as fuzz_s20261127_00790 (STATEMENT); shrunk in 35 runs to 5 statements (from 16)
# reference vs replbed: 'DELETE a, b FROM t1 a JOIN t2 b ON a.id = b.id WHERE a.c_dec = -3.75': reference [('Warning', 1292, "Truncated incorrect DECIMAL value: 'k6'"), ('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Statement accesses nontransactional tabl
[case fuzz_warnings_DELETE_1292_1592_vs_1592]
rule = fuzz
seed = 20261127
description = replbed fuzz --seed 20261127, case 790
formats = STATEMENT
con1.autocommit = 0
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_dec DECIMAL(5,2) NOT NULL) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_dec) VALUES ('k6', -3.75)
setup: CREATE TABLE t2 (id INT NOT NULL UNIQUE) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id) VALUES (8)
con1: DELETE a, b FROM t1 a JOIN t2 b ON a.id = b.id WHERE a.c_dec = -3.75
