# replbed fuzz class 'events:RAND-vs-Query': 3 case x format
# found as fuzz_s1_00030 (STATEMENT); shrunk in 16 runs to 2 statements (from 12)
# reference vs replbed: event 8: reference 'RAND              rand_seed1=#,rand_seed2=#' / replbed "Query             use `test`; UPDATE t1 SET c_dt = '2025-05-05 05:05:05' WHERE c_str = '' AND RAND() >= 0"
[case fuzz_events_RAND_vs_Query]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 30
formats = STATEMENT
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_dt DATETIME, c_str VARCHAR(6)) ENGINE=InnoDB
con1: UPDATE t1 SET c_dt = '2025-05-05 05:05:05' WHERE c_str = '' AND RAND() >= 0
