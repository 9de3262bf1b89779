"""End-to-end: the real mysql-connector-python against ProtocolServer + EchoSession."""

from __future__ import annotations

import logging
import socket
import threading

import mysql.connector
import pytest
from conftest import PASSWORD
from echo_session import EchoFactory
from mysql.connector import errors
from raw_client import CLIENT_CAPS, RawClient, wait_until

from harness.server import protocol as p
from harness.server.server import ProtocolServer


def test_connect_reports_mariadb(connect, server: ProtocolServer, factory: EchoFactory) -> None:
    c = connect()
    assert c.is_connected()
    assert c.server_info == "5.5.5-10.11.19-MariaDB-log"
    assert "MariaDB" in c.server_info
    assert c.server_version == (5, 5, 5)  # the connector parses the 5.5.5- prefix
    assert c.connection_id == factory.sessions[0].connection_id
    info = factory.sessions[0].info
    assert info.user == "root"
    assert info.connect_attrs["_client_name"] in ("mysql-connector-python", "libmysql")


def test_connect_time_statements_are_recorded(connect, factory: EchoFactory, flavour: str) -> None:
    c = connect()
    qs = factory.queries(c.connection_id)
    assert qs[0] == "SET NAMES 'utf8mb4' COLLATE 'utf8mb4_general_ci'"
    assert qs[1] == ("SET @@session.autocommit = OFF" if flavour == "pure" else "set autocommit=0")
    assert len(qs) == 2


def test_result_set_with_nulls(connect) -> None:
    c = connect()
    cur = c.cursor()
    cur.execute("NULLS")
    assert [d[0] for d in cur.description] == ["a", "b", "c"]
    rows = cur.fetchall()
    assert rows[0] == (1, None, "x")
    assert rows[1] == (None, None, None)
    assert rows[2][0] == 3 and rows[2][2] == ""
    assert cur.warning_count == 2


def test_many_rows(connect) -> None:
    cur = connect().cursor()
    cur.execute("ROWS 5000")
    rows = cur.fetchall()
    assert len(rows) == 5000 and rows[-1] == (4999, "row4999")


def test_ok_packet_fields(connect) -> None:
    cur = connect().cursor()
    cur.execute("INSERT INTO t VALUES (1),(2),(3)")
    assert cur.rowcount == 3
    assert cur.lastrowid == 42
    assert cur.warning_count == 1


@pytest.mark.parametrize(
    "code,state,cls",
    [
        (1146, "42S02", errors.ProgrammingError),
        (1062, "23000", errors.IntegrityError),
        (1205, "HY000", errors.DatabaseError),
        (1366, "22007", errors.DataError),
    ],
)
def test_sql_error_maps_to_connector_exception(connect, code: int, state: str, cls: type) -> None:
    c = connect()
    cur = c.cursor()
    with pytest.raises(cls) as ei:
        cur.execute(f"ERROR {code} {state} Something bad: ünïcode")
    assert ei.value.errno == code
    assert ei.value.sqlstate == state
    assert ei.value.msg == "Something bad: ünïcode"
    cur.execute("ECHO still alive")
    assert cur.fetchall() == [("still alive",)]


def test_session_bug_is_error_1105_and_connection_survives(connect, caplog) -> None:
    cur = connect().cursor()
    with caplog.at_level(logging.ERROR, "harness.server"):
        with pytest.raises(errors.DatabaseError) as ei:
            cur.execute("CRASH")
    assert ei.value.errno == 1105
    assert "deliberate session bug" in ei.value.msg
    with pytest.raises(errors.DatabaseError) as ei:
        cur.execute("BADROW")
    assert ei.value.errno == 1105
    cur.execute("ECHO ok")
    assert cur.fetchall() == [("ok",)]


def test_multi_statement_refused_with_1064(connect, factory: EchoFactory) -> None:
    """Without CLIENT_MULTI_STATEMENTS (the connector asks for it by default)."""
    from mysql.connector.constants import ClientFlag
    c = connect(client_flags=[-ClientFlag.MULTI_STATEMENTS])
    cur = c.cursor()
    with pytest.raises(errors.ProgrammingError) as ei:
        cur.execute("INSERT INTO t VALUES (3); INSERT INTO t VALUES (4)")
    assert ei.value.errno == 1064
    assert not any(q.startswith("INSERT") for q in factory.queries())
    cur.execute("ECHO fine")
    assert cur.fetchall() == [("fine",)]


