# replbed fuzz class 'events:Query text (DELETE vs UPDATE)': 3 case x format
# found as fuzz_s1_00123 (STATEMENT); shrunk in 29 runs to 3 statements (from 8)
# reference vs replbed: event 8: reference 'Query             use `test`; DELETE FROM t1 WHERE c_dec IS NOT NULL ORDER BY id, c_dec, c_blob LIMIT 2' / replbed "Query             use `test`; UPDATE t1 SET id = '2024-01-05 10:00:00' WHERE id = '2024-01-03 10:00:00'"
[case fuzz_events_Query_text_DELETE_vs_UPDATE]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 123
formats = STATEMENT
setup: CREATE TABLE t1 (id DATETIME NULL UNIQUE, c_dec DECIMAL(5,2) NOT NULL, c_blob BLOB) ENGINE=MyISAM
con1: UPDATE t1 SET id = '2024-01-05 10:00:00' WHERE id = '2024-01-03 10:00:00'
con1: DELETE FROM t1 WHERE c_dec IS NOT NULL ORDER BY id, c_dec, c_blob LIMIT 2
