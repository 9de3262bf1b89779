# replbed fuzz class 'warnings:INSERT IGNORE [1366, 1062, 1592] text or count': 1 case x format
# found as fuzz_s20261129_00017 (STATEMENT); shrunk in 76 runs to 6 statements (from 12)
# reference vs replbed: 'INSERT IGNORE INTO t1 (id, c_blob, c_int) SELECT c_blob, c_blob, c_blob FROM t1 WHERE 1 = 1': reference [('Warning', 1366, "Incorrect integer value: '' for column `test`.`t1`.`id` at row 1"), ('Warning', 1366, "Incorrect integer value: '' for column `test`.`t1`.`c_int` at row 1"), ('Warning', 1366,
[case fuzz_warnings_INSERT_IGNORE_1366_1062_1592_text_or_count]
rule = fuzz
seed = 20261129
description = replbed fuzz --seed 20261129, case 17
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NULL UNIQUE, c_blob BLOB, c_int INT) ENGINE=MyISAM
con1: INSERT IGNORE INTO t1 (id, c_blob, c_int) VALUES (2, '', 2147483648), (9, 'blob', 78)
con1: INSERT IGNORE INTO t1 (id, c_blob, c_int) SELECT c_int, c_int, c_int FROM t1 ORDER BY id, c_blob, c_int LIMIT 2
con1: DELETE FROM t1 WHERE id > 4
con1: INSERT INTO t1 (id, c_blob, c_int) VALUES (4, 'blob', 93), (6, REPEAT('b', 20), 48) ON DUPLICATE KEY UPDATE c_blob = VALUES(c_blob)
con1: INSERT IGNORE INTO t1 (id, c_blob, c_int) SELECT c_blob, c_blob, c_blob FROM t1 WHERE 1 = 1
