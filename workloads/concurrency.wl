# Concurrent sessions (issue 11): InnoDB row locks, gap locks, consistent reads,
# lock-wait timeouts and deadlocks, and what each leaves in the binary log.
# `conN: send SQL` sends without waiting, `conN: wait_blocked` waits until the
# server holds it in a lock wait, `conN: reap => CODE` collects its result.
# innodb_lock_wait_timeout=1 on every connection keeps the timeouts short.

[case conc_update_same_row_times_out]
rule = innodb.record_lock
seed = 000
description = a holds the X lock of row 1; b's UPDATE of row 1 waits and gets 1205; a's ROLLBACK restores only a's change
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2),(3,3),(4,4)
con1: BEGIN
con1: UPDATE c SET v=v+1 WHERE id=1
con2: send UPDATE c SET v=v+1 WHERE id=1
con2: wait_blocked
con2: reap => 1205
con1: ROLLBACK

[case conc_consistent_read_hides_uncommitted_insert]
rule = innodb.consistent_read
seed = 000
description = b's COUNT(*) does not see a's uncommitted row (4), then sees it after a commits (5)
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2),(3,3),(4,4)
con1: BEGIN
con1: INSERT INTO c VALUES (5,5)
setup: CREATE TABLE seen (n INT) ENGINE=MyISAM
con2: SELECT COUNT(*) FROM c
con2: SELECT COUNT(*) INTO @n FROM c
con2: INSERT INTO seen VALUES (@n)
con2: INSERT INTO c SELECT 100 + COUNT(*), 0 FROM c WHERE id < 5  => 1205,mysql-9.7:OK
con1: COMMIT
con2: SELECT COUNT(*) FROM c
con2: SELECT COUNT(*) INTO @n FROM c
con2: INSERT INTO seen VALUES (@n)

[case conc_delete_of_updated_row_times_out]
rule = innodb.record_lock
seed = 000
description = a updates row 2; b's DELETE of row 2 waits, 1205; a rolls back; row 2 intact
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2),(3,3),(4,4)
con1: BEGIN
con1: UPDATE c SET v=v+1 WHERE id=2
con2: send DELETE FROM c WHERE id=2
con2: wait_blocked
con2: reap => 1205
con1: ROLLBACK

[case conc_delete_of_uncommitted_insert_times_out]
rule = innodb.record_lock
seed = 000
description = a inserts row 9 (not committed); b's DELETE of row 9 waits on it, 1205; no row event for a row never committed
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2),(3,3),(4,4)
con1: BEGIN
con1: INSERT INTO c VALUES (9,9)
con2: send DELETE FROM c WHERE id=9
con2: wait_blocked
con2: reap => 1205
con1: COMMIT

[case conc_insert_over_uncommitted_delete_times_out]
rule = innodb.duplicate_check_waits
seed = 000
description = a deletes row 3 (not committed); b's INSERT of key 3 waits on the delete-marked record, 1205; a rolls back; one row 3
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2),(3,3),(4,4)
con1: BEGIN
con1: DELETE FROM c WHERE id=3
con2: send INSERT INTO c VALUES (3,33)
con2: wait_blocked
con2: reap => 1205
con1: ROLLBACK

[case conc_waiter_proceeds_after_commit]
rule = innodb.record_lock
seed = 000
description = b's UPDATE waits for a's lock; a commits; b then updates the committed row (no lost update)
session.innodb_lock_wait_timeout = 5
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2)
con1: BEGIN
con1: UPDATE c SET v=v+10 WHERE id=1
con2: send UPDATE c SET v=v+100 WHERE id=1
con2: wait_blocked
con1: COMMIT
con2: reap
con2: SELECT v FROM c WHERE id=1

[case conc_insert_waits_then_duplicate_rolls_back_statement]
rule = innodb.duplicate_check_waits
seed = 000
description = b's INSERT of (6),(5) writes 6 then waits on a's uncommitted 5; a commits; b fails 1062 and its statement (row 6) is rolled back
session.innodb_lock_wait_timeout = 5
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE m (a INT) ENGINE=MyISAM
setup: INSERT INTO c VALUES (1,1),(2,2)
con1: BEGIN
con1: INSERT INTO c VALUES (5,5)
con2: BEGIN
con2: INSERT INTO m VALUES (1)
con2: send INSERT INTO c VALUES (6,6),(5,50)
con2: wait_blocked
con1: COMMIT
con2: reap => 1062
con2: COMMIT

