# Classes found by `replbed fuzz --generator wide` (harness/fuzz/wide.py): statement
# shapes the default generator never wrote.  Each case is the minimal form of one class.

[case fw_user_var_fixed_without_rows]
rule = seed002.context.user_var
seed = 002
description = a user variable the statement names is logged (User_var, NULL when never set) even when no row evaluates it: Item_func_get_user_var::fix_fields calls get_var_with_binlog at prepare time
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c CHAR(4)) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY, c CHAR(4)) ENGINE=MyISAM
setup: INSERT INTO t2 VALUES (1, 'a')
setup: INSERT INTO m VALUES (1, 'a')
con1: UPDATE t2 SET c = @w WHERE c IS NULL
con1: SET @set = 'x'
con1: UPDATE m SET c = @set WHERE id = 1 AND @never IS NULL
con1: DELETE FROM t2 WHERE id = 7 AND c = @set
con1: UPDATE t2 SET c = IF(id > 0, @set, @other) WHERE id = 1

[case fw_explicit_default_without_one]
rule = mariadb.insert.default_keyword
seed = 002
description = the DEFAULT keyword for a NOT NULL column without a DEFAULT clause (NO_DEFAULT_VALUE_FLAG; an ENUM has its first member): INSERT VALUES/SET and ON DUPLICATE KEY UPDATE give 1364 per row and column (a warning and the zero, an error where a store aborts), after the omitted columns' once-only 1364; UPDATE refuses it at prepare time in every sql_mode
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, b INT NOT NULL, e ENUM('x','y') NOT NULL, bl BLOB NOT NULL, v VARCHAR(3) NOT NULL) ENGINE=MyISAM
con1: SET sql_mode = ''
con1: INSERT INTO t1 VALUES (DEFAULT, DEFAULT, DEFAULT, DEFAULT, DEFAULT), (DEFAULT, DEFAULT, 'y', 'q', 'r')
con1: INSERT INTO t1 (b, e) VALUES (DEFAULT, DEFAULT), (DEFAULT, DEFAULT)
con1: INSERT INTO t1 SET b = DEFAULT, e = DEFAULT, v = DEFAULT
con1: UPDATE t1 SET b = DEFAULT, v = DEFAULT WHERE id < 3  => 1364,mysql-9.7:OK
con1: INSERT INTO t1 (id, b) VALUES (1, 5) ON DUPLICATE KEY UPDATE b = DEFAULT
con1: SET sql_mode = 'STRICT_ALL_TABLES'
con1: UPDATE t1 SET v = 'z', b = DEFAULT ORDER BY id  => 1364
con1: INSERT INTO t1 (b, e, bl, v) VALUES (1, 'x', 'b', 'v'), (DEFAULT, 'x', 'b', 'v')  => 1364
con1: INSERT IGNORE INTO t1 (b, e, bl, v) VALUES (DEFAULT, DEFAULT, DEFAULT, DEFAULT)

[case fw_default_keyword_in_write_set]
rule = seed002.binlog_row_image
seed = 002
description = INSERT ... SET col = DEFAULT parses, and a column given DEFAULT is in the write set: a NOBLOB or MINIMAL after image holds it
session.binlog_row_image = NOBLOB
setup: CREATE TABLE t2 (id DATETIME NOT NULL PRIMARY KEY, c_us SMALLINT UNSIGNED, c_blob BLOB, c_date DATE DEFAULT '2020-02-02') ENGINE=MyISAM
con1: INSERT INTO t2 (id, c_us, c_blob, c_date) VALUES ('2024-01-01 10:00:00', 0, DEFAULT, '2023-05-06')
con1: INSERT INTO t2 SET id = '2024-01-02 10:00:00', c_blob = DEFAULT, c_date = DEFAULT
con1: SET binlog_row_image = MINIMAL
con1: INSERT INTO t2 SET id = '2024-01-03 10:00:00', c_us = DEFAULT

[case fw_invalid_default_store_warning]
rule = mariadb.create_table.invalid_default
seed = 002
description = ER_INVALID_DEFAULT comes after the warning of storing the default outside a statement (row 0, not abort_on_warning): 1264, 1265 for a cut string or a bad temporal, 1366 naming ``.``.`c`; none for an ENUM; in every sql_mode
formats = STATEMENT
con1: CREATE TABLE a1 (c INT DEFAULT 'abc')  => 1067
con1: CREATE TABLE a2 (c VARCHAR(2) DEFAULT 'abcd')  => 1067
con1: CREATE TABLE a3 (c DECIMAL(3,1) DEFAULT 1000)  => 1067
con1: CREATE TABLE a4 (c DATETIME DEFAULT '2024-13-01')  => 1067
con1: CREATE TABLE a5 (c TIME DEFAULT 'x')  => 1067
con1: CREATE TABLE a6 (c INT NOT NULL DEFAULT NULL)  => 1067
con1: CREATE TABLE a7 (c ENUM('a') DEFAULT 'b')  => 1067
con1: CREATE TABLE a8 (c BIGINT UNSIGNED DEFAULT -1)  => 1067
con1: CREATE TABLE a9 (c INT DEFAULT '12abc')  => 1067
con1: CREATE TABLE ok (c INT)
con1: ALTER TABLE ok ADD COLUMN d TINYINT DEFAULT 300  => 1067
con1: ALTER TABLE ok ALTER c SET DEFAULT 'abc'  => 1067
con1: SET sql_mode = ''
con1: CREATE TABLE b1 (c TINYINT DEFAULT 300)  => 1067
con1: CREATE TABLE b3 (c DATE DEFAULT '2024-02-30')  => 1067

