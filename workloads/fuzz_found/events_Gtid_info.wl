# replbed fuzz class 'events:Gtid info': 20 case x format
# found as fuzz_s1_00016 (STATEMENT); shrunk in 31 runs to 3 statements (from 11)
# reference vs replbed: event 9: reference 'Gtid              GTID 0-1-4' / replbed 'Gtid              BEGIN GTID 0-1-4'
[case fuzz_events_Gtid_info]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 16
formats = STATEMENT
con1.autocommit = 0
setup: CREATE TABLE t1 (id DECIMAL(6,2), c_int INT) ENGINE=MyISAM
con1: CREATE TABLE t4 ENGINE=MyISAM SELECT c_int FROM t1
con1: CREATE TEMPORARY TABLE tmp5 ENGINE=InnoDB SELECT c_int FROM t4
