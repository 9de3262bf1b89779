# replbed fuzz class 'events:Update_rows_v1 row values': 1 case x format
# found as fuzz_s20261125_00164 (ROW); shrunk in 30 runs to 5 statements (from 15)
# reference vs replbed: event 19: reference 'Update_rows_v1    table_id: # flags: STMT_END_F   rows=[{"before":["5"],"after":["5","newblob"]}]' / replbed 'Update_rows_v1    table_id: # flags: STMT_END_F   rows=[{"before":["5"],"after":["newblob"]}]'
[case fuzz_events_Update_rows_v1_row_values]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 164
formats = ROW
session.binlog_row_image = MINIMAL
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB, c_dt DATETIME) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_blob, c_dt) VALUES (5, REPEAT('b', 20), '2023-04-11 05:30:00')
setup: CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_dec DECIMAL(5,2), c_int INT, c_str VARCHAR(6)) ENGINE=InnoDB
setup: CREATE TRIGGER trg_t1 BEFORE UPDATE ON t1 FOR EACH ROW UPDATE t2 SET c_int = c_int + 1 WHERE id = NEW.id
con1: UPDATE t1 SET c_blob = 'newblob' WHERE 1 = 1
