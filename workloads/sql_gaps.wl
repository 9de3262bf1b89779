# Derived tables, RIGHT/LEFT JOIN in multi-table UPDATE/DELETE, transaction control
# inside stored procedures (docs/RULES-mariadb-10.11.md 5.8).

[case gaps_derived_tables]
rule = seed002.unsafe.limit
seed = 002
description = FROM (SELECT ...) AS d in SELECT, INSERT ... SELECT and as a multi-table UPDATE/DELETE source; a LIMIT anywhere (derived table, subquery) makes the statement unsafe unless it is LIMIT 0; a derived table is not updatable (1288), an alias-less one is a syntax error
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1,1),(2,2),(3,3)
setup: INSERT INTO n VALUES (2,20),(4,40)
con1: SELECT d.c, n.b FROM (SELECT a, b*2 AS c FROM t) d JOIN n ON d.a = n.a
con1: INSERT INTO n SELECT a+10, c FROM (SELECT a, b*2 AS c FROM t) AS d
con1: INSERT INTO t SELECT a+10, c FROM (SELECT a, b*3 AS c FROM n) AS d
con1: UPDATE t, (SELECT a, b FROM n) AS d SET t.b = d.b WHERE t.a = d.a
con1: DELETE t FROM t, (SELECT a FROM n WHERE b > 30) AS d WHERE t.a = d.a
con1: UPDATE t JOIN (SELECT a, MAX(b) AS m FROM n GROUP BY a) d ON t.a = d.a SET t.b = d.m + 1
con1: INSERT INTO n SELECT d.a + 50, e.a FROM (SELECT a FROM t) AS d, (SELECT a FROM n) AS e WHERE d.a = e.a
con1: INSERT INTO n SELECT a+100, a FROM (SELECT a FROM t LIMIT 2) AS d
con1: INSERT INTO n SELECT a+200, b FROM (SELECT a, b FROM t LIMIT 0) d
con1: INSERT INTO n SELECT a+300, b FROM t WHERE a = (SELECT a FROM t LIMIT 1)
con1: INSERT INTO n SELECT a+400, b FROM t LIMIT 1
con1: SELECT * FROM (SELECT a FROM t) => 1064,mysql-9.7:1248
con1: UPDATE (SELECT a FROM t) AS d SET a = 1 => 1288
con1: UPDATE t, (SELECT a FROM n) AS d SET d.a = 1 WHERE t.a = d.a => 1288
con1: DELETE d FROM t, (SELECT a FROM n) AS d WHERE t.a = d.a => 1288

[case gaps_right_left_join_writes]
rule = seed002.unsafe.autoinc_select
seed = 002
description = t1 RIGHT JOIN t2 ON c runs as t2 LEFT JOIN t1 ON c (t2's scan order, columns in written order) in INSERT ... SELECT; LEFT and RIGHT JOIN as the table list of multi-table UPDATE and DELETE
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE r (k INT AUTO_INCREMENT PRIMARY KEY, x INT, y INT) ENGINE=InnoDB
setup: CREATE TABLE r4 (k INT AUTO_INCREMENT PRIMARY KEY, a1 INT, b1 INT, a2 INT, b2 INT) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1,1),(2,2),(3,3),(5,5)
setup: INSERT INTO n VALUES (2,20),(4,40),(5,50),(6,60)
con1: INSERT INTO r (x, y) SELECT t.a, n.a FROM t RIGHT JOIN n ON t.a = n.a
con1: INSERT INTO r4 (a1, b1, a2, b2) SELECT * FROM t RIGHT OUTER JOIN n ON t.a = n.a
con1: INSERT INTO r (x, y) SELECT n.b, t.b FROM n RIGHT JOIN t ON t.a = n.a
con1: INSERT INTO r (x, y) SELECT n.b, t.b FROM n LEFT JOIN t ON t.a = n.a
con1: UPDATE t LEFT JOIN n ON t.a = n.a SET t.b = COALESCE(n.b, -1)
con1: UPDATE t RIGHT JOIN n ON t.a = n.a SET n.b = COALESCE(t.b, -2)
con1: UPDATE t LEFT JOIN n ON t.a = n.a SET t.b = t.b + 1 WHERE n.b > 0
con1: DELETE t FROM t LEFT JOIN n ON t.a = n.a WHERE n.a IS NULL
con1: DELETE n FROM t RIGHT JOIN n ON t.a = n.a WHERE t.a IS NULL
con1: DELETE t, n FROM t LEFT JOIN n ON t.a = n.a WHERE t.a = 5  => mysql-9.7-gtid-on:1785
con1: DELETE FROM t USING t LEFT JOIN n ON t.a = n.a WHERE n.b IS NULL

