# replbed fuzz class 'warnings:INSERT IGNORE [1292, 1264, 1062] vs [1264, 1062]': 4 case x format
# found as fuzz_s9803_00033 (ROW); shrunk in 15 runs to 7 statements (from 10)
# reference vs replbed: 'INSERT IGNORE INTO t1 (id, c_dt) SELECT id, id FROM t1': reference [('Warning', 1292, "Incorrect datetime value: '0000-00-00 00:00:00' for column 'id' at row 1"), ('Warning', 1292, "Incorrect datetime value: '0000-00-00 00:00:00' for column 'id' at row 1"), ('Warning', 1264, "Out of range value for
[case fuzz_warnings_INSERT_IGNORE_1292_1264_1062_vs_1264_1062]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 33
formats = ROW
session.binlog_row_image = NOBLOB
setup: CREATE TABLE t1 (id DATETIME NOT NULL UNIQUE, c_dt DATETIME) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_str VARCHAR(6), c_dt DATETIME) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_str, c_dt) VALUES (9, 'a', NULL)
con1: INSERT IGNORE INTO t1 (id, c_dt) SELECT c_dt, c_dt FROM t2 WHERE CONNECTION_ID() > 0
con1: UPDATE t2 SET c_str = CONCAT(c_str, 'zzzzzzz') WHERE id IS NULL
con1: INSERT INTO t3 (id, c_int, c_str) VALUES (4.00, 22, 'a') ON DUPLICATE KEY UPDATE c_int = c_int + 2147483647  => 1146
con1: INSERT IGNORE INTO t1 (id, c_dt) SELECT id, id FROM t1
