"""User-level locks and the info functions (workloads/session_surface.wl compares the
same statements with MariaDB 10.11 in every format)."""

from __future__ import annotations

from harness.sql.server import UserLocks
from tests.model.conftest import Bed, bed, latin1_bed  # noqa: F401  (the in-process server fixtures)


def test_user_locks_count_per_get_and_release_all_returns_the_total() -> None:
    locks = UserLocks()
    assert [locks.acquire("a", 1), locks.acquire("a", 1), locks.acquire("b", 1)] == [1, 1, 1]
    assert locks.acquire("a", 2) == 0
    assert locks.release("a", 2) == 0
    assert locks.release("zz", 2) is None
    assert locks.release("a", 1) == 1
    assert locks.owner("a") == 1
    assert locks.release_all(1) == 2
    assert locks.owner("a") is None and locks.acquire("a", 2) == 1


def test_locks_go_with_their_session(bed: Bed) -> None:
    s1, s2 = bed.session("ROW"), bed.session("ROW")
    assert s1.execute("SELECT GET_LOCK('x', 0)").rows == [[1]]
    assert s2.execute("SELECT GET_LOCK('x', 0), IS_FREE_LOCK('x')").rows == [[0, 0]]
    s1.disconnect()
    assert s2.execute("SELECT GET_LOCK('x', 0)").rows == [[1]]


def test_found_rows(bed: Bed) -> None:
    s = bed.session("ROW")
    s.execute("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB")
    s.execute("INSERT INTO t VALUES (1),(2),(3),(4)")
    s.execute("SELECT SQL_CALC_FOUND_ROWS a FROM t LIMIT 1")
    assert s.execute("SELECT FOUND_ROWS()").rows == [[4]]
    s.execute("SELECT a FROM t WHERE a > 1 UNION ALL SELECT a FROM t LIMIT 2")
    assert s.execute("SELECT FOUND_ROWS()").rows == [[2]]
    s.execute("SELECT a FROM t LIMIT 3")
    s.execute("CREATE TABLE u (a INT) ENGINE=InnoDB")
    s.execute("INSERT INTO u SELECT a FROM t")
    assert s.execute("SELECT FOUND_ROWS()").rows == [[0]]


def test_set_timestamp_is_the_statements_time_and_its_events(bed: Bed) -> None:
    """SET TIMESTAMP (mariadb-binlog writes one before each Query; MTR tests use it to
    place events for --stop-datetime): NOW(), @@timestamp and the events' header
    timestamps follow it until it is set back to 0."""
    from harness.binlog.reader import read_binlog_file
    s = bed.session("STATEMENT")
    s.execute("SET TIMESTAMP = 1733048430.123456")
    assert [str(v) for v in s.execute("SELECT @@timestamp, NOW()").rows[0]] == \
        ["1733048430.123456", "2024-12-01 10:20:30"]
    s.execute("CREATE TABLE t (a INT)")
    s.execute("SET TIMESTAMP = 0")
    s.execute("INSERT INTO t VALUES (1)")
    st = bed.state.binlog
    stamps = [ev.header.timestamp for f in st.files for ev in read_binlog_file(st.dir / f)[3:]]
    assert stamps[:2] == [1733048430, 1733048430]  # Gtid + CREATE
    assert all(x > 1733048430 for x in stamps[2:])
    now = s.execute("SELECT @@timestamp").rows[0][0]
    assert isinstance(now, float) and now > 1733048430


def test_rotation_and_reset_write_their_header_events_at_the_statements_time(bed: Bed) -> None:
    """FLUSH BINARY LOGS' Rotate and the new file's Format_description / Gtid_list /
    Binlog_checkpoint, and RESET MASTER's new first file, carry the statement's time (probed:
    under SET TIMESTAMP they have its value; mariadb-binlog --stop-datetime stops at them)."""
    from harness.binlog.reader import read_binlog_file
    s = bed.session("STATEMENT")
    s.execute("SET TIMESTAMP = 1733048430")
    s.execute("RESET MASTER")
    s.execute("FLUSH BINARY LOGS")
    st = bed.state.binlog
    stamps = [ev.header.timestamp for f in st.files for ev in read_binlog_file(st.dir / f)]
    assert len(stamps) >= 7 and set(stamps) == {1733048430}


def test_load_file_reads_a_world_readable_server_file(bed: Bed, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """LOAD_FILE (MTR's assert_grep.inc reads its outcome with it): the bytes of a file all
    may read, NULL for a missing or private one; unsafe for statement logging (1592)."""
    import os
    f = tmp_path / "x.txt"
    f.write_bytes(b"hello\nworld")
    os.chmod(f, 0o644)
    private = tmp_path / "p.txt"
    private.write_bytes(b"secret")
    os.chmod(private, 0o600)
    s = bed.session("STATEMENT")
    assert s.execute(f"SELECT LOAD_FILE('{f}'), LOAD_FILE('{tmp_path}/none'), LOAD_FILE('{private}'), "
                     "LOAD_FILE(NULL)").rows == [[b"hello\nworld", None, None, None]]
    s.execute("CREATE TABLE t (a BLOB)")
    s.execute(f"INSERT INTO t VALUES (LOAD_FILE('{f}'))")
    assert [n.code for n in s.notes] == [1592]


def test_insert_delayed_under_a_statement_global_format_is_a_plain_insert(bed: Bed) -> None:
    """upgrade_lock_type(): a STATEMENT global binlog_format makes INSERT DELAYED a plain
    INSERT, logged without its DELAYED keyword; otherwise the delayed thread logs rows."""
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE t1 (a INT NOT NULL AUTO_INCREMENT PRIMARY KEY) ENGINE=MyISAM")
    s.execute("SET GLOBAL binlog_format = STATEMENT")
    s.execute("INSERT /* x */ DELAYED INTO t1 VALUES (1)")
    s.execute("SET GLOBAL binlog_format = MIXED")
    s.execute("INSERT DELAYED INTO t1 VALUES (2)")
    events = [info for typ, info in bed.events() if typ in ("Query", "Table_map", "Annotate_rows")]
    assert "use `test`; INSERT /* x */  INTO t1 VALUES (1)" in events
    assert not any(info.startswith("INSERT DELAYED") for info in events)  # the delayed thread annotates nothing
    assert any(info.startswith("table_id") for info in events)


def test_the_delayed_insert_thread_logs_with_the_servers_character_sets(latin1_bed: Bed) -> None:
    """The delayed-insert thread's THD starts from the globals: its COMMIT carries the
    server's Q_CHARSET, not the client's (observed on a latin1 server: 8,8,8)."""
    from harness.binlog.query import QueryEvent

    s = latin1_bed.session()
    s.execute("SET NAMES utf8mb4")
    s.execute("CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM")
    s.execute("INSERT DELAYED INTO n VALUES (1)")
    s.execute("INSERT INTO n VALUES (2)")
    commits = [ev.status(4) for ev in latin1_bed.binlog_events() if isinstance(ev, QueryEvent) and ev.query == "COMMIT"]
    assert commits == [(8, 8, 8), (45, 45, 8)]  # the delayed row's group, then the session's own
