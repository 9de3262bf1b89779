# The join plan of a two-table multi-table UPDATE/DELETE, as its conversion warnings
# show it (issue 10; docs/RULES-mariadb-10.11.md 5.12.2). Each case comes from probing
# MariaDB 10.11 with EXPLAIN and SHOW WARNINGS over fuzz-shaped tables: a join
# `a.id = b.id` of columns whose types convert (a string against a number: the string;
# anything against a DATETIME: the other side).
# MariaDB 11.8 (11.0's optimizer cost model) picks other plans for some of these: its
# outcomes are annotated `mariadb-11.8:OK` where the real 11.8 server differs; replbed's
# mariadb-11.8 flavour plans them with 11.0's costs (docs/RULES-mariadb-11.8.md row 24).

[case fid_plan_tie_keeps_from_order]
rule = mariadb.optimizer.join_order_cost
seed = 002
description = equal row counts and no usable key: the cost tie keeps the FROM order and every pair is compared, the left operand's value converted per inner row ("at row" = the inner row); a string against INT words DECIMAL, against DECIMAL DOUBLE
session.sql_mode = ''
setup: CREATE TABLE i (id INT, c INT) ENGINE=InnoDB
setup: CREATE TABLE d (id DATETIME, c INT) ENGINE=InnoDB
setup: CREATE TABLE s (id VARCHAR(10), c INT) ENGINE=MyISAM
setup: CREATE TABLE n (id DECIMAL(6,2), c INT) ENGINE=MyISAM
setup: INSERT INTO i VALUES (3, 1), (4, 1)
setup: INSERT INTO d VALUES ('2024-01-09 10:00:00', 1), ('2024-01-10 10:00:00', 1)
setup: INSERT INTO s VALUES ('k1', 1), ('k2', 1)
setup: INSERT INTO n VALUES (1.50, 1), (2.50, 1)
con1: DELETE a FROM i a JOIN d b ON a.id = b.id
con1: DELETE a FROM d a JOIN i b ON a.id = b.id
con1: DELETE b FROM s a JOIN i b ON a.id = b.id
con1: DELETE b FROM n a JOIN s b ON a.id = b.id

[case fid_plan_fewer_rows_first]
rule = mariadb.optimizer.join_order_cost
seed = 002
description = the table with fewer rows is read first whatever the FROM order; without a usable key on the other table each of its rows is compared; a strict multi-table UPDATE stops with the first compared conversion as error 1292 (a DELETE only warns)
setup: CREATE TABLE s (id VARCHAR(10), c INT) ENGINE=InnoDB
setup: CREATE TABLE n (id DECIMAL(6,2) NULL UNIQUE, c INT) ENGINE=MyISAM
setup: INSERT INTO s VALUES ('k7', 1), ('k4', 1), ('k9', 1)
setup: INSERT INTO n VALUES (5.00, 1), (6.00, 1)
con1: DELETE a FROM s a JOIN n b ON a.id = b.id  => mysql-9.7:1292
con1: UPDATE s a, n b SET b.c = 2 WHERE a.id = b.id => 1292,mariadb-11.8:OK
con1: UPDATE n b, s a SET a.c = 2 WHERE b.id = a.id => 1292,mariadb-11.8:OK
con1: SET sql_mode = ''
con1: UPDATE s a, n b SET a.c = 2 WHERE a.id = b.id

[case fid_plan_myisam_unique_key_is_looked_up]
rule = mariadb.optimizer.join_order_cost
seed = 002
description = a MyISAM unique key the other side's value can be looked up in (an INT/DECIMAL key by a string, a DATETIME key by anything) is read by eq_ref, even with equal row counts: one store_key conversion per outer row (INTEGER / DECIMAL / Incorrect datetime value at row 1); a strict UPDATE only warns
setup: CREATE TABLE s (id VARCHAR(10) NOT NULL PRIMARY KEY, c INT) ENGINE=MyISAM
setup: CREATE TABLE u (id DECIMAL(6,2) NULL UNIQUE, c INT) ENGINE=MyISAM
setup: CREATE TABLE k (id INT NOT NULL UNIQUE, c INT) ENGINE=MyISAM
setup: CREATE TABLE dk (id DATETIME NOT NULL UNIQUE, c INT) ENGINE=MyISAM
setup: INSERT INTO s VALUES ('k5', 1), ('k2', 1)
setup: INSERT INTO u VALUES (3.00, 1), (7.00, 1)
setup: INSERT INTO k VALUES (3, 1), (7, 1), (8, 1)
setup: INSERT INTO dk VALUES ('2024-01-03 10:00:00', 1), ('2024-01-07 10:00:00', 1), ('2024-01-08 10:00:00', 1)
con1: DELETE a, b FROM u a JOIN s b ON a.id = b.id  => mysql-9.7:1366
con1: DELETE a FROM s a JOIN k b ON a.id = b.id
con1: UPDATE s a, dk b SET a.c = 5 WHERE a.id = b.id  => mysql-9.7:1292