[case conc_insert_waits_then_succeeds_after_rollback]
rule = innodb.duplicate_check_waits
seed = 000
description = b's INSERT of key 5 waits on a's uncommitted insert of 5; a rolls back; b's insert succeeds
session.innodb_lock_wait_timeout = 5
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1)
con1: BEGIN
con1: INSERT INTO c VALUES (5,5)
con2: send INSERT INTO c VALUES (5,55)
con2: wait_blocked
con1: ROLLBACK
con2: reap

[case conc_range_delete_locks_gap]
rule = innodb.next_key_lock
seed = 000
description = a's DELETE WHERE id > 2 next-key locks up to the supremum; b's INSERT of 10 waits, 1205; an INSERT below the range does not wait
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2),(4,4),(6,6)
con1: BEGIN
con1: DELETE FROM c WHERE id > 2
con2: send INSERT INTO c VALUES (10,10)
con2: wait_blocked
con2: reap => 1205
con2: INSERT INTO c VALUES (0,0)
con1: COMMIT

[case conc_full_scan_update_locks_every_gap]
rule = innodb.next_key_lock
seed = 000
description = an UPDATE without a usable index locks every record and gap at REPEATABLE READ: b's INSERT waits, 1205
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2),(4,4)
con1: BEGIN
con1: UPDATE c SET v=0 WHERE v=2
con2: send INSERT INTO c VALUES (3,3)
con2: wait_blocked
con2: reap => 1205
con2: send UPDATE c SET v=9 WHERE id=4
con2: wait_blocked
con2: reap => 1205
con1: COMMIT

[case conc_read_committed_no_gap_lock]
rule = innodb.next_key_lock
seed = 000
description = at READ COMMITTED the same UPDATE locks only the row it changes: b's INSERT and its UPDATE of another row go through
formats = ROW MIXED
session.innodb_lock_wait_timeout = 1
session.tx_isolation = 'READ-COMMITTED'
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2),(4,4)
con1: BEGIN
con1: UPDATE c SET v=0 WHERE v=2
con2: INSERT INTO c VALUES (3,3)
con2: UPDATE c SET v=9 WHERE v=4 => mariadb-11.8:1205
con1: COMMIT

[case conc_unique_miss_locks_gap]
rule = innodb.next_key_lock
seed = 000
description = a's UPDATE of a missing primary key locks the gap it would be in; b's INSERT into that gap waits, 1205; elsewhere it does not
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(5,5),(9,9)
con1: BEGIN
con1: UPDATE c SET v=0 WHERE id=3
con2: send INSERT INTO c VALUES (4,4)
con2: wait_blocked
con2: reap => 1205
con2: INSERT INTO c VALUES (7,7)
con1: COMMIT

[case conc_select_for_update_blocks_update]
rule = innodb.locking_read
seed = 000
description = SELECT ... FOR UPDATE holds X locks to commit: b's UPDATE waits, 1205; LOCK IN SHARE MODE readers share
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2)
con1: BEGIN
con1: SELECT v FROM c WHERE id=1 FOR UPDATE
con2: send UPDATE c SET v=5 WHERE id=1
con2: wait_blocked
con2: reap => 1205
con2: BEGIN
con2: SELECT v FROM c WHERE id=2 LOCK IN SHARE MODE
con1: SELECT v FROM c WHERE id=2 LOCK IN SHARE MODE
con1: send UPDATE c SET v=7 WHERE id=2
con1: wait_blocked
con1: reap => 1205
con2: COMMIT
con1: UPDATE c SET v=8 WHERE id=2
con1: COMMIT

