# replbed fuzz class 'events:Query text (REPLACE vs UPDATE)': 3 case x format
# found as fuzz_s1_00018 (STATEMENT); shrunk in 23 runs to 3 statements (from 13)
# reference vs replbed: event 8: reference 'Query             use `test`; REPLACE INTO t1 (id, c_int) SELECT id, id FROM t1 WHERE id IS NULL ORDER BY id, c_int LIMIT 2' / replbed 'Query             use `test`; UPDATE t1 SET id = 1 WHERE id IS NULL'
[case fuzz_events_Query_text_REPLACE_vs_UPDATE]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 18
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT) ENGINE=InnoDB
con1: UPDATE t1 SET id = 1 WHERE id IS NULL
con1: REPLACE INTO t1 (id, c_int) SELECT id, id FROM t1 WHERE id IS NULL ORDER BY id, c_int LIMIT 2
