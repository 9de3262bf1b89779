# DDL and table-maintenance statements (seed 004 item 13.4 and the DDL rows of
# WL#2687's definition table): each is preceded by an implicit commit and, when
# logged, written as its own GTID group in statement form, in every format.
# Behaviour probed on MariaDB 10.11 (docs/RULES-mariadb-10.11.md section 5.5).

[case ddl_alter_columns]
rule = WL2687.ddl.alter_table
seed = 004
description = ADD (FIRST/AFTER), DROP, MODIFY, CHANGE, SET/DROP DEFAULT; later row events use the new Table_map
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10)) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b VARCHAR(10)) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1, 'x'), (2, 'yy')
setup: INSERT INTO n VALUES (1, 'x'), (2, 'yy')
con1: ALTER TABLE t ADD COLUMN c INT DEFAULT 5
con1: ALTER TABLE t ADD d INT NOT NULL FIRST, ADD e CHAR(3) AFTER a
con1: INSERT INTO t VALUES (7, 8, 'e', 'b', 9)
con1: ALTER TABLE t DROP COLUMN d
con1: ALTER TABLE t CHANGE c cc BIGINT
con1: ALTER TABLE t ALTER COLUMN cc SET DEFAULT 3
con1: INSERT INTO t (a) VALUES (20)
con1: ALTER TABLE t ALTER cc DROP DEFAULT, MODIFY e VARCHAR(5) NOT NULL  => 1265
con1: UPDATE t SET cc = cc + 1, e = 'zz'
con1: ALTER TABLE n ADD f DATETIME NOT NULL, ADD g VARCHAR(3) NOT NULL AFTER a, MODIFY b CHAR(4)  => mysql-9.7:1292
con1: INSERT INTO n VALUES (3, 'g', 'b', '2020-01-02 03:04:05')  => mysql-9.7:1136
con1: DELETE FROM n WHERE a = 1

[case ddl_alter_keys_engine_rename]
rule = WL2687.ddl.alter_table
seed = 004
description = ADD/DROP INDEX/UNIQUE/PRIMARY KEY, CREATE/DROP INDEX, RENAME, ENGINE=, AUTO_INCREMENT=, RENAME TABLE
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT, c VARCHAR(5)) ENGINE=InnoDB
setup: CREATE TABLE n (a INT NOT NULL AUTO_INCREMENT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: INSERT INTO t VALUES (3, 30, 'c'), (1, 10, 'a'), (2, 20, 'b')
setup: INSERT INTO n (b) VALUES (1), (2), (3)
setup: DELETE FROM n WHERE a = 2
con1: ALTER TABLE t ADD UNIQUE (c), ADD INDEX ix (b)
con1: ALTER TABLE t DROP INDEX c, DROP PRIMARY KEY
con1: UPDATE t SET b = b + 1 ORDER BY b LIMIT 2
con1: ALTER TABLE t ADD PRIMARY KEY (b)
con1: CREATE UNIQUE INDEX ux ON t (a, c)
con1: CREATE INDEX iy ON t (c)
con1: DROP INDEX iy ON t
con1: ALTER TABLE t RENAME TO t2
con1: ALTER TABLE t2 RENAME t, ENGINE=MyISAM
con1: UPDATE t SET c = 'q' WHERE a = 3
con1: ALTER TABLE t ENGINE=InnoDB
con1: ALTER TABLE n AUTO_INCREMENT = 100, ENGINE = InnoDB
con1: INSERT INTO n (b) VALUES (4)
con1: RENAME TABLE t TO tmp, n TO t, tmp TO n
con1: INSERT INTO t (b) VALUES (5)
con1: INSERT INTO n VALUES (9, 90, 'z')

[case ddl_alter_errors_strict]
rule = WL2687.table.with_error
seed = 004
description = failing ALTERs are not logged (1054 1060 1062 1068 1072 1090 1091 1146 1050); strict conversions abort
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10), c INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b VARCHAR(10), c INT) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1, 'x', 1), (2, 'yy', 300), (3, 'zzz', NULL)
setup: INSERT INTO n VALUES (1, 'x', 1), (2, 'yy', 300), (3, 'zzz', NULL)
con1: ALTER TABLE t ADD zz INT, DROP nosuch  => 1091
con1: ALTER TABLE t ADD a INT  => 1060
con1: ALTER TABLE t DROP INDEX nosuch  => 1091
con1: ALTER TABLE t MODIFY nosuch INT  => 1054
con1: ALTER TABLE t ADD h INT AFTER nosuch  => 1054
con1: ALTER TABLE t ALTER nosuch SET DEFAULT 1  => 1054
con1: ALTER TABLE t CHANGE b c INT  => 1060
con1: ALTER TABLE t DROP a, DROP b, DROP c  => 1090
con1: ALTER TABLE t ADD PRIMARY KEY (c)  => 1068
con1: ALTER TABLE t ADD INDEX (nosuch)  => 1072
con1: ALTER TABLE nosuch ADD x INT  => 1146
con1: ALTER TABLE t RENAME n  => 1050
con1: CREATE INDEX ix ON nosuch (a)  => 1146
con1: DROP INDEX nosuch ON t  => 1091
con1: RENAME TABLE t TO t2, nosuch TO x  => 1146
con1: RENAME TABLE t TO n  => 1050
con1: ALTER TABLE t MODIFY c TINYINT  => 1264
con1: ALTER TABLE n MODIFY c TINYINT  => 1264
con1: ALTER TABLE t MODIFY b VARCHAR(1)  => 1265
con1: ALTER TABLE n MODIFY b CHAR(1)  => 1406
con1: ALTER TABLE t MODIFY c INT NOT NULL  => 1265,mysql-9.7:1138
con1: INSERT INTO t VALUES (4, 'w', 4)
con1: UPDATE t SET c = 5 WHERE a = 4
con1: ALTER TABLE t ADD UNIQUE (c), ADD UNIQUE (b)
con1: UPDATE t SET c = 1  => ER_DUP_ENTRY
con1: ALTER TABLE t ADD UNIQUE (c)  => OK

