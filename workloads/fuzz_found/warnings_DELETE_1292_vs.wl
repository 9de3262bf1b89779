# replbed fuzz class 'warnings:DELETE [1292] vs []': 45 case x format
# found as fuzz_s20261125_00166 (STATEMENT); shrunk in 30 runs to 5 statements (from 17)
# reference vs replbed: 'DELETE a FROM t1 a JOIN t2 b ON a.id = b.id': reference [('Warning', 1292, "Truncated incorrect DOUBLE value: 'k2'"), ('Warning', 1292, "Truncated incorrect DOUBLE value: 'k2'"), ('Warning', 1292, "Truncated incorrect DOUBLE value: 'k1'"), ('Warning', 1292, "Truncated incorrect DOUBLE value: 'k1'")
[case fuzz_warnings_DELETE_1292_vs]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 166
formats = STATEMENT
con1.autocommit = 0
setup: CREATE TABLE t1 (id DECIMAL(6,2), c_dt DATETIME NOT NULL, c_blob BLOB, c_str VARCHAR(6)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_dt, c_blob, c_str) VALUES (8.00, '2023-07-13 05:30:00', REPEAT('b', 20), 'bb'), (2.00, '2023-08-18 09:30:00', 'x', 'a'), (2.00, '2023-06-13 07:30:00', 'blob', 'a'), (5.00, '2023-05-17 02:30:00', REPEAT('b', 20), 'bb')
setup: CREATE TABLE t2 (id VARCHAR(10), c_int INT, c_str VARCHAR(6)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_int, c_str) VALUES ('k2', 33, 'xyz'), ('k2', 72, ''), ('k1', '12abc', 'bb'), ('k1', 63, 'xyz')
con1: DELETE a FROM t1 a JOIN t2 b ON a.id = b.id
