# replbed fuzz class 'warnings:UPDATE [1292, 1048] text or count': 3 case x format
# found as fuzz_s20261129_00107 (STATEMENT); shrunk in 52 runs to 5 statements (from 11)
# reference vs replbed: 'UPDATE t1 a, t2 b SET a.c_int = NULL WHERE a.id = b.id': reference [('Warning', 1292, "Incorrect datetime value: 'k2' for column `test`.`t2`.`id` at row 1"), ('Warning', 1048, "Column 'c_int' cannot be null"), ('Warning', 1292, "Incorrect datetime value: 'k5' for column `test`.`t2`.`id` at row 2"),
[case fuzz_warnings_UPDATE_1292_1048_text_or_count]
rule = fuzz
seed = 20261129
description = replbed fuzz --seed 20261129, case 107
formats = STATEMENT
session.sql_mode = ''
setup: CREATE TABLE t1 (id DATETIME, c_int INT NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE t2 (id VARCHAR(10), c_str VARCHAR(6), c_blob BLOB) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_str, c_blob) VALUES ('k2', 'a', 'x'), ('k5', 'a', REPEAT('b', 20))
con2: INSERT IGNORE INTO t1 (id, c_int) SELECT c_blob, c_str FROM t2
con1: UPDATE t1 a, t2 b SET a.c_int = NULL WHERE a.id = b.id
