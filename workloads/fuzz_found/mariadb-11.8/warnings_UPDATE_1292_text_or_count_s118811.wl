# replbed fuzz class 'warnings:UPDATE [1292] text or count': 3 case x format
# found as fuzz_s118811_00079 (STATEMENT); shrunk in 10 runs to 12 statements (from 16)
# reference vs replbed: "UPDATE t2 a, t1 b SET a.c_blob = CONCAT(a.c_blob, 'q') WHERE a.id = b.id": reference [('Warning', 1292, "Incorrect datetime value: 'k6' for column `test`.`t1`.`id` at row 1"), ('Warning', 1292, "Incorrect datetime value: 'k6' for column `test`.`t1`.`id` at row 1"), ('Warning', 1292, "Incorrect date
[case fuzz_warnings_UPDATE_1292_text_or_count_s118811]
rule = fuzz
seed = 118811
description = replbed fuzz --seed 118811, case 79
formats = STATEMENT
session.sql_mode = ''
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_dec DECIMAL(5,2) NOT NULL, c_int INT, c_dt DATETIME) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_dec, c_int, c_dt) VALUES ('k8', 0.25, 16, '2023-06-10 06:30:00'), ('k6', -3.75, 36, '2023-06-19 01:30:00'), ('k8', -3.75, 76, '2023-02-10 01:30:00')
setup: CREATE TABLE t2 (id DATETIME NOT NULL PRIMARY KEY, c_dec DECIMAL(5,2) NOT NULL, c_int INT, c_blob BLOB) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_dec, c_int, c_blob) VALUES ('2024-01-03 10:00:00', 0.25, 43, 'blob'), ('2024-01-02 10:00:00', 1.50, NULL, 'blob')
con2: SET binlog_row_image = MINIMAL
con1: INSERT INTO t2 (c_blob) VALUES ('x') ON DUPLICATE KEY UPDATE id = VALUES(id)
con2: INSERT IGNORE INTO t1 (id, c_dec, c_int, c_dt) SELECT 'xyz', c_dec, c_int, id FROM t2 WHERE FOUND_ROWS() >= 0
con1: UPDATE t3 SET id = id / 3  => 1146
con2: UPDATE t2 a, t1 b SET a.c_blob = CONCAT(a.c_blob, 'q') WHERE a.id = b.id
con1: BEGIN
con1: SAVEPOINT sp1
con2: INSERT INTO t2 (id, c_dec, c_int, c_blob) VALUES ('2024-01-04 10:00:00', -3.75, NULL, 'x')