def test_empty_query_is_1065_comment_only_is_ok(server: ProtocolServer, factory: EchoFactory) -> None:
    rc = RawClient(server.port)
    assert rc.login(password=PASSWORD)[0] == p.OK_HEADER
    for sql in (b"", b"  ", b" ; "):
        e = p.decode_err(rc.command(p.COM_QUERY, sql))
        assert (e.code, e.sqlstate, e.message) == (1065, "42000", "Query was empty")
    assert rc.command(p.COM_QUERY, b"  /* nothing */ ")[0] == p.OK_HEADER
    assert factory.queries() == []
    rc.close()


def test_trailing_semicolon_is_cut_like_mariadb(server: ProtocolServer, factory: EchoFactory) -> None:
    rc = RawClient(server.port)
    rc.login(password=PASSWORD)
    assert rc.query_rows("ECHO a ; -- c") == [[b"a"]]
    assert factory.queries()[-1] == "ECHO a "
    # alloc_query trims blanks and ``;`` at the end of the packet first (observed on 10.11:
    # ``INSERT ... (1) ;`` and ``\n INSERT ... (2)\n\n`` are logged without them)
    assert rc.query_rows("ECHO 'x;y' ;") == [[b"'x;y'"]]
    assert factory.queries()[-1] == "ECHO 'x;y'"
    assert rc.query_rows("\n  ECHO b\n\n") == [[b"b"]]
    assert factory.queries()[-1] == "ECHO b"
    rc.close()


def test_database_at_connect(connect, factory: EchoFactory) -> None:
    c = connect(database="d1")
    assert factory.sessions[-1].info.database == "d1"
    cur = c.cursor()
    cur.execute("SELECT DATABASE()")
    assert cur.fetchall() == [("d1",)]


def test_unknown_database_at_connect(connect) -> None:
    with pytest.raises(errors.ProgrammingError) as ei:
        connect(database="nosuchdb")
    assert ei.value.errno == 1049


def test_com_init_db(connect, factory: EchoFactory) -> None:
    c = connect()
    c.database = "d2"
    assert (c.connection_id, "init_db", "d2") in factory.calls
    assert c.database == "d2"  # the connector asks SELECT DATABASE()
    with pytest.raises(errors.ProgrammingError) as ei:
        c.database = "nosuchdb"
    assert ei.value.errno == 1049
    assert c.is_connected()


def test_ping_and_status_flags(connect) -> None:
    c = connect(autocommit=True)
    c.ping()
    cur = c.cursor()
    cur.execute("BEGIN")
    assert c.in_transaction
    cur.execute("COMMIT")
    assert not c.in_transaction


def test_reconnect(connect, server: ProtocolServer, factory: EchoFactory) -> None:
    c = connect()
    first = c.connection_id
    c.reconnect(attempts=2, delay=0)
    assert c.connection_id != first
    assert wait_until(lambda: factory.sessions[0].closed == 1)
    c.ping(reconnect=True)
    cur = c.cursor()
    cur.execute("ECHO again")
    assert cur.fetchall() == [("again",)]


def test_wrong_password_is_1045(connect, server: ProtocolServer, factory: EchoFactory) -> None:
    with pytest.raises(errors.ProgrammingError) as ei:
        connect(password="wrong")
    assert ei.value.errno == 1045
    assert ei.value.sqlstate == "28000"
    assert "Access denied for user 'root'@'127.0.0.1' (using password: YES)" in ei.value.msg
    with pytest.raises(errors.ProgrammingError) as ei:
        connect(password="")
    assert "(using password: NO)" in ei.value.msg
    assert factory.sessions == []
    assert wait_until(lambda: server.connection_count() == 0)


