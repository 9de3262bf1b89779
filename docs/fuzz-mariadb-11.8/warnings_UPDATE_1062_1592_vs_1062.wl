# replbed fuzz class 'warnings:UPDATE [1062, 1592] vs [1062]': 1 case x format
# found as fuzz_s2330_00371 (STATEMENT); shrunk in 40 runs to 7 statements (from 16)
# reference vs replbed: "UPDATE t3 SET id = '2025-05-05 05:05:05' WHERE 1 = 1 ORDER BY id, c_int, c_str, c_blob LIMIT 2": reference [('Error', 1062, "Duplicate entry '2025-05-05 05:05:05' for key 'id'"), ('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. The s
[case fuzz_warnings_UPDATE_1062_1592_vs_1062]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 371
formats = STATEMENT
session.sql_mode = 'STRICT_ALL_TABLES'
session.tx_isolation = 'READ-COMMITTED'
setup: CREATE TABLE t2 (id VARCHAR(10), c_blob BLOB) ENGINE=InnoDB
setup: CREATE TABLE t3 (id DATETIME NOT NULL UNIQUE, c_int INT NOT NULL, c_str VARCHAR(6), c_blob BLOB) ENGINE=MyISAM
setup: INSERT IGNORE INTO t3 (id, c_int, c_str, c_blob) VALUES ('2024-01-04 10:00:00', 57, '', ''), ('2024-01-06 10:00:00', 17, 'xyz', ''), ('2024-01-05 10:00:00', 17, 'a', ''), ('2024-01-03 10:00:00', 98, 'bb', NULL)
con1: CREATE TEMPORARY TABLE tmp4 (PRIMARY KEY (id)) ENGINE=InnoDB SELECT id, c_blob FROM t2
con1: BEGIN
con1: INSERT INTO tmp4 (id, c_blob) VALUES ('k7', 'x'), ('k8', ''), ('k8', 'blob'), ('k7', 'blob')  => 1665
con1: UPDATE t3 SET id = '2025-05-05 05:05:05' WHERE 1 = 1 ORDER BY id, c_int, c_str, c_blob LIMIT 2  => 1062
