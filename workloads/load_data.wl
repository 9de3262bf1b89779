# LOAD DATA [LOCAL] INFILE (docs/RULES-mariadb-10.11.md 5.16): the file's blocks and
# Execute_load_query in STATEMENT, rows in ROW and MIXED; warnings 1261/1262/1263/1366;
# LOCAL through the protocol. Data files: `file.NAME = '...'` keys (docs/WORKLOADS.md).

[case load_data_myisam_plain]
rule = LOAD.statement_blocks
seed = 016
description = LOAD DATA INFILE into MyISAM: Begin_load_query + Execute_load_query + COMMIT in STATEMENT, rows otherwise
file.d = '1\tone\n2\ttwo\n3\tthree\n'
setup: CREATE TABLE tm (a INT PRIMARY KEY, b VARCHAR(20)) ENGINE=MyISAM
con1: LOAD DATA INFILE '{file.d}' INTO TABLE tm
con1: SELECT * FROM tm ORDER BY a

[case load_data_innodb_local_replace_set]
rule = LOAD.statement_blocks
seed = 016
description = LOCAL REPLACE into InnoDB with a column list, a user variable and SET: the rewritten text keeps `SET col=` as written
file.d = '1\tone\n2\ttwo\n3\tthree\n'
setup: CREATE TABLE ti (a INT PRIMARY KEY, b VARCHAR(20)) ENGINE=InnoDB
setup: INSERT INTO ti VALUES (1, 'old')
con1: LOAD DATA LOCAL INFILE '{file.d}' REPLACE INTO TABLE ti FIELDS TERMINATED BY '\t' LINES TERMINATED BY '\n' (a, @x) SET b = upper(@x)
con1: SELECT * FROM ti ORDER BY a

[case load_data_ignore_lines_concurrent]
rule = LOAD.statement_blocks
seed = 016
description = CONCURRENT, IGNORE duplicates, IGNORE 1 LINES, CHARACTER SET, LOW_PRIORITY (dropped from the logged text)
file.d = 'header\n1,"a,b"\n2,"c""d"\n2,dup\n'
setup: CREATE TABLE tm (a INT PRIMARY KEY, b VARCHAR(20)) ENGINE=MyISAM
con1: LOAD DATA CONCURRENT INFILE '{file.d}' IGNORE INTO TABLE tm CHARACTER SET latin1 FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '"' IGNORE 1 LINES
con1: LOAD DATA LOW_PRIORITY INFILE '{file.d}' REPLACE INTO TABLE tm FIELDS TERMINATED BY ',' ENCLOSED BY '"' ESCAPED BY '' LINES STARTING BY '2' IGNORE 1 ROWS (@a, b) SET a = @a + 10
con1: SELECT * FROM tm ORDER BY a

[case load_data_local_duplicates_are_warnings]
rule = LOAD.local_is_ignore
seed = 016
description = LOCAL without REPLACE is IGNORE: duplicates are warnings and the logged text says IGNORE
file.d = '1\tone\n1\tagain\n2\ttwo\n'
setup: CREATE TABLE ti (a INT PRIMARY KEY, b VARCHAR(20)) ENGINE=InnoDB
con1: LOAD DATA LOCAL INFILE '{file.d}' INTO TABLE ti
con1: LOAD DATA INFILE '{file.d}' INTO TABLE ti  => ER_DUP_ENTRY
con1: SELECT * FROM ti ORDER BY a

[case load_data_warnings_non_strict]
rule = LOAD.field_warnings
seed = 016
description = 1261 short line, 1262 long line, 1263 NULL into NOT NULL, 1366 bad number, an empty line; sql_mode=''
session.sql_mode = ''
file.d = '1\tone\n2\n3\tthree\textra\nx\tfour\n\n5\t\\N\n6\tsix\t\\N\n'
setup: CREATE TABLE tm (a INT, b VARCHAR(5) NOT NULL, c INT DEFAULT 7) ENGINE=MyISAM
setup: CREATE TABLE ti (a INT, b VARCHAR(5) NOT NULL, c INT DEFAULT 7) ENGINE=InnoDB
con1: LOAD DATA INFILE '{file.d}' INTO TABLE tm
con1: LOAD DATA INFILE '{file.d}' INTO TABLE ti (a, b)
con1: SELECT * FROM tm ORDER BY a, b
con1: SELECT * FROM ti ORDER BY a, b