[case ddl_alter_nonstrict_ignore]
servers = mariadb  # ALTER IGNORE TABLE is MariaDB's (MySQL removed it in 5.7: 1064)
rule = WL2687.ddl.alter_table
seed = 004
description = sql_mode '' converts with warnings 1264/1265; ALTER IGNORE drops duplicate rows and downgrades errors
session.sql_mode = ''
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10), c INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b VARCHAR(10), c INT) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1, 'x', 1), (2, 'yy', 300), (3, 'zzz', -5), (4, 'yy', NULL)
setup: INSERT INTO n VALUES (1, 'x', 1), (2, 'yy', 300), (3, 'zzz', -5), (4, 'yy', NULL)
con1: ALTER TABLE t MODIFY c TINYINT UNSIGNED NOT NULL, MODIFY b CHAR(2)
con1: ALTER TABLE n MODIFY b VARCHAR(1), MODIFY c SMALLINT NOT NULL
con1: ALTER IGNORE TABLE t ADD UNIQUE (b)
con1: SET SESSION sql_mode = 'STRICT_ALL_TABLES'
con1: ALTER IGNORE TABLE n MODIFY c TINYINT, ADD UNIQUE (b)
con1: UPDATE n SET c = c + 1  => ER_WARN_DATA_OUT_OF_RANGE
con1: UPDATE t SET c = c + 1  => ER_WARN_DATA_OUT_OF_RANGE

[case ddl_implicit_commit_in_transaction]
rule = WL2687.ddl.implicit_commit
seed = 004
description = DDL inside BEGIN commits the open transaction first (even when it fails); the DDL group follows
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO n VALUES (1)
con1: INSERT INTO t VALUES (1)
con1: ALTER TABLE t ADD b INT
con1: INSERT INTO t VALUES (2, 2)
con1: ROLLBACK
con1: BEGIN
con1: INSERT INTO t VALUES (3, 3)
con1: INSERT INTO n VALUES (3)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO t VALUES (4, 4)
con1: CREATE INDEX ib ON t (b)
con1: BEGIN
con1: INSERT INTO n VALUES (5)
con1: INSERT INTO t VALUES (5, 5)
con1: ALTER TABLE t ADD a INT  => 1060
con1: ROLLBACK
con1: BEGIN
con1: INSERT INTO n VALUES (6)
con1: INSERT INTO t VALUES (6, 6)
con1: RENAME TABLE t TO t2
con1: BEGIN
con1: INSERT INTO n VALUES (7)
con1: INSERT INTO t2 VALUES (7, 7)
con1: DROP INDEX ib ON t2
con1: SET autocommit = 0
con1: INSERT INTO t2 VALUES (8, 8)
con1: RENAME TABLE t2 TO t
con1: INSERT INTO t VALUES (9, 9)
con1: ALTER TABLE n ENGINE = InnoDB
con1: INSERT INTO n VALUES (10)
con1: COMMIT
con1: SET autocommit = 1

