# replbed fuzz class 'events:Table_map-vs-Query': 1 case x format
# found as fuzz_s9803_00209 (MIXED); shrunk in 15 runs to 14 statements (from 16)
# reference vs replbed: event 30: reference 'Table_map         table_id: # (test.t3)' / replbed 'Query             COMMIT'
[case fuzz_events_Table_map_vs_Query]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 209
formats = MIXED
session.sql_mode = 'STRICT_ALL_TABLES'
session.tx_isolation = 'SERIALIZABLE'
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_blob BLOB, c_str VARCHAR(6)) ENGINE=MyISAM
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL UNIQUE, c_blob BLOB) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_blob) VALUES ('k6', 'blob'), ('k3', 'x'), ('k2', REPEAT('b', 20)), ('k3', 'blob')
setup: CREATE TABLE t3 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dec DECIMAL(5,2), c_dt DATETIME) ENGINE=InnoDB
setup: INSERT IGNORE INTO t3 (id, c_dec, c_dt) VALUES (5, 42, '2023-08-10 02:30:00'), (3, 0.25, '2023-05-14 01:30:00'), (NULL, 1.50, '2023-03-17 01:30:00'), (8, NULL, '2023-07-16 08:30:00')
con2: SET autocommit = 0
con1: INSERT INTO t1 (id) VALUES ('k8')
con1: DELETE FROM t1 WHERE id > 'k8'
con2: UPDATE t2 a, t3 b SET a.c_blob = CONCAT(a.c_blob, 'q') WHERE a.id = b.id
con1: SET binlog_row_image = FULL
con2: INSERT IGNORE INTO t3 (id, c_dec, c_dt) SELECT c_str, c_blob, c_blob FROM t1 ORDER BY id, c_blob, c_str LIMIT 1
con2: REPLACE INTO t2 (id, c_blob) VALUES ('k8', 'blob'), ('k3', REPEAT('b', 20)), ('k9', ''), ('k5', 'x')
con2: INSERT INTO t3 (id, c_dec, c_dt) VALUES (NULL, -3.75, '2023-01-16 01:30:00') ON DUPLICATE KEY UPDATE c_dt = '2025-05-05 05:05:05'
con2: COMMIT
