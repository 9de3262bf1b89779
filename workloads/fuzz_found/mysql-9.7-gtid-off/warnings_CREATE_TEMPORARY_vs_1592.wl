# replbed fuzz class 'warnings:CREATE TEMPORARY [] vs [1592]': 4 case x format
# found as fuzz_s9803_00050 (STATEMENT); shrunk in 15 runs to 5 statements (from 10)
# reference vs replbed: 'CREATE TEMPORARY TABLE tmp2 (PRIMARY KEY (id)) ENGINE=InnoDB SELECT id, c_dt FROM t1': reference [] / replbed [('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Statement accesses nontransactional table as well as transactional or tem
[case fuzz_warnings_CREATE_TEMPORARY_vs_1592]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 50
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id DATETIME NULL UNIQUE, c_int INT, c_dt DATETIME, c_str VARCHAR(6)) ENGINE=MyISAM
con1: SET autocommit = 0
con1: DELETE FROM t1 WHERE c_dt = '2023-07-14 04:30:00'
con1: COMMIT
con1: CREATE TEMPORARY TABLE tmp2 (PRIMARY KEY (id)) ENGINE=InnoDB SELECT id, c_dt FROM t1
