# replbed fuzz class 'warnings:DELETE [1292] text or count': 3 case x format
# found as fuzz_s20261125_00649 (STATEMENT); shrunk in 30 runs to 5 statements (from 14)
# reference vs replbed: 'DELETE b FROM t2 a JOIN t1 b ON a.id = b.id': reference [('Warning', 1292, "Truncated incorrect INTEGER value: 'k1'"), ('Warning', 1292, "Truncated incorrect INTEGER value: 'k4'")] / replbed [('Warning', 1292, "Truncated incorrect INTEGER value: 'k4'"), ('Warning', 1292, "Truncated incorrect INTEGE
[case fuzz_warnings_DELETE_1292_text_or_count]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 649
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL UNIQUE, c_dt DATETIME, c_int INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_dt, c_int) VALUES (9, '2023-02-11 06:30:00', 63), (2, '2023-09-11 00:30:00', 40), (3, '2023-05-12 08:30:00', 0), (6, '2023-09-17 00:30:00', 71)
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_dt DATETIME, c_dec DECIMAL(5,2)) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_dt, c_dec) VALUES ('k4', '2023-07-18 01:30:00', 1.005), ('k1', '2023-09-11 05:30:00', 1.50)
con1: DELETE b FROM t2 a JOIN t1 b ON a.id = b.id
