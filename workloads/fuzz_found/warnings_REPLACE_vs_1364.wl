# replbed fuzz class 'warnings:REPLACE [] vs [1364]': 3 case x format
# found as fuzz_s1_00170 (STATEMENT); shrunk in 38 runs to 4 statements (from 8)
# reference vs replbed: "REPLACE INTO t2 (c_blob) VALUES ('x')": reference [] / replbed [('Warning', 1364, "Field 'c_dec' doesn't have a default value")]
[case fuzz_warnings_REPLACE_vs_1364]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 170
formats = STATEMENT
session.sql_mode = ''
setup: CREATE TABLE t2 (id VARCHAR(10) NULL UNIQUE, c_int INT, c_blob BLOB) ENGINE=MyISAM
setup: CREATE TABLE t3 (id DATETIME, c_dec DECIMAL(5,2) NOT NULL, c_int INT) ENGINE=MyISAM
setup: CREATE TRIGGER trg_t2 BEFORE INSERT ON t2 FOR EACH ROW INSERT INTO t3 (c_int, id) VALUES (1, NULL)
con1: REPLACE INTO t2 (c_blob) VALUES ('x')
