"""Semi-synchronous replication on replbed serve's primary side (semisync.py).

The codecs and the master's bookkeeping alone, then the real thing: a MariaDB 10.11
replica with rpl_semi_sync_slave_enabled=ON replicates from a primary with
rpl_semi_sync_master_enabled=ON, once from a real MariaDB and once from replbed. On
both, a commit is acknowledged (Rpl_semi_sync_master_yes_tx), the replica counts as a
semi-sync client, and with the replica stopped a commit waits for the timeout, then
semi-sync switches off (Rpl_semi_sync_master_no_tx, status OFF): the status
variables must be equal on both primaries.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

from harness.pipeline.live_replica import attach, detach, wait_applied
from harness.providers.base import ServerHandle, ServerSettings
from harness.providers.local import LocalMariaDBProvider
from harness.providers.replbed import ReplbedProvider
from harness.server import semisync as ss


def test_ack_round_trip_and_garbage() -> None:
    assert ss.decode_ack(ss.encode_ack("binlog.000001", 1234)) == ("binlog.000001", 1234)
    assert ss.decode_ack(b"\x01" + bytes(12)) is None  # not an ACK (e.g. COM_QUIT)
    assert ss.decode_ack(b"\xef\x00") is None


class _Session:
    def __init__(self, enabled: str = "ON", timeout_ms: int = 200) -> None:
        self.vars = {"rpl_semi_sync_master_enabled": enabled, "rpl_semi_sync_master_timeout": timeout_ms}
        self.end = ("binlog.000001", 100)
        self.status: dict[str, object] = {}

    def global_var(self, name: str) -> object:
        return self.vars[name]

    def binlog_end(self) -> tuple[str, int]:
        return self.end

    def set_status(self, name: str, value: object) -> None:
        self.status[name] = value


def _commit(master: ss.SemiSyncMaster, session: _Session, end: int) -> float:
    before = master.before_statement(session)
    session.end = ("binlog.000001", end)
    t0 = time.monotonic()
    master.after_commit(session, before)
    return time.monotonic() - t0


def test_an_ack_releases_the_commit_and_a_timeout_switches_semi_sync_off() -> None:
    master, session = ss.SemiSyncMaster(), _Session()
    reader = ss.AckReader(master)
    ack = ss.encode_ack("binlog.000001", 200)
    timer = threading.Timer(0.05, lambda: reader.feed(len(ack).to_bytes(3, "little") + b"\x02" + ack))
    timer.start()
    assert _commit(master, session, 200) < 0.19
    assert session.status["Rpl_semi_sync_master_yes_tx"] == 1
    assert not master.need_ack("binlog.000001", 200)  # acknowledged already
    # Nobody answers: the timeout ends the wait and switches semi-sync off ...
    assert 0.19 <= _commit(master, session, 300) < 1.0
    assert (session.status["Rpl_semi_sync_master_no_tx"], session.status["Rpl_semi_sync_master_status"]) == (1, "OFF")
    # ... so the next commit does not wait; an ACK of the last commit switches it on again.
    assert _commit(master, session, 400) < 0.05
    master.report_ack("binlog.000001", 400)
    assert master.status(session)["Rpl_semi_sync_master_status"] == "ON"


def test_statements_that_write_nothing_and_a_disabled_master_do_not_wait() -> None:
    master, session = ss.SemiSyncMaster(), _Session()
    assert _commit(master, session, 100) < 0.05  # nothing written
    assert _commit(master, _Session("OFF"), 500) < 0.05
    assert master.status(session)["Rpl_semi_sync_master_yes_tx"] == 0


# ---------------------------------------------------------------- a real replica

STATUS = ("Rpl_semi_sync_master_clients", "Rpl_semi_sync_master_status", "Rpl_semi_sync_master_yes_tx",
          "Rpl_semi_sync_master_no_tx")


@pytest.fixture(scope="module")
def pairs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, tuple[ServerHandle, ServerHandle]]]:
    tmp = tmp_path_factory.mktemp("semisync")
    started: list[ServerHandle] = []
    try:
        out = {}
        for name, provider in (("reference", LocalMariaDBProvider()), ("replbed", ReplbedProvider())):
            primary = provider.start(ServerSettings(), Path(tmp / name))
            started.append(primary)
            replica = LocalMariaDBProvider().start(ServerSettings(server_id=2), Path(tmp / f"{name}_replica"))
            started.append(replica)
            out[name] = (primary, replica)
        yield out
    finally:
        for h in started:
            h.stop()


def _status(conn) -> dict[str, str]:  # type: ignore[no-untyped-def]
    cur = conn.cursor()
    cur.execute("SHOW GLOBAL STATUS LIKE 'Rpl_semi_sync_master%'")
    return {k: str(v) for k, v in cur.fetchall() if k in STATUS}


def _wait_status(conn, name: str, value: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + 10
    while True:
        st = _status(conn)
        if st.get(name) == value or time.monotonic() > deadline:
            return st
        time.sleep(0.05)


def _scenario(primary: ServerHandle, replica: ServerHandle) -> list[object]:
    seen: list[object] = []
    pconn, rconn = primary.connect(), replica.connect()
    try:
        cur = pconn.cursor()
        for sql in ("SET GLOBAL rpl_semi_sync_master_enabled = ON", "SET GLOBAL rpl_semi_sync_master_timeout = 1500",
                    "DROP DATABASE IF EXISTS test", "CREATE DATABASE test",
                    "CREATE TABLE test.t (a INT PRIMARY KEY) ENGINE=InnoDB"):
            cur.execute(sql)
        rconn.cursor().execute("SET GLOBAL rpl_semi_sync_slave_enabled = ON")
        attach(replica, primary, heartbeat=0.2)
        try:
            wait_applied(replica, primary)
            seen.append(_wait_status(pconn, "Rpl_semi_sync_master_clients", "1")["Rpl_semi_sync_master_clients"])
            base = _status(pconn)
            t0 = time.monotonic()
            cur.execute("INSERT INTO test.t VALUES (1)")
            pconn.cursor(prepared=True).execute("INSERT INTO test.t VALUES (?)", (10,))  # COM_STMT_EXECUTE
            seen.append(("acknowledged in time", time.monotonic() - t0 < 1.4))
            after = _status(pconn)
            seen.append(int(after["Rpl_semi_sync_master_yes_tx"]) - int(base["Rpl_semi_sync_master_yes_tx"]))
            seen.append(after["Rpl_semi_sync_master_status"])
            assert wait_applied(replica, primary).tables["t"]["rows"] == [["1"], ["10"]]
        finally:
            detach(replica)
        seen.append(_wait_status(pconn, "Rpl_semi_sync_master_clients", "0")["Rpl_semi_sync_master_clients"])
        t0 = time.monotonic()
        cur.execute("INSERT INTO test.t VALUES (2)")
        seen.append(("waited for the timeout", 1.4 < time.monotonic() - t0 < 5))
        final = _status(pconn)
        seen.append((int(final["Rpl_semi_sync_master_no_tx"]) - int(base["Rpl_semi_sync_master_no_tx"]),
                     final["Rpl_semi_sync_master_status"]))
    finally:
        pconn.close()
        rconn.close()
    return seen


@pytest.mark.server
def test_semi_sync_with_a_real_replica_as_on_mariadb(pairs) -> None:  # type: ignore[no-untyped-def]
    reference = _scenario(*pairs["reference"])
    assert reference == ["1", ("acknowledged in time", True), 2, "ON", "0", ("waited for the timeout", True),
                         (1, "OFF")], reference
    assert _scenario(*pairs["replbed"]) == reference