[case conc_repeatable_read_snapshot_vs_update]
rule = innodb.consistent_read
seed = 000
description = b's snapshot (opened by its first SELECT) keeps showing the old value after a commits; b's UPDATE reads the latest committed value
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2)
setup: CREATE TABLE seen (step INT, n INT, total INT) ENGINE=MyISAM
con2: BEGIN
con2: SELECT v FROM c WHERE id=1
con1: UPDATE c SET v=10 WHERE id=1
con1: DELETE FROM c WHERE id=2
con2: SELECT COUNT(*), SUM(v) INTO @n, @s FROM c
con2: INSERT INTO seen VALUES (1, @n, @s)
con2: UPDATE c SET v=v+1 WHERE id=1 => mariadb-11.8:1020
con2: SELECT COUNT(*), SUM(v) INTO @n, @s FROM c
con2: INSERT INTO seen VALUES (2, @n, @s)  => mysql-9.7-gtid-on:1785
con2: COMMIT
con2: SELECT COUNT(*), SUM(v) INTO @n, @s FROM c
con2: INSERT INTO seen VALUES (3, @n, @s)

[case conc_read_committed_sees_commits]
rule = innodb.consistent_read
seed = 000
description = at READ COMMITTED each statement reads the latest commits
formats = ROW MIXED
session.tx_isolation = 'READ-COMMITTED'
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2)
con2: BEGIN
con2: SELECT v FROM c WHERE id=1
con1: UPDATE c SET v=10 WHERE id=1
con2: SELECT v FROM c WHERE id=1
con2: INSERT INTO c SELECT 3, SUM(v) FROM c
con2: COMMIT

[case conc_deadlock_requester_is_victim]
rule = innodb.deadlock
seed = 000
description = a and b lock rows 1 and 2, then each other's: b closes the cycle and, with equal weight, is the victim (1213, its transaction rolled back); a proceeds
session.innodb_lock_wait_timeout = 5
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2)
con1: BEGIN
con1: UPDATE c SET v=10 WHERE id=1
con2: BEGIN
con2: UPDATE c SET v=20 WHERE id=2
con1: send UPDATE c SET v=11 WHERE id=2
con1: wait_blocked
con2: UPDATE c SET v=21 WHERE id=1 => 1213
con1: reap
con2: SELECT @@in_transaction  => mysql-9.7:1193
con2: COMMIT
con1: COMMIT

[case conc_deadlock_lighter_waiter_is_victim]
rule = innodb.deadlock
seed = 000
description = b changed more rows than a: when b closes the cycle, the waiting a is the victim (its UPDATE gets 1213) and b's statement proceeds
session.innodb_lock_wait_timeout = 5
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2),(3,3)
con1: BEGIN
con1: UPDATE c SET v=10 WHERE id=1
con2: BEGIN
con2: UPDATE c SET v=20 WHERE id=2
con2: UPDATE c SET v=30 WHERE id=3
con1: send UPDATE c SET v=11 WHERE id=2
con1: wait_blocked
con2: UPDATE c SET v=21 WHERE id=1
con1: reap => 1213
con1: COMMIT
con2: COMMIT

[case conc_deadlock_victim_with_myisam_writes]
rule = innodb.deadlock_binlog
seed = 000
description = both transactions wrote MyISAM rows before the deadlock; the victim b's transaction is rolled back, its MyISAM row stays and is logged per seed 000
session.innodb_lock_wait_timeout = 5
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE m (a INT) ENGINE=MyISAM
setup: INSERT INTO c VALUES (1,1),(2,2)
con1: BEGIN
con1: UPDATE c SET v=10 WHERE id=1
con1: INSERT INTO m VALUES (1)  => mysql-9.7-gtid-on:1785
con2: BEGIN
con2: UPDATE c SET v=20 WHERE id=2
con2: INSERT INTO m VALUES (2)  => mysql-9.7-gtid-on:1785
con1: send UPDATE c SET v=11 WHERE id=2
con1: wait_blocked
con2: UPDATE c SET v=21 WHERE id=1 => 1213
con1: reap
con2: INSERT INTO m VALUES (3)
con1: COMMIT

