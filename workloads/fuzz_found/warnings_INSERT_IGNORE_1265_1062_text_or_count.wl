# replbed fuzz class 'warnings:INSERT IGNORE [1265, 1062] text or count': 2 case x format
# found as fuzz_s20261125_00340 (ROW); shrunk in 30 runs to 5 statements (from 11)
# reference vs replbed: 'INSERT IGNORE INTO t1 (id) SELECT id FROM t2 WHERE id > 4.00': reference [('Warning', 1265, "Data truncated for column 'id' at row 1"), ('Warning', 1265, "Data truncated for column 'id' at row 3"), ('Warning', 1062, "Duplicate entry '0000-00-00 00:00:00' for key 'id'")] / replbed [('Warning', 1265,
[case fuzz_warnings_INSERT_IGNORE_1265_1062_text_or_count]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 340
formats = ROW
setup: CREATE TABLE t1 (id DATETIME NOT NULL UNIQUE) ENGINE=InnoDB
setup: CREATE TABLE t2 (id DECIMAL(6,2), c_dt DATETIME) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_dt) VALUES (9.00, '2023-07-10 06:30:00')
con1: REPLACE INTO t2 (id, c_dt) VALUES (2.00, '2023-03-10 02:30:00'), (5.00, '2023-05-15 00:30:00')
con1: INSERT IGNORE INTO t1 (id) SELECT id FROM t2 WHERE id > 4.00
