# replbed fuzz class 'warnings:CREATE TABLE [1665] vs [1665, 1030]': 13 case x format
# found as fuzz_s20261125_00148 (STATEMENT); shrunk in 15 runs to 2 statements (from 16)
# reference vs replbed: 'CREATE TABLE t4 (PRIMARY KEY (id)) ENGINE=InnoDB SELECT id, c_int FROM t3 WHERE c_int IS NULL': reference [('Error', 1665, 'Cannot execute statement: impossible to write to binary log since BINLOG_FORMAT = STATEMENT and at least one table uses a storage engine limited to row-based logging.')] / rep
[case fuzz_warnings_CREATE_TABLE_1665_vs_1665_1030]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 148
formats = STATEMENT
session.tx_isolation = 'READ-COMMITTED'
setup: CREATE TABLE t3 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT) ENGINE=MyISAM
con1: CREATE TABLE t4 (PRIMARY KEY (id)) ENGINE=InnoDB SELECT id, c_int FROM t3 WHERE c_int IS NULL  => 1665
