# replbed fuzz class 'events:Query text (INSERT IGNORE vs DELETE)': 2 case x format
# found as fuzz_s1_00035 (STATEMENT); shrunk in 18 runs to 3 statements (from 5)
# reference vs replbed: event 8: reference 'Query             use `test`; INSERT IGNORE INTO t1 (id, c_dt, c_dec, c_blob) SELECT id, c_dt, id, c_blob FROM t1 WHERE CONNECTION_ID() > 0' / replbed 'Query             use `test`; DELETE FROM t1 WHERE id IS NULL ORDER BY id, c_dt, c_dec, c_blob LIMIT 1'
[case fuzz_events_Query_text_INSERT_IGNORE_vs_DELETE]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 35
formats = STATEMENT
setup: CREATE TABLE t1 (id DECIMAL(6,2) NULL UNIQUE, c_dt DATETIME, c_dec DECIMAL(5,2), c_blob BLOB NOT NULL) ENGINE=MyISAM
con1: DELETE FROM t1 WHERE id IS NULL ORDER BY id, c_dt, c_dec, c_blob LIMIT 1
con1: INSERT IGNORE INTO t1 (id, c_dt, c_dec, c_blob) SELECT id, c_dt, id, c_blob FROM t1 WHERE CONNECTION_ID() > 0
