# Rules found by MariaDB's binlog mysql-test suite (issue 24, branch mtr-b):
# docs/RULES-mariadb-10.11.md section 8.

[case mtrb_qualified_routines_triggers]
rule = MDB.ddl.qualified_routine_names
seed = 024
description = CREATE TRIGGER/PROCEDURE/FUNCTION db.name in another database: created there, the routines logged `db`.`name` (show_create_sp with the explicit name), the trigger as written; a trigger outside its table's database is 1435; DROP ... IF EXISTS of missing ones logged with their notes
setup: CREATE DATABASE d2
setup: CREATE TABLE d2.t (a INT)
con1: DROP PROCEDURE IF EXISTS d2.p
con1: DROP FUNCTION IF EXISTS d2.f
con1: DROP TRIGGER IF EXISTS d2.tr
con1: CREATE TRIGGER tr BEFORE INSERT ON d2.t FOR EACH ROW BEGIN END  => 1435
con1: CREATE TRIGGER d2.tr BEFORE INSERT ON d2.t FOR EACH ROW SET NEW.a = NEW.a + 1
con1: CREATE PROCEDURE d2.p (OUT p1 INT) BEGIN SET p1 = 7; END
con1: CREATE FUNCTION d2.f (s CHAR(20)) RETURNS CHAR(50) DETERMINISTIC RETURN s
con1: CREATE PROCEDURE nosuchdb.p () BEGIN END  => 1049
con1: INSERT INTO d2.t VALUES (1)
con1: CALL d2.p(@x)
con1: SELECT @x
con1: DROP PROCEDURE IF EXISTS d2.p
con1: DROP FUNCTION IF EXISTS d2.f
con1: DROP TRIGGER IF EXISTS d2.tr
con1: DROP TRIGGER d2.tr  => 1360
con1: DROP DATABASE d2

[case mtrb_drop_table_referenced_parent]
rule = MDB.fk.drop_parent_partial
seed = 024
description = DROP TABLE of a referenced parent beside other tables: the others are dropped and logged (a missing one too under IF EXISTS), the parent stays; one 1451, then the missing tables' 1051 (Note under IF EXISTS, Error without)
setup: CREATE TABLE p (a INT, KEY (a)) ENGINE=InnoDB
setup: CREATE TABLE c (a INT, KEY (a), FOREIGN KEY (a) REFERENCES p (a)) ENGINE=InnoDB
setup: CREATE TABLE d (b INT, FOREIGN KEY (b) REFERENCES c (a)) ENGINE=InnoDB
setup: CREATE TABLE t3 (a INT)
setup: CREATE TABLE t4 (a INT)
con1: DROP TABLE IF EXISTS p  => 1451
con1: DROP TABLE IF EXISTS p, t0  => 1451
con1: SHOW WARNINGS
con1: DROP TABLE IF EXISTS c, t3, t0  => 1451
con1: DROP TABLE p, c  => 1451
con1: DROP TABLE t4, p, c, t0  => 1451
con1: SHOW WARNINGS
con1: SHOW TABLES
con1: DROP TABLE d, c, p

[case mtrb_alter_keys_onoff]
rule = MDB.ddl.alter_keys_onoff
seed = 024
description = ALTER TABLE ENABLE/DISABLE KEYS is logged as written in every format; an engine other than MyISAM/Aria answers Note 1031 naming the engine the table ends with; combined with a copying change it counts in Records' warnings
setup: CREATE TABLE i (pk INT AUTO_INCREMENT PRIMARY KEY, a INT, KEY (a)) ENGINE=InnoDB
setup: CREATE TABLE m (a INT, b INT, UNIQUE (b), KEY (a)) ENGINE=MyISAM
setup: CREATE TABLE ar (a INT, KEY (a)) ENGINE=Aria
setup: CREATE TABLE h (a INT, KEY (a)) ENGINE=MEMORY
con1: INSERT IGNORE INTO i VALUES (NULL, 183173120), (NULL, 1)
con1: ALTER TABLE `i` ENABLE KEYS
con1: ALTER TABLE i DISABLE KEYS
con1: ALTER TABLE m DISABLE KEYS
con1: INSERT INTO m VALUES (1, 1), (2, 2)
con1: INSERT INTO m VALUES (3, 2)  => 1062
con1: ALTER TABLE m ADD COLUMN c INT
con1: ALTER TABLE m ENABLE KEYS
con1: ALTER TABLE ar DISABLE KEYS, RENAME TO ar2
con1: ALTER TABLE ar2 ENABLE KEYS, ENGINE=InnoDB
con1: ALTER TABLE h DISABLE KEYS
con1: ALTER TABLE nosuch ENABLE KEYS  => 1146
con1: SELECT * FROM m ORDER BY a