[case conc_deadlock_myisam_writer_is_not_victim]
rule = innodb.deadlock_binlog
seed = 000
description = only a wrote a MyISAM row: a closes the cycle but b, which changed no non-transactional table, is the victim
session.innodb_lock_wait_timeout = 5
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE m (a INT) ENGINE=MyISAM
setup: INSERT INTO c VALUES (1,1),(2,2)
con1: BEGIN
con1: UPDATE c SET v=10 WHERE id=1
con2: BEGIN
con2: UPDATE c SET v=20 WHERE id=2
con1: INSERT INTO m VALUES (1)  => mysql-9.7-gtid-on:1785
con2: send UPDATE c SET v=21 WHERE id=1
con2: wait_blocked
con1: UPDATE c SET v=11 WHERE id=2  => mysql-9.7-gtid-on:1213
con2: reap => 1213,mysql-9.7-gtid-on:OK
con1: COMMIT

[case conc_timeout_victim_with_myisam_writes]
rule = innodb.lock_wait_timeout_binlog
seed = 000
description = b wrote a MyISAM row, then its InnoDB UPDATE times out (1205): only the statement is rolled back; b's COMMIT logs the MyISAM row and b's other InnoDB change
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE m (a INT) ENGINE=MyISAM
setup: INSERT INTO c VALUES (1,1),(2,2)
con1: BEGIN
con1: UPDATE c SET v=10 WHERE id=1
con2: BEGIN
con2: INSERT INTO m VALUES (1)
con2: UPDATE c SET v=20 WHERE id=2
con2: send UPDATE c SET v=21 WHERE id=1
con2: wait_blocked
con2: reap => 1205
con2: SELECT @@in_transaction  => mysql-9.7:1193
con2: COMMIT
con1: COMMIT

[case conc_timeout_statement_with_myisam_trigger_rows]
servers = mariadb, mysql-9.7-gtid-off  # an interleaving of lock waits; under GTID_MODE=ON enforce_gtid_consistency refuses the MyISAM write inside the transaction (1785) before it can wait, so the case's wait_blocked does not hold there
rule = innodb.lock_wait_timeout_binlog
seed = 000
description = b's INSERT into MyISAM fires a trigger whose UPDATE of InnoDB row times out after a MyISAM write in the same statement (trigger); the MyISAM part stays and is logged with the error
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE m (a INT) ENGINE=MyISAM
setup: CREATE TRIGGER m_ai AFTER INSERT ON m FOR EACH ROW UPDATE c SET v = v + NEW.a WHERE id = 1
setup: INSERT INTO c VALUES (1,1),(2,2)
con1: BEGIN
con1: UPDATE c SET v=10 WHERE id=1
con2: send INSERT INTO m VALUES (5)
con2: wait_blocked
con2: reap => 1205
con1: COMMIT

[case conc_disconnect_rolls_back_open_transaction]
rule = innodb.disconnect_rollback
seed = 000
description = b disconnects with an open transaction that wrote InnoDB and MyISAM rows: rolled back as a ROLLBACK, a's waiting insert then goes through
session.innodb_lock_wait_timeout = 5
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE m (a INT) ENGINE=MyISAM
con2: BEGIN
con2: INSERT INTO c VALUES (1,1)
con2: INSERT INTO m VALUES (1)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO c VALUES (2,2)

[case conc_seed000_example1_innodb]
rule = WL2687.example1
seed = 000
description = seed 000 example 1 with InnoDB on both sides: con2's DELETE waits for con1's row locks (1205); con1's transaction commits alone
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE innodb_t (a INT) ENGINE=InnoDB
setup: CREATE TABLE innodb2 (a INT) ENGINE=InnoDB
setup: INSERT INTO innodb2 VALUES (1)
con1: BEGIN
con1: INSERT INTO innodb_t VALUES (1)
con1: UPDATE innodb2 SET a = 10
con2: BEGIN
con2: send DELETE FROM innodb2
con2: wait_blocked
con2: reap => 1205
con2: COMMIT
con1: COMMIT

[case conc_seed000_example2_innodb]
rule = WL2687.example2
seed = 000
description = seed 000 example 2 with InnoDB on both sides: con2's autocommit INSERT commits first; con1's UPDATE locks it; con2's UPDATE waits (1205)
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE innodb_t (a INT) ENGINE=InnoDB
setup: CREATE TABLE innodb2 (a INT) ENGINE=InnoDB
con1: BEGIN
con1: INSERT INTO innodb_t VALUES (1)
con2: INSERT INTO innodb2 VALUES (1)
con1: UPDATE innodb2 SET a = a + 10
con2: send UPDATE innodb2 SET a = a * 10
con2: wait_blocked
con2: reap => 1205
con1: COMMIT

