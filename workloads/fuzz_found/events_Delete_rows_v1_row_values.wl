# replbed fuzz class 'events:Delete_rows_v1 row values': 1 case x format
# found as fuzz_s20261125_00205 (ROW); shrunk in 30 runs to 6 statements (from 12)
# reference vs replbed: event 23: reference 'Delete_rows_v1    table_id: #   rows=[{"before":["2.00","12","abcdef"],"after":null}]' / replbed 'Delete_rows_v1    table_id: #   rows=[{"before":["2","x","2023-08-19 07:30:00","0.25"],"after":null}]'
[case fuzz_events_Delete_rows_v1_row_values]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 205
formats = ROW
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id DECIMAL(6,2) NULL UNIQUE, c_int INT NOT NULL, c_str VARCHAR(6) NOT NULL) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_int, c_str) VALUES (2.50, 7, 'xyz'), (2.00, '12abc', 'abcdefghij'), (6.00, 29, 'xyz')
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB, c_dt DATETIME NOT NULL, c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_blob, c_dt, c_dec) VALUES (2, 'x', '2023-08-19 07:30:00', 0.25), (3, REPEAT('b', 20), '2023-01-11 00:30:00', -3.75), (NULL, 'blob', '2023-09-11 09:30:00', 42)
con2: DELETE a, b FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.c_blob IS NOT NULL
con2: START TRANSACTION
