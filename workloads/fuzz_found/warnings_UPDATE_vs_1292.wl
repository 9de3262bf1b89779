# replbed fuzz class 'warnings:UPDATE [] vs [1292]': 3 case x format
# found as fuzz_s20261125_00100 (STATEMENT); shrunk in 30 runs to 5 statements (from 16)
# reference vs replbed: 'UPDATE t1 a, t2 b SET a.c_str = b.id WHERE a.id = b.id': reference [] / replbed [('Warning', 1292, "Truncated incorrect DECIMAL value: 'k4'"), ('Warning', 1292, "Truncated incorrect DECIMAL value: 'k5'"), ('Warning', 1292, "Truncated incorrect DECIMAL value: 'k8'")]
[case fuzz_warnings_UPDATE_vs_1292]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 100
formats = STATEMENT
session.sql_mode = ''
setup: CREATE TABLE t1 (id INT NULL UNIQUE, c_str VARCHAR(6), c_int INT NOT NULL, c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_str, c_int, c_dec) VALUES (NULL, 'bb', 17, 0.25)
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL UNIQUE, c_int INT, c_dt DATETIME NOT NULL) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_int, c_dt) VALUES ('k5', 75, '2023-08-14 07:30:00'), ('k8', '12abc', '2023-05-17 04:30:00'), ('k4', 19, '2023-06-14 03:30:00')
con1: UPDATE t1 a, t2 b SET a.c_str = b.id WHERE a.id = b.id
