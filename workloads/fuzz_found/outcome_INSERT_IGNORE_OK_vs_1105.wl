# replbed fuzz class 'outcome:INSERT IGNORE OK vs 1105': 2 case x format
# found as fuzz_s20261125_00099 (ROW); shrunk in 16 runs to 3 statements (from 8)
# reference vs replbed: 'INSERT IGNORE INTO t1 (id, c_dec) SELECT c_dec, id FROM t1 WHERE 1 = 1': reference OK  / replbed 1105 Unknown error: ValueError: length-encoded integers are unsigned, got -4
[case fuzz_outcome_INSERT_IGNORE_OK_vs_1105]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 99
formats = ROW
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_dec) VALUES (8, -3.75)
con1: INSERT IGNORE INTO t1 (id, c_dec) SELECT c_dec, id FROM t1 WHERE 1 = 1
