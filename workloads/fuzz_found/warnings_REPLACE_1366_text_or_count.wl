# replbed fuzz class 'warnings:REPLACE [1366] text or count': 2 case x format
# found as fuzz_s20261125_00466 (ROW); shrunk in 26 runs to 4 statements (from 9)
# reference vs replbed: 'REPLACE INTO tmp2 (id) SELECT id FROM t1': reference [('Error', 1366, "Incorrect integer value: 'k1' for column `test`.`tmp2`.`id` at row 1")] / replbed [('Error', 1366, "Incorrect integer value: 'k2' for column `test`.`tmp2`.`id` at row 1")]
[case fuzz_warnings_REPLACE_1366_text_or_count]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 466
formats = ROW
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id) VALUES ('k2'), ('k1')
con1: CREATE TEMPORARY TABLE tmp2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY) ENGINE=MyISAM
con1: REPLACE INTO tmp2 (id) SELECT id FROM t1  => 1366
