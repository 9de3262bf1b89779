# replbed fuzz class 'outcome:DELETE 1292 vs OK': 9 case x format
# found as fuzz_s9803_00025 (STATEMENT); shrunk in 15 runs to 11 statements (from 15)
# reference vs replbed: 'DELETE a FROM t2 a JOIN t1 b ON a.id = b.id WHERE 1 = 1': reference 1292 Truncated incorrect DOUBLE value: 'k9' / replbed OK 
[case fuzz_outcome_DELETE_1292_vs_OK]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 25
formats = STATEMENT
session.sql_mode = 'STRICT_ALL_TABLES'
session.binlog_row_image = FULL
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id VARCHAR(10), c_str VARCHAR(6), c_int INT, c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_str, c_int, c_dec) VALUES ('k9', 'bb', 82, 0.25)
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dec DECIMAL(5,2) NOT NULL, c_int INT, c_dt DATETIME) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_dec, c_int, c_dt) VALUES (1, -3.75, 57, '2023-06-10 05:30:00')
setup: CREATE TABLE t3 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB, c_str VARCHAR(6)) ENGINE=MyISAM
setup: INSERT IGNORE INTO t3 (id, c_blob, c_str) VALUES (9, 'x', 'bb'), (2, '', 'bb')
con1: SAVEPOINT sp1
con2: INSERT INTO t1 (id, c_str, c_int, c_dec) VALUES ('k6', 'xyz', 79, 42), ('k1', NULL, 57, -3.75) ON DUPLICATE KEY UPDATE id = VALUES(id)
con1: REPLACE INTO t3 (id, c_blob, c_str) VALUES (9, NULL, 'a'), (3, REPEAT('b', 20), 'xyz')
con2: BEGIN
con2: DELETE a FROM t2 a JOIN t1 b ON a.id = b.id WHERE 1 = 1  => 1292
