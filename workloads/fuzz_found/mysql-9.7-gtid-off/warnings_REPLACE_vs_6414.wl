# replbed fuzz class 'warnings:REPLACE [] vs [6414]': 7 case x format
# found as fuzz_s9803_00126 (ROW); shrunk in 15 runs to 6 statements (from 15)
# reference vs replbed: "REPLACE INTO t1 (id, c_int) SELECT c_dt, id FROM t2 WHERE c_dt = '2023-05-12 08:30:00' ORDER BY id, c_str, c_int, c_dt LIMIT 1": reference [] / replbed [('Warning', 6414, 'Combining the storage engines MyISAM and InnoDB is deprecated, but the statement or transaction updates both the MyISAM table t
[case fuzz_warnings_REPLACE_vs_6414]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 126
formats = ROW
session.sql_mode = ''
setup: CREATE TABLE t1 (id DECIMAL(6,2), c_int INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_int) VALUES (9.50, 50)
setup: CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_str VARCHAR(6), c_int INT NOT NULL, c_dt DATETIME NOT NULL) ENGINE=MyISAM
setup: CREATE TRIGGER trg_t1 BEFORE INSERT ON t1 FOR EACH ROW INSERT INTO t2 (c_int, id) VALUES (1, NULL)
con1: SET autocommit = 0
con1: REPLACE INTO t1 (id, c_int) SELECT c_dt, id FROM t2 WHERE c_dt = '2023-05-12 08:30:00' ORDER BY id, c_str, c_int, c_dt LIMIT 1
