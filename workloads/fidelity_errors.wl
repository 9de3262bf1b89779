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
con1: UPDATE t a, src b SET a.s = b.c, a.d = b.n WHERE a.id = b.id => 1406,mysql-9.7:1265
con1: CREATE TABLE c1 (a INT, b VARCHAR(2)) SELECT c AS a, c AS b FROM src => 1366
con1: INSERT INTO m VALUES ('x', 'abcdef', 123456, 'zz') => 1366
con1: INSERT INTO m SELECT c, c, n, c FROM src => 1366
con1: REPLACE INTO m VALUES ('x', 'abcdef', 123456, 'zz') => 1366
con1: INSERT INTO t (s, id, d) SELECT c, NULL, n FROM src => 1406,mysql-9.7:1265
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
con1: INSERT INTO m (k) SELECT a FROM src => 1364,mysql-9.7:OK
con1: INSERT INTO m (k, s) VALUES ('x', 'abc') => 1364,mysql-9.7:1366
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
con1: SELECT f3() => 1364,mysql-9.7:1406
con1: SET sql_mode = ''
con1: SELECT f3() => 1364,mysql-9.7:1406

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
con1: INSERT INTO t2 (c) VALUES (2) => 167,mysql-9.7:1264
con1: REPLACE INTO t2 (c) VALUES (2) => 167,mysql-9.7:1264
con1: INSERT INTO t3 VALUES (126, 1)
con1: INSERT INTO t3 (c) VALUES (2), (3) => 167,mysql-9.7:1467
con1: INSERT IGNORE INTO t3 (c) VALUES (2)
con1: SET sql_mode = ''
con1: INSERT INTO t3 (c) VALUES (2) => 167,mysql-9.7:1062
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

[case fid_err_strict_dml_aborts_on_expression_warning]
rule = mariadb.strict.abort_on_warning_in_expressions
seed = 002
description = a warning an expression raises while a strict INSERT/UPDATE aborts on warnings (no IGNORE) is an error that stops the statement (THD::raise_condition): date arithmetic (+/- INTERVAL, DATE_ADD/SUB, ADDDATE) over a zero date or a date with zero parts warns 1292 and gives NULL, so it fails a strict UPDATE (single- and multi-table, MyISAM after the rows before it), ODKU and INSERT VALUES (the NULL is still stored: a NOT NULL column adds 1048, a later value its own error), and only warns in a SELECT, a non-strict or an IGNORE statement; DATEDIFF/DAYOFWEEK/TO_DAYS of a zero column are NULL without a warning
setup: CREATE TABLE t (id INT PRIMARY KEY, dt DATETIME, d DATE, s VARCHAR(30)) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY, dt DATETIME) ENGINE=MyISAM
con1: SET sql_mode = ''
con1: INSERT INTO t VALUES (1, '0000-00-00 00:00:00', '0000-00-00', ''), (2, '2024-00-05 10:00:00', '2024-05-00', ''), (3, '2024-01-02 03:04:05', '2024-01-02', '')
con1: INSERT INTO m SELECT id, dt FROM t
con1: SELECT id, dt + INTERVAL 1 DAY, DATE_SUB(d, INTERVAL 1 MONTH) FROM t
con1: UPDATE t SET s = dt - INTERVAL 1 HOUR
con1: SET sql_mode = 'STRICT_TRANS_TABLES'
con1: SELECT id, dt + INTERVAL 1 DAY FROM t
con1: UPDATE t SET dt = dt + INTERVAL 1 DAY WHERE id = 2  => 1292,mysql-9.7:OK
con1: UPDATE t SET dt = ADDDATE(dt, 1) ORDER BY id  => 1292,mysql-9.7:OK
con1: UPDATE m SET dt = dt + INTERVAL 1 DAY ORDER BY id DESC  => 1292,mysql-9.7:OK
con1: UPDATE t SET s = DATEDIFF(dt, '2024-01-01'), id = id + 0 WHERE id = 1
con1: UPDATE t SET s = CONCAT(DAYOFWEEK(d), TO_DAYS(dt)) WHERE id = 2
con1: UPDATE t a, m b SET a.s = b.dt + INTERVAL 1 DAY WHERE a.id = b.id  => 1292,mysql-9.7:OK
con1: INSERT INTO t (id, s) VALUES (1, 'x') ON DUPLICATE KEY UPDATE s = d + INTERVAL 1 DAY  => 1292,mysql-9.7:OK
con1: INSERT INTO t (id, s) VALUES (7, '0000-00-00' + INTERVAL 1 DAY)  => 1292
con1: INSERT IGNORE INTO t (id, s) VALUES (8, '0000-00-00' + INTERVAL 1 DAY)
con1: SET sql_mode = 'TRADITIONAL'
con1: UPDATE t SET s = d - INTERVAL 1 DAY WHERE id = 1  => 1292,mysql-9.7:OK
con1: UPDATE IGNORE t SET dt = dt + INTERVAL 1 DAY
con1: CREATE TABLE k (id INT PRIMARY KEY, nn DATETIME NOT NULL, s VARCHAR(2)) ENGINE=InnoDB
con1: INSERT IGNORE INTO k VALUES (1, '0000-00-00', '')
con1: UPDATE k SET nn = nn + INTERVAL 1 DAY, s = 'abc'  => 1292,mysql-9.7:1048
con1: INSERT INTO k VALUES (1, '2024-01-01', '') ON DUPLICATE KEY UPDATE nn = nn - INTERVAL 1 DAY  => 1292,mysql-9.7:1048

