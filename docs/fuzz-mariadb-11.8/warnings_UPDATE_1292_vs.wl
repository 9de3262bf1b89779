# replbed fuzz class 'warnings:UPDATE [1292] vs []': 4 case x format
# found as fuzz_s2330_00390 (ROW); shrunk in 29 runs to 5 statements (from 7)
# reference vs replbed: 'UPDATE t2 a, t1 b SET a.c_dt = a.c_dt + INTERVAL 1 DAY WHERE a.id = b.id': reference [('Warning', 1292, "Truncated incorrect INTEGER value: 'k1'"), ('Warning', 1292, "Truncated incorrect DECIMAL value: 'k1'")] / replbed []
[case fuzz_warnings_UPDATE_1292_vs]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 390
formats = ROW
session.sql_mode = ''
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_dt DATETIME) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_dt) VALUES ('k1', '2023-04-13 09:30:00')
setup: CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_dt DATETIME) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_dt) VALUES (NULL, '2023-02-19 04:30:00'), (4, '2023-03-14 06:30:00')
con1: UPDATE t2 a, t1 b SET a.c_dt = a.c_dt + INTERVAL 1 DAY WHERE a.id = b.id
