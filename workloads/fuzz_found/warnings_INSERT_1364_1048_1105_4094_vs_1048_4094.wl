# replbed fuzz class 'warnings:INSERT [1364, 1048, 1105, 4094] vs [1048, 4094]': 3 case x format
# found as fuzz_s1_00188 (STATEMENT); shrunk in 31 runs to 4 statements (from 11)
# reference vs replbed: 'INSERT INTO t1 (id, c_int) VALUES (2, 27)': reference [('Warning', 1364, "Field 'c_dec' doesn't have a default value"), ('Error', 1048, "Column 'id' cannot be null"), ('Error', 1105, 'Unknown error'), ('Note', 4094, 'At line 1 in test.trg_t1')] / replbed [('Error', 1048, "Column 'id' cannot be null
[case fuzz_warnings_INSERT_1364_1048_1105_4094_vs_1048_4094]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 188
formats = STATEMENT
session.sql_mode = ''
setup: CREATE TABLE t1 (id INT NULL UNIQUE, c_int INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (id VARCHAR(10) NOT NULL UNIQUE, c_dec DECIMAL(5,2) NOT NULL, c_int INT) ENGINE=InnoDB
setup: CREATE TRIGGER trg_t1 BEFORE INSERT ON t1 FOR EACH ROW INSERT INTO t3 (c_int, id) VALUES (1, NULL)
con1: INSERT INTO t1 (id, c_int) VALUES (2, 27)  => 1048