[case fid_err_strict_where_warning_aborts]
rule = mariadb.strict.abort_on_warning_in_expressions
seed = 002
description = the WHERE's warnings fail a strict UPDATE (abort_on_warning is set before the rows are read), a strict multi-table UPDATE and INSERT ... SELECT (set before the join or SELECT runs); with ORDER BY the filesort read the rows before, so an UPDATE only warns; DELETE and IGNORE only warn
setup: CREATE TABLE t (id INT PRIMARY KEY, dt DATETIME, n INT) ENGINE=InnoDB
setup: CREATE TABLE u (id INT PRIMARY KEY, dt DATETIME) ENGINE=InnoDB
setup: SET sql_mode = ''
setup: INSERT INTO t VALUES (1, '2024-01-01', 0), (2, '0000-00-00', 0), (3, '2024-01-01', 0)
setup: INSERT INTO u SELECT id, dt FROM t
con1: SET sql_mode = 'STRICT_TRANS_TABLES'
con1: UPDATE t SET n = 1 WHERE dt + INTERVAL 1 DAY IS NOT NULL  => 1292,mysql-9.7:OK
con1: UPDATE t SET n = 2 WHERE dt + INTERVAL 1 DAY IS NOT NULL ORDER BY id
con1: UPDATE IGNORE t SET n = 3 WHERE dt + INTERVAL 1 DAY IS NOT NULL
con1: UPDATE t a, u b SET a.n = 4 WHERE a.id = b.id AND b.dt + INTERVAL 1 DAY IS NOT NULL  => 1292,mysql-9.7:OK
con1: INSERT INTO t (id, n) SELECT id + 10, 1 FROM u WHERE dt + INTERVAL 1 DAY IS NOT NULL  => 1292,mysql-9.7:OK
con1: INSERT IGNORE INTO t (id, n) SELECT id + 20, 1 FROM u WHERE dt + INTERVAL 1 DAY IS NOT NULL
con1: DELETE FROM t WHERE DATE_SUB(dt, INTERVAL 1 DAY) IS NULL

[case fid_err_insert_select_self_temporary_zero_date]
rule = mariadb.strict.insert_select_temporary_zero_date
seed = 002
description = an INSERT/REPLACE ... SELECT that reads its own table stores the SELECT's rows (before ORDER BY/LIMIT, in scan order) in a temporary table first: under TRADITIONAL a zero date fails there, worded for ``.`(temporary)`.`item` at the SELECT's row, before any value is converted for the target; a date with a zero part fails only in the target; another target table, IGNORE or STRICT_TRANS_TABLES alone do not
setup: CREATE TABLE t (id INT PRIMARY KEY, dt DATETIME, d DATE, n INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT PRIMARY KEY, dt DATETIME, d DATE, n INT) ENGINE=InnoDB
setup: SET sql_mode = ''
setup: INSERT INTO t VALUES (1, '2024-01-01', '2024-01-01', 0), (2, '0000-00-00', '2024-01-01', 0), (3, '2024-00-05', '2024-01-01', 0), (4, '2024-01-01', '0000-00-00', 0)
con1: SET sql_mode = 'TRADITIONAL'
con1: INSERT INTO t (id, dt) SELECT id + 10, dt FROM t  => 1292
con1: INSERT INTO t (id, d) SELECT id + 10, d FROM t  => 1292
con1: INSERT INTO t2 (id, dt) SELECT id + 10, dt FROM t  => 1292
con1: REPLACE INTO t (id, n, dt) SELECT id, dt, dt FROM t WHERE id > 1  => 1292
con1: INSERT INTO t (id, dt) SELECT id + 20, dt FROM t WHERE id = 3  => 1292
con1: INSERT INTO t (id, dt) SELECT id + 70, dt FROM t ORDER BY id LIMIT 1  => 1292,mysql-9.7:OK
con1: INSERT IGNORE INTO t (id, dt) SELECT id + 60, dt FROM t WHERE id = 2
con1: SET sql_mode = 'STRICT_TRANS_TABLES'
con1: INSERT INTO t (id, dt) SELECT id + 30, dt FROM t WHERE id = 2

