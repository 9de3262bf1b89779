# Query features (issue 24, part B): table-less SELECT with WHERE/HAVING/aggregates/LIMIT,
# CTEs, window functions, SQL PREPARE, accounts, events, builtins.
# docs/RULES-mariadb-10.11.md, "Query features".

[case query_dual_where_false_selects_nothing]
rule = QUERY.dual_where
seed = query
description = SELECT ... FROM DUAL WHERE 1=0 returns no row; INSERT ... SELECT of it inserts and logs nothing row-wise
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
con1: SELECT 5 FROM DUAL WHERE 1=0
con1: SELECT 5 WHERE 1=1
con1: SELECT COUNT(*), MAX(1) FROM DUAL WHERE 1=0
con1: SELECT 5 FROM DUAL HAVING 1=0
con1: SELECT 5 FROM DUAL LIMIT 0
con1: INSERT INTO t SELECT 1, 2 FROM DUAL WHERE 1=0
con1: INSERT INTO t SELECT 1, 2 FROM DUAL WHERE 1=1
con1: INSERT INTO t SELECT 2, COUNT(*) FROM DUAL WHERE 1=0
con1: SELECT * FROM t ORDER BY a

[case query_dual_where_not_exists_idiom]
rule = QUERY.dual_where
seed = query
description = INSERT ... SELECT ... FROM DUAL WHERE NOT EXISTS inserts once, the second time nothing (no 1062)
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10)) ENGINE=InnoDB
setup: CREATE TABLE m (a INT PRIMARY KEY, b VARCHAR(10)) ENGINE=MyISAM
con1: INSERT INTO t (a, b) SELECT 1, 'x' FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM t WHERE a = 1)
con1: INSERT INTO t (a, b) SELECT 1, 'y' FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM t WHERE a = 1)
con1: INSERT INTO m (a, b) SELECT 1, 'x' FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM m WHERE a = 1)
con1: INSERT INTO m (a, b) SELECT 1, 'y' FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM m WHERE a = 1)
con1: BEGIN
con1: INSERT INTO t (a, b) SELECT 2, 'z' FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM t WHERE a = 2)
con1: INSERT INTO t (a, b) SELECT 2, 'w' FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM t WHERE a = 2)
con1: COMMIT
con1: SELECT (SELECT 7 FROM DUAL WHERE 1=0) IS NULL, EXISTS (SELECT 7 FROM DUAL WHERE 0)
con1: CREATE TABLE c SELECT 1 AS a FROM DUAL WHERE 1=0
con1: SELECT COUNT(*) FROM c
con1: SELECT * FROM t ORDER BY a
