# replbed fuzz class 'events:end-vs-Gtid': 4 case x format
# found as fuzz_s20261125_00068 (ROW); shrunk in 30 runs to 7 statements (from 11)
# reference vs replbed: event 18: reference None / replbed 'Gtid              BEGIN GTID 0-1-7'
[case fuzz_events_end_vs_Gtid]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 68
formats = ROW
session.sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION'
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id DECIMAL(6,2) NOT NULL PRIMARY KEY, c_blob BLOB, c_str VARCHAR(6), c_dec DECIMAL(5,2)) ENGINE=MyISAM
setup: CREATE TABLE t2 (id DATETIME NOT NULL UNIQUE, c_int INT, c_dec DECIMAL(5,2) NOT NULL, c_dt DATETIME) ENGINE=MyISAM
setup: CREATE TABLE t3 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dec DECIMAL(5,2), c_dt DATETIME) ENGINE=InnoDB
setup: CREATE TRIGGER trg_t3 BEFORE INSERT ON t3 FOR EACH ROW UPDATE t2 SET c_int = c_int + 1 WHERE id = NEW.id
con1: START TRANSACTION
con2: REPLACE INTO t1 (id, c_blob, c_str, c_dec) VALUES (1.50, NULL, 'xyz', -3.75), (8.50, REPEAT('b', 20), 'a', 0.25)
con1: INSERT IGNORE INTO t3 (id, c_dec, c_dt) SELECT id, c_blob, id FROM t1