[case fw_enum_and_time_in_numeric_context]
rule = mariadb.types.numeric_context
seed = 002
description = an ENUM/SET column read into a number (stored in a numeric column, or in arithmetic) is its index / bitmask (Field_enum::val_int), and a TIME is [-]HHMMSS with unbounded hours (Field_time::val_int)
session.sql_mode = ''
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c_time TIME, e ENUM('a','b','c'), s SET('x','y'), n INT, d DOUBLE, us SMALLINT UNSIGNED, dc DECIMAL(6,2))
setup: INSERT INTO t1 VALUES (1, '10:00:00', 'b', 'x,y', 0, 0, 0, 0), (2, '-01:30:05', 'c', 'y', 0, 0, 0, 0), (3, '100:00:00', NULL, '', 0, 0, 0, 0)
con1: UPDATE t1 SET n = e + 0, d = c_time + 1
con1: UPDATE t1 SET n = s, d = e * 2, dc = e WHERE id < 3
con1: INSERT INTO t1 (id, n, d, dc) SELECT id + 10, e, s, e FROM t1
con1: INSERT INTO t1 (id, n, us) SELECT id + 20, c_time - 1, c_time FROM t1 WHERE id < 4
con1: INSERT INTO t1 (id, c_time, us) SELECT c_time, c_time, e FROM t1 WHERE id = 2
con1: UPDATE t1 SET e = e + 1 WHERE id = 1

