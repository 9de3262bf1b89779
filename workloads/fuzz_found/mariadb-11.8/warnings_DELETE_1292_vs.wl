# replbed fuzz class 'warnings:DELETE [1292] vs []': 5 case x format
# found as fuzz_s11809_00041 (STATEMENT); shrunk in 10 runs to 6 statements (from 9)
# reference vs replbed: "DELETE b FROM t1 a JOIN t2 b ON a.id = b.id WHERE a.c_blob = 'blob'": reference [('Warning', 1292, "Incorrect datetime value: 'k7' for column `test`.`t1`.`id` at row 1")] / replbed []
[case fuzz_warnings_DELETE_1292_vs]
rule = fuzz
seed = 11809
description = replbed fuzz --seed 11809, case 41
formats = STATEMENT
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL UNIQUE, c_dt DATETIME, c_blob BLOB) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_dt, c_blob) VALUES ('k6', '2023-02-11 00:30:00', NULL), ('k7', '2023-01-16 04:30:00', 'blob'), ('k8', '2023-09-16 04:30:00', NULL), ('k8', '2023-03-14 02:30:00', NULL)
setup: CREATE TABLE t2 (id DATETIME NULL UNIQUE, c_blob BLOB NOT NULL, c_dt DATETIME, c_int INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_blob, c_dt, c_int) VALUES ('2024-01-09 10:00:00', 'blob', '2023-03-17 09:30:00', NULL), ('2024-01-03 10:00:00', '', '2023-08-16 03:30:00', '12abc'), ('2024-01-05 10:00:00', 'blob', '2023-02-19 08:30:00', 2), ('2024-01-05 10:00:00', REPEAT('b', 20), '2023-01-12 07:30:00', 16)
setup: CREATE FUNCTION f_pure(x INT) RETURNS INT DETERMINISTIC RETURN x * 3
con1: DELETE b FROM t1 a JOIN t2 b ON a.id = b.id WHERE a.c_blob = 'blob'
