# replbed fuzz class 'warnings:INSERT IGNORE [1062, 1592] text or count': 7 case x format
# found as fuzz_s9803_00056 (STATEMENT); shrunk in 15 runs to 11 statements (from 13)
# reference vs replbed: "INSERT IGNORE INTO t1 (id, c_blob) SELECT id, c_blob FROM t1 WHERE SYSDATE() > '2000-01-01'": reference [('Warning', 1062, "Duplicate entry '8' for key 't1.PRIMARY'"), ('Warning', 1062, "Duplicate entry '7' for key 't1.PRIMARY'"), ('Warning', 1062, "Duplicate entry '4' for key 't1.PRIMARY'"), ('War
[case fuzz_warnings_INSERT_IGNORE_1062_1592_text_or_count]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 56
formats = STATEMENT
session.sql_mode = 'STRICT_ALL_TABLES'
session.binlog_row_image = MINIMAL
session.tx_isolation = 'SERIALIZABLE'
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_blob) VALUES (1, ''), (7, REPEAT('b', 20)), (4, 'x')
con2: DELETE FROM t1 WHERE c_blob IS NOT NULL ORDER BY id, c_blob LIMIT 1
con1: INSERT IGNORE INTO t1 (id, c_blob) SELECT c_blob, c_blob FROM t1
con2: INSERT INTO t1 (c_blob) VALUES (REPEAT('b', 20))
con2: INSERT INTO t1 (id, c_blob) VALUES (8, ''), (1, 'blob') ON DUPLICATE KEY UPDATE c_blob = VALUES(c_blob)
con1: REPLACE INTO t1 (id, c_blob) VALUES (7, 'x'), (4, 'x'), (8, 'blob'), (9, 'blob')
con2: BEGIN
con1: REPLACE INTO t1 (id, c_blob) VALUES (1, 'x'), (7, 'x'), (1, REPEAT('b', 20))
con2: INSERT IGNORE INTO t1 (id, c_blob) SELECT id, c_blob FROM t1 WHERE SYSDATE() > '2000-01-01'
con2: SET @v_blob = REPEAT('b', 20)
