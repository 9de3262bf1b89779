# replbed fuzz class 'outcome:UPDATE 1292 vs OK': 75 case x format
# found as fuzz_s20261125_00003 (STATEMENT); shrunk in 30 runs to 5 statements (from 13)
# reference vs replbed: "UPDATE t2 a, t1 b SET a.c_blob = CONCAT(a.c_blob, 'q'), b.c_str = CONCAT(b.c_str, 'zzzzzzz') WHERE a.id = b.id": reference 1292 Incorrect datetime value: '2' for column `test`.`t1`.`id` at row 1 / replbed OK 
[case fuzz_outcome_UPDATE_1292_vs_OK]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 3
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c_str VARCHAR(6)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_str) VALUES (2, 'a')
setup: CREATE TABLE t2 (id DATETIME NULL UNIQUE, c_blob BLOB, c_str VARCHAR(6)) ENGINE=MyISAM
con1: INSERT IGNORE INTO t2 (id, c_blob, c_str) VALUES ('2024-01-07 10:00:00', REPEAT('b', 20), 'xyz')
con1: UPDATE t2 a, t1 b SET a.c_blob = CONCAT(a.c_blob, 'q'), b.c_str = CONCAT(b.c_str, 'zzzzzzz') WHERE a.id = b.id  => 1292
