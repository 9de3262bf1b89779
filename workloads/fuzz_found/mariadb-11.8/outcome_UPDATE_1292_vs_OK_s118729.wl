# replbed fuzz class 'outcome:UPDATE 1292 vs OK': 3 case x format
# found as fuzz_s118729_00077 (STATEMENT); shrunk in 10 runs to 6 statements (from 11)
# reference vs replbed: 'UPDATE t2 a, t1 b SET a.c_dt = b.id, b.c_int = b.c_int + 2147483647 WHERE a.id = b.id': reference 1292 Incorrect datetime value: '1' for column `test`.`t2`.`id` at row 1 / replbed OK 
[case fuzz_outcome_UPDATE_1292_vs_OK_s118729]
rule = fuzz
seed = 118729
description = replbed fuzz --seed 118729, case 77
formats = STATEMENT
setup: CREATE TABLE t1 (id DATETIME NULL UNIQUE, c_blob BLOB NOT NULL, c_int INT NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dt DATETIME, c_int INT, c_str VARCHAR(6) NOT NULL) ENGINE=InnoDB
setup: CREATE TRIGGER trg_t1 AFTER INSERT ON t1 FOR EACH ROW INSERT INTO t2 (c_int) VALUES (1)
con1: REPLACE INTO t2 (c_dt, c_str) VALUES ('2023-03-12 06:30:00', 'bb'), ('0000-00-00 00:00:00', 'xyz'), ('2023-08-19 02:30:00', 'xyz')
con1: INSERT IGNORE INTO t1 (c_int) VALUES (79), (50), (-2147483649), (94)  => 1364
con1: UPDATE t2 a, t1 b SET a.c_dt = b.id, b.c_int = b.c_int + 2147483647 WHERE a.id = b.id  => 1292
