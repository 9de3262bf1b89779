# replbed fuzz class 'events:Update_rows_v1 row values': 1 case x format
# found as fuzz_s1_00076 (MIXED); shrunk in 47 runs to 5 statements (from 11)
# reference vs replbed: event 19: reference 'Update_rows_v1    table_id: # flags: STMT_END_F   rows=[{"before":["k9","22","blob"],"after":["k9","22","22"]},{"before":["k7","2147483647","x"],"after":["k7","2147483647","2147483647"]}]' / replbed 'Update_rows_v1    table_id: # flags: STMT_END_F   rows=[{"before":["k7","214748
[case fuzz_events_Update_rows_v1_row_values]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 76
formats = MIXED
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_int INT NOT NULL, c_blob BLOB NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_int, c_blob) VALUES ('k3', 35, ''), ('k2', 1, 'blob')
con2: DELETE FROM t1 WHERE 1 = 1
con2: INSERT IGNORE INTO t1 (id, c_int, c_blob) VALUES ('k9', 22, 'blob'), ('k7', 2147483648, 'x')
con2: REPLACE INTO t1 (id, c_int, c_blob) SELECT id, c_int, c_int FROM t1 WHERE c_blob IS NOT NULL