[case fid_plan_innodb_unique_key_lookup_unless_updated]
rule = mariadb.optimizer.join_order_cost
seed = 002
description = an InnoDB unique key with more rows than the other table is looked up (one conversion per outer row), but a multi-table UPDATE writing that table scans it when it has only one row more: every pair compared, and strict mode stops at the first
setup: CREATE TABLE s (id VARCHAR(10), c INT) ENGINE=InnoDB
setup: CREATE TABLE k (id INT NOT NULL UNIQUE, c INT) ENGINE=InnoDB
setup: INSERT INTO s VALUES ('k3', 1), ('k4', 1)
setup: INSERT INTO k VALUES (10, 1), (11, 1), (12, 1)
con1: DELETE a FROM s a JOIN k b ON a.id = b.id
con1: UPDATE k b, s a SET a.c = 2 WHERE b.id = a.id
con1: UPDATE k b, s a SET b.c = 2 WHERE b.id = a.id => 1292,mysql-9.7:OK,mariadb-11.8:OK
con1: SET sql_mode = ''
con1: UPDATE k b, s a SET b.c = 2 WHERE b.id = a.id

[case fid_plan_left_operand_null_skips_the_right]
rule = mariadb.optimizer.join_compare_left_first
seed = 002
description = a compared pair evaluates the left operand first and the right one only when the left is not NULL (Arg_comparator): a NULL on the left converts nothing, a NULL on the right does not stop the left's conversion
session.sql_mode = ''
setup: CREATE TABLE i (id INT NULL UNIQUE, c INT) ENGINE=InnoDB
setup: CREATE TABLE s (id VARCHAR(10) NOT NULL UNIQUE, c INT) ENGINE=InnoDB
setup: CREATE TABLE d (id DATETIME NULL, c INT) ENGINE=MyISAM
setup: INSERT INTO i VALUES (NULL, 1)
setup: INSERT INTO s VALUES ('k5', 1), ('k8', 1), ('k4', 1)
setup: INSERT INTO d VALUES ('2024-01-08 10:00:00', 1), (NULL, 1)
con1: UPDATE i a, s b SET a.c = 2 WHERE a.id = b.id
con1: UPDATE s a, i b SET a.c = 2 WHERE a.id = b.id
con1: DELETE a FROM s a JOIN d b ON a.id = b.id

[case fid_plan_system_table_is_a_constant]
rule = mariadb.optimizer.join_system_table
seed = 002
description = a one-row MyISAM table is a system table read first as a constant: the other table is scanned and each row compared with it, unless the other table can be looked up by the constant; then it becomes const too and the conversion warns once when the system table's column is the left operand (a strict UPDATE fails on it), not at all when it is the right one; an empty MyISAM table makes the join empty
setup: CREATE TABLE one (id VARCHAR(10) NOT NULL UNIQUE, c INT) ENGINE=MyISAM
setup: CREATE TABLE k (id INT NOT NULL UNIQUE, c INT) ENGINE=MyISAM
setup: CREATE TABLE n (id INT, c INT) ENGINE=InnoDB
setup: CREATE TABLE dt1 (id DATETIME, c INT) ENGINE=MyISAM
setup: CREATE TABLE e (id DATETIME, c INT) ENGINE=MyISAM
setup: INSERT INTO one VALUES ('k7', 1)
setup: INSERT INTO k VALUES (1, 1), (2, 1), (6, 1)
setup: INSERT INTO n VALUES (4, 1), (NULL, 1), (9, 1)
setup: INSERT INTO dt1 VALUES ('2024-01-02 10:00:00', 1)
con1: DELETE b FROM one a JOIN k b ON a.id = b.id
con1: DELETE b FROM k b JOIN one a ON b.id = a.id
con1: UPDATE one a, k b SET b.c = 3 WHERE a.id = b.id => 1292,mysql-9.7:OK
con1: DELETE b FROM dt1 a JOIN n b ON a.id = b.id
con1: UPDATE dt1 a, n b SET b.c = 3 WHERE a.id = b.id => 1292,mysql-9.7:OK
con1: DELETE b FROM e a JOIN n b ON a.id = b.id

