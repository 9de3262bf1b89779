# replbed fuzz class 'warnings:INSERT IGNORE [1592] text or count': 4 case x format
# found as fuzz_s9803_00189 (STATEMENT); shrunk in 15 runs to 9 statements (from 15)
# reference vs replbed: "INSERT IGNORE INTO t3 (id, c_dt, c_int, c_blob) SELECT c_dt, c_dt, c_int, REPEAT('b', 20) FROM t1 WHERE RAND() >= 0": reference [('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Statement is unsafe because it uses a system function t
[case fuzz_warnings_INSERT_IGNORE_1592_text_or_count]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 189
formats = STATEMENT
session.sql_mode = 'STRICT_ALL_TABLES'
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_int INT NOT NULL, c_str VARCHAR(6), c_dt DATETIME) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_int, c_str, c_dt) VALUES ('k5', 11, '', '2023-08-16 05:30:00'), ('k7', 39, NULL, '2023-01-11 03:30:00')
setup: CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_str VARCHAR(6), c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_str, c_dec) VALUES (9, 'xyz', 42), (3, 'xyz', 1.50), (3, '', 1.50)
setup: CREATE TABLE t3 (id DATETIME NOT NULL UNIQUE, c_dt DATETIME NOT NULL, c_int INT, c_blob BLOB) ENGINE=InnoDB
setup: INSERT IGNORE INTO t3 (id, c_dt, c_int, c_blob) VALUES ('2024-01-04 10:00:00', '2023-03-19 04:30:00', 69, REPEAT('b', 20)), ('2024-01-06 10:00:00', '2023-06-10 02:30:00', 78, '')
con1: BEGIN
con1: CREATE TABLE t4 ENGINE=InnoDB SELECT id, c_int, c_str, c_dt FROM t1
con1: INSERT IGNORE INTO t3 (id, c_dt, c_int, c_blob) SELECT c_dt, c_dt, c_int, REPEAT('b', 20) FROM t1 WHERE RAND() >= 0
