# KNOWN, not fixed: a stored function's RETURN value is stored into its return type under the function's sql_mode (11.8: 1264 naming the function at row 0, Note 4094 At line N in db.f); replbed returns it unconverted
# replbed fuzz class 'warnings:UPDATE [1264, 4094] vs [1264]': 6 case x format
# found as fuzz_s118960_00418 (STATEMENT); shrunk in 5 runs to 6 statements (from 10)
# reference vs replbed: 'UPDATE t2 SET c_int = f_pure(c_int) WHERE c_dt IS NOT NULL': reference [('Error', 1264, "Out of range value for column 'f_pure' at row 0"), ('Note', 4094, 'At line 3 in test.f_pure')] / replbed [('Error', 1264, "Out of range value for column 'c_int' at row 2")]
[case fuzz_warnings_UPDATE_1264_4094_vs_1264_s118960]
rule = fuzz
seed = 118960
description = replbed fuzz --seed 118960, case 418
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
session.binlog_row_image = MINIMAL
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
con1.autocommit = 0
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_dec DECIMAL(5,2), c_dt DATETIME, c_int INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_dec, c_dt, c_int) VALUES ('k8', 1.50, '2023-03-14 00:30:00', 31), ('k3', 42, '2023-09-17 00:30:00', -2147483649), ('k3', 0.25, NULL, 2), ('k4', -3.75, '2023-03-16 09:30:00', NULL)
setup: CREATE FUNCTION f_pure(x INT) RETURNS INT DETERMINISTIC RETURN x * 3
setup: CREATE TRIGGER trg_t1 AFTER UPDATE ON t1 FOR EACH ROW UPDATE t2 SET c_int = c_int + 1 WHERE id = NEW.id  => 1146
con1: UPDATE t2 SET c_int = f_pure(c_int) WHERE c_dt IS NOT NULL  => 1264
con1: SET binlog_row_image = MINIMAL
