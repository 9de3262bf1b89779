# replbed fuzz class 'warnings:INSERT [6414] vs []': 1 case x format
# found as fuzz_s9803_00229 (STATEMENT); shrunk in 15 runs to 5 statements (from 9)
# reference vs replbed: "INSERT INTO t2 (id, c_str, c_dt, c_blob) VALUES (1, NULL, NULL, '')": reference [('Warning', 6414, 'Combining the storage engines InnoDB and MyISAM is deprecated, but the statement or transaction updates both the InnoDB table test.t2 and the MyISAM table test.tmp3.')] / replbed []
[case fuzz_warnings_INSERT_6414_vs]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 229
formats = STATEMENT
setup: CREATE TABLE t1 (id VARCHAR(10), c_dec DECIMAL(5,2), c_str VARCHAR(6)) ENGINE=MyISAM
setup: CREATE TABLE t2 (id INT NULL UNIQUE, c_str VARCHAR(6), c_dt DATETIME, c_blob BLOB NOT NULL) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE tmp3 (PRIMARY KEY (id)) ENGINE=MyISAM SELECT id, c_str FROM t1
con1: INSERT INTO t2 (id, c_str, c_dt, c_blob) VALUES (1, NULL, NULL, '')
con1: DELETE a FROM t2 a JOIN tmp3 b ON a.id = b.id WHERE a.c_dt IS NULL
