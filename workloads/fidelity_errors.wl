# Statement outcomes and SHOW WARNINGS found by random differential testing
# (issue 10): each case is a minimal repro of one mismatch class, confirmed against
# MariaDB 10.11, with the neighbours that pin the rule down.

[case fid_err_create_routine_insert_clears_warnings]
rule = mariadb.warnings.parser_clears_on_insert
seed = 002
description = the parser clears the warning list when it reads INSERT/REPLACE: CREATE FUNCTION/PROCEDURE whose body inserts leaves SHOW WARNINGS empty; a body that only reads, updates or deletes keeps the previous statement's warnings
setup: CREATE TABLE t (id INT, s VARCHAR(3)) ENGINE=MyISAM
con1: INSERT IGNORE INTO t VALUES (1, 'abcdef')
con1: CREATE FUNCTION f_ins(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t (id) VALUES (x); RETURN x + 1; END
con1: INSERT IGNORE INTO t VALUES (2, 'abcdef')
con1: CREATE PROCEDURE p_rep() REPLACE INTO t VALUES (1, 'a')
con1: INSERT IGNORE INTO t VALUES (3, 'abcdef')
con1: CREATE PROCEDURE p_ins_sel() BEGIN IF 1 THEN INSERT INTO t SELECT * FROM t; END IF; END
con1: INSERT IGNORE INTO t VALUES (4, 'abcdef')
con1: CREATE PROCEDURE p_upd() UPDATE t SET id = 1
con1: CREATE PROCEDURE p_del() DELETE FROM t WHERE id = 5
con1: CREATE FUNCTION f_sel() RETURNS INT DETERMINISTIC RETURN (SELECT COUNT(*) FROM t)
con1: CREATE PROCEDURE p_set() SET @x = (SELECT 1 FROM t LIMIT 1)
con1: INSERT IGNORE INTO t VALUES (5, 'abcdef')
con1: CREATE FUNCTION f_missing() RETURNS INT DETERMINISTIC BEGIN INSERT INTO nosuch VALUES (1); RETURN 1; END

[case fid_err_fill_record_reports_every_bad_value]
rule = mariadb.strict.fill_record_all_columns
seed = 002
description = strict mode: the fill_record that walks a column list stores every value of the failing row, so the row reports one error per bad column in list order, then the statement stops (INSERT VALUES/SELECT with a column list, REPLACE, ODKU, UPDATE, multi-table UPDATE); without a column list (and in CREATE ... SELECT) it stops at the first
setup: CREATE TABLE t (id INT PRIMARY KEY, s VARCHAR(3), d DECIMAL(4,1), dt DATETIME) ENGINE=InnoDB
setup: CREATE TABLE m (id INT, s VARCHAR(3), d DECIMAL(4,1), dt DATETIME) ENGINE=MyISAM
setup: CREATE TABLE src (id INT, c VARCHAR(20), n INT) ENGINE=InnoDB
setup: INSERT INTO src VALUES (1, 'abcdef', 99999999), (2, 'x', 5)
setup: INSERT INTO t VALUES (1, 'a', 1, NULL)
setup: INSERT INTO m VALUES (1, 'a', 1, NULL)
con1: INSERT INTO t (id, s) VALUES ('abc', 'abcdef') => 1366
con1: INSERT INTO t (id, s, d) VALUES (2, 'abcdef', 123456) => 1406
con1: INSERT INTO t (id, s) VALUES (3, 'ab'), ('abc', 'abcdef') => 1366
con1: INSERT INTO t (id, s, d, dt) SELECT c, c, n, c FROM src => 1366
con1: INSERT INTO t (dt, id, s) SELECT c, c, c FROM src ORDER BY n => 1292
con1: REPLACE INTO t (id, s, d, dt) SELECT c, c, n, c FROM src => 1366
con1: INSERT INTO t VALUES (1, 'a', 1, NULL) ON DUPLICATE KEY UPDATE s = 'abcdef', d = 99999 => 1406
con1: INSERT INTO m (id, s, d, dt) VALUES (1, 'a', 1, NULL), ('abc', 'abcdef', 123456, 'zz')
con1: UPDATE m SET id = 'abc', s = 'abcdef', d = 123456 => 1366
con1: UPDATE t SET id = NULL, s = 'abcdef' => 1048
con1: UPDATE t a, src b SET a.s = b.c, a.d = b.n WHERE a.id = b.id => 1406
con1: CREATE TABLE c1 (a INT, b VARCHAR(2)) SELECT c AS a, c AS b FROM src => 1366
con1: INSERT INTO m VALUES ('x', 'abcdef', 123456, 'zz') => 1366
con1: INSERT INTO m SELECT c, c, n, c FROM src => 1366
con1: REPLACE INTO m VALUES ('x', 'abcdef', 123456, 'zz') => 1366
con1: INSERT INTO t (s, id, d) SELECT c, NULL, n FROM src => 1406
con1: UPDATE t SET s = 'abcdef', id = NULL, d = 1000 => 1406

[case fid_err_single_row_null_unknown_error]
rule = mariadb.strict.null_single_row_unknown_error
seed = 002
description = a one-row INSERT/REPLACE ... VALUES of NULL into a NOT NULL column is 1048, strict or not, and fill_record stops there; with a column list it adds 1105 Unknown error (BLOB or not); multi-row VALUES and INSERT ... SELECT give 1048 alone
setup: CREATE TABLE t (id INT NOT NULL, s VARCHAR(3)) ENGINE=InnoDB
setup: CREATE TABLE b (id INT, c BLOB NOT NULL) ENGINE=InnoDB
con1: INSERT INTO t (id) VALUES (NULL) => 1048
con1: INSERT INTO t (s, id) VALUES ('a', NULL) => 1048
con1: INSERT INTO t (id, s) VALUES (NULL, 'abcdef') => 1048
con1: INSERT INTO t (s, id) VALUES ('abcdef', NULL) => 1406
con1: INSERT INTO t (id) VALUES (@nosuch + 1) => 1048
con1: INSERT INTO t (id) VALUES (1), (NULL) => 1048
con1: INSERT INTO t (id) SELECT NULL => 1048
con1: INSERT INTO b (c, id) VALUES (@nosuch, 1) => 1048
con1: REPLACE INTO t (id) VALUES (NULL) => 1048
con1: INSERT INTO t VALUES (NULL, 'abcdef') => 1048
con1: INSERT INTO t SET id = NULL, s = 'abcdef' => 1048
con1: INSERT INTO t (id) VALUES (NULL) ON DUPLICATE KEY UPDATE s = 'b' => 1048
con1: SET sql_mode = ''
con1: INSERT INTO t (id) VALUES (NULL) => 1048
con1: INSERT INTO t (id) VALUES (1), (NULL)
con1: INSERT INTO t (id) SELECT NULL

[case fid_err_missing_default_checked_before_rows]
rule = mariadb.strict.check_that_all_fields_are_given_values
seed = 002
description = 1364 is checked once while the INSERT is prepared, before its SELECT and its rows: strict (no IGNORE) it stops the statement with one error per missing column, even for zero rows; otherwise one warning per column ahead of the rows' own; columns ON DUPLICATE KEY UPDATE assigns or a BEFORE INSERT trigger sets are in the write set; through a view it is 1423 naming the view
setup: CREATE TABLE t (id INT NOT NULL, k INT NOT NULL, s VARCHAR(2)) ENGINE=InnoDB
setup: CREATE TABLE m (id INT NOT NULL, k INT, s VARCHAR(2)) ENGINE=MyISAM
setup: CREATE TABLE src (a INT) ENGINE=MyISAM
setup: CREATE VIEW v AS SELECT id, s FROM t
con1: INSERT INTO m (k) SELECT a FROM src => 1364
con1: INSERT INTO m (k, s) VALUES ('x', 'abc') => 1364
con1: INSERT INTO t (s) VALUES ('a') => 1364
con1: INSERT IGNORE INTO t (s) VALUES ('abc')
con1: INSERT INTO v (s) VALUES ('a') => 1423
con1: INSERT INTO m VALUES () => 1364
con1: SET sql_mode = ''
con1: INSERT INTO m (k) SELECT a FROM src WHERE a > 5
con1: INSERT INTO m (k, s) VALUES ('x', 'abc'), ('y', 'abc')
con1: REPLACE INTO m (k) VALUES (-2147483649)
con1: INSERT INTO m (s) VALUES ('abc') ON DUPLICATE KEY UPDATE k = 1
con1: INSERT INTO v (id) VALUES (1)
con1: SET sql_mode = DEFAULT
con1: CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.id = 5
con1: INSERT INTO t (k, s) VALUES (1, 'a')

[case fid_err_dup_entry_shows_field_text]
rule = mariadb.errors.dup_entry_field_text
seed = 002
description = the 1062 text shows each key value as its field prints it: a DATETIME zero is '0000-00-00 00:00:00', a DATE zero '0000-00-00'
session.sql_mode = ''
setup: CREATE TABLE t2 (id DATETIME NOT NULL UNIQUE, c_blob BLOB) ENGINE=InnoDB
setup: CREATE TABLE t3 (id DATE NOT NULL PRIMARY KEY, k DATETIME, UNIQUE KEY (k)) ENGINE=MyISAM
setup: CREATE TABLE t4 (a INT, d DATETIME, PRIMARY KEY (a, d)) ENGINE=InnoDB
con1: INSERT INTO t2 (c_blob) VALUES (''), ('') => 1062
con1: INSERT INTO t3 (k) VALUES ('x'), ('y') => 1062
con1: INSERT INTO t4 VALUES (1, 'x'), (1, 'y') => 1062

[case fid_err_odku_qualified_target_ambiguous]
rule = mariadb.errors.odku_qualified_target_ambiguous
seed = 002
description = INSERT ... SELECT ... ON DUPLICATE KEY UPDATE whose SELECT reads the target under its own name (no alias): a qualified t.col in the UPDATE part is 1052 'Column 't.col' in UPDATE is ambiguous' (checked while preparing, also for zero rows), 1054 in 'UPDATE' when neither has the column; an alias or another table's name resolves
setup: CREATE TABLE t3 (id INT PRIMARY KEY, c VARCHAR(10)) ENGINE=MyISAM
setup: CREATE TABLE s (id INT, c VARCHAR(10)) ENGINE=MyISAM
setup: INSERT INTO t3 VALUES (1, 'a')
setup: INSERT INTO s VALUES (1, 'b')
con1: INSERT INTO t3 (id, c) SELECT id, c FROM t3 WHERE id IS NULL ON DUPLICATE KEY UPDATE c = CONCAT(t3.c, 'q') => 1052
con1: INSERT INTO t3 (id, c) SELECT id, c FROM t3 ON DUPLICATE KEY UPDATE c = CONCAT(t3.c, 'q') => 1052
con1: INSERT INTO t3 (id, c) SELECT s.id, s.c FROM s JOIN t3 ON s.id = t3.id ON DUPLICATE KEY UPDATE c = t3.c => 1052
con1: INSERT INTO t3 (id, c) SELECT id, c FROM t3 ON DUPLICATE KEY UPDATE c = CONCAT(t3.nosuch, 'q') => 1054
con1: INSERT INTO t3 (id, c) SELECT x.id, x.c FROM t3 AS x ON DUPLICATE KEY UPDATE c = CONCAT(t3.c, 'q')
con1: INSERT INTO t3 (id, c) SELECT s.id, s.c FROM s JOIN t3 ON s.id = t3.id ON DUPLICATE KEY UPDATE c = s.c
con1: INSERT INTO t3 (id, c) SELECT id, c FROM t3 ON DUPLICATE KEY UPDATE t3.c = 'z'

[case fid_err_zero_date_no_zero_date]
rule = mariadb.strict.zero_date_out_of_range
seed = 002
description = a zero date refused by NO_ZERO_DATE without aborting (IGNORE, or not strict) warns 1264 Out of range on DATE/DATETIME (1265 on TIMESTAMP); strict it is 1292, and a DATETIME zero prints with its time ('0000-00-00 00:00:00'), a DATE zero without
session.sql_mode = ''
setup: CREATE TABLE z (d DATE, dt DATETIME, ts TIMESTAMP NULL, i INT, s VARCHAR(30)) ENGINE=MyISAM
setup: INSERT INTO z VALUES ('0000-00-00', '0000-00-00 00:00:00', '0000-00-00 00:00:00', 0, '0000-00-00')
setup: CREATE TABLE w (dt DATETIME, d DATE, ts TIMESTAMP NULL) ENGINE=MyISAM
con1: SET sql_mode = 'TRADITIONAL'
con1: INSERT IGNORE INTO w (dt) SELECT dt FROM z
con1: INSERT IGNORE INTO w (dt) SELECT d FROM z
con1: INSERT IGNORE INTO w (dt) SELECT i FROM z
con1: INSERT IGNORE INTO w (d) SELECT s FROM z
con1: INSERT IGNORE INTO w (dt) VALUES ('2020-00-05 10:00:00')
con1: INSERT IGNORE INTO w (ts) VALUES ('0000-00-00 00:00:00')
con1: UPDATE IGNORE w SET d = '0000-00-00'
con1: INSERT INTO w (dt) SELECT dt FROM z => 1292
con1: INSERT INTO w (dt) SELECT d FROM z => 1292
con1: INSERT INTO w (d) SELECT dt FROM z => 1292
con1: CREATE TEMPORARY TABLE tmp ENGINE=InnoDB SELECT dt FROM z => 1292
con1: UPDATE w SET dt = (SELECT dt FROM z) => 1292
con1: SET sql_mode = 'NO_ZERO_DATE'
con1: INSERT INTO w (dt) SELECT dt FROM z
con1: INSERT INTO w (d) VALUES ('0000-00-00')

[case fid_err_routine_warnings_and_sql_mode]
rule = mariadb.warnings.routine_merge_on_error
seed = 002
description = a trigger or stored function runs with its own warning list, merged into the caller's only when it fails (a CALL always merges), and under the sql_mode it was created with: a function created under '' warns (and so shows nothing) where its strict caller would fail
session.sql_mode = ''
setup: CREATE TABLE t2 (id INT, c VARCHAR(3)) ENGINE=MyISAM
setup: CREATE TABLE t3 (id INT, c_dec DECIMAL(5,2) NOT NULL, s VARCHAR(2)) ENGINE=MyISAM
setup: CREATE TABLE t4 (id INT, c VARCHAR(3)) ENGINE=MyISAM
setup: CREATE TRIGGER tr1 BEFORE INSERT ON t2 FOR EACH ROW INSERT INTO t3 (id, s) VALUES (1, 'abc')
setup: CREATE TRIGGER tr4 BEFORE INSERT ON t4 FOR EACH ROW INSERT INTO t3 (id, c_dec, s) VALUES (1, 1, 'abc')
setup: CREATE FUNCTION f1() RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t3 (id, s) VALUES (1, 'abc'); RETURN 1; END
setup: CREATE FUNCTION f2() RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t3 (id, c_dec, s) VALUES (1, 1, 'abc'); RETURN 1; END
setup: CREATE PROCEDURE p1() INSERT INTO t3 (id, s) VALUES (1, 'abc')
con1: INSERT INTO t2 VALUES (1, 'a')
con1: INSERT INTO t4 VALUES (1, 'abcdef')
con1: SELECT f1()
con1: INSERT INTO t2 VALUES (1, 'abcdef')
con1: SELECT f2()
con1: INSERT INTO t2 VALUES (1, 'abcdef')
con1: DO f2()
con1: CALL p1()
con1: SET sql_mode = DEFAULT
con1: SELECT f1()
con1: INSERT INTO t2 VALUES (1, 'a')
con1: CALL p1()
con1: CREATE FUNCTION f3() RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t3 (id, s) VALUES (1, 'abc'); RETURN 1; END
con1: SELECT f3() => 1364
con1: SET sql_mode = ''
con1: SELECT f3() => 1364

[case fid_err_odku_null_not_null]
rule = mariadb.strict.odku_null_into_not_null
seed = 002
description = NULL for a NOT NULL column in the UPDATE part of ON DUPLICATE KEY UPDATE: after VALUES as in the INSERT part (one row: 1048 + 1105 strict or not; several: 1048 strict, else a warning and the zero); after a SELECT 1048 + 1105 strict or not, and under IGNORE the zero without a warning; the AUTO_INCREMENT column takes it as its zero silently
session.sql_mode = ''
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE ti (id INT PRIMARY KEY, c_int INT NOT NULL, s VARCHAR(2)) ENGINE=InnoDB
setup: INSERT INTO ti VALUES (1, 1, 'a')
con1: INSERT INTO t1 (id, c_int) VALUES (3, 77), (3, 4) ON DUPLICATE KEY UPDATE c_int = NULL
con1: INSERT INTO t1 (id, c_int) VALUES (3, 77) ON DUPLICATE KEY UPDATE c_int = NULL => 1048
con1: INSERT IGNORE INTO t1 (id, c_int) VALUES (3, 77) ON DUPLICATE KEY UPDATE c_int = NULL
con1: INSERT INTO ti (id, c_int) SELECT 1, 5 ON DUPLICATE KEY UPDATE s = 'abc', c_int = NULL => 1048
con1: INSERT IGNORE INTO ti (id, c_int) SELECT 1, 5 ON DUPLICATE KEY UPDATE c_int = NULL
con1: INSERT INTO ti (id, c_int, s) SELECT 2, NULL, 'abc'
con1: SET sql_mode = DEFAULT
con1: INSERT INTO t1 (id, c_int) VALUES (3, 77), (3, 4) ON DUPLICATE KEY UPDATE c_int = NULL => 1048
con1: INSERT INTO ti (id, c_int) SELECT 1, 5 ON DUPLICATE KEY UPDATE c_int = NULL => 1048
con1: SELECT * FROM ti
con1: CREATE TABLE a (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY) ENGINE=MyISAM
con1: INSERT INTO a (id) VALUES (5), (8)
con1: INSERT INTO a (id) VALUES (5), (8) ON DUPLICATE KEY UPDATE id = NULL => 1062
con1: INSERT INTO a (id) VALUES (5) ON DUPLICATE KEY UPDATE id = NULL

[case fid_err_temp_myisam_1196]
rule = mariadb.warnings.temp_nontrans_rollback_1196
seed = 002
description = an autocommit statement that fails after changing a temporary MyISAM table warns 1196 like one on a base MyISAM table (modified_non_trans_table)
setup: CREATE TABLE t1 (id DATETIME NULL UNIQUE, c_int INT, c_dt DATETIME) ENGINE=MyISAM
setup: INSERT INTO t1 (id, c_int, c_dt) VALUES ('2024-01-07 10:00:00', 62, '2023-02-16 05:30:00'), ('2024-01-08 10:00:00', 50, '2023-04-19 09:30:00')
con1: CREATE TEMPORARY TABLE tmp5 (PRIMARY KEY (id)) ENGINE=MyISAM SELECT id, c_int, c_dt FROM t1
con1: UPDATE tmp5 SET id = '2025-05-05 05:05:05' WHERE c_dt IS NOT NULL => 1062
con1: INSERT INTO tmp5 VALUES ('2026-01-01 00:00:00', 1, NULL), ('2025-05-05 05:05:05', 1, NULL) => 1062
con1: CREATE TEMPORARY TABLE tmp6 (id INT PRIMARY KEY) ENGINE=InnoDB
con1: INSERT INTO tmp6 VALUES (1), (1) => 1062

[case fid_err_unknown_column_names_its_clause]
rule = mariadb.errors.bad_field_clause
seed = 002
description = 1054 names the clause being resolved (thd->where): SELECT (a select list, a multi-table UPDATE's new values, the value of ON DUPLICATE KEY UPDATE), WHERE, ON, GROUP BY, ORDER BY, SET (single-table UPDATE values and every UPDATE's targets), VALUES, INSERT INTO (the column list), UPDATE (the ODKU target)
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c INT) ENGINE=MyISAM
setup: CREATE TABLE t3 (c_str VARCHAR(6)) ENGINE=InnoDB
con1: UPDATE t1 a, t3 b SET a.c = 1 WHERE a.id = b.id => 1054
con1: UPDATE t1 a, t3 b SET a.c = b.id WHERE a.id = 1 => 1054
con1: UPDATE t1 a, t3 b SET b.id = 1 WHERE a.id = 1 => 1054
con1: UPDATE t1 a JOIN t3 b ON a.id = b.id SET a.c = 1 => 1054
con1: UPDATE t1 SET c = 1 WHERE nosuch = 1 => 1054
con1: UPDATE t1 SET c = nosuch WHERE id = 1 => 1054
con1: UPDATE t1 SET nosuch = 1 => 1054
con1: UPDATE t1 SET c = 1 ORDER BY nosuch => 1054
con1: DELETE a FROM t1 a, t3 b WHERE a.id = b.id => 1054
con1: DELETE a FROM t1 a JOIN t3 b ON a.id = b.id => 1054
con1: DELETE FROM t1 ORDER BY nosuch => 1054
con1: SELECT nosuch FROM t1 => 1054
con1: SELECT * FROM t1 WHERE nosuch = 1 => 1054
con1: SELECT c FROM t1 GROUP BY nosuch => 1054
con1: INSERT INTO t1 VALUES (nosuch, 1) => 1054
con1: INSERT INTO t1 (nosuch) VALUES (1) => 1054
con1: INSERT INTO t1 SELECT nosuch, 1 FROM t1 => 1054
con1: INSERT INTO t1 VALUES (1, 1) ON DUPLICATE KEY UPDATE c = nosuch => 1054
con1: INSERT INTO t1 VALUES (1, 1) ON DUPLICATE KEY UPDATE nosuch = 1 => 1054
con1: SET @v = (SELECT nosuch FROM t1) => 1054
con1: SELECT * FROM t1, t3 WHERE id = 1 AND c = 2

