# replbed fuzz class 'events:Write_rows_v1 row values': 6 case x format
# found as fuzz_s1_00056 (ROW); shrunk in 33 runs to 4 statements (from 12)
# reference vs replbed: event 17: reference 'Write_rows_v1     table_id: # flags: STMT_END_F   rows=[{"before":null,"after":["1","bb"]}]' / replbed 'Write_rows_v1     table_id: # flags: STMT_END_F   rows=[{"before":null,"after":["10","bb"]}]'
[case fuzz_events_Write_rows_v1_row_values]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 56
formats = ROW
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_str VARCHAR(6)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_str) VALUES (9, NULL)
con2: TRUNCATE TABLE t1
con2: INSERT INTO t1 (c_str) VALUES ('bb')
