# Multi-table UPDATE and DELETE: order of the row events and the Table_map null
# bitmap (docs/RULES-mariadb-10.11.md 5.9, harness/sql/opt/joinplan.py).  InnoDB cases
# run at READ COMMITTED so that MIXED logs rows too (STATEMENT would be 1665).

[case multi_update_on_the_fly_innodb]
rule = WL2687.mixing.multi_table
seed = 002
description = two InnoDB tables share the trx cache: the first table of the join order is updated during the scan when safe_update_on_fly allows (then its rows come first), the others afterwards in written order; a SET that reads a changed column of the first table, or a change of its primary key, defers it too
formats = ROW MIXED
con1.tx_isolation = 'READ-COMMITTED'
setup: CREATE TABLE t1 (id INT PRIMARY KEY, a INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (id INT PRIMARY KEY, c INT) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES (1,10),(2,20),(3,30)
setup: INSERT INTO t2 VALUES (3,300),(1,100),(2,200)
setup: INSERT INTO t3 VALUES (1,1000),(2,2000),(3,3000)
con1: UPDATE t1, t2 SET t2.b = 7, t1.a = 5 WHERE t1.id = t2.id
con1: UPDATE t1, t2 SET t2.b = t1.a, t1.a = 6 WHERE t1.id = t2.id
con1: UPDATE t1, t2 SET t1.a = t1.a + 1, t2.b = t2.b + 1 WHERE t1.id = t2.id
con1: UPDATE t2, t1 SET t1.a = t1.a + 1, t2.b = t2.b + 1 WHERE t1.id = t2.id
con1: UPDATE t1 JOIN t2 ON t1.id = t2.id SET t2.b = t1.a, t1.a = t2.b
con1: UPDATE t1 RIGHT JOIN t2 ON t1.id = t2.id SET t1.a = 8, t2.b = 9
con1: UPDATE t1 RIGHT JOIN t2 ON t1.id = t2.id SET t1.a = t2.b, t2.b = t2.b + 1
con1: UPDATE t1, t3, t2 SET t2.b = 11, t3.c = 12 WHERE t1.id = t2.id AND t1.id = t3.id
con1: UPDATE t2 STRAIGHT_JOIN t1 ON t1.id = t2.id SET t1.a = 15, t2.b = 16
con1: UPDATE t1, t2, t3 SET t3.c = 17, t2.b = 18, t1.a = 19 WHERE t1.id = t2.id AND t1.id = t3.id
con1: UPDATE t1 RIGHT JOIN t2 ON t1.id = t2.id SET t1.a = 20, t2.id = t2.id + 10

[case multi_update_key_change]
rule = WL2687.mixing.multi_table
seed = 002
description = changing the first table's primary key: InnoDB scans its clustered index, so the table is not updated on the fly (rows after the other tables'); MyISAM is (rows first)
formats = ROW MIXED
con1.tx_isolation = 'READ-COMMITTED'
setup: CREATE TABLE t1 (id INT PRIMARY KEY, a INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n1 (id INT PRIMARY KEY, a INT) ENGINE=MyISAM
setup: CREATE TABLE n2 (id INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES (1,10),(2,20),(3,30)
setup: INSERT INTO t2 VALUES (1,101),(2,102),(3,103)
setup: INSERT INTO n1 VALUES (1,10),(2,20),(3,30)
setup: INSERT INTO n2 VALUES (1,101),(2,102),(3,103)
con1: UPDATE t1 RIGHT JOIN t2 ON t1.id = t2.id SET t1.a = 1, t2.id = t2.b + 100
con1: UPDATE n1 RIGHT JOIN n2 ON n1.id = n2.id SET n1.a = 1, n2.id = n2.b + 100

[case multi_update_first_reach]
rule = WL2687.mixing.multi_table
seed = 002
description = a row reached by several join rows takes the first join row's values; the deferred table's rows come in the order the join first reaches them, not in key order
formats = ROW MIXED
con1.tx_isolation = 'READ-COMMITTED'
setup: CREATE TABLE t1 (id INT PRIMARY KEY, a INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT PRIMARY KEY, k INT, b INT) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES (1,10),(2,20)
setup: INSERT INTO t2 VALUES (1,2,100),(2,1,200),(3,2,300),(4,1,400)
con1: UPDATE t1, t2 SET t1.a = t2.b, t2.b = 1 WHERE t1.id = t2.k
con1: UPDATE t1, t2 SET t1.a = 5, t2.b = t1.a + t2.id WHERE t1.id = t2.k
con1: UPDATE t1 STRAIGHT_JOIN t2 ON t1.id = t2.k SET t1.a = t2.id, t2.b = t1.id

[case multi_update_myisam_pair]
rule = WL2687.mixing.multi_table
seed = 002
description = two MyISAM tables share the stmt cache: the same order rules; MyISAM scans no clustered index, so changing the first table's key keeps it on the fly; rows in physical order
setup: CREATE TABLE t1 (id INT PRIMARY KEY, a INT) ENGINE=MyISAM
setup: CREATE TABLE t2 (id INT PRIMARY KEY, k INT, KEY (k)) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES (1,10),(2,20),(3,30)
setup: INSERT INTO t2 VALUES (3,3),(1,1),(2,2)
con1: UPDATE t1, t2 SET t2.k = 7, t1.a = 5 WHERE t1.id = t2.id
con1: UPDATE t2, t1 SET t2.k = 8, t1.a = 9 WHERE t1.id = t2.id
con1: UPDATE t1, t2 SET t2.k = t1.a, t1.a = 6 WHERE t1.id = t2.id
con1: UPDATE t1 RIGHT JOIN t2 ON t1.id = t2.id SET t1.a = 1, t2.id = t2.id + 10
con1: UPDATE t1 RIGHT JOIN t2 ON t1.id = t2.id - 10 SET t1.a = 2, t2.k = t2.k + 10 WHERE t2.k > 0

[case multi_update_const_first]
rule = WL2687.mixing.multi_table
seed = 002
description = a const table (primary key = constant, or a MyISAM table of one row) is read first and updated on the fly; the values computed after its update read its new row
formats = ROW MIXED
con1.tx_isolation = 'READ-COMMITTED'
setup: CREATE TABLE t1 (id INT PRIMARY KEY, a INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n1 (id INT PRIMARY KEY, a INT) ENGINE=MyISAM
setup: CREATE TABLE n2 (id INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES (1,10),(2,20),(3,30)
setup: INSERT INTO t2 VALUES (1,100),(2,200),(3,300)
setup: INSERT INTO n1 VALUES (1,10),(2,20),(3,30)
setup: INSERT INTO n2 VALUES (1,100)
con1: UPDATE t1, t2 SET t1.a = 1, t2.b = 2 WHERE t2.id = 2
con1: UPDATE t1, t2 SET t1.a = t1.a + 1, t2.b = t2.b + 2 WHERE t2.id = 2
con1: UPDATE t1, t2 SET t2.b = 5, t1.a = t2.b WHERE t2.id = 2
con1: UPDATE t2, t1 SET t2.b = 6, t1.a = t2.b WHERE t2.id = 2
con1: UPDATE t1, t2 SET t2.b = t2.b + 1, t1.a = t2.b WHERE t2.id = 2
con1: UPDATE n1, n2 SET n1.a = 1, n2.b = 2
con1: UPDATE n1, n2 SET n1.a = n1.a + 1, n2.b = n2.b + 2
con1: DELETE t1, t2 FROM t1, t2 WHERE t2.id = 2 AND t1.id > 1

[case multi_update_outer_join_nullable]
rule = WL2687.mixing.multi_table
seed = 002
description = the written inner table of an outer join gets a Table_map with every column nullable (UPDATE and DELETE), unless WHERE rejects its NULLs (the join becomes inner) or it is a const table that found its row
formats = ROW MIXED
con1.tx_isolation = 'READ-COMMITTED'
setup: CREATE TABLE t1 (id INT PRIMARY KEY, a INT NOT NULL) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT PRIMARY KEY, b INT NOT NULL, c VARCHAR(5) NOT NULL) ENGINE=InnoDB
setup: CREATE TABLE t3 (id INT PRIMARY KEY, d INT NOT NULL) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES (1,10),(2,20),(3,30),(4,40),(5,50),(6,60)
setup: INSERT INTO t2 VALUES (1,100,'x'),(2,200,'y'),(3,300,'z'),(4,400,'w'),(5,500,'v')
setup: INSERT INTO t3 VALUES (2,1000),(3,3000),(5,5000)
con1: UPDATE t1 LEFT JOIN t2 ON t1.id = t2.id SET t2.b = 1
con1: UPDATE t1 LEFT JOIN t2 ON t1.id = t2.id SET t1.a = 2
con1: UPDATE t1 LEFT JOIN t2 ON t1.id = t2.id SET t1.a = 3, t2.b = 4
con1: UPDATE t2 RIGHT JOIN t1 ON t1.id = t2.id SET t2.b = 5
con1: UPDATE t1 JOIN t2 ON t1.id = t2.id SET t2.b = 6
con1: UPDATE t1 LEFT JOIN t2 ON t1.id = t2.id SET t2.b = 7 WHERE t1.id = 2
con1: UPDATE t1 LEFT JOIN t2 ON t1.id = t2.id SET t2.b = 8 WHERE t1.a = 30
con1: UPDATE t1 LEFT JOIN t2 ON t1.id = t2.id SET t2.b = 9 WHERE t2.b > 5
con1: UPDATE t1 LEFT JOIN t2 ON t1.id = t2.id LEFT JOIN t3 ON t2.id = t3.id SET t3.d = 1, t2.b = 2, t1.a = 3
con1: UPDATE t1 LEFT JOIN t2 ON t1.id = t2.id LEFT JOIN t3 ON t1.id = t3.id SET t3.d = 4, t2.b = 5 WHERE t2.b IS NOT NULL
con1: DELETE t2 FROM t1 LEFT JOIN t2 ON t1.id = t2.id WHERE t1.a = 3 AND t1.id = 4
con1: DELETE t2 FROM t1 LEFT JOIN t2 ON t1.id = t2.id WHERE t1.id = 1
con1: DELETE t1, t3 FROM t1 LEFT JOIN t3 ON t1.id = t3.id WHERE t1.id > 4
con1: DELETE t1, t2 FROM t1 RIGHT JOIN t2 ON t1.id = t2.id

[case multi_delete_order]
rule = WL2687.mixing.multi_table
seed = 002
description = multi-table DELETE lists the deleted tables in join order (RIGHT JOIN and STRAIGHT_JOIN decide it, not the DELETE list), each table's rows in its own scan order (row-id order), not the join's
formats = ROW MIXED
con1.tx_isolation = 'READ-COMMITTED'
setup: CREATE TABLE t1 (id INT PRIMARY KEY, a INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT PRIMARY KEY, k INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (id INT PRIMARY KEY, k INT) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES (1,10),(2,20),(3,30),(4,40),(5,50),(6,60),(7,70),(8,80)
setup: INSERT INTO t2 VALUES (1,2),(2,1),(3,4),(4,3),(5,6),(6,5),(7,8),(8,7)
setup: INSERT INTO t3 VALUES (1,2),(2,1),(3,4),(4,3),(5,6),(6,5),(7,8),(8,7)
con1: DELETE t1, t2 FROM t1, t2 WHERE t1.id = t2.k AND t1.id < 3
con1: DELETE t2, t1 FROM t1 STRAIGHT_JOIN t2 ON t1.id = t2.k WHERE t1.id < 5
con1: DELETE t1, t2 FROM t2 STRAIGHT_JOIN t1 ON t1.id = t2.k WHERE t1.id < 7
con1: DELETE t3 FROM t1 STRAIGHT_JOIN t3 ON t1.id = t3.k
con1: DELETE t1, t2 FROM t1 RIGHT JOIN t2 ON t1.id = t2.k

[case multi_delete_myisam_order]
rule = WL2687.mixing.multi_table
seed = 002
description = MyISAM: the deferred table's rows come in record-position order (deleted records' space reused last-freed first)
setup: CREATE TABLE t1 (id INT, a INT) ENGINE=MyISAM
setup: CREATE TABLE t2 (id INT, k INT) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES (3,30),(1,10),(2,20),(4,40)
setup: INSERT INTO t2 VALUES (1,2),(2,1),(3,4),(4,3)
con1: DELETE t1, t2 FROM t1 STRAIGHT_JOIN t2 ON t1.id = t2.k WHERE t1.id < 4
con1: INSERT INTO t1 VALUES (3,30),(1,10),(2,20)
con1: INSERT INTO t2 VALUES (1,2),(2,1),(3,4)
con1: DELETE t1, t2 FROM t2 STRAIGHT_JOIN t1 ON t1.id = t2.k
