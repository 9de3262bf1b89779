# replbed fuzz class 'warnings:INSERT [1062] vs [6414, 1062]': 1 case x format
# found as fuzz_s9803_00050 (MIXED); shrunk in 15 runs to 8 statements (from 10)
# reference vs replbed: "INSERT INTO t1 (id, c_dt) VALUES ('2024-01-02 10:00:00', '2023-03-17 05:30:00'), ('2024-01-08 10:00:00', '2023-01-16 06:30:00'), ('2024-01-08 10:00:00', '2023-09-14 06:30:00')": reference [('Error', 1062, "Duplicate entry '2024-01-08 10:00:00' for key 't1.id'")] / replbed [('Warning', 6414, 'Combin
[case fuzz_warnings_INSERT_1062_vs_6414_1062]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 50
formats = MIXED
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id DATETIME NULL UNIQUE, c_int INT, c_dt DATETIME, c_str VARCHAR(6)) ENGINE=MyISAM
setup: CREATE FUNCTION f_pure(x INT) RETURNS INT DETERMINISTIC RETURN x * 3
con1: SET autocommit = 0
con1: DELETE FROM t1 WHERE c_dt = '2023-07-14 04:30:00'
con1: COMMIT
con1: CREATE TEMPORARY TABLE tmp2 (PRIMARY KEY (id)) ENGINE=InnoDB SELECT id, c_dt FROM t1
con1: TRUNCATE TABLE t1
con1: INSERT INTO t1 (id, c_dt) VALUES ('2024-01-02 10:00:00', '2023-03-17 05:30:00'), ('2024-01-08 10:00:00', '2023-01-16 06:30:00'), ('2024-01-08 10:00:00', '2023-09-14 06:30:00')  => 1062
