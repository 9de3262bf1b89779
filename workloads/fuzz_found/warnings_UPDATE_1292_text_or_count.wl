# replbed fuzz class 'warnings:UPDATE [1292] text or count': 3 case x format
# found as fuzz_s20261129_00116 (STATEMENT); shrunk in 55 runs to 6 statements (from 12)
# reference vs replbed: "UPDATE t1 a, t2 b SET a.c_blob = CONCAT(a.c_blob, 'q'), b.c_dt = b.c_dt + INTERVAL 1 DAY WHERE a.id = b.id": reference [('Warning', 1292, "Incorrect datetime value: 'k9' for column `test`.`t2`.`id` at row 1"), ('Warning', 1292, "Incorrect datetime value: 'k9' for column `test`.`t2`.`id` at row 1"),
[case fuzz_warnings_UPDATE_1292_text_or_count]
rule = fuzz
seed = 20261129
description = replbed fuzz --seed 20261129, case 116
formats = STATEMENT
session.sql_mode = ''
setup: CREATE TABLE t1 (id DATETIME NOT NULL PRIMARY KEY, c_blob BLOB) ENGINE=MyISAM
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_dt DATETIME, c_str VARCHAR(6)) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_dt, c_str) VALUES ('k9', '2023-01-10 07:30:00', 'a'), ('k5', '2023-03-15 06:30:00', '')
con1: REPLACE INTO t1 (id, c_blob) SELECT c_str, c_dt FROM t2
con1: INSERT INTO t1 (id) VALUES ('2024-01-02 10:00:00') ON DUPLICATE KEY UPDATE c_blob = CONCAT(c_blob, 'q')
con1: UPDATE t1 a, t2 b SET a.c_blob = CONCAT(a.c_blob, 'q'), b.c_dt = b.c_dt + INTERVAL 1 DAY WHERE a.id = b.id
