# replbed fuzz class 'outcome:UPDATE 1292 vs OK': 3 case x format
# found as fuzz_s11809_00039 (STATEMENT); shrunk in 10 runs to 8 statements (from 9)
# reference vs replbed: "UPDATE t2 a, t1 b SET a.c_int = b.c_int, b.c_dt = '2025-05-05 05:05:05' WHERE a.id = b.id": reference 1292 Truncated incorrect DECIMAL value: 'k6' / replbed OK 
[case fuzz_outcome_UPDATE_1292_vs_OK]
rule = fuzz
seed = 11809
description = replbed fuzz --seed 11809, case 39
formats = STATEMENT
session.binlog_row_image = NOBLOB
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_dt DATETIME, c_int INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_dt, c_int) VALUES ('k6', '2023-06-12 01:30:00', '12abc'), ('k3', '2023-08-19 05:30:00', NULL), ('k7', '2023-04-14 07:30:00', 8)
setup: CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_str VARCHAR(6), c_int INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_str, c_int) VALUES (7, 'a', NULL)
con1: INSERT IGNORE INTO t2 (id, c_str, c_int) SELECT c_int, id, c_int FROM t1 WHERE CONNECTION_ID() > 0
con1: START TRANSACTION
con1: UPDATE t1 SET c_dt = '2025-05-05 05:05:05' WHERE id IS NULL
con1: UPDATE t2 a, t1 b SET a.c_int = b.c_int, b.c_dt = '2025-05-05 05:05:05' WHERE a.id = b.id  => 1292
