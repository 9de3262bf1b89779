# A column compared with a literal of another type in a one-table WHERE (issue 10;
# docs/RULES-mariadb-10.11.md 5.12.3): the conversion's Warning 1292, and the error it
# is where the statement aborts on warnings. Each case comes from probing MariaDB 10.11.

[case fid_single_number_column_string_literal]
rule = mariadb.item_cmpfunc.const_conversion
seed = 003
description = a number column against a string literal converts the literal once, when first read (DECIMAL, against INT too); the right operand is not read while the left is NULL, so `d = 'x'` says nothing over NULLs while `'x' = d` warns; a strict CREATE ... SELECT, INSERT ... SELECT, REPLACE ... SELECT and UPDATE fail with it, DELETE, SELECT and IGNORE only warn
setup: CREATE TABLE t (id INT, d DECIMAL(5,2), c INT, s VARCHAR(10)) ENGINE=InnoDB
setup: CREATE TABLE n (id INT, d DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1, NULL, 1, '3'), (2, 1.50, 2, 'a'), (3, 2.00, 3, 'b')
setup: INSERT INTO n VALUES (1, NULL), (2, NULL)
con1: SELECT id FROM t WHERE d = 'x'
con1: SELECT id FROM n WHERE d = 'x'
con1: SELECT id FROM n WHERE 'x' = d
con1: SELECT id FROM t WHERE c < '1x'
con1: CREATE TABLE t2 ENGINE=InnoDB SELECT id, d FROM t WHERE d = 'x' => 1292
con1: CREATE TABLE t2 ENGINE=MyISAM SELECT id, d FROM t WHERE c = 'x' => 1292,mysql-9.7-gtid-on:1786
con1: CREATE TABLE t2 IGNORE SELECT id, d FROM t WHERE d = 'x'
con1: INSERT INTO t (id) SELECT id FROM t WHERE d = 'x' => 1292
con1: REPLACE INTO t (id) SELECT id FROM t WHERE d = 'x' => 1292
con1: UPDATE t SET c = 9 WHERE d = 'x' => 1292
con1: UPDATE t SET c = 9 WHERE d = 'x' OR id = 1 => 1292
con1: INSERT IGNORE INTO t (id) SELECT id FROM t WHERE d = 'x'
con1: DELETE FROM t WHERE d = 'x'  => mysql-9.7:1292
con1: SET sql_mode = ''
con1: CREATE TABLE t3 ENGINE=InnoDB SELECT id FROM t WHERE d = 'x'
con1: UPDATE t SET c = 9 WHERE d = 'x'

[case fid_single_string_column_number_literal]
rule = mariadb.item_cmpfunc.const_conversion
seed = 003
description = a string column against a number literal converts each non-NULL value read: one warning per row, DECIMAL against an integer literal, DOUBLE against a decimal or float one; AND stops at the first false operand (but a top-level WHERE's AND also stops at a NULL one, abort_on_null: not modelled, so no case with a NULL before a converting operand)
session.sql_mode = ''
setup: CREATE TABLE t (id INT, d DECIMAL(5,2), s VARCHAR(10)) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1, NULL, '3'), (2, 1.50, 'a'), (3, 2.00, NULL), (4, 2.50, 'b ')
con1: SELECT id FROM t WHERE s = 5
con1: SELECT id FROM t WHERE s = 5.5
con1: SELECT id FROM t WHERE s > 5e0
con1: SELECT id FROM t WHERE s = -5
con1: SELECT id FROM t WHERE d = 'x' AND s = 5
con1: UPDATE t SET d = 1 WHERE s = 5
con1: DELETE FROM t WHERE s = 3

[case fid_single_datetime_equality_literal]
rule = mariadb.item_cmpfunc.const_conversion
seed = 003
description = a DATETIME column equal to (or <=>) a string or integer literal that is no datetime: `Truncated incorrect datetime value`, once, even over NULLs; a strict CREATE ... SELECT fails with it
setup: CREATE TABLE t (id INT, dt DATETIME) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1, NULL), (2, '2020-01-01 00:00:00')
con1: SELECT id FROM t WHERE dt = 'x'  => mysql-9.7:1525
con1: SELECT id FROM t WHERE dt <=> '2020-13-01'  => mysql-9.7:1525
con1: SELECT id FROM t WHERE 'x' = dt  => mysql-9.7:1525
con1: SELECT id FROM t WHERE dt = '2020-01-01'
con1: SELECT id FROM t WHERE dt = 20200101
con1: CREATE TABLE t2 SELECT id FROM t WHERE dt = 5 => 1292,mysql-9.7:OK

