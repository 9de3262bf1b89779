# replbed fuzz class 'warnings:INSERT IGNORE [1048, 1062, 1592] text or count': 2 case x format
# found as fuzz_s1_00084 (STATEMENT); shrunk in 32 runs to 4 statements (from 8)
# reference vs replbed: 'INSERT IGNORE INTO t2 (id) SELECT NULL FROM t1 WHERE LENGTH(USER()) > 0': reference [('Warning', 1048, "Column 'id' cannot be null"), ('Warning', 1048, "Column 'id' cannot be null"), ('Warning', 1062, "Duplicate entry '0000-00-00 00:00:00' for key 'PRIMARY'"), ('Note', 1592, 'Unsafe statement writt
[case fuzz_warnings_INSERT_IGNORE_1048_1062_1592_text_or_count]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 84
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_blob) VALUES (2, REPEAT('b', 20)), (1, 'x')
setup: CREATE TABLE t2 (id DATETIME NOT NULL PRIMARY KEY) ENGINE=MyISAM
con1: INSERT IGNORE INTO t2 (id) SELECT NULL FROM t1 WHERE LENGTH(USER()) > 0
