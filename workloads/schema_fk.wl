# Foreign keys (InnoDB) in MariaDB 10.11: docs/RULES-mariadb-10.11.md section "Foreign keys".

[case fk_child_insert_1452]
rule = MDB.fk.child_check
seed = 024
description = a child row without its parent fails with 1452 (the constraint printed as SHOW CREATE TABLE does); a multi-row INSERT leaves nothing in any format
setup: CREATE TABLE p (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE c (id INT PRIMARY KEY, pid INT, CONSTRAINT fkc FOREIGN KEY (pid) REFERENCES p (id) ON UPDATE CASCADE) ENGINE=InnoDB
con1: INSERT INTO p VALUES (1, 1), (2, 2)
con1: INSERT INTO c VALUES (10, 1), (11, NULL)
con1: INSERT INTO c VALUES (12, 2), (13, 9)  => ER_NO_REFERENCED_ROW_2
con1: INSERT INTO c VALUES (14, 9)  => 1452
con1: UPDATE c SET pid = 7 WHERE id = 10  => 1452
con1: UPDATE c SET pid = 2 WHERE id = 10
con1: SELECT * FROM c ORDER BY id

[case fk_parent_restrict_1451]
rule = MDB.fk.parent_check
seed = 024
description = a referenced parent row cannot be deleted or its key changed under RESTRICT / NO ACTION / no action written (1451); a non-key change goes through
setup: CREATE TABLE p (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE d (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=InnoDB
setup: CREATE TABLE e (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) ON DELETE RESTRICT ON UPDATE NO ACTION) ENGINE=InnoDB
setup: INSERT INTO p VALUES (1, 1), (2, 2), (3, 3)
setup: INSERT INTO d VALUES (20, 2)
setup: INSERT INTO e VALUES (30, 3)
con1: DELETE FROM p WHERE id = 2  => ER_ROW_IS_REFERENCED_2
con1: UPDATE p SET id = 33 WHERE id = 3  => 1451
con1: UPDATE p SET v = 5
con1: DELETE FROM p WHERE id = 1
con1: DELETE FROM p  => 1451
con1: SELECT * FROM p ORDER BY id

[case fk_cascade_not_logged]
rule = MDB.fk.cascade
seed = 024
description = ON DELETE CASCADE / ON UPDATE SET NULL are InnoDB's own: the binlog has the parent's rows only, yet the child's Table_map in row format
setup: CREATE TABLE p (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE ON UPDATE SET NULL) ENGINE=InnoDB
setup: CREATE TABLE g (id INT PRIMARY KEY, cid INT, FOREIGN KEY (cid) REFERENCES c (id) ON DELETE CASCADE) ENGINE=InnoDB
setup: INSERT INTO p VALUES (1, 1), (2, 2), (3, 3)
setup: INSERT INTO c VALUES (10, 1), (11, 2), (12, 2), (13, 3)
setup: INSERT INTO g VALUES (100, 10), (101, 11)
con1: DELETE FROM p WHERE id = 1
con1: UPDATE p SET id = 20 WHERE id = 2
con1: UPDATE p SET v = 9
con1: BEGIN
con1: DELETE FROM p WHERE id = 3
con1: ROLLBACK
con1: SELECT * FROM c ORDER BY id
con1: SELECT * FROM g ORDER BY id

[case fk_cascade_no_child_trigger]
rule = MDB.fk.cascade_triggers
seed = 024
description = a cascaded delete fires no trigger of the child
setup: CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE) ENGINE=InnoDB
setup: CREATE TABLE audit (msg VARCHAR(20)) ENGINE=InnoDB
setup: CREATE TRIGGER c_ad AFTER DELETE ON c FOR EACH ROW INSERT INTO audit VALUES ('child gone')
setup: INSERT INTO p VALUES (1), (2)
setup: INSERT INTO c VALUES (10, 1), (11, 2)
con1: DELETE FROM p WHERE id = 1
con1: DELETE FROM c WHERE id = 11
con1: SELECT * FROM audit

[case fk_checks_off]
rule = MDB.fk.foreign_key_checks
seed = 024
description = foreign_key_checks=0: no check, no cascade; Q_FLAGS2 has OPTION_NO_FOREIGN_KEY_CHECKS and rows events NO_FOREIGN_KEY_CHECKS_F
setup: CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE) ENGINE=InnoDB
setup: INSERT INTO p VALUES (1)
setup: INSERT INTO c VALUES (10, 1)
con1: SET foreign_key_checks = 0
con1: INSERT INTO c VALUES (11, 5)
con1: DELETE FROM p WHERE id = 1
con1: UPDATE c SET pid = 6 WHERE id = 10
con1: SET foreign_key_checks = 1
con1: INSERT INTO c VALUES (12, 5)  => 1452
con1: SELECT * FROM c ORDER BY id

