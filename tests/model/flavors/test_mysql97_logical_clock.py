"""MySQL 9.7's logical clock and GTID framing (docs/RULES-mysql-9.7.md, "Logical clock"):
the commit parent a transaction stores, when writesets lower it, the GTID event's
may_have_sbr flag, and rotation at @@max_binlog_size. The vectors are 9.7.4's bytes
(corpus runs against the real server, /work/r11/off0)."""

from __future__ import annotations

from harness.binlog.control import RotateEvent
from harness.binlog.mysql_gtid import MysqlGtidEvent
from harness.sql.thd import Thd
from tests.model.flavors._probe import Bed


def _clock(bed: Bed) -> list[tuple[int, int]]:
    return [(e.event.last_committed, e.event.sequence_number) for e in bed.entries()
            if isinstance(e.event, MysqlGtidEvent)]


def test_the_commit_parent_is_stored_at_the_last_two_phase_statement(tmp_path):
    # binlog_prepare (all=false) stores max_committed at each statement's prepare; COMMIT
    # does not renew it. 9.7.4 [bytes] conc_in_list_locks_listed_keys STATEMENT: con1's
    # `BEGIN; UPDATE c`, con2's autocommit UPDATE `3/4`, con1's COMMIT `3/5`.
    bed, con1, con2 = _two_sessions(tmp_path, "STATEMENT")
    con1.execute("CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB")
    con1.execute("INSERT INTO c VALUES (1,1),(2,2),(3,3),(4,4)")
    con1.execute("BEGIN")
    con1.execute("UPDATE c SET v = v + 10 WHERE id IN (1, 3)")
    con2.execute("UPDATE c SET v = 20 WHERE id = 2")
    con1.execute("COMMIT")
    assert _clock(bed)[-3:] == [(2, 3), (3, 4), (3, 5)]


def test_rows_groups_of_a_mixed_session_use_commit_order(tmp_path):
    # Writesets only for a ROW session. 9.7.4 [bytes] fidseed_unsafe_functions_on_myisam
    # MIXED: UUID() / USER() rows into a MyISAM table, `4/5` then `5/6`; in ROW the same
    # groups depend on the DDL before them only.
    got = {}
    for fmt in ("MIXED", "ROW"):
        bed = Bed(tmp_path / fmt, "mysql-9.7")
        t = bed.thd
        t.execute(f"SET binlog_format = {fmt}")
        t.execute("CREATE TABLE n (a INT PRIMARY KEY AUTO_INCREMENT, b VARCHAR(80)) ENGINE=MyISAM")
        t.execute("INSERT INTO n (b) VALUES (LENGTH(UUID()))")
        t.execute("INSERT INTO n (b) VALUES (USER() IS NOT NULL)")
        got[fmt] = _clock(bed)[-2:]
    assert got["MIXED"] == [(2, 3), (3, 4)]
    assert got["ROW"] == [(2, 3), (2, 4)]


def test_a_group_without_row_events_may_have_statements(tmp_path):
    # binlog_cache_data::may_have_sbr_stmts: with_sbr || !with_rbr. 9.7.4 [bytes]
    # xa_failed_statements ROW: the XA PREPARE group (rows) 0, the lone XA COMMIT 1.
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("SET binlog_format = ROW")
    t.execute("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB")
    for sql in ("XA START 'h'", "INSERT INTO t VALUES (1)", "XA END 'h'", "XA PREPARE 'h'", "XA COMMIT 'h'"):
        t.execute(sql)
    flags = [e.event.gtid_flags for e in bed.entries() if isinstance(e.event, MysqlGtidEvent)]
    assert flags[-2:] == [0, 1]


def test_a_file_past_max_binlog_size_is_rotated_after_the_group(tmp_path):
    # MYSQL_BIN_LOG::ordered_commit rotates once the file reached max_size. 9.7.4 [bytes]
    # seed004_event_sizes: at 4096 the first file ends with a Rotate after the group that
    # crossed it, the next groups go to binlog.000002.
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("CREATE TABLE t (a INT PRIMARY KEY AUTO_INCREMENT, b VARCHAR(200)) ENGINE=InnoDB")
    t.execute("SET GLOBAL max_binlog_size = 4096")
    for i in range(20):
        t.execute(f"INSERT INTO t SET b = REPEAT('v', {10 * i})")
    assert len(bed.state.binlog.files) == 2
    from harness.binlog.reader import BinlogReader
    first = list(BinlogReader(bed.state.binlog.dir / bed.state.binlog.files[0]).entries())
    assert isinstance(first[-1].event, RotateEvent)
    last_group = [e.pos for e in first if isinstance(e.event, MysqlGtidEvent)][-1]
    assert last_group < 4096 <= first[-1].pos


