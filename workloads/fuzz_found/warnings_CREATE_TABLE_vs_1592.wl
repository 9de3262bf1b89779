# replbed fuzz class 'warnings:CREATE TABLE [] vs [1592]': 1 case x format
# found as fuzz_s1_00255 (STATEMENT); shrunk in 14 runs to 2 statements (from 8)
# reference vs replbed: 'CREATE TABLE t2 ENGINE=MyISAM SELECT id, c_blob FROM t1': reference [] / replbed [('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Statement accesses nontransactional table as well as transactional or temporary table, and writes to a
[case fuzz_warnings_CREATE_TABLE_vs_1592]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 255
formats = STATEMENT
session.tx_isolation = 'READ-UNCOMMITTED'
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_blob BLOB) ENGINE=InnoDB
con2: CREATE TABLE t2 ENGINE=MyISAM SELECT id, c_blob FROM t1
