# replbed fuzz class 'events:Update_rows row values': 5 case x format
# found as fuzz_s9803_00058 (ROW); shrunk in 15 runs to 3 statements (from 14)
# reference vs replbed: event 15: reference 'Update_rows       table_id: # flags: STMT_END_F USE_SQL_FOREIGN_KEY_F   rows=[{"before":["2024-01-08 10:00:00"],"after":["2024-01-08 10:00:00",null,"21"]}]' / replbed 'Update_rows       table_id: # flags: STMT_END_F USE_SQL_FOREIGN_KEY_F   rows=[{"before":["2024-01-08 10:00:00"]
[case fuzz_events_Update_rows_row_values]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 58
formats = ROW
session.sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION'
session.binlog_row_image = MINIMAL
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id DATETIME NOT NULL UNIQUE, c_str VARCHAR(6), c_int INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_str, c_int) VALUES ('2024-01-04 10:00:00', 'bb', 25), ('2024-01-08 10:00:00', 'xyz', 83), ('2024-01-01 10:00:00', 'bb', 79), ('2024-01-03 10:00:00', 'bb', 45)
con1: REPLACE INTO t1 (id, c_int) VALUES ('2024-01-05 10:00:00', 91), ('2024-01-08 10:00:00', 21)
