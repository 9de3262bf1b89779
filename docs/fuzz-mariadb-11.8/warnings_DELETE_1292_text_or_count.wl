# replbed fuzz class 'warnings:DELETE [1292] text or count': 19 case x format
# found as fuzz_s2330_00264 (STATEMENT); shrunk in 35 runs to 4 statements (from 14)
# reference vs replbed: 'DELETE a, b FROM t2 a JOIN t1 b ON a.id = b.id': reference [('Warning', 1292, "Incorrect datetime value: 'k2' for column `test`.`t2`.`id` at row 0")] / replbed [('Warning', 1292, "Incorrect datetime value: 'k2' for column `test`.`t2`.`id` at row 1")]
[case fuzz_warnings_DELETE_1292_text_or_count]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 264
formats = STATEMENT
setup: CREATE TABLE t1 (id DATETIME NOT NULL PRIMARY KEY) ENGINE=MyISAM
setup: CREATE TABLE t2 (id VARCHAR(10) NULL UNIQUE) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id) VALUES ('k2')
con1: DELETE a, b FROM t2 a JOIN t1 b ON a.id = b.id
