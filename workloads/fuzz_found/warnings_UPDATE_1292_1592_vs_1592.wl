# replbed fuzz class 'warnings:UPDATE [1292, 1592] vs [1592]': 1 case x format
# found as fuzz_s1_00260 (STATEMENT); shrunk in 80 runs to 8 statements (from 18)
# reference vs replbed: "UPDATE t1 a, t3 b SET a.c_dt = '2025-05-05 05:05:05' WHERE a.id = b.id": reference [('Warning', 1292, "Truncated incorrect DOUBLE value: 'k9'"), ('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Statement accesses nontransactional tab
[case fuzz_warnings_UPDATE_1292_1592_vs_1592]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 260
formats = STATEMENT
session.sql_mode = ''
setup: CREATE TABLE t1 (id DECIMAL(6,2) NOT NULL PRIMARY KEY, c_dt DATETIME) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_dt) VALUES (5.50, '2023-09-12 02:30:00')
setup: CREATE TABLE t2 (id DATETIME NOT NULL UNIQUE) ENGINE=InnoDB
setup: CREATE TABLE t3 (id VARCHAR(10)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t3 (id) VALUES ('k9')
con2: SET autocommit = 0
con2: INSERT INTO t2 (id) VALUES ('2024-01-02 10:00:00')
con2: UPDATE t1 a, t3 b SET a.c_dt = '2025-05-05 05:05:05' WHERE a.id = b.id
