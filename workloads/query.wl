# Query features (issue 24, part B): table-less SELECT with WHERE/HAVING/aggregates/LIMIT,
# CTEs, window functions, SQL PREPARE, accounts, events, builtins.
# docs/RULES-mariadb-10.11.md, "Query features".

[case query_dual_where_false_selects_nothing]
rule = QUERY.dual_where
seed = query
description = SELECT ... FROM DUAL WHERE 1=0 returns no row; INSERT ... SELECT of it inserts and logs nothing row-wise
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
con1: SELECT 5 FROM DUAL WHERE 1=0
con1: SELECT 5 WHERE 1=1
con1: SELECT COUNT(*), MAX(1) FROM DUAL WHERE 1=0
con1: SELECT 5 FROM DUAL HAVING 1=0
con1: SELECT 5 FROM DUAL LIMIT 0
con1: INSERT INTO t SELECT 1, 2 FROM DUAL WHERE 1=0
con1: INSERT INTO t SELECT 1, 2 FROM DUAL WHERE 1=1
con1: INSERT INTO t SELECT 2, COUNT(*) FROM DUAL WHERE 1=0
con1: SELECT * FROM t ORDER BY a

[case query_dual_where_not_exists_idiom]
rule = QUERY.dual_where
seed = query
description = INSERT ... SELECT ... FROM DUAL WHERE NOT EXISTS inserts once, the second time nothing (no 1062)
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10)) ENGINE=InnoDB
setup: CREATE TABLE m (a INT PRIMARY KEY, b VARCHAR(10)) ENGINE=MyISAM
con1: INSERT INTO t (a, b) SELECT 1, 'x' FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM t WHERE a = 1)
con1: INSERT INTO t (a, b) SELECT 1, 'y' FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM t WHERE a = 1)
con1: INSERT INTO m (a, b) SELECT 1, 'x' FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM m WHERE a = 1)
con1: INSERT INTO m (a, b) SELECT 1, 'y' FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM m WHERE a = 1)
con1: BEGIN
con1: INSERT INTO t (a, b) SELECT 2, 'z' FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM t WHERE a = 2)
con1: INSERT INTO t (a, b) SELECT 2, 'w' FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM t WHERE a = 2)
con1: COMMIT
con1: SELECT (SELECT 7 FROM DUAL WHERE 1=0) IS NULL, EXISTS (SELECT 7 FROM DUAL WHERE 0)
con1: CREATE TABLE c SELECT 1 AS a FROM DUAL WHERE 1=0
con1: SELECT COUNT(*) FROM c
con1: SELECT * FROM t ORDER BY a

[case query_cte_in_select_and_dml]
rule = QUERY.cte
seed = query
description = WITH in SELECT, INSERT ... SELECT, a derived table of a multi-table UPDATE, and a DELETE's subquery: logged as the statement's text or its rows
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE u (a INT, r INT) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1,10),(2,20),(3,30),(4,40)
con1: WITH c AS (SELECT a, b FROM t WHERE a > 1) SELECT a, b FROM c ORDER BY a
con1: WITH c(x) AS (SELECT 1, 2) SELECT * FROM c  => 4002,mysql-9.7:1353
con1: WITH c AS (SELECT 1 AS x), d AS (SELECT x + 1 AS y FROM c) SELECT * FROM c, d
con1: INSERT INTO u WITH c AS (SELECT a, b FROM t WHERE a > 1) SELECT a, b FROM c
con1: INSERT INTO u (a, r) WITH c AS (SELECT a FROM t) SELECT a, a * 2 FROM c WHERE a < 3
con1: INSERT INTO u SELECT * FROM (WITH c AS (SELECT 9 AS a, 9 AS b) SELECT * FROM c) d
con1: UPDATE t, (WITH c AS (SELECT a FROM t WHERE a > 2) SELECT a FROM c) d SET t.b = t.b + 1 WHERE t.a = d.a
con1: DELETE FROM u WHERE a IN (WITH c AS (SELECT 2 AS a) SELECT a FROM c)
con1: UPDATE t SET b = (WITH c AS (SELECT MAX(a) AS m FROM u) SELECT m FROM c) WHERE a = 1
con1: WITH c AS (SELECT a FROM t) UPDATE t SET b = 0  => 1064,mysql-9.7:OK
con1: SELECT * FROM u ORDER BY a, r
con1: SELECT * FROM t ORDER BY a