[case fid_plan_covering_index_order]
rule = mariadb.optimizer.join_covering_scan
seed = 002
description = the first table, when only its key column is read and it is not written, is read through that key (a covering index scan): its rows convert in key order, NULLs first
session.sql_mode = ''
setup: CREATE TABLE s (id VARCHAR(10) NULL UNIQUE, c INT) ENGINE=MyISAM
setup: CREATE TABLE n (id DECIMAL(6,2), c INT) ENGINE=MyISAM
setup: INSERT INTO s VALUES ('k9', 1), (NULL, 1), ('k2', 1)
setup: INSERT INTO n VALUES (1.00, 1), (2.00, 1), (3.00, 1), (4.00, 1)
con1: DELETE b FROM s a JOIN n b ON a.id = b.id
con1: DELETE a FROM s a JOIN n b ON a.id = b.id

[case fid_plan_key_bound_const_and_empty_system_table]
rule = mariadb.optimizer.join_system_table
seed = 002
description = a table whose PRIMARY/NOT NULL UNIQUE key is bound by a literal is const too: with a system table the join condition is evaluated once, as with two system tables, an empty one's column NULL (the left operand still converts); a const table that finds no row converts nothing
setup: CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c INT) ENGINE=InnoDB
setup: CREATE TABLE one (id VARCHAR(10) NULL UNIQUE, c INT) ENGINE=MyISAM
setup: CREATE TABLE s1 (id VARCHAR(10) NOT NULL PRIMARY KEY, c INT) ENGINE=MyISAM
setup: CREATE TABLE e (id DECIMAL(6,2) NULL UNIQUE, c INT) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES (1, 1), (4, 1), (9, 1)
setup: INSERT INTO one VALUES ('k5', 1)
setup: INSERT INTO s1 VALUES ('k1', 1)
con1: DELETE a, b FROM t1 a JOIN one b ON a.id = b.id WHERE a.id = 1  => mysql-9.7:1292,mysql-9.7-gtid-on:1785
con1: DELETE a, b FROM t1 a JOIN one b ON a.id = b.id WHERE a.id = 2  => mysql-9.7-gtid-on:1785
con1: DELETE b FROM s1 a JOIN e b ON a.id = b.id
con1: DELETE b FROM e b JOIN s1 a ON b.id = a.id

[case fid_plan_inner_filter_under_a_lookup]
rule = mariadb.optimizer.join_order_cost
seed = 002
description = a condition on the looked-up table does not change the lookups' conversions (it only sees the rows a lookup finds); an IS NULL filter on the first table drops its rows before any lookup
session.sql_mode = ''
setup: CREATE TABLE k (id INT NULL UNIQUE, c_blob BLOB) ENGINE=MyISAM
setup: CREATE TABLE s (id VARCHAR(10) NULL UNIQUE, c_blob BLOB) ENGINE=MyISAM
setup: INSERT INTO k VALUES (3, NULL), (7, 'x')
setup: INSERT INTO s VALUES ('k9', NULL), ('u', 'y')
con1: DELETE b FROM k a JOIN s b ON a.id = b.id WHERE a.c_blob IS NULL
con1: DELETE b FROM k a JOIN s b ON a.id = b.id WHERE b.c_blob IS NULL

# A two-table DELETE deletes from the first table of the plan while it scans and from the
# other afterwards (multi_delete), so the plan's order is the rows' order. The plan is
# _two_table_plan's cost model (RULES 5.12.2), with the deleted tables counted as written;
# with unique keys on both sides, MyISAM tables take the same costs with a lookup either
# way, an InnoDB table the one with fewer rows first (RULES 5.9). Chosen from 108 random
# probes as the ones the written order got wrong.

[case fid_plan_multi_delete_order_1]
rule = joinplan.multi_delete_order
seed = 002
formats = ROW
setup: CREATE TABLE t1 (id DECIMAL(6,2), x INT) ENGINE=MyISAM
setup: CREATE TABLE t2 (id INT NOT NULL UNIQUE, y INT) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES (2.00, 2), (4.00, 4), (7.00, 7)
setup: INSERT INTO t2 VALUES (2, 2), (8, 8)
con1: DELETE a, b FROM t1 a JOIN t2 b ON a.id = b.id

