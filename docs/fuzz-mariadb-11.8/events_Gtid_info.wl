# replbed fuzz class 'events:Gtid info': 2 case x format
# found as fuzz_s2330_00375 (STATEMENT); shrunk in 40 runs to 4 statements (from 16)
# reference vs replbed: event 9: reference 'Gtid              BEGIN GTID 0-1-4' / replbed 'Gtid              GTID 0-1-4'
[case fuzz_events_Gtid_info]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 375
formats = STATEMENT
con1.autocommit = 0
setup: CREATE TABLE t1 (id DECIMAL(6,2), c_blob BLOB, c_dt DATETIME NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT NOT NULL, c_blob BLOB, c_dt DATETIME NOT NULL) ENGINE=MyISAM
con1: DELETE FROM t2 WHERE 1 = 1
con1: CREATE TABLE t4 ENGINE=InnoDB SELECT c_dt FROM t1
