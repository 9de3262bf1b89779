# replbed fuzz class 'warnings:CREATE TEMPORARY [6414] vs [6414, 1592]': 2 case x format
# found as fuzz_s9803_00052 (STATEMENT); shrunk in 15 runs to 5 statements (from 11)
# reference vs replbed: 'CREATE TEMPORARY TABLE tmp2 (PRIMARY KEY (id)) ENGINE=InnoDB SELECT id, c_str FROM t1': reference [('Warning', 6414, 'Combining the storage engines InnoDB and MyISAM is deprecated, but the statement or transaction updates both the InnoDB table test.tmp2 and the MyISAM table test.t1.')] / replbed [(
[case fuzz_warnings_CREATE_TEMPORARY_6414_vs_6414_1592]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 52
formats = STATEMENT
session.sql_mode = ''
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id DECIMAL(6,2), c_str VARCHAR(6)) ENGINE=MyISAM
con1: BEGIN
con1: UPDATE t1 SET id = id / 3 WHERE id > 3.00
con1: DELETE FROM t1 WHERE id = 2.50
con1: CREATE TEMPORARY TABLE tmp2 (PRIMARY KEY (id)) ENGINE=InnoDB SELECT id, c_str FROM t1
