# replbed fuzz class 'warnings:REPLACE [1264, 1292] vs [1264]': 9 case x format
# found as fuzz_s1_00003 (STATEMENT); shrunk in 29 runs to 3 statements (from 9)
# reference vs replbed: 'REPLACE INTO t1 (id, c_str, c_int, c_dt) SELECT c_dt, c_str, c_int, c_str FROM t1 ORDER BY id, c_str, c_int, c_dt LIMIT 1': reference [('Error', 1264, "Out of range value for column 'id' at row 1"), ('Error', 1292, "Incorrect datetime value: '' for column `test`.`t1`.`c_dt` at row 1")] / replbed [(
[case fuzz_warnings_REPLACE_1264_1292_vs_1264]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 3
formats = STATEMENT
setup: CREATE TABLE t1 (id DECIMAL(6,2), c_str VARCHAR(6), c_int INT, c_dt DATETIME) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_str, c_int, c_dt) VALUES (2.00, '', '12abc', '2023-06-11 05:30:00')
con1: REPLACE INTO t1 (id, c_str, c_int, c_dt) SELECT c_dt, c_str, c_int, c_str FROM t1 ORDER BY id, c_str, c_int, c_dt LIMIT 1  => 1264
