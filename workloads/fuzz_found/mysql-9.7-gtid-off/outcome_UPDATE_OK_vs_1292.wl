# replbed fuzz class 'outcome:UPDATE OK vs 1292': 6 case x format
# found as fuzz_s9803_00100 (STATEMENT); shrunk in 15 runs to 7 statements (from 13)
# reference vs replbed: 'UPDATE t3 a, t2 b SET a.c_dt = a.c_dt + INTERVAL 1 DAY, b.c_dec = b.c_dec / 3 WHERE a.id = b.id': reference OK  / replbed 1292 Incorrect datetime value: '4' for column 'id' at row 1
[case fuzz_outcome_UPDATE_OK_vs_1292]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 100
formats = STATEMENT
setup: CREATE TABLE t2 (id INT, c_dec DECIMAL(5,2), c_str VARCHAR(6)) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_dec, c_str) VALUES (4, 0.25, 'abcdefghij'), (9, -3.75, 'bb')
setup: CREATE TABLE t3 (id DATETIME, c_dt DATETIME) ENGINE=InnoDB
setup: INSERT IGNORE INTO t3 (id, c_dt) VALUES ('2024-01-03 10:00:00', '2023-07-13 02:30:00'), ('2024-01-01 10:00:00', '2023-05-12 07:30:00')
setup: CREATE FUNCTION f_pure(x INT) RETURNS INT DETERMINISTIC RETURN x * 3
con1: UPDATE t3 a, t2 b SET a.c_dt = a.c_dt + INTERVAL 1 DAY, b.c_dec = b.c_dec / 3 WHERE a.id = b.id
con1: TRUNCATE TABLE t2