def test_after_a_rotation_the_writeset_history_starts_at_one(tmp_path):
    # Transaction_dependency_tracker::rotate: m_writeset.rotate(1). 9.7.4 [bytes]
    # seed004_event_sizes ROW, binlog.000002: `0/1`, then `1/2`, `1/3` for new keys.
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("SET binlog_format = ROW")
    t.execute("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB")
    t.execute("FLUSH BINARY LOGS")
    for i in range(3):
        t.execute(f"INSERT INTO t VALUES ({i})")
    assert _clock(bed)[-3:] == [(0, 1), (1, 2), (1, 3)]


def test_the_group_of_a_transaction_that_also_changed_myisam_adds_its_keys_to_the_history(tmp_path):
    # The transactional group goes through get_dependency like any other: its keys (the
    # MyISAM ones of the statement cache's group too) enter the history. 9.7.4 [bytes]
    # s002_multi_table ROW: `UPDATE t, n ...` -> n's group `5/6`, t's group `6/7`; then
    # `DELETE t FROM t, n ...` depends on t's group: `7/8`.
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("SET binlog_format = ROW")
    t.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
    t.execute("CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM")
    t.execute("INSERT INTO t VALUES (1,1),(2,2)")
    t.execute("INSERT INTO n VALUES (1,10),(2,20)")
    t.execute("UPDATE t, n SET t.b = n.b, n.b = t.a WHERE t.a = n.a")
    t.execute("DELETE t FROM t, n WHERE t.a = n.a AND n.b = 1")
    assert _clock(bed)[-5:] == [(3, 4), (3, 5), (5, 6), (6, 7), (7, 8)]


def _two_sessions(tmp_path, fmt: str) -> tuple[Bed, Thd, Thd]:
    bed = Bed(tmp_path, "mysql-9.7")
    con2 = Thd(bed.state, 8, db="test")
    bed.state.sessions[8] = con2
    for t in (bed.thd, con2):
        t.execute(f"SET binlog_format = {fmt}")
    return bed, bed.thd, con2


def test_a_rolled_back_group_depends_on_the_last_commit(tmp_path):
    # MYSQL_BIN_LOG::rollback stores max_committed when it logs the cache. 9.7.4 [bytes]
    # conc_disconnect_rolls_back_open_transaction STATEMENT: con2 `BEGIN; INSERT INTO c;
    # INSERT INTO m`, con1's INSERT `3/4`, con2's ROLLBACK group `4/5`.
    bed, con1, con2 = _two_sessions(tmp_path, "STATEMENT")
    con1.execute("CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB")
    con1.execute("CREATE TABLE m (a INT) ENGINE=MyISAM")
    con2.execute("BEGIN")
    con2.execute("INSERT INTO c VALUES (1,1)")
    con2.execute("INSERT INTO m VALUES (1)")
    con1.execute("INSERT INTO c VALUES (2,2)")
    con2.execute("ROLLBACK")
    assert _clock(bed)[-2:] == [(3, 4), (4, 5)]


def test_missing_keys_stay_set_for_the_rest_of_the_transaction(tmp_path):
    # has_missing_keys of the transaction's write set outlives its MyISAM group. 9.7.4
    # [bytes] conc_timeout_victim_with_myisam_writes ROW: `BEGIN; INSERT INTO m` (no key)
    # `4/5`, `UPDATE c ... id=2` prepared at 5, COMMIT `5/6` (its writeset alone: 4).
    bed, con1, con2 = _two_sessions(tmp_path, "ROW")
    con1.execute("CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB")
    con1.execute("CREATE TABLE m (a INT) ENGINE=MyISAM")
    con1.execute("INSERT INTO c VALUES (1,1),(2,2)")
    con2.execute("BEGIN")
    con2.execute("INSERT INTO m VALUES (1)")
    con2.execute("UPDATE c SET v=20 WHERE id=2")
    con2.execute("COMMIT")
    assert _clock(bed)[-2:] == [(4, 5), (5, 6)]


