# replbed fuzz class 'warnings:INSERT [1062] text or count': 3 case x format
# found as fuzz_s1_00141 (STATEMENT); shrunk in 32 runs to 3 statements (from 13)
# reference vs replbed: 'INSERT INTO t1 (id, c_dec) SELECT c_dec, c_dec FROM t1': reference [('Error', 1062, "Duplicate entry '0000-00-00 00:00:00' for key 'PRIMARY'")] / replbed [('Error', 1062, "Duplicate entry '0000-00-00' for key 'PRIMARY'")]
[case fuzz_warnings_INSERT_1062_text_or_count]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 141
formats = STATEMENT
setup: CREATE TABLE t1 (id DATETIME NOT NULL PRIMARY KEY, c_dec DECIMAL(5,2)) ENGINE=InnoDB
con1: INSERT INTO t1 (id, c_dec) VALUES ('2024-01-03 10:00:00', 0.25), ('2024-01-05 10:00:00', 0.25) ON DUPLICATE KEY UPDATE c_dec = c_dec / 3
con1: INSERT INTO t1 (id, c_dec) SELECT c_dec, c_dec FROM t1  => 1062
