# replbed fuzz class 'warnings:DELETE [] vs [1292]': 1 case x format
# found as fuzz_s20261127_00954 (STATEMENT); shrunk in 37 runs to 5 statements (from 11)
# reference vs replbed: 'DELETE a FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.c_blob IS NULL': reference [] / replbed [('Warning', 1292, "Incorrect datetime value: 'k9' for column `test`.`t1`.`id` at row 1")]
[case fuzz_warnings_DELETE_vs_1292]
rule = fuzz
seed = 20261127
description = replbed fuzz --seed 20261127, case 954
formats = STATEMENT
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_blob BLOB) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_blob) VALUES ('k9', '')
setup: CREATE TABLE t2 (id DATETIME NOT NULL PRIMARY KEY, c_blob BLOB NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_blob) VALUES ('2024-01-03 10:00:00', REPEAT('b', 20)), ('2024-01-06 10:00:00', 'x')
con2: DELETE a FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.c_blob IS NULL
