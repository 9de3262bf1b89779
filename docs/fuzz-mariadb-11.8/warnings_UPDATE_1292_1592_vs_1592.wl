# replbed fuzz class 'warnings:UPDATE [1292, 1592] vs [1592]': 1 case x format
# found as fuzz_s2330_00773 (STATEMENT); shrunk in 40 runs to 5 statements (from 12)
# reference vs replbed: 'UPDATE t2 a, t3 b SET a.c_dec = a.c_dec + 0.5 WHERE a.id = b.id': reference [('Warning', 1292, "Truncated incorrect INTEGER value: 'k4'"), ('Warning', 1292, "Truncated incorrect INTEGER value: 'k9'"), ('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FOR
[case fuzz_warnings_UPDATE_1292_1592_vs_1592]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 773
formats = STATEMENT
setup: CREATE TABLE t2 (id INT NULL UNIQUE, c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: CREATE TABLE t3 (id VARCHAR(10) NOT NULL PRIMARY KEY) ENGINE=MyISAM
setup: INSERT IGNORE INTO t3 (id) VALUES ('k9'), ('k4')
con1: BEGIN
con1: UPDATE t2 a, t3 b SET a.c_dec = a.c_dec + 0.5 WHERE a.id = b.id
