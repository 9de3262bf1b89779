# replbed fuzz class 'warnings:DELETE [1292, 1592] vs [1592]': 3 case x format
# found as fuzz_s1_00092 (STATEMENT); shrunk in 62 runs to 6 statements (from 13)
# reference vs replbed: 'DELETE a FROM t2 a JOIN t1 b ON a.id = b.id': reference [('Warning', 1292, "Incorrect datetime value: '7' for column `test`.`t1`.`id` at row 1"), ('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Statement accesses nontransactional ta
[case fuzz_warnings_DELETE_1292_1592_vs_1592]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 92
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL UNIQUE) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id) VALUES (7)
setup: CREATE TABLE t2 (id DATETIME) ENGINE=MyISAM
con1: SET tx_isolation = 'READ-COMMITTED'
con1: INSERT IGNORE INTO t2 (id) VALUES ('2024-01-06 10:00:00')
con1: DELETE a FROM t2 a JOIN t1 b ON a.id = b.id
