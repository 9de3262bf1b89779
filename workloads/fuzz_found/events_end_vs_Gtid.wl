# replbed fuzz class 'events:end-vs-Gtid': 7 case x format
# found as fuzz_s1_00007 (STATEMENT); shrunk in 19 runs to 2 statements (from 12)
# reference vs replbed: event 7: reference None / replbed 'Gtid              BEGIN GTID 0-1-3'
[case fuzz_events_end_vs_Gtid]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 7
formats = STATEMENT
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dec DECIMAL(5,2) NOT NULL) ENGINE=MyISAM
con2: DELETE FROM t2 WHERE id IS NULL ORDER BY id, c_dec LIMIT 3