def test_auth_switch_from_caching_sha2(server: ProtocolServer, factory: EchoFactory) -> None:
    # A client that proposes caching_sha2_password is switched to native.
    c = mysql.connector.connect(
        host="127.0.0.1", port=server.port, user="root", password=PASSWORD, auth_plugin="caching_sha2_password", use_pure=True
    )
    assert c.is_connected()
    c.close()
    rc = RawClient(server.port)
    assert rc.login(password=PASSWORD, plugin="caching_sha2_password")[0] == p.OK_HEADER
    rc.close()
    rc = RawClient(server.port)
    assert p.decode_err(rc.login(password="bad", plugin="caching_sha2_password")).code == 1045
    rc.close()


def test_no_password_configured_accepts_anyone(factory: EchoFactory) -> None:
    with ProtocolServer("127.0.0.1", 0, factory, password=None) as srv:
        c = mysql.connector.connect(host="127.0.0.1", port=srv.port, user="anyone", password="whatever", use_pure=True)
        assert c.is_connected()
        c.close()


def test_user_restriction(factory: EchoFactory) -> None:
    with ProtocolServer("127.0.0.1", 0, factory, password="pw", user="root") as srv:
        with pytest.raises(errors.ProgrammingError) as ei:
            mysql.connector.connect(host="127.0.0.1", port=srv.port, user="bob", password="pw", use_pure=True)
        assert ei.value.errno == 1045


def test_statistics_and_reset_connection(connect, factory: EchoFactory, flavour: str) -> None:
    c = connect()
    stats = c.cmd_statistics()
    assert stats["Threads"] >= 1 and "Uptime" in stats
    if flavour == "pure":
        assert c.cmd_reset_connection()
        assert factory.sessions[-1].resets == 1


def test_prepared_statements_run_with_values_substituted(connect, factory) -> None:
    """The session runs the expanded query (MariaDB's insert_params_with_log text)."""
    c = connect()
    cur = c.cursor(prepared=True)
    cur.execute("ECHO ? ?", ("it's", 7))
    assert cur.fetchall() == [("'it\\'s' 7",)]
    assert (c.connection_id, "query", "ECHO 'it\\'s' 7") in factory.calls
    cur.close()
    cur2 = c.cursor()
    cur2.execute("ECHO after prepare")
    assert cur2.fetchall() == [("after prepare",)]


def test_unknown_command_keeps_connection(server: ProtocolServer) -> None:
    rc = RawClient(server.port)
    rc.login(password=PASSWORD)
    for cmd in (p.COM_FIELD_LIST, p.COM_BINLOG_DUMP, p.COM_SHUTDOWN, 0x7F):
        e = p.decode_err(rc.command(cmd, b"x"))
        assert (e.code, e.sqlstate, e.message) == (1047, "08S01", "Unknown command")
    assert rc.command(p.COM_PING)[0] == p.OK_HEADER
    rc.close()


def test_set_option(server: ProtocolServer) -> None:
    rc = RawClient(server.port)
    rc.login(password=PASSWORD)
    assert rc.command(p.COM_SET_OPTION, b"\x01\x00")[0] == p.EOF_HEADER
    assert rc.command(p.COM_SET_OPTION, b"\x00\x00")[0] == p.EOF_HEADER
    assert p.decode_err(rc.command(p.COM_SET_OPTION, b"\x05\x00")).code == 1047
    rc.close()


def test_large_packets_split_both_ways(connect) -> None:
    c = connect()
    cur = c.cursor()
    big = 17 * 1024 * 1024  # > 0xFFFFFF: needs the split on both sides
    cur.execute("LEN " + "x" * big)
    assert cur.fetchall() == [(big,)]
    cur.execute(f"BIG {big}")
    (value,) = cur.fetchone()
    assert len(value) == big


def _assert_server_healthy(port: int) -> None:
    rc = RawClient(port)
    assert rc.login(password=PASSWORD)[0] == p.OK_HEADER
    assert rc.query_rows("ECHO healthy") == [[b"healthy"]]
    rc.close()