[case load_data_warnings_strict]
rule = LOAD.field_warnings
seed = 016
description = strict mode: the first warning of an InnoDB load is its error (nothing logged); MyISAM's later rows only warn; IGNORE keeps warnings
file.d = '1\tone\n2\n3\tthree\n'
file.bad = 'x\tone\n'
setup: CREATE TABLE tm (a INT, b VARCHAR(5)) ENGINE=MyISAM
setup: CREATE TABLE ti (a INT, b VARCHAR(5)) ENGINE=InnoDB
con1: LOAD DATA INFILE '{file.d}' INTO TABLE ti  => 1261
con1: LOAD DATA INFILE '{file.d}' INTO TABLE tm
con1: LOAD DATA INFILE '{file.bad}' INTO TABLE tm  => 1366
con1: LOAD DATA INFILE '{file.d}' IGNORE INTO TABLE ti
con1: SELECT * FROM tm ORDER BY a
con1: SELECT * FROM ti ORDER BY a

[case load_data_myisam_error_after_rows]
rule = LOAD.failed_statement
seed = 016
description = a MyISAM load that fails after changing rows logs Execute_load_query with its error; one that changed nothing logs Delete_file
file.d = '5\tfive\n1\tdup\n'
setup: CREATE TABLE tm (a INT PRIMARY KEY, b VARCHAR(20)) ENGINE=MyISAM
setup: INSERT INTO tm VALUES (1, 'one')
con1: LOAD DATA INFILE '{file.d}' INTO TABLE tm  => ER_DUP_ENTRY
con1: LOAD DATA INFILE '{file.d}' INTO TABLE tm  => ER_DUP_ENTRY
con1: SELECT * FROM tm ORDER BY a

[case load_data_big_file_blocks]
rule = LOAD.statement_blocks
seed = 016
description = a file over read_buffer_size (131072): Begin_load_query + Append_block; LOCAL: one block per client packet
file.big = '{n}\tvalue-{n}-padding-padding\n' * 12000
setup: CREATE TABLE ti (a INT PRIMARY KEY, b VARCHAR(40)) ENGINE=InnoDB
setup: CREATE TABLE tm (a INT PRIMARY KEY, b VARCHAR(40)) ENGINE=MyISAM
con1: LOAD DATA INFILE '{file.big}' INTO TABLE ti
con1: LOAD DATA LOCAL INFILE '{file.big}' INTO TABLE tm
con1: SELECT COUNT(*), SUM(a) FROM ti
con1: SELECT COUNT(*), SUM(a) FROM tm

[case load_data_in_transaction_auto_increment]
rule = LOAD.statement_blocks
seed = 016
description = inside a transaction with an AUTO_INCREMENT column: the INSERT_ID Intvar precedes Execute_load_query; other db qualified
file.d = '\\N\tone\n\\N\ttwo\n'
setup: CREATE TABLE ti (a INT AUTO_INCREMENT PRIMARY KEY, b VARCHAR(20)) ENGINE=InnoDB
con1: BEGIN
con1: INSERT INTO ti (b) VALUES ('first')
con1: LOAD DATA INFILE '{file.d}' INTO TABLE test.ti
con1: COMMIT
con1: SELECT * FROM ti ORDER BY a

[case load_data_refused_in_routines_and_lock_tables]
rule = LOAD.files
seed = 016
description = 1314 in a procedure or trigger body; under LOCK TABLES the table must be write-locked (1099, 1100)
file.d = '1\tone\n2\ttwo\n'
setup: CREATE TABLE tm (a INT PRIMARY KEY, b VARCHAR(20)) ENGINE=MyISAM
setup: CREATE TABLE t2 (a INT) ENGINE=MyISAM
con1: CREATE PROCEDURE p() BEGIN LOAD DATA INFILE '{file.d}' INTO TABLE tm; END  => 1314
con1: CREATE TRIGGER trg BEFORE INSERT ON t2 FOR EACH ROW LOAD DATA INFILE '{file.d}' INTO TABLE tm  => 1314
con1: LOCK TABLES tm READ
con1: LOAD DATA INFILE '{file.d}' INTO TABLE tm  => 1099
con1: LOCK TABLES tm WRITE
con1: LOAD DATA INFILE '{file.d}' INTO TABLE t2  => 1100
con1: LOAD DATA INFILE '{file.d}' INTO TABLE tm
con1: UNLOCK TABLES
con1: SELECT * FROM tm ORDER BY a

