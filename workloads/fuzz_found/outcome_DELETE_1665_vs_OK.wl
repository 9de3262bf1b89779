# replbed fuzz class 'outcome:DELETE 1665 vs OK': 1 case x format
# found as fuzz_s20261125_00806 (STATEMENT); shrunk in 30 runs to 3 statements (from 9)
# reference vs replbed: 'DELETE FROM tmp3 WHERE c_int = NULL': reference 1665 Cannot execute statement: impossible to write to binary log since BINLOG_FORMAT = STATEMENT and at least one table uses a storage engine limited to row-based logging. InnoDB is limited to row-logging when transaction isolation level is READ COMMI
[case fuzz_outcome_DELETE_1665_vs_OK]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 806
formats = STATEMENT
session.tx_isolation = 'READ-UNCOMMITTED'
setup: CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c_int INT, c_dt DATETIME) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE tmp3 ENGINE=InnoDB SELECT c_int, c_dt FROM t1
con1: DELETE FROM tmp3 WHERE c_int = NULL  => 1665
