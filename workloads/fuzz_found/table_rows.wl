# replbed fuzz class 'table:rows': 2 case x format
# found as fuzz_s1_00004 (MIXED); shrunk in 24 runs to 3 statements (from 16)
# reference vs replbed: t1: reference {'columns': ['id', 'c_dt', 'c_blob'], 'rows': [['1', '0000-00-00 00:00:00', '']]} / replbed {'columns': ['id', 'c_dt', 'c_blob'], 'rows': [['1', '0000-00-00 00:00:00', None]]}
[case fuzz_table_rows]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 4
formats = MIXED
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dt DATETIME NOT NULL, c_blob BLOB) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_dt, c_blob) VALUES (NULL, '2024-13-01 00:00:00', NULL)
con1: UPDATE t1 SET c_blob = '' WHERE c_dt IS NULL
