# replbed fuzz class 'warnings:UPDATE [1292] text or count': 7 case x format
# found as fuzz_s2330_00090 (STATEMENT); shrunk in 40 runs to 5 statements (from 13)
# reference vs replbed: 'UPDATE t2 a, t1 b SET a.c_dec = a.c_dec + 0.5 WHERE a.id = b.id': reference [('Warning', 1292, "Incorrect datetime value: '2.50' for column `test`.`t1`.`id` at row 1"), ('Warning', 1292, "Incorrect datetime value: '3.00' for column `test`.`t1`.`id` at row 1")] / replbed [('Warning', 1292, "Incorrec
[case fuzz_warnings_UPDATE_1292_text_or_count]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 90
formats = STATEMENT
session.sql_mode = ''
setup: CREATE TABLE t1 (id DECIMAL(6,2) NULL UNIQUE, c_int INT NOT NULL, c_dec DECIMAL(5,2), c_dt DATETIME) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_int, c_dec, c_dt) VALUES (2.50, 77, 1.50, '2023-03-14 08:30:00'), (3.00, 32, -3.75, '2023-02-15 07:30:00')
setup: CREATE TABLE t2 (id DATETIME NOT NULL PRIMARY KEY, c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_dec) VALUES ('2024-01-06 10:00:00', NULL), ('2024-01-09 10:00:00', 0.25), ('2024-01-07 10:00:00', -3.75), ('2024-01-06 10:00:00', -3.75)
con1: UPDATE t2 a, t1 b SET a.c_dec = a.c_dec + 0.5 WHERE a.id = b.id