[case fw_replace_fires_after_insert_per_conflict]
rule = mariadb.replace.write_record
seed = 002
description = write_record: a REPLACE row that replaced another (deleted, or updated in place) still fires the AFTER INSERT triggers (after_trg_n_copied_inc), and the delete-or-update choice is made for each conflict in turn (PK conflict deleted, then the last unique key's row updated)
setup: CREATE TABLE t1 (id INT PRIMARY KEY, a INT) ENGINE=MyISAM
setup: CREATE TABLE t3 (id INT PRIMARY KEY, u INT UNIQUE, a INT) ENGINE=InnoDB
setup: CREATE TABLE log (n INT) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES (1, 1), (2, 2)
setup: INSERT INTO t3 VALUES (1, 1, 1), (2, 2, 2)
setup: CREATE TRIGGER tr1 AFTER INSERT ON t1 FOR EACH ROW BEGIN SET @c = IFNULL(@c, 0) + 1; INSERT INTO log VALUES (NEW.a); END
setup: CREATE TRIGGER tr3 AFTER INSERT ON t3 FOR EACH ROW INSERT INTO log VALUES (NEW.a + 100)
con1: REPLACE INTO t1 VALUES (1, 10), (3, 30)  => mysql-9.7-gtid-on:1785
con1: REPLACE INTO t3 VALUES (1, 2, 11)
con1: REPLACE INTO t1 SELECT id, a + 1 FROM t3  => mysql-9.7-gtid-on:1785
con1: REPLACE INTO t1 VALUES (2, 2)  => mysql-9.7-gtid-on:1785

[case fw_huge_decimal_into_integer_columns]
rule = mariadb.field_int.store_decimal
seed = 002
description = Field_int::store_decimal converts a DECIMAL (an integer literal beyond the 64-bit range is one) to a longlong first: out of that range is 1264 there and again when the clamped value does not fit the column (two for INT, one for BIGINT; two errors when strict); a negative into UNSIGNED is one
setup: CREATE TABLE t (id INT PRIMARY KEY, i INT, b BIGINT, u INT UNSIGNED, ub BIGINT UNSIGNED, ti TINYINT) ENGINE=MyISAM
setup: CREATE TABLE d (id INT PRIMARY KEY, x DECIMAL(30,0)) ENGINE=InnoDB
setup: INSERT INTO d VALUES (1, 99999999999999999999), (2, -99999999999999999999)
con1: SET sql_mode = ''
con1: INSERT INTO t VALUES (1, 18446744073709551616, 18446744073709551616, 18446744073709551616, 18446744073709551616, 18446744073709551616)
con1: INSERT INTO t VALUES (2, -9223372036854775809, -9223372036854775809, -9223372036854775809, -9223372036854775809, -1.5)
con1: INSERT INTO t VALUES (3, 9223372036854775808, 9223372036854775808, 9223372036854775808, 9223372036854775808, 1e30)
con1: INSERT INTO t (id, i, b, u, ub) SELECT id + 10, x, x, x, x FROM d
con1: UPDATE t SET i = 99999999999999999999.5 WHERE id = 1
con1: SET sql_mode = 'STRICT_ALL_TABLES'
con1: INSERT INTO t (id, i) VALUES (20, 18446744073709551616)  => 1264
con1: INSERT INTO t (id, b) VALUES (21, 18446744073709551616)  => 1264
con1: INSERT INTO t (id, i) VALUES (22, -18446744073709551616)  => 1264

[case fw_drop_table_of_a_temporary_table_commits]
rule = WL2687.ddl.implicit_commit
seed = 000
description = stmt_causes_implicit_commit skips DROP only for the TEMPORARY keyword (lex->tmp_table()): DROP TABLE naming a temporary table commits the open transaction, then logs its generated DROP TEMPORARY as a group of its own
con1.autocommit = 0
setup: CREATE TABLE t2 (id INT PRIMARY KEY, c INT) ENGINE=InnoDB
setup: INSERT INTO t2 VALUES (1, 1)
con1: CREATE TEMPORARY TABLE tmp3 (id INT PRIMARY KEY) ENGINE=InnoDB  => mysql-9.7-gtid-on/STATEMENT:3748
con1: CREATE TEMPORARY TABLE tmp4 ENGINE=MyISAM SELECT id, c FROM t2  => mysql-9.7-gtid-on/STATEMENT:3748
con1: UPDATE t2 SET c = 5 WHERE id = 1
con1: DROP TABLE IF EXISTS tmp3
con1: UPDATE t2 SET c = 6 WHERE id = 1
con1: DROP TABLE tmp4  => mysql-9.7-gtid-on/STATEMENT:1051
con1: ROLLBACK

[case fw_join_not_null_filter_is_constant]
rule = mariadb.optimizer.join_conversions
seed = 002
description = col IS NOT NULL on a NOT NULL column is a constant the optimizer removes: a two-table join keeps the plan, and so the conversion of its join equality (1292 Incorrect datetime value, an error in a strict UPDATE; Truncated incorrect DECIMAL), as without the condition
session.sql_mode = 'STRICT_ALL_TABLES'
setup: CREATE TABLE t1 (id DATETIME NOT NULL PRIMARY KEY, c INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (id INT NOT NULL PRIMARY KEY, b BLOB) ENGINE=InnoDB
setup: CREATE TABLE s1 (id CHAR(4) NULL UNIQUE, c CHAR(4)) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES ('2024-01-04 10:00:00', 1), ('2024-01-05 10:00:00', 2)
setup: INSERT INTO t3 VALUES (4, 'x'), (5, 'y')
setup: INSERT INTO s1 VALUES ('k8', 'a'), ('4', 'b'), (NULL, 'c')
con1: UPDATE t3 JOIN t1 ON t3.id = t1.id SET t3.b = 'newblob' WHERE t1.id IS NOT NULL  => 1292,mysql-9.7:OK,mariadb-11.8:OK
con1: UPDATE t3, t1 SET t3.b = 'newblob' WHERE t3.id = t1.id AND t1.id IS NOT NULL  => 1292,mysql-9.7:OK,mariadb-11.8:OK
con1: SET sql_mode = ''
con1: UPDATE s1 JOIN t3 ON s1.id = t3.id SET s1.c = TRIM(s1.c) WHERE t3.id IS NOT NULL
con1: DELETE a FROM s1 a JOIN t3 b ON a.id = b.id WHERE b.id IS NOT NULL

[case fw_division_by_zero_needs_the_mode]
rule = mariadb.sql_mode.error_for_division_by_zero
seed = 002
description = Item_func::signal_divide_by_null: x / 0, x DIV 0 and x MOD 0 are NULL, with 1365 only under ERROR_FOR_DIVISION_BY_ZERO (the default and TRADITIONAL, an error when strict), silently under '' or a plain STRICT_ALL_TABLES
setup: CREATE TABLE t1 (id INT PRIMARY KEY, d DECIMAL(6,2), i INT) ENGINE=InnoDB
setup: CREATE TABLE m1 (id INT PRIMARY KEY, d DECIMAL(6,2), i INT) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES (1, 1.5, 3), (2, 2.5, 0)
setup: INSERT INTO m1 VALUES (1, 1.5, 3), (2, 2.5, 0)
con1: UPDATE t1 SET d = d / i  => 1365
con1: INSERT INTO t1 VALUES (3, 1 / 0, 1)  => 1365
con1: UPDATE m1 SET d = d MOD i  => 1365
con1: SET sql_mode = 'STRICT_ALL_TABLES'
con1: UPDATE t1 SET d = d / i
con1: INSERT INTO m1 VALUES (4, 5 MOD 0, 7 DIV 0)
con1: SET sql_mode = ''
con1: UPDATE m1 SET i = i DIV 0 WHERE id = 1
con1: INSERT INTO t1 VALUES (5, 1 / 0, 1 DIV 0)
con1: SET sql_mode = 'TRADITIONAL'
con1: INSERT INTO m1 VALUES (6, 1 / 0, 1)  => 1365

[case fw_consistent_snapshot_registers_binlog_and_innodb]
rule = mariadb.binlog.savepoint
seed = 002
description = START TRANSACTION WITH CONSISTENT SNAPSHOT registers the binlog (binlog_start_consistent_snapshot: trans_register_ha) and InnoDB in the transaction: a SAVEPOINT right after it is logged, and ROLLBACK TO it keeps InnoDB a read-write participant (the group ends with Xid)
setup: CREATE TABLE t (id INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY) ENGINE=MyISAM
con1: START TRANSACTION WITH CONSISTENT SNAPSHOT
con1: SAVEPOINT a
con1: INSERT INTO t VALUES (1)
con1: ROLLBACK TO SAVEPOINT a
con1: COMMIT
con1: START TRANSACTION WITH CONSISTENT SNAPSHOT
con1: COMMIT
con1: START TRANSACTION WITH CONSISTENT SNAPSHOT
con1: SAVEPOINT b
con1: ROLLBACK
con1: START TRANSACTION WITH CONSISTENT SNAPSHOT
con1: SAVEPOINT c
con1: INSERT INTO m VALUES (1)
con1: COMMIT
con1: SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED
con1: START TRANSACTION WITH CONSISTENT SNAPSHOT
con1: SAVEPOINT d
con1: INSERT INTO t VALUES (2)  => STATEMENT:1665
con1: COMMIT
con1: START TRANSACTION WITH CONSISTENT SNAPSHOT
con1: SAVEPOINT e
con1: INSERT INTO m VALUES (2)
con1: ROLLBACK TO e
con1: INSERT INTO t VALUES (3)  => STATEMENT:1665

[case fw_missing_field_with_before_trigger_after_row_errors]
rule = mariadb.insert.not_null_fields_have_null_values
seed = 002
description = with a BEFORE INSERT or UPDATE trigger the missing NOT NULL column is checked per row after the row is stored (not_null_fields_have_null_values): a strict INSERT whose first row has a bad value fails with that value's error (1264), not 1364
session.sql_mode = 'STRICT_ALL_TABLES'
setup: CREATE TABLE m (id INT PRIMARY KEY, a TINYINT, b INT NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE i (id INT PRIMARY KEY, a TINYINT, b INT NOT NULL) ENGINE=InnoDB
setup: CREATE TRIGGER tm BEFORE UPDATE ON m FOR EACH ROW SET NEW.a = 1
setup: CREATE TRIGGER ti BEFORE INSERT ON i FOR EACH ROW SET NEW.a = NEW.a
con1: INSERT INTO m (id, a) VALUES (1, 5)  => 1364
con1: INSERT INTO m (id, a) VALUES (2, 1000)  => 1264
con1: INSERT INTO m (id, a) VALUES (3, 5), (4, 1000)  => 1364
con1: INSERT INTO i (id, a) VALUES (1, 5)  => 1364
con1: INSERT INTO i (id, a) VALUES (2, 1000)  => 1264
con1: REPLACE INTO m (id, a) VALUES (5, 5)  => 1364
con1: INSERT IGNORE INTO m (id, a) VALUES (6, 5), (7, 1000)
con1: SET sql_mode = 'STRICT_TRANS_TABLES'
con1: INSERT INTO m (id, a) VALUES (8, 5), (9, 6)  => 1364
con1: INSERT INTO m (id, a) VALUES (10, 1000), (11, 6)  => 1264

[case fw_call_sub_statement_clears_conditions]
rule = mariadb.diagnostics.opt_clear_warning_info
seed = 002
description = inside CALL every sub-statement that uses tables starts with an empty condition list: an UPDATE's 1265 notes are gone after CALL when an INSERT follows it, kept when only a SET @x follows; a failing later statement lists only its own error and the 4094 location
formats = ROW
setup: CREATE TABLE t3 (id INT NULL UNIQUE, c_date DATE, n TINYINT) ENGINE=MyISAM
setup: CREATE TABLE t4 (id INT) ENGINE=MyISAM
setup: INSERT INTO t3 VALUES (3, '1970-01-01', 1), (8, '1970-01-01', 1)
setup: CREATE PROCEDURE p1() BEGIN UPDATE t3 SET c_date = '2025-05-05 05:05:05' WHERE id > 2; INSERT IGNORE INTO t3 (c_date) VALUES ('1970-01-01'); END
setup: CREATE PROCEDURE p6() BEGIN UPDATE t3 SET c_date = '2025-05-06 05:05:05' WHERE id > 2; SET @x = 1; END
setup: CREATE PROCEDURE p7() BEGIN UPDATE t3 SET c_date = '2025-05-07 05:05:05' WHERE id > 2; INSERT INTO t4 VALUES (1); END
setup: CREATE PROCEDURE p9() BEGIN UPDATE t3 SET c_date = '2025-05-08 05:05:05' WHERE id > 2; UPDATE t3 SET n = 1002 WHERE id > 2; END
con1: SET sql_mode = ''
con1: CALL p1()
con1: CALL p6()
con1: CALL p7()
con1: CALL p9()  => 1264

[case fw_missing_fields_with_before_trigger_strict_first_only]
rule = mariadb.insert.not_null_fields_have_null_values
seed = 002
description = with a BEFORE trigger a strict INSERT/REPLACE missing two NOT NULL columns fails with the first one's 1364 only (not_null_fields_have_null_values stops at it); without strict each is a warning per row
session.sql_mode = 'TRADITIONAL'
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_tiny TINYINT NOT NULL, c_char CHAR(4) NOT NULL, c_int INT) ENGINE=InnoDB
setup: CREATE TRIGGER trgw_t1 BEFORE UPDATE ON t1 FOR EACH ROW SET NEW.c_int = IF(NEW.c_int > 0, NEW.c_int, 0)
con1: REPLACE INTO t1 (c_int) VALUES (10)  => 1364
con1: INSERT INTO t1 (c_int) VALUES (10), (11)  => 1364
con1: SET sql_mode = ''
con1: INSERT INTO t1 (c_int) VALUES (10), (11)

[case fw_trigger_set_new_error_names_row_0]
rule = mariadb.trigger.set_new_field
seed = 002
description = a value SET NEW.col cannot hold is an error (the trigger keeps its creation sql_mode) naming row 0 in an INSERT trigger too: single or multi-row VALUES, IGNORE or not, INSERT ... SELECT, InnoDB or MyISAM
setup: CREATE TABLE t1 (id VARCHAR(10), c INT) ENGINE=InnoDB
setup: CREATE TABLE m1 (id VARCHAR(10), c INT) ENGINE=MyISAM
setup: CREATE TRIGGER tr BEFORE INSERT ON t1 FOR EACH ROW SET NEW.c = NEW.c + 2147483647
setup: CREATE TRIGGER trm BEFORE INSERT ON m1 FOR EACH ROW SET NEW.c = NEW.c + 2147483647
con1: INSERT INTO t1 VALUES ('a', 5)  => 1264
con1: INSERT IGNORE INTO t1 VALUES ('b', 5)  => 1264
con1: INSERT INTO t1 VALUES ('c', -5), ('d', 5)  => 1264
con1: INSERT IGNORE INTO t1 VALUES ('e', -5), ('f', 5)  => 1264
con1: INSERT INTO m1 VALUES ('c', -5), ('d', 5)  => 1264
con1: SET sql_mode = ''
con1: INSERT INTO t1 VALUES ('g', 5)  => 1264
con1: INSERT INTO t1 VALUES ('h', -5), ('i', 5)  => 1264
con1: INSERT IGNORE INTO t1 VALUES ('j', -5), ('k', 5)  => 1264
con1: INSERT INTO t1 SELECT id, c FROM m1  => 1264
con1: INSERT INTO t1 (id, c) SELECT 'z', 7  => 1264

[case fw_unsigned_column_arithmetic]
rule = mariadb.item_func_additive_op.unsigned_flag
seed = 002
description = +, - and * over an UNSIGNED integer column are unsigned (unsigned_flag of either operand): a negative result is 1690 BIGINT UNSIGNED naming the innermost failing operation (even under UPDATE IGNORE), a sum beyond the int64 range fits; NO_UNSIGNED_SUBTRACTION makes - signed
setup: CREATE TABLE t1 (id INT UNSIGNED NOT NULL PRIMARY KEY, u BIGINT UNSIGNED, s INT, us SMALLINT UNSIGNED) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES (1, 9223372036854775807, -5, 3), (2, 5, 7, 0)
con1: UPDATE t1 SET u = u + 1 WHERE id = 1
con1: UPDATE IGNORE t1 SET id = id - 100 ORDER BY id DESC LIMIT 2  => 1690
con1: UPDATE t1 SET s = us - 10  => 1690
con1: UPDATE t1 SET s = s + us  => 1690
con1: UPDATE t1 SET s = us * -1  => 1690
con1: UPDATE t1 SET s = (us - 1) * 2 WHERE id = 2  => 1690
con1: SET sql_mode = 'NO_UNSIGNED_SUBTRACTION'
con1: UPDATE t1 SET s = us - 10
con1: SET sql_mode = DEFAULT
con1: UPDATE t1 SET s = us - 10 + 20  => 1690
con1: UPDATE t1 SET s = us + -10 WHERE id = 1  => 1690

[case fw_join_names_resolve_where_first]
rule = mariadb.setup_conds.order
seed = 002
description = a join resolves WHERE before its ON clauses (setup_conds), and a multi-table UPDATE resolves both before its SET values: 1054 names the clause the server checks first
formats = STATEMENT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (k INT PRIMARY KEY, c INT) ENGINE=InnoDB
con1: UPDATE t1 JOIN t2 ON t1.id = t2.id SET t1.c = 1 WHERE t2.id IS NOT NULL  => 1054
con1: DELETE t1 FROM t1 JOIN t2 ON t1.id = t2.nope WHERE t2.zz = 1  => 1054
con1: SELECT * FROM t1 JOIN t2 ON t1.id = t2.id WHERE t2.id > 0  => 1054
con1: SELECT * FROM t1 LEFT JOIN t2 ON t1.id = t2.id WHERE t2.qq > 0  => 1054
con1: UPDATE t1 JOIN t2 ON t1.id = t2.id SET t1.c = t2.nothere WHERE t2.id IS NOT NULL  => 1054

[case fw_strict_trans_insert_until_a_row_changes]
rule = mariadb.strict_trans_tables.really_abort_on_warning
seed = 002
description = STRICT_TRANS_TABLES stops aborting a MyISAM INSERT only once the statement has changed the table (write_record marks modified_non_trans_table): a row after rows that ON DUPLICATE KEY UPDATE left unchanged still fails; after a written row it warns
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dt DATETIME, c_blob BLOB) ENGINE=MyISAM
setup: INSERT INTO t1 (id, c_dt, c_blob) VALUES (7, '2023-01-16 01:30:00', NULL), (1, '2023-02-19 03:30:00', ''), (3, '2023-07-15 00:30:00', '')
con1: INSERT INTO t1 (id, c_dt, c_blob) SELECT id, c_blob, c_dt FROM t1 ON DUPLICATE KEY UPDATE id = VALUES(id)  => 1292,mysql-9.7:OK
con1: INSERT INTO t1 (id, c_dt) VALUES (7, NULL), (20, 'x') ON DUPLICATE KEY UPDATE id = VALUES(id)  => 1292,mysql-9.7:OK
con1: INSERT INTO t1 (id, c_dt) VALUES (21, NULL), (22, 'x')

[case fw_function_insert_warns_each_call]
rule = mariadb.insert.check_that_all_fields_are_given_values
seed = 002
description = a stored function's INSERT checks its missing NOT NULL columns each time it runs: the call that fails (1062 on its second row) lists its own 1364 warning first (a non-strict function), then the error and the 4094 location
session.sql_mode = ''
setup: CREATE TABLE t1 (id DECIMAL(6,2) NOT NULL UNIQUE, c_dec DECIMAL(5,2) NOT NULL, c_int INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT, c_int INT) ENGINE=InnoDB
setup: INSERT INTO t2 VALUES (5, 64), (9, 11), (6, 14)
setup: CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO t1 (c_int, id) VALUES (x, 9.00); RETURN x + 1; END
con1: UPDATE t2 SET c_int = f_log(c_int) WHERE id > 5  => 1062

[case fw_before_trigger_error_precedes_missing_field]
rule = mariadb.insert.not_null_fields_have_null_values
seed = 002
description = with a BEFORE INSERT trigger the missing NOT NULL column is checked after the trigger ran: the trigger's own strict error (1292 of DATE_ADD over a zero date in SET NEW) comes first; a failed row leaves InnoDB's AUTO_INCREMENT counter where it was
session.sql_mode = 'STRICT_ALL_TABLES'
setup: CREATE TABLE t1 (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dt DATETIME NOT NULL DEFAULT '2020-02-02 02:02:02', c_int INT NOT NULL) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES (6, '2024-01-01', 92)
setup: CREATE TRIGGER trgw_t1 BEFORE INSERT ON t1 FOR EACH ROW SET NEW.c_dt = DATE_ADD(NEW.c_dt, INTERVAL 1 MONTH)
con1: INSERT INTO t1 (c_dt) VALUES (0)  => 1292,mysql-9.7:1048
con1: INSERT INTO t1 (c_dt) VALUES ('2024-01-01'), ('2024-01-02')  => 1364
con1: INSERT INTO t1 (c_dt, c_int) VALUES ('2024-01-01', 1)

[case fw_update_of_clustered_pk_counts_matched_rows]
rule = mariadb.update.used_key_is_modified
seed = 002
description = an InnoDB UPDATE that changes the primary key it scans collects the matching rows first and updates them in a second pass: "at row N" counts those rows only (a MyISAM scan counts every row examined)
session.sql_mode = ''
setup: CREATE TABLE t1 (id DECIMAL(6,2) NOT NULL PRIMARY KEY, c_int INT) ENGINE=InnoDB
setup: CREATE TABLE m1 (id DECIMAL(6,2) NOT NULL PRIMARY KEY, c_int INT) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES (1.50, 25), (2.50, 21), (6.00, NULL), (7.00, NULL), (9.00, NULL), (9.50, 19)
setup: INSERT INTO m1 VALUES (1.50, 25), (2.50, 21), (6.00, NULL), (7.00, NULL), (9.00, NULL), (9.50, 19)
con1: UPDATE t1 SET id = id / 3 WHERE c_int IS NOT NULL
con1: UPDATE m1 SET id = id / 3 WHERE c_int IS NOT NULL
con1: UPDATE t1 SET c_int = c_int / 3 WHERE id > 0 AND c_int IS NOT NULL

[case fw_enum_error_value_copies_silently]
rule = mariadb.field_conv.do_field_eq
seed = 002
description = an ENUM holding the '' error value (0) is copied without a warning: into a column of the same definition (CREATE ... SELECT, CREATE INDEX or ALTER copying the table, INSERT ... SELECT; do_field_eq) and into another ENUM (as its error value), while its real members still warn there
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c_enum ENUM('a','b','c')) ENGINE=MyISAM
setup: CREATE TABLE t2 (id INT PRIMARY KEY, c_enum ENUM('a','b','c'), o ENUM('x','y')) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 VALUES (1, 'a'), (2, 'zz'), (3, 'c')
setup: INSERT IGNORE INTO t2 VALUES (1, 'b', 'x'), (2, 'q', 'y')
con1: CREATE TEMPORARY TABLE tmp3 ENGINE=MyISAM SELECT c_enum FROM t1
con1: CREATE INDEX ix2_c_enum ON t2 (c_enum)
con1: INSERT IGNORE INTO t2 (id, c_enum) SELECT id + 10, c_enum FROM t1
con1: INSERT IGNORE INTO t2 (id, o) SELECT id + 20, c_enum FROM t1
con1: UPDATE t2 SET c_enum = o WHERE id = 1  => 1265
con1: ALTER TABLE t1 ENGINE=InnoDB
con1: CREATE TABLE t4 ENGINE=MyISAM SELECT * FROM t1  => mysql-9.7-gtid-on:1786