[case conc_seed000_example2_innodb_waiter_commits]
rule = WL2687.example2
seed = 000
description = as example 2 with InnoDB, but con1 commits while con2 waits: con2's UPDATE applies to con1's committed value and is logged after it
session.innodb_lock_wait_timeout = 5
setup: CREATE TABLE innodb_t (a INT) ENGINE=InnoDB
setup: CREATE TABLE innodb2 (a INT) ENGINE=InnoDB
con1: BEGIN
con1: INSERT INTO innodb_t VALUES (1)
con2: INSERT INTO innodb2 VALUES (1)
con1: UPDATE innodb2 SET a = a + 10
con2: send UPDATE innodb2 SET a = a * 10
con2: wait_blocked
con1: COMMIT
con2: reap

[case conc_sleep_does_not_block_others]
rule = server.concurrent_sessions
seed = 000
description = a SLEEP in one session does not hold up the other session's statements
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
con1: send SELECT SLEEP(1)
con2: INSERT INTO c VALUES (1,1)
con2: SELECT * FROM c
con1: reap

[case conc_myisam_write_lock_held_through_row_wait]
servers = mariadb, mysql-9.7-gtid-off  # an interleaving of lock waits; under GTID_MODE=ON enforce_gtid_consistency refuses the MyISAM write inside the transaction (1785) before it can wait, so the case's wait_blocked does not hold there
rule = myisam.table_lock
seed = 000
description = b's INSERT into MyISAM m fires a trigger that waits for a's row lock; m stays write-locked meanwhile, so c's UPDATE of m waits too; a commits and both proceed in order
session.innodb_lock_wait_timeout = 5
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE m (a INT) ENGINE=MyISAM
setup: CREATE TRIGGER m_ai AFTER INSERT ON m FOR EACH ROW UPDATE c SET v = v + NEW.a WHERE id = 1
setup: INSERT INTO c VALUES (1,1)
con1: BEGIN
con1: UPDATE c SET v=10 WHERE id=1
con2: send INSERT INTO m VALUES (5)
con2: wait_blocked
con3: send UPDATE m SET a = a * 100
con3: wait_blocked
con1: COMMIT
con2: reap
con3: reap

[case conc_myisam_reader_blocks_writer]
rule = myisam.table_lock
seed = 000
description = a SELECT on MyISAM that sleeps holds its read lock: an UPDATE of the table waits for it, a concurrent INSERT does not
setup: CREATE TABLE m (a INT) ENGINE=MyISAM
setup: INSERT INTO m VALUES (1),(2)
con1: send SELECT a, SLEEP(1) FROM m
con1: wait_blocked
con2: INSERT INTO m VALUES (3)
con2: send UPDATE m SET a = a + 10
con2: wait_blocked
con1: reap
con2: reap

[case conc_myisam_const_table_unlocked_early]
rule = myisam.table_lock
seed = 000
description = a one-row MyISAM table is a const table: the SELECT reads it while optimizing and unlocks it, so an UPDATE does not wait for the SLEEP
setup: CREATE TABLE m (a INT) ENGINE=MyISAM
setup: INSERT INTO m VALUES (1)
con1: send SELECT a, SLEEP(1) FROM m
con1: wait_blocked
con2: UPDATE m SET a = a + 10
con1: reap

[case conc_range_le_locks_next_record]
servers = mariadb  # MariaDB's InnoDB next-key locks the first record past a <= range; MySQL 9.7's stops at the range end (both statements return at once: conc_range_le_mysql)
rule = innodb.next_key_lock
seed = 000
description = DELETE WHERE id <= 2 also next-key locks the first record past the range (4) and the gap before it; 5 is free
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2),(4,4),(6,6)
con1: BEGIN
con1: DELETE FROM c WHERE id <= 2
con2: send UPDATE c SET v=0 WHERE id=4
con2: wait_blocked
con2: reap => 1205
con2: send INSERT INTO c VALUES (3,3)
con2: wait_blocked
con2: reap => 1205
con2: INSERT INTO c VALUES (5,5)
con2: UPDATE c SET v=0 WHERE id=6
con1: COMMIT

