# replbed fuzz class 'outcome:UPDATE OK vs 1292': 7 case x format
# found as fuzz_s9804_00064 (STATEMENT); shrunk in 10 runs to 5 statements (from 7)
# reference vs replbed: 'UPDATE t2 a, t1 b SET a.c_int = NULL WHERE a.id = b.id': reference OK  / replbed 1292 Incorrect datetime value: '4' for column 'id' at row 1
[case fuzz_outcome_UPDATE_OK_vs_1292]
rule = fuzz
seed = 9804
description = replbed fuzz --seed 9804, case 64
formats = STATEMENT
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
con1.autocommit = 0
setup: CREATE TABLE t1 (id DATETIME NULL UNIQUE, c_dt DATETIME NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_dt) VALUES ('2024-01-01 10:00:00', '2023-04-11 06:30:00')
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT) ENGINE=InnoDB
con1: INSERT IGNORE INTO t2 (id, c_int) VALUES (4, 74), (9, NULL), (4, 3)
con1: UPDATE t2 a, t1 b SET a.c_int = NULL WHERE a.id = b.id
