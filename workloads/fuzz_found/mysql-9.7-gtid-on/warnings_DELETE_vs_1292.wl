# replbed fuzz class 'warnings:DELETE [] vs [1292]': 3 case x format
# found as fuzz_s9804_00091 (STATEMENT); shrunk in 10 runs to 9 statements (from 14)
# reference vs replbed: 'DELETE a, b FROM t2 a JOIN t1 b ON a.id = b.id': reference [] / replbed [('Warning', 1292, "Truncated incorrect DOUBLE value: 'k1'")]
[case fuzz_warnings_DELETE_vs_1292]
rule = fuzz
seed = 9804
description = replbed fuzz --seed 9804, case 91
formats = STATEMENT
session.sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION'
session.tx_isolation = 'READ-UNCOMMITTED'
setup: CREATE TABLE t1 (id INT NOT NULL UNIQUE, c_blob BLOB, c_dt DATETIME) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_blob, c_dt) VALUES (6, 'x', '2023-08-17 01:30:00'), (2, '', '2023-07-15 07:30:00'), (4, 'x', '2023-03-15 09:30:00'), (2, 'blob', '2023-02-14 07:30:00')
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_dec DECIMAL(5,2), c_str VARCHAR(6) NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_dec, c_str) VALUES ('k1', 1.50, 'a')
con1: SET @v_datetime = '2023-08-17 00:30:00'
con1: SET sql_mode = 'STRICT_ALL_TABLES'
con1: DELETE a, b FROM t2 a JOIN t1 b ON a.id = b.id
con1: REPLACE INTO t2 (id, c_dec, c_str) VALUES ('k3', 42, 'a'), ('k9', 42, 'a')
con1: INSERT INTO t2 (c_dec) VALUES (1.50), (-3.75)  => 1364