[case fid_plan_multi_delete_order_2]
rule = joinplan.multi_delete_order
seed = 002
formats = ROW
setup: CREATE TABLE t1 (id INT, x INT) ENGINE=MyISAM
setup: CREATE TABLE t2 (id INT NOT NULL UNIQUE, y INT) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES (2, 2), (8, 8), (6, 6), (5, 5), (1, 1)
setup: INSERT INTO t2 VALUES (7, 7), (1, 1)
con1: DELETE a, b FROM t1 a JOIN t2 b ON a.id = b.id

[case fid_plan_multi_delete_order_3]
rule = joinplan.multi_delete_order
seed = 002
formats = ROW
setup: CREATE TABLE t1 (id DECIMAL(6,2) NOT NULL UNIQUE, x INT) ENGINE=MyISAM
setup: CREATE TABLE t2 (id INT NOT NULL UNIQUE, y INT) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES (2.00, 2), (5.00, 5), (4.00, 4), (8.00, 8)
setup: INSERT INTO t2 VALUES (6, 6), (2, 2)
con1: DELETE b, a FROM t1 a JOIN t2 b ON a.id = b.id

[case fid_plan_multi_delete_order_4]
rule = joinplan.multi_delete_order
seed = 002
formats = ROW
setup: CREATE TABLE t1 (id INT NOT NULL UNIQUE, x INT) ENGINE=MyISAM
setup: CREATE TABLE t2 (id INT NOT NULL UNIQUE, y INT) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES (2, 2), (7, 7), (5, 5), (6, 6), (3, 3)
setup: INSERT INTO t2 VALUES (6, 6), (8, 8)
con1: DELETE b, a FROM t1 a JOIN t2 b ON a.id = b.id

[case fid_plan_multi_delete_order_5]
rule = joinplan.multi_delete_order
seed = 002
formats = ROW
setup: CREATE TABLE t1 (id DECIMAL(6,2), x INT) ENGINE=MyISAM
setup: CREATE TABLE t2 (id INT, y INT) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES (1.00, 1), (4.00, 4), (3.00, 3), (2.00, 2), (8.00, 8)
setup: INSERT INTO t2 VALUES (8, 8), (1, 1), (2, 2), (3, 3)
con1: DELETE a, b FROM t1 a JOIN t2 b ON a.id = b.id

[case fid_plan_multi_delete_order_6]
rule = joinplan.multi_delete_order
seed = 002
formats = ROW
setup: CREATE TABLE t1 (id INT, x INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id DECIMAL(6,2) NOT NULL UNIQUE, y INT) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES (4, 4), (6, 6), (5, 5), (3, 3), (2, 2)
setup: INSERT INTO t2 VALUES (8.00, 8), (2.00, 2), (4.00, 4), (1.00, 1), (6.00, 6)
con1: DELETE b, a FROM t1 a JOIN t2 b ON a.id = b.id

[case fid_plan_multi_delete_order_7]
rule = joinplan.multi_delete_order
seed = 002
formats = ROW
setup: CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, x INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id DECIMAL(6,2), y INT) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES (4, 4), (2, 2), (6, 6), (8, 8), (5, 5)
setup: INSERT INTO t2 VALUES (6.00, 6), (4.00, 4), (2.00, 2)
con1: DELETE b, a FROM t1 a JOIN t2 b ON a.id = b.id

[case fid_plan_multi_delete_order_8]
rule = joinplan.multi_delete_order
seed = 002
formats = ROW
setup: CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, x INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT, y INT) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES (5, 5), (8, 8), (1, 1), (6, 6), (2, 2)
setup: INSERT INTO t2 VALUES (2, 2), (1, 1), (3, 3), (6, 6)
con1: DELETE a, b FROM t1 a JOIN t2 b ON a.id = b.id

[case fid_plan_multi_delete_order_9]
rule = joinplan.multi_delete_order
seed = 002
formats = ROW
setup: CREATE TABLE t1 (id DECIMAL(6,2) NOT NULL UNIQUE, x INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT NOT NULL UNIQUE, y INT) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES (5.00, 5), (1.00, 1), (6.00, 6), (2.00, 2)
setup: INSERT INTO t2 VALUES (7, 7), (1, 1)
con1: DELETE b, a FROM t1 a JOIN t2 b ON a.id = b.id

