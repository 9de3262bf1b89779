# replbed fuzz class 'outcome:REPLACE 1364 vs OK': 3 case x format
# found as fuzz_s20261125_00869 (STATEMENT); shrunk in 30 runs to 5 statements (from 12)
# reference vs replbed: "REPLACE INTO t2 (id, c_dt) VALUES (6.00, '2023-05-14 09:30:00'), (3.50, '2023-07-11 09:30:00'), (8.00, '2023-01-12 08:30:00'), (3.00, '2023-03-16 02:30:00')": reference 1364 Field 'c_dec' doesn't have a default value / replbed OK 
[case fuzz_outcome_REPLACE_1364_vs_OK]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 869
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT, c_blob BLOB, c_dec DECIMAL(5,2) NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE t2 (id DECIMAL(6,2) NOT NULL PRIMARY KEY, c_dt DATETIME, c_int INT, c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_dt, c_int, c_dec) VALUES (3.00, '2023-02-17 08:30:00', 81, -3.75)
setup: CREATE TRIGGER trg_t2 AFTER DELETE ON t2 FOR EACH ROW INSERT INTO t1 (c_int) VALUES (1)
con1: REPLACE INTO t2 (id, c_dt) VALUES (6.00, '2023-05-14 09:30:00'), (3.50, '2023-07-11 09:30:00'), (8.00, '2023-01-12 08:30:00'), (3.00, '2023-03-16 02:30:00')  => 1364