[case fid_err_real_date_functions_warn_on_zero_strings]
rule = mariadb.dates.real_date_argument
seed = 002
description = functions that need a real calendar date (DATEDIFF, TO_DAYS, DAYOFWEEK, WEEKDAY, DAYNAME, TIMESTAMPDIFF) read a string that is a zero date or has a zero part as NULL with warning 1292 in every sql_mode; a DATE/DATETIME column's zero value is NULL without a warning; LAST_DAY and DATE follow the session's NO_ZERO_DATE; a strict INSERT/UPDATE fails on the warning
setup: CREATE TABLE t (id INT PRIMARY KEY, dt DATETIME, d DATE, n INT) ENGINE=InnoDB
setup: SET sql_mode = ''
setup: INSERT INTO t VALUES (1, '0000-00-00', '2024-00-05', 0)
con1: SET sql_mode = ''
con1: SELECT DATEDIFF('0000-00-00', '2024-01-01'), TO_DAYS('0000-00-00'), DAYOFWEEK('0000-00-00'), WEEKDAY('2024-00-05'), LAST_DAY('0000-00-00'), DATE('0000-00-00')
con1: SELECT DATEDIFF(dt, '2024-01-01'), TO_DAYS(dt), DAYOFWEEK(d), TIMESTAMPDIFF(DAY, dt, '2024-01-01'), DAYNAME(dt) FROM t
con1: SET sql_mode = 'NO_ZERO_DATE'
con1: SELECT TIMESTAMPDIFF(DAY, '0000-00-00', '2024-01-01'), LAST_DAY('0000-00-00'), DATE('0000-00-00')
con1: UPDATE t SET n = TO_DAYS('2024-00-05')
con1: SET sql_mode = 'STRICT_TRANS_TABLES'
con1: UPDATE t SET n = DATEDIFF('0000-00-00', '2024-01-01')  => 1292
con1: UPDATE t SET n = DATEDIFF(dt, '2024-01-01')
con1: INSERT INTO t (id, n) VALUES (2, DAYOFWEEK('2024-05-00'))  => 1292

