# replbed fuzz class 'warnings:REPLACE [1292, 1028] vs [1292]': 3 case x format
# found as fuzz_s20261129_00145 (STATEMENT); shrunk in 28 runs to 4 statements (from 6)
# reference vs replbed: "REPLACE INTO tmp2 (id) SELECT c_int FROM t1 WHERE c_int = '12abc' ORDER BY id, c_dec, c_int LIMIT 3": reference [('Error', 1292, "Truncated incorrect DECIMAL value: '12abc'"), ('Error', 1028, "Sort aborted: Truncated incorrect DECIMAL value: '12abc'")] / replbed [('Error', 1292, "Truncated incorrec
[case fuzz_warnings_REPLACE_1292_1028_vs_1292]
rule = fuzz
seed = 20261129
description = replbed fuzz --seed 20261129, case 145
formats = STATEMENT
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL UNIQUE, c_dec DECIMAL(5,2), c_int INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_dec, c_int) VALUES ('k9', NULL, -1)
con1: CREATE TEMPORARY TABLE tmp2 (id DATETIME NOT NULL UNIQUE) ENGINE=InnoDB
con1: REPLACE INTO tmp2 (id) SELECT c_int FROM t1 WHERE c_int = '12abc' ORDER BY id, c_dec, c_int LIMIT 3  => 1292
