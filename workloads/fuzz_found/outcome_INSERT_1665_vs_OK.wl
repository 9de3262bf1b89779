# replbed fuzz class 'outcome:INSERT 1665 vs OK': 1 case x format
# found as fuzz_s1_00059 (STATEMENT); shrunk in 14 runs to 2 statements (from 16)
# reference vs replbed: "INSERT INTO tmp3 (id) VALUES ('k7')": reference 1665 Cannot execute statement: impossible to write to binary log since BINLOG_FORMAT = STATEMENT and at least one table uses a storage engine limited to row-based logging. InnoDB is limited to row-logging when transaction isolation level is READ COMMI
[case fuzz_outcome_INSERT_1665_vs_OK]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 59
formats = STATEMENT
session.tx_isolation = 'READ-UNCOMMITTED'
con1: CREATE TEMPORARY TABLE tmp3 (id VARCHAR(10)) ENGINE=InnoDB
con1: INSERT INTO tmp3 (id) VALUES ('k7')  => 1665
