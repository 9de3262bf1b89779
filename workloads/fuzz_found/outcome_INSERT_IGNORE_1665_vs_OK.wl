# replbed fuzz class 'outcome:INSERT IGNORE 1665 vs OK': 1 case x format
# found as fuzz_s20261125_00216 (STATEMENT); shrunk in 30 runs to 3 statements (from 12)
# reference vs replbed: 'INSERT IGNORE INTO tmp4 (id) SELECT id FROM t3 WHERE 1 = 1 ORDER BY id, c_int LIMIT 2': reference 1665 Cannot execute statement: impossible to write to binary log since BINLOG_FORMAT = STATEMENT and at least one table uses a storage engine limited to row-based logging. InnoDB is limited to row-logg
[case fuzz_outcome_INSERT_IGNORE_1665_vs_OK]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 216
formats = STATEMENT
session.tx_isolation = 'READ-COMMITTED'
setup: CREATE TABLE t3 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT) ENGINE=MyISAM
con1: CREATE TEMPORARY TABLE tmp4 (id VARCHAR(10) NOT NULL PRIMARY KEY) ENGINE=InnoDB
con1: INSERT IGNORE INTO tmp4 (id) SELECT id FROM t3 WHERE 1 = 1 ORDER BY id, c_int LIMIT 2  => 1665
