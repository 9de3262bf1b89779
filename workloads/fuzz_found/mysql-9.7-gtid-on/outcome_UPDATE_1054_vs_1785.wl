# replbed fuzz class 'outcome:UPDATE 1054 vs 1785': 3 case x format
# found as fuzz_s9804_00024 (STATEMENT); shrunk in 10 runs to 6 statements (from 11)
# reference vs replbed: "UPDATE t3 a, tmp4 b SET a.c_str = CONCAT(a.c_str, 'zzzzzzz'), b.c_str = CONCAT(b.c_str, 'zzzzzzz') WHERE a.id = b.id": reference 1054 Unknown column 'b.id' in 'where clause' / replbed 1785 Statement violates GTID consistency: Updates to non-transactional tables can only be done in either autocommit
[case fuzz_outcome_UPDATE_1054_vs_1785]
rule = fuzz
seed = 9804
description = replbed fuzz --seed 9804, case 24
formats = STATEMENT
session.sql_mode = 'STRICT_ALL_TABLES'
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_str VARCHAR(6), c_dt DATETIME NOT NULL, c_blob BLOB) ENGINE=MyISAM
setup: CREATE TABLE t3 (id DECIMAL(6,2) NOT NULL UNIQUE, c_str VARCHAR(6)) ENGINE=MyISAM
setup: INSERT IGNORE INTO t3 (id, c_str) VALUES (3.50, 'bb'), (8.50, 'a'), (8.50, 'xyz')
con1: CREATE TEMPORARY TABLE tmp4 ENGINE=InnoDB SELECT c_str FROM t2
con1: UPDATE t3 a, tmp4 b SET a.c_str = CONCAT(a.c_str, 'zzzzzzz'), b.c_str = CONCAT(b.c_str, 'zzzzzzz') WHERE a.id = b.id  => 1054
con1: INSERT INTO t3 (c_str, id) VALUES (@v_varchar, 5.00)
