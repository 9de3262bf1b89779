# replbed fuzz class 'events:Annotate_rows info': 2 case x format
# found as fuzz_s20261125_00820 (ROW); shrunk in 30 runs to 6 statements (from 17)
# reference vs replbed: event 17: reference "Annotate_rows     UPDATE t2 SET c_int = c_int + (SYSDATE() > '2000-01-01')" / replbed "Annotate_rows     INSERT INTO t1 (id, c_dec, c_dt, c_int) VALUES ('k2', -3.75, '2023-05-10 03:30:00', 71), ('k1', 0.25, '2024-13-01 00:00:00', 16) ON DUPLICATE KEY UPDATE c_dt = c_dt + INTERVA
[case fuzz_events_Annotate_rows_info]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 820
formats = ROW
session.sql_mode = 'TRADITIONAL'
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_dec DECIMAL(5,2), c_dt DATETIME NOT NULL, c_int INT NOT NULL) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dt DATETIME NOT NULL, c_int INT, c_dec DECIMAL(5,2)) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_dt, c_int, c_dec) VALUES (6, '2023-01-11 09:30:00', 3, 1.50), (6, '0000-00-00 00:00:00', 1, -3.75)
setup: CREATE TRIGGER trg_t1 BEFORE UPDATE ON t1 FOR EACH ROW INSERT INTO t2 (c_int) VALUES (1)
con1: INSERT INTO t1 (id, c_dec, c_dt, c_int) VALUES ('k2', -3.75, '2023-05-10 03:30:00', 71), ('k1', 0.25, '2024-13-01 00:00:00', 16) ON DUPLICATE KEY UPDATE c_dt = c_dt + INTERVAL 1 DAY  => 1292
con2: UPDATE t2 SET c_int = c_int + (SYSDATE() > '2000-01-01')
