# replbed fuzz class 'warnings:INSERT IGNORE [1048, 1062, 1592] text or count': 2 case x format
# found as fuzz_s9803_00032 (STATEMENT); shrunk in 15 runs to 7 statements (from 9)
# reference vs replbed: 'INSERT IGNORE INTO t2 (id, c_dt, c_dec, c_blob) SELECT 0.25, c_dt, 0.25, c_blob FROM t1 WHERE LENGTH(UUID()) = 36': reference [('Warning', 1048, "Column 'c_dt' cannot be null"), ('Warning', 1062, "Duplicate entry '0.25' for key 't2.PRIMARY'"), ('Warning', 1062, "Duplicate entry '0.25' for key 't2.P
[case fuzz_warnings_INSERT_IGNORE_1048_1062_1592_text_or_count]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 32
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id INT, c_str VARCHAR(6), c_blob BLOB, c_dt DATETIME) ENGINE=InnoDB
setup: CREATE TABLE t2 (id DECIMAL(6,2) NOT NULL PRIMARY KEY, c_dt DATETIME NOT NULL, c_dec DECIMAL(5,2), c_blob BLOB) ENGINE=MyISAM
con1: BEGIN
con1: INSERT IGNORE INTO t1 (id, c_str) VALUES (9, 'xyz'), (7, 'bb'), (2, '')
con1: SAVEPOINT sp1
con1: INSERT IGNORE INTO t2 (id, c_dt, c_dec, c_blob) VALUES (3.50, NULL, 1.50, ''), (1.50, '2023-09-19 02:30:00', 1.50, 'blob'), (1.00, '2023-02-14 01:30:00', 'x', 'x'), (1.00, '2023-04-16 05:30:00', 1.50, 'blob')
con1: INSERT IGNORE INTO t2 (id, c_dt, c_dec, c_blob) SELECT 0.25, c_dt, 0.25, c_blob FROM t1 WHERE LENGTH(UUID()) = 36
