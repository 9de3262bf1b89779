# replbed fuzz class 'warnings:DELETE [1292, 1592] vs [1592]': 3 case x format
# found as fuzz_s20261129_00082 (STATEMENT); shrunk in 42 runs to 5 statements (from 12)
# reference vs replbed: "DELETE a, b FROM t2 a JOIN t3 b ON a.id = b.id WHERE a.c_blob = 'x'": reference [('Warning', 1292, "Truncated incorrect DECIMAL value: 'k5'"), ('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Statement accesses nontransactional table
[case fuzz_warnings_DELETE_1292_1592_vs_1592]
rule = fuzz
seed = 20261129
description = replbed fuzz --seed 20261129, case 82
formats = STATEMENT
con1.autocommit = 0
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_blob) VALUES (6, 'x')
setup: CREATE TABLE t3 (id VARCHAR(10) NOT NULL PRIMARY KEY) ENGINE=InnoDB
setup: INSERT IGNORE INTO t3 (id) VALUES ('k5')
con1: DELETE a, b FROM t2 a JOIN t3 b ON a.id = b.id WHERE a.c_blob = 'x'
