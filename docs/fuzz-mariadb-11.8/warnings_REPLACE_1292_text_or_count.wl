# replbed fuzz class 'warnings:REPLACE [1292] text or count': 3 case x format
# found as fuzz_s2330_00441 (STATEMENT); shrunk in 37 runs to 3 statements (from 8)
# reference vs replbed: 'REPLACE INTO t1 (id, c_dt, c_dec) SELECT c_dec, id, id FROM t1 ORDER BY id, c_dt, c_dec LIMIT 3': reference [('Error', 1292, "Incorrect datetime value: '0000-00-00 00:00:00' for column ``.`(temporary)`.`c_dt` at row 1")] / replbed [('Error', 1292, "Incorrect datetime value: '4' for column `test`.`t
[case fuzz_warnings_REPLACE_1292_text_or_count]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 441
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c_dt DATETIME NOT NULL, c_dec DECIMAL(5,2)) ENGINE=MyISAM
con2: INSERT IGNORE INTO t1 (id, c_dt, c_dec) VALUES (9, '2024-13-01 00:00:00', -3.75), (4, '2023-06-11 08:30:00', -3.75)
con1: REPLACE INTO t1 (id, c_dt, c_dec) SELECT c_dec, id, id FROM t1 ORDER BY id, c_dt, c_dec LIMIT 3  => 1292