[case fid_single_insert_select_at_row_counts_examined_rows]
rule = mariadb.warnings.current_row_for_warning
seed = 003
description = the "at row N" of INSERT/REPLACE/CREATE ... SELECT counts the rows the SELECT examined, those its WHERE rejected too: over a full scan the row's position in scan order (LIMIT does not change it); after ORDER BY the rows are counted as sorted; a SELECT reading the table it inserts into fills a temporary table first, and its rows are counted as read back (written order)
session.sql_mode = ''
setup: CREATE TABLE t2 (id DECIMAL(6,2), c_int INT) ENGINE=InnoDB
setup: CREATE TABLE m (id INT, c_int INT) ENGINE=MyISAM
setup: INSERT INTO t2 VALUES (3.00, 1), (8.00, 2), (1.00, 3), (9.00, 4)
setup: INSERT INTO m VALUES (3, 1), (8, 2), (1, 3), (9, 4)
setup: CREATE TABLE d (id DATETIME, c_int INT) ENGINE=InnoDB
setup: CREATE TABLE i (id INT NOT NULL, c TINYINT) ENGINE=InnoDB
con1: INSERT INTO d (id, c_int) SELECT id, c_int FROM t2 WHERE id > 5.00
con1: INSERT INTO i (id, c) SELECT c_int, c_int * 100 FROM t2 WHERE c_int > 1
con1: INSERT INTO i (id, c) SELECT c_int, c_int * 100 FROM m WHERE id > 5 LIMIT 1
con1: INSERT INTO i (id, c) SELECT c_int, c_int * 100 FROM t2 WHERE id > 5 ORDER BY id DESC
con1: CREATE TABLE n (c TINYINT) SELECT c_int * 100 AS c FROM m WHERE c_int > 1
con1: INSERT INTO m (id, c_int) SELECT id, c_int * 1000000000 FROM m WHERE c_int > 1
con1: SET sql_mode = DEFAULT
con1: REPLACE INTO d (id, c_int) SELECT id, c_int FROM t2 WHERE id > 5.00 => 1292
con1: INSERT INTO i (id, c) SELECT c_int, c_int * 100 FROM m WHERE c_int > 1 => 1264

# A trigger's NEW.x / OLD.x compared with a column of another type (fuzz classes
# 'outcome:UPDATE 1292 vs OK' and 'outcome:INSERT 1292 vs OK' of seed 20261127): it converts
# like a literal of its column's type, a DATETIME names the converted Field and the row,
# a key the value can be looked up in converts it once before the scan; the strict
# trigger's statement stops at the first row that warned (RULES 5.12.3). Chosen from 80
# random probes (seed 777) as the ones replbed got wrong; a fresh 80 (seed 4444) then
# matched 160/160.

