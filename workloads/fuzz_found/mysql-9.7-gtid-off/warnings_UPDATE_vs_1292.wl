# replbed fuzz class 'warnings:UPDATE [] vs [1292]': 3 case x format
# found as fuzz_s9803_00209 (ROW); shrunk in 15 runs to 10 statements (from 16)
# reference vs replbed: "UPDATE t2 a, t3 b SET a.c_blob = CONCAT(a.c_blob, 'q') WHERE a.id = b.id": reference [] / replbed [('Warning', 1292, "Truncated incorrect DOUBLE value: 'k2'"), ('Warning', 1292, "Truncated incorrect DOUBLE value: 'k3'"), ('Warning', 1292, "Truncated incorrect DOUBLE value: 'k6'")]
[case fuzz_warnings_UPDATE_vs_1292]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 209
formats = ROW
session.sql_mode = 'STRICT_ALL_TABLES'
session.tx_isolation = 'SERIALIZABLE'
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_blob BLOB, c_str VARCHAR(6)) ENGINE=MyISAM
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL UNIQUE, c_blob BLOB) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_blob) VALUES ('k6', 'blob'), ('k3', 'x'), ('k2', REPEAT('b', 20)), ('k3', 'blob')
setup: CREATE TABLE t3 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dec DECIMAL(5,2), c_dt DATETIME) ENGINE=InnoDB
setup: INSERT IGNORE INTO t3 (id, c_dec, c_dt) VALUES (5, 42, '2023-08-10 02:30:00'), (3, 0.25, '2023-05-14 01:30:00'), (NULL, 1.50, '2023-03-17 01:30:00'), (8, NULL, '2023-07-16 08:30:00')
con2: SET autocommit = 0
con2: UPDATE t2 a, t3 b SET a.c_blob = CONCAT(a.c_blob, 'q') WHERE a.id = b.id
con1: SET binlog_row_image = FULL
con1: SET sql_mode = 'TRADITIONAL'
con2: INSERT INTO t3 (c_dec, c_dt) VALUES (NULL, '2023-09-13 01:30:00'), (1234.5, NULL) ON DUPLICATE KEY UPDATE c_dt = '2025-05-05 05:05:05'  => 1264
