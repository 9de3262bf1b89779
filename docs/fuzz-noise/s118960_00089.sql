# replbed fuzz --reference mariadb-11.8 --seed 118960, case 89: the UPDATE two 11.8 servers disagreed on
CREATE TABLE t1 (id VARCHAR(10) NOT NULL UNIQUE, c_dec DECIMAL(5,2) NOT NULL, c_int INT, c_dt DATETIME) ENGINE=InnoDB;
INSERT IGNORE INTO t1 (id, c_dec, c_int, c_dt) VALUES ('k1', NULL, 46, '2023-02-19 03:30:00'), ('k5', -3.75, 50, '2023-03-14 09:30:00'), ('k6', -3.75, 10, '2023-06-19 01:30:00');
CREATE TABLE t2 (id DATETIME NULL UNIQUE, c_str VARCHAR(6), c_blob BLOB, c_dec DECIMAL(5,2) NOT NULL) ENGINE=InnoDB;
INSERT IGNORE INTO t2 (id, c_str, c_blob, c_dec) VALUES ('2024-01-09 10:00:00', NULL, 'blob', 1.50);
INSERT IGNORE INTO t2 (id, c_str, c_blob, c_dec) SELECT id, c_dt, c_int, c_int FROM t1 ORDER BY id, c_dec, c_int, c_dt LIMIT 2;
UPDATE t2 a, t1 b SET a.c_str = b.id WHERE a.id = b.id;
