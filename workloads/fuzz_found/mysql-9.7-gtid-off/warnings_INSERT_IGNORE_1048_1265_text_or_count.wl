# replbed fuzz class 'warnings:INSERT IGNORE [1048, 1265] text or count': 6 case x format
# found as fuzz_s9803_00131 (STATEMENT); shrunk in 15 runs to 3 statements (from 17)
# reference vs replbed: "INSERT IGNORE INTO t3 (id, c_int, c_blob, c_dt) VALUES (7, NULL, 'x', '2024-13-01 00:00:00'), (3, NULL, '', '2023-07-11 04:30:00')": reference [('Warning', 1048, "Column 'c_int' cannot be null"), ('Warning', 1265, "Data truncated for column 'c_dt' at row 1")] / replbed [('Warning', 1048, "Column 'c
[case fuzz_warnings_INSERT_IGNORE_1048_1265_text_or_count]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 131
formats = STATEMENT
setup: CREATE TABLE t3 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT NOT NULL, c_blob BLOB, c_dt DATETIME NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t3 (id, c_int, c_blob, c_dt) VALUES (7, NULL, 'x', '2024-13-01 00:00:00'), (3, NULL, '', '2023-07-11 04:30:00')
con1: SET sql_mode = 'TRADITIONAL'
