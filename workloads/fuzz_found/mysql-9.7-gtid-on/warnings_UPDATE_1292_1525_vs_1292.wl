# replbed fuzz class 'warnings:UPDATE [1292, 1525] vs [1292]': 3 case x format
# found as fuzz_s9804_00060 (STATEMENT); shrunk in 10 runs to 8 statements (from 14)
# reference vs replbed: "UPDATE t1 SET id = id + 0.5 WHERE c_dt = '2024-13-01 00:00:00'": reference [('Error', 1292, "Incorrect datetime value: '2024-13-01 00:00:00' for column 'c_dt' at row 1"), ('Error', 1525, "Incorrect DATETIME value: '2024-13-01 00:00:00'")] / replbed [('Error', 1292, "Truncated incorrect datetime val
[case fuzz_warnings_UPDATE_1292_1525_vs_1292]
rule = fuzz
seed = 9804
description = replbed fuzz --seed 9804, case 60
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
session.tx_isolation = 'REPEATABLE-READ'
setup: CREATE TABLE t1 (id DECIMAL(6,2) NULL UNIQUE, c_dt DATETIME) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_dt) VALUES (6.00, '2023-07-17 04:30:00'), (8.00, '2023-03-17 05:30:00'), (1.50, '2023-06-17 01:30:00')
setup: CREATE TABLE t2 (id DECIMAL(6,2), c_blob BLOB, c_dec DECIMAL(5,2) NOT NULL, c_dt DATETIME NOT NULL) ENGINE=InnoDB
con1: INSERT INTO t2 (id, c_blob, c_dec, c_dt) VALUES (9.50, 'x', -3.75, '2023-07-15 04:30:00'), (7.50, 'blob', -3.75, '0000-00-00 00:00:00'), (3.00, 'x', -3.75, '2023-03-12 04:30:00')  => 1292
con1: UPDATE t1 SET id = id + 0.5 WHERE c_dt = '2024-13-01 00:00:00'  => 1292
con1: INSERT IGNORE INTO t1 (id, c_dt) SELECT id, c_dt FROM t1 WHERE CONNECTION_ID() > 0
con1: BEGIN
con1: INSERT IGNORE INTO t2 (id, c_dec, c_dt) VALUES (4.00, 0.25, '2023-02-11 03:30:00'), (8.00, 1.50, '2023-02-12 08:30:00'), (1.50, 42, '2023-07-18 00:30:00'), (3.50, NULL, '2023-04-18 09:30:00')
