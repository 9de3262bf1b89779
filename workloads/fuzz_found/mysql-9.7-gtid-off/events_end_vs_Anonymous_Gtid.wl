# replbed fuzz class 'events:end-vs-Anonymous_Gtid': 7 case x format
# found as fuzz_s9803_00095 (STATEMENT); shrunk in 15 runs to 7 statements (from 11)
# reference vs replbed: event 14: reference None / replbed "Anonymous_Gtid    SET @@SESSION.GTID_NEXT= 'ANONYMOUS'"
[case fuzz_events_end_vs_Anonymous_Gtid]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 95
formats = STATEMENT
session.sql_mode = ''
session.tx_isolation = 'SERIALIZABLE'
setup: CREATE TABLE t1 (id DATETIME, c_str VARCHAR(6), c_dec DECIMAL(5,2), c_int INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_dt DATETIME, c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_dt, c_dec) VALUES ('k6', '2023-09-19 04:30:00', NULL)
con1: TRUNCATE TABLE t1
con1: SET autocommit = 0
con1: SAVEPOINT sp1
con1: UPDATE t2 a, t1 b SET a.c_dec = b.c_dec WHERE a.id = b.id