[case fid_trigger_field_conversion_1]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 DATETIME, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 DECIMAL(5,2), n INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, '2024-03-04 00:00:00', 0), (2, '2024-03-04 00:00:00', 5)
setup: INSERT IGNORE INTO t2 VALUES (0.25, 0), (3.50, 1), (NULL, 2)
setup: CREATE TRIGGER tr AFTER UPDATE ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE OLD.c1 = c2
con1: UPDATE t1 SET u = u + 1  => 1292,mysql-9.7:OK
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_2]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = DEFAULT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 INT, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 VARCHAR(10) NOT NULL PRIMARY KEY, n INT) ENGINE=MyISAM
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, -2, 0), (2, -2, 5)
setup: INSERT IGNORE INTO t2 VALUES ('x1', 0), ('', 1), ('7', 2)
setup: CREATE TRIGGER tr BEFORE INSERT ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE NEW.c1 <> c2 LIMIT 1
con1: INSERT INTO t1 VALUES (9, -2, 0)  => 1292,mysql-9.7-gtid-on:1785
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_3]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = DEFAULT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 DATETIME, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 VARCHAR(10), n INT, KEY(c2)) ENGINE=MyISAM
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, '2024-01-02 10:00:00', 0), (2, '2024-01-02 10:00:00', 5)
setup: INSERT IGNORE INTO t2 VALUES ('7', 0), ('7', 1), (NULL, 2)
setup: CREATE TRIGGER tr AFTER INSERT ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE c2 < NEW.c1 AND n IS NOT NULL LIMIT 1
con1: INSERT INTO t1 VALUES (9, '2024-01-02 10:00:00', 0)  => 1292,mysql-9.7-gtid-on:1785
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_4]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 INT, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 DATETIME UNIQUE, n INT) ENGINE=MyISAM
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, 3, 0), (2, 3, 5)
setup: INSERT IGNORE INTO t2 VALUES ('2024-01-02 10:00:00', 0)
setup: CREATE TRIGGER tr AFTER INSERT ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE NEW.c1 <> c2 AND n IS NOT NULL
con1: INSERT INTO t1 VALUES (9, 3, 0)  => 1292,mysql-9.7:OK,mysql-9.7-gtid-on:1785
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_5]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 INT, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 DATETIME, n INT) ENGINE=MyISAM
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, 7, 0), (2, 7, 5)
setup: INSERT IGNORE INTO t2 VALUES ('2024-03-04 00:00:00', 0), ('2024-03-04 00:00:00', 1)
setup: CREATE TRIGGER tr BEFORE INSERT ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE c2 <> NEW.c1 OR n = 1
con1: INSERT INTO t1 VALUES (9, 7, 0)  => 1292,mysql-9.7:OK,mysql-9.7-gtid-on:1785
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_6]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 DATETIME, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 DECIMAL(5,2), n INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, '2024-03-04 00:00:00', 0), (2, '2024-03-04 00:00:00', 5)
setup: INSERT IGNORE INTO t2 VALUES (3.50, 0)
setup: CREATE TRIGGER tr BEFORE INSERT ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE NEW.c1 <=> c2
con1: INSERT INTO t1 VALUES (9, '2024-03-04 00:00:00', 0)  => 1292,mysql-9.7:OK
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_7]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = DEFAULT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 DATETIME, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 DECIMAL(5,2), n INT) ENGINE=MyISAM
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, '2024-03-04 00:00:00', 0), (2, '2024-03-04 00:00:00', 5)
setup: INSERT IGNORE INTO t2 VALUES (3.50, 0)
setup: CREATE TRIGGER tr AFTER INSERT ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE c2 > NEW.c1
con1: INSERT INTO t1 VALUES (9, '2024-03-04 00:00:00', 0)  => 1292,mysql-9.7:OK,mysql-9.7-gtid-on:1785
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_8]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = DEFAULT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 DATETIME, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 VARCHAR(10) NOT NULL PRIMARY KEY, n INT) ENGINE=MyISAM
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, '2024-03-04 00:00:00', 0), (2, '2024-03-04 00:00:00', 5)
setup: INSERT IGNORE INTO t2 VALUES ('x1', 0), ('7', 1)
setup: CREATE TRIGGER tr AFTER DELETE ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE OLD.c1 >= c2
con1: DELETE FROM t1  => 1292,mysql-9.7-gtid-on:1785
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_9]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = DEFAULT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 DATETIME, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 VARCHAR(10), n INT) ENGINE=MyISAM
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, '2024-01-02 10:00:00', 0), (2, '2024-01-02 10:00:00', 5)
setup: INSERT IGNORE INTO t2 VALUES ('k3', 0), ('x1', 1), ('7', 2), ('', 3)
setup: CREATE TRIGGER tr AFTER UPDATE ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE NEW.c1 > c2 LIMIT 1
con1: UPDATE t1 SET u = u + 1  => 1292,mysql-9.7-gtid-on:1785
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_10]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = DEFAULT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 DATETIME, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 VARCHAR(10) UNIQUE, n INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, '2024-01-02 10:00:00', 0), (2, '2024-01-02 10:00:00', 5)
setup: INSERT IGNORE INTO t2 VALUES ('x1', 0)
setup: CREATE TRIGGER tr BEFORE UPDATE ON t1 FOR EACH ROW INSERT INTO t3 SELECT n FROM t2 WHERE c2 <=> NEW.c1 AND n > 0
con1: UPDATE t1 SET u = u + 1  => 1292
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_11]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 INT, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 DATETIME, n INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, 3, 0), (2, 3, 5)
setup: INSERT IGNORE INTO t2 VALUES (NULL, 0), ('2024-01-02 10:00:00', 1), (NULL, 2)
setup: CREATE TRIGGER tr BEFORE INSERT ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE c2 > NEW.c1 LIMIT 1
con1: INSERT INTO t1 VALUES (9, 3, 0)  => 1292,mysql-9.7:OK
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_12]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = DEFAULT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 INT, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 DATETIME, n INT, KEY(c2)) ENGINE=MyISAM
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, -2, 0), (2, -2, 5)
setup: INSERT IGNORE INTO t2 VALUES ('2024-03-04 00:00:00', 0), ('2024-03-04 00:00:00', 1), ('2024-01-02 10:00:00', 2), (NULL, 3)
setup: CREATE TRIGGER tr BEFORE INSERT ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE NEW.c1 > c2 AND n > 0 LIMIT 1
con1: INSERT INTO t1 VALUES (9, -2, 0)  => 1292,mysql-9.7:OK,mysql-9.7-gtid-on:1785
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_13]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = DEFAULT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 INT, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 DATETIME, n INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, 3, 0), (2, 3, 5)
setup: INSERT IGNORE INTO t2 VALUES ('2024-03-04 00:00:00', 0), ('2024-03-04 00:00:00', 1), ('2024-01-02 10:00:00', 2), (NULL, 3)
setup: CREATE TRIGGER tr BEFORE INSERT ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE NEW.c1 = c2
con1: INSERT INTO t1 VALUES (9, 3, 0)  => 1292,mysql-9.7:OK
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_14]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = DEFAULT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 INT, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 VARCHAR(10) NOT NULL PRIMARY KEY, n INT) ENGINE=MyISAM
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, 7, 0), (2, 7, 5)
setup: INSERT IGNORE INTO t2 VALUES ('k3', 0)
setup: CREATE TRIGGER tr AFTER UPDATE ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE c2 <=> OLD.c1 LIMIT 1
con1: UPDATE t1 SET u = u + 1  => 1292,mysql-9.7-gtid-on:1785
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_15]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = DEFAULT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 VARCHAR(10), u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 DECIMAL(5,2), n INT) ENGINE=MyISAM
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, 'x1', 0), (2, 'x1', 5)
setup: INSERT IGNORE INTO t2 VALUES (3.50, 0), (3.50, 1)
setup: CREATE TRIGGER tr AFTER DELETE ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE c2 <> OLD.c1
con1: DELETE FROM t1  => 1292,mysql-9.7:1366,mysql-9.7-gtid-on:1785
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_16]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = DEFAULT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 DECIMAL(5,2), u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 VARCHAR(10), n INT, KEY(c2)) ENGINE=InnoDB
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, 0.25, 0), (2, 0.25, 5)
setup: INSERT IGNORE INTO t2 VALUES ('x1', 0), ('x1', 1)
setup: CREATE TRIGGER tr AFTER UPDATE ON t1 FOR EACH ROW INSERT INTO t3 SELECT n FROM t2 WHERE NEW.c1 <> c2 OR n = 1
con1: UPDATE t1 SET u = u + 1  => 1292
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_17]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = DEFAULT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 INT, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 DATETIME NOT NULL PRIMARY KEY, n INT) ENGINE=MyISAM
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, 3, 0), (2, 3, 5)
setup: INSERT IGNORE INTO t2 VALUES ('2024-01-02 10:00:00', 0)
setup: CREATE TRIGGER tr AFTER INSERT ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE c2 = NEW.c1 AND n IS NOT NULL
con1: INSERT INTO t1 VALUES (9, 3, 0)  => 1292,mysql-9.7:OK,mysql-9.7-gtid-on:1785
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_18]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 INT, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 DATETIME NOT NULL PRIMARY KEY, n INT) ENGINE=MyISAM
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, 3, 0), (2, 3, 5)
setup: INSERT IGNORE INTO t2 VALUES ('2024-03-04 00:00:00', 0), ('2024-01-02 10:00:00', 1)
setup: CREATE TRIGGER tr AFTER INSERT ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE NEW.c1 = c2
con1: INSERT INTO t1 VALUES (9, 3, 0)  => 1292,mysql-9.7:OK,mysql-9.7-gtid-on:1785
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_19]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = DEFAULT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 VARCHAR(10), u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 DECIMAL(5,2), n INT) ENGINE=MyISAM
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, '', 0), (2, '', 5)
setup: INSERT IGNORE INTO t2 VALUES (NULL, 0)
setup: CREATE TRIGGER tr AFTER INSERT ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE c2 <=> NEW.c1 AND n IS NOT NULL LIMIT 1
con1: INSERT INTO t1 VALUES (9, '', 0)  => 1292,mysql-9.7:1366,mysql-9.7-gtid-on:1785
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_20]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = DEFAULT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 INT, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 VARCHAR(10), n INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, -2, 0), (2, -2, 5)
setup: INSERT IGNORE INTO t2 VALUES (NULL, 0), ('', 1), ('7', 2), ('x1', 3)
setup: CREATE TRIGGER tr BEFORE UPDATE ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE NEW.c1 <=> c2 LIMIT 1
con1: UPDATE t1 SET u = u + 1  => 1292
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_21]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 DECIMAL(5,2), u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 DATETIME UNIQUE, n INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, 3.50, 0), (2, 3.50, 5)
setup: INSERT IGNORE INTO t2 VALUES ('2024-03-04 00:00:00', 0)
setup: CREATE TRIGGER tr AFTER DELETE ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE OLD.c1 < c2 LIMIT 1
con1: DELETE FROM t1  => 1292,mysql-9.7:OK
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_22]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 INT, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 VARCHAR(10), n INT, KEY(c2)) ENGINE=MyISAM
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, -2, 0), (2, -2, 5)
setup: INSERT IGNORE INTO t2 VALUES (NULL, 0), ('', 1), (NULL, 2), ('k3', 3)
setup: CREATE TRIGGER tr BEFORE INSERT ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE NEW.c1 <> c2 LIMIT 1
con1: INSERT INTO t1 VALUES (9, -2, 0)  => 1292,mysql-9.7:OK,mysql-9.7-gtid-on:1785
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_23]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 DATETIME, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 VARCHAR(10) NOT NULL PRIMARY KEY, n INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, '2024-03-04 00:00:00', 0), (2, '2024-03-04 00:00:00', 5)
setup: INSERT IGNORE INTO t2 VALUES ('7', 0), ('x1', 1), ('k3', 2)
setup: CREATE TRIGGER tr AFTER UPDATE ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE OLD.c1 = c2
con1: UPDATE t1 SET u = u + 1  => 1292
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_24]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 VARCHAR(10), u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 DECIMAL(5,2), n INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, 'x1', 0), (2, 'x1', 5)
setup: INSERT IGNORE INTO t2 VALUES (3.50, 0)
setup: CREATE TRIGGER tr AFTER INSERT ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE c2 > NEW.c1
con1: INSERT INTO t1 VALUES (9, 'x1', 0)  => 1292,mysql-9.7:1366
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_25]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = DEFAULT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 DATETIME, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 VARCHAR(10), n INT) ENGINE=MyISAM
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, '2024-03-04 00:00:00', 0), (2, '2024-03-04 00:00:00', 5)
setup: INSERT IGNORE INTO t2 VALUES ('x1', 0)
setup: CREATE TRIGGER tr AFTER INSERT ON t1 FOR EACH ROW INSERT INTO t3 SELECT n FROM t2 WHERE c2 = NEW.c1 OR n = 1
con1: INSERT INTO t1 VALUES (9, '2024-03-04 00:00:00', 0)  => 1292
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_26]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = DEFAULT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 VARCHAR(10), u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 DATETIME UNIQUE, n INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, '', 0), (2, '', 5)
setup: INSERT IGNORE INTO t2 VALUES ('2024-01-02 10:00:00', 0), ('2024-03-04 00:00:00', 1)
setup: CREATE TRIGGER tr BEFORE UPDATE ON t1 FOR EACH ROW INSERT INTO t3 SELECT n FROM t2 WHERE c2 = OLD.c1 OR n = 1
con1: UPDATE t1 SET u = u + 1  => 1292
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_27]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = DEFAULT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 DATETIME, u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 VARCHAR(10), n INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, '2024-03-04 00:00:00', 0), (2, '2024-03-04 00:00:00', 5)
setup: INSERT IGNORE INTO t2 VALUES ('x1', 0), ('7', 1)
setup: CREATE TRIGGER tr AFTER INSERT ON t1 FOR EACH ROW INSERT INTO t3 SELECT n FROM t2 WHERE c2 <> NEW.c1 AND n > 0
con1: INSERT INTO t1 VALUES (9, '2024-03-04 00:00:00', 0)  => 1292
con1: SHOW WARNINGS

