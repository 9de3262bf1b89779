# Writes through views (MERGE), OUT/INOUT procedure parameters, BEFORE triggers
# that assign NEW columns (docs/RULES-mariadb-10.11.md section 5.6).

[case vr_view_writes]
rule = seed002.unsafe.views.writes
seed = 002
description = INSERT/UPDATE/DELETE through single-table views: the text as sent in STATEMENT, rows on the base table in ROW; unsafeness of the view and of its base table's engine propagates
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(64), c INT DEFAULT 7) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b VARCHAR(64)) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1,'x',1),(2,'y',2),(-3,'z',3)
setup: CREATE VIEW v AS SELECT a, b FROM t WHERE a > 0
setup: CREATE VIEW ve AS SELECT a AS x, b, c * 2 AS cc FROM t
setup: CREATE VIEW v2 (p, q) AS SELECT a, b FROM t WHERE a > 1
setup: CREATE VIEW vv AS SELECT p, q FROM v2 WHERE p < 100
setup: CREATE VIEW vn AS SELECT * FROM n
setup: CREATE VIEW vu AS SELECT a, LENGTH(UUID()) AS u FROM t
setup: CREATE VIEW vf AS SELECT a, b FROM t WHERE LENGTH(USER()) > 0
con1: INSERT INTO v VALUES (10, 'p')
con1: INSERT INTO v (a) VALUES (11)
con1: INSERT INTO ve (x, b) VALUES (12, 'q')  => mysql-9.7:1471
con1: UPDATE v SET b = 'u' WHERE a < 11
con1: UPDATE ve SET b = 'w' WHERE cc = 4
con1: DELETE FROM v WHERE b = 'u'
con1: INSERT INTO v2 VALUES (40, 'v2')
con1: UPDATE v2 SET q = 'qq' WHERE p = 40
con1: INSERT INTO vv (p) VALUES (41)
con1: UPDATE vv SET q = 'vv' WHERE p > 40
con1: DELETE FROM vv WHERE p = 41
con1: INSERT INTO ve (x, b) SELECT a + 100, b FROM t WHERE a > 0  => mysql-9.7:1471
con1: INSERT INTO ve (x, b) VALUES (101, 'dup') ON DUPLICATE KEY UPDATE b = CONCAT(VALUES(b), cc)  => mysql-9.7:1471
con1: REPLACE INTO ve (x, b) VALUES (102, 'rep')  => mysql-9.7:1471
con1: UPDATE ve AS e SET e.b = 'al' WHERE e.x = 102
con1: UPDATE ve SET ve.b = 'al2' WHERE ve.x = 102
con1: DELETE e FROM ve AS e WHERE e.x = 102
con1: INSERT INTO test.ve (x) VALUES (103)  => mysql-9.7:1471
con1: UPDATE ve SET x = x + 1000 WHERE x = 103
con1: UPDATE vu SET a = a + 1 WHERE a = 1103 => 1288,mysql-9.7:OK
con1: UPDATE vf SET b = 'f' WHERE a = 1103
con1: CREATE VIEW vsys AS SELECT a, b, @@server_id AS sid FROM t => 1351
con1: BEGIN
con1: INSERT INTO t VALUES (30, 'in', 0)
con1: INSERT INTO vn VALUES (31, 'm')  => mysql-9.7-gtid-on:1785
con1: COMMIT
con1: UPDATE v SET b = 'l' LIMIT 1
con1: DELETE FROM v ORDER BY a LIMIT 1

