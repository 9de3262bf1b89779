# replbed fuzz class 'warnings:INSERT [1364] vs []': 3 case x format
# found as fuzz_s9803_00228 (STATEMENT); shrunk in 15 runs to 2 statements (from 11)
# reference vs replbed: "INSERT INTO t1 (id, c_dec) VALUES (4.00, 42) ON DUPLICATE KEY UPDATE c_blob = CONCAT(c_blob, 'q')": reference [('Warning', 1364, "Field 'c_blob' doesn't have a default value")] / replbed []
[case fuzz_warnings_INSERT_1364_vs]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 228
formats = STATEMENT
session.sql_mode = ''
setup: CREATE TABLE t1 (id DECIMAL(6,2) NULL UNIQUE, c_dec DECIMAL(5,2), c_blob BLOB NOT NULL) ENGINE=InnoDB
con1: INSERT INTO t1 (id, c_dec) VALUES (4.00, 42) ON DUPLICATE KEY UPDATE c_blob = CONCAT(c_blob, 'q')
