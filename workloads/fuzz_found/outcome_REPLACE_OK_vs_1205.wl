# replbed fuzz class 'outcome:REPLACE OK vs 1205': 3 case x format
# found as fuzz_s20261125_00001 (STATEMENT); shrunk in 30 runs to 7 statements (from 12)
# reference vs replbed: 'REPLACE INTO t1 (id, c_blob, c_str) SELECT c_dec, c_dec, c_dec FROM t2 ORDER BY id, c_blob, c_dec LIMIT 1': reference OK  / replbed 1205 Lock wait timeout exceeded; try restarting transaction
[case fuzz_outcome_REPLACE_OK_vs_1205]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 1
formats = STATEMENT
session.binlog_row_image = NOBLOB
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB, c_str VARCHAR(6) NOT NULL) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_blob, c_str) VALUES (2, REPEAT('b', 20), 'toolongvalue')
setup: CREATE TABLE t2 (id DECIMAL(6,2) NOT NULL PRIMARY KEY, c_blob BLOB, c_dec DECIMAL(5,2) NOT NULL) ENGINE=InnoDB
con1: INSERT IGNORE INTO t2 (id, c_blob, c_dec) SELECT 42, c_blob, 42 FROM t1 WHERE FOUND_ROWS() >= 0
con2: REPLACE INTO t2 (id, c_blob, c_dec) SELECT c_blob, c_str, c_str FROM t1  => 1366
con2: CREATE TABLE t3 ENGINE=InnoDB SELECT c_str FROM t1 WHERE c_str IS NULL
con1: REPLACE INTO t1 (id, c_blob, c_str) SELECT c_dec, c_dec, c_dec FROM t2 ORDER BY id, c_blob, c_dec LIMIT 1