[case query_cte_recursive]
rule = QUERY.cte
seed = query
description = WITH RECURSIVE: anchor then steps over the working table, UNION vs UNION ALL, max_recursive_iterations (Warning 1931), a longer string than the anchor's (1406), INSERT ... WITH RECURSIVE
setup: CREATE TABLE u (a INT, r INT) ENGINE=InnoDB
setup: CREATE TABLE m (a INT, s VARCHAR(20)) ENGINE=MyISAM
con1: WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 5) SELECT * FROM c
con1: WITH RECURSIVE c(n) AS (SELECT 1 UNION SELECT n MOD 3 + 1 FROM c) SELECT * FROM c
con1: WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 2000) SELECT COUNT(*) FROM c  => mysql-9.7:3636
con1: WITH RECURSIVE c(s) AS (SELECT 'a' UNION ALL SELECT CONCAT(s, 'a') FROM c WHERE LENGTH(s) < 5) SELECT * FROM c  => 1406
con1: WITH RECURSIVE c(s) AS (SELECT CAST('a' AS CHAR(10)) UNION ALL SELECT CONCAT(s, 'a') FROM c WHERE LENGTH(s) < 5) SELECT * FROM c
con1: INSERT INTO u WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 4) SELECT n, n * n FROM c
con1: INSERT INTO m WITH RECURSIVE c(n, s) AS (SELECT 1, CAST('x' AS CHAR(10)) UNION ALL SELECT n + 1, CONCAT(s, 'y') FROM c WHERE n < 3) SELECT n, s FROM c
con1: INSERT INTO u WITH RECURSIVE c(n) AS (SELECT 10 UNION ALL SELECT n + 1 FROM c WHERE n < 12) SELECT n, n FROM c LIMIT 2
con1: SELECT * FROM u ORDER BY a
con1: SELECT * FROM m ORDER BY a

