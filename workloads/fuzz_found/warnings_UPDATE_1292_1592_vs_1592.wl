# replbed fuzz class 'warnings:UPDATE [1292, 1592] vs [1592]': 1 case x format
# found as fuzz_s20261125_00109 (STATEMENT); shrunk in 30 runs to 5 statements (from 14)
# reference vs replbed: "UPDATE t3 a, t1 b SET a.c_dt = '2025-05-05 05:05:05', b.c_str = CONCAT(b.c_str, 'zzzzzzz') WHERE a.id = b.id": reference [('Warning', 1292, "Incorrect datetime value: '9' for column `test`.`t1`.`id` at row 1"), ('Warning', 1292, "Incorrect datetime value: '1' for column `test`.`t1`.`id` at row 1"),
[case fuzz_warnings_UPDATE_1292_1592_vs_1592]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 109
formats = STATEMENT
con1.autocommit = 0
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_str VARCHAR(6), c_blob BLOB) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_str, c_blob) VALUES (9, 'xyz', REPEAT('b', 20)), (1, 'bb', 'blob')
setup: CREATE TABLE t3 (id DATETIME NOT NULL UNIQUE, c_str VARCHAR(6), c_dt DATETIME NOT NULL) ENGINE=InnoDB
setup: INSERT IGNORE INTO t3 (id, c_str, c_dt) VALUES ('2024-01-04 10:00:00', 'xyz', '2023-01-10 08:30:00'), ('2024-01-03 10:00:00', 'bb', '2024-13-01 00:00:00'), ('2024-01-02 10:00:00', 'bb', '2023-03-17 07:30:00'), ('2024-01-07 10:00:00', 'bb', '2023-08-12 03:30:00')
con1: UPDATE t3 a, t1 b SET a.c_dt = '2025-05-05 05:05:05', b.c_str = CONCAT(b.c_str, 'zzzzzzz') WHERE a.id = b.id
