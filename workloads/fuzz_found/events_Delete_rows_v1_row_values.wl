# replbed fuzz class 'events:Delete_rows_v1 row values': 1 case x format
# found as fuzz_s20261127_00844 (ROW); shrunk in 42 runs to 5 statements (from 9)
# reference vs replbed: event 23: reference 'Delete_rows_v1    table_id: #   rows=[{"before":["4"],"after":null}]' / replbed 'Delete_rows_v1    table_id: #   rows=[{"before":["4.00"],"after":null}]'
[case fuzz_events_Delete_rows_v1_row_values]
rule = fuzz
seed = 20261127
description = replbed fuzz --seed 20261127, case 844
formats = ROW
setup: CREATE TABLE t1 (id INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id) VALUES (8), (4)
setup: CREATE TABLE t3 (id DECIMAL(6,2) NOT NULL UNIQUE) ENGINE=MyISAM
setup: INSERT IGNORE INTO t3 (id) VALUES (8.50), (4.00)
con2: DELETE a, b FROM t3 a JOIN t1 b ON a.id = b.id
