# replbed fuzz class 'events:Query text (COMMIT vs CREATE TEMPORARY)': 1 case x format
# found as fuzz_s1_00001 (MIXED); shrunk in 42 runs to 4 statements (from 11)
# reference vs replbed: event 11: reference 'Query             COMMIT' / replbed 'Query             use `test`; CREATE TEMPORARY TABLE tmp3 (id VARCHAR(10)) ENGINE=InnoDB'
[case fuzz_events_Query_text_COMMIT_vs_CREATE_TEMPORARY]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 1
formats = MIXED
con1.autocommit = 0
setup: CREATE TABLE t1 (id INT NULL UNIQUE, c_int INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id DATETIME NOT NULL PRIMARY KEY) ENGINE=InnoDB
con1: UPDATE t1 a, t2 b SET a.c_int = NULL WHERE a.id = b.id
con1: CREATE TEMPORARY TABLE tmp3 (id VARCHAR(10)) ENGINE=InnoDB
