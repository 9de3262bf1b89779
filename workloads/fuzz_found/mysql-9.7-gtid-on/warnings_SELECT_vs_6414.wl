# replbed fuzz class 'warnings:SELECT [] vs [6414]': 3 case x format
# found as fuzz_s9804_00044 (STATEMENT); shrunk in 10 runs to 12 statements (from 14)
# reference vs replbed: 'SELECT f_log(2)': reference [] / replbed [('Warning', 6414, 'Combining the storage engines InnoDB and MyISAM is deprecated, but the statement or transaction updates both the InnoDB table test.t1 and the MyISAM table test.t2.')]
[case fuzz_warnings_SELECT_vs_6414]
rule = fuzz
seed = 9804
description = replbed fuzz --seed 9804, case 44
formats = STATEMENT
session.sql_mode = 'STRICT_ALL_TABLES'
session.binlog_row_image = FULL
setup: CREATE TABLE t1 (id VARCHAR(10), c_int INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_int) VALUES ('k3', 2147483648), ('k4', 17), ('k9', NULL), ('k9', 37)
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_int) VALUES (1, 12), (7, NULL), (1, 40)
setup: CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (c_int, id) VALUES (x, 'k2'); RETURN x + 1; END
con1: REPLACE INTO t2 (id, c_int) SELECT id, id FROM t1  => 1366
con1: UPDATE t2 SET id = id + 2147483647 WHERE 1 = 1  => 1264
con1: START TRANSACTION
con1: CREATE TABLE t3 ENGINE=MyISAM SELECT id, c_int FROM t1  => 1786
con1: SELECT f_log(2)
con1: CREATE TEMPORARY TABLE tmp4 (id INT NOT NULL UNIQUE, c_dt DATETIME) ENGINE=MyISAM
con1: SET @v_datetime = '2023-02-18 07:30:00'