[case fw_datetime_into_time_keeps_the_time]
rule = mariadb.field_time.store_time
seed = 002
description = a DATETIME or DATE stored into a TIME column keeps the time of day (also of a zero date '0000-00-00 10:00:00') and cuts a date part that is not zero with a 1265 Note
setup: CREATE TABLE s (id INT PRIMARY KEY, dt DATETIME, d DATE, dt6 DATETIME(6)) ENGINE=InnoDB
setup: CREATE TABLE x (id INT PRIMARY KEY, tm TIME) ENGINE=InnoDB
setup: INSERT INTO s VALUES (1, '2023-05-06 10:11:12', '2023-05-06', '2023-05-06 10:11:12.5'), (2, '0000-00-00 10:00:00', '0000-00-00', NULL)  => mysql-9.7:1292
con1: INSERT INTO x SELECT id, dt FROM s
con1: INSERT INTO x SELECT id + 10, d FROM s
con1: INSERT INTO x SELECT id + 20, dt6 FROM s
con1: UPDATE x SET tm = (SELECT dt FROM s WHERE id = 1) WHERE id = 1
con1: SET sql_mode = ''
con1: INSERT INTO x SELECT id + 30, dt FROM s

[case fw_mixed_late_row_switch_after_image]
rule = seed002.binlog_row_image
seed = 002
description = MIXED switches INSERT ... ON DUPLICATE KEY UPDATE over two unique keys to rows only in decide_logging_format_low, after the columns were marked for a statement: its after images (Write_rows, the Update_rows after) hold the write set only, its before images stay FULL; other unsafe INSERTs log full rows
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, u INT UNIQUE, a INT, b VARCHAR(5)) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, a INT, b VARCHAR(40)) ENGINE=InnoDB
setup: INSERT INTO t1 (u, a, b) VALUES (1, 1, 'a'), (2, 2, 'b')
setup: INSERT INTO t2 (a, b) VALUES (1, 'a')
con1: INSERT INTO t1 (u, a) VALUES (2, 5) ON DUPLICATE KEY UPDATE a = 99
con1: INSERT INTO t1 (u, a) VALUES (7, 5) ON DUPLICATE KEY UPDATE a = 99
con1: INSERT INTO t1 SET u = 8, a = 1 ON DUPLICATE KEY UPDATE a = a + 1
con1: INSERT INTO t1 SET u = 8, a = 1 ON DUPLICATE KEY UPDATE a = a + 1
con1: INSERT INTO t2 (id, a) VALUES (1, 5) ON DUPLICATE KEY UPDATE a = 99
con1: INSERT INTO t2 (a) VALUES (LENGTH(UUID()))

