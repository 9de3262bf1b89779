# replbed fuzz class 'warnings:CREATE TABLE [] vs [1592]': 7 case x format
# found as fuzz_s20261125_00179 (STATEMENT); shrunk in 8 runs to 2 statements (from 12)
# reference vs replbed: 'CREATE TABLE t2 (PRIMARY KEY (id)) ENGINE=InnoDB SELECT id, c_blob, c_dt FROM t1': reference [] / replbed [('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Statement accesses nontransactional table as well as transactional or tempora
[case fuzz_warnings_CREATE_TABLE_vs_1592]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 179
formats = STATEMENT
con1.autocommit = 0
setup: CREATE TABLE t1 (id DATETIME, c_blob BLOB, c_dt DATETIME) ENGINE=MyISAM
con1: CREATE TABLE t2 (PRIMARY KEY (id)) ENGINE=InnoDB SELECT id, c_blob, c_dt FROM t1
