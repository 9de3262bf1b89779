# replbed fuzz class 'events:Update_rows_v1 row values': 4 case x format
# found as fuzz_s20261129_00017 (ROW); shrunk in 56 runs to 6 statements (from 12)
# reference vs replbed: event 30: reference 'Update_rows_v1    table_id: # flags: STMT_END_F   rows=[{"before":["2","","2147483647"],"after":["2","q","2147483647"]},{"before":["6","bbbbbbbbbbbbbbbbbbbb","48"],"after":["6","bbbbbbbbbbbbbbbbbbbbq","48"]},{"before":["4","blob","93"],"after":["4","blobq","93"]}]' / replbed 'Up
[case fuzz_events_Update_rows_v1_row_values]
rule = fuzz
seed = 20261129
description = replbed fuzz --seed 20261129, case 17
formats = ROW
setup: CREATE TABLE t1 (id INT NULL UNIQUE, c_blob BLOB, c_int INT) ENGINE=MyISAM
con1: INSERT IGNORE INTO t1 (id, c_blob, c_int) VALUES (2, '', 2147483648), (9, 'blob', 78)
con1: INSERT IGNORE INTO t1 (id, c_blob, c_int) SELECT c_int, c_int, c_int FROM t1 ORDER BY id, c_blob, c_int LIMIT 2
con1: DELETE FROM t1 WHERE id > 4
con1: INSERT INTO t1 (id, c_blob, c_int) VALUES (4, 'blob', 93), (6, REPEAT('b', 20), 48) ON DUPLICATE KEY UPDATE c_blob = VALUES(c_blob)
con1: UPDATE t1 SET c_blob = CONCAT(c_blob, 'q') WHERE CONNECTION_ID() > 0
