# replbed fuzz class 'events:Annotate_rows-vs-Query': 3 case x format
# found as fuzz_s20261125_00240 (MIXED); shrunk in 30 runs to 4 statements (from 10)
# reference vs replbed: event 8: reference "Annotate_rows     INSERT INTO t1 (id, c_blob, c_str) VALUES (6, REPEAT('b', 20), ''), (3, NULL, 'a'), (3, 'x', ''), (1, REPEAT('b', 20), '')" / replbed 'Query             use `test`; CREATE TEMPORARY TABLE tmp2 ENGINE=MyISAM SELECT c_blob, c_str FROM t1 WHERE c_str IS NOT NULL'
[case fuzz_events_Annotate_rows_vs_Query]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 240
formats = MIXED
session.tx_isolation = 'READ-UNCOMMITTED'
setup: CREATE TABLE t1 (id INT, c_blob BLOB, c_str VARCHAR(6) NOT NULL) ENGINE=InnoDB
con1: START TRANSACTION
con1: CREATE TEMPORARY TABLE tmp2 ENGINE=MyISAM SELECT c_blob, c_str FROM t1 WHERE c_str IS NOT NULL
con1: INSERT INTO t1 (id, c_blob, c_str) VALUES (6, REPEAT('b', 20), ''), (3, NULL, 'a'), (3, 'x', ''), (1, REPEAT('b', 20), '')
