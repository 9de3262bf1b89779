# replbed fuzz class 'events:Annotate_rows info': 1 case x format
# found as fuzz_s20261127_00000 (ROW); shrunk in 41 runs to 6 statements (from 14)
# reference vs replbed: event 17: reference 'Annotate_rows     DELETE FROM t2 WHERE c_dec IS NOT NULL ORDER BY id, c_dec, c_blob LIMIT 1' / replbed 'Annotate_rows     INSERT IGNORE INTO t1 (id, c_int, c_blob) SELECT c_blob, c_blob, id FROM t2'
[case fuzz_events_Annotate_rows_info]
rule = fuzz
seed = 20261127
description = replbed fuzz --seed 20261127, case 0
formats = ROW
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_int INT, c_blob BLOB NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL UNIQUE, c_dec DECIMAL(5,2), c_blob BLOB) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_dec, c_blob) VALUES ('k7', 'x', 'x')
setup: CREATE TRIGGER trg_t2 AFTER DELETE ON t2 FOR EACH ROW INSERT INTO t1 (c_int, id) VALUES (1, NULL)
con1: DELETE FROM t2 WHERE c_dec IS NOT NULL ORDER BY id, c_dec, c_blob LIMIT 1  => 1364
con1: INSERT IGNORE INTO t1 (id, c_int, c_blob) SELECT c_blob, c_blob, id FROM t2