[case fk_insert_ignore]
rule = MDB.fk.ignore
seed = 024
description = INSERT IGNORE / UPDATE IGNORE turn 1452 into a warning and skip the row; the generated AUTO_INCREMENT value is given back
setup: CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE c (id INT AUTO_INCREMENT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=InnoDB
setup: INSERT INTO p VALUES (1)
con1: INSERT IGNORE INTO c (pid) VALUES (1), (7), (1)
con1: INSERT INTO c (id, pid) VALUES (20, 1), (21, 8)  => 1452
con1: INSERT INTO c (pid) VALUES (1)
con1: UPDATE IGNORE c SET pid = 9 WHERE id = 1
con1: SELECT * FROM c ORDER BY id

[case fk_ddl]
rule = MDB.fk.ddl
seed = 024
description = DROP/TRUNCATE of a referenced parent (1451, 1701), DROP with foreign_key_checks=0, ALTER ADD/DROP FOREIGN KEY (InnoDB's ibfk numbering), CREATE TABLE LIKE (no foreign key), MyISAM ignoring the clause
setup: CREATE TABLE p (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE c (id INT PRIMARY KEY, pid INT, pv INT, FOREIGN KEY (pid) REFERENCES p (id), FOREIGN KEY (id) REFERENCES p (id) ON DELETE CASCADE) ENGINE=InnoDB
con1: DROP TABLE p  => 1451,mysql-9.7:3730
con1: TRUNCATE TABLE p  => 1701
con1: SHOW CREATE TABLE c
con1: ALTER TABLE c DROP FOREIGN KEY c_ibfk_1
con1: ALTER TABLE c DROP FOREIGN KEY nosuch  => 1091
con1: ALTER TABLE c ADD FOREIGN KEY (pv) REFERENCES p (id) ON UPDATE CASCADE
con1: ALTER TABLE c ADD CONSTRAINT named_fk FOREIGN KEY (pid) REFERENCES p (id) ON DELETE SET NULL
con1: SHOW CREATE TABLE c
con1: CREATE TABLE c2 LIKE c
con1: SHOW CREATE TABLE c2
con1: CREATE TABLE m (id INT, pid INT, FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=MyISAM
con1: SHOW CREATE TABLE m
con1: INSERT INTO m VALUES (1, 99)
con1: INSERT INTO c VALUES (1, NULL, NULL)  => 1452
con1: SET foreign_key_checks = 0
con1: DROP TABLE p
con1: SET foreign_key_checks = 1
con1: INSERT INTO c VALUES (2, NULL, NULL)  => 1452

[case fk_cascade_autoinc_child]
rule = MDB.fk.prelocking
seed = 024
description = a child the parent's DELETE cascades to is prelocked: an AUTO_INCREMENT child makes the statement unsafe like a trigger's table would
setup: CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE c (id INT AUTO_INCREMENT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE) ENGINE=InnoDB
setup: INSERT INTO p VALUES (1), (2)
setup: INSERT INTO c (pid) VALUES (1), (2)
con1: DELETE FROM p WHERE id = 1
con1: UPDATE p SET id = 3 WHERE id = 2  => 1451
con1: SELECT * FROM c ORDER BY id

[case fk_child_also_in_statement]
rule = MDB.fk.prelocking
seed = 024
description = a multi-table DELETE of a parent and its SET NULL child opens the child twice (the statement's and the foreign key's TABLE_LIST): two Table_maps with its id in row format (found by fuzz --generator schema)
setup: CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_str VARCHAR(6)) ENGINE=InnoDB
setup: CREATE TABLE t3 (id INT NOT NULL PRIMARY KEY, c_int INT, pid INT, FOREIGN KEY (pid) REFERENCES t2 (id) ON DELETE SET NULL) ENGINE=InnoDB
setup: INSERT INTO t2 VALUES (1, 'a'), (2, 'b')
setup: INSERT INTO t3 VALUES (1, 70, NULL), (2, 5, 1)
con1: DELETE a, b FROM t2 a JOIN t3 b ON a.id = b.id
con1: SELECT * FROM t3

[case fk_replace_on_parent]
rule = MDB.fk.replace
seed = 024
description = REPLACE over a referenced parent row deletes and inserts instead of updating in place (handler::referenced_by_foreign_key): 1451 under RESTRICT or ON UPDATE CASCADE only, the child's ON DELETE SET NULL runs, Delete_rows + Write_rows in row format (found by fuzz --generator schema)
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT) ENGINE=InnoDB
setup: CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES t1 (id) ON UPDATE CASCADE) ENGINE=InnoDB
setup: CREATE TABLE p (id INT NOT NULL PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE c (id VARCHAR(10) NOT NULL PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) ON DELETE SET NULL) ENGINE=InnoDB
setup: INSERT INTO t1 VALUES (2, 55), (3, 1)
setup: INSERT INTO t2 VALUES (1, 2)
setup: INSERT INTO p VALUES (6, 36), (7, 1)
setup: INSERT INTO c VALUES ('a', 6)
con1: REPLACE INTO t1 (id, c_int) VALUES (2, 53)  => 1451,mysql-9.7:OK
con1: REPLACE INTO t1 (id, c_int) VALUES (3, 9)
con1: REPLACE INTO p (id, v) VALUES (6, 52)
con1: SELECT * FROM c

[case fk_update_key_dup_and_referenced]
rule = MDB.fk.parent_check
seed = 024
description = an UPDATE moving a referenced parent key onto a taken one: 1451 before 1062, InnoDB refusing when it delete-marks the old record (found by fuzz --generator schema)
setup: CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c_int INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (id INT NOT NULL PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES t2 (id) ON DELETE NO ACTION) ENGINE=InnoDB
setup: INSERT INTO t2 VALUES (3, 1), (7, 2)
setup: INSERT INTO t3 VALUES (8, 3)
con1: UPDATE t2 SET id = 7 WHERE id = 3  => 1451
con1: UPDATE IGNORE t2 SET id = 7 WHERE id = 3
con1: UPDATE t2 SET id = 3 WHERE id = 7  => 1062

[case fk_cascade_rows_per_parent_row]
rule = MDB.fk.cascade
seed = 024
description = a DELETE / UPDATE of several parent rows with CASCADE and SET NULL children (MySQL 9.x: each parent row's child rows logged before it, under NO_FOREIGN_KEY_CHECKS_F)
setup: CREATE TABLE p (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE ON UPDATE CASCADE) ENGINE=InnoDB
setup: CREATE TABLE d (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) ON DELETE SET NULL ON UPDATE SET NULL) ENGINE=InnoDB
setup: INSERT INTO p VALUES (1, 1), (2, 2), (3, 3), (4, 4)
setup: INSERT INTO c VALUES (10, 1), (11, 1), (12, 2), (13, 3)
setup: INSERT INTO d VALUES (20, 1), (21, 2), (22, 4)
con1: DELETE FROM p WHERE id IN (1, 2)
con1: UPDATE p SET id = id + 10
con1: BEGIN
con1: INSERT INTO p VALUES (5, 5)
con1: DELETE FROM p WHERE id = 13
con1: COMMIT
con1: SELECT * FROM c ORDER BY id
con1: SELECT * FROM d ORDER BY id

[case fk_cascade_children_order]
rule = MDB.fk.cascade
seed = 024
description = the order a parent's children are opened (Table_maps) and cascaded in: MariaDB's InnoDB by constraint name (m, z, a), MySQL 9.x's data dictionary by creation (z, a, m)
setup: CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE z (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE) ENGINE=InnoDB
setup: CREATE TABLE a (id INT PRIMARY KEY, pid INT, CONSTRAINT zz FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY, pid INT, CONSTRAINT aaa FOREIGN KEY (pid) REFERENCES p (id) ON DELETE SET NULL) ENGINE=InnoDB
setup: INSERT INTO p VALUES (1)
setup: INSERT INTO z VALUES (1, 1)
setup: INSERT INTO a VALUES (1, 1)
setup: INSERT INTO m VALUES (1, 1)
con1: DELETE FROM p
con1: SELECT * FROM m

[case fk_cascade_self_referencing]
rule = MDB.fk.cascade
seed = 024
description = a self-referencing ON DELETE CASCADE: the chain below the deleted row first, one Table_map
setup: CREATE TABLE t (id INT PRIMARY KEY, pid INT, KEY (pid), FOREIGN KEY (pid) REFERENCES t (id) ON DELETE CASCADE) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1, NULL), (2, 1), (3, 2), (4, NULL), (5, 4)
con1: DELETE FROM t WHERE id = 1
con1: DELETE FROM t WHERE id IN (4, 5)
con1: SELECT * FROM t ORDER BY id

