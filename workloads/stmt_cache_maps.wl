# A statement cache that holds only table maps (issue 10, found by `replbed fuzz --seed 20261127`,
# class `events:Annotate_rows info`). At a statement's first row every table it writes gets its
# Table_map, the non-transactional ones (with Annotate_rows) in the statement cache. When the
# MyISAM table then gets no row (its trigger's INSERT failed, or the trigger did not fire inside a
# transaction), binlog_cache_data::empty() calls the cache empty: nothing is written and nothing
# resets it. The maps go out in front of the cache's next group, unless an Xid commit
# (binlog_commit_flush_xid_caches, both caches) resets it first (docs/RULES-mariadb-10.11.md 5.14).

[case smap_maps_then_myisam]
rule = binlog_cache_data.empty.map_only_stmt_cache
seed = 002
formats = ROW MIXED
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_int INT, c_blob BLOB NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL UNIQUE, c_dec DECIMAL(5,2), c_blob BLOB) ENGINE=InnoDB
setup: INSERT INTO t2 VALUES ('k7', 1, 'x')
setup: CREATE TRIGGER trg_t2 AFTER DELETE ON t2 FOR EACH ROW INSERT INTO t1 (c_int, id) VALUES (1, NULL)
con1: DELETE FROM t2 WHERE c_dec IS NOT NULL  => 1364,mysql-9.7-gtid-on:1785
con1: INSERT INTO t1 VALUES ('a', 1, 'b')

[case smap_maps_then_innodb_then_myisam]
rule = binlog_cache_data.empty.map_only_stmt_cache
seed = 002
formats = ROW MIXED
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_int INT, c_blob BLOB NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL UNIQUE, c_dec DECIMAL(5,2), c_blob BLOB) ENGINE=InnoDB
setup: CREATE TABLE t3 (a INT) ENGINE=InnoDB
setup: INSERT INTO t2 VALUES ('k7', 1, 'x')
setup: CREATE TRIGGER trg_t2 AFTER DELETE ON t2 FOR EACH ROW INSERT INTO t1 (c_int, id) VALUES (1, NULL)
con1: DELETE FROM t2 WHERE c_dec IS NOT NULL  => 1364,mysql-9.7-gtid-on:1785
con1: INSERT INTO t3 VALUES (1)
con1: INSERT INTO t1 VALUES ('a', 1, 'b')

[case smap_maps_then_ddl_then_myisam]
rule = binlog_cache_data.empty.map_only_stmt_cache
seed = 002
formats = ROW MIXED
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_int INT, c_blob BLOB NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL UNIQUE, c_dec DECIMAL(5,2), c_blob BLOB) ENGINE=InnoDB
setup: INSERT INTO t2 VALUES ('k7', 1, 'x')
setup: CREATE TRIGGER trg_t2 AFTER DELETE ON t2 FOR EACH ROW INSERT INTO t1 (c_int, id) VALUES (1, NULL)
con1: DELETE FROM t2 WHERE c_dec IS NOT NULL  => 1364,mysql-9.7-gtid-on:1785
con1: CREATE TABLE t4 (a INT) ENGINE=MyISAM
con1: INSERT INTO t4 VALUES (1)

[case smap_maps_in_trx]
rule = binlog_cache_data.empty.map_only_stmt_cache
seed = 002
formats = ROW MIXED
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_int INT, c_blob BLOB NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL UNIQUE, c_dec DECIMAL(5,2), c_blob BLOB) ENGINE=InnoDB
setup: CREATE TABLE t3 (a INT) ENGINE=InnoDB
setup: INSERT INTO t2 VALUES ('k7', 1, 'x')
setup: CREATE TRIGGER trg_t2 AFTER DELETE ON t2 FOR EACH ROW INSERT INTO t1 (c_int, id) VALUES (1, NULL)
con1: BEGIN
con1: INSERT INTO t3 VALUES (1)
con1: DELETE FROM t2 WHERE c_dec IS NOT NULL  => 1364,mysql-9.7-gtid-on:1785
con1: INSERT INTO t3 VALUES (2)
con1: INSERT INTO t1 VALUES ('a', 1, 'b')  => mysql-9.7-gtid-on:1785
con1: COMMIT

