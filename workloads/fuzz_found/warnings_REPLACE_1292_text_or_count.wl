# replbed fuzz class 'warnings:REPLACE [1292] text or count': 8 case x format
# found as fuzz_s1_00090 (ROW); shrunk in 42 runs to 4 statements (from 14)
# reference vs replbed: 'REPLACE INTO t2 (id, c_dt) SELECT c_str, id FROM t1 WHERE id > 6': reference [('Error', 1292, "Incorrect datetime value: 'xyz' for column `test`.`t2`.`id` at row 1"), ('Error', 1292, "Incorrect datetime value: '7' for column `test`.`t2`.`c_dt` at row 1")] / replbed [('Error', 1292, "Incorrect datet
[case fuzz_warnings_REPLACE_1292_text_or_count]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 90
formats = ROW
setup: CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c_str VARCHAR(6)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_str) VALUES (7, 'xyz')
setup: CREATE TABLE t2 (id DATETIME NOT NULL PRIMARY KEY, c_dt DATETIME) ENGINE=InnoDB
con2: REPLACE INTO t2 (id, c_dt) SELECT c_str, id FROM t1 WHERE id > 6  => 1292