[case fid_err_join_datetime_conversion_one_row]
rule = mariadb.warnings.join_datetime_conversion
seed = 002
description = a join condition comparing a DATETIME column with an INT/VARCHAR/DECIMAL column converts the non-temporal value: 1292 "Incorrect datetime value ... for column <that column> at row 1" once when both tables hold one row; a strict UPDATE stops with it when the DATETIME column has no index, and a string/DECIMAL from a one-row MyISAM table looked up in an InnoDB DATETIME index does not warn
setup: CREATE TABLE v (id VARCHAR(10) NOT NULL UNIQUE, c INT NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE d (id DATETIME NOT NULL UNIQUE, c INT) ENGINE=MyISAM
setup: INSERT INTO d VALUES ('2024-01-09 10:00:00', 51)
setup: INSERT INTO v VALUES ('k3', 2)
setup: CREATE TABLE i (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c INT) ENGINE=InnoDB
setup: INSERT INTO i (c) VALUES (1)
setup: CREATE TABLE di (id DATETIME, c INT) ENGINE=InnoDB
setup: INSERT INTO di VALUES ('2024-01-09 10:00:00', 1)
setup: CREATE TABLE dk (id DATETIME UNIQUE, c INT) ENGINE=InnoDB
setup: INSERT INTO dk VALUES ('2024-01-09 10:00:00', 1)
setup: CREATE TABLE m (id DECIMAL(5,2), c INT) ENGINE=MyISAM
setup: INSERT INTO m VALUES (1.5, 1)
con1: DELETE a, b FROM d a JOIN v b ON a.id = b.id  => mysql-9.7:1292
con1: UPDATE i a, di b SET a.c = 5 WHERE a.id = b.id => 1292,mysql-9.7:OK
con1: DELETE a FROM i a JOIN d b ON a.id = b.id WHERE 1 = 1
con1: DELETE a FROM m a JOIN dk b ON b.id = a.id
con1: SET sql_mode = ''
con1: UPDATE i a, di b SET a.c = 5 WHERE a.id = b.id
con1: UPDATE di b, m a SET a.c = 6 WHERE b.id = a.id

[case fid_err_join_datetime_conversion_smaller_table_first]
rule = mariadb.warnings.join_datetime_conversion
seed = 002
description = the table with fewer rows is read first: a non-temporal table first converts once per row in the ref lookup into a unique DATETIME index ("at row 1"; a clean datetime that finds nothing does not warn; a strict UPDATE only warns); otherwise every pair is compared, "at row" counting the inner table's rows, and a strict UPDATE stops at the first
setup: CREATE TABLE i (id INT NOT NULL PRIMARY KEY, c INT) ENGINE=InnoDB
setup: INSERT INTO i VALUES (3, 1), (4, 1)
setup: CREATE TABLE v (id VARCHAR(10) UNIQUE, c INT) ENGINE=MyISAM
setup: INSERT INTO v VALUES ('k3', 1), ('k4', 1)
setup: CREATE TABLE d1 (id DATETIME NOT NULL PRIMARY KEY, c INT) ENGINE=MyISAM
setup: INSERT INTO d1 VALUES ('2024-01-01 10:00:00', 1)
setup: CREATE TABLE dk (id DATETIME UNIQUE, c INT) ENGINE=InnoDB
setup: INSERT INTO dk VALUES ('2024-01-01 10:00:00', 1), ('2024-01-02 10:00:00', 1), ('2024-01-03 10:00:00', 1)
setup: CREATE TABLE dn (id DATETIME, c DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT INTO dn VALUES ('2024-01-01 10:00:00', 1), ('2024-01-02 10:00:00', 1), ('2024-01-03 10:00:00', 1), ('2024-01-04 10:00:00', 1)
setup: CREATE TABLE m (id DECIMAL(5,2), c INT) ENGINE=InnoDB
setup: INSERT INTO m VALUES (1.5, 1), (2.5, 1)
setup: CREATE TABLE z (id INT, c INT) ENGINE=MyISAM
setup: INSERT INTO z VALUES (20240105, 1), (3, 1)
setup: CREATE TABLE o (id INT, c INT) ENGINE=InnoDB
setup: INSERT INTO o VALUES (7, 1)
con1: DELETE a FROM i a JOIN d1 b ON a.id = b.id
con1: DELETE a FROM z a JOIN dk b ON a.id = b.id  => mysql-9.7:1292
con1: DELETE a FROM o a JOIN dn b ON a.id = b.id
con1: DELETE b FROM dk b JOIN v a ON b.id = a.id WHERE 1 = 1  => mysql-9.7:1292
con1: UPDATE i a, dk b SET a.c = 2 WHERE b.id = a.id  => mysql-9.7:1292
con1: UPDATE dn b, m a SET b.c = 2 WHERE b.id = a.id => 1292,mysql-9.7:OK
con1: DELETE a FROM m a JOIN dn b ON a.id = b.id
con1: SET sql_mode = ''
con1: UPDATE dn b, m a SET b.c = 2 WHERE b.id = a.id
con1: UPDATE dk b, i a SET b.c = 3 WHERE b.id = a.id

[case fid_err_join_string_number_conversion]
rule = mariadb.warnings.join_number_conversion
seed = 002
description = a join of a VARCHAR and an INT/DECIMAL column converts the strings: the table with fewer rows is read first; a lookup per string row into a unique numeric index warns "Truncated incorrect INTEGER/DECIMAL value", compared pairs "... DECIMAL value" (INT column) or "... DOUBLE value" (DECIMAL column)
setup: CREATE TABLE s (id VARCHAR(10) UNIQUE, c INT) ENGINE=InnoDB
setup: INSERT INTO s VALUES ('k3', 1), ('k4', 1)
setup: CREATE TABLE s3 (id VARCHAR(10), c INT) ENGINE=MyISAM
setup: INSERT INTO s3 VALUES ('k5', 1), ('k6', 1), ('k7', 1)
setup: CREATE TABLE ni (id INT NOT NULL PRIMARY KEY, c INT) ENGINE=InnoDB
setup: INSERT INTO ni VALUES (10, 1), (11, 1), (12, 1), (13, 1)
setup: CREATE TABLE nd (id DECIMAL(5,2), c INT) ENGINE=MyISAM
setup: INSERT INTO nd VALUES (1.5, 1)
setup: CREATE TABLE nu (id DECIMAL(5,2) UNIQUE, c INT) ENGINE=MyISAM
setup: INSERT INTO nu VALUES (1.5, 1), (2.5, 1), (3.5, 1), (4.5, 1)
con1: DELETE a FROM s a JOIN ni b ON a.id = b.id
con1: DELETE b FROM nd b JOIN s a ON b.id = a.id  => mysql-9.7:1292
con1: DELETE a FROM s3 a JOIN nu b ON a.id = b.id  => mysql-9.7:1366
con1: DELETE a FROM s3 a JOIN nd b ON a.id = b.id  => mysql-9.7:1292
con1: UPDATE nu b, s3 a SET b.c = 2 WHERE b.id = a.id  => mysql-9.7:1366
con1: SET sql_mode = ''
con1: UPDATE s a, ni b SET a.c = 2 WHERE a.id = b.id
con1: UPDATE ni b, s3 a SET b.c = 2 WHERE b.id = a.id


[case fid_err_create_select_innodb_read_committed_1665]
rule = mariadb.decide.create_select_post_lock_1665
seed = 002
description = STATEMENT, READ COMMITTED: CREATE TABLE ... ENGINE=InnoDB SELECT fails with 1665 without InnoDB's suffix and without its 1030 (the new table is refused by select_create's post-lock decide_logging_format), where INSERT INTO an InnoDB table gets both
formats = STATEMENT
setup: CREATE TABLE t1 (id DATETIME, c_blob BLOB) ENGINE=MyISAM
setup: CREATE TABLE t2 (id INT) ENGINE=InnoDB
con1: SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED
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

[case fid_err_temporary_innodb_read_committed_1665]
rule = mariadb.innodb.external_lock_1665
seed = 002
description = READ COMMITTED/UNCOMMITTED: a write to a temporary InnoDB table fails with 1665 (suffix, 1030) in STATEMENT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c INT) ENGINE=InnoDB
setup: CREATE TABLE m1 (id INT, c INT) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES (1, 1), (2, 2)
setup: INSERT INTO m1 VALUES (1, 1)
con1: SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED
con1: CREATE TEMPORARY TABLE tmp1 (id INT PRIMARY KEY, c INT) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE tmp2 ENGINE=InnoDB SELECT id, c FROM m1  => mysql-9.7/STATEMENT:1665
con1: CREATE TEMPORARY TABLE tmp3 (id INT, c INT) ENGINE=MyISAM
con1: INSERT INTO tmp1 VALUES (1, 1), (1, 2)  => STATEMENT:1665,1062
con1: UPDATE tmp2 SET c = 5 WHERE id = 99  => STATEMENT:1665,mysql-9.7/STATEMENT:1146
con1: DELETE FROM tmp2 WHERE c = NULL  => STATEMENT:1665,mysql-9.7/STATEMENT:1146
con1: REPLACE INTO tmp2 VALUES (3, 3)  => STATEMENT:1665,mysql-9.7/STATEMENT:1146
con1: INSERT INTO tmp3 SELECT id, c FROM tmp2  => mysql-9.7/STATEMENT:1146
con1: INSERT INTO m1 SELECT id, c FROM tmp2  => mysql-9.7/STATEMENT:1146
con1: INSERT INTO tmp3 VALUES (7, 7)
con1: UPDATE tmp3 a, tmp2 b SET a.c = 9 WHERE a.id = b.id  => mysql-9.7/STATEMENT:1146
con1: UPDATE tmp3 a, tmp2 b SET b.c = 9 WHERE a.id = b.id  => STATEMENT:1665,mysql-9.7/STATEMENT:1146
con1: TRUNCATE TABLE tmp2  => mysql-9.7/STATEMENT:1146
con1: SET SESSION TRANSACTION ISOLATION LEVEL READ UNCOMMITTED
con1: INSERT INTO tmp2 VALUES (4, 4)  => STATEMENT:1665,mysql-9.7/STATEMENT:1146
con1: REPLACE INTO t1 SELECT id, c FROM missing_t  => 1146
con1: UPDATE t1, missing_t SET t1.c = 1  => 1146
con1: INSERT INTO tmp1 SELECT * FROM missing_t  => 1146
con1: SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ
con1: INSERT INTO tmp2 VALUES (5, 5)  => mysql-9.7/STATEMENT:1146
con1: UPDATE tmp2 SET c = 6  => mysql-9.7/STATEMENT:1146