[case fw_odku_row_hands_its_autoinc_value_on]
rule = mariadb.write_record.restore_auto_increment
seed = 002
description = a row that ON DUPLICATE KEY UPDATE turns into an update hands its generated AUTO_INCREMENT value to the next row of the statement (write_record: restore_auto_increment), in VALUES and INSERT ... SELECT, in every format
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, u INT UNIQUE, a INT) ENGINE=InnoDB
setup: CREATE TABLE m1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, u INT UNIQUE, a INT) ENGINE=MyISAM
setup: INSERT INTO t1 (u, a) VALUES (1, 1), (2, 2)
setup: INSERT INTO m1 (u, a) VALUES (1, 1), (2, 2)
con1: INSERT INTO t1 (u, a) VALUES (1, 10), (3, 30) ON DUPLICATE KEY UPDATE a = a + 1
con1: INSERT INTO t1 (u, a) VALUES (5, 50), (1, 10), (6, 60) ON DUPLICATE KEY UPDATE a = a + 1
con1: INSERT INTO t1 (u, a) VALUES (2, 1) ON DUPLICATE KEY UPDATE a = a + 1
con1: INSERT INTO t1 (u, a) VALUES (9, 1)
con1: INSERT INTO m1 (u, a) VALUES (1, 10), (3, 30) ON DUPLICATE KEY UPDATE a = a + 1
con1: INSERT INTO t1 (u, a) SELECT u + 100, a FROM m1 ORDER BY u
con1: INSERT INTO t1 (u, a) SELECT u, a FROM m1 ORDER BY u ON DUPLICATE KEY UPDATE a = t1.a + 1
con1: INSERT INTO t1 (u, a) VALUES (50, 1)

