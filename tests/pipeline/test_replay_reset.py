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


@pytest.mark.server
@pytest.mark.slow
def test_a_gtid_reset_leaves_no_gtid_executed(tmp_path: Path) -> None:
    """MySQL 9.7 with GTID_MODE=ON: every server of the kind starts from one datadir
    template, so the replay server has the source's server_uuid. The reset's DROP DATABASE,
    were it logged after RESET BINARY LOGS AND GTIDS, would take `uuid:1`, and the next
    binlog's `uuid:1` (its CREATE DATABASE test) would be skipped as executed -- the
    reference replays of nine dml_* pairs found no database `test` (GTID-on run r12/on12).
    The reset runs unlogged, RESET last: nothing is left executed."""
    from harness.kinds import get_kind
    from harness.profile import get_profile
    from harness.providers import get_provider

    kind = get_kind("mysql-9.7")
    h = get_provider("local", kind=kind.name).start(
        ServerSettings(flavor=kind.flavor, profile=get_profile("mysql-9.7-gtid-on")), tmp_path / "replay")
    try:
        srv = ReplayServer(h)
        try:
            c = h.connect()
            c.cursor().execute("CREATE DATABASE test")  # what a replayed binlog leaves behind
            c.close()
            srv.reset()
            cur = srv._admin.cursor()
            cur.execute("SELECT @@GLOBAL.gtid_executed, @@GLOBAL.gtid_mode")
            assert cur.fetchall() == [("", "ON")]
            cur.execute("SHOW DATABASES LIKE 'test'")
            assert cur.fetchall() == []
            # and the replay server runs no event the replayed binlog creates: its runs are in
            # the binlog already (a replica's applier creates them SLAVESIDE_DISABLED)
            cur.execute("SELECT @@GLOBAL.event_scheduler")
            assert cur.fetchall() == [("OFF",)]
        finally:
            srv.close()
    finally:
        h.stop()
