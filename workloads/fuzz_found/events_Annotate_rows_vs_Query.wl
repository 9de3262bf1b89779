# replbed fuzz class 'events:Annotate_rows-vs-Query': 11 case x format
# found as fuzz_s1_00016 (MIXED); shrunk in 37 runs to 4 statements (from 11)
# reference vs replbed: event 10: reference 'Annotate_rows     INSERT IGNORE INTO t1 (id, c_int) VALUES (7.50, 98)' / replbed 'Query             use `test`; INSERT IGNORE INTO t1 (id, c_int) VALUES (7.50, 98)'
[case fuzz_events_Annotate_rows_vs_Query]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 16
formats = MIXED
con1.autocommit = 0
setup: CREATE TABLE t1 (id DECIMAL(6,2), c_int INT) ENGINE=MyISAM
con1: CREATE TABLE t4 ENGINE=MyISAM SELECT c_int FROM t1
con1: CREATE TEMPORARY TABLE tmp5 ENGINE=InnoDB SELECT c_int FROM t4
con1: INSERT IGNORE INTO t1 (id, c_int) VALUES (7.50, 98)
