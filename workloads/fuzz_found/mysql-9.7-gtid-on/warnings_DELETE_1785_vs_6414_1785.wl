# replbed fuzz class 'warnings:DELETE [1785] vs [6414, 1785]': 3 case x format
# found as fuzz_s9804_00090 (STATEMENT); shrunk in 10 runs to 8 statements (from 11)
# reference vs replbed: 'DELETE b FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.c_int IS NULL': reference [('Error', 1785, 'Statement violates GTID consistency: Updates to non-transactional tables can only be done in either autocommitted statements or single-statement transactions, and never in the same statement as updates t
[case fuzz_warnings_DELETE_1785_vs_6414_1785]
rule = fuzz
seed = 9804
description = replbed fuzz --seed 9804, case 90
formats = STATEMENT
con1.autocommit = 0
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_blob BLOB) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_blob) VALUES ('k1', 'x'), ('k2', 'blob')
setup: CREATE TABLE t2 (id DECIMAL(6,2) NULL UNIQUE, c_int INT NOT NULL, c_dt DATETIME) ENGINE=InnoDB
setup: CREATE TABLE t3 (id VARCHAR(10) NOT NULL UNIQUE, c_dt DATETIME, c_str VARCHAR(6)) ENGINE=InnoDB
con1: INSERT INTO t3 (id, c_dt, c_str) VALUES ('k1', '2023-07-11 09:30:00', '')
con1: DELETE b FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.c_int IS NULL  => 1785
con1: UPDATE t2 SET c_int = c_int + (CONNECTION_ID() > 0)
con1: CREATE TABLE t4 (PRIMARY KEY (id)) ENGINE=InnoDB SELECT id, c_blob FROM t1
