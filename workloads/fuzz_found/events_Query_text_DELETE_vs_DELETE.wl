# replbed fuzz class 'events:Query text (DELETE vs DELETE)': 2 case x format
# found as fuzz_s1_00117 (STATEMENT); shrunk in 22 runs to 3 statements (from 14)
# reference vs replbed: event 8: reference "Query             use `test`; DELETE FROM t3 WHERE c_dt = '2023-03-19 04:30:00'" / replbed 'Query             use `test`; DELETE FROM t3 WHERE id IS NULL'
[case fuzz_events_Query_text_DELETE_vs_DELETE]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 117
formats = STATEMENT
setup: CREATE TABLE t3 (id INT NOT NULL PRIMARY KEY, c_dt DATETIME) ENGINE=MyISAM
con1: DELETE FROM t3 WHERE id IS NULL
con1: DELETE FROM t3 WHERE c_dt = '2023-03-19 04:30:00'
