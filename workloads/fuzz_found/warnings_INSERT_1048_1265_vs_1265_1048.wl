# replbed fuzz class 'warnings:INSERT [1048, 1265] vs [1265, 1048]': 3 case x format
# found as fuzz_s20261125_00404 (STATEMENT); shrunk in 22 runs to 2 statements (from 13)
# reference vs replbed: 'INSERT INTO t2 (id, c_blob, c_dec) VALUES (2, NULL, 1.005), (4, NULL, -3.75)': reference [('Error', 1048, "Column 'c_blob' cannot be null"), ('Note', 1265, "Data truncated for column 'c_dec' at row 1")] / replbed [('Note', 1265, "Data truncated for column 'c_dec' at row 1"), ('Error', 1048, "Column
[case fuzz_warnings_INSERT_1048_1265_vs_1265_1048]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 404
formats = STATEMENT
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB NOT NULL, c_dec DECIMAL(5,2)) ENGINE=InnoDB
con2: INSERT INTO t2 (id, c_blob, c_dec) VALUES (2, NULL, 1.005), (4, NULL, -3.75)  => 1048
