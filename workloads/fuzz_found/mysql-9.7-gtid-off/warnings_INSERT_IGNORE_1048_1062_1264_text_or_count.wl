# replbed fuzz class 'warnings:INSERT IGNORE [1048, 1062, 1264] text or count': 3 case x format
# found as fuzz_s9803_00026 (STATEMENT); shrunk in 15 runs to 3 statements (from 16)
# reference vs replbed: 'INSERT IGNORE INTO t2 (id, c_dec, c_int) VALUES (NULL, NULL, 36), (NULL, 0.25, 84), (2, -3.75, 2147483648)': reference [('Warning', 1048, "Column 'id' cannot be null"), ('Warning', 1062, "Duplicate entry '0' for key 't2.id'"), ('Warning', 1264, "Out of range value for column 'c_int' at row 3")] / r
[case fuzz_warnings_INSERT_IGNORE_1048_1062_1264_text_or_count]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 26
formats = STATEMENT
setup: CREATE TABLE t2 (id INT NOT NULL UNIQUE, c_dec DECIMAL(5,2), c_int INT NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_dec, c_int) VALUES (NULL, NULL, 36), (NULL, 0.25, 84), (2, -3.75, 2147483648)
con1: REPLACE INTO t3 (id, c_str) VALUES ('k7', 'abcdefghij'), ('k5', 'xyz')  => 1146
