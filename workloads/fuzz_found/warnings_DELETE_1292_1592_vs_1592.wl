# replbed fuzz class 'warnings:DELETE [1292, 1592] vs [1592]': 3 case x format
# found as fuzz_s20261125_00299 (STATEMENT); shrunk in 30 runs to 6 statements (from 14)
# reference vs replbed: 'DELETE b FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.id > 4': reference [('Warning', 1292, "Truncated incorrect DECIMAL value: 'k5'"), ('Warning', 1292, "Truncated incorrect DECIMAL value: 'k2'"), ('Warning', 1292, "Truncated incorrect DECIMAL value: 'k3'"), ('Warning', 1292, "Truncated incorrect DE
[case fuzz_warnings_DELETE_1292_1592_vs_1592]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 299
formats = STATEMENT
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_dt DATETIME NOT NULL, c_blob BLOB) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_dt, c_blob) VALUES ('k5', '2023-04-12 06:30:00', 'blob'), ('k2', '2023-07-18 03:30:00', ''), ('k3', '2023-04-12 09:30:00', NULL)
setup: CREATE TABLE t2 (id INT NULL UNIQUE, c_int INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_int) VALUES (7, -2147483649), (5, 18), (1, 83)
con1: SET tx_isolation = 'READ-COMMITTED'
con1: DELETE b FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.id > 4
