# The session surface workloads commonly touch: system variables (MariaDB 10.11's
# whole catalog, harness/sql/sys_vars/sysvar_catalog.py), the ones that change what is
# logged, CREATE OR REPLACE TABLE, user-level locks and the info functions.

[case session_sysvars_scope_and_values]
rule = seed002.unsafe.system_variable
seed = 002
description = SET and SELECT of variables replbed does not model: read-only 1238, wrong scope 1228/1229/1238, bad values 1231/1232, integers clipped with warning 1292; SET is never logged; a statement reading a variable outside the safe list is unsafe (row-logged in MIXED with the server's value)
setup: CREATE TABLE t (a INT PRIMARY KEY, v VARCHAR(100)) ENGINE=InnoDB
con1: SET @@global.sync_binlog = 0
con1: SET sync_binlog = 0 => 1229
con1: SET SESSION sync_binlog = 0 => 1229
con1: SELECT @@session.sync_binlog => 1238
con1: SELECT @@sync_binlog, @@version_comment, @@sql_select_limit
con1: SET GLOBAL gtid_seq_no = 5 => 1228,mysql-9.7:1193
con1: SELECT @@global.gtid_seq_no => 1238,mysql-9.7:1193
con1: SET version_comment = 'x' => 1238
con1: SET GLOBAL version_comment = 'x' => 1238
con1: SET SESSION sql_select_limit = 10
con1: SET SESSION sql_select_limit = -1
con1: SET SESSION sql_select_limit = 'abc' => 1232
con1: SET SESSION sql_select_limit = DEFAULT
con1: SET SESSION innodb_lock_wait_timeout = 100000000
con1: SET SESSION innodb_lock_wait_timeout = 7
con1: SET SESSION max_binlog_cache_size = 1000 => 1229
con1: SET SESSION binlog_cache_size = 5000 => 1229
con1: SET GLOBAL binlog_cache_size = 5000.5 => 1232
con1: SET GLOBAL binlog_cache_size = NULL => 1232
con1: SET SESSION binlog_annotate_row_events = 2 => 1231,mysql-9.7:1193
con1: SET SESSION binlog_annotate_row_events = 'maybe' => 1231,mysql-9.7:1193
con1: SET SESSION binlog_annotate_row_events = NULL => 1231,mysql-9.7:1193
con1: SET SESSION binlog_annotate_row_events = 1.5 => 1232,mysql-9.7:1193
con1: SET SESSION binlog_format = 'FOO' => 1231
con1: SET SESSION binlog_format = 5 => 1231
con1: SET SESSION binlog_row_metadata = 'FULL' => 1229
con1: SET SESSION check_constraint_checks = 0  => mysql-9.7:1193
con1: SET SESSION check_constraint_checks = 1  => mysql-9.7:1193
con1: SET GLOBAL skip_parallel_replication = 1 => 1228,mysql-9.7:1193
con1: SET SESSION skip_parallel_replication = 1  => mysql-9.7:1193
con1: SET SESSION log_bin_trust_function_creators = 1 => 1229
con1: SET SESSION optimizer_switch = 'mrr=on'
con1: SET SESSION optimizer_switch = 'foo=on' => 1231
con1: SET in_transaction = 1 => 1238,mysql-9.7:1193
con1: SET SESSION max_allowed_packet = 1024 => 1621
con1: SET SESSION sort_buffer_size = 100
con1: SET GLOBAL sql_log_bin = 0 => 1238,mysql-9.7:1228
con1: SET SESSION auto_increment_increment = 0
con1: SET SESSION auto_increment_increment = 1
con1: SET SESSION long_query_time = 'a' => 1232
con1: SET SESSION long_query_time = 2.5
con1: SET SESSION gtid_strict_mode = 1 => 1229,mysql-9.7:1193
con1: SELECT @@nosuch => 1193
con1: SELECT @@global.last_insert_id => 1238
con1: INSERT INTO t VALUES (1, @@version_comment)
con1: INSERT INTO t VALUES (2, @@sql_select_limit)
con1: INSERT INTO t VALUES (3, CONCAT(@@max_binlog_cache_size, '/', @@binlog_row_metadata, '/', @@check_constraint_checks + 0))  => mysql-9.7:1193
con1: INSERT INTO t VALUES (4, @@unique_checks + @@foreign_key_checks + @@explicit_defaults_for_timestamp)
con1: INSERT INTO t VALUES (5, CONCAT(@@innodb_lock_wait_timeout, '/', @@tx_isolation, '/', @@sync_binlog))  => mysql-9.7:1193
con1: UPDATE t SET v = @@server_id WHERE a = 1
con1: INSERT INTO t VALUES (6, @@global.auto_increment_increment)
con1: INSERT INTO t VALUES (7, @@session.auto_increment_increment + @@explicit_defaults_for_timestamp)

[case session_gtid_domain_seq_server_id]
servers = mariadb  # gtid_domain_id, gtid_seq_no, gtid_binlog_pos and gtid_current_pos are MariaDB's GTID variables (MySQL 9.7: 1193)
rule = seed002.gtid.session_variables
seed = 002
description = SET SESSION gtid_domain_id / gtid_seq_no / server_id change the GTID (domain-server-seq) and the events' server id of the session's next groups; each domain keeps its own sequence; sql_log_bin=0 writes nothing
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM
con1: INSERT INTO n SELECT CHAR_LENGTH(@@gtid_binlog_pos) + CHAR_LENGTH(@@gtid_current_pos) * 10
con1: SET SESSION gtid_domain_id = 5
con1: INSERT INTO t VALUES (1)
con1: INSERT INTO n VALUES (1)
con2: INSERT INTO t VALUES (2)
con1: SET SESSION gtid_seq_no = 100
con1: INSERT INTO t VALUES (3)
con1: INSERT INTO t VALUES (4)
con1: SET SESSION server_id = 7
con1: INSERT INTO t VALUES (5)
con1: BEGIN
con1: INSERT INTO t VALUES (6)
con1: INSERT INTO n VALUES (6)
con1: COMMIT
con1: SET SESSION gtid_domain_id = 0
con1: INSERT INTO t VALUES (7)
con2: INSERT INTO t VALUES (8)
con1: SET SESSION gtid_seq_no = 50
con1: INSERT INTO t VALUES (9)
con1: SET SESSION sql_log_bin = 0
con1: INSERT INTO t VALUES (10)
con1: SET SESSION sql_log_bin = 1
con1: SET SESSION server_id = DEFAULT
con1: CREATE TABLE t2 (a INT)
con2: INSERT INTO t VALUES (11)

[case session_create_or_replace_table]
servers = mariadb  # CREATE OR REPLACE TABLE is MariaDB syntax (MySQL 9.7: 1064)
rule = seed002.create_select
seed = 002
description = CREATE OR REPLACE TABLE [TEMPORARY] [LIKE | ... SELECT]: the old table is dropped inside the statement and only the statement is logged (ROW: the SELECT form as CREATE OR REPLACE TABLE + rows, temporary ones not at all); a failed SELECT form that replaced a table logs DROP TABLE IF EXISTS ... /* Generated to handle failed CREATE OR REPLACE */ (ROW: in a BEGIN ... ROLLBACK group; STATEMENT: preceded by the failed statement with its error code when rows went into a transactional table); it commits an open transaction; OR REPLACE with IF NOT EXISTS is 1221
setup: CREATE TABLE s (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: INSERT INTO s VALUES (1,1),(2,2)
setup: CREATE TABLE nul (b INT) ENGINE=InnoDB
setup: INSERT INTO nul VALUES (NULL)
con1: CREATE OR REPLACE TABLE t (a INT) ENGINE=InnoDB
con1: INSERT INTO t VALUES (1)
con1: CREATE OR REPLACE TABLE t (a INT, b INT) ENGINE=MyISAM
con1: INSERT INTO t VALUES (1, 1)
con1: CREATE OR REPLACE TABLE t LIKE s
con1: CREATE OR REPLACE TABLE t2 ENGINE=InnoDB SELECT * FROM s
con1: CREATE OR REPLACE TABLE t3 ENGINE=MyISAM SELECT a FROM s WHERE a > 1
con1: CREATE OR REPLACE TABLE t4 (PRIMARY KEY (a)) SELECT 1 AS a UNION ALL SELECT 1 => 1062
con1: CREATE OR REPLACE TABLE t2 ENGINE=MyISAM SELECT a FROM s WHERE a = 1
con1: CREATE OR REPLACE TABLE t2 ENGINE=InnoDB SELECT * FROM s WHERE a > 5
con1: CREATE OR REPLACE TABLE t2 (PRIMARY KEY (a)) ENGINE=InnoDB SELECT 1 AS a UNION ALL SELECT 1 => 1062
con1: CREATE OR REPLACE TABLE t3 (PRIMARY KEY (a)) ENGINE=MyISAM SELECT 1 AS a UNION ALL SELECT 1 => 1062
con1: CREATE TABLE t6 (a INT) ENGINE=MyISAM
con1: CREATE OR REPLACE TABLE t6 (PRIMARY KEY (a)) ENGINE=InnoDB SELECT 1 AS a UNION ALL SELECT 1 => 1062
con1: CREATE TABLE t7 (a INT) ENGINE=InnoDB
con1: CREATE OR REPLACE TABLE t7 (b INT NOT NULL) ENGINE=InnoDB SELECT b FROM nul => 1048
con1: CREATE OR REPLACE TEMPORARY TABLE tt (a INT)
con1: CREATE OR REPLACE TEMPORARY TABLE tt (a INT, b INT)
con1: INSERT INTO tt VALUES (1, 2)
con1: CREATE OR REPLACE TABLE IF NOT EXISTS t (a INT) => 1221
con1: BEGIN
con1: INSERT INTO s VALUES (3,3)
con1: CREATE OR REPLACE TABLE t5 (a INT)
con1: COMMIT

[case session_user_locks]
rule = seed002.unsafe.system_function
seed = 002
description = GET_LOCK / RELEASE_LOCK / IS_FREE_LOCK / IS_USED_LOCK / RELEASE_ALL_LOCKS across two sessions (a lock is counted per GET_LOCK of its holder, released at disconnect); the functions are unsafe: the statement text in STATEMENT (Note 1592), rows with the evaluated value in MIXED/ROW
setup: CREATE TABLE t (k INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(20), v BIGINT) ENGINE=InnoDB
con1: INSERT INTO t (what, v) VALUES ('get', GET_LOCK('a', 0))
con1: INSERT INTO t (what, v) VALUES ('get again', GET_LOCK('a', 0))
con1: INSERT INTO t (what, v) VALUES ('get b', GET_LOCK('b', 0))
con2: INSERT INTO t (what, v) VALUES ('other get', GET_LOCK('a', 0))
con2: INSERT INTO t (what, v) VALUES ('other free', IS_FREE_LOCK('a'))
con2: INSERT INTO t (what, v) VALUES ('free c', IS_FREE_LOCK('c'))
con2: INSERT INTO t (what, v) VALUES ('used c', IS_USED_LOCK('c'))
con2: INSERT INTO t (what, v) VALUES ('other release', RELEASE_LOCK('a'))
con2: INSERT INTO t (what, v) VALUES ('release none', RELEASE_LOCK('zz'))
con1: INSERT INTO t (what, v) VALUES ('release', RELEASE_LOCK('a'))
con2: INSERT INTO t (what, v) VALUES ('still held', GET_LOCK('a', 0))
con1: INSERT INTO t (what, v) VALUES ('release all', RELEASE_ALL_LOCKS())
con2: INSERT INTO t (what, v) VALUES ('now mine', GET_LOCK('a', 0))
con2: INSERT INTO t (what, v) VALUES ('get b', GET_LOCK('b', 0))
con2: SELECT IS_USED_LOCK('a') = CONNECTION_ID(), GET_LOCK('c', 0), RELEASE_LOCK('c')
con2: INSERT INTO t (what, v) VALUES ('release all', RELEASE_ALL_LOCKS())
con2: INSERT INTO t (what, v) VALUES ('release all 0', RELEASE_ALL_LOCKS())
con1: SELECT GET_LOCK('d', 0)
con1: UPDATE t SET v = IS_FREE_LOCK('d') WHERE k = 1

[case session_found_rows_row_count]
rule = seed002.unsafe.system_function
seed = 002
description = FOUND_ROWS() after SELECT [SQL_CALC_FOUND_ROWS ... LIMIT] and ROW_COUNT() after INSERT / UPDATE / DELETE / DDL / SELECT / a failed statement, as the server evaluates them; unsafe: text in STATEMENT, rows with the value in MIXED/ROW
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE r (k INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(30), v BIGINT) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1,1),(2,2),(3,3),(4,4),(5,5)
con1: SELECT * FROM t WHERE a > 1
con1: INSERT INTO r (what, v) VALUES ('found after select', FOUND_ROWS())
con1: SELECT SQL_CALC_FOUND_ROWS * FROM t LIMIT 2
con1: INSERT INTO r (what, v) VALUES ('found calc', FOUND_ROWS())
con1: SELECT * FROM t LIMIT 3
con1: INSERT INTO r (what, v) VALUES ('found limit', FOUND_ROWS())
con1: INSERT INTO r (what, v) VALUES ('found after insert', FOUND_ROWS())
con1: UPDATE t SET b = b + 1 WHERE a < 4
con1: INSERT INTO r (what, v) VALUES ('count update', ROW_COUNT())
con1: INSERT INTO r (what, v) VALUES ('count insert', ROW_COUNT())
con1: UPDATE t SET b = b WHERE a = 1
con1: INSERT INTO r (what, v) VALUES ('count no change', ROW_COUNT())
con1: DELETE FROM t WHERE a = 5
con1: INSERT INTO r (what, v) VALUES ('count delete', ROW_COUNT())
con1: INSERT INTO t VALUES (5,5),(6,6) ON DUPLICATE KEY UPDATE b = 0
con1: INSERT INTO r (what, v) VALUES ('count insert 2', ROW_COUNT())
con1: INSERT INTO t VALUES (1,1),(7,7) ON DUPLICATE KEY UPDATE b = 10
con1: INSERT INTO r (what, v) VALUES ('count odku', ROW_COUNT())
con1: REPLACE INTO t VALUES (1, 11)
con1: INSERT INTO r (what, v) VALUES ('count replace', ROW_COUNT())
con1: SELECT * FROM t
con1: INSERT INTO r (what, v) VALUES ('count select', ROW_COUNT())
con1: CREATE TABLE t2 (a INT)
con1: INSERT INTO r (what, v) VALUES ('count ddl', ROW_COUNT())
con1: INSERT INTO t VALUES (1, 1) => 1062
con1: INSERT INTO r (what, v) VALUES ('count error', ROW_COUNT())
con1: SET @x = 1
con1: INSERT INTO r (what, v) VALUES ('count set', ROW_COUNT())
con1: INSERT INTO r (what, v) SELECT 'count in select', ROW_COUNT()
con1: INSERT INTO r (what, v) VALUES ('found after insert select', FOUND_ROWS())
con1: SELECT SQL_CALC_FOUND_ROWS a FROM t WHERE a > 1 UNION ALL SELECT a FROM t LIMIT 2
con1: INSERT INTO r (what, v) VALUES ('found union calc', FOUND_ROWS())
con1: SELECT SQL_CALC_FOUND_ROWS a FROM t ORDER BY a LIMIT 2 OFFSET 1
con1: INSERT INTO r (what, v) VALUES ('found offset calc', FOUND_ROWS())
con1: SHOW TABLES
con1: INSERT INTO r (what, v) VALUES ('found show tables', FOUND_ROWS())
con1: SELECT * FROM t WHERE a = 2
con1: CREATE TABLE t3 SELECT * FROM t
con1: INSERT INTO r (what, v) VALUES ('found create select', FOUND_ROWS())
con1: UPDATE r SET v = FOUND_ROWS() WHERE k = 1

[case session_unmodelled_logging_settings]
rule = seed002.gtid.session_variables
seed = 002
description = settings that would change the binlog in ways replbed does not model are refused with 1235 (the server accepts them; this case only runs the accepted side-effect-free ones): setting them back to their value is accepted
setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
con1: SET GLOBAL binlog_row_metadata = NO_LOG  => mysql-9.7:1231
con1: SET GLOBAL binlog_commit_wait_count = 0  => mysql-9.7:1193
con1: SET GLOBAL max_binlog_size = DEFAULT
con1: SET GLOBAL max_binlog_cache_size = DEFAULT
con1: SET SESSION binlog_alter_two_phase = OFF  => mysql-9.7:1193
con1: INSERT INTO t VALUES (1)
