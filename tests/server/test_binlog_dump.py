"""A real MariaDB 10.11 replica replicates from ``replbed serve`` (COM_BINLOG_DUMP).

Both primaries (a real MariaDB and replbed) run the same cases; one real replica
each replicates the case's whole binlog over GTID and over file/position. The
replicas must apply everything without an I/O or SQL error, end at the primary's
GTID position, and hold the same tables as each other. Where a replica differs from
its own primary (seed 000's STATEMENT-format examples), it must differ identically
on both sides: that is the seed's divergence, not replbed's.

Then the errors: a position or GTID the primary does not have gets 1236 with the
server's own text (compared with MariaDB's), and replbed keeps serving.
"""

from __future__ import annotations

import os
import sys

import struct
import time
from pathlib import Path
from typing import Iterator

import pytest

from harness.pipeline.live_replica import ReplicaResult, attach, detach, gtid_items, replicate, wait_applied
from harness.providers.base import ServerHandle, ServerSettings
from harness.providers.local import LocalMariaDBProvider
from harness.providers.replbed import ReplbedProvider
from harness.runner import run_case
from harness.server import binlog_dump as bd
from harness.server import protocol as p
from harness.workload import load_workloads

sys.path.insert(0, os.path.dirname(__file__))
from raw_client import RawClient  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CASES = [c for wl in ("seed000_wl2687.wl", "seed003_mixed_engines.wl", "basic_dml.wl")
         for c in load_workloads(str(ROOT / "workloads" / wl))]


# ---------------------------------------------------------------- codecs (no server)


def test_register_slave_decodes_and_refuses_truncation() -> None:
    body = struct.pack("<I", 7) + b"\x04host" + b"\x01u" + b"\x00" + struct.pack("<HII", 3310, 0, 0)
    r = bd.decode_register_slave(body, own_server_id=1, connection_id=5)
    assert (r.server_id, r.host, r.user, r.port, r.master_id) == (7, "host", "u", 3310, 1)
    with pytest.raises(bd.SqlError) as e:
        bd.decode_register_slave(body[:-3], 1, 5)
    assert e.value.code == 1105 and "register_slave" in e.value.message


def test_binlog_dump_request_round_trip() -> None:
    req = bd.DumpRequest(pos=4, flags=bd.BINLOG_DUMP_NON_BLOCK, server_id=9, log_ident="binlog.000002")
    assert bd.decode_binlog_dump(bd.encode_binlog_dump(req)[1:]) == req


def test_fake_rotate_is_artificial_with_log_pos_0_and_a_valid_crc() -> None:
    ev = bd.fake_rotate(1, "binlog.000001", 4, checksum=True)
    ts, typ, sid, size, log_pos, flags = struct.unpack_from("<IBIIIH", ev)
    assert (ts, typ, sid, size, log_pos, flags) == (0, bd.ROTATE_EVENT, 1, len(ev), 0, bd.LOG_EVENT_ARTIFICIAL_F)
    assert ev[19:27] == struct.pack("<Q", 4) and ev[27:-4] == b"binlog.000001"
    assert ev[-4:] == bd._crc(ev[:-4])


def test_gtid_state_parser_rejects_what_the_server_rejects() -> None:
    assert bd.parse_gtid_state("0-1-5, 2-3-4") == {0: (1, 5), 2: (3, 4)}
    assert bd.parse_gtid_state("") == {}
    for bad in ("0-1", "0-1-5,0-2-6", "x-1-2"):
        with pytest.raises(ValueError):
            bd.parse_gtid_state(bad)


# ---------------------------------------------------------------- live replicas


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ServerHandle]]:
    """Two primaries (reference MariaDB, replbed) and a real replica for each."""
    tmp = tmp_path_factory.mktemp("replication")
    started: dict[str, ServerHandle] = {}
    try:
        started["reference"] = LocalMariaDBProvider().start(ServerSettings(), tmp / "reference")
        started["replbed"] = ReplbedProvider().start(ServerSettings(), tmp / "replbed")
        started["reference_replica"] = LocalMariaDBProvider().start(ServerSettings(server_id=2), tmp / "rr")
        started["replbed_replica"] = LocalMariaDBProvider().start(ServerSettings(server_id=3), tmp / "br")
        yield started
    finally:
        for h in started.values():
            h.stop()


