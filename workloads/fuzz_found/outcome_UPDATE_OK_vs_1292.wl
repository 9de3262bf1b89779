# replbed fuzz class 'outcome:UPDATE OK vs 1292': 4 case x format
# found as fuzz_s20261129_00073 (ROW); shrunk in 56 runs to 6 statements (from 9)
# reference vs replbed: "UPDATE t1 a, t2 b SET a.c_blob = CONCAT(a.c_blob, 'q') WHERE a.id = b.id": reference OK  / replbed 1292 Truncated incorrect DECIMAL value: 'k2'
[case fuzz_outcome_UPDATE_OK_vs_1292]
rule = fuzz
seed = 20261129
description = replbed fuzz --seed 20261129, case 73
formats = ROW
setup: CREATE TABLE t1 (id VARCHAR(10), c_blob BLOB) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_blob) VALUES ('k2', 'blob'), ('k4', NULL), ('k9', 'blob'), ('k6', REPEAT('b', 20))
setup: CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_blob BLOB NOT NULL) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_blob) VALUES (3, NULL), (5, 'blob'), (8, REPEAT('b', 20))
con1: INSERT IGNORE INTO t2 (id, c_blob) SELECT 1, c_blob FROM t1 WHERE FOUND_ROWS() >= 0
con1: UPDATE t1 a, t2 b SET a.c_blob = CONCAT(a.c_blob, 'q') WHERE a.id = b.id
