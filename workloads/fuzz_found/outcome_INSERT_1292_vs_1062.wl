# replbed fuzz class 'outcome:INSERT 1292 vs 1062': 3 case x format
# found as fuzz_s1_00002 (STATEMENT); shrunk in 48 runs to 5 statements (from 12)
# reference vs replbed: 'INSERT INTO t1 (id) SELECT c_dec FROM tmp3 WHERE c_dec IS NOT NULL ORDER BY id, c_dec, c_blob LIMIT 3': reference 1292 Incorrect datetime value: '-3.75' for column `test`.`t1`.`id` at row 1 / replbed 1062 Duplicate entry '0000-00-00' for key 'id'
[case fuzz_outcome_INSERT_1292_vs_1062]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 2
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id DATETIME NULL UNIQUE) ENGINE=MyISAM
setup: CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_dec DECIMAL(5,2) NOT NULL, c_blob BLOB NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_dec, c_blob) VALUES (4, -3.75, REPEAT('b', 20)), (NULL, -3.75, 'x')
con1: CREATE TEMPORARY TABLE tmp3 (PRIMARY KEY (id)) ENGINE=InnoDB SELECT id, c_dec, c_blob FROM t2
con1: INSERT INTO t1 (id) SELECT c_dec FROM tmp3 WHERE c_dec IS NOT NULL ORDER BY id, c_dec, c_blob LIMIT 3  => 1292
