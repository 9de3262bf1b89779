# replbed fuzz class 'warnings:DELETE [] vs [1292]': 8 case x format
# found as fuzz_s9803_00012 (STATEMENT); shrunk in 15 runs to 6 statements (from 14)
# reference vs replbed: 'DELETE b FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.c_str IS NULL': reference [] / replbed [('Warning', 1292, "Incorrect datetime value: '6.00' for column 'id' at row 1"), ('Warning', 1292, "Incorrect datetime value: '8.50' for column 'id' at row 1")]
[case fuzz_warnings_DELETE_vs_1292]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 12
formats = STATEMENT
session.sql_mode = 'STRICT_ALL_TABLES'
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
con1.autocommit = 0
setup: CREATE TABLE t1 (id DECIMAL(6,2) NOT NULL UNIQUE, c_str VARCHAR(6), c_blob BLOB) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_str, c_blob) VALUES (8.50, '', ''), (6.00, 'a', ''), (6.00, 'abcdefghij', REPEAT('b', 20))
setup: CREATE TABLE t2 (id DATETIME NULL UNIQUE, c_str VARCHAR(6), c_dt DATETIME, c_int INT) ENGINE=InnoDB
con2: INSERT INTO t2 (id, c_str, c_dt, c_int) VALUES ('2024-01-04 10:00:00', 'xyz', '2023-07-19 01:30:00', 45), ('2024-01-03 10:00:00', 'a', '2023-02-18 05:30:00', 62), ('2024-01-06 10:00:00', 'xyz', '2023-01-16 09:30:00', 62), ('2024-01-01 10:00:00', '', NULL, 58) ON DUPLICATE KEY UPDATE c_str = 'u'
con2: DELETE b FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.c_str IS NULL
con1: UPDATE t2 SET c_dt = '2023-08-14 07:30:00' WHERE id = '2024-01-04 10:00:00' AND CONNECTION_ID() > 0 ORDER BY id, c_str, c_dt, c_int LIMIT 2
