# replbed fuzz class 'warnings:INSERT [1366, 1292] text or count': 3 case x format
# found as fuzz_s20261125_00092 (STATEMENT); shrunk in 30 runs to 4 statements (from 12)
# reference vs replbed: "INSERT INTO t3 (id, c_dt) SELECT c_str, c_str FROM t1 WHERE c_str = 'bb'": reference [('Error', 1366, "Incorrect integer value: 'bb' for column `test`.`t3`.`id` at row 2"), ('Error', 1292, "Incorrect datetime value: 'bb' for column `test`.`t3`.`c_dt` at row 2")] / replbed [('Error', 1366, "Incorrec
[case fuzz_warnings_INSERT_1366_1292_text_or_count]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 92
formats = STATEMENT
session.sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION'
setup: CREATE TABLE t1 (id DECIMAL(6,2) NOT NULL PRIMARY KEY, c_str VARCHAR(6), c_int INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_str, c_int) VALUES (6.50, 'bb', 75), (1.00, 'xyz', 11), (6.50, '', -1), (1.00, 'xyz', 76)
setup: CREATE TABLE t3 (id INT NOT NULL PRIMARY KEY, c_dt DATETIME) ENGINE=InnoDB
con1: INSERT INTO t3 (id, c_dt) SELECT c_str, c_str FROM t1 WHERE c_str = 'bb'  => 1366