[case fid_trigger_field_conversion_28]
rule = arg_comparator.trigger_field
seed = 002
formats = ROW STATEMENT
setup: SET sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c1 DECIMAL(5,2), u INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (c2 DATETIME, n INT) ENGINE=MyISAM
setup: CREATE TABLE t3 (n INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, 3.50, 0), (2, 3.50, 5)
setup: INSERT IGNORE INTO t2 VALUES (NULL, 0), ('2024-01-02 10:00:00', 1), ('2024-01-02 10:00:00', 2)
setup: CREATE TRIGGER tr AFTER INSERT ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE NEW.c1 = c2 LIMIT 1
con1: INSERT INTO t1 VALUES (9, 3.50, 0)  => 1292,mysql-9.7:OK,mysql-9.7-gtid-on:1785
con1: SHOW WARNINGS

# A strict UPDATE whose WHERE warns on a row fails at that row: the read loop checks
# thd->is_error() after each row, so later rows are not compared (one error, not one per
# row); within the row every condition evaluated is listed (RULES 5.12.3).
[case fid_strict_update_stops_at_the_first_warning_row]
rule = arg_comparator.abort_on_warning_row
seed = 002
setup: CREATE TABLE t (v VARCHAR(10), n INT) ENGINE=InnoDB
setup: INSERT INTO t VALUES ('a', 1), ('b', 2), ('c', 3)
con1: UPDATE t SET n = 5 WHERE v = 3  => 1292
con1: SHOW WARNINGS
con1: UPDATE t SET n = 5 WHERE v = 3 AND v = 4  => 1292
con1: SHOW WARNINGS
con1: INSERT INTO t SELECT v, n FROM t WHERE v = 7  => 1292
con1: SHOW WARNINGS

# A number compared with a DATETIME/DATE column is read as a datetime (number_to_datetime:
# 20240101 is 2024-01-01 00:00:00); one that is no datetime reads as the zero datetime and
# so equals a zero date (fuzz classes 'events:Xid-vs-Query' / 'events:Gtid-vs-end' of seed
# 20261128: a DELETE matched no row on replbed; RULES 5.12.3).
[case fid_datetime_compared_with_a_number]
rule = arg_comparator.datetime_number
seed = 002
setup: SET sql_mode = ''
setup: CREATE TABLE t (id INT PRIMARY KEY, d DATETIME, dd DATE) ENGINE=InnoDB
setup: INSERT IGNORE INTO t VALUES (1, 'bb', 'bb'), (2, '2024-01-01 00:00:00', '2024-01-01'), (3, NULL, NULL), (4, '2024-01-01 10:20:30', '2024-01-02')
con1: SET sql_mode = ''
con1: UPDATE t SET id = id + 10 WHERE d = 7
con1: UPDATE t SET id = id + 100 WHERE d = 20240101
con1: UPDATE t SET id = id + 1000 WHERE d = 20240101102030
con1: DELETE FROM t WHERE dd = 20240102
con1: SELECT * FROM t
