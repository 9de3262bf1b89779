# replbed fuzz class 'outcome:INSERT 1364 vs OK': 9 case x format
# found as fuzz_s9803_00009 (STATEMENT); shrunk in 15 runs to 4 statements (from 13)
# reference vs replbed: "INSERT INTO t1 (c_dt) VALUES ('2023-07-13 05:30:00'), ('2023-09-11 05:30:00'), ('2023-03-14 03:30:00') ON DUPLICATE KEY UPDATE id = VALUES(id)": reference 1364 Field 'id' doesn't have a default value / replbed OK 
[case fuzz_outcome_INSERT_1364_vs_OK]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 9
formats = STATEMENT
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_blob BLOB, c_dt DATETIME, c_dec DECIMAL(5,2)) ENGINE=InnoDB
con2: SAVEPOINT sp1
con2: UPDATE t2 SET id = id + INTERVAL 1 DAY WHERE c_int IS NOT NULL ORDER BY id, c_str, c_int, c_dt LIMIT 1  => 1146
con1: INSERT INTO t1 (c_dt) VALUES ('2023-07-13 05:30:00'), ('2023-09-11 05:30:00'), ('2023-03-14 03:30:00') ON DUPLICATE KEY UPDATE id = VALUES(id)  => 1364
