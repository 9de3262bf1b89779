# replbed fuzz class 'outcome:INSERT 1665 vs OK': 5 case x format
# found as fuzz_s20261125_00033 (STATEMENT); shrunk in 30 runs to 3 statements (from 14)
# reference vs replbed: 'INSERT INTO tmp3 (id, c_int) VALUES (7, 36), (2, 77), (5, 88), (3, 24)': reference 1665 Cannot execute statement: impossible to write to binary log since BINLOG_FORMAT = STATEMENT and at least one table uses a storage engine limited to row-based logging. InnoDB is limited to row-logging when transa
[case fuzz_outcome_INSERT_1665_vs_OK]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 33
formats = STATEMENT
session.sql_mode = 'STRICT_ALL_TABLES'
session.binlog_row_image = FULL
session.tx_isolation = 'READ-UNCOMMITTED'
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT) ENGINE=MyISAM
con1: CREATE TEMPORARY TABLE tmp3 ENGINE=InnoDB SELECT id, c_int FROM t2
con1: INSERT INTO tmp3 (id, c_int) VALUES (7, 36), (2, 77), (5, 88), (3, 24)  => 1665
