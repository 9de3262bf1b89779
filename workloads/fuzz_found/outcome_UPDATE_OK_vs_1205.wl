# replbed fuzz class 'outcome:UPDATE OK vs 1205': 3 case x format
# found as fuzz_s20261125_00212 (STATEMENT); shrunk in 30 runs to 5 statements (from 8)
# reference vs replbed: 'UPDATE t1 SET id = id - 100 ORDER BY id, c_str, c_dt, c_dec LIMIT 3': reference OK  / replbed 1205 Lock wait timeout exceeded; try restarting transaction
[case fuzz_outcome_UPDATE_OK_vs_1205]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 212
formats = STATEMENT
session.tx_isolation = 'REPEATABLE-READ'
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
con1.autocommit = 0
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_str VARCHAR(6), c_dt DATETIME, c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_str, c_dt, c_dec) VALUES (1, 'xyz', '2023-06-15 05:30:00', 0.25), (6, 'abcdefghij', '2023-03-12 01:30:00', -3.75)
con2: INSERT IGNORE INTO t1 (id, c_str, c_dt, c_dec) SELECT id, c_str, c_dt, c_dec FROM t1 WHERE LENGTH(UUID()) = 36
con2: CREATE TABLE t2 ENGINE=InnoDB SELECT id, c_str, c_dt, c_dec FROM t1 WHERE c_dt = '2023-05-15 07:30:00'
con1: UPDATE t1 SET id = id - 100 ORDER BY id, c_str, c_dt, c_dec LIMIT 3
