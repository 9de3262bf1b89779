# replbed fuzz class 'warnings:DELETE [1292] vs []': 5 case x format
# found as fuzz_s118729_00036 (STATEMENT); shrunk in 10 runs to 6 statements (from 15)
# reference vs replbed: "DELETE b FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.c_blob = 'x'": reference [('Warning', 1292, "Incorrect datetime value: '1' for column `test`.`t1`.`id` at row 1"), ('Warning', 1292, "Incorrect datetime value: '3' for column `test`.`t1`.`id` at row 2"), ('Warning', 1292, "Incorrect datetime value
[case fuzz_warnings_DELETE_1292_vs_s118729]
rule = fuzz
seed = 118729
description = replbed fuzz --seed 118729, case 36
formats = STATEMENT
session.binlog_row_image = FULL
session.tx_isolation = 'SERIALIZABLE'
setup: CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_dec) VALUES (6, 1.50), (1, 0.25), (4, 0.25), (3, 42)
setup: CREATE TABLE t2 (id DATETIME, c_dec DECIMAL(5,2), c_int INT, c_blob BLOB) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_dec, c_int, c_blob) VALUES ('2024-01-04 10:00:00', 42, 66, 'blob'), ('2024-01-06 10:00:00', 42, 71, 'x'), ('2024-01-06 10:00:00', 1.50, 87, NULL), ('2024-01-06 10:00:00', 42, 10, REPEAT('b', 20))
setup: CREATE FUNCTION f_pure(x INT) RETURNS INT DETERMINISTIC RETURN x * 3
con1: DELETE b FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.c_blob = 'x'
