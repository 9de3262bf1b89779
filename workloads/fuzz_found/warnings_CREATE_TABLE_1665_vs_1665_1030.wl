# replbed fuzz class 'warnings:CREATE TABLE [1665] vs [1665, 1030]': 7 case x format
# found as fuzz_s1_00090 (STATEMENT); shrunk in 12 runs to 2 statements (from 14)
# reference vs replbed: 'CREATE TABLE t4 ENGINE=InnoDB SELECT c_str FROM t2': reference [('Error', 1665, 'Cannot execute statement: impossible to write to binary log since BINLOG_FORMAT = STATEMENT and at least one table uses a storage engine limited to row-based logging.')] / replbed [('Error', 1665, 'Cannot execute state
[case fuzz_warnings_CREATE_TABLE_1665_vs_1665_1030]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 90
formats = STATEMENT
session.tx_isolation = 'READ-COMMITTED'
setup: CREATE TABLE t2 (id DATETIME NOT NULL PRIMARY KEY, c_str VARCHAR(6)) ENGINE=InnoDB
con1: CREATE TABLE t4 ENGINE=InnoDB SELECT c_str FROM t2  => 1665
