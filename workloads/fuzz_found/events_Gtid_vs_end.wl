# replbed fuzz class 'events:Gtid-vs-end': 2 case x format
# found as fuzz_s20261125_00539 (ROW); shrunk in 30 runs to 5 statements (from 8)
# reference vs replbed: event 10: reference 'Gtid              BEGIN GTID 0-1-4' / replbed None
[case fuzz_events_Gtid_vs_end]
rule = fuzz
seed = 20261125
description = replbed fuzz --seed 20261125, case 539
formats = ROW
session.sql_mode = 'TRADITIONAL'
con1.autocommit = 0
setup: CREATE TABLE t1 (id DATETIME NOT NULL UNIQUE, c_dt DATETIME) ENGINE=InnoDB
con1: CREATE TABLE t2 (PRIMARY KEY (id)) ENGINE=InnoDB SELECT id, c_dt FROM t1 WHERE id = '2024-01-07 10:00:00'
con1: INSERT INTO t2 (id, c_dt) VALUES ('2024-01-09 10:00:00', '2023-05-15 05:30:00'), ('2024-01-06 10:00:00', '2023-03-12 04:30:00'), ('2024-01-02 10:00:00', '2023-01-17 06:30:00'), ('2024-01-07 10:00:00', '0000-00-00 00:00:00')  => 1292
con1: SAVEPOINT sp1
con1: COMMIT
