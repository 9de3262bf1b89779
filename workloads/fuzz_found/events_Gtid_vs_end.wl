# replbed fuzz class 'events:Gtid-vs-end': 2 case x format
# found as fuzz_s1_00272 (STATEMENT); shrunk in 58 runs to 4 statements (from 17)
# reference vs replbed: event 9: reference 'Gtid              BEGIN GTID 0-1-4' / replbed None
[case fuzz_events_Gtid_vs_end]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 272
formats = STATEMENT
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE) ENGINE=InnoDB
setup: CREATE TABLE t3 (id DATETIME NOT NULL PRIMARY KEY, c_str VARCHAR(6)) ENGINE=InnoDB
con1: START TRANSACTION
con1: UPDATE t3 a, t1 b SET a.c_str = UPPER(a.c_str) WHERE a.id = b.id
