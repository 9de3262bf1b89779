# replbed fuzz class 'warnings:INSERT [1364, 1062] text or count': 1 case x format
# found as fuzz_s1_00205 (ROW); shrunk in 28 runs to 2 statements (from 15)
# reference vs replbed: 'INSERT INTO t2 (c_int) VALUES (80), (71)': reference [('Warning', 1364, "Field 'id' doesn't have a default value"), ('Error', 1062, "Duplicate entry '0' for key 'PRIMARY'")] / replbed [('Warning', 1364, "Field 'id' doesn't have a default value"), ('Warning', 1364, "Field 'id' doesn't have a default
[case fuzz_warnings_INSERT_1364_1062_text_or_count]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 205
formats = ROW
session.sql_mode = ''
setup: CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_int INT) ENGINE=InnoDB
con1: INSERT INTO t2 (c_int) VALUES (80), (71)  => 1062