[case fw_call_refused_sub_statement_lists_error_then_location]
rule = mariadb.sp.error_location
seed = 002
description = a CALL whose sub-statement is refused before it runs (1146 at open, 1665 with InnoDB's 1030 at READ COMMITTED) lists the error and its own notes first, then the 4094 location, as for an error raised while the sub-statement ran (1062)
formats = STATEMENT
setup: CREATE TABLE t1 (id INT PRIMARY KEY, a INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT PRIMARY KEY, a INT) ENGINE=MyISAM
setup: CREATE PROCEDURE p1() BEGIN UPDATE t2 SET a = 1; INSERT INTO nosuch VALUES (1); END
setup: CREATE PROCEDURE p2() BEGIN UPDATE t2 SET a = 2; INSERT INTO t1 VALUES (1, 1); END
setup: CREATE PROCEDURE p3() BEGIN INSERT INTO t1 VALUES (1, 1); INSERT INTO t1 VALUES (1, 2); END
con1: CALL p1()  => 1146
con1: SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED
con1: CALL p2()  => 1665
con1: SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ
con1: CALL p3()  => 1062

[case fw_innodb_in_place_alter_keeps_zero_dates]
rule = mariadb.alter_table.algorithm
seed = 002
description = InnoDB ADD COLUMN and CREATE INDEX run in place: stored zero dates pass under TRADITIONAL; a copying ALTER (ENGINE=, MODIFY) stores every field of the row first and fails with each field's 1292
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c_date DATE, d2 DATETIME, e ENUM('a','b')) ENGINE=InnoDB
setup: SET SESSION sql_mode = ''
setup: INSERT INTO t1 VALUES (1, '0000-00-00', '0000-00-00 00:00:00', 'zz'), (2, '2024-00-05', '2024-02-00 10:00:00', 'a')
con1: SET sql_mode = 'TRADITIONAL'
con1: ALTER TABLE t1 ADD COLUMN c_add1 INT DEFAULT 5
con1: CREATE INDEX ix ON t1 (c_date)
con1: ALTER TABLE t1 ENGINE=MyISAM  => 1292
con1: ALTER TABLE t1 MODIFY d2 DATE  => 1292

