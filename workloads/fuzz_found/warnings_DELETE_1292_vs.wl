# replbed fuzz class 'warnings:DELETE [1292] vs []': 23 case x format
# found as fuzz_s1_00077 (STATEMENT); shrunk in 37 runs to 5 statements (from 9)
# reference vs replbed: 'DELETE a FROM t1 a JOIN t2 b ON a.id = b.id': reference [('Warning', 1292, "Incorrect datetime value: '1.50' for column `test`.`t2`.`id` at row 1")] / replbed []
[case fuzz_warnings_DELETE_1292_vs]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 77
formats = STATEMENT
setup: CREATE TABLE t1 (id DATETIME) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id) VALUES ('2024-01-02 10:00:00')
setup: CREATE TABLE t2 (id DECIMAL(6,2) NOT NULL PRIMARY KEY) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id) VALUES (1.50)
con1: DELETE a FROM t1 a JOIN t2 b ON a.id = b.id
