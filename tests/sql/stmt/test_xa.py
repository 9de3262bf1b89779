"""User XA through the three layers and the XID state machine (harness/sql/stmt/xa.py).

Expectations are what MariaDB 10.11.19 wrote / answered for the same statements
(workloads/xa.wl runs them against the real server too).
"""

from __future__ import annotations

import pytest

from harness.binlog.gtid import GtidEvent
from harness.binlog.reader import read_binlog_file
from harness.sql.sql_errors import ServerError
from tests.model.conftest import bed, tn_bed  # noqa: F401  (the in-process server fixtures)


def _xa_events(bed) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [(t, i.split("; ", 1)[-1]) for t, i in bed.events()]


def _gtids(bed) -> list[GtidEvent]:  # type: ignore[no-untyped-def]
    f = bed.state.binlog.files[-1]
    return [e for e in read_binlog_file(bed.state.binlog.dir / f) if isinstance(e, GtidEvent)]


def _code(s, q: str) -> int:  # type: ignore[no-untyped-def]
    with pytest.raises(ServerError) as ei:
        s.execute(q)
    return ei.value.code


def test_prepare_then_commit_is_two_groups(tn_bed) -> None:  # type: ignore[no-untyped-def]
    s = tn_bed.session("STATEMENT")
    for q in ["XA START 'x1'", "INSERT INTO t VALUES (5,5)", "XA END 'x1'", "XA PREPARE 'x1'", "XA COMMIT 'x1'"]:
        s.execute(q)
    assert _xa_events(tn_bed) == [
        ("Gtid", "XA START X'7831',X'',1 GTID 0-1-1"), ("Query", "INSERT INTO t VALUES (5,5)"),
        ("Query", "XA END X'7831',X'',1"), ("XA_prepare", "XA PREPARE X'7831',X'',1"),
        ("Gtid", "GTID 0-1-2"), ("Query", "XA COMMIT X'7831',X'',1")]
    g = _gtids(tn_bed)
    assert [(e.flags2, e.extra_engines) for e in g] == [(0x4C, 255), (0x8D, None)]
    assert s.xid_state is None and not tn_bed.state.xid_cache


def test_rollback_of_prepared_branch_undoes_rows(tn_bed) -> None:  # type: ignore[no-untyped-def]
    s = tn_bed.session("ROW")
    for q in ["XA START 'r', 'b', 3", "INSERT INTO t VALUES (6,6)", "XA END 'r','b',3", "XA PREPARE 'r','b',3",
              "XA ROLLBACK 'r','b',3"]:
        s.execute(q)
    assert _xa_events(tn_bed)[-1] == ("Query", "XA ROLLBACK X'72',X'62',3")
    assert s.execute("SELECT COUNT(*) FROM t WHERE a = 6").rows == [[0]]


def test_nontrans_only_branch_logs_empty_prepare_and_ro_1pc_commit(tn_bed) -> None:  # type: ignore[no-untyped-def]
    s = tn_bed.session("ROW")
    for q in ["XA START 'n'", "INSERT INTO n VALUES (7,7)", "XA END 'n'", "XA PREPARE 'n'", "XA COMMIT 'n'"]:
        s.execute(q)
    types = [t for t, _ in _xa_events(tn_bed)]
    assert types == ["Gtid", "Annotate_rows", "Table_map", "Write_rows_v1", "Query",
                     "Gtid", "Query", "XA_prepare", "Gtid", "Query"]
    assert [(e.flags2, e.extra_engines) for e in _gtids(tn_bed)] == [(0x08, None), (0x48, 255), (0x89, 255)]


