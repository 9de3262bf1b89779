# replbed fuzz class 'outcome:UPDATE OK vs 1406': 3 case x format
# found as fuzz_s118811_00146 (STATEMENT); shrunk in 10 runs to 6 statements (from 10)
# reference vs replbed: "UPDATE t2 a, t1 b SET a.c_blob = 'newblob', b.c_str = CONCAT(b.c_str, 'zzzzzzz') WHERE a.id = b.id": reference OK  / replbed 1406 Data too long for column 'c_str' at row 1
[case fuzz_outcome_UPDATE_OK_vs_1406_s118811]
rule = fuzz
seed = 118811
description = replbed fuzz --seed 118811, case 146
formats = STATEMENT
session.binlog_row_image = MINIMAL
setup: CREATE TABLE t1 (id VARCHAR(10), c_str VARCHAR(6), c_int INT NOT NULL) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_str, c_int) VALUES ('k2', 'a', -3), ('k8', 'bb', 80), ('k8', 'a', -2147483649), ('k5', '', 97)
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_blob BLOB, c_int INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_blob, c_int) VALUES ('k8', 'blob', 31)
con1: UPDATE t2 a, t1 b SET a.c_blob = 'newblob', b.c_str = CONCAT(b.c_str, 'zzzzzzz') WHERE a.id = b.id
con1: CREATE TEMPORARY TABLE tmp4 ENGINE=MyISAM SELECT c_str FROM t1 WHERE c_int = 49
