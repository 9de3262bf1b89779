# replbed fuzz class 'events:Query text (ROLLBACK vs DELETE)': 1 case x format
# found as fuzz_s1_00004 (STATEMENT); shrunk in 80 runs to 8 statements (from 16)
# reference vs replbed: event 17: reference 'Query             ROLLBACK' / replbed "Query             use `test`; DELETE FROM t2 WHERE id > 'k3'"
[case fuzz_events_Query_text_ROLLBACK_vs_DELETE]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 4
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB) ENGINE=MyISAM
setup: CREATE TABLE t2 (id VARCHAR(10) NULL UNIQUE) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id) VALUES ('k6')
setup: CREATE TABLE t3 (id INT) ENGINE=InnoDB
con1: START TRANSACTION
con1: INSERT IGNORE INTO t3 (id) SELECT id FROM t1 WHERE LENGTH(UUID()) = 36
con1: DELETE FROM t2 WHERE 1 = 1
con1: DELETE FROM t2 WHERE id > 'k3'