[case vr_view_errors_check_option]
rule = seed002.unsafe.views.errors
seed = 002
description = non-updatable views get the server's errors (1471, 1288, 1348, 1054, 1394, 1395); WITH [LOCAL|CASCADED] CHECK OPTION fails with 1369, IGNORE turns it into a warning
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(64), c INT DEFAULT 7) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b VARCHAR(64)) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1,'x',1),(2,'y',2),(-3,'z',3)
con1: CREATE VIEW ve AS SELECT a AS x, b, c * 2 AS cc FROM t
con1: CREATE VIEW va AS SELECT COUNT(*) AS k FROM t
con1: CREATE VIEW vd AS SELECT DISTINCT b FROM t
con1: CREATE VIEW vl AS SELECT a, b FROM t LIMIT 2
con1: CREATE VIEW vg AS SELECT b, MAX(a) AS m FROM t GROUP BY b
con1: CREATE VIEW vu AS SELECT a FROM t UNION SELECT a FROM n
con1: CREATE VIEW vj AS SELECT t.a, n.b FROM t JOIN n ON t.a = n.a
con1: CREATE VIEW vk AS SELECT 1 AS one, a FROM t
con1: CREATE VIEW vs AS SELECT a, b FROM t WHERE a IN (SELECT a FROM n)
con1: CREATE VIEW vc AS SELECT a, b FROM t WHERE a > 0 WITH LOCAL CHECK OPTION
con1: CREATE VIEW vcc AS SELECT a, b FROM vc WHERE a < 50 WITH CASCADED CHECK OPTION
con1: CREATE VIEW vc2 AS SELECT a, b FROM t WHERE a > 0 WITH CHECK OPTION
con1: INSERT INTO ve (x, cc) VALUES (13, 5) => 1471,mysql-9.7:1348
con1: INSERT INTO ve VALUES (13, 'a', 5) => 1471,mysql-9.7:1348
con1: UPDATE ve SET cc = 1 => 1348
con1: INSERT INTO ve (x, zz) VALUES (13, 5) => ER_BAD_FIELD_ERROR
con1: UPDATE ve SET zz = 1 => ER_BAD_FIELD_ERROR
con1: UPDATE ve SET b = 'r' WHERE c = 1 => ER_BAD_FIELD_ERROR
con1: DELETE FROM ve ORDER BY c LIMIT 1 => ER_BAD_FIELD_ERROR
con1: INSERT INTO va VALUES (1) => 1471
con1: UPDATE va SET k = 1 => 1288
con1: DELETE FROM va => 1288
con1: INSERT INTO vd VALUES ('a') => 1471
con1: DELETE FROM vd => 1288
con1: INSERT INTO vl VALUES (60, 'l') => 1471
con1: UPDATE vl SET b = 'l' => 1288
con1: UPDATE vg SET b = 'g' => 1288
con1: DELETE FROM vu => 1288
con1: INSERT INTO vj VALUES (1, 'a') => 1394
con1: DELETE FROM vj => 1395
con1: INSERT INTO vk VALUES (1, 80) => 1471,mysql-9.7:1348
con1: INSERT INTO vk (a) VALUES (81)  => mysql-9.7:1471
con1: UPDATE vk SET one = 2 => 1348
con1: DELETE FROM vk WHERE one = 1 AND a = 81
con1: INSERT INTO vs VALUES (70, 's')
con1: UPDATE vs SET b = 's'
con1: DELETE FROM vs
con1: INSERT INTO vc VALUES (-1, 'c') => 1369
con1: INSERT INTO vc2 VALUES (-1, 'c') => 1369
con1: INSERT INTO vcc VALUES (-1, 'c') => 1369
con1: INSERT INTO vcc VALUES (60, 'c') => 1369
con1: INSERT INTO vcc VALUES (45, 'c')
con1: INSERT IGNORE INTO vcc VALUES (46, 'c'), (70, 'd'), (47, 'e')
con1: UPDATE IGNORE vcc SET a = a + 20
con1: UPDATE vcc SET a = a + 20 => 1369
con1: UPDATE vc SET a = a + 100 WHERE a = 45

[case vr_procedure_out_params]
rule = seed002.call_unrolling.out_params
seed = 002
description = CALL with OUT/INOUT parameters: NAME_CONST for the parameters inside, nothing logged for the assignment back to @x, User_var events in later statements that read it
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE PROCEDURE p1(IN x INT, OUT y INT) BEGIN INSERT INTO t VALUES (x, x); SET y = x * 10; END
setup: CREATE PROCEDURE p2(INOUT z INT) BEGIN INSERT INTO t VALUES (z, 0); SET z = z + 1; INSERT INTO n VALUES (z, z); END
setup: CREATE PROCEDURE p3(OUT w VARCHAR(10)) SET w = 'hello'
setup: CREATE PROCEDURE p5(OUT y INT) BEGIN INSERT INTO t VALUES (50, y); SET y = 5; UPDATE t SET b = y WHERE a = 50; END
setup: CREATE PROCEDURE p6(IN x INT, INOUT s INT) BEGIN IF x > 0 THEN INSERT INTO n VALUES (x + 100, s); SET s = s + x; ELSE SET s = -1; END IF; END
con1: CALL p1(1, @a)
con1: INSERT INTO t VALUES (2, @a)
con1: SET @b = 3
con1: CALL p2(@b)
con1: INSERT INTO n VALUES (10, @b)
con1: CALL p3(@s)
con1: INSERT INTO n VALUES (11, LENGTH(@s))
con1: CALL p1(4, @b)
con1: CALL p5(@q)
con1: CALL p1(6, 7) => 1414
con1: CALL p2(8) => 1414
con1: BEGIN
con1: CALL p2(@b)  => mysql-9.7-gtid-on:1785
con1: SELECT @b
con1: COMMIT
con1: SET @sum = 0
con1: CALL p6(5, @sum)
con1: CALL p6(0, @sum)
con1: INSERT INTO t VALUES (60, @sum)
con1: CALL p2(@nope) => ER_BAD_NULL_ERROR