[case fw_enum_not_null_implicit_default]
rule = mariadb.enum.implicit_default
seed = 002
description = an ENUM NOT NULL without DEFAULT takes its first member, yet SHOW CREATE (a CREATE ... SELECT's logged text) prints no DEFAULT, and with a BEFORE trigger its nullable trigger field holds NULL: 1364 (a warning, an error when strict)
setup: CREATE TABLE t1 (id BIGINT, c_blob BLOB, c_enum ENUM('a','b','c') NOT NULL) ENGINE=InnoDB
setup: CREATE TABLE t3 (id BIGINT, c_enum ENUM('a','b','c') NOT NULL) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT) ENGINE=InnoDB
setup: CREATE TRIGGER trg_t1 BEFORE UPDATE ON t1 FOR EACH ROW INSERT INTO t2 VALUES (1)
setup: INSERT INTO t3 (id) VALUES (1)
con1: INSERT IGNORE INTO t1 (c_blob) VALUES ('x')
con1: INSERT INTO t1 (c_blob) VALUES ('y')  => 1364,mysql-9.7:OK
con1: INSERT INTO t3 (id) VALUES (2)
con1: CREATE TABLE t4 (PRIMARY KEY (id)) ENGINE=MyISAM SELECT id, c_enum FROM t3  => mysql-9.7-gtid-on:1786
con1: CREATE TABLE t5 (e ENUM('x','y') NOT NULL DEFAULT 'x', f ENUM('p') NOT NULL)
con1: CREATE TABLE t6 SELECT * FROM t5

