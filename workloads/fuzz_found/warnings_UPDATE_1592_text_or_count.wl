# replbed fuzz class 'warnings:UPDATE [1592] text or count': 1 case x format
# found as fuzz_s1_00045 (STATEMENT); shrunk in 53 runs to 4 statements (from 14)
# reference vs replbed: 'UPDATE t2 SET c_dt = c_dt + INTERVAL 1 DAY WHERE id IS NULL AND RAND() >= 0 ORDER BY id, c_dec, c_int, c_dt LIMIT 1': reference [('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. The statement is unsafe because it uses a LIMIT clause.
[case fuzz_warnings_UPDATE_1592_text_or_count]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 45
formats = STATEMENT
setup: CREATE TABLE t2 (id DECIMAL(6,2) NULL UNIQUE, c_dec DECIMAL(5,2) NOT NULL, c_int INT, c_dt DATETIME NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_dec, c_int, c_dt) VALUES (6.50, 0.25, NULL, '2023-03-17 00:30:00')
con1: INSERT INTO t2 (id, c_dec, c_int, c_dt) SELECT c_int, id, c_dec, c_dt FROM t2 ORDER BY id, c_dec, c_int, c_dt LIMIT 2
con1: UPDATE t2 SET c_dt = c_dt + INTERVAL 1 DAY WHERE id IS NULL AND RAND() >= 0 ORDER BY id, c_dec, c_int, c_dt LIMIT 1
