# replbed fuzz class 'events:Table_map-vs-Annotate_rows': 2 case x format
# found as fuzz_s20261125_00152 (ROW); shrunk in 30 runs to 5 statements (from 15)
# reference vs replbed: event 12: reference 'Table_map         table_id: # (test.t1)' / replbed 'Annotate_rows     INSERT INTO t1 (c_dec) VALUES (1.50)'
[case fuzz_events_Table_map_vs_Annotate_rows]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 152
formats = ROW
session.tx_isolation = 'REPEATABLE-READ'
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id INT, c_dec DECIMAL(5,2), c_int INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id DECIMAL(6,2) NULL UNIQUE, c_dec DECIMAL(5,2) NOT NULL, c_int INT) ENGINE=MyISAM
setup: CREATE TRIGGER trg_t1 BEFORE INSERT ON t1 FOR EACH ROW UPDATE t2 SET c_int = c_int + 1 WHERE id = NEW.id
con2: START TRANSACTION
con1: INSERT INTO t1 (c_dec) VALUES (1.50)
