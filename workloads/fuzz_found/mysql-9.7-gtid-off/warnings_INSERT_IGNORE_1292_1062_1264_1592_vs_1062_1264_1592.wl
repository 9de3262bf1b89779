# replbed fuzz class 'warnings:INSERT IGNORE [1292, 1062, 1264, 1592] vs [1062, 1264, 1592]': 3 case x format
# found as fuzz_s9803_00055 (STATEMENT); shrunk in 15 runs to 3 statements (from 9)
# reference vs replbed: 'INSERT IGNORE INTO t1 (id, c_str, c_dt, c_blob) SELECT id, id, c_dt, c_blob FROM t1 WHERE LENGTH(UUID()) = 36': reference [('Warning', 1292, "Incorrect datetime value: '0000-00-00 00:00:00' for column 'c_dt' at row 1"), ('Warning', 1062, "Duplicate entry 'k1' for key 't1.PRIMARY'"), ('Warning', 126
[case fuzz_warnings_INSERT_IGNORE_1292_1062_1264_1592_vs_1062_1264]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 55
formats = STATEMENT
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_str VARCHAR(6), c_dt DATETIME, c_blob BLOB) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_str, c_dt, c_blob) VALUES ('k2', 'bb', '2024-13-01 00:00:00', REPEAT('b', 20)), ('k1', 'a', '2023-07-10 04:30:00', ''), ('k1', 'bb', '2023-07-18 01:30:00', 'blob'), ('k1', 'xyz', '2023-05-11 08:30:00', REPEAT('b', 20))
con1: INSERT IGNORE INTO t1 (id, c_str, c_dt, c_blob) SELECT id, id, c_dt, c_blob FROM t1 WHERE LENGTH(UUID()) = 36