@pytest.mark.parametrize(
    "garbage",
    [
        b"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
        b"\x00" * 64,
        b"\xff\xff\xff\x00" + b"a" * 100,
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",  # a TLS ClientHello
    ],
)
def test_garbage_before_auth_does_not_kill_server(server: ProtocolServer, garbage: bytes, caplog) -> None:
    other = RawClient(server.port)  # a client connected before the garbage arrives
    other.login(password=PASSWORD)
    with caplog.at_level(logging.INFO, "harness.server"):
        s = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        s.recv(4096)  # handshake
        s.settimeout(5)
        try:
            s.sendall(garbage)
            s.shutdown(socket.SHUT_WR)
            while s.recv(4096):
                pass
        except OSError:
            pass
        s.close()
        assert wait_until(lambda: server.connection_count() == 1)
    assert any("127.0.0.1:" in r.getMessage() for r in caplog.records if r.levelno >= logging.INFO)
    assert other.query_rows("ECHO survivor") == [[b"survivor"]]
    other.close()
    _assert_server_healthy(server.port)


def test_garbage_after_auth_closes_only_that_connection(server: ProtocolServer, factory: EchoFactory, caplog) -> None:
    rc = RawClient(server.port)
    rc.login(password=PASSWORD)
    with caplog.at_level(logging.WARNING, "harness.server"):
        rc.sock.sendall(b"\x05\x00\x00\x09hello")  # wrong sequence id
        rc.io.seq = 10  # the reply continues the client's (bad) sequence
        e = p.decode_err(rc.io.read_packet())
        assert e.code == 1156
        assert rc.sock.recv(10) == b""
    assert any("malformed input: packets out of order" in r.getMessage() for r in caplog.records)
    assert wait_until(lambda: factory.sessions[0].closed == 1)
    rc.close()
    _assert_server_healthy(server.port)


def test_empty_packet_and_truncated_packet(server: ProtocolServer) -> None:
    rc = RawClient(server.port)
    rc.login(password=PASSWORD)
    rc.sock.sendall(b"\x00\x00\x00\x00")
    assert rc.sock.recv(10) == b""
    rc.close()
    rc = RawClient(server.port)
    rc.login(password=PASSWORD)
    rc.sock.sendall(b"\x10\x00\x00\x00\x03SEL")
    rc.sock.shutdown(socket.SHUT_WR)
    assert rc.sock.recv(10) == b""
    rc.close()
    _assert_server_healthy(server.port)


def test_packet_too_large(factory: EchoFactory) -> None:
    with ProtocolServer("127.0.0.1", 0, factory, password="pw", max_allowed_packet=1024) as srv:
        rc = RawClient(srv.port)
        rc.login(password="pw")
        rc.io.seq = 0
        rc.io.write(b"\x03" + b"x" * 2000)
        assert p.decode_err(rc.io.read_packet()).code == 1153
        rc.close()


def test_tls_request_is_refused_cleanly(server: ProtocolServer) -> None:
    rc = RawClient(server.port)
    import struct

    rc.io.write(struct.pack("<IIB", p.CLIENT_SSL | p.CLIENT_PROTOCOL_41, 1 << 24, 45) + b"\0" * 23)
    assert rc.sock.recv(10) == b""
    rc.close()
    _assert_server_healthy(server.port)


def test_silent_client_times_out_in_handshake(factory: EchoFactory) -> None:
    with ProtocolServer("127.0.0.1", 0, factory, password="pw", connect_timeout=0.3) as srv:
        s = socket.create_connection(("127.0.0.1", srv.port))
        s.settimeout(5)
        s.recv(4096)
        assert s.recv(10) == b""  # server gave up on us
        s.close()
        assert wait_until(lambda: srv.connection_count() == 0)


def test_many_sequential_connections(server: ProtocolServer, factory: EchoFactory, flavour: str) -> None:
    for i in range(150):
        c = mysql.connector.connect(
            host="127.0.0.1", port=server.port, user="root", password=PASSWORD, use_pure=(flavour == "pure")
        )
        cur = c.cursor()
        cur.execute(f"ECHO {i}")
        assert cur.fetchall() == [(str(i),)]
        c.close()
    assert wait_until(lambda: server.connection_count() == 0)
    assert len(factory.sessions) == 150
    assert all(s.closed == 1 for s in factory.sessions)
    assert len({s.connection_id for s in factory.sessions}) == 150