def test_read_only_and_failed_branches_log_nothing(tn_bed) -> None:  # type: ignore[no-untyped-def]
    s = tn_bed.session("STATEMENT")
    for q in ["XA START 'ro'", "SELECT * FROM t", "XA END 'ro'", "XA PREPARE 'ro'", "XA COMMIT 'ro'"]:
        s.execute(q)
    s.execute("XA START 'f'")
    assert _code(s, "INSERT INTO t VALUES (1,1)") == 1062
    for q in ["XA END 'f'", "XA PREPARE 'f'", "XA ROLLBACK 'f'"]:
        s.execute(q)
    assert tn_bed.events() == []


def test_one_phase_is_an_ordinary_commit(tn_bed) -> None:  # type: ignore[no-untyped-def]
    s = tn_bed.session("STATEMENT")
    for q in ["XA START 'o'", "INSERT INTO t VALUES (8,8)", "XA END 'o'", "XA COMMIT 'o' ONE PHASE"]:
        s.execute(q)
    assert tn_bed.shape() == ["G", "Q:INSERT INTO t VALUES (8,8)", "Xid"]


def test_unprepared_rollback_keeps_trx_cache_when_nontrans_changed(tn_bed) -> None:  # type: ignore[no-untyped-def]
    s = tn_bed.session("ROW")
    for q in ["XA START 'c'", "INSERT INTO t VALUES (9,9)", "INSERT INTO n VALUES (9,9)", "XA END 'c'",
              "XA ROLLBACK 'c'"]:
        s.execute(q)
    assert tn_bed.shape() == ["G", "A", "TM(n)", "W*", "COMMIT", "G", "A", "TM(t)", "W*", "ROLLBACK"]
    assert [n.code for n in s.notes] == [1196]


def test_state_errors(tn_bed) -> None:  # type: ignore[no-untyped-def]
    s, other = tn_bed.session(), tn_bed.session()
    assert _code(s, "XA END 'a'") == 1399
    assert _code(s, "XA COMMIT 'a'") == 1397
    assert _code(s, "XA START ''") == 1398
    s.execute("XA START 'a'")
    assert _code(s, "BEGIN") == 1399
    assert _code(s, "XA PREPARE 'a'") == 1399
    assert _code(s, "XA END 'zz'") == 1397
    assert _code(other, "XA START 'a'") == 1440
    assert _code(s, "CREATE TABLE x (a INT)") == 1399
    assert [n.code for n in s.notes] == [1399, 1399]  # raised twice, as the server does
    s.execute("XA END 'a'")
    assert _code(s, "INSERT INTO t VALUES (2,2)") == 1399
    assert "IDLE state" in s.notes[-1].message
    s.execute("XA PREPARE 'a'")
    assert _code(s, "XA COMMIT 'a' ONE PHASE") == 1398
    assert _code(s, "XA COMMIT 'b'") == 1400
    assert _code(other, "XA COMMIT 'a'") == 1397
    assert s.execute("XA RECOVER").rows == [[1, 1, 0, b"a"]]
    s.execute("XA COMMIT 'a'")


def test_disconnect_keeps_prepared_branch_for_recover(tn_bed) -> None:  # type: ignore[no-untyped-def]
    s, other = tn_bed.session(), tn_bed.session()
    for q in ["XA START 'd'", "INSERT INTO t VALUES (3,3)", "XA END 'd'", "XA PREPARE 'd'"]:
        s.execute(q)
    s.disconnect()
    assert other.execute("XA RECOVER FORMAT='SQL'").rows == [[1, 1, 0, b"'d'"]]
    assert _code(other, "XA COMMIT 'd'") == 1235


def test_sql_xid_format() -> None:
    from harness.binlog.gtid import XaXid
    from harness.sql.stmt.xa import sql_xid
    assert sql_xid(XaXid(5, b"r2", b"q")) == "'r2','q',5"
    assert sql_xid(XaXid(1, b"\x00\xff", b"b")) == "X'00ff',X'62'"
    assert sql_xid(XaXid(1, b"ro", b"")) == "'ro'"


