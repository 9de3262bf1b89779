# replbed fuzz class 'warnings:DELETE [] vs [6414]': 2 case x format
# found as fuzz_s9804_00002 (ROW); shrunk in 10 runs to 9 statements (from 12)
# reference vs replbed: "DELETE FROM tmp2 WHERE c_blob = 'blob' ORDER BY c_blob LIMIT 1": reference [] / replbed [('Warning', 6414, 'Combining the storage engines InnoDB and MyISAM is deprecated, but the statement or transaction updates both the InnoDB table test.tmp2 and the MyISAM table test.tmp3.')]
[case fuzz_warnings_DELETE_vs_6414]
rule = fuzz
seed = 9804
description = replbed fuzz --seed 9804, case 2
formats = ROW
session.sql_mode = 'STRICT_ALL_TABLES'
session.tx_isolation = 'SERIALIZABLE'
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB, c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_blob, c_dec) VALUES (4, REPEAT('b', 20), NULL), (9, 'x', 1.50), (NULL, 'blob', 0.25), (3, NULL, 1.50)
con1: INSERT IGNORE INTO t1 (id, c_blob, c_dec) VALUES (5, NULL, 42), (4, NULL, 42)
con1: CREATE TEMPORARY TABLE tmp2 ENGINE=InnoDB SELECT c_blob FROM t1
con1: UPDATE tmp2 a, t1 b SET a.c_blob = b.c_blob WHERE a.id = b.id  => 1054
con1: UPDATE tmp2 SET c_blob = 'newblob' WHERE c_blob IS NOT NULL
con1: CREATE TEMPORARY TABLE tmp3 ENGINE=MyISAM SELECT c_blob FROM tmp2 WHERE c_blob IS NULL
con1: DELETE FROM tmp2 WHERE c_blob = 'blob' ORDER BY c_blob LIMIT 1
con1: SET autocommit = 0
