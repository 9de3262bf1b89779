# User XA transactions (MariaDB 10.5+ binlogging, docs/RULES-mariadb-10.11.md section 3.6).
# XA PREPARE writes the branch as its own group: Gtid "XA START <xid>" (FL_PREPARED_XA)
# + body + Query "XA END <xid>" + XA_prepare; XA COMMIT / XA ROLLBACK of the prepared
# branch are then a standalone group (FL_COMPLETED_XA) with one Query. XA COMMIT ... ONE
# PHASE is an ordinary commit. Seed 003 (mixed engines) gives the N-write rules inside.

[case xa_prepare_commit_rollback_t_only]
rule = R-log-xa-prepare
seed = 003
description = T-only branches: prepare+commit, prepare+rollback, xid forms (bqual, formatID, hex), ONE PHASE, rollback of an unprepared branch, empty and read-only branches log nothing
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: INSERT INTO t VALUES (100, 0)
con1: XA START 'x1'
con1: INSERT INTO t VALUES (1, 1)
con1: UPDATE t SET b = b + 1 WHERE a = 100
con1: XA END 'x1'
con1: XA PREPARE 'x1'
con1: XA RECOVER
con1: XA COMMIT 'x1'
con1: XA BEGIN 'x2', 'bq', 7
con1: INSERT INTO t VALUES (2, 1)
con1: XA END 'x2', 'bq', 7
con1: XA PREPARE 'x2', 'bq', 7
con1: XA RECOVER FORMAT='SQL'  => mysql-9.7:1064
con1: XA ROLLBACK 'x2', 'bq', 7
con1: XA START X'00ff', X'', 0
con1: DELETE FROM t WHERE a = 1
con1: XA END X'00ff', X'', 0
con1: XA PREPARE X'00ff', X'', 0
con1: XA RECOVER FORMAT='SQL'  => mysql-9.7:1064
con1: XA COMMIT X'00ff', X'', 0
con1: XA START 0x6f6e65
con1: INSERT INTO t VALUES (3, 1)
con1: XA END 'one'
con1: XA COMMIT 'one' ONE PHASE
con1: XA START 'r'
con1: INSERT INTO t VALUES (4, 1)
con1: XA END 'r'
con1: XA ROLLBACK 'r'
con1: XA START 'empty'
con1: XA END 'empty'
con1: XA PREPARE 'empty'
con1: XA COMMIT 'empty'
con1: XA START 'ro'
con1: SELECT * FROM t
con1: XA END 'ro'
con1: XA PREPARE 'ro'
con1: XA COMMIT 'ro'
con1: XA START 'nomatch'
con1: UPDATE t SET b = 9 WHERE a = 99
con1: XA END 'nomatch'
con1: XA PREPARE 'nomatch'
con1: XA COMMIT 'nomatch'
con1: XA START 'sp'
con1: INSERT INTO t VALUES (5, 1)
con1: SAVEPOINT s1
con1: INSERT INTO t VALUES (6, 1)
con1: ROLLBACK TO SAVEPOINT s1
con1: XA END 'sp'
con1: XA PREPARE 'sp'
con1: XA COMMIT 'sp'

