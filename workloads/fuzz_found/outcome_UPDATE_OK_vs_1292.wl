# replbed fuzz class 'outcome:UPDATE OK vs 1292': 2 case x format
# found as fuzz_s20261125_00000 (ROW); shrunk in 30 runs to 6 statements (from 14)
# reference vs replbed: 'UPDATE t2 a, t1 b SET a.c_dec = a.c_dec / 3 WHERE a.id = b.id': reference OK  / replbed 1292 Incorrect datetime value: 'k7' for column `test`.`t1`.`id` at row 1
[case fuzz_outcome_UPDATE_OK_vs_1292]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 0
formats = ROW
session.tx_isolation = 'READ-COMMITTED'
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL UNIQUE, c_blob BLOB, c_str VARCHAR(6) NOT NULL) ENGINE=InnoDB
setup: CREATE TABLE t2 (id DATETIME NOT NULL PRIMARY KEY, c_int INT, c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_int, c_dec) VALUES ('2024-01-01 10:00:00', 4, 0.25), ('2024-01-05 10:00:00', 14, 0.25), ('2024-01-08 10:00:00', 42, -3.75), ('2024-01-03 10:00:00', 61, 0.25)
con1: INSERT INTO t1 (id, c_blob, c_str) VALUES ('k7', 'x', 'bb')
con2: DELETE FROM t2 WHERE c_int IS NULL
con1: UPDATE t2 a, t1 b SET a.c_dec = a.c_dec / 3 WHERE a.id = b.id
