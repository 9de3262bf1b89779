# replbed fuzz class 'events:Write_rows_v1 row values': 13 case x format
# found as fuzz_s20261125_00035 (ROW); shrunk in 30 runs to 6 statements (from 11)
# reference vs replbed: event 30: reference 'Write_rows_v1     table_id: #   rows=[{"before":null,"after":[null,null]},{"before":null,"after":[null,null]}]' / replbed 'Write_rows_v1     table_id: #   rows=[{"before":null,"after":[null,null]}]'
[case fuzz_events_Write_rows_v1_row_values]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 35
formats = ROW
session.binlog_row_image = FULL
setup: CREATE TABLE t1 (id INT NULL UNIQUE, c_blob BLOB) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_blob) VALUES (9, 'blob'), (NULL, REPEAT('b', 20))
con1: DELETE FROM t1 WHERE c_blob IS NOT NULL
con1: INSERT IGNORE INTO t1 (id) VALUES (3)
con1: INSERT INTO t1 (c_blob) VALUES ('x'), ('blob')
con1: INSERT INTO t1 (id, c_blob) SELECT id, id FROM t1 ON DUPLICATE KEY UPDATE c_blob = VALUES(c_blob)
