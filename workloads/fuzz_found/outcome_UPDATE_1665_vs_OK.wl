# replbed fuzz class 'outcome:UPDATE 1665 vs OK': 1 case x format
# found as fuzz_s20261125_00462 (STATEMENT); shrunk in 17 runs to 2 statements (from 8)
# reference vs replbed: 'UPDATE tmp2 SET c_int = NULL WHERE c_str IS NOT NULL': reference 1665 Cannot execute statement: impossible to write to binary log since BINLOG_FORMAT = STATEMENT and at least one table uses a storage engine limited to row-based logging. InnoDB is limited to row-logging when transaction isolation le
[case fuzz_outcome_UPDATE_1665_vs_OK]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 462
formats = STATEMENT
session.tx_isolation = 'READ-UNCOMMITTED'
con1: CREATE TEMPORARY TABLE tmp2 (id VARCHAR(10), c_int INT, c_str VARCHAR(6)) ENGINE=InnoDB
con1: UPDATE tmp2 SET c_int = NULL WHERE c_str IS NOT NULL  => 1665
