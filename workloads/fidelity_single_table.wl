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
con1: CREATE TABLE t2 ENGINE=MyISAM SELECT id, d FROM t WHERE c = 'x' => 1292
con1: CREATE TABLE t2 IGNORE SELECT id, d FROM t WHERE d = 'x'
con1: INSERT INTO t (id) SELECT id FROM t WHERE d = 'x' => 1292
con1: REPLACE INTO t (id) SELECT id FROM t WHERE d = 'x' => 1292
con1: UPDATE t SET c = 9 WHERE d = 'x' => 1292
con1: UPDATE t SET c = 9 WHERE d = 'x' OR id = 1 => 1292
con1: INSERT IGNORE INTO t (id) SELECT id FROM t WHERE d = 'x'
con1: DELETE FROM t WHERE d = 'x'
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
con1: SELECT id FROM t WHERE dt = 'x'
con1: SELECT id FROM t WHERE dt <=> '2020-13-01'
con1: SELECT id FROM t WHERE 'x' = dt
con1: SELECT id FROM t WHERE dt = '2020-01-01'
con1: SELECT id FROM t WHERE dt = 20200101
con1: CREATE TABLE t2 SELECT id FROM t WHERE dt = 5 => 1292

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