[case fid_err_on_duplicate_update_fires_update_triggers]
rule = mariadb.insert.on_duplicate_update_triggers
seed = 002
description = INSERT ... ON DUPLICATE KEY UPDATE runs the table's BEFORE UPDATE triggers (which may change NEW) and AFTER UPDATE triggers for each duplicate row, also when the update changes nothing; a trigger's AUTO_INCREMENT insert logs its Intvar (write_record)
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id DECIMAL(6,2) NOT NULL PRIMARY KEY, c_dec DECIMAL(5,2)) ENGINE=MyISAM
setup: CREATE TABLE t3 (id INT PRIMARY KEY, c INT, note VARCHAR(10)) ENGINE=InnoDB
setup: CREATE TRIGGER trg_t2 AFTER UPDATE ON t2 FOR EACH ROW INSERT INTO t1 (c_int) VALUES (1)
setup: CREATE TRIGGER trg_t3 BEFORE UPDATE ON t3 FOR EACH ROW SET NEW.note = CONCAT('u', NEW.c)
setup: CREATE TRIGGER trg_t3a AFTER UPDATE ON t3 FOR EACH ROW INSERT INTO t1 (c_int) VALUES (NEW.c)
setup: INSERT INTO t3 VALUES (1, 1, 'x'), (2, 2, 'y')
con1: INSERT INTO t2 (id, c_dec) VALUES (1, -3.75), (1, 42) ON DUPLICATE KEY UPDATE id = id * 1  => mysql-9.7-gtid-on:1785
con1: INSERT INTO t2 (id, c_dec) VALUES (1, 5) ON DUPLICATE KEY UPDATE c_dec = 7  => mysql-9.7-gtid-on:1785
con1: INSERT INTO t3 VALUES (1, 10, 'z') ON DUPLICATE KEY UPDATE c = VALUES(c)
con1: INSERT INTO t3 VALUES (2, 2, 'z') ON DUPLICATE KEY UPDATE c = 2
con1: INSERT INTO t3 (id, c) SELECT id + 1, c_int FROM t1 WHERE id < 3 ON DUPLICATE KEY UPDATE c = t3.c + 100  => 1442

