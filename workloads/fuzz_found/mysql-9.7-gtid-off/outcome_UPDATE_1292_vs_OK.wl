# replbed fuzz class 'outcome:UPDATE 1292 vs OK': 3 case x format
# found as fuzz_s9803_00248 (STATEMENT); shrunk in 15 runs to 11 statements (from 14)
# reference vs replbed: 'UPDATE t2 a, tmp4 b SET a.c_str = b.id, b.c_int = b.c_int + 1 WHERE a.id = b.id': reference 1292 Incorrect datetime value: 'k8' for column 'id' at row 1 / replbed OK 
[case fuzz_outcome_UPDATE_1292_vs_OK]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 248
formats = STATEMENT
session.sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION'
session.binlog_row_image = MINIMAL
setup: CREATE TABLE t1 (id VARCHAR(10), c_str VARCHAR(6), c_dec DECIMAL(5,2), c_int INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_str, c_dec, c_int) VALUES ('k8', 'a', 42, 38), ('k1', 'a', 42, 2), ('k3', '', 42, 10), ('k5', 'a', 0.25, 83)
setup: CREATE TABLE t2 (id DATETIME NOT NULL UNIQUE, c_str VARCHAR(6)) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_str) VALUES ('2024-01-06 10:00:00', 'bb'), ('2024-01-09 10:00:00', 'a'), ('2024-01-05 10:00:00', '')
setup: CREATE TABLE t3 (id DECIMAL(6,2), c_blob BLOB NOT NULL, c_str VARCHAR(6)) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE tmp4 ENGINE=InnoDB SELECT id, c_str, c_dec, c_int FROM t1
con1: UPDATE t2 SET id = id + INTERVAL 1 DAY WHERE c_str = 'xyz' ORDER BY id, c_str LIMIT 1
con1: INSERT INTO t2 (id, c_str) VALUES ('2024-01-03 10:00:00', 'a'), ('2024-01-08 10:00:00', 'a') ON DUPLICATE KEY UPDATE c_str = 'u'
con1: INSERT IGNORE INTO t3 (id, c_blob, c_str) VALUES (6.00, 'blob', '')
con1: UPDATE t2 a, tmp4 b SET a.c_str = b.id, b.c_int = b.c_int + 1 WHERE a.id = b.id  => 1292
con1: DELETE b FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.id = '2024-01-08 10:00:00'  => 1292
