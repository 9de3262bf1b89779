# replbed fuzz class 'events:Query text (UPDATE vs UPDATE)': 1 case x format
# found as fuzz_s1_00261 (MIXED); shrunk in 28 runs to 5 statements (from 14)
# reference vs replbed: event 13: reference "Query             use `test`; UPDATE t2 SET c_blob = '' WHERE id IN ('2024-01-07 10:00:00', '2024-01-08 10:00:00')" / replbed "Query             use `test`; UPDATE t1 SET c_blob = CONCAT(c_blob, 'q') WHERE id = 1 AND RAND() >= 0"
[case fuzz_events_Query_text_UPDATE_vs_UPDATE]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 261
formats = MIXED
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB) ENGINE=MyISAM
setup: CREATE TABLE t2 (id DATETIME NOT NULL UNIQUE, c_blob BLOB) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_blob) VALUES ('2024-01-05 10:00:00', '')
con1: UPDATE t1 SET c_blob = CONCAT(c_blob, 'q') WHERE id = 1 AND RAND() >= 0
con1: UPDATE t2 SET c_blob = '' WHERE id IN ('2024-01-07 10:00:00', '2024-01-08 10:00:00')
