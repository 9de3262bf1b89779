# replbed fuzz class 'events:Gtid info': 14 case x format
# found as fuzz_s20261125_00008 (STATEMENT); shrunk in 30 runs to 4 statements (from 10)
# reference vs replbed: event 9: reference 'Gtid              GTID 0-1-4' / replbed 'Gtid              BEGIN GTID 0-1-4'
[case fuzz_events_Gtid_info]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 8
formats = STATEMENT
session.tx_isolation = 'READ-COMMITTED'
setup: CREATE TABLE t3 (id DATETIME NOT NULL PRIMARY KEY, c_int INT, c_dt DATETIME) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE tmp4 ENGINE=MyISAM SELECT id, c_int FROM t3
con1: CREATE TEMPORARY TABLE tmp5 ENGINE=InnoDB SELECT id, c_int, c_dt FROM t3
con1: DELETE FROM tmp4 WHERE id > '2024-01-06 10:00:00'
