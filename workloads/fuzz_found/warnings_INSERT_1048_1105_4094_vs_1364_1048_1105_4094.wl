# replbed fuzz class 'warnings:INSERT [1048, 1105, 4094] vs [1364, 1048, 1105, 4094]': 3 case x format
# found as fuzz_s20261125_00087 (STATEMENT); shrunk in 30 runs to 6 statements (from 17)
# reference vs replbed: "INSERT INTO t1 (id, c_dt, c_int) VALUES ('2024-01-05 10:00:00', '2023-04-10 09:30:00', 8), ('2024-01-03 10:00:00', '2023-02-18 08:30:00', 46)": reference [('Error', 1048, "Column 'id' cannot be null"), ('Error', 1105, 'Unknown error'), ('Note', 4094, 'At line 1 in test.trg_t1')] / replbed [('Warnin
[case fuzz_warnings_INSERT_1048_1105_4094_vs_1364_1048_1105_4094]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 87
formats = STATEMENT
session.sql_mode = ''
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id DATETIME NOT NULL UNIQUE, c_dt DATETIME, c_int INT, c_str VARCHAR(6) NOT NULL) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_int INT, c_dt DATETIME) ENGINE=MyISAM
setup: CREATE TRIGGER trg_t1 BEFORE INSERT ON t1 FOR EACH ROW INSERT INTO t2 (c_int, id) VALUES (1, NULL)
con1: DELETE FROM t1 WHERE c_int IS NOT NULL ORDER BY id, c_dt, c_int, c_str LIMIT 1
con2: DELETE FROM t2 WHERE c_dt IS NULL
con1: INSERT INTO t1 (id, c_dt, c_int) VALUES ('2024-01-05 10:00:00', '2023-04-10 09:30:00', 8), ('2024-01-03 10:00:00', '2023-02-18 08:30:00', 46)  => 1048