[case fid_err_autoinc_past_type_max_167]
rule = mariadb.errors.autoinc_erange
seed = 002
description = an AUTO_INCREMENT value generated past the column type's maximum is error 167 Out of range value for column 'id' at row N, strict or not (MyISAM and InnoDB); under IGNORE a warning and the row is skipped
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c INT) ENGINE=MyISAM
setup: CREATE TABLE t3 (id TINYINT NOT NULL AUTO_INCREMENT PRIMARY KEY, c INT) ENGINE=InnoDB
con1: INSERT INTO t2 VALUES (2147483647, 1)
con1: INSERT INTO t2 (c) VALUES (2) => 167
con1: REPLACE INTO t2 (c) VALUES (2) => 167
con1: INSERT INTO t3 VALUES (126, 1)
con1: INSERT INTO t3 (c) VALUES (2), (3) => 167
con1: INSERT IGNORE INTO t3 (c) VALUES (2)
con1: SET sql_mode = ''
con1: INSERT INTO t3 (c) VALUES (2) => 167
con1: SELECT * FROM t3

[case fid_err_odku_conditions_count_the_insert_row]
rule = mariadb.warnings.odku_at_row
seed = 002
description = conditions of the UPDATE part of ON DUPLICATE KEY UPDATE say "at row N" of the INSERT row that found the duplicate, and a later row of a MyISAM INSERT only warns there too
setup: CREATE TABLE t1 (id INT NOT NULL UNIQUE, c_dec DECIMAL(5,2), s VARCHAR(2)) ENGINE=InnoDB
setup: CREATE TABLE m (id INT NOT NULL UNIQUE, s VARCHAR(2)) ENGINE=MyISAM
setup: INSERT INTO m VALUES (1, 'a')
con1: INSERT INTO t1 (id, c_dec) VALUES (5, 0.25), (5, NULL) ON DUPLICATE KEY UPDATE c_dec = c_dec / 3
con1: INSERT INTO t1 (id, c_dec) VALUES (6, 1), (7, 1), (5, 1) ON DUPLICATE KEY UPDATE c_dec = 1/3
con1: INSERT INTO t1 (id) SELECT 7 UNION SELECT 5 ON DUPLICATE KEY UPDATE c_dec = 2/3
con1: INSERT INTO m (id) VALUES (2), (1) ON DUPLICATE KEY UPDATE s = 'abc'
con1: INSERT INTO m (id) VALUES (1), (3) ON DUPLICATE KEY UPDATE s = 'abc' => 1406
con1: SET sql_mode = ''
con1: INSERT INTO t1 (id) VALUES (8), (6) ON DUPLICATE KEY UPDATE s = 'abc'

