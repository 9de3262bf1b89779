# replbed fuzz class 'warnings:INSERT IGNORE [1292, 1062, 1264] vs [1062, 1264]': 2 case x format
# found as fuzz_s9804_00071 (ROW); shrunk in 10 runs to 3 statements (from 7)
# reference vs replbed: "INSERT IGNORE INTO t2 (id, c_blob, c_dt, c_str) SELECT id, c_blob, c_dt, id FROM t2 WHERE SYSDATE() > '2000-01-01'": reference [('Warning', 1292, "Incorrect datetime value: '0000-00-00 00:00:00' for column 'c_dt' at row 1"), ('Warning', 1062, "Duplicate entry 'k9' for key 't2.id'"), ('Warning', 126
[case fuzz_warnings_INSERT_IGNORE_1292_1062_1264_vs_1062_1264]
rule = fuzz
seed = 9804
description = replbed fuzz --seed 9804, case 71
formats = ROW
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL UNIQUE, c_blob BLOB NOT NULL, c_dt DATETIME, c_str VARCHAR(6)) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_blob, c_dt, c_str) VALUES ('k9', 'x', '2023-08-19 03:30:00', ''), ('k7', '', '0000-00-00 00:00:00', 'a'), ('k5', NULL, '2023-04-16 00:30:00', '')
con1: INSERT IGNORE INTO t2 (id, c_blob, c_dt, c_str) SELECT id, c_blob, c_dt, id FROM t2 WHERE SYSDATE() > '2000-01-01'
