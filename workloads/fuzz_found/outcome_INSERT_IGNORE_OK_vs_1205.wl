# replbed fuzz class 'outcome:INSERT IGNORE OK vs 1205': 3 case x format
# found as fuzz_s20261125_00261 (STATEMENT); shrunk in 30 runs to 4 statements (from 12)
# reference vs replbed: "INSERT IGNORE INTO t1 (id, c_int) VALUES ('k8', 44)": reference OK  / replbed 1205 Lock wait timeout exceeded; try restarting transaction
[case fuzz_outcome_INSERT_IGNORE_OK_vs_1205]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 261
formats = STATEMENT
session.sql_mode = 'STRICT_ALL_TABLES'
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id VARCHAR(10), c_int INT, c_blob BLOB) ENGINE=InnoDB
con2: INSERT IGNORE INTO t1 (id, c_int, c_blob) SELECT id, c_int, c_blob FROM t1 WHERE RAND() >= 0
con2: CREATE TABLE t2 ENGINE=InnoDB SELECT id, c_blob FROM t1
con1: INSERT IGNORE INTO t1 (id, c_int) VALUES ('k8', 44)
