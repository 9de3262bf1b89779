# replbed fuzz class 'warnings:INSERT [1364, 1048] text or count': 3 case x format
# found as fuzz_s1_00281 (STATEMENT); shrunk in 20 runs to 2 statements (from 5)
# reference vs replbed: "INSERT INTO t1 (id, c_dt) VALUES ('2024-01-09 10:00:00', '2023-06-14 02:30:00'), ('2024-01-01 10:00:00', NULL)": reference [('Warning', 1364, "Field 'c_dec' doesn't have a default value"), ('Warning', 1048, "Column 'c_dt' cannot be null")] / replbed [('Warning', 1364, "Field 'c_dec' doesn't have a 
[case fuzz_warnings_INSERT_1364_1048_text_or_count]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 281
formats = STATEMENT
session.sql_mode = ''
setup: CREATE TABLE t1 (id DATETIME NOT NULL PRIMARY KEY, c_dec DECIMAL(5,2) NOT NULL, c_dt DATETIME NOT NULL) ENGINE=InnoDB
con2: INSERT INTO t1 (id, c_dt) VALUES ('2024-01-09 10:00:00', '2023-06-14 02:30:00'), ('2024-01-01 10:00:00', NULL)
