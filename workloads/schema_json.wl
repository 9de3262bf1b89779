# JSON in MariaDB 10.11: docs/RULES-mariadb-10.11.md section "JSON".

[case json_column_check]
servers = mariadb  # MariaDB's JSON is LONGTEXT with a json_valid CHECK (4025); MySQL 9.7's JSON is a binary type that refuses a DEFAULT (1101) and bad text with 3140
rule = MDB.json.column
seed = 024
description = a JSON column is LONGTEXT utf8mb4_bin with CHECK (json_valid(col)): an invalid document is 4025 after json_valid's Note 4037/4038; INSERT IGNORE skips it with a warning
setup: CREATE TABLE j (id INT PRIMARY KEY, doc JSON, d2 JSON NOT NULL DEFAULT '{}') ENGINE=InnoDB
con1: INSERT INTO j (id, doc) VALUES (1, '{"a": 1, "b": [1,2]}'), (2, NULL)
con1: INSERT INTO j (id, doc) VALUES (3, 'not json')  => 4025
con1: INSERT INTO j (id, doc) VALUES (3, '[1')  => ER_CONSTRAINT_FAILED
con1: INSERT IGNORE INTO j (id, doc) VALUES (3, '[1'), (4, '"x"')
con1: UPDATE j SET d2 = '{"k": true}' WHERE id = 1
con1: UPDATE j SET d2 = '{"k": tru}' WHERE id = 1  => 4025
con1: SELECT * FROM j ORDER BY id

[case json_binary_mysql]
servers = mysql  # MySQL's JSON is a binary type (MariaDB's is LONGTEXT: json_column_check)
rule = MYSQL.json.binary
seed = 024
description = a MySQL JSON column: documents of every JSON type in the binary format of the row images, NULL, an invalid document (3140), UPDATE with JSON_SET / JSON_REMOVE / JSON_ARRAY_APPEND logged as full images (binlog_row_value_options is empty by default)
setup: CREATE TABLE j (id INT PRIMARY KEY, doc JSON) ENGINE=InnoDB
con1: INSERT INTO j VALUES (1, '{"a": 1, "b": [1, 2.5, "x", true, false, null], "c": {"d": "e"}}'), (2, NULL)
con1: INSERT INTO j VALUES (3, '"just a string"'), (4, '12345678901234'), (5, '-1.25'), (6, '[]'), (7, '{}')
con1: INSERT INTO j VALUES (8, 'not json')  => 3140
con1: INSERT INTO j VALUES (9, CAST(CAST('2020-01-02 03:04:05' AS DATETIME) AS JSON)), (10, JSON_OBJECT('k', CAST('2021-02-03' AS DATE)))
con1: UPDATE j SET doc = JSON_SET(doc, '$.a', 2) WHERE id = 1
con1: UPDATE j SET doc = JSON_REMOVE(doc, '$.b[0]') WHERE id = 1
con1: UPDATE j SET doc = JSON_ARRAY_APPEND(doc, '$', 'z') WHERE id = 6
con1: DELETE FROM j WHERE id = 3
con1: SELECT id, doc FROM j ORDER BY id

[case json_functions_in_dml]
rule = MDB.json.functions
seed = 024
description = JSON_OBJECT, JSON_ARRAY, JSON_SET/INSERT/REPLACE/REMOVE write documents in the server's layout; JSON_EXTRACT, JSON_VALUE, JSON_UNQUOTE, JSON_LENGTH, JSON_KEYS, JSON_CONTAINS read them (row images show the values)
setup: CREATE TABLE j (id INT PRIMARY KEY, doc JSON, s VARCHAR(100), n INT) ENGINE=InnoDB
con1: INSERT INTO j (id, doc) VALUES (1, JSON_OBJECT('a', 1, 'b', 'x', 'c', NULL)), (2, JSON_ARRAY(1, 'two', NULL, 1.5)), (3, JSON_OBJECT('n', JSON_ARRAY(1, 2), 'o', JSON_OBJECT('k', 'v')))
con1: UPDATE j SET doc = JSON_SET(doc, '$.b', 2, '$.d', 'new') WHERE id = 1
con1: UPDATE j SET doc = JSON_INSERT(doc, '$.a', 5, '$.e', 'z') WHERE id = 1
con1: UPDATE j SET doc = JSON_REPLACE(doc, '$.a', 9, '$.zz', 1) WHERE id = 1
con1: UPDATE j SET doc = JSON_REMOVE(doc, '$.c') WHERE id = 1
con1: UPDATE j SET s = JSON_EXTRACT(doc, '$.o'), n = JSON_LENGTH(doc) WHERE id = 3
con1: UPDATE j SET s = JSON_VALUE(doc, '$.d'), n = JSON_CONTAINS(doc, '9', '$.a') WHERE id = 1
con1: UPDATE j SET s = JSON_KEYS(doc), n = JSON_VALID(doc) WHERE id = 1
con1: UPDATE j SET s = JSON_UNQUOTE(JSON_EXTRACT(doc, '$[1]')), n = JSON_CONTAINS(doc, '[1, 1.5]') WHERE id = 2
con1: INSERT INTO j (id, s, n) VALUES (4, JSON_EXTRACT('{"a": {"b": [10, 20]}}', '$.a.b[1]'), JSON_VALID('{'))
con1: INSERT INTO j (id, s) VALUES (5, JSON_EXTRACT('[1', '$[0]'))  => 4037,mysql-9.7:3141
con1: INSERT IGNORE INTO j (id, s) VALUES (5, JSON_EXTRACT('[1', '$[0]'))  => mysql-9.7:3141
con1: SELECT * FROM j ORDER BY id

[case json_create_select_charset]
rule = MDB.json.column
seed = 024
description = CREATE TABLE ... SELECT of a JSON column: LONGTEXT utf8mb4_bin, the row-format CREATE spelling out CHARACTER SET and COLLATE even in a table of the same character set (found by fuzz --generator schema); the json_valid CHECK is not copied
setup: CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c_json JSON) ENGINE=MyISAM
setup: INSERT INTO t1 VALUES (1, '[1]'), (2, NULL)
con1: CREATE TABLE t4 ENGINE=MyISAM SELECT c_json FROM t1 WHERE id = 2  => mysql-9.7-gtid-on:1786
con1: INSERT INTO t4 VALUES ('not json')  => mysql-9.7:3140,mysql-9.7-gtid-on:1146
con1: CREATE TABLE t5 (x VARCHAR(5) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin) SELECT c_json FROM t1
