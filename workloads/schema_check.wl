# CHECK constraints in MariaDB 10.11: docs/RULES-mariadb-10.11.md section "CHECK constraints".

[case check_insert_update_4025]
rule = MDB.check.verify
seed = 024
description = a row failing a column or table CHECK is refused with 4025 naming the constraint (t.col for a column's, CONSTRAINT_n for an unnamed one); NULL passes; nothing is logged for the failed statement
setup: CREATE TABLE t (id INT PRIMARY KEY, v INT CHECK (v > 0), w INT, CONSTRAINT w_small CHECK (w < 100), CHECK (v <> w)) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY, v INT CHECK (v BETWEEN 1 AND 9)) ENGINE=MyISAM
con1: INSERT INTO t VALUES (1, 1, 2), (2, NULL, NULL)
con1: INSERT INTO t VALUES (3, 0, 1)  => ER_CONSTRAINT_FAILED,mysql-9.7:3819
con1: INSERT INTO t VALUES (3, 1, 100)  => 4025,mysql-9.7:3819
con1: INSERT INTO t VALUES (3, 5, 5)  => 4025,mysql-9.7:3819
con1: INSERT INTO t VALUES (4, 4, 3), (5, -1, 3)  => 4025,mysql-9.7:3819
con1: UPDATE t SET w = 500 WHERE id = 1  => 4025,mysql-9.7:3819
con1: UPDATE t SET v = v + 10
con1: INSERT INTO m VALUES (1, 1), (2, 20), (3, 3)  => 4025,mysql-9.7:3819
con1: SELECT * FROM m
con1: SELECT * FROM t ORDER BY id

[case check_ignore_and_off]
servers = mariadb  # check_constraint_checks is MariaDB's variable (MySQL 9.7: 1193; MySQL turns a CHECK off with ALTER TABLE ... NOT ENFORCED)
rule = MDB.check.ignore
seed = 024
description = INSERT IGNORE and UPDATE IGNORE make 4025 a warning and skip the row; check_constraint_checks=0 skips the checks and goes to Q_FLAGS2 and the rows events (NO_CHECK_CONSTRAINT_CHECKS_F)
setup: CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, v INT CHECK (v > 0)) ENGINE=InnoDB
con1: INSERT IGNORE INTO t (v) VALUES (1), (0), (2)
con1: UPDATE IGNORE t SET v = v - 1
con1: SET check_constraint_checks = 0
con1: INSERT INTO t (v) VALUES (-5)
con1: UPDATE t SET v = -1 WHERE id = 1
con1: SET check_constraint_checks = 1
con1: INSERT INTO t (v) VALUES (-6)  => 4025
con1: SELECT * FROM t ORDER BY id

[case check_ddl]
rule = MDB.check.ddl
seed = 024
description = ALTER TABLE ADD/DROP CONSTRAINT, 1826 for a repeated name, 1091 for an unknown one, CREATE TABLE LIKE copies the checks
setup: CREATE TABLE t (id INT PRIMARY KEY, v INT CHECK (v > 0), CONSTRAINT ck2 CHECK (v < 100)) ENGINE=InnoDB
con1: CREATE TABLE bad (a INT, CONSTRAINT ck CHECK (a > 0), CONSTRAINT ck CHECK (a < 9))  => 1826,mysql-9.7:3822
con1: ALTER TABLE t DROP CONSTRAINT ck2
con1: INSERT INTO t VALUES (1, 500)
con1: ALTER TABLE t ADD CONSTRAINT ck3 CHECK (id < 10)
con1: ALTER TABLE t ADD CONSTRAINT ck3 CHECK (id < 20)  => 1826,mysql-9.7:3822
con1: ALTER TABLE t DROP CONSTRAINT nosuch  => 1091,mysql-9.7:3940
con1: INSERT INTO t VALUES (11, 1)  => 4025,mysql-9.7:3819
con1: CREATE TABLE t2 LIKE t
con1: INSERT INTO t2 VALUES (12, 1)  => 4025,mysql-9.7:3819
con1: INSERT INTO t2 VALUES (2, 0)  => 4025,mysql-9.7:3819
con1: SHOW CREATE TABLE t2

[case check_ignore_single_row]
rule = MDB.check.ignore
seed = 024
description = IGNORE does not soften a CHECK of a one-row INSERT ... VALUES or SET on MariaDB 10.11 (4025, found by fuzz --generator schema; 11.8 warns, MDEV-32439); INSERT IGNORE ... SELECT of one row warns; UPDATE IGNORE does not count the skipped row as matched
setup: CREATE TABLE t (id INT PRIMARY KEY, v INT CHECK (v > 0)) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY, v INT CHECK (v > 0)) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1, 1), (2, 2)
con1: INSERT IGNORE INTO t VALUES (3, 0)  => 4025,mariadb-11.8:OK,mysql-9.7:OK
con1: INSERT IGNORE INTO t SET id = 5, v = 0  => 4025,mariadb-11.8:OK,mysql-9.7:OK
con1: INSERT IGNORE INTO m VALUES (3, 0)  => 4025,mariadb-11.8:OK,mysql-9.7:OK
con1: INSERT IGNORE INTO t SELECT 3, 0
con1: INSERT IGNORE INTO t SELECT 3, 0 UNION SELECT 4, 0
con1: UPDATE IGNORE t SET v = 0 WHERE id = 1
con1: UPDATE IGNORE t SET v = v - 1

[case check_before_auto_increment]
rule = MDB.check.verify
seed = 024
description = a row a CHECK refuses never asked the engine for an AUTO_INCREMENT value: INSERT IGNORE ... SELECT logs no INSERT_ID for it and the next row takes the value (found by fuzz --generator schema)
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_str VARCHAR(6), c_json JSON) ENGINE=InnoDB
setup: CREATE TABLE t3 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_dec DECIMAL(5,2), c_json JSON) ENGINE=InnoDB
setup: INSERT INTO t3 (id, c_dec, c_json) VALUES ('k5', 42, JSON_ARRAY(1, 'two', NULL)), ('k6', 1, '[]')
con1: INSERT IGNORE INTO t1 (c_str, c_json) SELECT c_dec, id FROM t3 ORDER BY id  => mysql-9.7:3140
con1: INSERT IGNORE INTO t1 (c_str, c_json) VALUES ('a', 'bad'), ('b', '{}')  => mysql-9.7:3140
con1: INSERT INTO t1 (c_str) VALUES ('c')
con1: SELECT * FROM t1