[case gaps_sp_transaction_control]
rule = seed002.sp.transaction_control
seed = 002
description = START TRANSACTION / COMMIT / ROLLBACK / SAVEPOINT inside a CALL: trans_begin reads the start time with microseconds, so every Query event the CALL writes after it carries Q_HRNOW (the COMMIT of a MyISAM group too); COMMIT resets the CALL's non-transactional mark; BEGIN WORK in a body and transaction control in a function or trigger are refused
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE PROCEDURE p1(x INT) BEGIN START TRANSACTION; INSERT INTO t VALUES (x, x); INSERT INTO n VALUES (x, x); COMMIT; END
setup: CREATE PROCEDURE p2(x INT) BEGIN START TRANSACTION; INSERT INTO t VALUES (x, x); SAVEPOINT s1; INSERT INTO t VALUES (x+1, x); ROLLBACK TO SAVEPOINT s1; COMMIT; END
setup: CREATE PROCEDURE p3(x INT) BEGIN START TRANSACTION; INSERT INTO t VALUES (x, x); ROLLBACK; INSERT INTO t VALUES (x+1, x); END
setup: CREATE PROCEDURE p4(x INT) BEGIN START TRANSACTION; INSERT INTO n VALUES (x, x); COMMIT; END
setup: CREATE PROCEDURE p5(x INT) BEGIN INSERT INTO t VALUES (x, x); INSERT INTO n VALUES (x, x); END
setup: CREATE PROCEDURE p7(x INT) BEGIN INSERT INTO t VALUES (x, x); INSERT INTO n VALUES (x, x); START TRANSACTION; INSERT INTO t VALUES (x+1, x); INSERT INTO n VALUES (x+1, x); COMMIT; INSERT INTO t VALUES (x+2, x); END
setup: CREATE PROCEDURE p8(x INT) BEGIN BEGIN INSERT INTO t VALUES (x, x); END; START TRANSACTION READ WRITE; INSERT INTO t VALUES (x+1, x); ROLLBACK; END
con1: CALL p1(1)  => mysql-9.7-gtid-on:1785
con1: CALL p2(10)
con1: CALL p3(20)
con1: CALL p4(30)
con1: CALL p5(40)
con1: BEGIN
con1: CALL p1(50)  => mysql-9.7-gtid-on:1785
con1: CALL p5(60)  => mysql-9.7-gtid-on:1785
con1: COMMIT
con1: CALL p7(70)  => mysql-9.7-gtid-on:1785
con1: CALL p8(80)
con1: CREATE PROCEDURE p6() BEGIN BEGIN WORK; COMMIT; END => 1064
con1: CREATE FUNCTION f9(x INT) RETURNS INT BEGIN START TRANSACTION; RETURN 1; END => 1422
con1: CREATE TRIGGER tr9 BEFORE INSERT ON t FOR EACH ROW COMMIT => 1422
con1: SET autocommit = 0
con1: CALL p5(90)  => mysql-9.7-gtid-on:1785
con1: CALL p4(95)
con1: COMMIT
con1: SET autocommit = 1
