# replbed fuzz class 'events:Annotate_rows-vs-RAND': 1 case x format
# found as fuzz_s1_00173 (MIXED); shrunk in 27 runs to 3 statements (from 17)
# reference vs replbed: event 11: reference 'Annotate_rows     UPDATE t2 SET c_int = c_int - 100 WHERE RAND() >= 0' / replbed 'RAND              rand_seed1=#,rand_seed2=#'
[case fuzz_events_Annotate_rows_vs_RAND]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 173
formats = MIXED
setup: CREATE TABLE t2 (id INT NULL UNIQUE, c_int INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_int) VALUES (1, 64)
con1: UPDATE t2 SET c_int = c_int - 100 WHERE RAND() >= 0