[case load_data_empty_file]
description = an empty file writes no block: nothing is logged of the statement
rule = LOAD.statement_blocks
seed = 016
file.e = ''
setup: CREATE TABLE tm (a INT PRIMARY KEY, b VARCHAR(20)) ENGINE=MyISAM
setup: CREATE TABLE ti (a INT PRIMARY KEY, b VARCHAR(20)) ENGINE=InnoDB
con1: LOAD DATA INFILE '{file.e}' INTO TABLE tm
con1: LOAD DATA LOCAL INFILE '{file.e}' INTO TABLE ti

[case load_data_missing_columns_and_types]
description = a missing column keeps NULL when its default is NULL, else takes its type's zero (not its DEFAULT); dates, decimals
rule = LOAD.field_warnings
seed = 016
session.sql_mode = ''
file.d = '1\n2\t2021-02-03\t1.5\n3\tbad\tx\n'
setup: CREATE TABLE t (a INT, d DATE NULL, n DECIMAL(5,2) DEFAULT NULL, s VARCHAR(3) DEFAULT 'zz', ts TIMESTAMP NULL DEFAULT NULL) ENGINE=MyISAM
con1: LOAD DATA INFILE '{file.d}' INTO TABLE t
con1: SELECT * FROM t ORDER BY a

[case load_data_triggers_and_escapes]
description = AFTER INSERT triggers fire per row (rows events alternate tables); \t \N \\ unescaped, ESCAPED BY '' keeps them; REPLACE updates in place
rule = LOAD.statement_blocks
seed = 016
file.d = '1\ta\\tb\n2\t\\N\n3\tc\\\\d\n'
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(20)) ENGINE=InnoDB
setup: CREATE TABLE log (a INT) ENGINE=InnoDB
setup: CREATE TRIGGER trg AFTER INSERT ON t FOR EACH ROW INSERT INTO log VALUES (NEW.a)
con1: LOAD DATA INFILE '{file.d}' INTO TABLE t
con1: LOAD DATA INFILE '{file.d}' REPLACE INTO TABLE t FIELDS ESCAPED BY ''
con1: SELECT * FROM t ORDER BY a
con1: SELECT * FROM log ORDER BY a

[case load_data_no_backslash_escapes]
description = NO_BACKSLASH_ESCAPES without ESCAPED BY: no escape character (the logged text still says ESCAPED BY '\\')
rule = LOAD.rewritten_text
seed = 016
session.sql_mode = 'NO_BACKSLASH_ESCAPES'
file.d = '1\ta\\tb\n'
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(20)) ENGINE=MyISAM
con1: LOAD DATA INFILE '{file.d}' INTO TABLE t
con1: SELECT * FROM t

[case load_data_charset_and_errors]
description = CHARACTER SET utf8mb4 vs the database's latin1; an unknown column is 1054 in 'SELECT'; an unknown table 1146
rule = LOAD.files
seed = 016
file.d = '1\tcafé\n'
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(20) CHARACTER SET utf8mb4) ENGINE=InnoDB
con1: LOAD DATA INFILE '{file.d}' INTO TABLE t (a, nope)  => 1054
con1: LOAD DATA INFILE '{file.d}' INTO TABLE t CHARACTER SET utf8mb4
con1: LOAD DATA INFILE '{file.d}' REPLACE INTO TABLE t
con1: LOAD DATA INFILE '{file.d}' INTO TABLE nope  => 1146
con1: SELECT a, b, HEX(b) FROM t

[case load_data_set_unsafe_functions_and_user_vars]
description = SET with UUID(), RAND() and a user variable: User_var/Rand context events, and no Note 1592 in STATEMENT
rule = LOAD.context_events
seed = 016
file.d = '1\tone\n2\ttwo\n'
setup: CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(40), c INT) ENGINE=MyISAM
con1: LOAD DATA INFILE '{file.d}' INTO TABLE t (a, @x) SET b = LENGTH(UUID()), c = 5
con1: SET @v = 42
con1: LOAD DATA INFILE '{file.d}' REPLACE INTO TABLE t (a, b) SET c = @v
con1: LOAD DATA INFILE '{file.d}' REPLACE INTO TABLE t (a, b) SET c = RAND() * 0
con1: SELECT a, c FROM t ORDER BY a
