# replbed fuzz class 'error:replbed failed': 5 case x format
# found as fuzz_s9803_00019 (STATEMENT); shrunk in 15 runs to 12 statements (from 12)
# reference vs replbed: connect: InterfaceError: 2055: Lost connection to MySQL server at '127.0.0.1:43191', system error: Errno 8: [SSL: UNEXPECTED_EOF_WHILE_READING] EOF occurred in violation of protocol (_ssl.c:1006)
[case fuzz_error_replbed_failed]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 19
formats = STATEMENT
session.tx_isolation = 'READ-COMMITTED'
setup: CREATE TABLE t1 (id INT, c_dt DATETIME) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_dt) VALUES (8, '2023-08-16 00:30:00')
setup: CREATE TABLE t2 (id DATETIME NOT NULL UNIQUE, c_dt DATETIME) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_dt) VALUES ('2024-01-01 10:00:00', '2023-09-16 09:30:00'), ('2024-01-07 10:00:00', '0000-00-00 00:00:00'), ('2024-01-09 10:00:00', '2023-01-14 09:30:00')  => 1665
setup: CREATE TABLE t3 (id DECIMAL(6,2), c_dt DATETIME) ENGINE=InnoDB
setup: INSERT IGNORE INTO t3 (id, c_dt) VALUES (4.00, '2023-02-18 08:30:00'), (1.00, '2023-08-12 03:30:00'), (5.50, '2023-05-16 08:30:00')  => 1665
con1: INSERT INTO t3 (id, c_dt) VALUES (7.00, '0000-00-00 00:00:00'), (9.00, '2023-07-14 06:30:00')  => 1665
con1: INSERT INTO t1 (id, c_dt) VALUES (NULL, '2023-01-15 02:30:00'), (4, '2023-09-18 01:30:00'), (3, 'junk'), (1, '2023-06-11 07:30:00')
con1: INSERT IGNORE INTO t2 (id, c_dt) SELECT c_dt, c_dt FROM t1 WHERE CONNECTION_ID() > 0  => 1665
con1: DELETE FROM t1 WHERE c_dt IS NULL
con1: UPDATE t2 SET c_dt = '2025-05-05 05:05:05' WHERE c_dt = '2023-01-13 02:30:00'  => 1665
con1: SET sql_mode = 'STRICT_ALL_TABLES'
