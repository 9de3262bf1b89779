# replbed fuzz class 'warnings:INSERT IGNORE [1364, 1062] text or count': 3 case x format
# found as fuzz_s20261125_00763 (STATEMENT); shrunk in 30 runs to 3 statements (from 10)
# reference vs replbed: "INSERT IGNORE INTO t2 (c_blob) VALUES ('blob'), ('x')": reference [('Warning', 1364, "Field 'id' doesn't have a default value"), ('Warning', 1364, "Field 'id' doesn't have a default value"), ('Warning', 1062, "Duplicate entry '0.00' for key 'PRIMARY'")] / replbed [('Warning', 1364, "Field 'id' does
[case fuzz_warnings_INSERT_IGNORE_1364_1062_text_or_count]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 763
formats = STATEMENT
setup: CREATE TABLE t2 (id DECIMAL(6,2) NOT NULL PRIMARY KEY, c_blob BLOB) ENGINE=InnoDB
setup: CREATE TRIGGER trg_t2 BEFORE UPDATE ON t2 FOR EACH ROW INSERT INTO t1 (c_int) VALUES (1)
con1: INSERT IGNORE INTO t2 (c_blob) VALUES ('blob'), ('x')