[case fid_err_failed_function_value_stored_as_null]
rule = mariadb.fill_record.failed_function_null
seed = 002
description = a stored function that fails (1442) returns NULL, which the UPDATE still stores: a NOT NULL column adds its 1048 (an error when strict, a warning otherwise) after the function's error and its 4094 note; a nullable column adds nothing
setup: CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_int INT NOT NULL, c_n INT, c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT INTO t2 (id, c_int, c_n, c_dec) VALUES (1, 46, 1, 42), (3, 5, 5, 1)
setup: CREATE TABLE m (id INT NOT NULL PRIMARY KEY, c_int INT NOT NULL) ENGINE=MyISAM
setup: INSERT INTO m VALUES (1, 1)
setup: CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t2 (c_int, id) VALUES (x, 2); RETURN x + 1; END
con1: UPDATE t2 SET c_int = f_log(c_int) WHERE c_dec = 42  => 1442
con1: UPDATE t2 SET c_n = f_log(c_int) WHERE c_dec = 42  => 1442
con1: UPDATE t2 SET c_int = f_log(c_int), c_n = NULL WHERE c_dec = 42  => 1442
con1: UPDATE t2 a, m b SET a.c_int = f_log(b.c_int) WHERE a.id = b.id  => 1442
con1: INSERT INTO t2 (id, c_int) VALUES (7, f_log(1))  => 1442
con1: SET sql_mode = ''
con1: UPDATE t2 SET c_int = f_log(c_int) WHERE c_dec = 42  => 1442
con1: UPDATE t2 SET c_n = f_log(c_int) WHERE c_dec = 42  => 1442
con1: INSERT INTO t2 (id, c_int) VALUES (8, f_log(1)), (9, 1)  => 1442
con1: INSERT INTO t2 (id, c_n, c_int) VALUES (8, f_log(1), 1)  => 1442

[case fid_err_create_select_null_into_not_null_warns]
rule = mariadb.create_select.null_not_null
seed = 002
description = CREATE ... SELECT stores a NULL into a NOT NULL column (a PRIMARY KEY it declares) as the type's zero with a 1048 warning unless the statement aborts on warnings (strict without IGNORE: error 1048)
setup: CREATE TABLE t1 (id VARCHAR(10), c_dt DATETIME, n INT) ENGINE=InnoDB
setup: INSERT INTO t1 (c_dt, n) VALUES ('2023-05-11 09:30:00', 1), ('2023-09-14 08:30:00', 2)
con1: SET sql_mode = ''
con1: CREATE TEMPORARY TABLE tmp3 (PRIMARY KEY (id)) ENGINE=MyISAM SELECT id, c_dt FROM t1 WHERE c_dt IS NOT NULL  => 1062
con1: CREATE TABLE t2 (id INT NOT NULL) ENGINE=InnoDB SELECT n AS k, id FROM t1
con1: CREATE TABLE t3 (PRIMARY KEY (id)) ENGINE=MyISAM SELECT id, n FROM t1 WHERE n = 1  => mysql-9.7-gtid-on:1786
con1: CREATE TABLE t7 (c INT, id INT NOT NULL UNIQUE) ENGINE=MyISAM SELECT n, id FROM t1 WHERE n = 2  => mysql-9.7-gtid-on:1786
con1: INSERT INTO t7 (c, n, id) VALUES (1, 1, 0)  => 1062,mysql-9.7-gtid-on:1146
con1: SET sql_mode = 'STRICT_ALL_TABLES'
con1: CREATE TABLE t4 (PRIMARY KEY (id)) ENGINE=InnoDB SELECT id, n FROM t1  => 1048
con1: CREATE TABLE t5 (PRIMARY KEY (id)) ENGINE=MyISAM IGNORE SELECT id, n FROM t1  => mysql-9.7-gtid-on:1786
con1: CREATE TABLE t6 (id INT NOT NULL) ENGINE=MyISAM SELECT n, id FROM t1  => 1048,mysql-9.7-gtid-on:1786

