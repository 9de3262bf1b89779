# replbed fuzz class 'warnings:INSERT IGNORE [1265, 1264, 1062] vs [1264, 1062]': 2 case x format
# found as fuzz_s20261125_00528 (ROW); shrunk in 30 runs to 3 statements (from 16)
# reference vs replbed: 'INSERT IGNORE INTO t1 (id, c_dt, c_dec, c_int) SELECT c_dec, c_dec, id, c_dt FROM t1 WHERE c_int IS NOT NULL ORDER BY id, c_dt, c_dec, c_int LIMIT 3': reference [('Warning', 1265, "Data truncated for column 'c_dt' at row 1"), ('Warning', 1264, "Out of range value for column 'c_int' at row 1"), ('Wa
[case fuzz_warnings_INSERT_IGNORE_1265_1264_1062_vs_1264_1062]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 528
formats = ROW
session.sql_mode = 'TRADITIONAL'
session.tx_isolation = 'READ-COMMITTED'
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id DECIMAL(6,2) NULL UNIQUE, c_dt DATETIME, c_dec DECIMAL(5,2), c_int INT) ENGINE=MyISAM
con1: INSERT INTO t1 (id, c_dt, c_dec, c_int) VALUES (8.50, '2023-01-19 07:30:00', 0.25, 73), (8.00, '2023-05-11 02:30:00', 0.25, 78)
con2: INSERT IGNORE INTO t1 (id, c_dt, c_dec, c_int) SELECT c_dec, c_dec, id, c_dt FROM t1 WHERE c_int IS NOT NULL ORDER BY id, c_dt, c_dec, c_int LIMIT 3