[case fw_consistent_snapshot_ignored_at_read_uncommitted]
rule = mariadb.innodb.start_consistent_snapshot
seed = 002
description = START TRANSACTION WITH CONSISTENT SNAPSHOT at READ UNCOMMITTED warns 138 (InnoDB opens no read view), replacing the previous statement's conditions; at READ COMMITTED it is silent
setup: CREATE TABLE t (id INT NOT NULL PRIMARY KEY) ENGINE=InnoDB
con1: INSERT INTO t VALUES (NULL)  => 1048
con1: SET SESSION TRANSACTION ISOLATION LEVEL READ UNCOMMITTED
con1: START TRANSACTION WITH CONSISTENT SNAPSHOT
con1: COMMIT
con1: SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED
con1: START TRANSACTION WITH CONSISTENT SNAPSHOT
con1: COMMIT

[case fw_row_errors_in_column_order]
rule = mariadb.fill_record.column_list
seed = 002
description = a row's store errors are listed in column order, a DEFAULT without a default (1364) among them: an earlier column's 1406 fails the strict REPLACE first; with a BEFORE trigger's nullable fields an UPDATE whose expression failed (1292 over a zero date) adds no 1048 for its NULL
session.sql_mode = 'STRICT_ALL_TABLES'
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c_str VARCHAR(6), c_usmall SMALLINT UNSIGNED NOT NULL) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT PRIMARY KEY, c_dt DATETIME NOT NULL, c_char CHAR(4)) ENGINE=InnoDB
setup: CREATE TRIGGER tr BEFORE INSERT ON t2 FOR EACH ROW SET NEW.c_char = 'trg'
setup: SET SESSION sql_mode = ''
setup: INSERT INTO t2 VALUES (1, '0000-00-00 00:00:00', 'ab')
con1: REPLACE INTO t1 (id, c_str, c_usmall) VALUES (1, 'a', 1), (8, 'toolongvalue', DEFAULT)  => 1406
con1: UPDATE t2 SET c_char = REVERSE(c_char), c_dt = c_dt + INTERVAL 1 DAY  => 1292,mysql-9.7:1048

[case fw_multi_delete_trigger_writes_a_joined_table]
rule = mariadb.sp.prelocked_table_in_use
seed = 002
description = a multi-table DELETE fires its deleted tables' DELETE triggers: one that writes a table of the join fails the statement with 1442 (the model fired none)
setup: CREATE TABLE t1 (id BIGINT, c_int INT) ENGINE=MyISAM
setup: CREATE TABLE t2 (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT NOT NULL) ENGINE=MyISAM
setup: CREATE TRIGGER trg_t1 BEFORE DELETE ON t1 FOR EACH ROW INSERT INTO t2 (c_int) VALUES (1)
setup: INSERT INTO t1 VALUES (1, 1), (2, 2)
setup: INSERT INTO t2 VALUES (1, 1), (5, 5)
con1: DELETE a, b FROM t1 a JOIN t2 b ON a.id = b.id  => 1442
con1: DELETE a FROM t1 a JOIN t2 b ON a.id = b.id  => 1442
con1: DELETE t1 FROM t1, t2 WHERE t1.id = t2.id  => 1442

[case fw_multi_delete_fires_delete_triggers]
rule = mariadb.multi_delete.triggers
seed = 002
description = a multi-table DELETE fires BEFORE and AFTER DELETE triggers around each deleted row, the triggers' writes logged with the statement
setup: CREATE TABLE t1 (id INT PRIMARY KEY, c INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT PRIMARY KEY, c INT) ENGINE=MyISAM
setup: CREATE TABLE lg (n INT) ENGINE=InnoDB
setup: CREATE TABLE lm (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, n INT) ENGINE=MyISAM
setup: CREATE TRIGGER tb BEFORE DELETE ON t1 FOR EACH ROW INSERT INTO lg VALUES (OLD.id)
setup: CREATE TRIGGER ta AFTER DELETE ON t2 FOR EACH ROW INSERT INTO lm (n) VALUES (OLD.c)
setup: INSERT INTO t1 VALUES (1, 10), (2, 20), (3, 30)
setup: INSERT INTO t2 VALUES (1, 100), (3, 300), (4, 400)
con1: DELETE a FROM t1 a JOIN t2 b ON a.id = b.id WHERE b.c > 100
con1: DELETE a, b FROM t1 a JOIN t2 b ON a.id = b.id  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: DELETE b FROM t1 a RIGHT JOIN t2 b ON a.id = b.id
con1: COMMIT