[case conc_range_le_mysql]
servers = mysql  # the MySQL side of conc_range_le_locks_next_record
rule = innodb.next_key_lock
seed = 000
description = DELETE WHERE id <= 2 on MySQL 9.7 locks the records of the range and the gaps before them but not the first record past it (4) nor the gap before 4: another session's UPDATE of 4 and INSERT of 3 do not wait; the deleted rows are still locked
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2),(4,4),(6,6)
con1: BEGIN
con1: DELETE FROM c WHERE id <= 2
con2: UPDATE c SET v=0 WHERE id=4
con2: INSERT INTO c VALUES (3,3)
con2: send UPDATE c SET v=0 WHERE id=2
con2: wait_blocked
con2: reap => 1205
con2: INSERT INTO c VALUES (5,5)
con2: UPDATE c SET v=0 WHERE id=6
con1: COMMIT

[case conc_full_scan_waits_on_locked_row_it_does_not_change]
rule = innodb.record_lock
seed = 000
description = at REPEATABLE READ an UPDATE without a usable index locks every row it reads: it waits for a row another transaction locked even though it does not match
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2),(4,4)
con1: BEGIN
con1: UPDATE c SET v=20 WHERE id=2
con2: send UPDATE c SET v=9 WHERE v=4
con2: wait_blocked
con2: reap => 1205
con1: COMMIT

[case conc_read_committed_delete_waits_on_locked_row]
rule = innodb.record_lock
seed = 000
description = at READ COMMITTED an UPDATE skips a locked row that does not match (semi-consistent read) but a DELETE waits for it
formats = ROW MIXED
session.innodb_lock_wait_timeout = 1
session.tx_isolation = 'READ-COMMITTED'
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2),(4,4)
con1: BEGIN
con1: UPDATE c SET v=20 WHERE id=2
con2: UPDATE c SET v=9 WHERE v=4 => mariadb-11.8:1205
con2: send DELETE FROM c WHERE v=1
con2: wait_blocked
con2: reap => 1205
con1: COMMIT

[case conc_serializable_select_locks]
rule = innodb.locking_read
seed = 000
description = at SERIALIZABLE a plain SELECT inside a transaction is LOCK IN SHARE MODE: it waits for a's uncommitted change
session.innodb_lock_wait_timeout = 1
con2.tx_isolation = 'SERIALIZABLE'
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2)
con1: BEGIN
con1: UPDATE c SET v=10 WHERE id=1
con2: BEGIN
con2: send SELECT v FROM c WHERE id=1
con2: wait_blocked
con2: reap => 1205
con2: SELECT v FROM c WHERE id=2
con2: COMMIT
con1: COMMIT

[case conc_for_update_missing_key_locks_gap]
rule = innodb.next_key_lock
seed = 000
description = SELECT ... FOR UPDATE of a missing key locks its gap: b's INSERT of that key waits, 1205
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(5,5)
con1: BEGIN
con1: SELECT * FROM c WHERE id=3 FOR UPDATE
con2: send INSERT INTO c VALUES (3,3)
con2: wait_blocked
con2: reap => 1205
con2: INSERT INTO c VALUES (6,6)
con1: COMMIT

[case conc_secondary_unique_duplicate_waits]
rule = innodb.duplicate_check_waits
seed = 000
description = a's uncommitted row holds unique value 5; b's INSERT of another row with u=5 waits for it, 1205; after a rolls back it succeeds
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, u INT, UNIQUE KEY uk (u)) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1)
con1: BEGIN
con1: INSERT INTO c VALUES (2,5)
con2: send INSERT INTO c VALUES (3,5)
con2: wait_blocked
con2: reap => 1205
con1: ROLLBACK
con2: INSERT INTO c VALUES (3,5)

[case conc_share_lock_upgrade_deadlock]
rule = innodb.deadlock
seed = 000
description = both read row 1 LOCK IN SHARE MODE, then both UPDATE it: a waits for b's S lock, b's X request queues behind a's: deadlock, b (the requester) is the victim
session.innodb_lock_wait_timeout = 5
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1)
con1: BEGIN
con1: SELECT v FROM c WHERE id=1 LOCK IN SHARE MODE
con2: BEGIN
con2: SELECT v FROM c WHERE id=1 LOCK IN SHARE MODE
con1: send UPDATE c SET v=10 WHERE id=1
con1: wait_blocked
con2: UPDATE c SET v=20 WHERE id=1 => 1213
con1: reap
con1: COMMIT