[case mtrb_no_backslash_escapes]
rule = MDB.lex.no_backslash_escapes
seed = 024
description = under NO_BACKSLASH_ESCAPES a backslash in a string literal is an ordinary character (sql_lex.cc) and only a doubled quote escapes; a procedure keeps the mode it was created with, and its NAME_CONST values are written with quotes doubled under it, with escape_string_for_mysql (\n, \', \", \\) otherwise
setup: CREATE TABLE tt (c1 CHAR(50)) ENGINE=MyISAM
session.sql_mode = ''
con1: INSERT INTO tt VALUES ('ab\bcd'), ('ab\\cd'), ('ab\'cd'), ('ab\ncd')
con1: SET sql_mode = 'NO_BACKSLASH_ESCAPES'
con1: INSERT INTO tt VALUES ('wx\bcd'), ('wx\\cd'), ('wx''cd'), ('wx\ncd')
con1: SELECT 'a\'  => OK
con1: CREATE PROCEDURE p_with (IN p1 CHAR(50))
  BEGIN
  DECLARE v3 CHAR(50) DEFAULT 'wxyz\bef';
  DECLARE v7 CHAR(50) DEFAULT 'wxyz\\ef';
  DECLARE v8 CHAR(50) DEFAULT 'it''s';
  INSERT INTO tt VALUES (p1);
  INSERT INTO tt VALUES (v3);
  INSERT INTO tt VALUES (v7);
  INSERT INTO tt VALUES (v8);
  END
con1: SET sql_mode = ''
con1: CREATE PROCEDURE p_without (IN p1 CHAR(50))
  BEGIN
  DECLARE v4 CHAR(50) DEFAULT 'abcd\nef';
  DECLARE v5 CHAR(50) DEFAULT 'ab"c\'d\\e';
  INSERT INTO tt VALUES (p1);
  INSERT INTO tt VALUES (v4);
  INSERT INTO tt VALUES (v5);
  END
con1: CALL p_with('wxyz\'ef')
con1: CALL p_without('abcd\"ef')
con1: SELECT * FROM tt

[case mtrb_alter_temporary_table]
rule = MDB.temp.alter
seed = 024
description = ALTER TABLE, CREATE INDEX and DROP INDEX of a temporary table commit the open transaction first; logged thread-specific as DDL when the table's CREATE was logged (STATEMENT, MIXED), not at all when it was created in row format; a rename stays among the session's temporary tables
setup: CREATE TABLE i (a INT) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE t1 (a INT, b INT) ENGINE=InnoDB
con1: CREATE INDEX index_a ON t1 (a)
con1: INSERT INTO t1 VALUES (1, 2)
con1: BEGIN
con1: INSERT INTO i VALUES (1)
con1: ALTER TABLE t1 ADD COLUMN c INT
con1: INSERT INTO i VALUES (2)
con1: COMMIT
con1: DROP INDEX index_a ON t1
con1: ALTER TABLE t1 ENGINE=MyISAM, RENAME TO t2
con1: SELECT * FROM t1  => 1146
con1: INSERT INTO i SELECT a FROM t2
con1: ALTER TABLE t2 DROP COLUMN b
con1: SELECT * FROM t2
con1: DROP TEMPORARY TABLE t2

[case mtrb_alter_two_phase]
rule = MDB.ddl.alter_two_phase
seed = 024
description = binlog_alter_two_phase: an ALTER that changes the table is logged as START ALTER then COMMIT ALTER (Gtid flags_extra, Q_GTID_FLAGS3 with the START's seq_no), or ROLLBACK ALTER with the error when the copy fails; a rename, ENABLE KEYS, a temporary table and an ALTER refused while prepared are logged once or not at all
con1.binlog_alter_two_phase = ON
setup: CREATE TABLE t1 (f1 INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE m (a INT) ENGINE=MyISAM
con1: INSERT INTO t1 VALUES (1, 5), (2, 5)
con1: ALTER TABLE t1 ADD COLUMN (b INT, c INT)
con1: ALTER TABLE t1 ADD COLUMN c INT  => 1060
con1: ALTER TABLE nosuch ADD COLUMN c INT  => 1146
con1: ALTER TABLE t1 ADD UNIQUE (v)  => 1062
con1: CREATE INDEX ix ON t1 (b)
con1: DROP INDEX ix ON t1
con1: ALTER TABLE t1 RENAME TO t2
con1: ALTER TABLE t2 ENABLE KEYS
con1: ALTER TABLE m ENGINE=Aria
con1: CREATE TEMPORARY TABLE tt (a INT)
con1: ALTER TABLE tt ADD COLUMN b INT
con1: SET binlog_alter_two_phase = OFF
con1: ALTER TABLE t2 DROP COLUMN c

[case mtrb_time_literal_as_number]
rule = MDB.types.time_literal_number
seed = 024
description = a TIME literal (and MAKETIME, and a TIME passed to EXECUTE ... USING, logged as TIME'...') stored into a DECIMAL or an INT column is its HHMMSS number, no 1265 (binlog_stm_ps)
setup: CREATE TABLE t1 (a DECIMAL(30,8), b INT) ENGINE=InnoDB
con1: INSERT INTO t1 VALUES (TIME'10:20:30', TIME'10:20:30')
con1: INSERT INTO t1 VALUES (MAKETIME(10,20,30), TIME'-01:30:00')
con1: PREPARE stmt FROM 'INSERT INTO t1 (a) VALUES (?)'
con1: EXECUTE stmt USING MAKETIME(10,20,30)
con1: EXECUTE stmt USING TIME'23:59:59'
con1: SELECT a, b, TIME'10:20:30' + 0 FROM t1

[case mtrb_flush_delete_domain]
rule = MDB.gtid.delete_domain
seed = 024
description = FLUSH BINARY LOGS DELETE_DOMAIN_ID (rpl_binlog_state::drop_domain): an empty list rotates; a domain not in the state is a Warning 1076 and nothing rotates; a domain whose GTIDs the oldest file's Gtid_list does not hold is 1076 (nothing removed, after the warnings for the other ids); an id beyond 32 bits is 1076. The removal after PURGE BINARY LOGS is pinned by binlog_flush_binlogs_delete_domain and tests/sql/stmt (a purged binlog cannot be replayed from its first file). One domain: a Gtid_list of several lists them in the server's hash order (not modelled)
setup: CREATE TABLE t (a INT) ENGINE=InnoDB
con1: FLUSH BINARY LOGS DELETE_DOMAIN_ID = ()
con1: FLUSH BINARY LOGS DELETE_DOMAIN_ID = (99)
con1: SHOW WARNINGS
con1: FLUSH BINARY LOGS DELETE_DOMAIN_ID = (7), BINARY LOGS DELETE_DOMAIN_ID = (0)  => 1076
con1: SHOW WARNINGS
con1: SELECT @@GLOBAL.gtid_binlog_state
con1: FLUSH BINARY LOGS DELETE_DOMAIN_ID = (4294967296)  => 1076
con1: INSERT INTO t VALUES (2)

[case mtrb_compressed_columns]
rule = MDB.types.compressed_columns
seed = 024
description = VARCHAR/VARBINARY/TEXT/BLOB COMPRESSED: rows events carry the stored form (Table_map types 141/140, a VARCHAR's length plus the header byte; a value under 100 bytes behind a 0x00 header, a longer one raw-deflated behind 0x80+n+8 and its length), SHOW CREATE prints /*M!100301 COMPRESSED*/; a key on one is 4097 (field_comp.cc)
setup: CREATE TABLE t1 (a TEXT, ac TEXT COMPRESSED, b TINYTEXT, bc TINYTEXT COMPRESSED, e VARCHAR(10), ec VARCHAR(10) COMPRESSED, lc VARCHAR(300) COMPRESSED=zlib, vb VARBINARY(200) COMPRESSED, bl BLOB COMPRESSED) ENGINE=InnoDB
con1: INSERT INTO t1 VALUES ('mya', 'myac', 'myb', 'mybc', 'mye', 'myec', REPEAT('x', 200), REPEAT('ab', 60), REPEAT('y', 150))
con1: INSERT INTO t1 VALUES ('', '', '', '', '', '', '', '', ''), (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)
con1: INSERT INTO t1 (lc, bl) VALUES (REPEAT('0123456789', 12), MD5('x'))
con1: UPDATE t1 SET ac = REPEAT('z', 120) WHERE a = 'mya'
con1: SHOW CREATE TABLE t1
con1: SELECT a, ac, LENGTH(lc), vb, LENGTH(bl) FROM t1
con1: CREATE TABLE k (a VARCHAR(10) COMPRESSED, KEY (a))  => 4097
con1: DELETE FROM t1 WHERE e = 'mye'

[case mtrb_drop_under_lock_tables]
rule = MDB.ddl.drop_under_lock_tables
seed = 024
description = DROP TABLE under LOCK TABLES of a table locked for WRITE commits the open transaction and drops it (the other locks stay); READ-locked 1099, not locked 1100; Q_FLAGS2 carries foreign_key_checks=0, sql_auto_is_null=1 and sql_if_exists=1 (OPTIONS_WRITTEN_TO_BIN_LOG; the binlog suite's foreign_key)
setup: CREATE TABLE t1 (id INT, k INT, c CHAR(8), KEY (k), PRIMARY KEY (id), FOREIGN KEY (id) REFERENCES t1 (k)) ENGINE=InnoDB
setup: CREATE TABLE t2 (a INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (a INT) ENGINE=MyISAM
con1: LOCK TABLES t1 WRITE, t2 READ
con1: SET SESSION FOREIGN_KEY_CHECKS = OFF
con1: SET AUTOCOMMIT = OFF
con1: INSERT INTO t1 VALUES (1, 1, 'foo')
con1: DROP TABLE t2  => 1099
con1: DROP TABLE t3  => 1100
con1: DROP TABLE t1
con1: SELECT * FROM t2
con1: SET SESSION FOREIGN_KEY_CHECKS = ON
con1: SET AUTOCOMMIT = ON
con1: UNLOCK TABLES
con1: SET sql_auto_is_null = 1
con1: INSERT INTO t3 VALUES (1)
con1: SET sql_auto_is_null = 0

[case mtrb_create_select_constraints]
rule = MDB.ddl.create_select_constraints
seed = 024
description = CHECK and FOREIGN KEY declared in CREATE TABLE ... SELECT: built as CREATE TABLE builds them (named CONSTRAINT_n / t_ibfk_n), each selected row checked (4025, 1452; IGNORE skips a CHECK failure with a warning); with foreign_key_checks=0 a missing parent is accepted; logged as written in STATEMENT, as SHOW CREATE TABLE in ROW (binlog_show_binlog_events_session_variables)
setup: CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB
setup: INSERT INTO p VALUES (1), (5)
con1: SET foreign_key_checks = 0, sql_auto_is_null = 1, check_constraint_checks = 0, unique_checks = 0
con1: CREATE TABLE t (a INT, CHECK (a > 1), FOREIGN KEY (a) REFERENCES x (x)) ENGINE=InnoDB AS SELECT 1 AS a
con1: SET foreign_key_checks = 1, sql_auto_is_null = 0, check_constraint_checks = 1, unique_checks = 1
con1: SHOW CREATE TABLE t
con1: CREATE TABLE t2 (a INT, CHECK (a > 1)) ENGINE=InnoDB AS SELECT 1 AS a  => 4025
con1: CREATE TABLE t3 (a INT, CONSTRAINT cc CHECK (a > 1)) ENGINE=MyISAM IGNORE AS SELECT 1 AS a UNION SELECT 5
con1: CREATE TABLE t4 (a INT, b INT CHECK (b < 10), FOREIGN KEY (a) REFERENCES p (id) ON DELETE CASCADE) ENGINE=InnoDB AS SELECT id AS a, id AS b FROM p
con1: CREATE TABLE t5 (a INT, FOREIGN KEY (a) REFERENCES p (id)) ENGINE=InnoDB AS SELECT 7 AS a  => 1452
con1: DELETE FROM p WHERE id = 5
con1: SELECT * FROM t4

[case mtrb_zero_temporal_literals]
rule = MDB.types.zero_temporal_literals
seed = 024
description = DATE'0000-00-00' and TIMESTAMP'0000-00-00 00:00:00' are zero values (how a binary-protocol date parameter out of range is logged, binlog_stm_datetime_ranges_mdev15289): stored as zero into DATE, DATETIME and TIMESTAMP columns, and read back as zero
setup: CREATE TABLE t1 (d DATE, dt DATETIME, ts TIMESTAMP NULL) ENGINE=InnoDB
con1: INSERT INTO t1 VALUES (TIMESTAMP'0000-00-00 00:00:00', TIMESTAMP'0000-00-00 00:00:00', TIMESTAMP'0000-00-00 00:00:00')
con1: INSERT INTO t1 VALUES (DATE'0000-00-00', DATE'0000-00-00', DATE'0000-00-00')
con1: SELECT d, dt, ts, DATE'0000-00-00' = d FROM t1
