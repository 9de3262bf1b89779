# replbed fuzz class 'warnings:UPDATE [1292, 1592] text or count': 1 case x format
# found as fuzz_s2330_00701 (STATEMENT); shrunk in 40 runs to 6 statements (from 13)
# reference vs replbed: 'UPDATE t3 a, t2 b SET a.c_blob = b.c_blob WHERE a.id = b.id': reference [('Warning', 1292, "Incorrect datetime value: '6' for column `test`.`t3`.`id` at row 1"), ('Warning', 1292, "Incorrect datetime value: '9' for column `test`.`t3`.`id` at row 1"), ('Warning', 1292, "Incorrect datetime value: '1'
[case fuzz_warnings_UPDATE_1292_1592_text_or_count]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 701
formats = STATEMENT
session.sql_mode = ''
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t2 (id DATETIME NOT NULL PRIMARY KEY, c_blob BLOB NOT NULL, c_str VARCHAR(6)) ENGINE=InnoDB
setup: CREATE TABLE t3 (id INT NOT NULL PRIMARY KEY, c_blob BLOB) ENGINE=MyISAM
con2: START TRANSACTION
con2: REPLACE INTO t3 (id, c_blob) VALUES (6, ''), (9, 'x'), (1, 'x')
con2: INSERT IGNORE INTO t2 (id, c_blob, c_str) VALUES ('2024-01-09 10:00:00', REPEAT('b', 20), '')
con2: UPDATE t3 a, t2 b SET a.c_blob = b.c_blob WHERE a.id = b.id
