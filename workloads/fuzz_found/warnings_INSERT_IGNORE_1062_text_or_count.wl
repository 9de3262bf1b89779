# replbed fuzz class 'warnings:INSERT IGNORE [1062] text or count': 1 case x format
# found as fuzz_s20261129_00980 (ROW); shrunk in 32 runs to 5 statements (from 6)
# reference vs replbed: 'INSERT IGNORE INTO t1 (id, c_str, c_blob, c_dec) SELECT id, c_str, c_blob, c_dec FROM t1 WHERE LENGTH(VERSION()) > 0': reference [('Warning', 1062, "Duplicate entry '7' for key 'PRIMARY'"), ('Warning', 1062, "Duplicate entry '8' for key 'PRIMARY'")] / replbed [('Warning', 1062, "Duplicate entry '8'
[case fuzz_warnings_INSERT_IGNORE_1062_text_or_count]
rule = fuzz
seed = 20261129
description = replbed fuzz --seed 20261129, case 980
formats = ROW
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_str VARCHAR(6) NOT NULL, c_blob BLOB, c_dec DECIMAL(5,2)) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_str, c_blob, c_dec) VALUES (6, '', REPEAT('b', 20), 1.50), (4, '', NULL, 42)
con1: DELETE FROM t1 WHERE 1 = 1
con1: INSERT INTO t1 (c_str, c_blob, c_dec) VALUES ('xyz', 'blob', 1.50), ('xyz', '', 0.25)
con1: INSERT IGNORE INTO t1 (id, c_str, c_blob, c_dec) SELECT id, c_str, c_blob, c_dec FROM t1 WHERE LENGTH(VERSION()) > 0
