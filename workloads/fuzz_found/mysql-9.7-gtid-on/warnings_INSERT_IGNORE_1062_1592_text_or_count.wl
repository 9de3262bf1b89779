# replbed fuzz class 'warnings:INSERT IGNORE [1062, 1592] text or count': 2 case x format
# found as fuzz_s9804_00003 (STATEMENT); shrunk in 10 runs to 4 statements (from 10)
# reference vs replbed: 'INSERT IGNORE INTO t3 (id, c_dec) SELECT id, c_dec FROM t3 WHERE RAND() >= 0': reference [('Warning', 1062, "Duplicate entry '2' for key 't3.PRIMARY'"), ('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Statement is unsafe because it 
[case fuzz_warnings_INSERT_IGNORE_1062_1592_text_or_count]
rule = fuzz
seed = 9804
description = replbed fuzz --seed 9804, case 3
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t3 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dec DECIMAL(5,2)) ENGINE=MyISAM
setup: INSERT IGNORE INTO t3 (id, c_dec) VALUES (2, 42), (2, -3.75)
con1: INSERT INTO t1 (c_blob) VALUES ('blob'), (REPEAT('b', 20))  => 1146
con1: INSERT IGNORE INTO t3 (id, c_dec) SELECT id, c_dec FROM t3 WHERE RAND() >= 0
