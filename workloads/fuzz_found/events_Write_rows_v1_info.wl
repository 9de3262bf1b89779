# replbed fuzz class 'events:Write_rows_v1 info': 2 case x format
# found as fuzz_s1_00010 (ROW); shrunk in 26 runs to 3 statements (from 18)
# reference vs replbed: event 15: reference 'Write_rows_v1     table_id: # flags: STMT_END_F   rows=[{"before":null,"after":["9"]}]' / replbed 'Write_rows_v1     table_id: #   rows=[{"before":null,"after":["9"]}]'
[case fuzz_events_Write_rows_v1_info]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 10
formats = ROW
setup: CREATE TABLE t2 (id INT NOT NULL UNIQUE) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id) VALUES (6)
con2: REPLACE INTO t2 (id) VALUES (9), (6)
