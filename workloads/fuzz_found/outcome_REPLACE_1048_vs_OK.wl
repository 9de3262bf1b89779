# replbed fuzz class 'outcome:REPLACE 1048 vs OK': 3 case x format
# found as fuzz_s20261125_00168 (STATEMENT); shrunk in 30 runs to 9 statements (from 14)
# reference vs replbed: 'REPLACE INTO t3 (id, c_dec, c_str) SELECT id, c_int, c_str FROM t1 ORDER BY id, c_str, c_int LIMIT 3': reference 1048 Column 'id' cannot be null / replbed OK 
[case fuzz_outcome_REPLACE_1048_vs_OK]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 168
formats = STATEMENT
session.binlog_row_image = FULL
setup: CREATE TABLE t1 (id INT NULL UNIQUE, c_str VARCHAR(6), c_int INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_str, c_int) VALUES (7, 'xyz', 27), (6, 'bb', 74), (9, 'a', 13), (1, NULL, -4)
setup: CREATE TABLE t2 (id INT NOT NULL UNIQUE, c_int INT, c_blob BLOB, c_str VARCHAR(6)) ENGINE=InnoDB
setup: CREATE TABLE t3 (id DECIMAL(6,2) NOT NULL UNIQUE, c_dec DECIMAL(5,2), c_str VARCHAR(6)) ENGINE=InnoDB
setup: CREATE TRIGGER trg_t3 BEFORE DELETE ON t3 FOR EACH ROW INSERT INTO t2 (c_int, id) VALUES (1, NULL)
con1: REPLACE INTO t3 (c_str) VALUES (''), ('xyz'), ('bb')  => 1364
con1: INSERT INTO t3 (c_str, id, c_dec) VALUES (@v_varchar, 6.00, 42)
con1: INSERT INTO t3 (id, c_dec, c_str) VALUES (5.50, 0.25, 'xyz')
con1: REPLACE INTO t3 (id, c_dec, c_str) SELECT id, c_int, c_str FROM t1 ORDER BY id, c_str, c_int LIMIT 3  => 1048
