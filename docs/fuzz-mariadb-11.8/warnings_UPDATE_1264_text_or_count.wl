# replbed fuzz class 'warnings:UPDATE [1264] text or count': 3 case x format
# found as fuzz_s2330_00816 (STATEMENT); shrunk in 22 runs to 3 statements (from 8)
# reference vs replbed: 'UPDATE t1 SET id = id + 2147483647 WHERE c_int = 3': reference [('Error', 1264, "Out of range value for column 'id' at row 1")] / replbed [('Error', 1264, "Out of range value for column 'id' at row 2")]
[case fuzz_warnings_UPDATE_1264_text_or_count]
rule = fuzz
seed = 2330
description = replbed fuzz --seed 2330, case 816
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL UNIQUE, c_int INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_int) VALUES (9, 3), (4, 24)
con1: UPDATE t1 SET id = id + 2147483647 WHERE c_int = 3  => 1264