def _mysql_sessions(tmp_path):  # type: ignore[no-untyped-def]
    """Three sessions on a mysql-9.7 server (GTID_MODE=OFF) in database test."""
    from harness.profile import get_profile
    from harness.sql.thd import Thd
    from tests.model.flavors._probe import Bed as FlavorBed
    b = FlavorBed(tmp_path, "mysql-9.7", profile=get_profile("mysql-9.7-gtid-off"))
    out = []
    for n in (8, 9, 10):
        b.state.sessions[n] = Thd(b.state, n, db="test")
        out.append(b.state.sessions[n])
    return out


def test_detached_branch_stays_uncommitted_until_rolled_back(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """MySQL's prepared branch leaves its session (xa_detach_on_prepare), but InnoDB keeps it
    a prepared transaction: a read view open meanwhile never sees its rows, and once another
    session's XA ROLLBACK undoes them no later read does either."""
    s, snap, other = _mysql_sessions(tmp_path)
    s.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
    s.execute("INSERT INTO t VALUES (100, 0)")
    snap.execute("START TRANSACTION WITH CONSISTENT SNAPSHOT")  # a read view open throughout
    for q in ["XA START 'x2', 'bq', 7", "INSERT INTO t VALUES (2, 1)", "UPDATE t SET b = 5 WHERE a = 100",
              "XA END 'x2', 'bq', 7", "XA PREPARE 'x2', 'bq', 7"]:
        s.execute(q)
    assert other.execute("SELECT * FROM t").rows == [[100, 0]]  # prepared, not committed
    other.execute("XA ROLLBACK 'x2', 'bq', 7")
    assert other.execute("SELECT * FROM t").rows == [[100, 0]]
    assert s.execute("SELECT * FROM t").rows == [[100, 0]]
    assert snap.execute("SELECT * FROM t").rows == [[100, 0]]
    snap.execute("COMMIT")


def test_detached_branch_committed_from_another_session_is_seen(tmp_path) -> None:  # type: ignore[no-untyped-def]
    s, snap, other = _mysql_sessions(tmp_path)
    s.execute("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB")
    snap.execute("START TRANSACTION WITH CONSISTENT SNAPSHOT")
    for q in ["XA START 'c'", "INSERT INTO t VALUES (1)", "XA END 'c'", "XA PREPARE 'c'"]:
        s.execute(q)
    other.execute("XA COMMIT 'c'")
    assert other.execute("SELECT * FROM t").rows == [[1]]
    assert snap.execute("SELECT * FROM t").rows == []  # its view is older than the commit


def test_detached_branch_keeps_its_row_locks(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """InnoDB's prepared transaction keeps its record locks after XA PREPARE detaches it
    (9.7.4 probed; workloads/xa.wl xa_prepared_branch_keeps_its_locks_mysql): a locking
    read and a duplicate INSERT wait, its own session's next UPDATE too, until another
    session's XA ROLLBACK releases them. (In-process, a wait ends at once in 1205.)"""
    s, other, _ = _mysql_sessions(tmp_path)
    for q in ["CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB", "INSERT INTO t VALUES (1, 0), (5, 0)",
              "XA START 'p'", "UPDATE t SET b = 1 WHERE a = 1", "INSERT INTO t VALUES (3, 3)",
              "XA END 'p'", "XA PREPARE 'p'"]:
        s.execute(q)
    assert _code(other, "SELECT * FROM t WHERE a = 1 FOR UPDATE") == 1205
    assert _code(other, "INSERT INTO t VALUES (3, 9)") == 1205
    assert _code(s, "UPDATE t SET b = 2 WHERE a = 1") == 1205
    other.execute("UPDATE t SET b = 9 WHERE a = 5")  # a row the branch did not touch
    other.execute("XA ROLLBACK 'p'")
    other.execute("UPDATE t SET b = 9 WHERE a = 1")
    s.execute("INSERT INTO t VALUES (3, 1)")
    assert s.execute("SELECT * FROM t").rows == [[1, 9], [3, 1], [5, 9]]
