# replbed fuzz class 'warnings:INSERT IGNORE [1264, 1265, 1592] vs [1265, 1592]': 1 case x format
# found as fuzz_s9803_00298 (STATEMENT); shrunk in 15 runs to 4 statements (from 13)
# reference vs replbed: 'INSERT IGNORE INTO t2 (id, c_dt) SELECT id, c_int FROM t1 WHERE 1 = 1 ORDER BY id, c_int LIMIT 2': reference [('Warning', 1264, "Out of range value for column 'c_dt' at row 1"), ('Warning', 1265, "Data truncated for column 'c_dt' at row 2"), ('Note', 1592, 'Unsafe statement written to the binary lo
[case fuzz_warnings_INSERT_IGNORE_1264_1265_1592_vs_1265_1592]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 298
formats = STATEMENT
setup: CREATE TABLE t1 (id INT, c_int INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_int) VALUES (NULL, -4), (2, 36)
setup: CREATE TABLE t2 (id INT, c_dt DATETIME) ENGINE=MyISAM
con2: INSERT IGNORE INTO t2 (id, c_dt) SELECT id, c_int FROM t1 WHERE 1 = 1 ORDER BY id, c_int LIMIT 2