[case smap_maps_success_in_trx]
rule = binlog_cache_data.empty.map_only_stmt_cache
seed = 002
formats = ROW MIXED
setup: CREATE TABLE t1 (id INT, c INT) ENGINE=MyISAM
setup: CREATE TABLE t2 (id INT PRIMARY KEY, c INT) ENGINE=InnoDB
setup: CREATE TABLE t3 (a INT) ENGINE=InnoDB
setup: INSERT INTO t2 VALUES (1, 1)
setup: CREATE TRIGGER trg_t2 AFTER UPDATE ON t2 FOR EACH ROW BEGIN IF NEW.c > 5 THEN INSERT INTO t1 VALUES (NEW.id, NEW.c); END IF; END
con1: BEGIN
con1: UPDATE t2 SET c = 2  => mysql-9.7-gtid-on:1785
con1: INSERT INTO t1 VALUES (9, 9)
con1: COMMIT

[case smap_maps_then_statement_format]
rule = binlog_cache_data.empty.map_only_stmt_cache
seed = 002
formats = ROW
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_int INT, c_blob BLOB NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL UNIQUE, c_dec DECIMAL(5,2), c_blob BLOB) ENGINE=InnoDB
setup: INSERT INTO t2 VALUES ('k7', 1, 'x')
setup: CREATE TRIGGER trg_t2 AFTER DELETE ON t2 FOR EACH ROW INSERT INTO t1 (c_int, id) VALUES (1, NULL)
con1: DELETE FROM t2 WHERE c_dec IS NOT NULL  => 1364,mysql-9.7-gtid-on:1785
con1: SET SESSION binlog_format = STATEMENT
con1: INSERT INTO t1 VALUES ('a', 1, 'b')

[case smap_maps_then_rolled_back_trx]
rule = binlog_cache_data.empty.map_only_stmt_cache
seed = 002
formats = ROW MIXED
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_int INT, c_blob BLOB NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL UNIQUE, c_dec DECIMAL(5,2), c_blob BLOB) ENGINE=InnoDB
setup: CREATE TABLE t3 (a INT) ENGINE=InnoDB
setup: INSERT INTO t2 VALUES ('k7', 1, 'x')
setup: CREATE TRIGGER trg_t2 AFTER DELETE ON t2 FOR EACH ROW INSERT INTO t1 (c_int, id) VALUES (1, NULL)
con1: DELETE FROM t2 WHERE c_dec IS NOT NULL  => 1364,mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO t3 VALUES (1)
con1: ROLLBACK
con1: INSERT INTO t1 VALUES ('a', 1, 'b')

[case smap_maps_across_flush_logs]
rule = binlog_cache_data.empty.map_only_stmt_cache
seed = 002
formats = ROW
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_int INT, c_blob BLOB NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL UNIQUE, c_dec DECIMAL(5,2), c_blob BLOB) ENGINE=InnoDB
setup: INSERT INTO t2 VALUES ('k7', 1, 'x')
setup: CREATE TRIGGER trg_t2 AFTER DELETE ON t2 FOR EACH ROW INSERT INTO t1 (c_int, id) VALUES (1, NULL)
con1: DELETE FROM t2 WHERE c_dec IS NOT NULL  => 1364,mysql-9.7-gtid-on:1785
con1: FLUSH LOGS
con1: INSERT INTO t1 VALUES ('a', 1, 'b')

[case smap_maps_then_commit_without_xid]
rule = binlog_cache_data.empty.map_only_stmt_cache
seed = 002
formats = ROW
setup: CREATE TABLE t1 (id VARCHAR(10) NULL UNIQUE, c_int INT, c_blob BLOB NOT NULL) ENGINE=MyISAM
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL UNIQUE, c_dec DECIMAL(5,2), c_blob BLOB) ENGINE=InnoDB
setup: CREATE TABLE t5 (a INT) ENGINE=MyISAM
setup: INSERT INTO t2 VALUES ('k7', 1, 'x')
setup: CREATE TRIGGER trg_t2 AFTER DELETE ON t2 FOR EACH ROW INSERT INTO t1 (c_int, id) VALUES (1, NULL)
con1: DELETE FROM t2 WHERE c_dec IS NOT NULL  => 1364,mysql-9.7-gtid-on:1785
con1: BEGIN
con1: SAVEPOINT s1
con1: COMMIT
con1: INSERT INTO t5 VALUES (1)