def test_a_rolled_back_transaction_forgets_its_commit_parent(tmp_path):
    # Transaction_ctx::cleanup at the transaction's end: the parent con1's INSERT stored at
    # its prepare (2) is gone once the transaction rolls back unlogged, so con1's next group
    # takes the last commit's. 9.7.4 observed (GTID_MODE=ON,
    # fid_disconnect_temp_drop_and_rollback S): the disconnect's DROP TEMPORARY `5/6`, not 4.
    bed, con1, con2 = _two_sessions(tmp_path, "STATEMENT")
    con1.execute("CREATE TABLE t (id INT PRIMARY KEY) ENGINE=InnoDB")
    con1.execute("BEGIN")
    con1.execute("INSERT INTO t VALUES (1)")
    con2.execute("INSERT INTO t VALUES (2)")
    con1.execute("ROLLBACK")
    con1.execute("CREATE TABLE u (id INT) ENGINE=InnoDB")
    assert _clock(bed)[-2:] == [(2, 3), (3, 4)]


def test_what_a_create_select_commits_has_no_writeset(tmp_path):
    # 9.7.4 probed (ROW; s002_create_select, seed004_create_select_nontransactional): the
    # transaction CREATE TABLE ... SELECT commits implicitly takes its commit-order parent, and so
    # does the group after the CTAS's keyless MyISAM rows group (a new history); a plain CREATE
    # TABLE's implicit commit keeps the writeset parent
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    for sql in ("SET binlog_format = ROW", "CREATE TABLE u (a INT PRIMARY KEY) ENGINE=InnoDB",
                "CREATE TABLE m (a INT PRIMARY KEY) ENGINE=MyISAM", "INSERT INTO m VALUES (1)",
                "INSERT INTO u VALUES (1)", "INSERT INTO u VALUES (2)",
                "BEGIN", "INSERT INTO u VALUES (3)", "CREATE TABLE z (a INT)",   # z's DDL at 7
                "INSERT INTO u VALUES (4)", "INSERT INTO u VALUES (5)",
                "BEGIN", "INSERT INTO u VALUES (6)", "CREATE TABLE z3 ENGINE=MyISAM SELECT * FROM m",
                "INSERT INTO u VALUES (7)"):
        t.execute(sql)
    clock = _clock(bed)  # (the Bed's CREATE DATABASE is group 1)
    assert clock[6] == (3, 7)  # INSERT 3, committed by CREATE TABLE z: the writeset parent
    assert clock[10:] == [
        (10, 11),  # INSERT 6, committed by the CTAS: commit order
        (11, 12), (12, 13),  # z3's CREATE, its keyless rows group
        (13, 14)]  # INSERT 7 after the dropped writeset: a new history


def test_rollback_to_a_savepoint_takes_its_keys_out_of_the_writeset(tmp_path):
    # mix_savepoint_before_binlog_joined (9.7.4 observed, ROW): the MyISAM row nt_1 (9) went out
    # as a group of its own after SAVEPOINT s; ROLLBACK TO s removes its key, so the InnoDB group
    # does not depend on that group
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    for sql in ("SET binlog_format = ROW", "CREATE TABLE tt_1 (a INT PRIMARY KEY) ENGINE=InnoDB",
                "CREATE TABLE nt_1 (a INT PRIMARY KEY) ENGINE=MyISAM", "BEGIN", "SAVEPOINT s",
                "INSERT INTO nt_1 VALUES (9)", "INSERT INTO tt_1 VALUES (9)", "ROLLBACK TO s",
                "INSERT INTO tt_1 VALUES (10)", "COMMIT"):
        t.execute(sql)
    assert _clock(bed)[-2:] == [(3, 4), (3, 5)]


def test_a_map_only_group_takes_the_transactions_writeset(tmp_path):
    # 9.7.4 [bytes] ddl_lock_tables ROW: under LOCK TABLES t WRITE, n WRITE, t2 WRITE an
    # autocommit INSERT INTO t maps every WRITE-locked table; the statement cache's group
    # `BEGIN, Table_map n, COMMIT` carries the transaction's keys (t's new row), depends on
    # nothing in the history (4/10, the history starting at the last DDL) and keeps the
    # history; the InnoDB group with the same key depends on it (10/11), and the next
    # statement's map-only group again on the history's start (4/12, then 12/13). (A group
    # the writeset could not describe would restart the history: 9/10, 11/12.)
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("SET binlog_format = ROW")
    t.execute("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB")
    t.execute("CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM")
    ddl = _clock(bed)[-1][1]
    t.execute("LOCK TABLES t WRITE, n WRITE")
    t.execute("INSERT INTO t VALUES (8)")
    t.execute("INSERT INTO t VALUES (9)")
    t.execute("UNLOCK TABLES")
    assert _clock(bed)[-4:] == [(ddl, ddl + 1), (ddl + 1, ddl + 2), (ddl, ddl + 3), (ddl + 3, ddl + 4)]