[case query_window_functions_select]
rule = QUERY.window
seed = query
description = ROW_NUMBER, RANK, DENSE_RANK, LAG/LEAD, SUM/COUNT/AVG OVER with PARTITION BY, ORDER BY and frames; the order the rows come out in; 4015 in WHERE
setup: CREATE TABLE w (a INT PRIMARY KEY, g INT, v INT) ENGINE=InnoDB
setup: INSERT INTO w VALUES (1,1,5),(2,2,3),(3,1,7),(4,2,4),(5,1,1),(6,3,9)
con1: SELECT a, ROW_NUMBER() OVER (ORDER BY a DESC) AS rn FROM w
con1: SELECT a, g, SUM(v) OVER (PARTITION BY g) AS s FROM w
con1: SELECT a, g, RANK() OVER (ORDER BY g) AS r, DENSE_RANK() OVER (ORDER BY g) AS d, SUM(v) OVER (PARTITION BY g ORDER BY a) AS cs FROM w
con1: SELECT a, ROW_NUMBER() OVER (PARTITION BY g ORDER BY a) AS x, ROW_NUMBER() OVER (ORDER BY v DESC) AS y FROM w
con1: SELECT a, ROW_NUMBER() OVER (ORDER BY v DESC) AS y, ROW_NUMBER() OVER (ORDER BY a DESC) AS x FROM w
con1: SELECT a, COUNT(*) OVER (ORDER BY v) AS c, AVG(v) OVER (ORDER BY a ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS m, LAG(v) OVER (ORDER BY a) AS l, LEAD(v, 2) OVER (PARTITION BY g ORDER BY a) AS ld FROM w
con1: SELECT a, SUM(v) OVER (ORDER BY a ROWS UNBOUNDED PRECEDING) AS run, MAX(v) OVER (PARTITION BY g ORDER BY a ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) AS mx FROM w ORDER BY a
con1: SELECT g, COUNT(*) AS n, RANK() OVER (ORDER BY COUNT(*) DESC, g) AS r FROM w GROUP BY g
con1: SELECT a, FIRST_VALUE(v) OVER (PARTITION BY g ORDER BY a) AS f, LAST_VALUE(v) OVER (PARTITION BY g ORDER BY a ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS lv FROM w ORDER BY a
con1: SELECT a FROM w WHERE ROW_NUMBER() OVER (ORDER BY a) > 1  => 4015,mysql-9.7:3593
con1: SELECT a, ROW_NUMBER() OVER (ORDER BY a) AS rn FROM w ORDER BY rn DESC LIMIT 2

[case query_window_functions_in_dml]
rule = QUERY.window
seed = query
description = window functions in INSERT ... SELECT (the row order in ROW format), with LIMIT (unsafe: Note 1592 / row-based in MIXED), in CREATE ... SELECT, in a DELETE's and an UPDATE's subquery
setup: CREATE TABLE w (a INT PRIMARY KEY, g INT, v INT) ENGINE=InnoDB
setup: INSERT INTO w VALUES (1,1,5),(2,2,3),(3,1,7),(4,2,4),(5,1,1),(6,3,9)
setup: CREATE TABLE u (a INT, r BIGINT, s DECIMAL(20,2)) ENGINE=InnoDB
setup: CREATE TABLE m (a INT, r BIGINT) ENGINE=MyISAM
con1: INSERT INTO u (a, r) SELECT a, ROW_NUMBER() OVER (ORDER BY a DESC) FROM w
con1: INSERT INTO u SELECT a, RANK() OVER (PARTITION BY g ORDER BY v), SUM(v) OVER (PARTITION BY g ORDER BY a) FROM w
con1: INSERT INTO m SELECT a, DENSE_RANK() OVER (ORDER BY v) FROM w
con1: INSERT INTO m SELECT a, ROW_NUMBER() OVER (ORDER BY v DESC) FROM w LIMIT 2
con1: INSERT INTO u (a, r) WITH c AS (SELECT a, v FROM w) SELECT a, LAG(v) OVER (ORDER BY a) FROM c
con1: CREATE TABLE c1 SELECT a, ROW_NUMBER() OVER (PARTITION BY g ORDER BY a) AS rn FROM w
con1: DELETE FROM u WHERE a IN (SELECT a FROM (SELECT a, ROW_NUMBER() OVER (ORDER BY a) AS rn FROM w) d WHERE rn <= 2)
con1: UPDATE w SET v = v + 1 WHERE a IN (SELECT a FROM (SELECT a, RANK() OVER (ORDER BY v DESC) AS r FROM w) d WHERE r = 1)
con1: SELECT * FROM u ORDER BY a, r
con1: SELECT * FROM m ORDER BY a, r
con1: SELECT * FROM c1 ORDER BY a

[case query_window_create_select_columns]
rule = QUERY.window
seed = query
description = CREATE ... SELECT with window functions: the temporary table makes every other column nullable (a NOT NULL column without DEFAULT prints none)
setup: CREATE TABLE wn (a INT NOT NULL DEFAULT 3, b INT, c VARCHAR(5) NOT NULL, PRIMARY KEY (a)) ENGINE=InnoDB
setup: INSERT INTO wn VALUES (1,2,'x'),(2,NULL,'y')
con1: CREATE TABLE c2 SELECT a, b, c, a + 1 AS x, ROW_NUMBER() OVER (ORDER BY a) AS rn FROM wn
con1: SHOW CREATE TABLE c2
con1: INSERT INTO c2 (rn) VALUES (9)  => 1364
con1: INSERT INTO c2 (c, rn) VALUES ('z', 9)
con1: SELECT * FROM c2 ORDER BY rn

[case query_sql_prepare_execute]
servers = mariadb  # EXECUTE ... USING with literals and expressions is MariaDB's (MySQL 9.7 takes user variables only: 1064)
rule = QUERY.sql_prepare
seed = query
description = SQL PREPARE / EXECUTE USING / DEALLOCATE: logged with the values substituted (Query and Annotate_rows), 1243, 1210, 1295, prepared from a user variable
setup: CREATE TABLE p (a INT, s VARCHAR(20), d DECIMAL(5,2), f DOUBLE, t DATETIME) ENGINE=InnoDB
setup: CREATE TABLE pm (a INT PRIMARY KEY, s VARCHAR(20)) ENGINE=MyISAM
con1: SET @a = 1, @s = 'it''s', @d = 1.5, @f = 1e0/3, @n = NULL, @dt = CAST('2020-01-02' AS DATE)
con1: PREPARE st FROM 'INSERT INTO p VALUES (?, ?, ?, ?, ?)'
con1: EXECUTE st USING @a, @s, @d, @f, @n
con1: EXECUTE st USING @a, 'x\ny', 2.25, -1e300, @dt
con1: EXECUTE st
  => 1210
con1: EXECUTE st USING 1, 2, 3, 4, 5, 6
  => 1210
con1: SET @q = 'INSERT INTO pm (a, s) VALUES (?, ?)'
con1: PREPARE st2 FROM @q
con1: EXECUTE st2 USING 5, 'five'
con1: EXECUTE st2 USING @a + 1, CONCAT('a', 'b')
con1: EXECUTE st2 USING 5, 'again'
  => 1062
con1: DEALLOCATE PREPARE st2
con1: EXECUTE st2 USING 1, 'x'
  => 1243
con1: DROP PREPARE st2
  => 1243
con1: PREPARE st3 FROM 'SELECT ?, a FROM pm WHERE a > ? ORDER BY a'
con1: EXECUTE st3 USING @s, 1
con1: PREPARE st4 FROM 'PREPARE x FROM ''SELECT 1'''
  => 1295
con1: PREPARE st5 FROM 'UPDATE p SET a = ? WHERE a = ?'
con1: SET @x = NULL
con1: EXECUTE st5 USING @x, 1
con1: EXECUTE st5 USING @undefined_variable, 7
con1: PREPARE st6 FROM 'INSERT INTO p (a) SELECT a FROM pm LIMIT ?'
con1: EXECUTE st6 USING 1
con1: BEGIN
con1: PREPARE st7 FROM 'DELETE FROM p WHERE s = ?'
con1: EXECUTE st7 USING 'it''s'
con1: COMMIT
con1: PREPARE st8 FROM 'SELECT * FROM pm WHERE'
  => 1064
con1: EXECUTE st8
  => 1243
con1: SELECT * FROM p ORDER BY a, s

[case query_sql_prepare_execute_mysql]
servers = mysql  # the MySQL spelling of query_sql_prepare_execute: EXECUTE ... USING takes user variables only
rule = QUERY.sql_prepare
seed = query
description = SQL PREPARE / EXECUTE USING @vars / DEALLOCATE on MySQL: logged with the values substituted, 1243, 1210, 1295, prepared from a user variable, a NULL and an undefined variable
setup: CREATE TABLE p (a INT, s VARCHAR(20), d DECIMAL(5,2), f DOUBLE, t DATETIME) ENGINE=InnoDB
setup: CREATE TABLE pm (a INT PRIMARY KEY, s VARCHAR(20)) ENGINE=MyISAM
con1: SET @a = 1, @s = 'it''s', @d = 1.5, @f = 1e0/3, @n = NULL, @dt = CAST('2020-01-02' AS DATE)
con1: PREPARE st FROM 'INSERT INTO p VALUES (?, ?, ?, ?, ?)'
con1: EXECUTE st USING @a, @s, @d, @f, @n
con1: SET @s2 = 'x\ny', @d2 = 2.25, @f2 = -1e300
con1: EXECUTE st USING @a, @s2, @d2, @f2, @dt
con1: EXECUTE st  => 1210
con1: SET @q = 'INSERT INTO pm (a, s) VALUES (?, ?)'
con1: PREPARE st2 FROM @q
con1: SET @k = 5, @v = 'five'
con1: EXECUTE st2 USING @k, @v
con1: EXECUTE st2 USING @k, @v  => ER_DUP_ENTRY
con1: DEALLOCATE PREPARE st2
con1: EXECUTE st2 USING @k, @v  => 1243
con1: DROP PREPARE st2  => 1243
con1: PREPARE st3 FROM 'SELECT ?, a FROM pm WHERE a > ? ORDER BY a'
con1: EXECUTE st3 USING @s, @a
con1: PREPARE st4 FROM 'PREPARE x FROM ''SELECT 1'''  => 1295
con1: PREPARE st5 FROM 'UPDATE p SET a = ? WHERE a = ?'
con1: SET @x = NULL
con1: EXECUTE st5 USING @x, @a
con1: SET @seven = 7
con1: EXECUTE st5 USING @undefined_variable, @seven
con1: PREPARE st6 FROM 'INSERT INTO p (a) SELECT a FROM pm LIMIT ?'
con1: EXECUTE st6 USING @a
con1: BEGIN
con1: PREPARE st7 FROM 'DELETE FROM p WHERE s = ?'
con1: EXECUTE st7 USING @s
con1: COMMIT
con1: PREPARE st8 FROM 'SELECT * FROM pm WHERE'  => ER_PARSE_ERROR
con1: EXECUTE st8  => 1243
con1: SELECT * FROM p ORDER BY a, s

[case query_accounts_mysql]
servers = mysql  # the MySQL spelling of query_accounts_logged_as_statements; no password is set, because 9.7 logs caching_sha2_password's salted hash, which no two servers share
rule = QUERY.accounts
seed = query
description = CREATE/ALTER/DROP/RENAME USER, roles, GRANT/REVOKE on MySQL: statements in every format, rewritten by the server (IDENTIFIED WITH the default plugin), the IF [NOT] EXISTS notes, 1396, an implicit commit
setup: CREATE TABLE t (a INT) ENGINE=InnoDB
con1: CREATE USER u1@localhost
con1: CREATE USER IF NOT EXISTS u1@localhost
con1: CREATE USER u1@localhost  => 1396
con1: CREATE USER 'u2'@'%' WITH MAX_QUERIES_PER_HOUR 10
con1: ALTER USER u1@localhost ACCOUNT LOCK
con1: ALTER USER IF EXISTS nosuch@localhost ACCOUNT LOCK
con1: ALTER USER nosuch@localhost ACCOUNT LOCK  => 1396
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: GRANT SELECT, INSERT ON test.* TO u1@localhost
con1: ROLLBACK
con1: GRANT SELECT ON test.t TO u1@localhost
con1: GRANT SELECT ON test.nosuch TO u1@localhost  => 1146
con1: REVOKE INSERT ON test.* FROM u1@localhost
con1: CREATE ROLE r1
con1: CREATE ROLE IF NOT EXISTS r1
con1: CREATE ROLE r1  => 1396
con1: GRANT r1 TO u1@localhost
con1: REVOKE r1 FROM u1@localhost
con1: DROP ROLE r1
con1: DROP ROLE IF EXISTS r1
con1: DROP ROLE r1  => 1396
con1: RENAME USER u1@localhost TO u9@localhost
con1: RENAME USER u1@localhost TO u8@localhost  => 1396
con1: DROP USER u9@localhost, 'u2'@'%'
con1: DROP USER IF EXISTS u9@localhost
con1: DROP USER nosuch@localhost  => 1396
con1: SELECT * FROM t

[case query_accounts_logged_as_statements]
servers = mariadb  # MariaDB's account syntax: IDENTIFIED BY PASSWORD '*hash', CREATE OR REPLACE USER, SET PASSWORD = PASSWORD() (MySQL 9.7: 1064)
rule = QUERY.accounts
seed = query
description = CREATE/ALTER/DROP/RENAME USER, roles, GRANT/REVOKE, SET PASSWORD: statements in every format, passwords as written (SET PASSWORD rewritten to the hash), the IF [NOT] EXISTS notes, 1396/1133, an implicit commit
setup: CREATE TABLE t (a INT) ENGINE=InnoDB
con1: CREATE USER u1@localhost IDENTIFIED BY 'secret'
con1: CREATE USER IF NOT EXISTS u1@localhost IDENTIFIED BY 'secret'
con1: CREATE USER u1@localhost
  => 1396
con1: CREATE USER 'u2'@'%' IDENTIFIED BY PASSWORD '*14E65567ABDB5135D0CFD9A70B3032C179A49EE7'
con1: CREATE OR REPLACE USER u3 IDENTIFIED BY 'x' WITH MAX_QUERIES_PER_HOUR 10
con1: ALTER USER u1@localhost IDENTIFIED BY 'new'
con1: ALTER USER IF EXISTS nosuch@localhost IDENTIFIED BY 'new'
con1: ALTER USER nosuch@localhost IDENTIFIED BY 'new'
  => 1396
con1: SET PASSWORD FOR u1@localhost = PASSWORD('p2')
con1: SET PASSWORD FOR u1@localhost = '*14E65567ABDB5135D0CFD9A70B3032C179A49EE7'
con1: SET PASSWORD FOR nosuch@localhost = PASSWORD('p2')
  => 1133
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: GRANT SELECT, INSERT ON test.* TO u1@localhost
con1: ROLLBACK
con1: GRANT ALL ON *.* TO u2@'%' WITH GRANT OPTION
con1: GRANT SELECT ON test.t TO u1@localhost
con1: GRANT SELECT ON test.nosuch TO u1@localhost
  => 1146
con1: GRANT SELECT ON test.* TO nouser@localhost
  => 1133
con1: REVOKE INSERT ON test.* FROM u1@localhost
con1: REVOKE ALL PRIVILEGES, GRANT OPTION FROM u2@'%'
con1: CREATE ROLE r1
con1: CREATE ROLE IF NOT EXISTS r1
con1: CREATE ROLE r1
  => 1396
con1: GRANT r1 TO u1@localhost
con1: GRANT nosuchrole TO u1@localhost
  => 1959
con1: REVOKE r1 FROM u1@localhost
con1: DROP ROLE r1
con1: DROP ROLE IF EXISTS r1
con1: DROP ROLE r1
  => 1396
con1: RENAME USER u1@localhost TO u9@localhost
con1: RENAME USER u1@localhost TO u8@localhost
  => 1396
con1: DROP USER u9@localhost, u2@'%'
con1: DROP USER IF EXISTS u9@localhost
con1: DROP USER nosuch@localhost
  => 1396
con1: CREATE USER u4@localhost IDENTIFIED BY 'a', u4@localhost IDENTIFIED BY 'b'
  => 1396
con1: DROP USER u4@localhost, u3, nosuch@localhost
  => 1396
con1: SELECT * FROM t

[case query_events_ddl]
rule = QUERY.events
seed = query
description = CREATE/ALTER/DROP EVENT: CREATE logged with its DEFINER (and Q_TIME_ZONE_CODE, Q_INVOKER, Q_HRNOW), ALTER with Q_INVOKER, 1537/1539, the IF [NOT] EXISTS notes; MariaDB's event_scheduler is OFF (Warning 1105, events never run), MySQL 9.7's ON: e1 (EVERY without STARTS) is due at its CREATE and runs once from the scheduler's worker thread, which the DO SLEEP waits for (its group comes right after the CREATE's, not at a moment the race decides)
setup: CREATE TABLE te (a INT) ENGINE=InnoDB
con1: CREATE EVENT e1 ON SCHEDULE EVERY 1 HOUR DO INSERT INTO te VALUES (1)
con1: DO SLEEP(1)
con1: CREATE EVENT IF NOT EXISTS e1 ON SCHEDULE EVERY 1 HOUR DO INSERT INTO te VALUES (1)
con1: CREATE EVENT e1 ON SCHEDULE EVERY 1 HOUR DO INSERT INTO te VALUES (1)
  => 1537
con1: CREATE DEFINER=root@localhost EVENT e2 ON SCHEDULE AT '2030-01-01 00:00:00' ON COMPLETION PRESERVE DISABLE COMMENT 'c' DO INSERT INTO te VALUES (2)
con1: CREATE OR REPLACE EVENT e2 ON SCHEDULE EVERY 2 DAY STARTS '2030-01-01' DO DELETE FROM te  => mysql-9.7:1064
con1: BEGIN
con1: INSERT INTO te VALUES (5)
con1: ALTER EVENT e1 DISABLE
con1: ROLLBACK
con1: ALTER EVENT e1 RENAME TO e3
con1: ALTER EVENT e3 RENAME TO e2
  => 1537
con1: ALTER EVENT nosuch ENABLE
  => 1539
con1: DROP EVENT e3
con1: DROP EVENT IF EXISTS e3
con1: DROP EVENT e3
  => 1539
con1: CREATE EVENT test.e4 ON SCHEDULE EVERY 1 MINUTE DO SELECT 1
con1: DROP EVENT e4
con1: CREATE EVENT nosuchdb.e5 ON SCHEDULE EVERY 1 MINUTE DO SELECT 1
  => 1049
con1: SELECT * FROM te

[case query_builtins_in_dml]
rule = QUERY.builtins
seed = query
description = SHA2/SHA1/MD5/CRC32/PASSWORD, AES_ENCRYPT/AES_DECRYPT, TO_BASE64, INET_*/INET6_*, CONVERT_TZ (named zones NULL: no time zone tables) in DML; RANDOM_BYTES and UUID unsafe (Note 1592 in STATEMENT, rows in MIXED)
setup: CREATE TABLE fx (id INT AUTO_INCREMENT PRIMARY KEY, a VARCHAR(200), b VARBINARY(100), n BIGINT UNSIGNED, d DATETIME) ENGINE=InnoDB
con1: INSERT INTO fx (a, n) VALUES (SHA2('abc', 256), CRC32('abc'))
con1: INSERT INTO fx (a) VALUES (SHA2('abc', 1))
con1: INSERT INTO fx (a) SELECT SHA2('abc', n) FROM fx WHERE n IS NOT NULL
  => 1583,mysql-9.7:OK
con1: INSERT INTO fx (a, b) SELECT SHA1('abc'), UNHEX(MD5('abc'))  => mysql-9.7:1305
con1: INSERT INTO fx (a) VALUES (PASSWORD('x'))  => mysql-9.7:1064
con1: INSERT INTO fx (b) VALUES (AES_ENCRYPT('text', 'key'))
con1: UPDATE fx SET a = AES_DECRYPT(b, 'key') WHERE b IS NOT NULL AND a IS NULL
con1: INSERT INTO fx (a, n) VALUES (INET_NTOA(INET_ATON('10.0.0.1')), INET_ATON('1.2.3'))
con1: INSERT INTO fx (a, b) VALUES (INET6_NTOA(INET6_ATON('2001:db8::ff00:42:8329')), INET6_ATON('::1'))
con1: INSERT INTO fx (a, n) VALUES (TO_BASE64('abc'), IS_IPV4('1.2.3.4') + IS_IPV6('::1'))
con1: INSERT INTO fx (d) VALUES (CONVERT_TZ('2020-01-01 00:00:00', '+00:00', '+05:30'))
con1: INSERT INTO fx (d) VALUES (CONVERT_TZ('2020-01-01 00:00:00', 'UTC', 'Europe/Paris'))
con1: INSERT INTO fx (n) VALUES (LENGTH(RANDOM_BYTES(4)))
con1: INSERT INTO fx (n) VALUES (LENGTH(UUID()))
con1: SELECT id, a, HEX(b), n, d FROM fx ORDER BY id
con1: SELECT SHA2('abc', 1), SHA2('abc', 384), AES_DECRYPT('garbage', 'key'), INET_NTOA(-1), INET6_ATON('zz'), FROM_BASE64('YWJj')

[case query_accounts_revoke_without_a_grant]
rule = QUERY.accounts
seed = query
description = REVOKE where the account has no database/table grant row: 1141/1147 and nothing logged; a row without privileges left is gone; GRANT on a table clears the previous warnings, on a database keeps them
setup: CREATE TABLE gt (a INT) ENGINE=MyISAM
con1: CREATE USER g1@localhost
con1: REVOKE SELECT ON test.* FROM g1@localhost
  => 1141
con1: GRANT SELECT ON test.* TO g1@localhost
con1: REVOKE INSERT ON test.* FROM g1@localhost  => mysql-9.7:1141
con1: REVOKE SELECT ON test.* FROM g1@localhost
con1: REVOKE SELECT ON test.* FROM g1@localhost
  => 1141
con1: REVOKE SELECT ON test.gt FROM g1@localhost
  => 1147
con1: GRANT SELECT, INSERT ON test.gt TO g1@localhost
con1: REVOKE INSERT ON test.gt FROM g1@localhost
con1: REVOKE SELECT ON test.gt FROM g1@localhost
con1: REVOKE SELECT ON test.gt FROM g1@localhost
  => 1147
con1: REVOKE SELECT ON *.* FROM g1@localhost
con1: INSERT INTO gt SELECT 1 FROM gt LIMIT 1
con1: GRANT SELECT ON test.* TO g1@localhost
con1: INSERT INTO gt SELECT 1 FROM gt LIMIT 1
con1: GRANT SELECT ON test.gt TO g1@localhost
con1: RENAME USER g1@localhost TO g2@localhost
con1: REVOKE SELECT ON test.gt FROM g2@localhost
con1: DROP USER g2@localhost

[case query_cte_recursive_anchor_placement]
rule = QUERY.cte
seed = query
description = a recursive CTE's anchor may come after its recursive member; none at all is 4005
con1: WITH RECURSIVE c(n) AS (SELECT n + 1 FROM c WHERE n < 5 UNION ALL SELECT 1) SELECT * FROM c  => mysql-9.7:3574
con1: WITH RECURSIVE c(n) AS (SELECT n + 1 FROM c WHERE n < 3) SELECT * FROM c
  => 4005,mysql-9.7:3573
con1: WITH RECURSIVE c(n) AS (SELECT 1 UNION SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3) SELECT * FROM c
  => 1235,mysql-9.7:OK
con1: WITH RECURSIVE c(n) AS (SELECT 1 UNION SELECT 1 UNION SELECT n + 1 FROM c WHERE n < 3) SELECT * FROM c
