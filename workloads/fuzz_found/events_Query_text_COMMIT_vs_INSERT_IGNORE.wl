# replbed fuzz class 'events:Query text (COMMIT vs INSERT IGNORE)': 1 case x format
# found as fuzz_s1_00001 (STATEMENT); shrunk in 42 runs to 5 statements (from 11)
# reference vs replbed: event 11: reference 'Query             COMMIT' / replbed "Query             use `test`; INSERT IGNORE INTO t2 (id) SELECT id FROM t1 WHERE c_blob = 'blob'"
[case fuzz_events_Query_text_COMMIT_vs_INSERT_IGNORE]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 1
formats = STATEMENT
con1.autocommit = 0
setup: CREATE TABLE t1 (id INT NULL UNIQUE, c_blob BLOB, c_int INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id DATETIME NOT NULL PRIMARY KEY) ENGINE=InnoDB
con1: UPDATE t1 a, t2 b SET a.c_int = NULL WHERE a.id = b.id
con1: INSERT IGNORE INTO t2 (id) SELECT id FROM t1 WHERE c_blob = 'blob'
con1: CREATE TEMPORARY TABLE tmp3 (id VARCHAR(10)) ENGINE=InnoDB