[case ddl_truncate_in_transaction]
rule = WL2687.ddl.implicit_commit
seed = 004
description = TRUNCATE commits first, for T, N, temporary and missing tables; temporary TRUNCATE not logged in ROW
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1)
setup: INSERT INTO n VALUES (1)
con1: BEGIN
con1: INSERT INTO t VALUES (2)
con1: TRUNCATE TABLE n
con1: INSERT INTO t VALUES (3)
con1: BEGIN
con1: INSERT INTO n VALUES (3)
con1: INSERT INTO t VALUES (4)
con1: TRUNCATE t
con1: INSERT INTO t VALUES (5)
con1: ROLLBACK
con1: BEGIN
con1: INSERT INTO t VALUES (6)
con1: TRUNCATE TABLE nosuch  => 1146
con1: INSERT INTO t VALUES (7)
con1: ROLLBACK
con1: CREATE TEMPORARY TABLE tmp (a INT)
con1: INSERT INTO tmp VALUES (1)
con1: BEGIN
con1: INSERT INTO t VALUES (8)
con1: TRUNCATE TABLE tmp
con1: INSERT INTO t VALUES (9)
con1: ROLLBACK

[case ddl_table_maintenance]
rule = seed004.admin_statements
seed = 004
description = ANALYZE/OPTIMIZE/REPAIR logged (even for a missing table) unless NO_WRITE_TO_BINLOG/LOCAL; CHECK commits, CHECKSUM does not; neither is logged
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10)) ENGINE=InnoDB
setup: CREATE TABLE n (a INT NOT NULL, b CHAR(3), c BIGINT) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1, 'x'), (2, NULL)
setup: INSERT INTO n VALUES (1, 'x', NULL), (2, NULL, -5)
con1: ANALYZE TABLE t
con1: OPTIMIZE TABLE t, n
con1: REPAIR TABLE t
con1: CHECK TABLE t, n
con1: CHECKSUM TABLE t, n
con1: ANALYZE TABLE nosuch
con1: OPTIMIZE TABLE nosuch, t
con1: CHECKSUM TABLE t, nosuch
con1: ANALYZE NO_WRITE_TO_BINLOG TABLE t
con1: OPTIMIZE LOCAL TABLE n
con1: REPAIR NO_WRITE_TO_BINLOG TABLE n
con1: BEGIN
con1: INSERT INTO t VALUES (3, 'z')
con1: ANALYZE TABLE t
con1: INSERT INTO t VALUES (4, 'z')
con1: BEGIN
con1: INSERT INTO n VALUES (5, 'z', 5)
con1: INSERT INTO t VALUES (5, 'z')
con1: OPTIMIZE NO_WRITE_TO_BINLOG TABLE n
con1: BEGIN
con1: INSERT INTO t VALUES (6, 'z')
con1: CHECK TABLE t
con1: INSERT INTO t VALUES (7, 'z')
con1: BEGIN
con1: INSERT INTO t VALUES (8, 'z')
con1: CHECKSUM TABLE t
con1: INSERT INTO t VALUES (9, 'z')
con1: REPAIR TABLE n
con1: ROLLBACK

[case ddl_lock_tables]
rule = seed004.lock_tables
seed = 004
description = LOCK TABLES commits; UNLOCK TABLES commits only with tables locked; 1099/1100; maps for every WRITE-locked table
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10)) ENGINE=InnoDB
setup: CREATE TABLE t2 (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b VARCHAR(10)) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO t VALUES (5, 'x')
con1: LOCK TABLES t WRITE, n READ
con1: INSERT INTO t VALUES (6, 'x')
con1: UPDATE t SET b = 'q' WHERE a = 6
con1: INSERT INTO n VALUES (6, 'x')  => 1099
con1: SELECT * FROM t2  => 1100
con1: UNLOCK TABLES
con1: LOCK TABLES t WRITE, n WRITE, t2 WRITE  => mysql-9.7-gtid-on:1785
con1: INSERT INTO n VALUES (8, 'x')
con1: INSERT INTO t VALUES (8, 'x')
con1: INSERT INTO t2 VALUES (8)
con1: BEGIN
con1: INSERT INTO t VALUES (9, 'x')
con1: INSERT INTO n VALUES (9, 'x')  => mysql-9.7-gtid-on:1785
con1: UNLOCK TABLES
con1: INSERT INTO t VALUES (10, 'x')
con1: COMMIT
con1: SET autocommit = 0
con1: INSERT INTO t VALUES (12, 'x')
con1: LOCK TABLES t WRITE
con1: INSERT INTO t VALUES (13, 'x')
con1: INSERT INTO t VALUES (14, 'x')
con1: UNLOCK TABLES
con1: INSERT INTO t VALUES (15, 'x')
con1: LOCK TABLES t WRITE
con1: INSERT INTO t VALUES (16, 'x')
con1: COMMIT
con1: INSERT INTO t VALUES (17, 'x')
con1: LOCK TABLES t WRITE
con1: INSERT INTO t VALUES (18, 'x')
con1: ROLLBACK
con1: UNLOCK TABLES
con1: SET autocommit = 1