def _clean(res: ReplicaResult) -> None:
    assert res.error is None, res.error
    assert (res.io_errno, res.io_error, res.sql_errno, res.sql_error) == (0, "", 0, ""), res
    assert res.caught_up and gtid_items(res.gtid_slave_pos) == gtid_items(res.primary_gtid_pos), res


@pytest.mark.server
@pytest.mark.parametrize("mode", ["gtid", "file_pos"])
@pytest.mark.parametrize("fmt", ["STATEMENT", "ROW", "MIXED"])
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_real_replica_replicates_from_replbed(servers, tmp_path: Path, case, fmt: str, mode: str) -> None:  # type: ignore[no-untyped-def]
    results: dict[str, tuple[ReplicaResult, dict]] = {}
    for side in ("reference", "replbed"):
        out = run_case(servers[side], case, fmt, tmp_path / side, side=side)
        assert out.status == "ok", out.error
        res = replicate(servers[f"{side}_replica"], servers[side], use_gtid=(mode == "gtid"))
        _clean(res)
        results[side] = (res, out.tables)
    (ref, ref_primary), (rb, rb_primary) = results["reference"], results["replbed"]
    assert rb.tables == ref.tables
    assert rb.gtid_slave_pos == ref.gtid_slave_pos
    # A replica equals its primary, or (seed 000 in STATEMENT) differs the same way on both sides.
    assert (rb.tables == rb_primary) == (ref.tables == ref_primary)
    if rb.tables != rb_primary:
        assert case.name.startswith("seed000_") and fmt == "STATEMENT", (case.name, fmt)


