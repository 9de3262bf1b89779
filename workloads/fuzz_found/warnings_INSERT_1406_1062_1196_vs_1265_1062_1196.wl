# replbed fuzz class 'warnings:INSERT [1406, 1062, 1196] vs [1265, 1062, 1196]': 3 case x format
# found as fuzz_s1_00289 (STATEMENT); shrunk in 33 runs to 2 statements (from 15)
# reference vs replbed: "INSERT INTO t2 (id, c_str) VALUES ('k9', 'a'), ('k4', 'toolongvalue'), ('k4', 'xyz')": reference [('Warning', 1406, "Data too long for column 'c_str' at row 2"), ('Error', 1062, "Duplicate entry 'k4' for key 'PRIMARY'"), ('Warning', 1196, "Some non-transactional changed tables couldn't be rolled ba
[case fuzz_warnings_INSERT_1406_1062_1196_vs_1265_1062_1196]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 289
formats = STATEMENT
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_str VARCHAR(6)) ENGINE=MyISAM
con1: INSERT INTO t2 (id, c_str) VALUES ('k9', 'a'), ('k4', 'toolongvalue'), ('k4', 'xyz')  => 1062
