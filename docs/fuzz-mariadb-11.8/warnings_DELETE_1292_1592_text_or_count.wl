# replbed fuzz class 'warnings:DELETE [1292, 1592] text or count': 3 case x format
# found as fuzz_s2330_00353 (STATEMENT); shrunk in 40 runs to 7 statements (from 14)
# reference vs replbed: 'DELETE b FROM t3 a JOIN t2 b ON a.id = b.id': reference [('Warning', 1292, "Truncated incorrect INTEGER value: 'k2'"), ('Warning', 1292, "Truncated incorrect INTEGER value: 'a'"), ('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Stat
[case fuzz_warnings_DELETE_1292_1592_text_or_count]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 353
formats = STATEMENT
setup: CREATE TABLE t2 (id INT NOT NULL UNIQUE, c_str VARCHAR(6)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_str) VALUES (3, 'a')
setup: CREATE TABLE t3 (id VARCHAR(10)) ENGINE=MyISAM
con1: INSERT INTO t3 (id) VALUES ('k2')
con1: BEGIN
con1: INSERT IGNORE INTO t3 (id) SELECT c_str FROM t2 ORDER BY id, c_str LIMIT 2
con1: DELETE b FROM t3 a JOIN t2 b ON a.id = b.id