def test_concurrent_sessions_are_serialised(server: ProtocolServer, factory: EchoFactory) -> None:
    errs: list[BaseException] = []

    def worker(n: int) -> None:
        try:
            c = mysql.connector.connect(host="127.0.0.1", port=server.port, user="root", password=PASSWORD, use_pure=True)
            cur = c.cursor()
            for _ in range(5):
                cur.execute("SLEEP 0.002")
                cur.execute(f"ECHO {n}")
                assert cur.fetchall() == [(str(n),)]
            c.close()
        except BaseException as exc:  # noqa: BLE001
            errs.append(exc)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert not errs
    assert factory.max_concurrent == 1


def test_shutdown_closes_clients_and_sessions(factory: EchoFactory) -> None:
    srv = ProtocolServer("127.0.0.1", 0, factory, password="pw").start()
    conns = [mysql.connector.connect(host="127.0.0.1", port=srv.port, user="root", password="pw", use_pure=True) for _ in range(3)]
    assert wait_until(lambda: srv.connection_count() == 3)
    srv.shutdown()
    assert [s.closed for s in factory.sessions] == [1, 1, 1]
    assert srv.connection_count() == 0
    with pytest.raises(errors.Error):
        conns[0].cursor().execute("ECHO x")
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", srv.port), timeout=1)
    srv.shutdown()  # idempotent


def test_shutdown_without_serving(factory: EchoFactory) -> None:
    srv = ProtocolServer("127.0.0.1", 0, factory)
    assert srv.port > 0
    srv.shutdown()


def test_shutdown_right_after_start_and_twice(factory: EchoFactory) -> None:
    for _ in range(20):
        srv = ProtocolServer("127.0.0.1", 0, factory).start()
        srv.shutdown(timeout=5)
        assert srv._stopped.is_set()
        srv.shutdown(timeout=5)


def test_context_manager_and_address(factory: EchoFactory) -> None:
    with ProtocolServer("127.0.0.1", 0, factory, password=PASSWORD) as srv:
        assert srv.address == ("127.0.0.1", srv.port) and srv.port > 0
        c = mysql.connector.connect(host=srv.host, port=srv.port, user="root", password=PASSWORD, use_pure=True)
        c.close()
    assert wait_until(lambda: factory.sessions[0].closed == 1)


def test_multi_statements_run_in_turn_with_more_results(server: ProtocolServer, factory: EchoFactory) -> None:
    """With CLIENT_MULTI_STATEMENTS each statement runs and answers in turn; every result but
    the last carries SERVER_MORE_RESULTS_EXISTS, and the first error ends the query."""
    rc = RawClient(server.port)
    rc.login(password=PASSWORD, caps=CLIENT_CAPS | p.CLIENT_MULTI_STATEMENTS | p.CLIENT_MULTI_RESULTS)
    first = p.decode_ok(rc.command(p.COM_QUERY, b"INSERT INTO t VALUES (3);\n  INSERT INTO t VALUES (4) ; "))
    assert first.status_flags & 0x0008
    second = p.decode_ok(rc.read())
    assert not second.status_flags & 0x0008
    # the packet's trailing blanks and ``;`` go first (alloc_query; observed on 10.11)
    assert factory.queries()[-2:] == ["INSERT INTO t VALUES (3)", "INSERT INTO t VALUES (4)"]
    first = p.decode_ok(rc.command(p.COM_QUERY, b"INSERT INTO t VALUES (5); CRASH; INSERT INTO t VALUES (6)"))
    assert first.status_flags & 0x0008
    assert p.decode_err(rc.read()).code == 1105
    assert "INSERT INTO t VALUES (6)" not in factory.queries()
    assert rc.command(p.COM_PING)[0] == p.OK_HEADER
    rc.close()


def test_change_user_starts_a_fresh_session(connect, factory: EchoFactory) -> None:
    c = connect(use_pure=True)
    first = factory.sessions[-1]
    c.cmd_change_user(username="root", password=PASSWORD, database="d2")
    assert first.closed == 1
    assert factory.sessions[-1] is not first and factory.sessions[-1].database == "d2"
    cur = c.cursor()
    cur.execute("ECHO after change")
    assert cur.fetchall() == [("after change",)]
    with pytest.raises(errors.Error) as ei:
        c.cmd_change_user(username="root", password="wrong")
    assert ei.value.errno == 1045
