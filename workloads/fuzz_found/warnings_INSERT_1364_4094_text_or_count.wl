# replbed fuzz class 'warnings:INSERT [1364, 4094] text or count': 2 case x format
# found as fuzz_s1_00008 (ROW); shrunk in 52 runs to 4 statements (from 13)
# reference vs replbed: 'INSERT INTO t1 (id) VALUES (9)': reference [('Error', 1364, "Field 'c_dt' doesn't have a default value"), ('Error', 1364, "Field 'c_str' doesn't have a default value"), ('Note', 4094, 'At line 1 in test.trg_t1')] / replbed [('Error', 1364, "Field 'c_dt' doesn't have a default value"), ('Note', 4094
[case fuzz_warnings_INSERT_1364_4094_text_or_count]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 8
formats = ROW
setup: CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY) ENGINE=MyISAM
setup: CREATE TABLE t3 (id DECIMAL(6,2), c_dt DATETIME NOT NULL, c_str VARCHAR(6) NOT NULL, c_int INT) ENGINE=InnoDB
setup: CREATE TRIGGER trg_t1 BEFORE INSERT ON t1 FOR EACH ROW INSERT INTO t3 (c_int, id) VALUES (1, NULL)
con2: INSERT INTO t1 (id) VALUES (9)  => 1364
