# Generated columns in MariaDB 10.11: docs/RULES-mariadb-10.11.md section "Generated columns".

[case gcol_images_full]
servers = mariadb  # PERSISTENT is MariaDB's spelling of STORED (MySQL 9.7: 1064); gcol_images_full_mysql is the same rule in the spelling both have
rule = MDB.gcol.images
seed = 024
description = VIRTUAL and STORED/PERSISTENT columns are in the Table_map and, computed, in FULL row images
setup: CREATE TABLE g (id INT PRIMARY KEY, a INT, b INT AS (a * 2) VIRTUAL, c INT AS (a + 1) STORED, d VARCHAR(10) GENERATED ALWAYS AS (CONCAT('x', a)) PERSISTENT, e INT) ENGINE=InnoDB
setup: CREATE TABLE gm (id INT PRIMARY KEY, a INT, b INT AS (a - 1), e INT) ENGINE=MyISAM
con1: INSERT INTO g (id, a, e) VALUES (1, 1, 1), (2, NULL, 2)
con1: INSERT INTO g VALUES (3, 3, DEFAULT, DEFAULT, DEFAULT, 3)
con1: UPDATE g SET a = 10 WHERE id = 1
con1: UPDATE g SET e = 9 WHERE id = 2
con1: DELETE FROM g WHERE id = 3
con1: INSERT INTO gm (id, a) VALUES (1, 5)
con1: UPDATE gm SET a = a + 1
con1: SELECT * FROM g ORDER BY id

[case gcol_images_full_mysql]
rule = MDB.gcol.images
seed = 024
servers = mysql  # the MySQL spelling of gcol_images_full (STORED, no PERSISTENT)
description = VIRTUAL and STORED columns in the Table_map and in FULL row images, as MySQL logs them
setup: CREATE TABLE g (id INT PRIMARY KEY, a INT, b INT AS (a * 2) VIRTUAL, c INT AS (a + 1) STORED, d VARCHAR(10) GENERATED ALWAYS AS (CONCAT('x', a)) STORED, e INT) ENGINE=InnoDB
setup: CREATE TABLE gm (id INT PRIMARY KEY, a INT, b INT AS (a - 1), e INT) ENGINE=MyISAM
con1: INSERT INTO g (id, a, e) VALUES (1, 1, 1), (2, NULL, 2)
con1: INSERT INTO g VALUES (3, 3, DEFAULT, DEFAULT, DEFAULT, 3)
con1: UPDATE g SET a = 10 WHERE id = 1
con1: UPDATE g SET e = 9 WHERE id = 2
con1: DELETE FROM g WHERE id = 3
con1: INSERT INTO gm (id, a) VALUES (1, 5)
con1: UPDATE gm SET a = a + 1
con1: SELECT * FROM g ORDER BY id

[case gcol_images_minimal_noblob]
rule = MDB.gcol.images
seed = 024
description = MINIMAL: the write set holds every STORED column and an indexed VIRTUAL one, whether or not what they read changed; NOBLOB logs them as FULL does
con1.binlog_row_image = MINIMAL
con2.binlog_row_image = NOBLOB
setup: CREATE TABLE g (id INT PRIMARY KEY, a INT, b INT AS (a * 2) VIRTUAL, c INT AS (a + 1) STORED, e INT, KEY (b)) ENGINE=InnoDB
setup: CREATE TABLE h (id INT PRIMARY KEY, a INT, b INT AS (a * 2) VIRTUAL, c INT AS (a + 1) STORED, e INT) ENGINE=InnoDB
setup: INSERT INTO g (id, a, e) VALUES (1, 1, 1)
setup: INSERT INTO h (id, a, e) VALUES (1, 1, 1)
con1: UPDATE g SET e = 8
con1: UPDATE h SET e = 8
con1: UPDATE h SET a = 3
con1: INSERT INTO h (id, a) VALUES (2, 4)
con1: DELETE FROM h WHERE id = 2
con2: UPDATE h SET e = 9
con2: INSERT INTO h (id, e) VALUES (3, 3)
con2: DELETE FROM h

[case gcol_1906]
rule = MDB.gcol.assign
seed = 024
description = a value for a generated column: 1906 in strict mode (INSERT and UPDATE), a warning per column and row otherwise, the value computed
setup: CREATE TABLE g (id INT PRIMARY KEY, a INT, b INT AS (a * 2) VIRTUAL, c INT AS (a + 1) STORED) ENGINE=InnoDB
con1: INSERT INTO g VALUES (1, 1, 5, 5)  => 1906,mysql-9.7:3105
con1: INSERT INTO g (id, a, c) VALUES (1, 1, 7)  => 1906,mysql-9.7:3105
con1: INSERT INTO g VALUES (1, 1, DEFAULT, DEFAULT)
con1: UPDATE g SET b = 3  => 1906,mysql-9.7:3105
con1: SET sql_mode = ''
con1: INSERT INTO g VALUES (2, 2, 5, 5), (3, 3, DEFAULT, 9)  => mysql-9.7:3105
con1: UPDATE g SET c = 0 WHERE id = 2  => mysql-9.7:3105
con1: SELECT * FROM g ORDER BY id

[case gcol_store_warnings]
rule = MDB.gcol.assign
seed = 024
description = a generated column stored from an out-of-range value adds its own 1264 after the base column's: a warning under IGNORE or outside strict mode, an error listed after the first in strict mode (found by fuzz --generator schema)
setup: CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c_int INT, g_int INT AS (c_int * 2) STORED, v_int INT AS (c_int + 1) VIRTUAL) ENGINE=InnoDB
con1: INSERT IGNORE INTO t1 (id, c_int) VALUES (3, 2147483648)
con1: INSERT INTO t1 (id, c_int) VALUES (4, 2147483648)  => 1264
con1: SET sql_mode = ''
con1: INSERT INTO t1 (id, c_int) VALUES (5, 1073741824), (6, 7)
con1: SELECT * FROM t1 ORDER BY id

[case gcol_update_store_error]
rule = MDB.gcol.assign
seed = 024
description = an UPDATE whose generated column would overflow: 1264 naming the generated column in strict mode (found by fuzz --generator schema)
setup: CREATE TABLE t1 (id INT NOT NULL UNIQUE, c_int INT, g_int INT AS (c_int * 2) STORED) ENGINE=InnoDB
setup: INSERT INTO t1 (id, c_int) VALUES (6, -1073741824), (7, 5)
con1: UPDATE t1 SET c_int = c_int - 1 WHERE id = 6  => 1264
con1: UPDATE t1 SET c_int = c_int + 1
