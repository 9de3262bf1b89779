# replbed fuzz class 'warnings:INSERT IGNORE [1264] vs []': 2 case x format
# found as fuzz_s1_00103 (ROW); shrunk in 18 runs to 3 statements (from 8)
# reference vs replbed: "INSERT IGNORE INTO t1 (id, c_dt, c_int) VALUES ('2024-01-03 10:00:00', '0000-00-00 00:00:00', 57)": reference [('Warning', 1264, "Out of range value for column 'c_dt' at row 1")] / replbed []
[case fuzz_warnings_INSERT_IGNORE_1264_vs]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 103
formats = ROW
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id DATETIME NOT NULL UNIQUE, c_dt DATETIME, c_int INT NOT NULL) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_dt, c_int) VALUES ('2024-01-03 10:00:00', '0000-00-00 00:00:00', 57)
con1: CREATE TABLE t2 ENGINE=InnoDB SELECT c_int FROM t1 WHERE c_int = 87
