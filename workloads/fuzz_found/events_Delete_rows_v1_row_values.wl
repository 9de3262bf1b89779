# replbed fuzz class 'events:Delete_rows_v1 row values': 1 case x format
# found as fuzz_s1_00238 (ROW); shrunk in 25 runs to 3 statements (from 15)
# reference vs replbed: event 15: reference 'Delete_rows_v1    table_id: # flags: STMT_END_F   rows=[{"before":["k2"],"after":null},{"before":["k4"],"after":null}]' / replbed 'Delete_rows_v1    table_id: # flags: STMT_END_F   rows=[{"before":["k4"],"after":null},{"before":["k2"],"after":null}]'
[case fuzz_events_Delete_rows_v1_row_values]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 238
formats = ROW
setup: CREATE TABLE t3 (id VARCHAR(10) NOT NULL UNIQUE) ENGINE=MyISAM
setup: INSERT IGNORE INTO t3 (id) VALUES ('k4'), ('k2')
con1: DELETE FROM t3 WHERE id IN ('k2', 'k4')