[case fk_cascade_nested_in_transaction]
rule = MDB.fk.cascade
seed = 024
description = ON UPDATE CASCADE into a child with a trigger, a cascade two levels down inside a transaction another table began, a 1451 after foreign_key_checks=0 began it
setup: CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE c (id INT PRIMARY KEY, pid INT, KEY (pid), FOREIGN KEY (pid) REFERENCES p (id) ON UPDATE CASCADE) ENGINE=InnoDB
setup: CREATE TABLE g (id INT PRIMARY KEY, cid INT, FOREIGN KEY (cid) REFERENCES c (id) ON DELETE CASCADE) ENGINE=InnoDB
setup: CREATE TABLE x (id INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE audit (msg VARCHAR(20)) ENGINE=InnoDB
setup: CREATE TRIGGER c_au AFTER UPDATE ON c FOR EACH ROW INSERT INTO audit VALUES ('child upd')
setup: INSERT INTO p VALUES (1), (2)
setup: INSERT INTO c VALUES (10, 1), (11, 2)
setup: INSERT INTO g VALUES (100, 10)
con1: UPDATE p SET id = 5 WHERE id = 1
con1: BEGIN
con1: INSERT INTO x VALUES (1)
con1: DELETE FROM c WHERE id = 10
con1: COMMIT
con1: SET foreign_key_checks = 0
con1: BEGIN
con1: INSERT INTO x VALUES (2)
con1: SET foreign_key_checks = 1
con1: DELETE FROM p WHERE id = 2  => 1451
con1: COMMIT
con1: SELECT * FROM audit

[case fk_referenced_table_in_statement]
rule = MDB.fk.prelocking
seed = 024
description = statements reading a referenced parent, updating a child, or firing a trigger into a child (MySQL 9.x: Table_maps TM_REFERRED_FK_DB_F, Q_UPDATED_DB_NAMES over max); reading a child, deleting from it, or foreign_key_checks=0 (not)
setup: CREATE TABLE p (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE c (id INT PRIMARY KEY, pid INT, v INT, FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=InnoDB
setup: CREATE TABLE x (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE y (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TRIGGER y_ai AFTER INSERT ON y FOR EACH ROW INSERT INTO c VALUES (NEW.id, 1, 0)
setup: INSERT INTO p VALUES (1, 1), (2, 2)
setup: INSERT INTO c VALUES (10, 1, 0)
con1: INSERT INTO x SELECT id, v FROM p
con1: INSERT INTO x SELECT id + 100, v FROM c
con1: UPDATE x SET v = (SELECT MAX(v) FROM p)
con1: UPDATE c SET v = 5
con1: UPDATE x JOIN p ON x.id = p.id SET x.v = p.v + 1
con1: UPDATE p SET v = 7 WHERE id = 1
con1: INSERT INTO y VALUES (50, 0)
con1: DELETE FROM c WHERE id = 50
con1: SET foreign_key_checks = 0
con1: UPDATE c SET v = 6
con1: INSERT INTO x SELECT id + 200, v FROM p
con1: SET foreign_key_checks = 1

[case fk_error_texts_actions]
rule = MDB.fk.parent_check
seed = 024
description = the actions 1451 / 1452 and SHOW CREATE TABLE print: MariaDB leaves out RESTRICT, MySQL NO ACTION; a composite key
setup: CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE q (a INT, b INT, PRIMARY KEY (a, b)) ENGINE=InnoDB
setup: CREATE TABLE c1 (id INT PRIMARY KEY, pid INT, CONSTRAINT f1 FOREIGN KEY (pid) REFERENCES p (id) ON DELETE NO ACTION ON UPDATE RESTRICT) ENGINE=InnoDB
setup: CREATE TABLE c2 (id INT PRIMARY KEY, a INT, b INT, CONSTRAINT f2 FOREIGN KEY (a, b) REFERENCES q (a, b) ON UPDATE SET NULL) ENGINE=InnoDB
setup: CREATE TABLE c3 (id INT PRIMARY KEY, pid INT, CONSTRAINT f3 FOREIGN KEY (pid) REFERENCES p (id) ON DELETE SET NULL ON UPDATE NO ACTION) ENGINE=InnoDB
setup: INSERT INTO p VALUES (1), (2)
setup: INSERT INTO q VALUES (1, 1)
setup: INSERT INTO c1 VALUES (1, 1)
setup: INSERT INTO c2 VALUES (1, 1, 1)
setup: INSERT INTO c3 VALUES (1, 2)
con1: DELETE FROM p WHERE id = 1  => 1451
con1: UPDATE p SET id = 9 WHERE id = 2  => 1451
con1: INSERT INTO c2 VALUES (2, 5, 5)  => 1452
con1: INSERT INTO c3 VALUES (2, 7)  => 1452
con1: DELETE FROM q  => 1451
con1: SHOW CREATE TABLE c1
con1: SHOW CREATE TABLE c3

[case fk_self_referencing_update_and_row]
rule = MDB.fk.cascade
seed = 024
description = a self-referencing ON UPDATE CASCADE / SET NULL is refused (1451); a row referencing itself inserts; ON DELETE SET NULL on the table itself runs
setup: CREATE TABLE t (id INT PRIMARY KEY, pid INT, KEY (pid), FOREIGN KEY (pid) REFERENCES t (id) ON UPDATE CASCADE) ENGINE=InnoDB
setup: CREATE TABLE u (id INT PRIMARY KEY, pid INT, KEY (pid), FOREIGN KEY (pid) REFERENCES u (id) ON UPDATE SET NULL ON DELETE SET NULL) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1, NULL), (2, 1)
setup: INSERT INTO u VALUES (1, NULL), (2, 1), (3, 3)
con1: UPDATE t SET id = 5 WHERE id = 1  => 1451
con1: UPDATE u SET id = 5 WHERE id = 1  => 1451
con1: DELETE FROM u WHERE id = 1
con1: DELETE FROM u WHERE id = 3
con1: SELECT * FROM u ORDER BY id

[case fk_cascade_duplicate_in_child]
rule = MDB.fk.cascade
seed = 024
description = an ON UPDATE CASCADE that would duplicate a child's unique key: 1761, IGNORE or not
setup: CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE c (id INT PRIMARY KEY, pid INT, UNIQUE KEY (pid), FOREIGN KEY (pid) REFERENCES p (id) ON UPDATE CASCADE) ENGINE=InnoDB
setup: CREATE TABLE d (a INT, pid INT, UNIQUE KEY (a, pid), FOREIGN KEY (pid) REFERENCES p (id) ON UPDATE CASCADE ON DELETE SET NULL) ENGINE=InnoDB
setup: INSERT INTO p VALUES (1), (2)
setup: INSERT INTO c VALUES (10, 1)
setup: INSERT INTO d VALUES (1, 1), (1, 2)
con1: SET foreign_key_checks = 0
con1: INSERT INTO c VALUES (11, 3)
con1: SET foreign_key_checks = 1
con1: UPDATE p SET id = 3 WHERE id = 1  => 1761
con1: UPDATE IGNORE p SET id = 3 WHERE id = 1  => 1761
con1: SELECT * FROM c ORDER BY id

[case fk_cascade_then_restrict_ignore]
rule = MDB.fk.parent_check
seed = 024
description = a parent with a CASCADE child and RESTRICT children: the first refusing child (MariaDB: by constraint name, MySQL: by creation) names 1451; DELETE IGNORE warns 1451 per skipped row (MySQL 9.x keeps the cascade done before the refusal)
setup: CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE) ENGINE=InnoDB
setup: CREATE TABLE r (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=InnoDB
setup: CREATE TABLE b (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=InnoDB
setup: INSERT INTO p VALUES (1), (2), (3)
setup: INSERT INTO c VALUES (1, 1), (2, 2)
setup: INSERT INTO r VALUES (1, 1), (3, 3)
setup: INSERT INTO b VALUES (3, 3)
con1: DELETE FROM p WHERE id = 2
con1: DELETE FROM p WHERE id = 1  => 1451
con1: DELETE FROM p WHERE id = 3  => 1451
con1: DELETE IGNORE FROM p
con1: SELECT * FROM p ORDER BY id
con1: SELECT * FROM c ORDER BY id
