# Known gaps: cases where replbed still differs from MariaDB 10.11, kept out of the
# default corpus (workloads/*.wl) with a minimal repro each; docs/RULES-mariadb-10.11.md
# 5.13 says what differs. Run them with:
#   replbed compare --workloads 'workloads/known_gaps/*.wl'
#
# GTID flags in STATEMENT/MIXED (found when replbed compare started to compare every
# event field, not only Info texts): an UPDATE that changes no row of an InnoDB table
# gets FL_TRANSACTIONAL (0x04) on replbed's Gtid and not on MariaDB's (8 vs 12); the
# DROP TEMPORARY TABLE written at disconnect lacks FL_DDL (0x28 vs 0x08). The same
# cases in ROW (and MIXED for the disconnect) are in workloads/fidelity.wl.

[case gap_update_no_match_logs_nothing]
rule = seed002.logging.no_rows_changed
seed = 002
description = an UPDATE/DELETE that matches no row logs nothing in any format (both engines, autocommit and in a transaction)
setup: CREATE TABLE t (id INT PRIMARY KEY, a INT) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY, a INT) ENGINE=MyISAM
setup: INSERT INTO t VALUES (1, 1), (2, 2)
setup: INSERT INTO m VALUES (1, 1), (2, 2)
con1: UPDATE t SET a = 5 WHERE id = 9
con1: UPDATE m SET a = 5 WHERE id = 9
con1: UPDATE m SET a = 1 WHERE id = 1
con1: UPDATE t SET a = a WHERE id > 0
con1: DELETE FROM m WHERE id = 9
con1: DELETE FROM t WHERE id = 9
con1: BEGIN
con1: UPDATE t SET a = 7 WHERE id = 9
con1: UPDATE m SET a = 7 WHERE id = 9
con1: COMMIT
con1: INSERT INTO t VALUES (3, 3)
con1: UPDATE t, m SET t.a = 5, m.a = 5 WHERE t.id = m.id AND t.id = 9
con1: UPDATE t JOIN m ON t.id = m.id SET t.a = 6 WHERE m.a = 100
con1: UPDATE m SET a = 5 WHERE id > 5 ORDER BY id LIMIT 1
con1: UPDATE IGNORE t SET id = 1 WHERE id = 2
con1: UPDATE IGNORE m SET a = 1 WHERE id = 9
con1: DELETE t, m FROM t JOIN m ON t.id = m.id WHERE t.id = 9
con1: UPDATE t SET a = (SELECT MAX(a) FROM m) WHERE id = 9
con1: UPDATE m SET a = (SELECT MAX(a) FROM t) WHERE id = 9
con1: UPDATE t SET a = 2 WHERE id = 2
con1: CREATE TEMPORARY TABLE tt (id INT PRIMARY KEY, a INT)
con1: UPDATE tt SET a = 1 WHERE id = 1

[case gap_disconnect_temp_drop_and_rollback]
rule = seed002.temporary_tables.disconnect
seed = 002
description = a connection closing with an open transaction over a MyISAM change and an open temporary table: the ROLLBACK group and the DROP TEMPORARY group come in the server's order
setup: CREATE TABLE t (id INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY) ENGINE=MyISAM
con1: CREATE TEMPORARY TABLE tt (id INT) ENGINE=InnoDB
con1: BEGIN
con1: INSERT INTO t VALUES (1)
con1: INSERT INTO m VALUES (1)
con1: INSERT INTO tt VALUES (1)
con2: INSERT INTO t VALUES (2)

[case gap_update_unchanged_row_innodb_rw]
rule = seed000.commit.xid_or_query
seed = 000
description = an UPDATE that matches an InnoDB row without changing it calls the engine (and ends with Xid) unless every assigned column was read: InnoDB reads only the columns a statement uses (HA_PARTIAL_COLUMN_READ)
setup: CREATE TABLE t (id INT PRIMARY KEY, a INT, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (id INT, a INT, b INT) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY, a INT) ENGINE=MyISAM
setup: CREATE TABLE g (id INT PRIMARY KEY, a INT, b INT) ENGINE=InnoDB
setup: CREATE TRIGGER g_bu BEFORE UPDATE ON g FOR EACH ROW SET @x = OLD.a
setup: INSERT INTO t VALUES (1, 1, 1), (2, 2, 2)
setup: INSERT INTO n VALUES (1, 1, 1), (2, 2, 2)
setup: INSERT INTO m VALUES (1, 1), (2, 2)
setup: INSERT INTO g VALUES (1, 1, 1), (2, 2, 2)
con1: UPDATE t SET a = 2 WHERE id = 2
con1: UPDATE t SET a = 2 WHERE id = 2 AND a = 2
con1: UPDATE t SET a = a WHERE id = 1
con1: UPDATE t SET a = 2 WHERE id > 1
con1: UPDATE n SET a = 2 WHERE id = 2
con1: UPDATE t SET a = b WHERE id = 2
con1: UPDATE t SET a = 2, b = 2 WHERE b = 2
con1: UPDATE t SET a = 2 WHERE id = 2 ORDER BY a
con1: UPDATE g SET a = 2 WHERE id = 2
con1: UPDATE g SET b = 2 WHERE id = 2
con1: UPDATE m SET a = 2 WHERE id = 2
con1: UPDATE t, m SET t.a = 2 WHERE t.id = m.id AND m.id = 2
con1: UPDATE t, m SET t.a = m.a WHERE t.id = m.id AND m.id = 2
con1: UPDATE m, t SET m.a = 2, t.a = 2 WHERE t.id = m.id AND m.id = 2
con1: UPDATE t, m SET t.a = t.a WHERE t.id = m.id AND m.id = 2
con1: BEGIN
con1: INSERT INTO m VALUES (3, 3)
con1: UPDATE t SET a = 2 WHERE id = 2
con1: COMMIT
