# replbed fuzz class 'warnings:DELETE [] vs [6414]': 2 case x format
# found as fuzz_s9803_00020 (ROW); shrunk in 15 runs to 12 statements (from 14)
# reference vs replbed: 'DELETE b FROM tmp4 a JOIN t3 b ON a.id = b.id': reference [] / replbed [('Warning', 6414, 'Combining the storage engines MyISAM and InnoDB is deprecated, but the statement or transaction updates both the MyISAM table test.t3 and the InnoDB table test.t2.')]
[case fuzz_warnings_DELETE_vs_6414]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 20
formats = ROW
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
con1.autocommit = 0
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL UNIQUE, c_str VARCHAR(6), c_dt DATETIME) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB, c_int INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_blob, c_int) VALUES (7, 'blob', 26), (2, '', 65), (4, 'x', 17), (5, REPEAT('b', 20), 13)
setup: CREATE TABLE t3 (id DECIMAL(6,2), c_str VARCHAR(6) NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t3 (id, c_str) VALUES (8.00, NULL), (6.00, '')
con1: CREATE TEMPORARY TABLE tmp4 (id DATETIME NOT NULL PRIMARY KEY, c_int INT, c_blob BLOB) ENGINE=InnoDB
con1: INSERT IGNORE INTO t2 (id, c_blob, c_int) SELECT -2147483649, REPEAT('b', 20), 50 FROM t3 WHERE SYSDATE() > '2000-01-01'
con2: INSERT IGNORE INTO t1 (id, c_str, c_dt) VALUES ('k3', 'xyz', '2023-06-18 02:30:00'), ('k7', 'xyz', '2023-08-12 02:30:00'), ('k3', 'bb', '2023-04-15 00:30:00'), ('k1', NULL, '2023-03-12 02:30:00')
con1: CREATE TEMPORARY TABLE tmp5 ENGINE=InnoDB SELECT id, c_str FROM t1 WHERE c_dt IS NULL
con1: DELETE b FROM tmp4 a JOIN t3 b ON a.id = b.id
con1: INSERT INTO t1 (id, c_str, c_dt) VALUES ('k4', '', '2023-09-15 05:30:00'), ('k5', 'a', '2023-08-10 09:30:00'), ('k6', 'xyz', '2023-08-13 08:30:00'), ('k7', 'xyz', '2023-02-14 05:30:00') ON DUPLICATE KEY UPDATE c_dt = VALUES(c_dt)
con1: REPLACE INTO t2 (id, c_blob, c_int) VALUES (1, 'x', 88), (NULL, '', 43), (5, 'blob', 31)
