# replbed fuzz class 'warnings:INSERT [1366, 1364] text or count': 3 case x format
# found as fuzz_s9804_00097 (STATEMENT); shrunk in 10 runs to 8 statements (from 14)
# reference vs replbed: "INSERT INTO t2 (id, c_dec, c_str, c_dt) SELECT c_str, c_blob, c_str, c_str FROM t1 WHERE c_str = 'a'": reference [('Error', 1366, "Incorrect integer value: 'a' for column 'id' at row 1"), ('Error', 1364, "Field 'c_str' doesn't have a default value"), ('Error', 1364, "Field 'c_dt' doesn't have a def
[case fuzz_warnings_INSERT_1366_1364_text_or_count]
rule = fuzz
seed = 9804
description = replbed fuzz --seed 9804, case 97
formats = STATEMENT
session.sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION'
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB, c_str VARCHAR(6)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_blob, c_str) VALUES (NULL, REPEAT('b', 20), 'xyz'), (6, '', 'a'), (2, 'blob', 'bb'), (4, NULL, 'bb')
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dec DECIMAL(5,2), c_str VARCHAR(6) NOT NULL, c_dt DATETIME NOT NULL) ENGINE=InnoDB
con1: CREATE TABLE t4 ENGINE=InnoDB SELECT c_dec, c_str, c_dt FROM t2
con1: INSERT INTO t2 (c_str, c_dt) VALUES ('bb', '2023-02-11 07:30:00'), (NULL, '2023-09-10 07:30:00')  => 1048
con1: INSERT INTO t2 (id, c_dec, c_str, c_dt) SELECT c_str, c_blob, c_str, c_str FROM t1 WHERE c_str = 'a'  => 1366
con1: SET autocommit = 0
con1: UPDATE t3 a, t4 b SET a.c_int = a.c_int + 1 WHERE a.id = b.id  => 1146
