# replbed fuzz class 'events:Gtid-vs-end': 1 case x format
# found as fuzz_s2330_00793 (STATEMENT); shrunk in 40 runs to 3 statements (from 13)
# reference vs replbed: event 9: reference 'Gtid              BEGIN GTID 0-1-4' / replbed None
[case fuzz_events_Gtid_vs_end]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 793
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT, c_str VARCHAR(6)) ENGINE=InnoDB
con1: CREATE TABLE t3 ENGINE=MyISAM SELECT id, c_int, c_str FROM t1
con1: DELETE FROM t3 WHERE 1 = 1
