# replbed fuzz class 'warnings:UPDATE [1406] text or count': 3 case x format
# found as fuzz_s20261125_00896 (STATEMENT); shrunk in 30 runs to 6 statements (from 13)
# reference vs replbed: "UPDATE t2 a, t3 b SET a.c_str = CONCAT(a.c_str, 'z') WHERE a.id = b.id": reference [('Error', 1406, "Data too long for column 'c_str' at row 3")] / replbed [('Error', 1406, "Data too long for column 'c_str' at row 1")]
[case fuzz_warnings_UPDATE_1406_text_or_count]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 896
formats = STATEMENT
session.tx_isolation = 'SERIALIZABLE'
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t2 (id DECIMAL(6,2) NOT NULL UNIQUE, c_dt DATETIME, c_str VARCHAR(6)) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_dt, c_str) VALUES (1.50, '2023-04-12 01:30:00', 'xyz'), (4.50, '2023-03-11 08:30:00', 'a'), (2.00, '2024-13-01 00:00:00', 'abcdefghij')
con2: CREATE TABLE t3 ENGINE=MyISAM SELECT id, c_dt FROM t2
con2: INSERT INTO t3 (id, c_dt) VALUES (2.50, '2023-03-17 07:30:00')
con2: UPDATE t1 SET id = CONCAT(id, 'z')  => 1146
con1: UPDATE t2 a, t3 b SET a.c_str = CONCAT(a.c_str, 'z') WHERE a.id = b.id  => 1406