@pytest.mark.server
def test_seed000_statement_divergence_shows_on_both_replicas(servers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """WL#2687 example 2: con1's UPDATE of myisam_t (a + 10) runs before con2's (a * 10) but
    reaches the binlog only at con1's COMMIT, after con2's; a STATEMENT replica applies
    them in binlog order: 20 where the primary has 110."""
    case = next(c for c in CASES if c.name == "seed000_example2_nstmt_overtakes")
    for side in ("reference", "replbed"):
        out = run_case(servers[side], case, "STATEMENT", tmp_path / side, side=side)
        res = replicate(servers[f"{side}_replica"], servers[side])
        _clean(res)
        assert out.tables["myisam_t"]["rows"] == [["110"]], side
        assert res.tables["myisam_t"]["rows"] == [["20"]], side


@pytest.mark.server
def test_replica_follows_new_events_and_rotation_with_heartbeats(servers) -> None:  # type: ignore[no-untyped-def]
    """Attached while the primary is idle, the dump waits at the end of the log (heartbeats
    keep the replica's I/O thread content), then sends what is written meanwhile, across
    FLUSH BINARY LOGS into the next file."""
    primary, replica = servers["replbed"], servers["replbed_replica"]
    conn = primary.connect()
    try:
        cur = conn.cursor()
        for sql in ("DROP DATABASE IF EXISTS test", "RESET MASTER", "CREATE DATABASE test",
                    "CREATE TABLE test.t (a INT PRIMARY KEY) ENGINE=InnoDB"):
            cur.execute(sql)
        attach(replica, primary, heartbeat=0.2)
        try:
            _clean(wait_applied(replica, primary))
            time.sleep(0.8)  # a few heartbeat periods with nothing to send
            cur.execute("INSERT INTO test.t VALUES (1)")
            cur.execute("FLUSH BINARY LOGS")
            cur.execute("INSERT INTO test.t VALUES (2)")
            res = wait_applied(replica, primary)
            _clean(res)
            assert res.tables["t"]["rows"] == [["1"], ["2"]]
            rconn = replica.connect()
            try:
                rcur = rconn.cursor(dictionary=True)
                rcur.execute("SHOW SLAVE STATUS")
                st = rcur.fetchone()
                assert st["Master_Log_File"] == "binlog.000002"
                assert st["Slave_IO_Running"] == "Yes"
                rcur.execute("SHOW GLOBAL STATUS LIKE 'Slave_received_heartbeats'")
                assert int(rcur.fetchone()["Value"]) >= 1
            finally:
                rconn.close()
            cur.execute("SHOW SLAVE HOSTS")
            assert [tuple(r) for r in cur.fetchall()] == [(3, "", replica.port, 1)]  # report_port: its own

            # Reconnect at a GTID in the middle of the log: the dump finds the file from the
            # Gtid_list events, skips the groups the replica has and continues after them.
            rconn = replica.connect()
            try:
                rconn.cursor().execute("STOP SLAVE")
                for v in (3, 4):
                    cur.execute(f"INSERT INTO test.t VALUES ({v})")
                cur.execute("FLUSH BINARY LOGS")
                cur.execute("INSERT INTO test.t VALUES (5)")
                rconn.cursor().execute("START SLAVE")
            finally:
                rconn.close()
            res = wait_applied(replica, primary)
            _clean(res)
            assert res.tables["t"]["rows"] == [[str(v)] for v in range(1, 6)]
        finally:
            detach(replica)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            cur.execute("SHOW SLAVE HOSTS")
            if not cur.fetchall():
                break
            time.sleep(0.05)
        else:
            pytest.fail("the stopped replica is still listed by SHOW SLAVE HOSTS")
    finally:
        conn.close()


def _io_error_for(servers, side: str, change: str, slave_pos: str,  # type: ignore[no-untyped-def]
                  strict: bool = False) -> tuple[int, str]:
    primary, replica = servers[side], servers[f"{side}_replica"]
    conn = replica.connect()
    try:
        cur = conn.cursor(dictionary=True)
        for sql in ("STOP SLAVE", "RESET SLAVE ALL", "SET GLOBAL gtid_slave_pos=''",
                    f"SET GLOBAL gtid_strict_mode={int(strict)}"):
            cur.execute(sql)
        cur.execute(f"CHANGE MASTER TO MASTER_HOST='{primary.host}', MASTER_PORT={primary.port}, "
                    f"MASTER_USER='{primary.user}', MASTER_PASSWORD='{primary.password}', "
                    f"MASTER_CONNECT_RETRY=1, {change}")
        if "slave_pos" in change:
            cur.execute(f"SET GLOBAL gtid_slave_pos='{slave_pos}'")
        cur.execute("START SLAVE")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            cur.execute("SHOW SLAVE STATUS")
            st = cur.fetchone()
            if st["Last_IO_Errno"]:
                cur.execute("STOP SLAVE")
                return int(st["Last_IO_Errno"]), str(st["Last_IO_Error"])
            time.sleep(0.05)
        cur.execute("STOP SLAVE")
        return 0, ""
    finally:
        conn.close()


HOLE = ("SET gtid_seq_no=9", "INSERT INTO test.t_innodb VALUES (100, 1, 'x')")
PURGE = ("FLUSH BINARY LOGS", "INSERT INTO test.t_innodb VALUES (100, 1, 'x')",
         "PURGE BINARY LOGS TO 'binlog.000002'")


@pytest.mark.server
@pytest.mark.parametrize("change, slave_pos, primary_sql", [
    ("MASTER_USE_GTID=slave_pos", "0-1-100", ()),  # a GTID the primary never wrote
    ("MASTER_USE_GTID=slave_pos", "0-1-1", PURGE),  # its successors were in a purged file
    ("MASTER_USE_GTID=no, MASTER_LOG_FILE='binlog.000009', MASTER_LOG_POS=4", "", ()),  # no such file
    ("MASTER_USE_GTID=no, MASTER_LOG_FILE='binlog.000001', MASTER_LOG_POS=4", "", PURGE),  # purged file
    ("MASTER_USE_GTID=no, MASTER_LOG_FILE='binlog.000001', MASTER_LOG_POS=999999", "", ()),  # past the end
    # gtid_strict_mode on the replica, 0-1-4 in a hole between 0-1-3 and 0-1-9
    ("MASTER_USE_GTID=slave_pos", "0-1-4", HOLE),
], ids=["unknown_gtid", "purged_gtid", "missing_file", "purged_file", "impossible_position", "strict_hole"])
def test_missing_position_gets_1236_with_the_servers_text(servers, tmp_path: Path, change: str,  # type: ignore[no-untyped-def]
                                                          slave_pos: str, primary_sql: tuple[str, ...]) -> None:
    case = next(c for c in CASES if c.name == "dml_innodb_insert")
    got = {}
    for side in ("reference", "replbed"):
        assert run_case(servers[side], case, "ROW", tmp_path / side, side=side).status == "ok"
        conn = servers[side].connect()
        try:
            cur = conn.cursor()
            for sql in primary_sql:
                cur.execute(sql)
            # MariaDB keeps a file until its binlog checkpoint is written (asynchronously
            # after the rotation); purge again until the file is gone.
            deadline = time.monotonic() + 10
            while primary_sql is PURGE and time.monotonic() < deadline:
                cur.execute("SHOW BINARY LOGS")
                if "binlog.000001" not in [r[0] for r in cur.fetchall()]:
                    break
                time.sleep(0.1)
                cur.execute(primary_sql[-1])
        finally:
            conn.close()
        try:
            got[side] = _io_error_for(servers, side, change, slave_pos, strict=primary_sql is HOLE)
        finally:
            rconn = servers[f"{side}_replica"].connect()
            try:
                rconn.cursor().execute("SET GLOBAL gtid_strict_mode=0")
            finally:
                rconn.close()
    assert got["replbed"][0] == 1236, got
    assert got["replbed"] == got["reference"]
    # replbed keeps serving other clients (and the next replica).
    conn = servers["replbed"].connect()
    try:
        cur = conn.cursor()
        cur.execute("SHOW TABLES FROM test")
        assert cur.fetchall()
    finally:
        conn.close()
    assert run_case(servers["replbed"], case, "ROW", tmp_path / "again", side="replbed").status == "ok"
    _clean(replicate(servers["replbed_replica"], servers["replbed"]))


def _raw_dump_client(primary: ServerHandle) -> RawClient:
    c = RawClient(primary.port, primary.host)
    assert c.login(primary.user, primary.password)[0] == 0
    for sql in ("SET @master_binlog_checksum='CRC32'", "SET @mariadb_slave_capability=4"):
        assert c.command(p.COM_QUERY, sql.encode())[0] == 0
    return c


@pytest.mark.server
def test_non_block_dump_ends_with_eof_and_a_waiting_dump_does_not_stall_others(servers) -> None:  # type: ignore[no-untyped-def]
    """A raw COM_BINLOG_DUMP: fake Rotate, Format_description, the events, then EOF
    (BINLOG_DUMP_NON_BLOCK); a blocking dump waits without holding up other clients."""
    primary = servers["replbed"]
    c = _raw_dump_client(primary)
    try:
        req = bd.DumpRequest(4, bd.BINLOG_DUMP_NON_BLOCK, 77, "binlog.000001")
        pkt = c.command(bd.COM_BINLOG_DUMP, bd.encode_binlog_dump(req)[1:])
        events = []
        while pkt[0] == 0:
            events.append(pkt[1:])
            pkt = c.read()
        assert pkt[0] == p.EOF_HEADER
        types = [ev[4] for ev in events]
        assert types[:2] == [bd.ROTATE_EVENT, bd.FORMAT_DESCRIPTION_EVENT]
        assert struct.unpack_from("<I", events[0], 13)[0] == 0  # fake Rotate: log_pos 0
        assert events[1][17] & bd.LOG_EVENT_BINLOG_IN_USE_F == 0
        assert bd.GTID_EVENT in types
    finally:
        c.close()

    c = _raw_dump_client(primary)
    try:
        c.io.seq = 0
        c.io.write(bd.encode_binlog_dump(bd.DumpRequest(4, 0, 78, "binlog.000001")))
        assert c.read()[0] == 0  # the dump is running and will wait at the end of the log
        t0 = time.monotonic()
        conn = primary.connect()
        try:
            cur = conn.cursor()
            cur.execute("SELECT 1")
            assert cur.fetchall() == [(1,)]
        finally:
            conn.close()
        assert time.monotonic() - t0 < 5
    finally:
        c.close()


def test_shutdown_ends_a_waiting_dump_and_sends_heartbeats(tmp_path: Path) -> None:
    """In process: a blocking dump waiting at the end of the log gets heartbeats (log_pos =
    the position reached, file name as body) and ends when the server shuts down."""
    from harness.config import ServeConfig
    from harness.server.app import build_server

    state, proto = build_server(ServeConfig(port=0, binlog_dir=tmp_path / "binlog"))
    proto.start()
    try:
        c = RawClient(proto.port)
        assert c.login("root", "any")[0] == 0
        for sql in ("SET @master_binlog_checksum='CRC32'", "SET @master_heartbeat_period=100000000"):
            assert c.command(p.COM_QUERY, sql.encode())[0] == 0
        c.io.seq = 0
        c.io.write(bd.encode_binlog_dump(bd.DumpRequest(4, 0, 5, "")))
        events = [c.read()[1:] for _ in range(5)]  # Rotate, FD, Gtid_list, checkpoint, heartbeat
        hb = events[-1]
        assert hb[4] == bd.HEARTBEAT_LOG_EVENT and hb[19:-4] == b"binlog.000001"
        assert struct.unpack_from("<I", hb, 13)[0] == state.binlog.current()[1]
        assert hb[-4:] == bd._crc(hb[:-4])
    finally:
        t0 = time.monotonic()
        proto.shutdown()
        state.shutdown()
    assert time.monotonic() - t0 < 5
    assert proto.connection_count() == 0


_MASKS = [(r"#\d{6} +\d+:\d\d:\d\d", "#T"), (r"CRC32 0x[0-9a-f]+", "CRC32 X"), (r"TIMESTAMP=\d+", "TIMESTAMP=N"),
          (r"Xid = \d+", "Xid = N"), (r"xid=\d+", "xid=N"), (r"table id \d+", "table id N"), (r"Server ver: [^,]*", "Server ver: V"),
          (r"thread_id=\d+", "thread_id=N"), (r"exec_time=\d+", "exec_time=N"),
          (r"created \d{6} +\d+:\d\d:\d\d", "created T"), (r"\n[A-Za-z0-9+/=]{16,}(?=\n)", "\nBASE64")]


@pytest.mark.server
def test_mariadb_binlog_read_from_remote_server_sees_the_same_stream(servers) -> None:  # type: ignore[no-untyped-def]
    """``mariadb-binlog --read-from-remote-server --to-last-log`` (a real client of
    COM_BINLOG_DUMP, non-blocking) prints the same stream from replbed as from MariaDB:
    the fake Rotate, the Format_description (created set after RESET MASTER), the positions.
    One file only: after FLUSH BINARY LOGS MariaDB writes the new file's checkpoint for the
    old file and a second one later, when InnoDB has caught up (asynchronous; replbed
    writes one, naming the new file) -- a binlog-content difference, not the dump's."""
    import re
    import subprocess

    out = {}
    for side in ("reference", "replbed"):
        h = servers[side]
        conn = h.connect()
        try:
            cur = conn.cursor()
            for sql in ("DROP DATABASE IF EXISTS test", "RESET MASTER", "CREATE DATABASE test",
                        "CREATE TABLE test.t (a INT PRIMARY KEY, b VARCHAR(5)) ENGINE=InnoDB",
                        "INSERT INTO test.t VALUES (1, 'x'), (2, 'y')", "UPDATE test.t SET b = 'z'"):
                cur.execute(sql)
        finally:
            conn.close()
        r = subprocess.run(["mariadb-binlog", "--read-from-remote-server", f"--host={h.host}", f"--port={h.port}",
                            f"--user={h.user}", f"--password={h.password}", "--to-last-log", "binlog.000001"],
                           capture_output=True, text=True, timeout=30)
        assert r.returncode == 0, r.stderr
        text = r.stdout
        for pat, rep in _MASKS:
            text = re.sub(pat, rep, text)
        out[side] = text
    assert "Rotate to binlog.000001" in out["replbed"] and "at startup" in out["replbed"]
    assert out["replbed"] == out["reference"]


def test_gtid_start_skips_standalone_and_transactional_groups(tmp_path: Path) -> None:
    """In process, no client: from @slave_connect_state 0-1-3 the dump skips the two DDL
    groups (Gtid + Query) and the first transaction, then sends 0-1-4 onwards, with the
    fake Gtid_list right after the skipped group that reached the start GTID."""
    from harness.config import ServeConfig
    from harness.sql.server import ServerState
    from harness.sql.thd import Thd

    st = ServerState(ServeConfig(binlog_dir=tmp_path / "binlog"))
    st.start()
    thd = Thd(st, 1, "root", "127.0.0.1")
    for sql in ("CREATE DATABASE d", "CREATE TABLE d.t (a INT) ENGINE=InnoDB", "INSERT INTO d.t VALUES (1)",
                "INSERT INTO d.t VALUES (2)", "SET @slave_connect_state='0-1-3'",
                "SET @master_binlog_checksum='CRC32'", "SET @mariadb_slave_capability=4"):
        thd.execute(sql)
    sent: list[bytes] = []
    sender = bd.BinlogSender(bd.EngineBinlogSource(st.binlog, thd.user_vars),
                             bd.DumpRequest(4, bd.BINLOG_DUMP_NON_BLOCK, 9, ""), sent.extend, lambda s: False)
    assert sender.run() is True
    sender._flush()
    types = [ev[4] for ev in sent]
    assert types[:4] == [bd.ROTATE_EVENT, bd.FORMAT_DESCRIPTION_EVENT, bd.GTID_LIST_EVENT, bd.BINLOG_CHECKPOINT_EVENT]
    rest = sent[4:]
    assert rest[0][4] == bd.GTID_LIST_EVENT and rest[0][13:17] != b"\0\0\0\0"  # fake: artificial, log_pos set
    assert struct.unpack_from("<H", rest[0], 17)[0] == bd.LOG_EVENT_ARTIFICIAL_F
    gtids = [bd._gtid_of(ev)[:3] for ev in rest if ev[4] == bd.GTID_EVENT]
    assert gtids == [(0, 1, 4)]
    assert b"CREATE" not in b"".join(rest)
    st.shutdown()


def test_a_dump_is_listed_lingers_after_its_client_and_ends_with_kill(tmp_path: Path) -> None:
    """binlog_mysqlbinlog_stop_never: a blocking dump shows in PROCESSLIST as 'Binlog Dump'
    with State 'Master has sent all binlog to slave; waiting for more updates'; when its
    client leaves it stays listed (MariaDB waits on the binlog's update signal, not on the
    socket) until KILL ends it. KILL of an unknown id is 1094; of a connection running SQL
    it is refused (1235)."""
    from harness.config import ServeConfig
    from harness.server.app import build_server

    state, proto = build_server(ServeConfig(port=0, binlog_dir=tmp_path / "binlog"))
    proto.start()
    try:
        c = RawClient(proto.port)
        assert c.login("root", "any")[0] == 0
        assert c.command(p.COM_QUERY, b"SET @master_binlog_checksum='CRC32'")[0] == 0
        c.io.seq = 0
        c.io.write(bd.encode_binlog_dump(bd.DumpRequest(4, 0, 65535, "")))
        for _ in range(4):  # Rotate, FD, Gtid_list, checkpoint
            assert c.read()[0] == 0
        admin = RawClient(proto.port)
        assert admin.login("root", "any")[0] == 0

        def dumps() -> list[tuple[int, str, str]]:
            with proto.lock:
                return [(cid, s.command, s.command_state) for cid, s in state.sessions.items()
                        if s.command == "Binlog Dump"]

        deadline = time.monotonic() + 5
        while not dumps() or dumps()[0][2] != bd.STATE_WAITING:
            assert time.monotonic() < deadline, dumps()
            time.sleep(0.05)
        cid = dumps()[0][0]
        c.close()
        time.sleep(3 * bd.POLL_SECONDS)
        assert [d[0] for d in dumps()] == [cid]  # still listed without its client
        assert admin.command(p.COM_QUERY, b"KILL 987654")[1:3] == struct.pack("<H", 1094)
        me = max(state.sessions)
        assert admin.command(p.COM_QUERY, f"KILL {me}".encode())[1:3] == struct.pack("<H", 1235)
        assert admin.command(p.COM_QUERY, f"KILL {cid}".encode())[0] == 0
        deadline = time.monotonic() + 5
        while dumps():
            assert time.monotonic() < deadline
            time.sleep(0.05)
        admin.close()
    finally:
        proto.shutdown()
        state.shutdown()
