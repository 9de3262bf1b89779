# Single autocommit statements on one engine each: the simplest event groups
# (WL#2687 definition table, rows 3 "T" and 4 "N"; seed 000).  Every later
# case builds on these being byte-identical.

[case dml_innodb_insert]
rule = WL2687.table1.row3_T
seed = 000
description = autocommit INSERT into an InnoDB table (T-statement)
setup: CREATE TABLE t_innodb (id INT PRIMARY KEY, n INT, s VARCHAR(20)) ENGINE=InnoDB
con1: INSERT INTO t_innodb VALUES (1, 10, 'one'), (2, 20, 'two')

[case dml_innodb_update]
rule = WL2687.table1.row3_T
seed = 000
description = autocommit UPDATE of one row of an InnoDB table (T-statement)
setup: CREATE TABLE t_innodb (id INT PRIMARY KEY, n INT, s VARCHAR(20)) ENGINE=InnoDB
setup: INSERT INTO t_innodb VALUES (1, 10, 'one'), (2, 20, 'two')
con1: UPDATE t_innodb SET n = 11, s = 'uno' WHERE id = 1

[case dml_innodb_delete]
rule = WL2687.table1.row3_T
seed = 000
description = autocommit DELETE of one row of an InnoDB table (T-statement)
setup: CREATE TABLE t_innodb (id INT PRIMARY KEY, n INT, s VARCHAR(20)) ENGINE=InnoDB
setup: INSERT INTO t_innodb VALUES (1, 10, 'one'), (2, 20, 'two')
con1: DELETE FROM t_innodb WHERE id = 2

[case dml_myisam_insert]
rule = WL2687.table1.row4_N
seed = 000
description = autocommit INSERT into a MyISAM table (N-statement)
setup: CREATE TABLE t_myisam (id INT PRIMARY KEY, n INT, s VARCHAR(20)) ENGINE=MyISAM
con1: INSERT INTO t_myisam VALUES (1, 10, 'one'), (2, 20, 'two')

[case dml_myisam_update]
rule = WL2687.table1.row4_N
seed = 000
description = autocommit UPDATE of one row of a MyISAM table (N-statement)
setup: CREATE TABLE t_myisam (id INT PRIMARY KEY, n INT, s VARCHAR(20)) ENGINE=MyISAM
setup: INSERT INTO t_myisam VALUES (1, 10, 'one'), (2, 20, 'two')
con1: UPDATE t_myisam SET n = 11, s = 'uno' WHERE id = 1

[case dml_myisam_delete]
rule = WL2687.table1.row4_N
seed = 000
description = autocommit DELETE of one row of a MyISAM table (N-statement)
setup: CREATE TABLE t_myisam (id INT PRIMARY KEY, n INT, s VARCHAR(20)) ENGINE=MyISAM
setup: INSERT INTO t_myisam VALUES (1, 10, 'one'), (2, 20, 'two')
con1: DELETE FROM t_myisam WHERE id = 2
