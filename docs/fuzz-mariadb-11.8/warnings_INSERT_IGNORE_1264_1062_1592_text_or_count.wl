# replbed fuzz class 'warnings:INSERT IGNORE [1264, 1062, 1592] text or count': 1 case x format
# found as fuzz_s2330_00186 (STATEMENT); shrunk in 40 runs to 9 statements (from 16)
# reference vs replbed: 'INSERT IGNORE INTO t1 (id, c_dt) SELECT id, id FROM t1': reference [('Warning', 1264, "Out of range value for column 'id' at row 1"), ('Warning', 1264, "Out of range value for column 'id' at row 1"), ('Warning', 1264, "Out of range value for column 'id' at row 1"), ('Warning', 1264, "Out of range v
[case fuzz_warnings_INSERT_IGNORE_1264_1062_1592_text_or_count]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 186
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
session.tx_isolation = 'READ-UNCOMMITTED'
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id DATETIME NOT NULL UNIQUE, c_dt DATETIME) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_dt) VALUES ('2024-01-07 10:00:00', '2023-03-18 02:30:00'), ('2024-01-05 10:00:00', '2023-05-17 04:30:00'), ('2024-01-09 10:00:00', '2023-04-12 07:30:00')
setup: CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_int INT, c_blob BLOB NOT NULL, c_str VARCHAR(6)) ENGINE=InnoDB
setup: CREATE TABLE t3 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dt DATETIME, c_int INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t3 (id, c_dt, c_int) VALUES (4, '2023-01-17 00:30:00', 81), (NULL, '2023-06-12 07:30:00', 5), (9, '2023-05-17 04:30:00', 20)
con1: INSERT IGNORE INTO t1 (id, c_dt) SELECT id, c_int FROM t3
con1: UPDATE t2 SET c_str = 'bb'  => 1665
con1: INSERT IGNORE INTO t1 (id, c_dt) SELECT id, id FROM t1
con2: BEGIN
