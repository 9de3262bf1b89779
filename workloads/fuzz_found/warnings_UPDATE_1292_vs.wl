# replbed fuzz class 'warnings:UPDATE [1292] vs []': 20 case x format
# found as fuzz_s1_00001 (ROW); shrunk in 29 runs to 4 statements (from 11)
# reference vs replbed: 'UPDATE t1 a, t2 b SET a.c_int = NULL WHERE a.id = b.id': reference [('Warning', 1292, "Incorrect datetime value: '9' for column `test`.`t1`.`id` at row 1")] / replbed []
[case fuzz_warnings_UPDATE_1292_vs]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 1
formats = ROW
setup: CREATE TABLE t1 (id INT NULL UNIQUE, c_int INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_int) VALUES (9, 4)
setup: CREATE TABLE t2 (id DATETIME NOT NULL PRIMARY KEY) ENGINE=InnoDB
con1: UPDATE t1 a, t2 b SET a.c_int = NULL WHERE a.id = b.id
