# replbed fuzz class 'warnings:CREATE TEMPORARY [1592] vs []': 2 case x format
# found as fuzz_s20261125_00101 (STATEMENT); shrunk in 13 runs to 2 statements (from 15)
# reference vs replbed: 'CREATE TEMPORARY TABLE tmp3 ENGINE=MyISAM SELECT id, c_str FROM t1 WHERE id > 1.00': reference [('Note', 1592, 'Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. Statement accesses nontransactional table as well as transactional or temporary table, a
[case fuzz_warnings_CREATE_TEMPORARY_1592_vs]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 101
formats = STATEMENT
session.tx_isolation = 'READ-COMMITTED'
setup: CREATE TABLE t1 (id DECIMAL(6,2) NOT NULL UNIQUE, c_str VARCHAR(6)) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE tmp3 ENGINE=MyISAM SELECT id, c_str FROM t1 WHERE id > 1.00