[case fid_err_null_with_before_triggers_checked_after]
rule = mariadb.trigger.nullable_record_fields
seed = 002
description = a table with a BEFORE INSERT or BEFORE UPDATE trigger stores a NULL for a NOT NULL column in its nullable trigger fields and refuses it after the BEFORE triggers (not_null_fields_have_null_values): 1048 without fill_record's 1105; an AFTER trigger changes nothing
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT NOT NULL, c_dt DATETIME NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE t3 (id VARCHAR(10) NOT NULL UNIQUE, c_int INT NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE t4 (id INT NOT NULL PRIMARY KEY, c_int INT NOT NULL) ENGINE=InnoDB
setup: CREATE TABLE t5 (id INT NOT NULL PRIMARY KEY, c_int INT NOT NULL) ENGINE=InnoDB
setup: CREATE TABLE t6 (id INT NOT NULL PRIMARY KEY, c_int INT NOT NULL) ENGINE=InnoDB
setup: CREATE TRIGGER trg_t2 BEFORE UPDATE ON t2 FOR EACH ROW UPDATE t3 SET c_int = c_int + 1 WHERE id = NEW.id
setup: CREATE TRIGGER trg_t4 BEFORE INSERT ON t4 FOR EACH ROW SET @x = 1
setup: CREATE TRIGGER trg_t5 AFTER INSERT ON t5 FOR EACH ROW SET @x = 2
con1: SET sql_mode = 'STRICT_ALL_TABLES'
con1: INSERT INTO t2 (c_int, id, c_dt) VALUES (@v_int, 7, '2023-06-14 02:30:00')  => 1048
con1: INSERT INTO t2 (c_int, id, c_dt) VALUES (NULL, 7, '2023-06-14 02:30:00')  => 1048
con1: INSERT INTO t4 (id, c_int) VALUES (1, NULL)  => 1048
con1: INSERT INTO t5 (id, c_int) VALUES (1, NULL)  => 1048
con1: INSERT INTO t6 (id, c_int) VALUES (1, NULL)  => 1048
con1: INSERT INTO t4 (id, c_int) VALUES (2, 2), (3, NULL)  => 1048
con1: SET sql_mode = ''
con1: INSERT INTO t2 (c_int, id, c_dt) VALUES (NULL, 8, '2023-06-14 02:30:00')  => 1048
con1: INSERT INTO t4 (id, c_int) VALUES (4, 4), (5, NULL)

[case fid_err_create_select_releases_row_locks]
rule = mariadb.create_select.implicit_commit_locks
seed = 002
description = CREATE TABLE ... SELECT commits when it ends (CF_AUTO_COMMIT_TRANS), also with autocommit=0, and an autocommit CREATE TEMPORARY ... SELECT ends its own transaction: the row locks their SELECT took on an InnoDB table are released, so another connection's writes do not wait (no 1205)
session.innodb_lock_wait_timeout = 1
session.lock_wait_timeout = 1
setup: CREATE TABLE t1 (id VARCHAR(10), c_int INT, c_blob BLOB) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES ('k1', 1, 'a'), ('k2', 2, 'b')
con2: INSERT IGNORE INTO t1 (id, c_int, c_blob) SELECT id, c_int, c_blob FROM t1 WHERE c_int > 5
con2: CREATE TABLE t2 ENGINE=InnoDB SELECT id, c_blob FROM t1
con1: INSERT IGNORE INTO t1 (id, c_int) VALUES ('k8', 44)
con1: UPDATE t1 SET c_int = 3 WHERE id = 'k1'
con2: CREATE TEMPORARY TABLE tmp1 ENGINE=MyISAM SELECT id, c_int FROM t1
con1: UPDATE t1 SET c_int = 4 WHERE id = 'k2'
con2: SET autocommit = 0
con2: CREATE TABLE t3 ENGINE=MyISAM SELECT id, c_int FROM t1  => mysql-9.7-gtid-on:1786
con1: DELETE FROM t1 WHERE id = 'k8'
con2: COMMIT

[case fid_err_no_default_per_row_with_trigger_fields]
rule = mariadb.trigger.nullable_record_fields
seed = 002
description = a table with nullable trigger fields (a BEFORE INSERT or BEFORE UPDATE trigger) reports 1364 for a NOT NULL column without default the INSERT leaves out once per row, where a table without them reports it once per statement
setup: CREATE TABLE t1 (c_int INT) ENGINE=MyISAM
setup: CREATE TABLE t2 (id DECIMAL(6,2) NOT NULL PRIMARY KEY, c_blob BLOB) ENGINE=InnoDB
setup: CREATE TABLE t3 (id DECIMAL(6,2) NOT NULL, c_blob BLOB) ENGINE=InnoDB
setup: CREATE TABLE t4 (id DECIMAL(6,2) NOT NULL, c_blob BLOB) ENGINE=InnoDB
setup: CREATE TABLE t5 (id DECIMAL(6,2) NOT NULL, c_blob BLOB) ENGINE=InnoDB
setup: CREATE TRIGGER trg_t2 BEFORE UPDATE ON t2 FOR EACH ROW INSERT INTO t1 (c_int) VALUES (1)
setup: CREATE TRIGGER trg_t3 BEFORE UPDATE ON t3 FOR EACH ROW INSERT INTO t1 (c_int) VALUES (1)
setup: CREATE TRIGGER trg_t4 BEFORE INSERT ON t4 FOR EACH ROW INSERT INTO t1 (c_int) VALUES (1)
con1: INSERT IGNORE INTO t2 (c_blob) VALUES ('blob'), ('x')
con1: INSERT IGNORE INTO t3 (c_blob) VALUES ('blob'), ('x'), ('y')
con1: INSERT IGNORE INTO t4 (c_blob) VALUES ('blob'), ('x'), ('y')  => mysql-9.7-gtid-on:1785
con1: INSERT IGNORE INTO t5 (c_blob) VALUES ('blob'), ('x'), ('y')
con1: SET sql_mode = ''
con1: INSERT INTO t3 (c_blob) VALUES ('blob'), ('x')
con1: INSERT INTO t3 (c_blob) SELECT c_blob FROM t5

[case fid_err_row_conditions_in_raise_order]
rule = mariadb.fill_record.condition_order
seed = 002
description = SHOW WARNINGS lists a failing INSERT row's conditions in the order fill_record raised them: a NOT NULL column's 1048 before a later column's 1265 note, after an earlier column's note
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB NOT NULL, c_dec DECIMAL(5,2), c_int INT NOT NULL DEFAULT 0) ENGINE=InnoDB
con1: SET sql_mode = 'STRICT_ALL_TABLES'
con1: INSERT INTO t2 (id, c_blob, c_dec) VALUES (2, NULL, 1.005), (4, NULL, -3.75)  => 1048
con1: INSERT INTO t2 (id, c_dec, c_blob) VALUES (2, 1.005, NULL), (4, 1, 'a')  => 1048
con1: INSERT INTO t2 (id, c_blob, c_dec, c_int) VALUES (5, NULL, 1.005, NULL), (6, 'a', 1, 1)  => 1048
con1: INSERT INTO t2 (id, c_blob, c_dec, c_int) VALUES (7, 'a', 1, 1), (8, NULL, 1.005, 'x')  => 1048