[case vr_before_triggers_set_new]
rule = seed002.triggers.before_set_new
seed = 002
description = BEFORE INSERT/UPDATE triggers assigning NEW columns (SET, IF ... END IF); CREATE TRIGGER logged with the DEFINER clause in the server's quoting; AFTER UPDATE triggers fire for unchanged rows
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT, c VARCHAR(20)) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE lg (id INT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(40)) ENGINE=MyISAM
setup: CREATE TABLE t2 (a INT PRIMARY KEY, b INT NOT NULL, d DECIMAL(5,2)) ENGINE=InnoDB
con1: CREATE TRIGGER tbi BEFORE INSERT ON t FOR EACH ROW SET NEW.b = NEW.b + 1
con1: CREATE DEFINER=root@localhost TRIGGER tbu BEFORE UPDATE ON t FOR EACH ROW BEGIN SET NEW.c = CONCAT(OLD.c, '+'); IF NEW.b > 100 THEN SET NEW.b = 100; END IF; END
con1: CREATE DEFINER=`root`@`127.0.0.1` TRIGGER nbi BEFORE INSERT ON n FOR EACH ROW BEGIN DECLARE x INT DEFAULT 2; SET NEW.b = NEW.a * x, NEW.a = NEW.a + 1000; END
con1: CREATE TRIGGER bad1 AFTER INSERT ON t FOR EACH ROW SET NEW.b = 1 => 1362
con1: CREATE TRIGGER bad2 BEFORE DELETE ON t FOR EACH ROW SET NEW.b = 1 => 1363
con1: CREATE TRIGGER bad3 BEFORE UPDATE ON t FOR EACH ROW SET OLD.b = 1 => 1362
con1: CREATE TRIGGER tau AFTER UPDATE ON t FOR EACH ROW INSERT INTO lg (v) VALUES (CONCAT(OLD.a, ':', NEW.b))
con1: CREATE DEFINER=CURRENT_USER TRIGGER t2bi BEFORE INSERT ON t2 FOR EACH ROW BEGIN IF NEW.b IS NULL THEN SET NEW.b = -1; ELSEIF NEW.b > 10 THEN SET NEW.b = 10; ELSE SET NEW.d = NEW.b / 3; END IF; END
con1: CREATE DEFINER=root@localhost TRIGGER t2bu BEFORE UPDATE ON t2 FOR EACH ROW SET NEW.d = 'abc'
con1: INSERT INTO t VALUES (1, 1, 'a'), (2, 2, 'b')
con1: INSERT INTO t (a, c) VALUES (3, 'c')
con1: UPDATE t SET b = 500 WHERE a = 1  => mysql-9.7-gtid-on:1785
con1: UPDATE t SET b = b WHERE a = 2  => mysql-9.7-gtid-on:1785
con1: INSERT INTO n VALUES (1, 0), (2, 0)
con1: BEGIN
con1: INSERT INTO t VALUES (4, 4, 'd')
con1: INSERT INTO n VALUES (3, 0)  => mysql-9.7-gtid-on:1785
con1: COMMIT
con1: INSERT INTO t2 VALUES (1, NULL, NULL), (2, 50, NULL), (3, 2, NULL)
con1: INSERT INTO t2 (a, b) VALUES (4, 7)
con1: UPDATE t2 SET b = b + 1 WHERE a = 1 => 1366

[case vr_trigger_impossible_where]
rule = seed002.unsafe.triggers.impossible_where
seed = 002
description = a trigger's UPDATE/DELETE whose WHERE the optimizer proves empty (WHERE 1 = 0; on MariaDB 11.8 also any WHERE over an empty MyISAM table) ends alone: the INSERT that fired it is still logged (fuzz seed 118301 against 11.8)
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_int INT) ENGINE=MyISAM
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES ('a', 1)
setup: CREATE TRIGGER trg_t2 AFTER INSERT ON t2 FOR EACH ROW UPDATE t1 SET c_int = c_int + 1 WHERE 1 = 0
con1: INSERT INTO t2 (c_int, id) VALUES (1, 7)
con1: DELETE FROM t1
con1: CREATE TRIGGER trg_t2b BEFORE INSERT ON t2 FOR EACH ROW DELETE FROM t1 WHERE id = NEW.id
con1: INSERT INTO t2 (c_int, id) VALUES (2, 8)
