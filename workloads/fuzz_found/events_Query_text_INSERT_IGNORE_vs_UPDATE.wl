# replbed fuzz class 'events:Query text (INSERT IGNORE vs UPDATE)': 2 case x format
# found as fuzz_s1_00093 (STATEMENT); shrunk in 27 runs to 3 statements (from 8)
# reference vs replbed: event 8: reference "Query             use `test`; INSERT IGNORE INTO t1 (id, c_int, c_str) SELECT c_int, c_str, c_int FROM t1 WHERE id IN ('k6', 'k9')" / replbed "Query             use `test`; UPDATE t1 SET id = 'k4' WHERE id IS NULL ORDER BY id, c_int, c_str LIMIT 3"
[case fuzz_events_Query_text_INSERT_IGNORE_vs_UPDATE]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 93
formats = STATEMENT
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL UNIQUE, c_int INT, c_str VARCHAR(6) NOT NULL) ENGINE=InnoDB
con1: UPDATE t1 SET id = 'k4' WHERE id IS NULL ORDER BY id, c_int, c_str LIMIT 3
con1: INSERT IGNORE INTO t1 (id, c_int, c_str) SELECT c_int, c_str, c_int FROM t1 WHERE id IN ('k6', 'k9')
