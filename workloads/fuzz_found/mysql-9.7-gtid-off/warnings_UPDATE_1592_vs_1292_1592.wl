# replbed fuzz class 'warnings:UPDATE [1592] vs [1292, 1592]': 1 case x format
# found as fuzz_s9803_00279 (STATEMENT); shrunk in 15 runs to 9 statements (from 15)
# reference vs replbed: 'UPDATE t2 a, t3 b SET a.c_int = a.c_int + 2147483647 WHERE a.id = b.id': reference [('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Statements writing to a table with an auto-increment column after selecting from another table are u
[case fuzz_warnings_UPDATE_1592_vs_1292_1592]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 279
formats = STATEMENT
session.sql_mode = ''
setup: CREATE TABLE t1 (id INT, c_blob BLOB) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_blob) VALUES (3, REPEAT('b', 20))
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_str VARCHAR(6) NOT NULL, c_int INT NOT NULL, c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_str, c_int, c_dec) VALUES (9, 'xyz', -2147483649, -3.75), (8, NULL, 3, 0.25), (1, 'a', 47, 1.50), (9, 'xyz', 8, -3.75)
setup: CREATE TABLE t3 (id DATETIME, c_dt DATETIME NOT NULL, c_int INT NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t3 (id, c_dt, c_int) VALUES ('2024-01-05 10:00:00', '2023-01-10 08:30:00', 1)
setup: CREATE FUNCTION f_pure(x INT) RETURNS INT DETERMINISTIC RETURN x * 3
setup: CREATE TRIGGER trg_t3 AFTER DELETE ON t3 FOR EACH ROW INSERT INTO t2 (c_int) VALUES (1)
con1: UPDATE t2 a, t3 b SET a.c_int = a.c_int + 2147483647 WHERE a.id = b.id