[case conc_locking_reads_report_lock_errors]
rule = innodb.locking_read
seed = 000
description = lock wait timeouts of locking reads by access path: a unique lookup, a range, a full scan, INSERT ... SELECT (SHOW WARNINGS lists the error once or twice)
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,0),(2,0),(3,0)
con1: BEGIN
con1: UPDATE c SET v=1 WHERE id=2
con2: SELECT * FROM c WHERE id < 3 FOR UPDATE => 1205
con2: SELECT * FROM c WHERE id = 2 FOR UPDATE => 1205
con2: SELECT * FROM c FOR UPDATE => 1205
con2: SELECT COUNT(*) FROM c WHERE id BETWEEN 2 AND 3 LOCK IN SHARE MODE => 1205
con2: INSERT INTO c SELECT id+10, v FROM c WHERE id = 2 => 1205
con2: INSERT INTO c SELECT id+10, v FROM c => 1205
con2: UPDATE c SET v=5 WHERE id < 3 => 1205
con2: DELETE FROM c WHERE id > 1 => 1205
con2: SELECT * FROM c WHERE id = 1 FOR UPDATE
con1: COMMIT

[case conc_consistent_snapshot_opens_view_at_start]
rule = innodb.consistent_read
seed = 000
description = START TRANSACTION WITH CONSISTENT SNAPSHOT opens b's read view at once: a's later commit stays invisible; a plain BEGIN opens it at the first read
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1)
setup: CREATE TABLE seen (who VARCHAR(10), v INT) ENGINE=MyISAM
con2: START TRANSACTION WITH CONSISTENT SNAPSHOT
con3: BEGIN
con1: UPDATE c SET v=10 WHERE id=1
con2: SELECT v INTO @v FROM c
con2: INSERT INTO seen VALUES ('snapshot', @v)
con3: SELECT v INTO @v FROM c
con3: INSERT INTO seen VALUES ('begin', @v)
con2: COMMIT
con3: COMMIT

[case conc_variable_keys_are_unique_lookups]
servers = mariadb, mysql-9.7-gtid-off  # an interleaving of lock waits; under GTID_MODE=ON enforce_gtid_consistency refuses the MyISAM write inside the transaction (1785) before it can wait, so the case's wait_blocked does not hold there
rule = innodb.record_lock
seed = 000
description = WHERE id = @k and a trigger's WHERE id = NEW.a are unique lookups: they lock one row, so b's change of another row does not wait
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE m (a INT) ENGINE=MyISAM
setup: CREATE TRIGGER m_ai AFTER INSERT ON m FOR EACH ROW UPDATE c SET v = v + 100 WHERE id = NEW.a
setup: INSERT INTO c VALUES (1,1),(2,2),(3,3),(4,4)
con1: BEGIN
con1: SET @k = 1
con1: UPDATE c SET v = 10 WHERE id = @k
con1: INSERT INTO m VALUES (3)
con2: UPDATE c SET v = 20 WHERE id = 2
con2: DELETE FROM c WHERE id = 4
con2: send UPDATE c SET v = 30 WHERE id = 3
con2: wait_blocked
con2: reap => 1205
con1: COMMIT

[case conc_in_list_locks_listed_keys]
rule = innodb.record_lock
seed = 000
description = UPDATE ... WHERE id IN (1,3) locks rows 1 and 3 only: b changes row 2 freely, waits for row 3 (1205)
session.innodb_lock_wait_timeout = 1
setup: CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: INSERT INTO c VALUES (1,1),(2,2),(3,3),(4,4)
con1: BEGIN
con1: UPDATE c SET v = v + 10 WHERE id IN (1, 3)
con2: UPDATE c SET v = 20 WHERE id = 2
con2: send DELETE FROM c WHERE id = 3
con2: wait_blocked
con2: reap => 1205
con2: SELECT v FROM c WHERE id IN (3, 4) FOR UPDATE => 1205
con1: COMMIT
