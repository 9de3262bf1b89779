# replbed fuzz class 'events:Intvar info': 6 case x format
# found as fuzz_s1_00019 (STATEMENT); shrunk in 39 runs to 4 statements (from 14)
# reference vs replbed: event 15: reference 'Intvar            INSERT_ID=3' / replbed 'Intvar            INSERT_ID=2'
[case fuzz_events_Intvar_info]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 19
formats = STATEMENT
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT, c_blob BLOB) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_int, c_blob) VALUES (NULL, NULL, REPEAT('b', 20))
con1: UPDATE t2 SET id = id + 1 WHERE 1 = 1 ORDER BY id, c_int, c_blob LIMIT 1
con1: INSERT IGNORE INTO t2 (c_int, c_blob) VALUES (24, '')
