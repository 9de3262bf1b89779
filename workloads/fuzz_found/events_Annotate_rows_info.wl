# replbed fuzz class 'events:Annotate_rows info': 4 case x format
# found as fuzz_s1_00004 (ROW); shrunk in 60 runs to 5 statements (from 16)
# reference vs replbed: event 15: reference "Annotate_rows     UPDATE t1 SET c_blob = '' WHERE c_dt IS NULL" / replbed 'Annotate_rows     INSERT IGNORE INTO t3 (id) SELECT id FROM t1 WHERE LENGTH(UUID()) = 36'
[case fuzz_events_Annotate_rows_info]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 4
formats = ROW
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dt DATETIME NOT NULL, c_blob BLOB) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_dt, c_blob) VALUES (NULL, '2024-13-01 00:00:00', NULL)
setup: CREATE TABLE t3 (id INT) ENGINE=InnoDB
con1: UPDATE t1 SET c_blob = '' WHERE c_dt IS NULL
con1: INSERT IGNORE INTO t3 (id) SELECT id FROM t1 WHERE LENGTH(UUID()) = 36
