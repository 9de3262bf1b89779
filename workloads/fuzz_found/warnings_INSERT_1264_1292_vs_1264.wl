# replbed fuzz class 'warnings:INSERT [1264, 1292] vs [1264]': 3 case x format
# found as fuzz_s1_00204 (STATEMENT); shrunk in 19 runs to 3 statements (from 15)
# reference vs replbed: 'INSERT INTO t2 (id, c_dt) SELECT c_dt, id FROM t2 ORDER BY id, c_dt LIMIT 2 ON DUPLICATE KEY UPDATE id = VALUES(id)': reference [('Error', 1264, "Out of range value for column 'id' at row 1"), ('Error', 1292, "Incorrect datetime value: '2' for column `test`.`t2`.`c_dt` at row 1")] / replbed [('Erro
[case fuzz_warnings_INSERT_1264_1292_vs_1264]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 204
formats = STATEMENT
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dt DATETIME) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_dt) VALUES (2, '2023-07-10 01:30:00')
con1: INSERT INTO t2 (id, c_dt) SELECT c_dt, id FROM t2 ORDER BY id, c_dt LIMIT 2 ON DUPLICATE KEY UPDATE id = VALUES(id)  => 1264
