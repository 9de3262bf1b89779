# replbed fuzz class 'warnings:INSERT IGNORE [1265, 1264, 1062] vs [1265, 1062]': 2 case x format
# found as fuzz_s9803_00072 (ROW); shrunk in 15 runs to 7 statements (from 12)
# reference vs replbed: 'INSERT IGNORE INTO t1 (id, c_dt, c_int) SELECT c_int, c_int, id FROM t1': reference [('Warning', 1265, "Data truncated for column 'c_dt' at row 1"), ('Warning', 1264, "Out of range value for column 'c_dt' at row 2"), ('Warning', 1265, "Data truncated for column 'c_dt' at row 3"), ('Warning', 1265, 
[case fuzz_warnings_INSERT_IGNORE_1265_1264_1062_vs_1265_1062]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 72
formats = ROW
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
con1.autocommit = 0
setup: CREATE TABLE t1 (id INT NULL UNIQUE, c_dt DATETIME NOT NULL, c_int INT NOT NULL) ENGINE=MyISAM
con1: INSERT INTO t1 (id, c_dt, c_int) VALUES (3, '2023-01-10 08:30:00', 13), (9, '2023-02-17 09:30:00', -2), (4, '2023-06-17 04:30:00', 21), (8, '2023-09-19 07:30:00', 95)
con1: SAVEPOINT sp1
con1: COMMIT
con2: INSERT INTO t1 (id, c_dt, c_int) VALUES (1, '2023-09-18 01:30:00', 58), (7, '2023-03-14 01:30:00', 1), (3, NULL, 1), (2, '2023-08-17 06:30:00', 73)  => 1062
con2: INSERT IGNORE INTO t1 (id, c_dt, c_int) SELECT c_int, c_int, id FROM t1
con2: INSERT INTO t1 (id, c_dt, c_int) VALUES (6, '2023-01-19 01:30:00', 90), (4, '2023-02-13 09:30:00', 37)  => 1062
