# replbed fuzz class 'warnings:REPLACE [1406, 1592] vs [1265, 1592]': 1 case x format
# found as fuzz_s1_00223 (STATEMENT); shrunk in 37 runs to 4 statements (from 12)
# reference vs replbed: "REPLACE INTO t1 (c_str) VALUES (''), ('abcdefghij')": reference [('Warning', 1406, "Data too long for column 'c_str' at row 2"), ('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Statement is unsafe because it accesses a non-transacti
[case fuzz_warnings_REPLACE_1406_1592_vs_1265_1592]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 223
formats = STATEMENT
con1.autocommit = 0
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_str VARCHAR(6)) ENGINE=MyISAM
setup: CREATE TABLE t2 (id DATETIME NOT NULL UNIQUE) ENGINE=InnoDB
con1: REPLACE INTO t2 (id) VALUES ('2024-01-09 10:00:00')
con1: REPLACE INTO t1 (c_str) VALUES (''), ('abcdefghij')
