# replbed fuzz class 'events:Query text (UPDATE vs DELETE)': 4 case x format
# found as fuzz_s1_00017 (STATEMENT); shrunk in 38 runs to 4 statements (from 11)
# reference vs replbed: event 10: reference "Query             use `test`; UPDATE t2 SET c_str = 'xyz'" / replbed "Query             use `test`; DELETE FROM t1 WHERE id IN ('2024-01-07 10:00:00', '2024-01-02 10:00:00') ORDER BY id, c_blob LIMIT 1"
[case fuzz_events_Query_text_UPDATE_vs_DELETE]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 17
formats = STATEMENT
setup: CREATE TABLE t1 (id DATETIME NULL UNIQUE, c_blob BLOB NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE t2 (id DECIMAL(6,2), c_str VARCHAR(6) NOT NULL) ENGINE=InnoDB
con1: DELETE FROM t1 WHERE id IN ('2024-01-07 10:00:00', '2024-01-02 10:00:00') ORDER BY id, c_blob LIMIT 1
con1: UPDATE t2 SET c_str = 'xyz'
