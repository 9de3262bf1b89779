# replbed fuzz class 'outcome:REPLACE 1146 vs 1665': 1 case x format
# found as fuzz_s20261125_00253 (STATEMENT); shrunk in 25 runs to 2 statements (from 14)
# reference vs replbed: 'REPLACE INTO t1 (id) SELECT c_str FROM t3': reference 1146 Table 'test.t3' doesn't exist / replbed 1665 Cannot execute statement: impossible to write to binary log since BINLOG_FORMAT = STATEMENT and at least one table uses a storage engine limited to row-based logging. InnoDB is limited to row-log
[case fuzz_outcome_REPLACE_1146_vs_1665]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 253
formats = STATEMENT
session.tx_isolation = 'READ-UNCOMMITTED'
setup: CREATE TABLE t1 (id DATETIME) ENGINE=InnoDB
con1: REPLACE INTO t1 (id) SELECT c_str FROM t3  => 1146
