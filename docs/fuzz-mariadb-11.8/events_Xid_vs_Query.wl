# replbed fuzz class 'events:Xid-vs-Query': 4 case x format
# found as fuzz_s2330_00511 (ROW); shrunk in 40 runs to 5 statements (from 11)
# reference vs replbed: event 20: reference 'Xid               COMMIT /* xid=# */' / replbed 'Query             COMMIT'
[case fuzz_events_Xid_vs_Query]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 511
formats = ROW
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_int INT) ENGINE=MyISAM
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL UNIQUE, c_str VARCHAR(6)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_str) VALUES ('k4', 'xyz')
setup: CREATE TRIGGER trg_t2 BEFORE INSERT ON t2 FOR EACH ROW INSERT INTO t1 (c_int, id) VALUES (1, NULL)
con1: INSERT IGNORE INTO t2 (id, c_str) SELECT id, id FROM t2 WHERE LENGTH(USER()) > 0
