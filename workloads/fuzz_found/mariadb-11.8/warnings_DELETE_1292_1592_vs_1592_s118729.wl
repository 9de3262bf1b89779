# replbed fuzz class 'warnings:DELETE [1292, 1592] vs [1592]': 1 case x format
# found as fuzz_s118729_00180 (STATEMENT); shrunk in 10 runs to 12 statements (from 16)
# reference vs replbed: "DELETE a FROM t2 a JOIN t3 b ON a.id = b.id WHERE a.c_str = 'bb'": reference [('Warning', 1292, "Truncated incorrect INTEGER value: 'k3'"), ('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Statement accesses nontransactional table as
[case fuzz_warnings_DELETE_1292_1592_vs_1592_s118729]
rule = fuzz
seed = 118729
description = replbed fuzz --seed 118729, case 180
formats = STATEMENT
session.sql_mode = 'STRICT_ALL_TABLES'
session.binlog_row_image = NOBLOB
session.tx_isolation = 'READ-UNCOMMITTED'
setup: CREATE TABLE t1 (id INT NULL UNIQUE, c_str VARCHAR(6), c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_str, c_dec) VALUES (8, NULL, -3.75), (6, 'bb', 42)  => 1665
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_str VARCHAR(6)) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_str) VALUES ('k3', 'bb'), ('k5', NULL)
setup: CREATE TABLE t3 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_str VARCHAR(6) NOT NULL, c_dec DECIMAL(5,2) NOT NULL) ENGINE=InnoDB
setup: INSERT IGNORE INTO t3 (id, c_str, c_dec) VALUES (8, '', -3.75)  => 1665
con1: CREATE TEMPORARY TABLE tmp4 ENGINE=MyISAM SELECT id, c_str FROM t2 WHERE id IN ('k6', 'k3')
con1: INSERT IGNORE INTO t1 (id, c_str, c_dec) SELECT NULL, id, 1.50 FROM t2 WHERE LENGTH(UUID()) = 36  => 1665
con1: SET tx_isolation = 'READ-UNCOMMITTED'
con1: SET @v_varchar = 'xyz'
con1: REPLACE INTO t2 (id, c_str) VALUES ('k5', 'abcdefghij')  => 1406
con1: DELETE a FROM t2 a JOIN t3 b ON a.id = b.id WHERE a.c_str = 'bb'
