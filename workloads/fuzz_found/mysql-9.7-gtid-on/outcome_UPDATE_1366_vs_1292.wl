# replbed fuzz class 'outcome:UPDATE 1366 vs 1292': 3 case x format
# found as fuzz_s9804_00010 (STATEMENT); shrunk in 10 runs to 6 statements (from 15)
# reference vs replbed: 'UPDATE t2 a, t3 b SET a.c_int = b.c_int WHERE a.id = b.id': reference 1366 Incorrect decimal value: 'k7' for column 'id' at row 1 / replbed 1292 Truncated incorrect DOUBLE value: 'k7'
[case fuzz_outcome_UPDATE_1366_vs_1292]
rule = fuzz
seed = 9804
description = replbed fuzz --seed 9804, case 10
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
session.binlog_row_image = FULL
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL UNIQUE, c_blob BLOB, c_int INT, c_dt DATETIME) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_blob, c_int, c_dt) VALUES ('k7', '', NULL, '2023-08-16 04:30:00')
setup: CREATE TABLE t3 (id DECIMAL(6,2) NULL UNIQUE, c_dec DECIMAL(5,2), c_dt DATETIME, c_int INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t3 (id, c_dec, c_dt, c_int) VALUES (3.00, 0.25, '2023-01-18 04:30:00', 88), (3.50, 0.25, '2023-01-19 03:30:00', 55), (8.50, NULL, '2023-06-16 00:30:00', 98), (2.50, NULL, '2023-03-14 00:30:00', 98)
con1: UPDATE t2 a, t3 b SET a.c_int = b.c_int WHERE a.id = b.id  => 1366
con1: INSERT IGNORE INTO t4 (id, c_int) SELECT c_blob, c_blob FROM t2 WHERE c_dt IS NULL  => 1146