[case fid_err_failed_function_call_keeps_unsafe_note]
rule = mariadb.sp.execute_function_unsafe_warnings
seed = 002
description = STATEMENT: SELECT of a stored function that fails still issues the statement's unsafe notes (sp_head::execute_function), after the error and its 4094 note; DO of it answers OK (mysql_do clears the error, "DO always is OK") and keeps the conditions
setup: CREATE TABLE t1 (id DECIMAL(6,2) NOT NULL UNIQUE, c_int INT NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE ti (id INT) ENGINE=InnoDB
setup: CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (c_int, id) VALUES (x, 3.50); RETURN x + 1; END
con1: SET autocommit = 0
con1: INSERT INTO ti VALUES (1)
con1: INSERT INTO t1 VALUES (3.50, 1)  => mysql-9.7-gtid-on:1785
con1: SELECT f_log(3)  => 1062,mysql-9.7-gtid-on:1785
con1: DO f_log(4)  => mysql-9.7:1062,mysql-9.7-gtid-on:1785
con1: COMMIT

[case fid_err_do_ok_after_evaluation_errors]
rule = mariadb.sp.execute_function_unsafe_warnings
seed = 002
description = DO answers OK when evaluating its expressions failed (mysql_do clears the error after rolling the statement back), but an error found while the statement is prepared (1054, named for DO) still fails it
setup: CREATE TABLE t1 (id INT NOT NULL UNIQUE) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES (1)
setup: CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 VALUES (x); RETURN x + 1; END
con1: DO f_log(1)  => mysql-9.7:1062
con1: DO nocol + 1  => 1054
con1: DO (SELECT id FROM t1)
con1: DO f_log(2)
