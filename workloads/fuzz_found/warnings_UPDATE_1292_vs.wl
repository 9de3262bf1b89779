# replbed fuzz class 'warnings:UPDATE [1292] vs []': 24 case x format
# found as fuzz_s20261125_00024 (STATEMENT); shrunk in 30 runs to 5 statements (from 11)
# reference vs replbed: "UPDATE t3 a, t1 b SET a.c_blob = 'newblob', b.c_dec = b.c_dec * 100 WHERE a.id = b.id": reference [('Warning', 1292, "Truncated incorrect INTEGER value: 'k9'")] / replbed []
[case fuzz_warnings_UPDATE_1292_vs]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 24
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL UNIQUE, c_dec DECIMAL(5,2)) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_dec) VALUES (3, NULL), (7, NULL)
setup: CREATE TABLE t3 (id VARCHAR(10) NULL UNIQUE, c_blob BLOB) ENGINE=InnoDB
setup: INSERT IGNORE INTO t3 (id, c_blob) VALUES ('k9', '')
con1: UPDATE t3 a, t1 b SET a.c_blob = 'newblob', b.c_dec = b.c_dec * 100 WHERE a.id = b.id
