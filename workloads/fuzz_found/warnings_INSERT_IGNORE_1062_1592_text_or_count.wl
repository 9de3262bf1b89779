# replbed fuzz class 'warnings:INSERT IGNORE [1062, 1592] text or count': 7 case x format
# found as fuzz_s20261125_00059 (STATEMENT); shrunk in 30 runs to 3 statements (from 10)
# reference vs replbed: "INSERT IGNORE INTO t1 (id) SELECT id FROM t1 WHERE SYSDATE() > '2000-01-01'": reference [('Warning', 1062, "Duplicate entry 'k6' for key 'id'"), ('Warning', 1062, "Duplicate entry 'k9' for key 'id'"), ('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FOR
[case fuzz_warnings_INSERT_IGNORE_1062_1592_text_or_count]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 59
formats = STATEMENT
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id) VALUES ('k9'), ('k6')
con1: INSERT IGNORE INTO t1 (id) SELECT id FROM t1 WHERE SYSDATE() > '2000-01-01'
