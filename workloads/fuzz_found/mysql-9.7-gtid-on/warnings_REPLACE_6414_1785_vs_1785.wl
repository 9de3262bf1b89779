# replbed fuzz class 'warnings:REPLACE [6414, 1785] vs [1785]': 3 case x format
# found as fuzz_s9804_00058 (STATEMENT); shrunk in 10 runs to 11 statements (from 12)
# reference vs replbed: "REPLACE INTO t3 (id, c_blob) VALUES ('k5', REPEAT('b', 20)), ('k2', 'x'), ('k4', 'blob')": reference [('Warning', 6414, 'Combining the storage engines MyISAM and InnoDB is deprecated, but the statement or transaction updates both the MyISAM table test.t1 and the InnoDB table test.t3.'), ('Error', 1
[case fuzz_warnings_REPLACE_6414_1785_vs_1785]
rule = fuzz
seed = 9804
description = replbed fuzz --seed 9804, case 58
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id DATETIME NULL UNIQUE, c_dec DECIMAL(5,2), c_int INT) ENGINE=MyISAM
setup: CREATE TABLE t2 (id DECIMAL(6,2) NOT NULL UNIQUE, c_dt DATETIME) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_dt) VALUES (5.00, '2023-02-10 03:30:00'), (9.50, '2023-04-12 08:30:00'), (4.00, '2023-07-15 07:30:00')
setup: CREATE TABLE t3 (id VARCHAR(10), c_blob BLOB) ENGINE=InnoDB
setup: INSERT IGNORE INTO t3 (id, c_blob) VALUES ('k7', REPEAT('b', 20)), ('k8', REPEAT('b', 20)), ('k9', ''), ('k8', '')
setup: CREATE FUNCTION f_pure(x INT) RETURNS INT DETERMINISTIC RETURN x * 3
setup: CREATE TRIGGER trg_t3 BEFORE DELETE ON t3 FOR EACH ROW INSERT INTO t1 (c_int, id) VALUES (1, NULL)
con1: DELETE FROM t3 WHERE c_blob IS NULL  => 1785
con1: SET binlog_row_image = MINIMAL
con1: REPLACE INTO t3 (id, c_blob) VALUES ('k5', REPEAT('b', 20)), ('k2', 'x'), ('k4', 'blob')  => 1785
con1: INSERT IGNORE INTO t1 (id, c_dec, c_int) VALUES ('2024-01-04 10:00:00', 0.25, 52), ('2024-01-08 10:00:00', NULL, 2147483648), ('2024-01-05 10:00:00', 1.50, 63)
