# Prepared statements (issue 13.4): COM_STMT_PREPARE + COM_STMT_EXECUTE with binary
# parameters, through mysql-connector's prepared cursor on both sides. MariaDB logs the
# statement with the values substituted (sql_prepare.cc insert_params_with_log,
# Item_param::query_val_str): in STATEMENT format the Query event, in ROW format the
# Annotate_rows event, hold that expanded text. Step syntax: docs/WORKLOADS.md.

[case ps_insert_every_param_type]
rule = seed002.logging.prepared_statement_expanded_query
seed = 002
description = each binary parameter type becomes its SQL literal in the logged statement: int, decimal, double, string, blob, NULL, DATE, TIMESTAMP, TIME
setup: CREATE TABLE t (id INT PRIMARY KEY, i BIGINT, u BIGINT UNSIGNED, d DECIMAL(12,4), f DOUBLE, s VARCHAR(64), b BLOB, dt DATE, ts DATETIME(6), tm TIME(6)) ENGINE=InnoDB
con1: prepared [1, -42, 18446744073709551615, 12.3456, 1.5e0, 'plain', X'00ff27', DATE'2021-02-03', TIMESTAMP'2020-01-02 03:04:05.123456', TIME'05:06:07.5'] INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
con1: prepared [2, NULL, NULL, -0.5, 1E300, NULL, NULL, NULL, TIMESTAMP'2020-01-02 00:00:00', TIME'-26:02:03'] INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
con1: prepared [3, 0, 0, 0.0, 3e0, '', X'', DATE'1999-12-31', TIMESTAMP'1999-12-31 23:59:59', TIME'00:00:00'] INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
con1: SELECT * FROM t ORDER BY id

[case ps_string_escapes]
rule = seed002.logging.prepared_statement_expanded_query
seed = 002
description = string values are quoted with escape_string_for_mysql (quotes, backslash, NUL, newline, CR, Ctrl-Z, bytes that are not UTF-8) and with doubled quotes under NO_BACKSLASH_ESCAPES
setup: CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, s VARCHAR(64), b VARBINARY(64)) ENGINE=MyISAM
con1: prepared ['it''s', X'5c27'] INSERT INTO t (s, b) VALUES (?, ?)
con1: prepared ['a\nb\rc\Zd\0e', X'ff00fe'] INSERT INTO t (s, b) VALUES (?, ?)
con1: prepared ['"double" and \\ back', X'c3a9e282ac'] INSERT INTO t (s, b) VALUES (?, ?)
con1: prepared ['tab	here é €', X'1a0a0d'] INSERT INTO t (s, b) VALUES (?, ?)
con1: SET SESSION sql_mode = CONCAT(@@sql_mode, ',NO_BACKSLASH_ESCAPES')
con1: prepared ['it''s here', X'27'] INSERT INTO t (s, b) VALUES (?, ?)
con1: SELECT id, s, HEX(b) FROM t ORDER BY id

[case ps_dml_and_transactions]
rule = seed002.logging.prepared_statement_expanded_query
seed = 002
description = prepared UPDATE, DELETE and INSERT ... SELECT in autocommit and inside a transaction; a '?' inside a quoted string is text
setup: CREATE TABLE t (id INT PRIMARY KEY, a INT, s VARCHAR(20)) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY, a INT) ENGINE=MyISAM
con1: prepared [1, 10, 'x'] INSERT INTO t VALUES (?, ?, ?)
con1: prepared [2, 20] INSERT INTO t VALUES (?, ?, 'what?')
con1: BEGIN
con1: prepared [5, 1] UPDATE t SET a = a + ? WHERE id = ?
con1: prepared [1] INSERT INTO m SELECT id, a FROM t WHERE id > ?  => mysql-9.7-gtid-on:1785
con1: prepared [2] DELETE FROM t WHERE id = ?
con1: COMMIT
con1: prepared [3, 'y'] INSERT INTO t (id, s) VALUES (?, ?) ON DUPLICATE KEY UPDATE s = VALUES(s)
con1: prepared [1, 'dup'] INSERT INTO t (id, s) VALUES (?, ?)  => ER_DUP_ENTRY
con1: prepared [0] SELECT id, a, s FROM t WHERE id > ? ORDER BY id

[case ps_unsafe_limit]
rule = seed002.unsafe.limit
seed = 002
description = a prepared UPDATE ... LIMIT ? is unsafe like its literal form: Note 1592 in STATEMENT, rows in MIXED
setup: CREATE TABLE t (id INT PRIMARY KEY, a INT) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1, 1), (2, 2), (3, 3)
con1: prepared [7, 2] UPDATE t SET a = ? LIMIT ?
con1: prepared [1] DELETE FROM t ORDER BY id LIMIT ?
