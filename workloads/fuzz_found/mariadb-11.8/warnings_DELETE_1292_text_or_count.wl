# replbed fuzz class 'warnings:DELETE [1292] text or count': 3 case x format
# found as fuzz_s11809_00023 (STATEMENT); shrunk in 10 runs to 6 statements (from 10)
# reference vs replbed: 'DELETE a FROM t1 a JOIN t2 b ON a.id = b.id': reference [('Warning', 1292, "Incorrect datetime value: '4.50' for column `test`.`t2`.`id` at row 0")] / replbed [('Warning', 1292, "Incorrect datetime value: '4.50' for column `test`.`t2`.`id` at row 1")]
[case fuzz_warnings_DELETE_1292_text_or_count]
rule = fuzz
seed = 11809
description = replbed fuzz --seed 11809, case 23
formats = STATEMENT
session.sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION'
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id DATETIME NOT NULL UNIQUE, c_dt DATETIME, c_blob BLOB NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_dt, c_blob) VALUES ('2024-01-04 10:00:00', '2023-05-10 00:30:00', NULL)
setup: CREATE TABLE t2 (id DECIMAL(6,2), c_blob BLOB, c_dec DECIMAL(5,2) NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_blob, c_dec) VALUES (4.50, 'x', 42)
con1: BEGIN
con1: DELETE a FROM t1 a JOIN t2 b ON a.id = b.id
