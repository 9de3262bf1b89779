# Exploratory workloads (h-explore2): what an engineer testing replication
# would plausibly write, each checked against MariaDB 10.11 in all three formats.

[case explore2_interleave_three_sessions]
rule = WL2687.mixing.temporary
seed = 000
description = three sessions interleave T- and N-statements, temporary tables (InnoDB and MyISAM) in two of them, a SAVEPOINT rolled back, a MyISAM CREATE TEMPORARY ... SELECT inside a transaction (its own stmt-cache group)
setup: CREATE TABLE ti (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE ti2 (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE tm (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO ti VALUES (1,1)
con2: INSERT INTO tm VALUES (1,1)
con1: INSERT INTO tm SELECT a+5, b FROM ti
con2: CREATE TEMPORARY TABLE tt (a INT) ENGINE=InnoDB
con2: INSERT INTO tt VALUES (5)
con1: CREATE TEMPORARY TABLE tt (a INT) ENGINE=MyISAM
con1: INSERT INTO tt SELECT a FROM ti
con2: BEGIN
con2: INSERT INTO ti2 SELECT a+10, a FROM tt
con2: INSERT INTO tm SELECT a+10, a FROM tt
con1: SAVEPOINT s1
con1: INSERT INTO ti VALUES (2,2)
con1: INSERT INTO tm VALUES (2,2)
con1: INSERT INTO tt VALUES (2)
con1: ROLLBACK TO SAVEPOINT s1
con2: ROLLBACK
con1: COMMIT
con2: INSERT INTO ti2 SELECT a+20, a FROM tt
con3: BEGIN
con3: UPDATE tm SET b = b + 1
con3: CREATE TEMPORARY TABLE t3 ENGINE=MyISAM SELECT * FROM tm
con3: INSERT INTO ti2 SELECT a + 100, b FROM t3
con3: COMMIT
con1: DROP TEMPORARY TABLE tt
con2: DROP TEMPORARY TABLE tt
con3: DROP TEMPORARY TABLE t3

[case explore2_autocommit0_temporary]
rule = WL2687.mixing.autocommit
seed = 000
description = autocommit=0: CREATE TEMPORARY [... SELECT] as the first statement opens the transaction (ROLLBACK then writes it); a changed MyISAM temporary table makes ROLLBACK warn 1196; temporary tables dropped at disconnect newest first
con1.autocommit = 0
setup: CREATE TABLE ti (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE tm (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
con1: CREATE TEMPORARY TABLE t0 SELECT * FROM ti
con1: ROLLBACK
con1: CREATE TEMPORARY TABLE t1 (a INT PRIMARY KEY, b INT)
con1: INSERT INTO ti VALUES (1,1)
con1: INSERT INTO tm SELECT a+1, b FROM t1
con2: INSERT INTO tm VALUES (7,7)
con1: ROLLBACK
con1: CREATE TEMPORARY TABLE t2 (a INT) ENGINE=MyISAM
con1: COMMIT
con1: INSERT INTO t2 VALUES (1)
con1: ROLLBACK
con1: CREATE TEMPORARY TABLE t3 SELECT * FROM ti
con1: INSERT INTO ti VALUES (3,3)
con1: SAVEPOINT a
con1: INSERT INTO tm VALUES (3,3)
con1: ROLLBACK TO a
con1: COMMIT

[case explore2_create_select_ignore_replace]
rule = seed002.create_select
seed = 002
description = CREATE ... IGNORE|REPLACE SELECT (unsafe 1717/1718 in STATEMENT; REPLACE on the last unique key is an Update_rows); a duplicate without either fails and logs nothing; TEMPORARY variants in a transaction
setup: CREATE TABLE tdup (a INT, b INT) ENGINE=InnoDB
setup: INSERT INTO tdup VALUES (1,1),(1,2),(2,3),(3,3)
con1: CREATE TABLE c1 (a INT PRIMARY KEY) ENGINE=MyISAM IGNORE SELECT a, b FROM tdup
con1: CREATE TABLE c3 (a INT PRIMARY KEY, b INT UNIQUE) ENGINE=InnoDB REPLACE SELECT a, b FROM tdup
con1: CREATE TABLE c4 (a INT PRIMARY KEY, b INT UNIQUE) ENGINE=MyISAM REPLACE SELECT a, b FROM tdup
con1: CREATE TABLE c5 (a INT PRIMARY KEY) ENGINE=MyISAM SELECT a, b FROM tdup => ER_DUP_ENTRY
con1: CREATE TABLE c6 (a INT PRIMARY KEY) SELECT a, b FROM tdup => ER_DUP_ENTRY
con1: BEGIN
con1: INSERT INTO tdup VALUES (9,9)
con1: CREATE TEMPORARY TABLE c7 (a INT PRIMARY KEY) ENGINE=MyISAM REPLACE SELECT a, b FROM tdup
con1: CREATE TEMPORARY TABLE c8 (a INT PRIMARY KEY) SELECT a, b FROM tdup => ER_DUP_ENTRY
con1: CREATE TABLE c9 ENGINE=MyISAM SELECT * FROM c7
con1: COMMIT
con1: DROP TEMPORARY TABLE c7

[case explore2_create_temporary_select_in_trx]
rule = seed002.temporary_tables
seed = 002
description = CREATE TEMPORARY ... SELECT from InnoDB into MyISAM inside BEGIN: statement format logs it as its own thread-specific DDL group; row format logs nothing but later groups of the transaction get FL_DDL and lose FL_TRANSACTIONAL
setup: CREATE TABLE ti (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE tm (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
con1: BEGIN
con1: CREATE TEMPORARY TABLE t1 (a INT)
con1: INSERT INTO tm VALUES (3,3)
con1: INSERT INTO ti VALUES (3,3)
con1: COMMIT
con1: BEGIN
con1: CREATE TEMPORARY TABLE t2 ENGINE=MyISAM SELECT * FROM ti
con1: INSERT INTO tm VALUES (5,3)
con1: INSERT INTO ti VALUES (5,3)
con1: COMMIT
con1: CREATE TABLE p1 SELECT * FROM t2
con1: DROP TEMPORARY TABLE t1, t2

[case explore2_databases_use_qualified]
rule = WL2687.ddl.implicit_commit
seed = 000
description = CREATE/DROP DATABASE inside and outside transactions (implicit commits), USE between statements, db.table names while another database is the default (the Query's use part), DROP DATABASE holding InnoDB and MyISAM tables (thread-specific Query)
setup: CREATE TABLE ti (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
con1: CREATE DATABASE d1
con1: CREATE DATABASE IF NOT EXISTS d1
con1: CREATE TABLE d1.t1 (a INT PRIMARY KEY) ENGINE=InnoDB
con1: CREATE TABLE d1.t2 (a INT PRIMARY KEY) ENGINE=MyISAM
con1: INSERT INTO d1.t1 VALUES (1)
con1: BEGIN
con1: INSERT INTO d1.t1 VALUES (2)
con1: INSERT INTO d1.t2 VALUES (2)
con1: USE d1
con1: INSERT INTO t1 VALUES (3)
con1: INSERT INTO test.ti VALUES (3, 3)
con1: COMMIT
con1: UPDATE test.ti SET b = b + 1
con1: DELETE FROM t2
con1: BEGIN
con1: INSERT INTO t1 VALUES (4)
con1: CREATE DATABASE d2
con1: CREATE TABLE d2.x (a INT)
con1: INSERT INTO d2.x SELECT a FROM t1
con1: USE test
con1: DROP DATABASE d1
con1: INSERT INTO d2.x VALUES (9)
con1: DROP DATABASE IF EXISTS d3
con1: DROP DATABASE d2
con1: DROP DATABASE d2 => 1008
con1: CREATE DATABASE test => 1007
con1: INSERT INTO ti VALUES (10,10)
con2: CREATE DATABASE d4
con2: USE d4
con2: CREATE TABLE t1 (a INT PRIMARY KEY) ENGINE=InnoDB
con2: CREATE TEMPORARY TABLE tt (a INT)
con2: INSERT INTO tt VALUES (1)
con2: INSERT INTO test.ti SELECT a + 20, a FROM tt
con2: DROP DATABASE d4
con2: DROP DATABASE d4 => 1008

[case explore2_signal_in_triggers_and_procedures]
rule = seed002.triggers
seed = 002
description = BEFORE triggers that SIGNAL: a multi-row INSERT failing after its MyISAM trigger writes (statement logged with error_code + ROLLBACK, or the N rows), inside a transaction, MYSQL_ERRNO/MESSAGE_TEXT, SIGNAL in a CALL after a logged sub-statement
setup: CREATE TABLE ti (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=MyISAM
setup: CREATE TABLE ti2 (a INT) ENGINE=InnoDB
setup: CREATE TRIGGER b1 BEFORE INSERT ON ti FOR EACH ROW BEGIN IF NEW.a > 100 THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'too big'; END IF; INSERT INTO tm VALUES (NEW.a); END
setup: CREATE TRIGGER b2 AFTER UPDATE ON tm FOR EACH ROW INSERT INTO ti2 VALUES (NEW.a)
setup: CREATE TRIGGER b3 BEFORE INSERT ON ti2 FOR EACH ROW BEGIN IF NEW.a < 0 THEN SIGNAL SQLSTATE VALUE '45001' SET MYSQL_ERRNO = 1999, MESSAGE_TEXT = 'negative'; END IF; END
setup: CREATE PROCEDURE p(x INT) BEGIN INSERT INTO ti2 VALUES (x); IF x > 50 THEN SIGNAL SQLSTATE '45000'; END IF; INSERT INTO ti2 VALUES (x + 1); END
con1: INSERT INTO ti VALUES (1)
con1: INSERT INTO ti VALUES (200) => 1644
con1: INSERT INTO ti VALUES (2), (300) => 1644
con1: BEGIN
con1: INSERT INTO ti VALUES (3)
con1: UPDATE tm SET a = a + 10
con1: INSERT INTO ti VALUES (400) => 1644
con1: INSERT INTO ti2 VALUES (5), (-5) => 1999
con1: COMMIT
con1: BEGIN
con1: UPDATE tm SET a = a + 10 WHERE a < 12
con1: ROLLBACK
con1: CALL p(10)
con1: CALL p(60) => 1644

[case explore2_autoinc_through_triggers_and_functions]
rule = seed002.unsafe.autoinc_columns
seed = 002
description = AFTER INSERT triggers and a stored function inserting into AUTO_INCREMENT tables (AUTOINC_COLUMNS unsafe), a MyISAM trigger writing InnoDB inside a rolled-back transaction, INSERT ... SELECT into the same table
setup: CREATE TABLE ta (id INT AUTO_INCREMENT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE tlog (id INT AUTO_INCREMENT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE tm (a INT) ENGINE=MyISAM
setup: CREATE TRIGGER trg AFTER INSERT ON ta FOR EACH ROW INSERT INTO tlog (v) VALUES (NEW.v)
setup: CREATE TRIGGER trg2 AFTER INSERT ON tm FOR EACH ROW INSERT INTO tlog (v) VALUES (NEW.a * 10)
setup: CREATE FUNCTION f(x INT) RETURNS INT BEGIN INSERT INTO tlog (v) VALUES (x); RETURN LAST_INSERT_ID(); END
con1: INSERT INTO ta (v) VALUES (1), (2)
con1: INSERT INTO ta (v) VALUES (f(5))
con1: SELECT f(6)
con1: BEGIN
con1: INSERT INTO tm VALUES (7)
con1: INSERT INTO ta (v) VALUES (8)
con1: ROLLBACK
con1: INSERT INTO tm VALUES (9)
con1: UPDATE ta SET v = f(v) WHERE id = 1
con1: INSERT INTO ta (id, v) VALUES (100, 1)
con1: INSERT INTO ta (v) SELECT v FROM ta

[case explore2_signal_syntax]
rule = seed002.triggers
seed = 002
description = SIGNAL's SET takes a literal or a variable only (a syntax error otherwise, nothing logged)
setup: CREATE TABLE t (a INT)
con1: CREATE TRIGGER b BEFORE INSERT ON t FOR EACH ROW BEGIN IF NEW.a < 0 THEN SIGNAL SQLSTATE '45001' SET MESSAGE_TEXT = CONCAT('negative ', NEW.a); END IF; END => 1064
con1: CREATE TRIGGER b BEFORE INSERT ON t FOR EACH ROW BEGIN DECLARE m VARCHAR(20) DEFAULT 'bad row'; IF NEW.a < 0 THEN SIGNAL SQLSTATE '45001' SET MESSAGE_TEXT = m, MYSQL_ERRNO = 1650; END IF; END
con1: INSERT INTO t VALUES (1), (-1) => 1650
con1: INSERT INTO t VALUES (2)

[case explore2_user_vars_statement_format]
rule = seed002.context.user_var
seed = 002
description = User_var events for every value type: utf8mb4 strings, _binary and X'..' (binary), decimals (0.001 has precision 4), floats, negative ints, NULL, temporal values (latin1); @r := in INSERT ... SELECT, RAND(seed), LAST_INSERT_ID(expr) feeding a later LAST_INSERT_ID()
formats = STATEMENT MIXED
setup: CREATE TABLE t (a INT PRIMARY KEY AUTO_INCREMENT, s VARCHAR(50), d DECIMAL(10,3), f DOUBLE, i BIGINT, b VARBINARY(20)) ENGINE=InnoDB
setup: CREATE TABLE t2 (a INT, s VARCHAR(50)) ENGINE=InnoDB
con1: SET @s = 'héllo', @d = 12.345, @f = 1.5e3, @i = -42, @n = NULL, @b = _binary 'ab\0c', @u = 18446744073709551615
con1: INSERT INTO t (s, d, f, i, b) VALUES (@s, @d, @f, @i, @b)
con1: INSERT INTO t (s, d, f, i) VALUES (@n, @n, @n, @n)
con1: SET @x = CONCAT(@s, '!'), @neg = -12.5, @big = 123456789012345678901234567890.5
con1: INSERT INTO t (s, d, f) VALUES (@x, @neg, @big)
con1: INSERT INTO t (s, i) VALUES (@x, @u)
con1: INSERT INTO t2 SELECT @r := a, s FROM t
con1: INSERT INTO t2 VALUES (@r, 'last')
con1: INSERT INTO t2 VALUES (RAND(7) * 1000, 'rand')
con1: INSERT INTO t2 VALUES (LAST_INSERT_ID(99), 'lii')
con1: INSERT INTO t2 VALUES (LAST_INSERT_ID(), 'lii2')
con1: INSERT INTO t (s) VALUES ('x')
con1: INSERT INTO t2 VALUES (LAST_INSERT_ID(), 'lii3')
con1: SET @e = ''
con1: INSERT INTO t2 VALUES (1, @e)
con1: SET @t = TRUE, @dt = CAST('2021-05-06 07:08:09' AS DATETIME)
con1: INSERT INTO t2 VALUES (@t, @dt)
con1: UPDATE t2 SET s = @undefined WHERE a = 1

[case explore2_user_vars_from_columns]
rule = seed002.context.user_var
seed = 002
description = user variables assigned from VARCHAR/VARBINARY/DATE/DATETIME columns and expressions, then logged as User_var events
formats = STATEMENT MIXED
setup: CREATE TABLE t (a INT, s VARCHAR(50), b VARBINARY(20), d DATE, dt DATETIME) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1, 'x', X'0102', '2020-01-02', '2020-01-02 03:04:05')
con1: SELECT @a := a, @s := s, @b := b, @d := d, @dt := dt FROM t
con1: INSERT INTO t VALUES (@a, @s, @b, @d, @dt)
con1: SET @h = X'4142', @cd = CAST('2020-03-04' AS DATE)
con1: INSERT INTO t (b, s) VALUES (@h, @h)
con1: INSERT INTO t (s, d) VALUES (@cd, @cd)
con1: SET @dec = 3.00, @z = 0.5, @fl = 1e0 / 3, @neg = -0.001, @int2 = 9223372036854775807
con1: INSERT INTO t (s, a) VALUES (@dec, @neg + @z)
con1: INSERT INTO t (s, a) VALUES (@fl, @int2 - 9223372036854775800)
