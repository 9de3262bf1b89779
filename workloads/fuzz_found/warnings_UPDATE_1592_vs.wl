# replbed fuzz class 'warnings:UPDATE [1592] vs []': 1 case x format
# found as fuzz_s1_00135 (STATEMENT); shrunk in 20 runs to 2 statements (from 15)
# reference vs replbed: "UPDATE t1 SET c_blob = 'newblob' WHERE RAND() >= 0": reference [('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Statement is unsafe because it uses a system function that may return a different value on the slave')] / replbed []
[case fuzz_warnings_UPDATE_1592_vs]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 135
formats = STATEMENT
con1.autocommit = 0
setup: CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c_blob BLOB NOT NULL) ENGINE=InnoDB
con1: UPDATE t1 SET c_blob = 'newblob' WHERE RAND() >= 0
