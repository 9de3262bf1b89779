# replbed fuzz class 'events:Update_rows_v1 row values': 3 case x format
# found as fuzz_s2330_00103 (ROW); shrunk in 40 runs to 5 statements (from 10)
# reference vs replbed: event 22: reference 'Update_rows_v1    table_id: # flags: STMT_END_F   rows=[{"before":["2","1.50"],"after":["2","0.50"]},{"before":["4","42.00"],"after":["4","14.00"]}]' / replbed 'Update_rows_v1    table_id: # flags: STMT_END_F   rows=[{"before":["4","42.00"],"after":["4","14.00"]},{"before":["2",
[case fuzz_events_Update_rows_v1_row_values]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 103
formats = ROW
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dec DECIMAL(5,2) NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_dec) VALUES (4, 42), (2, 1.50)
setup: CREATE TABLE t2 (id DECIMAL(6,2)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id) VALUES (2.00), (4.00)
con2: UPDATE t1 a, t2 b SET a.c_dec = a.c_dec / 3 WHERE a.id = b.id
