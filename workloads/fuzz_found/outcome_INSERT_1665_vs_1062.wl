# replbed fuzz class 'outcome:INSERT 1665 vs 1062': 2 case x format
# found as fuzz_s20261125_00289 (STATEMENT); shrunk in 22 runs to 2 statements (from 12)
# reference vs replbed: 'INSERT INTO tmp4 (id) VALUES (7), (7)': reference 1665 Cannot execute statement: impossible to write to binary log since BINLOG_FORMAT = STATEMENT and at least one table uses a storage engine limited to row-based logging. InnoDB is limited to row-logging when transaction isolation level is READ COM
[case fuzz_outcome_INSERT_1665_vs_1062]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 289
formats = STATEMENT
session.tx_isolation = 'READ-COMMITTED'
con1: CREATE TEMPORARY TABLE tmp4 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY) ENGINE=InnoDB
con1: INSERT INTO tmp4 (id) VALUES (7), (7)  => 1665
