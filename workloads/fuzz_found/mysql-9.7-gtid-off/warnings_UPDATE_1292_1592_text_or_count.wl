# replbed fuzz class 'warnings:UPDATE [1292, 1592] text or count': 1 case x format
# found as fuzz_s9803_00011 (STATEMENT); shrunk in 15 runs to 6 statements (from 11)
# reference vs replbed: 'UPDATE t1 a, t2 b SET a.c_dt = a.c_dt + INTERVAL 1 DAY WHERE a.id = b.id': reference [('Warning', 1292, "Incorrect datetime value: 'k4'"), ('Warning', 1292, "Incorrect datetime value: 'k7zzzzzzz'"), ('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMA
[case fuzz_warnings_UPDATE_1292_1592_text_or_count]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 11
formats = STATEMENT
session.sql_mode = ''
session.binlog_row_image = MINIMAL
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
con1.autocommit = 0
setup: CREATE TABLE t1 (id DATETIME NOT NULL PRIMARY KEY, c_dt DATETIME) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_dt) VALUES ('2024-01-03 10:00:00', '2023-04-16 05:30:00')
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL UNIQUE, c_int INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_int) VALUES ('k7', 63), ('k4', 86), ('k7', 95)
con2: UPDATE t2 SET id = CONCAT(id, 'zzzzzzz') WHERE id IN ('k7', 'k3')
con1: UPDATE t1 a, t2 b SET a.c_dt = a.c_dt + INTERVAL 1 DAY WHERE a.id = b.id
