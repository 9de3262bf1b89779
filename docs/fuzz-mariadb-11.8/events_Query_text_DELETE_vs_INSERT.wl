# replbed fuzz class 'events:Query text (DELETE vs INSERT)': 2 case x format
# found as fuzz_s2330_00052 (STATEMENT); shrunk in 31 runs to 3 statements (from 11)
# reference vs replbed: event 8: reference 'Query             use `test`; DELETE FROM t1 WHERE 1 = 1' / replbed "Query             use `test`; INSERT INTO t1 (id) VALUES ('2024-01-01 10:00:00')"
[case fuzz_events_Query_text_DELETE_vs_INSERT]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 52
formats = STATEMENT
setup: CREATE TABLE t1 (id DATETIME) ENGINE=MyISAM
con1: DELETE FROM t1 WHERE 1 = 1
con1: INSERT INTO t1 (id) VALUES ('2024-01-01 10:00:00')
