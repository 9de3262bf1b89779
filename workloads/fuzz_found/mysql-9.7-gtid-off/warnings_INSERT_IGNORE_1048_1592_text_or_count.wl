# replbed fuzz class 'warnings:INSERT IGNORE [1048, 1592] text or count': 1 case x format
# found as fuzz_s9803_00293 (STATEMENT); shrunk in 15 runs to 6 statements (from 12)
# reference vs replbed: 'INSERT IGNORE INTO t1 (id, c_dt) SELECT id, id FROM t1 WHERE LENGTH(USER()) > 0': reference [('Warning', 1048, "Column 'c_dt' cannot be null"), ('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Statement is unsafe because it uses a sy
[case fuzz_warnings_INSERT_IGNORE_1048_1592_text_or_count]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 293
formats = STATEMENT
session.binlog_row_image = NOBLOB
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id DATETIME, c_dt DATETIME NOT NULL) ENGINE=MyISAM
con2: INSERT INTO t1 (c_dt, id) VALUES (@v_datetime, '2024-01-08 10:00:00')  => 1048
con2: INSERT INTO t1 (c_dt) VALUES ('2023-09-17 05:30:00'), ('2023-04-10 02:30:00'), ('2023-01-18 00:30:00')
con2: INSERT IGNORE INTO t1 (id, c_dt) SELECT id, id FROM t1 WHERE LENGTH(USER()) > 0
con1: TRUNCATE TABLE tmp2  => 1146
con2: SET @v_datetime = '2023-06-13 00:30:00'
