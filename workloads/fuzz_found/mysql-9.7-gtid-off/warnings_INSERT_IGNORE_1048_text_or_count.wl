# replbed fuzz class 'warnings:INSERT IGNORE [1048] text or count': 5 case x format
# found as fuzz_s9803_00194 (STATEMENT); shrunk in 15 runs to 3 statements (from 15)
# reference vs replbed: 'INSERT IGNORE INTO t2 (id, c_str) VALUES (8, NULL), (4, NULL)': reference [('Warning', 1048, "Column 'c_str' cannot be null")] / replbed [('Warning', 1048, "Column 'c_str' cannot be null"), ('Warning', 1048, "Column 'c_str' cannot be null")]
[case fuzz_warnings_INSERT_IGNORE_1048_text_or_count]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 194
formats = STATEMENT
setup: CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_str VARCHAR(6) NOT NULL) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_str) VALUES (8, NULL), (4, NULL)
con1: UPDATE t1 SET c_dt = '2023-03-18 06:30:00'  => 1146
