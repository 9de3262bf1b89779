# replbed fuzz class 'table:rows': 1 case x format
# found as fuzz_s20261125_00280 (STATEMENT); shrunk in 30 runs to 4 statements (from 14)
# reference vs replbed: t3: reference {'columns': ['id', 'c_str'], 'rows': [['2147483647', 'k3']]} / replbed {'columns': ['id', 'c_str'], 'rows': [['2147483647', 'k5']]}
[case fuzz_table_rows]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 280
formats = STATEMENT
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_str VARCHAR(6), c_dt DATETIME NOT NULL) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_str, c_dt) VALUES ('k5', NULL, NULL), ('k3', 'a', '2023-02-17 02:30:00'), ('k9', 'xyz', '2023-08-15 06:30:00'), ('k8', NULL, '2023-03-13 01:30:00')
setup: CREATE TABLE t3 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_str VARCHAR(6) NOT NULL) ENGINE=MyISAM
con1: INSERT IGNORE INTO t3 (id, c_str) SELECT 2147483648, id FROM t1 WHERE FOUND_ROWS() >= 0
