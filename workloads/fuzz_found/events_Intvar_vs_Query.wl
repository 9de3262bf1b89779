# replbed fuzz class 'events:Intvar-vs-Query': 1 case x format
# found as fuzz_s20261125_00874 (STATEMENT); shrunk in 30 runs to 4 statements (from 12)
# reference vs replbed: event 12: reference 'Intvar            INSERT_ID=1' / replbed 'Query             use `test`; INSERT INTO t2 (c_dec) VALUES (-3.75), (42) ON DUPLICATE KEY UPDATE id = id * 100'
[case fuzz_events_Intvar_vs_Query]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 874
formats = STATEMENT
session.sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION'
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT, c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: CREATE TABLE t2 (id DECIMAL(6,2) NOT NULL PRIMARY KEY, c_dec DECIMAL(5,2)) ENGINE=MyISAM
setup: CREATE TRIGGER trg_t2 AFTER UPDATE ON t2 FOR EACH ROW INSERT INTO t1 (c_int) VALUES (1)
con1: INSERT INTO t2 (c_dec) VALUES (-3.75), (42) ON DUPLICATE KEY UPDATE id = id * 100