[case fid_plan_multi_delete_order_10]
rule = joinplan.multi_delete_order
seed = 002
formats = ROW
setup: CREATE TABLE t1 (id INT NOT NULL UNIQUE, x INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id VARCHAR(10), y INT) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES (7, 7), (2, 2), (3, 3), (5, 5), (8, 8), (10, 10)
setup: INSERT INTO t2 VALUES ('10', 10), ('3', 3)
con1: DELETE a, b FROM t1 a JOIN t2 b ON a.id = b.id

[case fid_plan_multi_delete_order_11]
rule = joinplan.multi_delete_order
seed = 002
formats = ROW
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL UNIQUE, x INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL UNIQUE, y INT) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES ('4', 4), ('9', 9), ('8', 8), ('2', 2), ('7', 7), ('1', 1)
setup: INSERT INTO t2 VALUES ('7', 7), ('1', 1), ('2', 2), ('10', 10), ('4', 4)
con1: DELETE b, a FROM t1 a JOIN t2 b ON a.id = b.id WHERE a.x IS NOT NULL

[case fid_plan_multi_delete_order_12]
rule = joinplan.multi_delete_order
seed = 002
formats = ROW
setup: CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, x INT) ENGINE=MyISAM
setup: CREATE TABLE t2 (id VARCHAR(10), y INT) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES (5, 5), (11, 11), (4, 4), (9, 9), (1, 1), (7, 7), (2, 2)
setup: INSERT INTO t2 VALUES ('10', 10), ('3', 3), ('2', 2), ('8', 8), ('1', 1), ('11', 11)
con1: DELETE a, b FROM t1 a JOIN t2 b ON a.id = b.id

[case fid_plan_multi_delete_order_13]
rule = joinplan.multi_delete_order
seed = 002
formats = ROW
setup: CREATE TABLE t1 (id VARCHAR(10) NOT NULL UNIQUE, x INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id BIGINT, y INT) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES ('7', 7), ('10', 10), ('4', 4), ('11', 11), ('2', 2)
setup: INSERT INTO t2 VALUES (7, 7), (8, 8), (1, 1)
con1: DELETE b, a FROM t1 a JOIN t2 b ON a.id = b.id

[case fid_plan_system_filter_still_looks_up]
rule = mariadb.optimizer.join_system_table
seed = 002
description = a condition on the one-row system table, true or false, does not stop the lookup of the other table's unique key by its row: the const tables are read (and the tables they bind looked up) before the WHERE is evaluated on them, so the conversion warns either way (fuzz seed 20261129, case 26)
setup: CREATE TABLE t1 (id DECIMAL(6,2) NOT NULL UNIQUE) ENGINE=InnoDB
setup: CREATE TABLE t2 (id VARCHAR(10), c_dt DATETIME, c INT) ENGINE=MyISAM
setup: INSERT INTO t2 VALUES ('k2', NULL, 1)
con1: DELETE b FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.c_dt = '2023-08-17 08:30:00'  => mysql-9.7:1366
con1: DELETE a FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.c > 0  => mysql-9.7:1366
con1: DELETE a FROM t2 a JOIN t1 b ON a.id = b.id WHERE a.c_dt IS NULL  => mysql-9.7:1366

[case fid_plan_system_filter_decides_the_scan]
rule = mariadb.optimizer.join_system_table
seed = 002
description = when the other table is scanned (a string key cannot be looked up by a number), the system row's own conditions are evaluated once after the const tables are read: false, nothing is compared ("Impossible WHERE noticed after reading const tables"); true, each row of the other table is compared with the constant (fuzz seed 20261129, case 82)
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_blob BLOB, c INT) ENGINE=MyISAM
setup: INSERT INTO t2 (id, c_blob, c) VALUES (6, 'x', 3)
setup: CREATE TABLE t3 (id VARCHAR(10) NOT NULL PRIMARY KEY) ENGINE=InnoDB
setup: INSERT INTO t3 (id) VALUES ('k5'), ('k7')
con1: DELETE a, b FROM t2 a JOIN t3 b ON a.id = b.id WHERE a.c_blob = 'y'  => mysql-9.7-gtid-on:1785
con1: DELETE a, b FROM t2 a JOIN t3 b ON a.id = b.id WHERE a.c < 2  => mysql-9.7-gtid-on:1785
con1: DELETE b FROM t3 b JOIN t2 a ON b.id = a.id WHERE a.c = 3  => mysql-9.7:1292
con1: DELETE a, b FROM t2 a JOIN t3 b ON a.id = b.id WHERE a.c_blob = 'x'  => mysql-9.7:1292,mysql-9.7-gtid-on:1785