[case fid_err_create_select_innodb_read_committed_1665]
rule = mariadb.decide.create_select_post_lock_1665
seed = 002
description = STATEMENT, READ COMMITTED: CREATE TABLE ... ENGINE=InnoDB SELECT fails with 1665 without InnoDB's suffix and without its 1030 (the new table is refused by select_create's post-lock decide_logging_format), where INSERT INTO an InnoDB table gets both
formats = STATEMENT
setup: CREATE TABLE t1 (id DATETIME, c_blob BLOB) ENGINE=MyISAM
setup: CREATE TABLE t2 (id INT) ENGINE=InnoDB
con1: SET tx_isolation = 'READ-COMMITTED'
con1: CREATE TABLE t4 ENGINE=InnoDB SELECT c_blob FROM t1 WHERE id IS NULL  => 1665
con1: INSERT INTO t2 VALUES (1)  => 1665

[case fid_err_replace_fires_delete_triggers]
rule = mariadb.replace.delete_triggers
seed = 002
description = REPLACE's delete of the conflicting row fires the table's BEFORE/AFTER DELETE triggers (write_record): a BEFORE DELETE trigger whose insert fails (1048) fails the REPLACE; a working trigger's row is logged with it
formats = STATEMENT ROW MIXED
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_int INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id DATETIME NOT NULL PRIMARY KEY, c_int INT NOT NULL) ENGINE=InnoDB
setup: CREATE TABLE t3 (id INT NOT NULL PRIMARY KEY, c INT) ENGINE=InnoDB
setup: CREATE TABLE log3 (n INT) ENGINE=InnoDB
setup: INSERT INTO t2 (id, c_int) VALUES ('2024-01-07 10:00:00', 91), ('2024-01-03 10:00:00', 93)
setup: INSERT INTO t3 VALUES (1, 1)
setup: CREATE TRIGGER trg_t2 BEFORE DELETE ON t2 FOR EACH ROW INSERT INTO t1 (c_int, id) VALUES (1, NULL)
setup: CREATE TRIGGER trg_t3 AFTER DELETE ON t3 FOR EACH ROW INSERT INTO log3 VALUES (OLD.c)
con1: REPLACE INTO t2 (id, c_int) VALUES ('2024-01-07 10:00:00', 93)  => 1048
con1: REPLACE INTO t3 VALUES (1, 5)

[case fid_err_insert_id_is_unsigned]
rule = mariadb.ok_packet.insert_id_ulonglong
seed = 002
description = the OK packet's insert id is a ulonglong: INSERT ... SELECT storing -4 in a signed AUTO_INCREMENT column succeeds (the id wraps), it is no error
formats = STATEMENT ROW MIXED
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB, c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT INTO t1 (id, c_blob, c_dec) VALUES (2, 'x', -3.75)
con1: INSERT IGNORE INTO t1 (id, c_blob, c_dec) SELECT c_dec, c_blob, c_blob FROM t1 ORDER BY id LIMIT 2
