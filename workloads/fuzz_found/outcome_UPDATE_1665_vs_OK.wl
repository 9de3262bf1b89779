# replbed fuzz class 'outcome:UPDATE 1665 vs OK': 2 case x format
# found as fuzz_s1_00198 (STATEMENT); shrunk in 9 runs to 2 statements (from 9)
# reference vs replbed: 'UPDATE tmp2 SET c_int = 14 ORDER BY id, c_int LIMIT 3': reference 1665 Cannot execute statement: impossible to write to binary log since BINLOG_FORMAT = STATEMENT and at least one table uses a storage engine limited to row-based logging. InnoDB is limited to row-logging when transaction isolation l
[case fuzz_outcome_UPDATE_1665_vs_OK]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 198
formats = STATEMENT
session.tx_isolation = 'READ-COMMITTED'
con1: CREATE TEMPORARY TABLE tmp2 (id DATETIME, c_int INT NOT NULL) ENGINE=InnoDB
con1: UPDATE tmp2 SET c_int = 14 ORDER BY id, c_int LIMIT 3  => 1665
