# replbed fuzz class 'warnings:UPDATE [1062, 1196] vs [1062]': 2 case x format
# found as fuzz_s1_00273 (STATEMENT); shrunk in 42 runs to 4 statements (from 14)
# reference vs replbed: "UPDATE tmp5 SET id = '2025-05-05 05:05:05' WHERE c_dt IS NOT NULL": reference [('Error', 1062, "Duplicate entry '2025-05-05 05:05:05' for key 'PRIMARY'"), ('Warning', 1196, "Some non-transactional changed tables couldn't be rolled back")] / replbed [('Error', 1062, "Duplicate entry '2025-05-05 05:0
[case fuzz_warnings_UPDATE_1062_1196_vs_1062]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 273
formats = STATEMENT
setup: CREATE TABLE t1 (id DATETIME NULL UNIQUE, c_int INT, c_dt DATETIME) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_int, c_dt) VALUES ('2024-01-07 10:00:00', 62, '2023-02-16 05:30:00'), ('2024-01-08 10:00:00', 50, '2023-04-19 09:30:00')
con1: CREATE TEMPORARY TABLE tmp5 (PRIMARY KEY (id)) ENGINE=MyISAM SELECT id, c_int, c_dt FROM t1
con1: UPDATE tmp5 SET id = '2025-05-05 05:05:05' WHERE c_dt IS NOT NULL  => 1062
