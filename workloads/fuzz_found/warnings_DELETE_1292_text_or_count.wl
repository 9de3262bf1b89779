# replbed fuzz class 'warnings:DELETE [1292] text or count': 4 case x format
# found as fuzz_s20261129_00051 (STATEMENT); shrunk in 50 runs to 6 statements (from 14)
# reference vs replbed: 'DELETE a FROM t2 a JOIN t1 b ON a.id = b.id': reference [('Warning', 1292, "Incorrect datetime value: '4' for column `test`.`t1`.`id` at row 1"), ('Warning', 1292, "Incorrect datetime value: '4' for column `test`.`t1`.`id` at row 1"), ('Warning', 1292, "Incorrect datetime value: '9' for column `tes
[case fuzz_warnings_DELETE_1292_text_or_count]
rule = fuzz
seed = 20261129
description = replbed fuzz --seed 20261129, case 51
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NULL UNIQUE, c_int INT, c_blob BLOB) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_int, c_blob) VALUES (9, -4, ''), (4, 73, REPEAT('b', 20))
setup: CREATE TABLE t2 (id DATETIME NOT NULL UNIQUE) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id) VALUES ('2024-01-07 10:00:00')
con1: INSERT IGNORE INTO t2 (id) SELECT id FROM t1
con1: DELETE a FROM t2 a JOIN t1 b ON a.id = b.id
