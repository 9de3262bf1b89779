"""A replay server's reset between pairs: a binlog that ends with an XA transaction prepared
and never completed leaves it on the replay server, holding its tables' metadata locks; the
reset rolls it back instead of waiting on it (a whole-corpus run against MySQL 9.7 hung for
an hour in `DROP DATABASE` after xa_state_errors_mysql). Real replay server."""

from __future__ import annotations

import time
from pathlib import Path

import mysql.connector
import pytest

from harness.pipeline import replay as RP
from harness.pipeline.replay import ReplayServer
from harness.providers.base import ServerSettings
from harness.providers.local import LocalMariaDBProvider


def _leave_prepared_xa(h) -> None:
    """Another client prepares an XA transaction over a table of `test` and goes away."""
    c = h.connect()
    cur = c.cursor()
    for sql in ("CREATE DATABASE test", "CREATE TABLE test.t (a INT PRIMARY KEY) ENGINE=InnoDB",
                "XA START 'x1', 'b1', 7", "INSERT INTO test.t VALUES (1)", "XA END 'x1', 'b1', 7",
                "XA PREPARE 'x1', 'b1', 7"):
        cur.execute(sql)
    c.close()


@pytest.mark.server
def test_reset_rolls_back_a_prepared_xa_transaction_and_fails_rather_than_hang(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(RP, "RESET_LOCK_WAIT_S", 2)
    with LocalMariaDBProvider().start(ServerSettings(), tmp_path / "replay") as h:
        srv = ReplayServer(h)
        try:
            _leave_prepared_xa(h)
            t0 = time.monotonic()
            srv.reset()
            assert time.monotonic() - t0 < 2
            cur = srv._admin.cursor()
            cur.execute("XA RECOVER")
            assert cur.fetchall() == []
            cur.execute("SHOW DATABASES LIKE 'test'")
            assert cur.fetchall() == []
            # Without the rollback the reset's DROP DATABASE waits on the prepared branch:
            # it gives up after lock_wait_timeout with 1205 instead of hanging the run.
            _leave_prepared_xa(h)
            monkeypatch.setattr(ReplayServer, "_rollback_prepared_xa", lambda self, cur: None)
            with pytest.raises(Exception, match="1205|Lock wait timeout"):
                srv.reset()
        finally:
            srv.close()


@pytest.mark.server
def test_a_read_the_replay_server_never_answers_gives_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The admin connection's reads end after REPLAY_TIMEOUT_S: a replay worker stuck on a
    server that never answers would otherwise keep the run's thread pool, and so SIGTERM,
    from ever finishing (the hung run above ignored SIGTERM for an hour)."""
    monkeypatch.setattr(RP, "REPLAY_TIMEOUT_S", 1)
    with LocalMariaDBProvider().start(ServerSettings(), tmp_path / "replay") as h:
        srv = ReplayServer(h)
        try:
            cur = srv._admin.cursor()
            t0 = time.monotonic()
            with pytest.raises(mysql.connector.errors.Error):
                cur.execute("SELECT SLEEP(10)")
                cur.fetchall()
            assert time.monotonic() - t0 < 8
        finally:
            srv.close()


class _Cursor:
    def __init__(self, log: list[str]) -> None:
        self.log = log
        self._rows: list[tuple] = []

    def execute(self, sql: str, *args: object) -> None:
        self.log.append(sql)
        self._rows = [("test",), ("mysql",)] if sql == "SHOW DATABASES" else []

    def fetchall(self) -> list[tuple]:
        return self._rows

    def close(self) -> None:
        pass


class _Handle:
    info: dict = {}
    reset_binlogs_sql = "RESET BINARY LOGS AND GTIDS"

    def __init__(self) -> None:
        self.log: list[str] = []

    def connect(self, **_kw: object) -> object:
        log = self.log
        return type("Conn", (), {"cursor": lambda self: _Cursor(log), "close": lambda self: None})()


def test_mysql_reset_forgets_the_gtids_its_own_drops_took():
    """GTID_MODE=ON logs the reset's DROP DATABASE with this server's uuid -- the reference's
    too, every server of a kind starting from one datadir template -- so the GTIDs are reset
    after the drops, not before: else the replayed `CREATE DATABASE test` (uuid:1) is skipped
    as executed and every second replay fails with 1049 (9.7.4, profile mysql-9.7-gtid-on)."""
    h = _Handle()
    ReplayServer(h).reset()  # type: ignore[arg-type]
    drops = [i for i, s in enumerate(h.log) if s.startswith("DROP DATABASE")]
    assert drops and h.log[-1] == "RESET BINARY LOGS AND GTIDS" and max(drops) < len(h.log) - 1