[case xa_nontrans_writes]
rule = R-log-xa-prepare
seed = 003
description = N-writes inside a branch: N-only (statement cache, then an empty prepared group; its XA COMMIT is ro_1pc), N then T, T then N (unsafe in STATEMENT, row-logged in MIXED), prepare+rollback and unprepared rollback with N-writes (1196), ONE PHASE
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE m (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
con1: XA START 'n1'
con1: INSERT INTO m VALUES (1, 1)
con1: XA END 'n1'
con1: XA PREPARE 'n1'
con1: XA COMMIT 'n1'
con1: XA START 'n2'
con1: INSERT INTO m VALUES (2, 1)
con1: XA END 'n2'
con1: XA PREPARE 'n2'
con1: XA ROLLBACK 'n2'
con1: XA START 'c1'
con1: INSERT INTO m VALUES (3, 1)
con1: INSERT INTO t VALUES (3, 1)
con1: XA END 'c1'
con1: XA PREPARE 'c1'
con1: XA COMMIT 'c1'
con1: XA START 'c2'
con1: INSERT INTO t VALUES (4, 1)
con1: INSERT INTO m VALUES (4, 1)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO t VALUES (5, 1)
con1: XA END 'c2'
con1: XA PREPARE 'c2'
con1: XA COMMIT 'c2'
con1: XA START 'c3'
con1: INSERT INTO t VALUES (6, 1)
con1: INSERT INTO m VALUES (6, 1)  => mysql-9.7-gtid-on:1785
con1: XA END 'c3'
con1: XA PREPARE 'c3'
con1: XA ROLLBACK 'c3'
con1: XA START 'c4'
con1: INSERT INTO t VALUES (7, 1)
con1: INSERT INTO m VALUES (7, 1)  => mysql-9.7-gtid-on:1785
con1: XA END 'c4'
con1: XA COMMIT 'c4' ONE PHASE
con1: XA START 'c5'
con1: INSERT INTO t VALUES (8, 1)
con1: INSERT INTO m VALUES (8, 1)  => mysql-9.7-gtid-on:1785
con1: XA END 'c5'
con1: XA ROLLBACK 'c5'
con1: XA START 'n3'
con1: INSERT INTO m VALUES (9, 1)
con1: XA END 'n3'
con1: XA ROLLBACK 'n3'

[case xa_failed_statements]
rule = R-log-xa-prepare
seed = 003
description = a branch whose only writes failed is not logged at PREPARE (a partial N-write is logged on its own); a read of InnoDB before an N-write keeps the commit ro_1pc
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE m (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: INSERT INTO t VALUES (100, 1)
con1: XA START 'f'
con1: INSERT INTO m VALUES (6, 1), (6, 2)  => ER_DUP_ENTRY
con1: XA END 'f'
con1: XA PREPARE 'f'
con1: XA COMMIT 'f'
con1: XA START 'g'
con1: INSERT INTO t VALUES (100, 1)  => ER_DUP_ENTRY
con1: XA END 'g'
con1: XA PREPARE 'g'
con1: XA ROLLBACK 'g'
con1: XA START 'v'
con1: SELECT * FROM t
con1: INSERT INTO m VALUES (5, 1)
con1: XA END 'v'
con1: XA PREPARE 'v'
con1: XA COMMIT 'v'
con1: XA START 'h'
con1: INSERT INTO t VALUES (1, 1)
con1: INSERT INTO t VALUES (100, 1)  => ER_DUP_ENTRY
con1: XA END 'h'
con1: XA PREPARE 'h'
con1: XA COMMIT 'h'

[case xa_state_errors_mysql]
servers = mysql  # MySQL's XA state machine: xa_state_errors without XA START '' and XA START 'k', 'b', 2147483648 (which 9.7 accepts); the errors are 9.7's
rule = R-xa-states
seed = 003
description = XAER_RMFAIL (1399) per state, XAER_NOTA (1397), XAER_INVAL (1398), XAER_OUTSIDE (1400), XAER_DUPID (1440), DDL inside a branch, syntax limits of the xid, as MySQL 9.7 answers them
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
con1: XA END 'nope'  => mysql-9.7:1399
con1: XA PREPARE 'nope'  => mysql-9.7:1399
con1: XA COMMIT 'nope'  => mysql-9.7:1397
con1: XA ROLLBACK 'nope'  => mysql-9.7:1397
con1: XA START 'q' JOIN  => mysql-9.7:1398
con1: XA START 'q' RESUME  => mysql-9.7:1398
con1: XA START 'k', 'b', -1  => mysql-9.7:1064
con1: XA START 123  => mysql-9.7:1064
con1: XA BEGIN 'abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcde'  => mysql-9.7:1064
con1: XA RECOVER FORMAT='JSON'  => mysql-9.7:1064
con1: XA START 'a'
con1: XA START 'b'  => mysql-9.7:1399
con1: BEGIN  => mysql-9.7:1399
con1: COMMIT  => mysql-9.7:1399
con1: ROLLBACK  => mysql-9.7:1399
con1: CREATE TABLE x (a INT)  => mysql-9.7:1399
con1: XA END 'b'  => mysql-9.7:1397
con1: XA END 'a' SUSPEND  => mysql-9.7:1398
con1: XA PREPARE 'a'  => mysql-9.7:1399
con1: XA COMMIT 'a' ONE PHASE  => mysql-9.7:1399
con1: XA ROLLBACK 'a'  => mysql-9.7:1399
con1: XA ROLLBACK 'other'  => mysql-9.7:1399
con2: XA START 'a'  => mysql-9.7:1440
con1: INSERT INTO t VALUES (1, 1)
con1: XA END 'a'
con1: INSERT INTO t VALUES (2, 1)  => mysql-9.7:1399
con1: SELECT * FROM t  => mysql-9.7:1399
con1: SELECT 1
con1: XA END 'a'  => mysql-9.7:1399
con1: XA COMMIT 'a'  => mysql-9.7:1399
con1: XA PREPARE 'b'  => mysql-9.7:1397
con1: XA START 'a' RESUME
con1: INSERT INTO t VALUES (3, 1)
con1: XA END 'a'
con1: XA PREPARE 'a'
con1: INSERT INTO t VALUES (4, 1)
con1: XA END 'a'  => mysql-9.7:1399
con1: XA COMMIT 'a' ONE PHASE
con1: XA RECOVER
con2: XA COMMIT 'a'  => mysql-9.7:1397
con2: XA START 'b'
con2: XA END 'b'
con2: XA PREPARE 'b'
con1: XA COMMIT 'b'
con1: XA COMMIT 'a'  => mysql-9.7:1397
con2: XA ROLLBACK 'b'  => mysql-9.7:1397
con1: BEGIN
con1: INSERT INTO t VALUES (5, 1)
con1: XA START 'd'  => mysql-9.7:1400
con1: XA COMMIT 'd'  => mysql-9.7:1399
con1: COMMIT
con1: SET autocommit = 0
con1: XA START 'e'
con1: INSERT INTO t VALUES (6, 1)
con1: XA END 'e'
con1: XA PREPARE 'e'
con1: XA COMMIT 'e'
con1: INSERT INTO t VALUES (7, 1)
con1: COMMIT
con1: SELECT * FROM t
con1: XA START 'f'  => mysql-9.7:1400

[case xa_state_errors]
servers = mariadb  # MariaDB's XA state machine: MySQL 9.7 accepts XA START '' (empty gtrid), so every later state differs; xa.wl's other cases cover XA on MySQL
rule = R-xa-states
seed = 003
description = XAER_RMFAIL (1399) per state, XAER_NOTA (1397), XAER_INVAL (1398), XAER_OUTSIDE (1400), XAER_DUPID (1440), DDL inside a branch (1399 raised twice), syntax limits of the xid; autocommit=0 around a branch (Q_FLAGS2 never has OPTION_NOT_AUTOCOMMIT)
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
con1: XA END 'nope'  => ER_XAER_RMFAIL
con1: XA PREPARE 'nope'  => ER_XAER_RMFAIL
con1: XA COMMIT 'nope'  => ER_XAER_NOTA
con1: XA ROLLBACK 'nope'  => ER_XAER_NOTA
con1: XA START ''  => ER_XAER_INVAL
con1: XA START 'q' JOIN  => ER_XAER_INVAL
con1: XA START 'q' RESUME  => ER_XAER_INVAL
con1: XA START 'k', 'b', -1  => ER_PARSE_ERROR
con1: XA START 123  => ER_PARSE_ERROR
con1: XA BEGIN 'abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcde'  => ER_PARSE_ERROR
con1: XA START 'k', 'b', 2147483648  => ER_PARSE_ERROR
con1: XA RECOVER FORMAT='JSON'  => 1791
con1: XA START 'a'
con1: XA START 'b'  => ER_XAER_RMFAIL
con1: BEGIN  => ER_XAER_RMFAIL
con1: COMMIT  => ER_XAER_RMFAIL
con1: ROLLBACK  => ER_XAER_RMFAIL
con1: CREATE TABLE x (a INT)  => ER_XAER_RMFAIL
con1: XA END 'b'  => ER_XAER_NOTA
con1: XA END 'a' SUSPEND  => ER_XAER_INVAL
con1: XA PREPARE 'a'  => ER_XAER_RMFAIL
con1: XA COMMIT 'a' ONE PHASE  => ER_XAER_RMFAIL
con1: XA ROLLBACK 'a'  => ER_XAER_RMFAIL
con1: XA ROLLBACK 'other'  => ER_XAER_OUTSIDE
con2: XA START 'a'  => ER_XAER_DUPID
con1: INSERT INTO t VALUES (1, 1)
con1: XA END 'a'
con1: INSERT INTO t VALUES (2, 1)  => ER_XAER_RMFAIL
con1: SELECT * FROM t  => ER_XAER_RMFAIL
con1: SELECT 1
con1: XA END 'a'  => ER_XAER_RMFAIL
con1: XA COMMIT 'a'  => ER_XAER_RMFAIL
con1: XA PREPARE 'b'  => ER_XAER_NOTA
con1: XA START 'a' RESUME
con1: INSERT INTO t VALUES (3, 1)
con1: XA END 'a'
con1: XA PREPARE 'a'
con1: INSERT INTO t VALUES (4, 1)  => ER_XAER_RMFAIL
con1: XA END 'a'  => ER_XAER_RMFAIL
con1: XA COMMIT 'a' ONE PHASE  => ER_XAER_INVAL
con1: XA RECOVER
con2: XA COMMIT 'a'  => ER_XAER_NOTA
con2: XA START 'b'
con2: XA END 'b'
con2: XA PREPARE 'b'
con1: XA COMMIT 'b'  => ER_XAER_OUTSIDE
con1: XA COMMIT 'a'
con2: XA ROLLBACK 'b'
con1: BEGIN
con1: INSERT INTO t VALUES (5, 1)
con1: XA START 'd'  => ER_XAER_OUTSIDE
con1: XA COMMIT 'd'  => ER_XAER_OUTSIDE
con1: COMMIT
con1: SET autocommit = 0
con1: XA START 'e'
con1: INSERT INTO t VALUES (6, 1)
con1: XA END 'e'
con1: XA PREPARE 'e'
con1: XA COMMIT 'e'
con1: INSERT INTO t VALUES (7, 1)
con1: COMMIT
con1: SELECT * FROM t
con1: XA START 'f'  => ER_XAER_OUTSIDE
con1: COMMIT

[case xa_prepared_branch_keeps_its_locks_mysql]
rule = R-log-xa-prepare
seed = 003
servers = mysql  # XA PREPARE detaches the branch from its session (xa_detach_on_prepare, MySQL 8.0.30+); MariaDB keeps it attached, so only its own session can end it
description = a prepared branch its session left keeps its row locks until another session's XA ROLLBACK: a locking read, a duplicate INSERT and its own session's next UPDATE of its rows wait (1205); other rows stay free; a plain SELECT sees neither its insert nor its update
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1, 0), (5, 0)
con1: XA START 'p'
con1: UPDATE t SET b = 1 WHERE a = 1
con1: INSERT INTO t VALUES (3, 3)
con1: XA END 'p'
con1: XA PREPARE 'p'
con2: SELECT * FROM t
con2: SELECT * FROM t WHERE a = 1 FOR UPDATE  => 1205
con2: UPDATE t SET b = 9 WHERE a = 5
con2: INSERT INTO t VALUES (3, 9)  => 1205
con2: INSERT INTO t VALUES (4, 9)
con1: UPDATE t SET b = 2 WHERE a = 1  => 1205
con2: XA ROLLBACK 'p'
con2: UPDATE t SET b = 9 WHERE a = 1
con1: INSERT INTO t VALUES (3, 1)
con1: SELECT * FROM t
