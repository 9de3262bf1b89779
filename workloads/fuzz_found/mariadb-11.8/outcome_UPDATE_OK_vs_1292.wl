# replbed fuzz class 'outcome:UPDATE OK vs 1292': 3 case x format
# found as fuzz_s11809_00024 (STATEMENT); shrunk in 10 runs to 5 statements (from 11)
# reference vs replbed: 'UPDATE t2 a, t1 b SET a.c_int = a.c_int - 100, b.c_int = b.c_int - 100 WHERE a.id = b.id': reference OK  / replbed 1292 Truncated incorrect DOUBLE value: 'k5'
[case fuzz_outcome_UPDATE_OK_vs_1292]
rule = fuzz
seed = 11809
description = replbed fuzz --seed 11809, case 24
formats = STATEMENT
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id DECIMAL(6,2) NULL UNIQUE, c_int INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_int) VALUES (8.00, 13), (8.50, 57), (6.50, 81), (4.00, 29)
setup: CREATE TABLE t2 (id VARCHAR(10), c_int INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_int) VALUES ('k5', 77), ('k7', '12abc'), ('k1', 13), ('k3', 71)
con1: UPDATE t2 a, t1 b SET a.c_int = a.c_int - 100, b.c_int = b.c_int - 100 WHERE a.id = b.id
