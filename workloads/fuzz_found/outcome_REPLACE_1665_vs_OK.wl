# replbed fuzz class 'outcome:REPLACE 1665 vs OK': 1 case x format
# found as fuzz_s20261125_00220 (STATEMENT); shrunk in 30 runs to 3 statements (from 13)
# reference vs replbed: "REPLACE INTO tmp4 (c_blob) VALUES ('blob')": reference 1665 Cannot execute statement: impossible to write to binary log since BINLOG_FORMAT = STATEMENT and at least one table uses a storage engine limited to row-based logging. InnoDB is limited to row-logging when transaction isolation level is REA
[case fuzz_outcome_REPLACE_1665_vs_OK]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 220
formats = STATEMENT
session.tx_isolation = 'READ-COMMITTED'
setup: CREATE TABLE t2 (id VARCHAR(10), c_blob BLOB) ENGINE=MyISAM
con1: CREATE TEMPORARY TABLE tmp4 ENGINE=InnoDB SELECT id, c_blob FROM t2
con1: REPLACE INTO tmp4 (c_blob) VALUES ('blob')  => 1665
