# replbed fuzz class 'warnings:INSERT IGNORE [1062, 1592] vs [6414, 1062, 1592]': 1 case x format
# found as fuzz_s9803_00261 (STATEMENT); shrunk in 15 runs to 4 statements (from 7)
# reference vs replbed: 'INSERT IGNORE INTO t1 (id, c_blob, c_dec) SELECT id, c_blob, c_dec FROM t1 WHERE RAND() >= 0': reference [('Warning', 1062, "Duplicate entry '1' for key 't1.PRIMARY'"), ('Warning', 1062, "Duplicate entry '9' for key 't1.PRIMARY'"), ('Note', 1592, 'Unsafe statement written to the binary log using st
[case fuzz_warnings_INSERT_IGNORE_1062_1592_vs_6414_1062_1592]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 261
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
session.tx_isolation = 'READ-UNCOMMITTED'
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB, c_dec DECIMAL(5,2)) ENGINE=MyISAM
con1: INSERT INTO t1 (id) VALUES (NULL), (9) ON DUPLICATE KEY UPDATE c_dec = c_dec * 100
con1: CREATE TEMPORARY TABLE tmp2 ENGINE=InnoDB SELECT c_blob, c_dec FROM t1  => 1665
con1: INSERT IGNORE INTO t1 (id, c_blob, c_dec) SELECT id, c_blob, c_dec FROM t1 WHERE RAND() >= 0
