# replbed fuzz class 'warnings:REPLACE [1292] text or count': 3 case x format
# found as fuzz_s20261125_00411 (STATEMENT); shrunk in 30 runs to 4 statements (from 11)
# reference vs replbed: 'REPLACE INTO t1 (id, c_dt) SELECT id, id FROM t1': reference [('Error', 1292, "Incorrect datetime value: '1' for column `test`.`t1`.`c_dt` at row 1")] / replbed [('Error', 1292, "Incorrect datetime value: '8' for column `test`.`t1`.`c_dt` at row 1")]
[case fuzz_warnings_REPLACE_1292_text_or_count]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 411
formats = STATEMENT
session.binlog_row_image = FULL
setup: CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c_dt DATETIME) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_dt) VALUES (8, '2023-09-16 09:30:00')
con1: INSERT IGNORE INTO t1 (id) VALUES (1), (9), (8)
con1: REPLACE INTO t1 (id, c_dt) SELECT id, id FROM t1  => 1292
